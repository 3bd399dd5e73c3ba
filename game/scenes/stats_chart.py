"""The statistics screen's chart of the last games: a bar a game, oldest at the left,
its height the score on a scale up to the game's best possible score, bright for a win,
hollow for a game abandoned; the bars centred under a plot that reads alike with 1 game
or 30 (a few bars are not squeezed to the left). Labelled axes (Score up the side, the
games numbered along the bottom under a title saying which they are), the average of the
games shown as a dashed line, and a legend saying which colour is which."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..look import theme, ui
from ..look.i18n import _, ngettext
from ..records.statistics import ABANDON, WIN

WON_COLOUR = theme.ACCENT
LOST_COLOUR = theme.TEXT_DIM
ABANDONED_COLOUR = (232, 128, 100)
"""An abandoned game's bar: hollow, in a colour of its own (not a loss's grey)."""
AVERAGE_COLOUR = theme.FOCUS
FEWEST_PLACES = 10
"""Bar places the plot has at least: a few games make a few bars of a usual width,
centred, not one bar as wide as the plot."""
TICK_STEPS = (1, 2, 5, 10)
"""Every how many games the x axis is numbered: the first that leaves room between the
numbers."""


def chart_height(unit: int) -> int:
    """The height the chart would like for a menu of button height ``unit``: bars two
    buttons tall and three lines of labels under them (numbers, axis title, legend)."""
    return unit * 2 + 3 * max(16, unit * 2 // 5)


def label_px(row_px: int) -> int:
    """The chart's text size next to figures written at ``row_px``: a little smaller,
    never under 12 px where the figures have 12 px or more."""
    return max(min(row_px, 12), row_px * 4 // 5)


def bar_places(count: int, slots: int) -> int:
    """How many bar places the plot is divided into for ``count`` games (``slots`` at
    most): the bars of a few games keep a usual width and are centred."""
    return max(1, min(slots, max(count, FEWEST_PLACES)))


def draw_chart(
    surface: pygame.Surface,
    chart: pygame.Rect,
    results: Sequence[tuple[str, int]],
    best: int,
    slots: int,
    px: int,
    palette: theme.Palette,
) -> list[pygame.Rect]:
    """Draw ``results`` ((result, score) each, oldest first: game.records.statistics'
    WIN, LOSS or ABANDON) in ``chart`` with up to ``slots`` bar places, scores on a scale
    up to ``best``, labels at ``px``, on the felt of ``palette``; return the bars drawn,
    oldest first."""
    line = int(px * 1.3)
    scale = [str(best), str(best // 2), "0"] if best >= 4 else [str(best), "0"]
    scale_w = max(ui.text_surface(text, px).get_width() for text in scale)
    title = _("Score")
    plot = pygame.Rect(chart.left + line + scale_w + px // 2, chart.top + px // 2, 0, 0)
    plot.width = chart.right - plot.left
    plot.height = chart.bottom - 3 * line - plot.top
    count = len(results)
    if plot.height < max(6, line) or plot.width < slots:  # no room for a scale
        pygame.draw.line(surface, theme.TEXT_DIM, chart.bottomleft, chart.bottomright, 1)
        return []
    axis = max(1, px // 10)
    for index, text in enumerate(scale):
        y = plot.top + (plot.bottom - plot.top) * index // (len(scale) - 1)
        if 0 < index < len(scale) - 1:
            pygame.draw.line(surface, palette.dark, (plot.left, y), (plot.right, y), 1)
        ui.draw_text(surface, text, px, theme.TEXT_DIM, midright=(plot.left - px // 3, y))
    pygame.draw.line(surface, palette.dark, plot.topleft, plot.topright, 1)
    upright = pygame.transform.rotate(
        ui.text_surface(title, ui.fit_px(title, px, plot.height), theme.TEXT_DIM), 90
    )
    surface.blit(upright, upright.get_rect(center=(chart.left + line // 2, plot.centery)))
    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright, axis)
    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.topleft, axis)
    slot = plot.width / bar_places(count, slots)
    start = plot.left + (plot.width - count * slot) / 2
    bars = [
        _bar(surface, plot, start + index * slot, slot, result, score, best)
        for index, (result, score) in enumerate(results)
    ]
    numbers_y = plot.bottom + axis + line // 2
    if count:
        average = sum(score for _result, score in results) / count
        y = plot.bottom - round((plot.height - 2) * min(1.0, average / best))
        _dashed(surface, plot.left, plot.right, y, max(1, px // 8))
        _numbers(surface, bars, plot, px, numbers_y)
        caption = ngettext(
            "Last {count} game, oldest at the left", "Last {count} games, oldest at the left", count
        ).format(count=count)
    else:
        caption = _("No finished games yet")
    ui.draw_text(
        surface,
        caption,
        ui.fit_px(caption, px, plot.width),
        theme.TEXT_DIM,
        center=(plot.centerx, numbers_y + line),
    )
    if count:
        _legend(surface, chart, px, numbers_y + 2 * line, round(average))
    return bars


def _bar(
    surface: pygame.Surface,
    plot: pygame.Rect,
    left: float,
    slot: float,
    result: str,
    score: int,
    best: int,
) -> pygame.Rect:
    """One game's bar in its place from ``left``, ``slot`` wide: filled for a win or a
    loss, hollow for a game abandoned."""
    width = max(1, round(slot * 0.7))
    border = max(1, width // 5)
    least = 2 if result != ABANDON else 2 * border + 2  # a hollow bar shows its hollow
    height = max(least, round((plot.height - 2) * min(1.0, score / best)))
    bar = pygame.Rect(round(left + slot * 0.15), plot.bottom - height, width, height)
    if result == ABANDON:
        pygame.draw.rect(surface, ABANDONED_COLOUR, bar, border)
    else:
        pygame.draw.rect(surface, WON_COLOUR if result == WIN else LOST_COLOUR, bar)
    return bar


def _numbers(
    surface: pygame.Surface, bars: list[pygame.Rect], plot: pygame.Rect, px: int, y: int
) -> None:
    """The games' numbers under their bars: the first, the last, and every 1, 2, 5 or
    10 between, as close as they fit, each over a tick on the axis."""
    count = len(bars)
    widest = ui.text_surface(str(count), px).get_width() + px  # a number and an em apart
    slot = bars[1].left - bars[0].left if count > 1 else plot.width
    step = next((step for step in TICK_STEPS if step * slot >= widest), TICK_STEPS[-1])
    # (1, then the step's multiples far enough from it: "1" beside "2" read as "12")
    shown = [1, *(n for n in range(step, count + 1, step) if (n - 1) * slot >= widest)]
    if shown[-1] != count:
        if (count - shown[-1]) * slot < widest and len(shown) > 1:
            shown.pop()  # too near the last game's number: that one is shown
        shown.append(count)
    for number in dict.fromkeys(shown):
        x = bars[number - 1].centerx
        pygame.draw.line(surface, theme.TEXT_DIM, (x, plot.bottom), (x, plot.bottom + px // 4))
        ui.draw_text(surface, str(number), px, theme.TEXT_DIM, center=(x, y))


def _legend(surface: pygame.Surface, chart: pygame.Rect, px: int, y: int, average: int) -> None:
    """Won, lost and abandoned bars and the average's dashes, with their names, centred."""
    items = [(_("won"), WON_COLOUR), (_("lost"), LOST_COLOUR), (_("abandoned"), ABANDONED_COLOUR)]
    items.append((_("average {score}").format(score=average), AVERAGE_COLOUR))
    room = max(chart.width, min(surface.get_width() - 2 * px, chart.width * 3 // 2))
    size = ui.fit_px(
        "   ".join(f"xx {text}" for text, _c in items), px, room
    )  # one size for all, fitting the chart's width (or a little more, where the window has it)
    swatch = max(6, size * 3 // 4)
    swatches = [swatch if colour is not AVERAGE_COLOUR else swatch * 2 for _t, colour in items]
    widths = [
        wide + size // 3 + ui.text_surface(t, size).get_width()
        for wide, (t, _c) in zip(swatches, items, strict=True)
    ]
    gap = size
    x = chart.centerx - (sum(widths) + gap * (len(items) - 1)) // 2
    for (text, colour), width, wide in zip(items, widths, swatches, strict=True):
        box = pygame.Rect(x, y - swatch // 2, wide, swatch)
        if colour is AVERAGE_COLOUR:
            _dashed(surface, box.left, box.right, y, max(1, size // 8))
        elif colour is ABANDONED_COLOUR:
            pygame.draw.rect(surface, colour, box, max(1, swatch // 5))
        else:
            pygame.draw.rect(surface, colour, box)
        ui.draw_text(surface, text, size, theme.TEXT, midleft=(box.right + size // 3, y))
        x += width + gap


def _dashed(surface: pygame.Surface, left: int, right: int, y: int, width: int) -> None:
    """A dashed horizontal line in the average's colour."""
    dash = max(4, width * 4)
    for x in range(left, right, dash * 2):
        end = min(right, x + dash)
        pygame.draw.line(surface, AVERAGE_COLOUR, (x, y), (end, y), width)
