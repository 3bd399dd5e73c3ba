"""The statistics, opened from the title screen (and the settings, from
:mod:`.settings_page`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..look import theme, ui
from ..look.i18n import N_, _
from ..records.statistics import RECENT
from ..rules import daily
from .base import Context, Scene
from .dialogs import ConfirmScene
from .log_page import LogFlow, LogScene
from .menu import Column, SubScene
from .settings_page import SettingsScene
from .stats_chart import chart_height, draw_chart, label_px

if TYPE_CHECKING:
    from datetime import date

__all__ = ["SettingsScene", "StatisticsScene"]


class StatisticsScene(SubScene):
    """Games played and won, streaks, best time, average score; Reset asks first."""

    title = N_("Statistics")
    pinned_keys = ("log", "reset", "back")

    def __init__(self, ctx: Context, back: Scene, flow: LogFlow | None = None) -> None:
        super().__init__(ctx, back)
        self.flow = flow
        """What the game log's Play this deal again starts through (no log without it)."""
        self._day: date | None = None
        """The date the daily streak was last shown for (None: not shown yet)."""
        self.chart = pygame.Rect(0, 0, 0, 0)
        """Where the chart of the last games was drawn last."""
        self.bars: list[pygame.Rect] = []
        """The chart's bars as drawn last, oldest first."""

    def entries(self) -> list[tuple[str, str]]:
        log = [("log", N_("Game log"))] if self.flow is not None else []
        return [*log, ("reset", N_("Reset")), ("back", N_("Back"))]

    def rows(self) -> list[tuple[str, str]]:
        """The figures, a (label, value) row each."""
        stats = self.ctx.stats
        dash = "\u2014"
        self._day = daily.today()
        return [
            (_("Games played"), str(stats.played)),
            (_("Games won"), f"{stats.won}  ({round(100 * stats.win_rate)} %)"),
            (_("Current streak"), str(stats.current_streak)),
            (_("Best streak"), str(stats.best_streak)),
            (_("Best winning time"), ui.format_time(stats.best_time) if stats.won else dash),
            (_("Fewest moves"), str(stats.fewest_moves) if stats.fewest_moves else dash),
            (_("Average score"), str(round(stats.average_score))),
            (_("Stalemates"), str(stats.stalemates)),
            (_("Daily streak"), str(stats.daily_streak_on(self._day))),
            (_("Best daily streak"), str(stats.best_daily_streak)),
        ]

    def update(self, dt: float) -> Scene | None:
        super().update(dt)
        if self._day is not None and daily.today() != self._day:
            self.dirty = True  # midnight passed, or the clock was set: the streak follows
        return None

    def lines(self) -> list[str]:
        """The figures as lines of text (label and value)."""
        return [f"{label}: {value}" for label, value in self.rows()]

    def header_height(self, unit: int, width: int) -> int:
        """The game's name, the figures a row each, and the chart of the last games."""
        room = self.header_room(unit)
        rows = -(-len(self.rows()) // _row_columns(self.size)) + 1
        return min(room, rows * max(14, unit * 3 // 4) + chart_height(unit))

    def header_key(self) -> object:
        return (self.ctx.kind.key, len(self.rows()))

    def choose(self, key: str) -> Scene | None:
        if key == "back":
            return self.back()
        if key in ("game-prev", "game-next"):
            self._switch(-1 if key == "game-prev" else 1)
            return None
        if key == "log" and self.flow is not None:
            return LogScene(self.ctx, self, self.flow, self.ctx.kind)
        if key == "reset":
            question = _(
                "Reset the statistics of {game}? The other games keep theirs. "
                "This cannot be undone."
            ).format(game=_(self.ctx.kind.name))
            return ConfirmScene(
                self.ctx,
                self,
                question,
                N_("Reset these statistics"),
                self._reset,
                no_label=N_("Keep them"),
            )
        return None

    def _reset(self) -> Scene:
        self.ctx.reset_statistics()
        self.invalidate()
        return self

    def _geometry(self, column: Column) -> tuple[int, int, int]:
        """The header's rows of figures (in a column or two), the chart's height and a
        row's height, for ``column``."""
        header = column.header
        lines = -(-len(self.rows()) // _row_columns(self.size))  # rows of figures
        least = max(header.height // 4, header.height - (lines + 1) * 16)
        chart_h = min(chart_height(column.unit), header.height * 2 // 5, least)
        chart_h = max(0, min(chart_h, header.height - (lines + 1) * 11 - 3))  # rows first
        line_h = max(10, min(column.unit * 3 // 4, (header.height - chart_h) // (lines + 1)))
        return lines, chart_h, line_h

    def switcher_rects(self, column: Column) -> dict[str, pygame.Rect]:
        """The game switcher's two arrows either side of the game's name, at the chart's
        edges (none when one game is offered): the previous and the next game."""
        if len(self.ctx.offered()) < 2:
            return {}
        _lines, _chart_h, line_h = self._geometry(column)
        width = min(self.size[0] - column.unit, column.unit * 10)
        arrow = pygame.Rect(0, 0, max(line_h * 2, column.unit), line_h)
        centre = (self.size[0] // 2, column.header.top + line_h // 2)
        return {
            "game-prev": arrow.move(centre[0] - width // 2, centre[1] - line_h // 2),
            "game-next": arrow.move(centre[0] + width // 2 - arrow.width, centre[1] - line_h // 2),
        }

    def button_rects(self) -> dict[str, pygame.Rect]:
        rects = super().button_rects()
        rects.update(self.switcher_rects(self.column()))
        return rects

    def key(self, event: pygame.event.Event) -> Scene | None:
        step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key)
        if step is not None:
            self._switch(step)
        return None

    def _switch(self, step: int) -> None:
        """The statistics of the offered game ``step`` places on (the title's chosen game
        follows, as a tile touched on the title would make it)."""
        offered = self.ctx.offered()
        if len(offered) < 2:
            return
        index = offered.index(self.ctx.kind) if self.ctx.kind in offered else 0
        self.ctx.choose(offered[(index + step) % len(offered)])
        self.dirty = True

    def draw_header(self, surface: pygame.Surface, column: Column) -> None:
        """The game's name (with the switcher) over a table of figures, and a bar for
        each of the last games."""
        header = column.header
        rows = self.rows()
        columns = _row_columns(self.size)
        lines, chart_h, line_h = self._geometry(column)
        width = self.size[0]
        centre = width // 2
        gap = max(6, column.unit // 3)
        px = max(9, line_h * 3 // 5)
        share = 0.5 if columns == 1 else 0.68  # of a column, for the labels: values are short
        span = width // columns
        px = min(
            [ui.fit_px(label, px, int(span * share) - gap - column.unit // 2) for label, _v in rows]
            + [
                ui.fit_px(value, px, int(span * (1 - share)) - gap - column.unit // 2)
                for _l, value in rows
            ]
        )
        top = header.top
        name = _(self.ctx.kind.name)
        arrows = self.switcher_rects(column)
        room = width - column.unit
        if arrows:
            room = arrows["game-next"].left - arrows["game-prev"].right - gap
        title_px = ui.fit_px(name, min(px + px // 4, line_h * 3 // 4), room, True)
        ui.draw_text(
            surface, name, title_px, theme.ACCENT, bold=True, center=(centre, top + line_h // 2)
        )
        for key, rect in arrows.items():
            direction = -1 if key == "game-prev" else 1
            _draw_arrow(surface, rect, direction, self.button_state(key), self.palette)
        for index, (label, value) in enumerate(rows):
            middle = span * (index // lines) + int(span * share)
            y = top + (index % lines + 1) * line_h + line_h // 2
            ui.draw_text(surface, label, px, theme.TEXT_DIM, midright=(middle - gap, y))
            ui.draw_text(surface, value, px, theme.TEXT, bold=True, midleft=(middle + gap, y))
        chart = pygame.Rect(0, 0, min(width - column.unit, column.unit * 10), chart_h)
        chart.midtop = (centre, top + (lines + 1) * line_h + line_h // 4)
        self.chart = chart
        results = self.ctx.stats.recent_results()
        self.bars = draw_chart(
            surface, chart, results, self.ctx.kind.best_score, RECENT, label_px(px), self.palette
        )


def _draw_arrow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    direction: int,
    state: str | None,
    palette: theme.Palette,
) -> None:
    """A switcher's arrow: a small button with a triangle pointing left (-1) or right."""
    ui.draw_button(surface, rect, "", state=state, palette=palette)
    half = max(3, rect.height // 4)
    x, y = rect.centerx, rect.centery
    tip = (x + direction * half, y)
    pygame.draw.polygon(
        surface,
        theme.BUTTON_TEXT,
        [tip, (x - direction * half, y - half), (x - direction * half, y + half)],
    )


def _row_columns(size: tuple[int, int]) -> int:
    """Two columns of figures in a landscape window wide enough for them, else one."""
    width, height = size
    return 2 if width >= 720 and width * 3 >= height * 4 else 1
