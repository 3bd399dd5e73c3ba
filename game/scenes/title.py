"""The title screen: Continue, New game, Enter a deal code, Settings, Rules, Statistics, Quit."""

from __future__ import annotations

import math

import pygame

from .. import theme, ui
from ..i18n import N_, _
from ..rules import Card, Game
from .base import ButtonScene, Context, Quit, Scene, pointer_position


def _attract_cards() -> tuple[Card, ...]:
    return tuple(
        Card.parse(name)
        for name in ("5H", "6S", "JD", "QC", "KH", "AS", "10D", "3C", "8H", "4S", "7D", "9C")
    )


_ATTRACT_CARDS = _attract_cards()


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
        self.time = 0.0

    def entries(self) -> list[tuple[str, str]]:
        items = []
        if self.ctx.game is not None:
            items.append(("continue", N_("Continue")))
        kiosk = self.ctx.kiosk
        items += [("new", N_("New game")), ("code", N_("Enter a deal code"))]
        if kiosk is None or kiosk.allow_settings:
            items.append(("settings", N_("Settings")))
        items.append(("rules", N_("Rules")))
        if kiosk is None or kiosk.allow_statistics:
            items.append(("stats", N_("Statistics")))
        if kiosk is None:
            items.append(("quit", N_("Quit")))  # a passer-by never sees a way out
        return items

    @property  # type: ignore[override]
    def animating(self) -> bool:
        """In a kiosk waiting for a player, the attract animation runs."""
        return self.attract

    @property
    def attract(self) -> bool:
        """Whether this title is a kiosk's attract screen."""
        return self.ctx.kiosk is not None and self.ctx.game is None

    def update(self, dt: float) -> Scene | None:
        super().update(dt)
        self.time += dt
        return None

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        nxt = super().handle_event(event)
        if nxt is None and self.attract and pointer_position(event, self.size) is not None:
            return self.choose("new")  # a touch anywhere starts a game
        return nxt

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
        width = self.size[0]
        rects, unit = self.layout()
        if self.attract:
            self._draw_attract(surface, rects, unit)
            return
        # A crescent over the title: a lit disc with a felt-coloured disc over it.
        radius = max(12, int(unit * 0.9))
        centre = (width // 2, rects[0].top - int(unit * 2.9))
        if centre[1] - radius > 0:
            pygame.draw.circle(surface, theme.ACCENT, centre, radius)
            offset = (centre[0] + int(radius * 0.45), centre[1] - int(radius * 0.25))
            pygame.draw.circle(surface, theme.FELT_DARK, offset, int(radius * 0.88))

    def _draw_attract(self, surface: pygame.Surface, rects: list[pygame.Rect], unit: int) -> None:
        """Cards drifting along a half-moon arc behind the menu, and an invitation."""
        width, height = self.size
        card_w = max(40, min(width // 10, height // 7))
        size = (card_w, round(card_w * 1.4))
        cards = _ATTRACT_CARDS
        for index, card in enumerate(cards):
            phase = (index / len(cards) + self.time / 40.0) % 1.0
            angle = math.pi * (1.1 - 1.2 * phase)
            x = width / 2 + math.cos(angle) * (width / 2 - card_w)
            y = height * 0.62 - math.sin(angle) * (height * 0.5 - size[1] / 2)
            image = self.ctx.art.face(card, size)
            rect = image.get_rect(center=(int(x), int(y)))
            surface.blit(image, rect)
        column = rects[0].unionall(rects).inflate(unit, unit)
        veil = pygame.Surface(column.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*theme.FELT_DARK, 200), veil.get_rect(), border_radius=unit // 3)
        surface.blit(veil, column)
        pulse = 0.6 + 0.4 * math.sin(self.time * 3.0)
        colour = tuple(int(c * pulse + 40 * (1 - pulse)) for c in theme.ACCENT)
        invite = _("Touch anywhere to play")
        px = ui.fit_px(invite, unit // 2, width - 40, bold=True)
        ui.draw_text(
            surface,
            invite,
            px,
            colour,
            bold=True,
            center=(width // 2, min(height - px, rects[-1].bottom + unit)),
        )
