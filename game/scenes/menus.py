"""The screens the title links to: deal code entry, settings, rules, statistics."""

from __future__ import annotations

import pygame

from .. import theme, ui
from ..rules import DealCodeError, Game, normalize_code
from .base import Context, Scene
from .title import MenuScene


class _Sub(MenuScene):
    """A screen with a Back button that returns to where it was opened from."""

    def __init__(self, ctx: Context, back: Scene) -> None:
        super().__init__(ctx)
        self._back = back

    def back(self) -> Scene | None:
        return self._back


class SettingsScene(_Sub):
    """Switches for the settings (saved by the settings issue)."""

    title = "Settings"
    _NAMES = (
        ("move_errors", "Move errors"),
        ("placement_aid", "Placement aid"),
        ("pile_labels", "Pile labels"),
        ("four_colour", "Four-colour deck"),
    )

    def entries(self) -> list[tuple[str, str]]:
        settings = self.ctx.settings
        items = [
            (key, f"{label}: {'on' if getattr(settings, key) else 'off'}")
            for key, label in self._NAMES
        ]
        return [*items, ("back", "Back")]

    def choose(self, key: str) -> Scene | None:
        if key == "back":
            return self._back
        setattr(self.ctx.settings, key, not getattr(self.ctx.settings, key))
        self.ctx.art.clear()
        return None


class StatisticsScene(_Sub):
    """This session's games (the statistics issue keeps them across sessions)."""

    title = "Statistics"

    def entries(self) -> list[tuple[str, str]]:
        return [("back", "Back")]

    def choose(self, key: str) -> Scene | None:
        return self._back

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        super().draw(surface, alpha)
        stats = self.ctx.stats
        rects, unit = self.layout()
        lines = [
            f"Games played: {stats['played']}",
            f"Games won: {stats['won']}",
            f"Stalemates: {stats['stalemates']}",
        ]
        y = rects[0].top - unit * (len(lines) + 1) // 1
        for line in lines:
            ui.draw_text(surface, line, unit // 2, theme.TEXT, center=(self.size[0] // 2, y))
            y += unit * 3 // 4
        return None

    def layout(self) -> tuple[list[pygame.Rect], int]:
        rects, unit = ui.button_column(self.size, 1)
        return [r.move(0, unit * 2) for r in rects], unit


RULES_TEXT = """\
Half Moon is played with two decks: 104 cards.
96 cards lie in 12 piles of 8 along an arc; the other 8 form the reserve.
You can play the top card of each pile and every reserve card.

Remove two number cards that add up to 11 (the Ace counts 1):
Ace and 10, 2 and 9, 3 and 8, 4 and 7, 5 and 6. Suits do not matter.
Remove a Jack, a Queen and a King together. Face cards never pair.

Tap a card to select it, then tap its partner. A triple takes three taps.
Tap a selected card again to put it down.

A pair scores 10 points, a triple 15. A won game is 48 moves and 520 points.
When no pair and no triple is left, undo or start again.

Settings: Move errors says why a tap did nothing;
Placement aid dims the cards that cannot go with your selection.
Keys: arrows and Space to play, Ctrl+Z or Backspace to undo,
N for a new game, F11 for fullscreen, Esc for the menu."""


class RulesScene(_Sub):
    """How to play, scrollable."""

    title = "Rules"

    def __init__(self, ctx: Context, back: Scene) -> None:
        super().__init__(ctx, back)
        self.scroll = 0

    def entries(self) -> list[tuple[str, str]]:
        return [("back", "Back")]

    def choose(self, key: str) -> Scene | None:
        return self._back

    def layout(self) -> tuple[list[pygame.Rect], int]:
        rects, unit = ui.button_column(self.size, 1)
        rects[0].bottom = self.size[1] - unit // 3
        return rects, unit

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 40)
            self.dirty = True
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP):
            self.scroll = max(0, self.scroll + (40 if event.key == pygame.K_DOWN else -40))
            self.dirty = True
            return None
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        surface.fill(theme.FELT)
        rects, unit = self.layout()
        width = self.size[0]
        px = max(14, min(unit // 2, width // 40))
        area = pygame.Rect(width // 16, unit // 2, width - width // 8, rects[0].top - unit)
        lines = RULES_TEXT.splitlines()
        line_h = int(px * 1.45)
        self.scroll = min(self.scroll, max(0, len(lines) * line_h - area.height))
        clip = surface.get_clip()
        surface.set_clip(area)
        y = area.top - self.scroll
        for line in lines:
            size = ui.fit_px(line, px, area.width) if line else px
            ui.draw_text(surface, line, size, theme.TEXT, topleft=(area.left, y))
            y += line_h
        surface.set_clip(clip)
        ui.draw_button(surface, rects[0], "Back")
        return None


class CodeEntryScene(_Sub):
    """Type a deal code and play it."""

    title = "Enter a deal code"

    def __init__(self, ctx: Context, back: Scene) -> None:
        super().__init__(ctx, back)
        self.text = ""
        self.error = ""

    def enter(self, size: tuple[int, int]) -> None:
        super().enter(size)
        pygame.key.start_text_input()

    def entries(self) -> list[tuple[str, str]]:
        return [("play", "Play this deal"), ("back", "Back")]

    def layout(self) -> tuple[list[pygame.Rect], int]:
        rects, unit = ui.button_column(self.size, 2)
        return [r.move(0, unit * 2) for r in rects], unit

    def choose(self, key: str) -> Scene | None:
        if key == "back":
            return self._back
        try:
            code = normalize_code(self.text)
        except DealCodeError:
            self.error = "A code looks like HM1-N-AAAAAAB: HM1-N- and 7 letters A-Z."
            return None
        from .play import PlayScene

        return PlayScene(self.ctx, Game.from_code(code))

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        if event.type == pygame.TEXTINPUT:
            allowed = "".join(ch for ch in event.text.upper() if ch.isalnum() or ch == "-")
            self.text = (self.text + allowed)[:20]
            self.error = ""
            self.dirty = True
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.dirty = True
                return None
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.dirty = True
                return self.choose("play")
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        super().draw(surface, alpha)
        rects, unit = self.layout()
        field = pygame.Rect(0, 0, rects[0].width, unit)
        field.midbottom = (self.size[0] // 2, rects[0].top - unit)
        pygame.draw.rect(surface, theme.PANEL, field, border_radius=unit // 5)
        shown = self.text or "HM1-N-"
        colour = theme.PANEL_TEXT if self.text else (150, 150, 150)
        px = ui.fit_px(shown, unit // 2, field.width - 20, bold=True)
        ui.draw_text(surface, shown, px, colour, bold=True, center=field.center)
        if self.error:
            px = ui.fit_px(self.error, unit * 2 // 5, self.size[0] - 40)
            ui.draw_text(
                surface,
                self.error,
                px,
                theme.ACCENT,
                center=(self.size[0] // 2, field.bottom + unit // 2),
            )
        return None
