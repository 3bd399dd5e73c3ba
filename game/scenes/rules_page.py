"""The rules page: how to play, scrolled by whole lines (wheel, keys, a finger); for a
kind that offers an example, a way to its Examples page (the button, or the E key)."""

from __future__ import annotations

from typing import Protocol

import pygame

from ..look import theme, ui
from ..look.i18n import N_, _
from .base import Context, Scene
from .menu import Column, MenuScene

HEADINGS = frozenset({N_("Settings")})


class RulesFlow(Protocol):
    """What the rules page asks of the scene graph (game.scenes.flow.Flow)."""

    def examples(self, back: Scene) -> Scene: ...


class RulesScene(MenuScene):
    """How to play. The text scrolls by whole lines: no line is ever cut at an edge."""

    title = N_("Rules")

    def __init__(self, ctx: Context, back: Scene, flow: RulesFlow | None = None) -> None:
        super().__init__(ctx)
        self._back = back
        self._flow = flow
        self.first_line = 0
        """The line shown at the top of the text."""
        self._drag = 0.0

    @property
    def has_examples(self) -> bool:
        """Whether the page leads to an Examples page: its kind offers an example."""
        return self._flow is not None and self.ctx.kind.has_example

    @property
    def pinned_keys(self) -> tuple[str, ...]:
        return ("examples", "back") if self.has_examples else ("back",)

    def entries(self) -> list[tuple[str, str]]:
        examples = [("examples", N_("Examples"))] if self.has_examples else []
        return [*examples, ("back", N_("Back"))]

    def choose(self, key: str) -> Scene | None:
        if key == "examples" and self._flow is not None and self.has_examples:
            return self._flow.examples(self)
        return self.back()

    def key(self, event: pygame.event.Event) -> Scene | None:
        if event.key == pygame.K_e and self.has_examples:
            return self.choose("examples")
        return None

    def back(self) -> Scene | None:
        self._back.invalidate()
        return self._back

    def header_height(self, unit: int, width: int) -> int:
        """All the room between the title and Back."""
        return max(unit, self.header_room(unit))

    def text_px(self, column: Column) -> int:
        """The text size: readable, and at most about 60 characters a line."""
        return max(12, min(column.unit // 2, self.size[0] // 36))

    def lines(self) -> list[str]:
        """The rules in the current language, wrapped to the window."""
        column = self.column()
        px, width = self.text_px(column), self._text_area(column).width
        lines: list[str] = [_(self.ctx.kind.name), ""]
        for paragraph in self.ctx.kind.rules_text:
            text = " ".join(_(sentence) for sentence in paragraph)
            lines += ui.wrap(text, px, width) if text else [""]
        return lines

    def _text_area(self, column: Column) -> pygame.Rect:
        header = column.header
        px = self.text_px(column)
        line_h = int(px * 1.45)
        rows = max(1, header.height // line_h)
        left = max(px, self.size[0] // 16)
        return pygame.Rect(left, header.top, self.size[0] - 2 * left, rows * line_h)

    def visible_lines(self) -> int:
        """How many lines the page shows at once."""
        column = self.column()
        return self._text_area(column).height // int(self.text_px(column) * 1.45)

    def scroll_lines(self, count: int) -> None:
        """Scroll by ``count`` whole lines (negative: back)."""
        last = max(0, len(self.lines()) - self.visible_lines())
        self.first_line = max(0, min(self.first_line + count, last))
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        page = max(1, self.visible_lines() - 1)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_lines(-3 * event.y)
            return None
        if event.type == pygame.FINGERMOTION:
            px = self.text_px(self.column())
            self._drag -= event.dy * self.size[1]
            steps = int(self._drag / int(px * 1.45))
            if steps:
                self._drag -= steps * int(px * 1.45)
                self.scroll_lines(steps)
            return None
        if event.type == pygame.KEYDOWN:
            amount = {
                pygame.K_DOWN: 1,
                pygame.K_UP: -1,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_HOME: -(10**6),
                pygame.K_END: 10**6,
            }.get(event.key)
            if amount is not None:
                self.scroll_lines(amount)
                return None
        return super().handle_event(event)

    def draw_header(self, surface: pygame.Surface, column: Column) -> None:
        area = self._text_area(column)
        px = self.text_px(column)
        line_h = int(px * 1.45)
        lines = self.lines()
        shown = lines[self.first_line : self.first_line + self.visible_lines()]
        headings = {_(heading) for heading in HEADINGS} | {_(self.ctx.kind.name)}
        for index, line in enumerate(shown):
            ui.draw_text(
                surface,
                line,
                px,
                theme.TEXT,
                bold=line in headings,
                topleft=(area.left, area.top + index * line_h),
            )
        if len(lines) > len(shown):  # a scroll bar: where this page is in the whole text
            track = pygame.Rect(area.right + px // 2, area.top, max(4, px // 4), area.height)
            thumb = track.copy()
            thumb.height = max(px, area.height * len(shown) // len(lines))
            last = max(1, len(lines) - len(shown))
            thumb.top = area.top + (area.height - thumb.height) * self.first_line // last
            pygame.draw.rect(surface, self.palette.dark, track, border_radius=track.width // 2)
            pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=track.width // 2)
