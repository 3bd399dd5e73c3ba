"""The win and stalemate scenes: a panel drawn over the finished table."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .. import theme, ui
from ..fonts import font
from ..i18n import N_, _, ngettext
from .base import ButtonScene, Context, Scene
from .play import PlayScene


@dataclass(frozen=True)
class _Panel:
    """The geometry of an end-of-game panel."""

    box: pygame.Rect
    text: pygame.Rect
    title: str
    title_px: int
    lines: list[str]
    line_px: int
    buttons: dict[str, pygame.Rect]


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

    def panel(self) -> _Panel:
        """Where the panel, its text and its buttons go for the current window and language."""
        width, height = self.size
        box_w = min(width - 24, max(560, int(width * 0.42)))
        unit = max(36, min(round(height * 0.08), 80))
        gap = max(8, unit // 4)
        text_w = box_w - 2 * gap
        title = _(self.title)
        title_px = ui.fit_px(title, round(unit * 1.1), text_w, bold=True)
        line_px = max(14, round(unit * 0.42))
        lines = [part for line in self.lines() for part in ui.wrap(line, line_px, text_w)]
        text_h = round(title_px * 1.4) + round(line_px * 1.3) * len(lines)
        count = len(self.actions)
        button_w = (box_w - gap * (count + 1)) // count
        smallest = font(max(8, int(unit * 0.42 * 0.8)), True)
        stacked = any(
            smallest.size(_(label))[0] > button_w - unit // 2 for _k, label in self.actions
        )
        buttons_h = count * unit + (count - 1) * gap if stacked else unit
        box = pygame.Rect(0, 0, box_w, min(height - 24, gap * 3 + text_h + buttons_h + gap))
        box.center = (width // 2, height // 2)
        text = pygame.Rect(box.left + gap, box.top + gap, text_w, text_h)
        buttons = {}
        for index, (key, _label) in enumerate(self.actions):
            if stacked:
                rect = pygame.Rect(0, 0, box_w * 3 // 4, unit)
                rect.midbottom = (
                    box.centerx,
                    box.bottom - gap - (count - 1 - index) * (unit + gap),
                )
            else:
                rect = pygame.Rect(
                    box.left + gap + index * (button_w + gap),
                    box.bottom - gap - unit,
                    button_w,
                    unit,
                )
            buttons[key] = rect
        return _Panel(box, text, title, title_px, lines, line_px, buttons)

    def buttons(self) -> dict[str, pygame.Rect]:
        """Each button's rectangle."""
        return self.panel().buttons

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
        self.play.invalidate()
        self.play.draw(surface, alpha)
        ui.shade(surface)
        panel = self.panel()
        ui.panel(surface, panel.box)
        centre = panel.box.centerx
        y = panel.text.top
        ui.draw_text(
            surface, panel.title, panel.title_px, theme.PANEL_TEXT, bold=True, midtop=(centre, y)
        )
        y += round(panel.title_px * 1.4)
        for line in panel.lines:
            ui.draw_text(surface, line, panel.line_px, theme.PANEL_TEXT, midtop=(centre, y))
            y += round(panel.line_px * 1.3)
        for index, (key, label) in enumerate(self.actions):
            ui.draw_button(surface, panel.buttons[key], _(label), primary=index == 0)
        return None


class WinScene(_EndScene):
    """All 104 cards removed."""

    title = N_("You won!")
    actions = (("new", N_("New game")), ("replay", N_("Play this deal again")))

    def lines(self) -> list[str]:
        game = self.play.game
        return [
            _("Score {score}").format(score=game.score)
            + " \u00b7 "
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
            + " \u00b7 "
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
