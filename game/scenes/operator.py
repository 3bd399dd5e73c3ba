"""The kiosk operator's screen: what the visitors played, and the way out.

The operator's chord (and the PIN, when the kiosk file sets one) opens it; nothing a
visitor can touch does. It shows the kiosk's usage record (game.records.usage) for
today, the last 7 or the last 30 days (a button each): per game offered, the games
started and won and the play time, with their sum when more than one game is offered.
"Quit Half Moon" is the default button, so the chord and Enter end the kiosk as the chord
alone once did; Back (or Esc) goes back to the screen under it.
"""

from __future__ import annotations

from datetime import date, timedelta

import pygame

from ..look import theme, ui
from ..look.fonts import font
from ..look.i18n import N_, _
from ..records.usage import DayCounts
from ..rules import daily
from .base import ButtonScene, Context, Quit, Scene
from .dialogs import DIALOG_GUARD

PERIODS = (
    ("today", N_("Today"), 1),
    ("week", N_("Last 7 days"), 7),
    ("month", N_("Last 30 days"), 30),
)
"""(key, untranslated label, days up to today) of each period the screen sums."""
ACTIONS = (("back", N_("Back")), ("quit", N_("Quit Half Moon")))
"""(key, untranslated label) of the buttons along the bottom."""


class OperatorScene(ButtonScene):
    """The usage summary over the scene ``under``, with Quit and Back."""

    GUARD = DIALOG_GUARD  # (after the PIN's OK: a second tap lands on nothing)
    operator = True

    def __init__(self, ctx: Context, under: Scene) -> None:
        super().__init__(ctx)
        self.under = under
        self.period = PERIODS[0][0]
        """The key of the period shown."""
        self._day: date | None = None
        """The date the figures were summed for last (None: not yet)."""

    def enter(self, size: tuple[int, int]) -> None:
        super().enter(size)
        self.under.enter(size)

    def window_title(self) -> str:
        return self.under.window_title()

    # ------------------------------------------------------------ figures
    def table(self) -> list[tuple[str, DayCounts]]:
        """(translated game name, counts) of each game offered over the period shown,
        and "All games" with their sum when more than one is offered."""
        today = daily.today()
        self._day = today
        days = next(days for key, _label, days in PERIODS if key == self.period)
        first = today - timedelta(days=days - 1)
        usage = self.ctx.usage()
        rows = [(_(kind.name), usage.total(kind.key, first, today)) for kind in self.ctx.offered()]
        if len(rows) > 1:
            total = DayCounts()
            for _name, counts in rows:
                total.add(counts)
            rows.append((_("All games"), total))
        return rows

    def cells(self) -> list[tuple[str, str, str, str]]:
        """The table as text: the header, then a row a game (name, started, won, time)."""
        header = (_("Game"), _("Started"), _("Won"), _("Play time"))
        rows = [
            (name, str(c.started), str(c.won), ui.format_time(c.play_seconds))
            for name, c in self.table()
        ]
        return [header, *rows]

    def update(self, dt: float) -> Scene | None:
        super().update(dt)
        if self._day is not None and daily.today() != self._day:
            self.dirty = True  # midnight passed: today is another day
        return None

    # ------------------------------------------------------------- layout
    def geometry(self) -> tuple[int, pygame.Rect, pygame.Rect]:
        """The unit every size follows, the title's band and the table's box."""
        width, height = self.size
        unit = max(22, min(height // 10, width // 12))
        margin = max(6, unit // 3)
        title = pygame.Rect(0, margin, width, round(unit * 1.1))
        top = title.bottom + margin + round(unit * 0.9) + margin
        bottom = height - margin - unit - margin
        box_w = min(width - 2 * margin, unit * 16)
        table = pygame.Rect((width - box_w) // 2, top, box_w, max(0, bottom - top))
        return unit, title, table

    def button_rects(self) -> dict[str, pygame.Rect]:
        """The period buttons under the title, Back and Quit along the bottom."""
        width, height = self.size
        unit, title, _table = self.geometry()
        margin = max(6, unit // 3)
        gap = max(4, unit // 5)
        rects = {}
        tab_w = min((width - 2 * margin - 2 * gap) // 3, unit * 5)
        left = (width - 3 * tab_w - 2 * gap) // 2
        for index, (key, _label, _days) in enumerate(PERIODS):
            x = left + index * (tab_w + gap)
            rects[key] = pygame.Rect(x, title.bottom + margin, tab_w, round(unit * 0.9))
        act_w = min((width - 2 * margin - gap) // 2, unit * 6)
        left = (width - 2 * act_w - gap) // 2
        for index, (key, _label) in enumerate(ACTIONS):
            x = left + index * (act_w + gap)
            rects[key] = pygame.Rect(x, height - margin - unit, act_w, unit)
        return rects

    def notice_area(self) -> pygame.Rect | None:
        """While a notice shows, the title's band, as on every screen."""
        if self.ctx.notice is None:
            return None
        unit, title, _table = self.geometry()
        return title.inflate(-unit // 2, 0)

    # ------------------------------------------------------------- buttons
    def default(self) -> str | None:
        return "quit"

    def choose(self, key: str) -> Scene | None:
        self.dirty = True
        if key == "quit":
            return Quit(self.ctx)
        if key == "back":
            return self.back()
        if any(key == period for period, _label, _days in PERIODS):
            self.period = key
        return None

    def back(self) -> Scene | None:
        self.under.invalidate()
        return self.under

    def key(self, event: pygame.event.Event) -> Scene | None:
        """Left and Right: the period before or after."""
        keys = [key for key, _label, _days in PERIODS]
        step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key)
        if step is not None:
            self.period = keys[(keys.index(self.period) + step) % len(keys)]
        return None

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        surface.fill(self.palette.dark)
        unit, title, table = self.geometry()
        label = _("Kiosk usage")
        if self.notice_area() is None:  # (a notice takes the title's place while it shows)
            px = ui.fit_px(label, round(unit * 0.7), self.size[0] - unit // 2, bold=True)
            ui.draw_text(surface, label, px, theme.TEXT, bold=True, center=title.center)
        self._draw_table(surface, unit, table)
        rects = self.button_rects()
        tabs = [(_(label), rects[key]) for key, label, _days in PERIODS]
        tab_px = ui.row_px(tabs)
        for key, label, _days in PERIODS:
            state = "pressed" if key == self.period else self.button_state(key)
            ui.draw_button(
                surface, rects[key], _(label), state=state, px=tab_px, palette=self.palette
            )
        actions = [(_(label), rects[key]) for key, label in ACTIONS]
        act_px = ui.row_px(actions)
        for key, label in ACTIONS:
            ui.draw_button(
                surface,
                rects[key],
                _(label),
                primary=key == "quit",
                state=self.button_state(key),
                px=act_px,
                palette=self.palette,
            )
        return None

    def _draw_table(self, surface: pygame.Surface, unit: int, box: pygame.Rect) -> None:
        """The figures: a row a game under a header row, the names at the left, the
        figures right-aligned in columns, all at one size at which every column fits."""
        rows = self.cells()
        if box.height <= 0:
            return
        pad = max(4, unit // 4)
        row_h = min(round(unit * 0.8), (box.height - pad) // len(rows))
        inner = box.inflate(-2 * pad, 0)
        px = max(8, round(row_h * 0.5))
        while True:
            widths = _column_widths(rows, px)
            if sum(widths) + 3 * pad <= inner.width or px <= 8:
                break
            px = max(8, min(px - 1, px * inner.width // (sum(widths) + 3 * pad)))
        gap = (inner.width - sum(widths)) // 3  # the room left, between the columns
        top = box.top + (box.height - row_h * len(rows)) // 2  # in the middle of the room
        rule = max(1, unit // 24)  # a line under the header
        pygame.draw.line(
            surface, theme.TEXT_DIM, (inner.left, top + row_h), (inner.right, top + row_h), rule
        )
        for index, row in enumerate(rows):
            y = top + index * row_h + row_h // 2
            bold = index == 0 or (index == len(rows) - 1 and len(rows) > 3)
            ui.draw_text(surface, row[0], px, theme.TEXT, bold=bold, midleft=(inner.left, y))
            right = inner.left + widths[0]
            for column, text in enumerate(row[1:], start=1):
                right += gap + widths[column]
                ui.draw_text(surface, text, px, theme.TEXT, bold=bold, midright=(right, y))


def _column_widths(rows: list[tuple[str, str, str, str]], px: int) -> list[int]:
    """The width of each column of ``rows`` at ``px``: its widest text (bold, as the
    header and the sum are)."""
    face = font(px, True)
    return [max(face.size(ui.drawable(row[column]))[0] for row in rows) for column in range(4)]
