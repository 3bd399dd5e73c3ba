"""The title screen: Continue, New game, Enter a deal code, Settings, Rules, Statistics, Quit."""

from __future__ import annotations

import math

import pygame

from .. import theme, ui
from ..i18n import N_, _
from ..rules import Game
from .base import ButtonScene, Context, Quit, Scene


class MenuScene(ButtonScene):
    """A screen with a title and a centred column of large buttons."""

    title = ""

    def entries(self) -> list[tuple[str, str]]:
        """(key, untranslated label) of each button, top to bottom."""
        return []

    def label(self, key: str, label: str) -> str:
        """A button's text in the current language."""
        return _(label)

    def layout(self) -> tuple[list[pygame.Rect], int]:
        return ui.button_column(self.size, len(self.entries()))

    def button_rects(self) -> dict[str, pygame.Rect]:
        rects, _ = self.layout()
        return {key: rect for (key, _label), rect in zip(self.entries(), rects, strict=True)}

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        self.draw_background(surface)
        rects, unit = self.layout()
        if self.title:
            title = _(self.title)
            px = ui.fit_px(title, int(unit * 0.9), self.size[0] - 40, bold=True)
            ui.draw_text(
                surface,
                title,
                px,
                theme.TEXT,
                bold=True,
                center=(self.size[0] // 2, rects[0].top - unit),
            )
        for (key, label), rect in zip(self.entries(), rects, strict=True):
            ui.draw_button(
                surface,
                rect,
                self.label(key, label),
                primary=key in ("continue", "new") and (key == "continue" or self.ctx.game is None),
            )
        return None


class TitleScene(MenuScene):
    """The first screen, and the menu during a game."""

    title = N_("Half Moon")

    def __init__(self, ctx: Context, resume: Scene | None = None) -> None:
        super().__init__(ctx)
        self.resume = resume

    def entries(self) -> list[tuple[str, str]]:
        items = []
        if self.ctx.game is not None:
            items.append(("continue", N_("Continue")))
        items += [
            ("new", N_("New game")),
            ("code", N_("Enter a deal code")),
            ("settings", N_("Settings")),
            ("rules", N_("Rules")),
            ("stats", N_("Statistics")),
            ("quit", N_("Quit")),
        ]
        return items

    def layout(self) -> tuple[list[pygame.Rect], int]:
        rects, unit = ui.button_column(self.size, len(self.entries()))
        shift = unit
        return [r.move(0, shift) for r in rects], unit

    def choose(self, key: str) -> Scene | None:
        from .menus import CodeEntryScene, RulesScene, SettingsScene, StatisticsScene
        from .play import PlayScene

        if key == "continue":
            if self.resume is not None:
                return self.resume
            assert self.ctx.game is not None
            return PlayScene(self.ctx, self.ctx.game, self.ctx.elapsed)
        if key == "new":
            return PlayScene(self.ctx, Game.random())
        if key == "code":
            return CodeEntryScene(self.ctx, back=self)
        if key == "settings":
            return SettingsScene(self.ctx, back=self)
        if key == "rules":
            return RulesScene(self.ctx, back=self)
        if key == "stats":
            return StatisticsScene(self.ctx, back=self)
        if key == "quit":
            return Quit(self.ctx)
        return None

    def back(self) -> Scene | None:
        return self.resume

    def default(self) -> str | None:
        return self.entries()[0][0]

    def key(self, event: pygame.event.Event) -> Scene | None:
        if event.key == pygame.K_n:
            return self.choose("new")
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT_DARK)
        width, height = self.size
        rects, unit = self.layout()
        # A crescent over the title: a lit disc with a felt-coloured disc over it.
        radius = max(12, int(unit * 0.9))
        centre = (width // 2, rects[0].top - int(unit * 2.9))
        if centre[1] - radius > 0:
            pygame.draw.circle(surface, theme.ACCENT, centre, radius)
            offset = (centre[0] + int(radius * 0.45), centre[1] - int(radius * 0.25))
            pygame.draw.circle(surface, theme.FELT_DARK, offset, int(radius * 0.88))
        for k in range(5):
            angle = math.pi * (0.15 + 0.175 * k)
            x = width // 2 + int(math.cos(angle) * width * 0.42)
            y = int(height * 0.95 - math.sin(angle) * height * 0.8)
            pygame.draw.circle(surface, theme.FELT, (x, y), max(2, unit // 10))
