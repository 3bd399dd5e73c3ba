"""The rules page: how to play, scrolled by whole lines (wheel, keys, a finger)."""

from __future__ import annotations

import pygame

from .. import theme, ui
from ..i18n import N_, _
from .base import Context, Scene
from .menu import Column, MenuScene

RULES: tuple[tuple[str, ...], ...] = (
    (
        N_("Half Moon is played with two decks: 104 cards."),
        N_("96 cards lie in 12 piles of 8 along an arc; the other 8 form the reserve."),
        N_("You can play the top card of each pile and every reserve card."),
    ),
    (),
    (
        N_("Remove two number cards that add up to 11 (the Ace counts 1):"),
        N_("Ace and 10, 2 and 9, 3 and 8, 4 and 7, 5 and 6. Suits do not matter."),
        N_("Remove a Jack, a Queen and a King together. Face cards never pair."),
        N_("Emptied piles and reserve slots stay empty."),
    ),
    (),
    (
        N_("Tap a card to select it, then tap its partner. A triple takes three taps."),
        N_("Tap a selected card again to put it down."),
    ),
    (),
    (
        N_("A pair scores 10 points, a triple 15. A won game is 48 moves and 520 points."),
        N_("When no pair and no triple is left, undo or start again."),
    ),
    (),
    (N_("Settings"),),
    (N_("Move errors: says why a tap removed nothing."),),
    (N_("Placement aid: dims the cards that cannot go with your selection."),),
    (N_("Pile labels: shows each pile's number and how many cards it holds."),),
    (N_("Four-colour deck: clubs green, diamonds blue."),),
    (),
    (
        N_("Keys: arrows and Space to play, Ctrl+Z or Backspace to undo, Ctrl+Y to redo,"),
        N_("Ctrl+C to copy the deal code, N for a new game, F11 for fullscreen, Esc for the menu."),
    ),
    (),
    (N_("Every deal has a code such as HM1-N-AAAAAAB: enter it to play the same deal again."),),
)
"""The rules screen, paragraph by paragraph: each paragraph's sentences flow together and
are wrapped as one; an empty paragraph is a blank line, a one-word one a heading."""
CRESCENT_RULES: tuple[tuple[str, ...], ...] = (
    (
        N_(
            "Crescent is played with two decks. One King and one Ace of each suit start the "
            "foundations: the Kings above, the Aces below."
        ),
        N_(
            "The other 96 cards lie in 16 piles of 6 along an arc. In Crescent and Crescent "
            "Four the bottom five cards of each pile lie face down; in Open Crescent every card "
            "is face up."
        ),
    ),
    (),
    (
        N_(
            "Build each Ace foundation up in its suit to the King, and each King foundation "
            "down in its suit to the Ace."
        ),
        N_(
            "Only the top card of a pile moves, one card at a time: to a foundation, or onto "
            "another pile's top card of the same suit, one rank higher or lower. A King goes "
            "on an Ace and an Ace on a King; up and down may alternate."
        ),
        N_(
            "An empty pile is never filled. A face-down card is turned up as soon as it is a "
            "pile's top card."
        ),
    ),
    (),
    (
        N_(
            "While the two foundations of a suit hold one unbroken run from Ace to King "
            "between them, the top card of one may go onto the other (never a base card). No "
            "card leaves the foundations for a pile."
        ),
    ),
    (),
    (
        N_(
            "Redeal: every pile's bottom card goes to its top. You may redeal at any time, 3 "
            "times a game (4 in Crescent Four)."
        ),
    ),
    (),
    (
        N_(
            "Every move counts, a redeal too. Each card played home scores 5 points: a won "
            "game scores 480. When no card can move and no redeal is left, undo or start "
            "again."
        ),
    ),
    (),
    (N_("Settings"),),
    (N_("One-tap moves: a card with one place to go moves on a single tap."),),
    (N_("Cards home by themselves: cards that no pile can still need go home."),),
    (),
    (
        N_(
            "Drag a card, or tap it and then its place; a double tap sends a card home. Keys: "
            "arrows to move, Space to pick up and put down, R to redeal, Ctrl+Z to undo, "
            "Ctrl+Y to redo."
        ),
    ),
    (),
    (
        N_(
            "Deal codes HM1-C-... are Crescent, HM1-F-... Crescent Four, HM1-O-... Open "
            "Crescent: enter one to play the same deal again."
        ),
    ),
)
"""Crescent's rules page (SPEC 5), as :data:`RULES` is Half Moon's."""
HEADINGS = frozenset({N_("Settings")})


class RulesScene(MenuScene):
    """How to play. The text scrolls by whole lines: no line is ever cut at an edge."""

    title = N_("Rules")
    pinned_keys = ("back",)

    def __init__(self, ctx: Context, back: Scene) -> None:
        super().__init__(ctx)
        self._back = back
        self.first_line = 0
        """The line shown at the top of the text."""
        self._drag = 0.0

    def entries(self) -> list[tuple[str, str]]:
        return [("back", N_("Back"))]

    def choose(self, key: str) -> Scene | None:
        return self.back()

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
        rules = RULES if self.ctx.kind.variant is None else CRESCENT_RULES
        for paragraph in rules:
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
            pygame.draw.rect(surface, theme.FELT_DARK, track, border_radius=track.width // 2)
            pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=track.width // 2)
