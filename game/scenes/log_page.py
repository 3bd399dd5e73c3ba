"""The game log page: a kind's last games, newest first, one row each (two lines in a
narrow window); choosing a game offers its deal again.

The rows scroll by whole rows (wheel, a finger, arrows, Page Up/Down, Home/End); the
arrows also move a focus ring, Enter or a tap chooses the game under it. Replaying goes
through the flow's one start policy (:meth:`game.scenes.flow.Flow.start`), which asks
before a game under way is given up.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Protocol

import pygame

from ..games.catalog import GameKind
from ..look import theme, ui
from ..look.fonts import font
from ..look.i18n import N_, _, format_date, language
from ..records.game_log import ABANDONED, LOST, WON, LogEntry, reads
from ..rules import PlayedGame
from .base import Context, Pointer, Scene
from .deal_names import logged_deal_name
from .dialogs import ConfirmScene
from .menu import Column, MenuScene

RESULT_NAMES = {WON: N_("won"), LOST: N_("lost"), ABANDONED: N_("abandoned")}
HEADINGS = (N_("Date"), N_("Deal"), N_("Result"), N_("Score"), N_("Moves"), N_("Time"))
"""The columns of a wide window's table."""
DASH = "\u2014"


class LogFlow(Protocol):
    """What the log page asks of the flow (game.scenes.flow.Flow)."""

    def start(self, under: Scene, kind: GameKind, make: Callable[[], PlayedGame]) -> Scene: ...


def cells(entry: LogEntry) -> tuple[str, str, str, str, str, str]:
    """An entry's texts in the current language: date and time, deal code (and "Deal of
    the day" for that day's), result, score, moves, time played."""
    named = logged_deal_name(entry.code, entry.date, language())
    return (
        f"{format_date(entry.date)} {entry.clock}",
        f"{entry.code} \u00b7 {named}" if named else entry.code or DASH,
        _(RESULT_NAMES[entry.result]),
        str(entry.score),
        str(entry.moves),
        ui.format_time(entry.seconds),
    )


class LogScene(MenuScene):
    """The last games of ``kind`` (the statistics screen's game), newest first."""

    title = N_("Game log")
    pinned_keys = ("back",)

    def __init__(self, ctx: Context, back: Scene, flow: LogFlow, kind: GameKind) -> None:
        super().__init__(ctx)
        self._back = back
        self.flow = flow
        self.kind = kind
        self.first = 0
        """The entry shown at the top of the list."""
        self.selected: int | None = None
        """The entry the keyboard is on (None until an arrow key is used)."""
        self._drag = 0.0
        self._touched: int | None = None
        self._moved = False
        self._hover_row: int | None = None
        """The entry under the mouse (lit)."""

    def entries(self) -> list[tuple[str, str]]:
        return [("back", N_("Back"))]

    def choose(self, key: str) -> Scene | None:
        return self.back()

    def back(self) -> Scene | None:
        self._back.invalidate()
        return self._back

    def games(self) -> list[LogEntry]:
        """The entries, newest first."""
        return self.ctx.log_of(self.kind).newest_first()

    # ------------------------------------------------------------- geometry
    def header_height(self, unit: int, width: int) -> int:
        """All the room between the title and Back."""
        return max(unit, self.header_room(unit))

    def text_px(self, column: Column) -> int:
        """The text size: readable, and not huge on a large screen."""
        width, height = self.size
        across = width // 36 if height > width else width // 48  # a tall window: larger
        return max(12, min(column.unit * 11 // 20, across, height // 27))

    def two_lines(self, column: Column) -> bool:
        """Whether each entry takes two lines (a window too narrow for the table)."""
        widths = _widths(self.text_px(column), language(), tuple(self.games()))
        area = self._area(column)
        return sum(widths) + _gap(self.text_px(column)) * (len(widths) - 1) > area.width

    def row_height(self, column: Column) -> int:
        """One entry's height."""
        line = int(self.text_px(column) * 1.4)
        return line * 2 + line // 3 if self.two_lines(column) else line + line // 3

    def _area(self, column: Column) -> pygame.Rect:
        """Where the kind's name, the table's headings and the rows go."""
        px = self.text_px(column)
        left = max(px, self.size[0] // 24)
        header = column.header
        return pygame.Rect(left, header.top, self.size[0] - 2 * left - px, header.height)

    def _rows_top(self, column: Column) -> int:
        """Where the first row is drawn (under the name, and the headings if any)."""
        line = int(self.text_px(column) * 1.4)
        lines = 1 if self.two_lines(column) else 2
        return self._area(column).top + lines * line + line // 3

    def visible_rows(self) -> int:
        """How many entries show at once."""
        column = self.column()
        room = self._area(column).bottom - self._rows_top(column)
        return max(1, room // self.row_height(column))

    def row_rects(self) -> dict[int, pygame.Rect]:
        """Each visible entry's rectangle, by its index in :meth:`games`."""
        column = self.column()
        area, height = self._area(column), self.row_height(column)
        top = self._rows_top(column)
        shown = range(self.first, min(len(self.games()), self.first + self.visible_rows()))
        return {
            index: pygame.Rect(area.left, top + (index - self.first) * height, area.width, height)
            for index in shown
        }

    # --------------------------------------------------------------- input
    def scroll_rows(self, count: int) -> None:
        """Scroll by ``count`` whole rows (negative: back)."""
        last = max(0, len(self.games()) - self.visible_rows())
        self.first = max(0, min(self.first + count, last))
        self.dirty = True

    def open(self, index: int) -> Scene | None:
        """The entry ``index``: its details, with Play this deal again (for a game
        with a deal code its kind reads)."""
        entry = self.games()[index]
        if not reads(entry.code, self.kind.letter):  # none (a position), or not a deal
            return None
        kind = self.kind
        code = entry.code
        start = lambda: self.flow.start(self, kind, lambda: kind.from_code(code))  # noqa: E731
        return EntryScene(self.ctx, self, entry, start)

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        count = len(self.games())
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_rows(-event.y)
            return None
        if event.type == pygame.FINGERMOTION:
            height = self.row_height(self.column())
            self._drag -= event.dy * self.size[1]
            if abs(self._drag) >= height // 3:
                self._moved = True
            steps = int(self._drag / height)
            if steps:
                self._drag -= steps * height
                self.scroll_rows(steps)
            return None
        if event.type == pygame.KEYDOWN and count:
            page = max(1, self.visible_rows() - 1)
            step = {
                pygame.K_DOWN: 1,
                pygame.K_UP: -1,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
                pygame.K_HOME: -count,
                pygame.K_END: count,
            }.get(event.key)
            if step is not None:
                here = self.selected if self.selected is not None else self.first - (step > 0)
                self.selected = max(0, min(count - 1, here + step))
                self._reveal(self.selected)
                return None
            chosen = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            if chosen and self.selected is not None:
                return self.open(self.selected)
        return super().handle_event(event)

    def _reveal(self, index: int) -> None:
        """Scroll so that entry ``index`` is visible."""
        rows = self.visible_rows()
        if index < self.first:
            self.first = index
        elif index >= self.first + rows:
            self.first = index - rows + 1
        self.dirty = True

    def pointer(self, touch: Pointer) -> Scene | None:
        row = next((i for i, r in self.row_rects().items() if r.collidepoint(touch.pos)), None)
        if touch.kind == "down":
            self._touched, self._moved, self._drag = row, False, 0.0
        elif touch.kind == "move" and not touch.finger and row != self._hover_row:
            self._hover_row, self.dirty = row, True
        elif touch.kind == "up":
            touched, self._touched = self._touched, None
            if row is not None and row == touched and not self._moved:
                self.selected = row
                self.dirty = True
                return self.open(row)
        return super().pointer(touch)

    # ---------------------------------------------------------------- draw
    def draw_header(self, surface: pygame.Surface, column: Column) -> None:
        area = self._area(column)
        px = self.text_px(column)
        line = int(px * 1.4)
        name = _(self.kind.name)
        ui.draw_text(
            surface,
            name,
            ui.fit_px(name, px, area.width, True),
            theme.ACCENT,
            bold=True,
            midtop=(self.size[0] // 2, area.top),
        )
        games = self.games()
        if not games:
            text = _("No games yet: each finished game shows here.")
            ui.draw_paragraph(
                surface, text, px, theme.TEXT_DIM, area.centerx, area.top + 2 * line, area.width
            )
            return
        two = self.two_lines(column)
        widths = _widths(px, language(), tuple(games))
        gap = (area.width - sum(widths)) // (len(widths) - 1) if not two else 0
        lefts = [area.left + sum(widths[:i]) + i * gap for i in range(len(widths))]
        if not two:
            for index, heading in enumerate(HEADINGS):
                where = (index, lefts[index], widths[index])
                _cell(surface, _(heading), px, theme.TEXT_DIM, where, area.top + line + line // 2)
        for index, rect in self.row_rects().items():
            if index == self._hover_row:
                pygame.draw.rect(surface, self.palette.dark, rect, border_radius=px // 3)
            self._draw_row(surface, rect, games[index], lefts, widths, two, px)
            if index == self.selected:
                width = max(2, px // 8)
                ring = rect.inflate(px // 2, 0)
                pygame.draw.rect(surface, theme.FOCUS, ring, width, border_radius=px // 3)
        if len(games) > self.visible_rows():
            self._draw_bar(surface, area, px, len(games))

    def _draw_row(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        entry: LogEntry,
        lefts: list[int],
        widths: list[int],
        two: bool,
        px: int,
    ) -> None:
        line = int(px * 1.4)
        colour = theme.ACCENT if entry.result == WON else theme.TEXT
        pygame.draw.line(surface, self.palette.dark, rect.bottomleft, rect.bottomright, 1)
        texts = cells(entry)
        if not two:
            y = rect.top + line // 2
            for index, text in enumerate(texts):
                bold = index == 2
                tint = colour if index == 2 else theme.TEXT
                _cell(surface, text, px, tint, (index, lefts[index], widths[index]), y, bold)
            return
        first, second = rect.top + line // 2, rect.top + line + line // 2
        ui.draw_text(surface, texts[0], px, theme.TEXT, midleft=(rect.left, first))
        ui.draw_text(surface, texts[2], px, colour, bold=True, midright=(rect.right, first))
        figures = " \u00b7 ".join(
            (
                _("Score {score}").format(score=texts[3]),
                _("Moves {moves}").format(moves=texts[4]),
                _("Time {time}").format(time=texts[5]),
            )
        )
        deal = texts[1]
        if font(px).size(deal)[0] + px + font(max(8, px * 3 // 4)).size(figures)[0] > rect.width:
            deal = entry.code or DASH  # (too narrow for the deal's name beside the figures)
        ui.draw_text(surface, deal, px, theme.TEXT_DIM, midleft=(rect.left, second))
        room = rect.width - font(px).size(deal)[0] - px
        ui.draw_text(
            surface,
            figures,
            ui.fit_px(figures, px, room),
            theme.TEXT,
            midright=(rect.right, second),
        )

    def _draw_bar(self, surface: pygame.Surface, area: pygame.Rect, px: int, count: int) -> None:
        """Where the rows shown are in the whole log."""
        column = self.column()
        top = self._rows_top(column)
        shown = self.visible_rows()
        height = shown * self.row_height(column)
        track = pygame.Rect(area.right + px // 3, top, max(4, px // 4), height)
        thumb = track.copy()
        thumb.height = max(px, track.height * shown // count)
        thumb.top = top + (track.height - thumb.height) * self.first // max(1, count - shown)
        pygame.draw.rect(surface, self.palette.dark, track, border_radius=track.width // 2)
        pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=track.width // 2)


class EntryScene(ConfirmScene):
    """One game of the log: its details, and Play this deal again."""

    def __init__(
        self, ctx: Context, under: Scene, entry: LogEntry, start: Callable[[], Scene | None]
    ) -> None:
        super().__init__(
            ctx,
            under,
            _("Deal {code}").format(code=entry.code),
            N_("Play this deal again"),
            start,
            no_label=N_("Back"),
        )
        self.entry = entry

    def lines(self) -> list[str]:
        when, _code, result, score, moves, played = cells(self.entry)
        return [
            f"{when} \u00b7 {result}",
            " \u00b7 ".join(
                (
                    _("Score {score}").format(score=score),
                    _("Moves {moves}").format(moves=moves),
                    _("Time {time}").format(time=played),
                )
            ),
        ]


def _gap(px: int) -> int:
    return px


def _cell(
    surface: pygame.Surface,
    text: str,
    px: int,
    colour: tuple[int, int, int],
    column: tuple[int, int, int],
    y: int,
    bold: bool = False,
) -> None:
    """A table cell of ``column`` (index, left, width): the texts of the first three
    columns start at its left; figures end at its right."""
    index, left, width = column
    if index < 3:
        ui.draw_text(surface, text, px, colour, bold=bold, midleft=(left, y))
    else:
        ui.draw_text(surface, text, px, colour, bold=bold, midright=(left + width, y))


@lru_cache(maxsize=8)
def _widths(px: int, lang: str, games: tuple[LogEntry, ...]) -> list[int]:
    """The width of each column of the table: its widest text or heading."""
    del lang  # part of the key: the texts are in that language
    regular, bold = font(px), font(px, True)
    widths = [regular.size(_(heading))[0] for heading in HEADINGS]
    for entry in games:
        for index, text in enumerate(cells(entry)):
            face = bold if index == 2 else regular
            widths[index] = max(widths[index], face.size(ui.drawable(text))[0])
    return widths
