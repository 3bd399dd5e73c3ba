"""The win and stalemate scenes: a panel drawn over the finished table."""

from __future__ import annotations

import pygame

from .. import theme, ui
from ..fonts import font
from ..i18n import N_, _, ngettext
from .base import ButtonScene, Context, Scene
from .play import PlayScene


class _EndScene(ButtonScene):
    """A panel over the table with a title, some lines and a row of buttons."""

    title = ""
    actions: tuple[tuple[str, str], ...] = ()
    """(key, untranslated label) of each button, the default first."""

    def __init__(self, ctx: Context, play: PlayScene) -> None:
        super().__init__(ctx)
        self.play = play

    def enter(self, size: tuple[int, int]) -> None:
        super().enter(size)
        self.play.enter(size)

    def lines(self) -> list[str]:
        return []

    def _box(self) -> pygame.Rect:
        width, height = self.size
        box = pygame.Rect(
            0,
            0,
            min(width - 24, max(560, int(width * 0.42))),
            min(height - 24, max(300, int(height * 0.5))),
        )
        if self._stacked(box):
            # Buttons one above the other: make room for them under the text.
            unit = self._unit(box)
            box.height = min(
                height - 24,
                max(
                    box.height,
                    box.height // 2
                    + len(self.actions) * (unit + box.width // 30)
                    + box.width // 30,
                ),
            )
        box.center = (width // 2, height // 2)
        return box

    def _unit(self, box: pygame.Rect) -> int:
        return max(36, min(box.height // 6, 80))

    def _stacked(self, box: pygame.Rect) -> bool:
        """Whether the labels are too long for one row (so the buttons stand in a column)."""
        count = len(self.actions)
        gap = box.width // 30
        width = (box.width - gap * (count + 1)) // count
        unit = self._unit(box)
        px = int(unit * 0.42)
        smallest = font(max(8, int(px * 0.8)), True)
        return any(smallest.size(_(label))[0] > width - unit // 2 for _key, label in self.actions)

    def buttons(self) -> dict[str, pygame.Rect]:
        """Each button's rectangle: in a row along the bottom, or in a column if needed."""
        box = self._box()
        count = len(self.actions)
        gap = box.width // 30
        unit = self._unit(box)
        if self._stacked(box):
            width = box.width * 3 // 4
            top = box.bottom - count * (unit + gap)
            return {
                key: pygame.Rect(box.centerx - width // 2, top + i * (unit + gap), width, unit)
                for i, (key, _label) in enumerate(self.actions)
            }
        width = (box.width - gap * (count + 1)) // count
        y = box.bottom - unit - gap
        return {
            key: pygame.Rect(box.left + gap + i * (width + gap), y, width, unit)
            for i, (key, _label) in enumerate(self.actions)
        }

    def button_rects(self) -> dict[str, pygame.Rect]:
        return self.buttons()

    def default(self) -> str | None:
        return self.actions[0][0]

    def back(self) -> Scene | None:
        return self.play.menu()

    def key(self, event: pygame.event.Event) -> Scene | None:
        return self.choose("new") if event.key == pygame.K_n else None

    def choose(self, key: str) -> Scene | None:
        if key == "new":
            return self.play.new_game()
        if key == "replay":
            return self.play.replay()
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        self.play.dirty = True
        self.play.draw(surface, alpha)
        ui.shade(surface)
        box = self._box()
        ui.panel(surface, box)
        title = _(self.title)
        title_px = ui.fit_px(title, box.height // 6, box.width - 40, bold=True)
        y = box.top + box.height // 7
        ui.draw_text(surface, title, title_px, theme.PANEL_TEXT, bold=True, center=(box.centerx, y))
        line_px = max(14, box.height // 14)
        y += title_px - line_px // 2
        for line in self.lines():
            y = ui.draw_paragraph(
                surface, line, line_px, theme.PANEL_TEXT, box.centerx, y, box.width - 40
            )
            y += line_px // 3
        for index, (key, label) in enumerate(self.actions):
            ui.draw_button(surface, self.buttons()[key], _(label), primary=index == 0)
        return None


class WinScene(_EndScene):
    """All 104 cards removed."""

    title = N_("You won!")
    actions = (("new", N_("New game")), ("replay", N_("Play this deal again")))

    def lines(self) -> list[str]:
        game = self.play.game
        return [
            _("Score {score}").format(score=game.score)
            + "    "
            + _("Moves {moves}").format(moves=game.moves),
            _("Time {time}").format(time=ui.format_time(self.play.elapsed)),
            _("Deal {code}").format(code=game.code) if game.code else "",
        ]


class StalemateScene(_EndScene):
    """No pair and no triple is left."""

    title = N_("No moves left")
    actions = (
        ("undo", N_("Undo")),
        ("replay", N_("Play this deal again")),
        ("new", N_("New game")),
    )

    def lines(self) -> list[str]:
        game = self.play.game
        left = game.table.card_count()
        return [
            _("No pair adds up to 11 and no Jack, Queen and King are free."),
            _("Score {score}").format(score=game.score)
            + "    "
            + ngettext("{count} card is left", "{count} cards are left", left).format(count=left),
        ]

    def key(self, event: pygame.event.Event) -> Scene | None:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if (event.key == pygame.K_z and ctrl) or event.key == pygame.K_BACKSPACE:
            return self.choose("undo")
        return super().key(event)

    def choose(self, key: str) -> Scene | None:
        if key == "undo":
            self.play.undo()
            self.ctx.game = self.play.game
            return self.play
        return super().choose(key)
