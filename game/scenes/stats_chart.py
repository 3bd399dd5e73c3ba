"""The statistics screen's chart of the last games: a bar a game, oldest at the left,
its height the score on a scale up to the game's best possible score, bright for a win;
labelled axes (the score scale, the number of games), the average of the games shown as
a dashed line, and a legend saying which colour is which and what the average is."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..look import theme, ui
from ..look.i18n import _, ngettext

WON_COLOUR = theme.ACCENT
LOST_COLOUR = theme.TEXT_DIM
AVERAGE_COLOUR = theme.FOCUS


def chart_height(unit: int) -> int:
    """The height the chart would like for a menu of button height ``unit``: bars two
    buttons tall and two lines of labels under them."""
    return unit * 2 + 2 * max(16, unit * 2 // 5)


def label_px(row_px: int) -> int:
    """The chart's text size next to figures written at ``row_px``: a little smaller,
    never under 12 px where the figures have 12 px or more."""
    return max(min(row_px, 12), row_px * 4 // 5)


def draw_chart(
    surface: pygame.Surface,
    chart: pygame.Rect,
    results: Sequence[tuple[bool, int]],
    best: int,
    slots: int,
    px: int,
) -> None:
    """Draw ``results`` ((won, score) each, oldest first) in ``chart`` with ``slots``
    bar places, scores on a scale up to ``best``, labels at ``px``."""
    line = int(px * 1.3)
    top_label = str(best)
    scale_w = ui.text_surface(top_label, px).get_width()
    plot = pygame.Rect(
        chart.left + scale_w + px // 2,
        chart.top + px // 2,
        chart.width - scale_w - px // 2,
        chart.height - 2 * line - px // 2,
    )
    if plot.height < max(6, line) or plot.width < slots:  # no room for a scale
        pygame.draw.line(surface, theme.TEXT_DIM, chart.bottomleft, chart.bottomright, 1)
        return
    axis = max(1, px // 10)
    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright, axis)
    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.topleft, axis)
    pygame.draw.line(surface, theme.FELT_DARK, plot.topleft, plot.topright, 1)
    left = plot.left - px // 3
    ui.draw_text(surface, top_label, px, theme.TEXT_DIM, midright=(left, plot.top))
    ui.draw_text(surface, "0", px, theme.TEXT_DIM, midright=(left, plot.bottom))
    slot = plot.width / slots
    for index, (won, score) in enumerate(results):
        height = max(2, round((plot.height - 2) * min(1.0, score / best)))
        bar = pygame.Rect(
            round(plot.left + index * slot + slot * 0.15),
            plot.bottom - height,
            max(1, round(slot * 0.7)),
            height,
        )
        pygame.draw.rect(surface, WON_COLOUR if won else LOST_COLOUR, bar)
    axis_y = plot.bottom + axis + line // 2
    count = len(results)
    if count:
        average = sum(score for _won, score in results) / count
        y = plot.bottom - round((plot.height - 2) * min(1.0, average / best))
        _dashed(surface, plot.left, plot.right, y, max(1, px // 8))
        ui.draw_text(surface, "1", px, theme.TEXT_DIM, center=(round(plot.left + slot / 2), axis_y))
        end = round(plot.left + (count - 0.5) * slot)
        if count > 1:
            ui.draw_text(surface, str(count), px, theme.TEXT_DIM, center=(end, axis_y))
        caption = ngettext("last {count} game", "last {count} games", count).format(count=count)
    else:
        caption = _("No finished games yet")
    room = plot.width - 4 * px
    ui.draw_text(
        surface,
        caption,
        ui.fit_px(caption, px, room),
        theme.TEXT_DIM,
        center=(plot.centerx, axis_y),
    )
    if count:
        _legend(surface, chart, px, axis_y + line, round(average))


def _legend(surface: pygame.Surface, chart: pygame.Rect, px: int, y: int, average: int) -> None:
    """Won and lost colours and the average's dashes, with their names, centred."""
    items = [(_("won"), WON_COLOUR), (_("lost"), LOST_COLOUR)]
    items.append((_("average {score}").format(score=average), AVERAGE_COLOUR))
    size = ui.fit_px(
        "   ".join(f"xx {text}" for text, _c in items), px, chart.width - px
    )  # one size for all, fitting the chart's width
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
