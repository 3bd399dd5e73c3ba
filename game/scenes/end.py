"""The win and stalemate scenes: a panel drawn over the finished table."""

from __future__ import annotations

import pygame

from .. import theme, ui
from .base import ButtonScene, Context, Scene
from .play import PlayScene


class _EndScene(ButtonScene):
    """A panel over the table with a title, some lines and a row of buttons."""

    title = ""
    actions: tuple[tuple[str, str], ...] = ()

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
            min(width - 24, max(360, int(width * 0.42))),
            min(height - 24, max(260, int(height * 0.5))),
        )
        box.center = (width // 2, height // 2)
        return box

    def buttons(self) -> dict[str, pygame.Rect]:
        box = self._box()
        count = len(self.actions)
        gap = box.width // 30
        unit = max(36, box.height // 6)
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
        title_px = ui.fit_px(self.title, box.height // 6, box.width - 40, bold=True)
        y = box.top + box.height // 7
        ui.draw_text(
            surface, self.title, title_px, theme.PANEL_TEXT, bold=True, center=(box.centerx, y)
        )
        line_px = max(14, box.height // 14)
        y += title_px
        for line in self.lines():
            px = ui.fit_px(line, line_px, box.width - 40)
            ui.draw_text(surface, line, px, theme.PANEL_TEXT, center=(box.centerx, y))
            y += int(line_px * 1.5)
        for index, (key, label) in enumerate(self.actions):
            ui.draw_button(surface, self.buttons()[key], label, primary=index == 0)
        return None


class WinScene(_EndScene):
    """All 104 cards removed."""

    title = "You won!"
    actions = (("new", "New game"), ("replay", "Play this deal again"))

    def lines(self) -> list[str]:
        game = self.play.game
        return [
            f"Score {game.score}    Moves {game.moves}",
            f"Time {ui.format_time(self.play.elapsed)}",
            f"Deal {game.code}" if game.code else "",
        ]


class StalemateScene(_EndScene):
    """No pair and no triple is left."""

    title = "No moves left"
    actions = (("undo", "Undo"), ("replay", "Play this deal again"), ("new", "New game"))

    def lines(self) -> list[str]:
        game = self.play.game
        return [
            "No pair adds up to 11 and no Jack, Queen and King are free.",
            f"Score {game.score}    Moves {game.moves}    Cards left {game.table.card_count()}",
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
