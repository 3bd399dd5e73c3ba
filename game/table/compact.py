"""Grids: the compact arrangements, for windows where an arc would make the cards small.

:func:`on_grid` places slots on cells of columns and rows, centred in the play area;
:func:`grid_arrangement` makes an :class:`~game.table.arcs.Arrangement` of them. A game's
folder says which cells its slots take (Crescent's four rows of four piles, Half Moon's
low arc, Elevens' square); :func:`game.table.layout.compute_layout` chooses among the
arrangements.
"""

from __future__ import annotations

from pygame import Rect

from .arcs import Arrangement, Sizes

Cell = tuple[float, float]
"""A slot's place on a grid: (column, row); a column is ``width`` wide, a row is a
card with its stack edges and label."""


def grid_gap(sizes: Sizes) -> int:
    """Between two cells of a grid: room for a selection's glow on either side."""
    return max(4, sizes.card[0] // 7)


def on_grid(
    cells: dict[str, Cell],
    widths: dict[str, int],
    sizes: Sizes,
    area_h: int,
    play: Rect,
    column_w: int,
) -> tuple[dict[str, Rect], dict[str, Rect]] | None:
    """Each slot's card rectangle and area, the grid centred in ``play`` (None: it does
    not fit). A slot's area is ``widths[slot]`` x ``area_h``; columns are ``column_w``
    apart plus a gap, rows an area and a label apart plus a gap."""
    card_w, card_h = sizes.card
    gap = grid_gap(sizes)
    columns = max(col + widths[name] / column_w for name, (col, _) in cells.items())
    rows = max(row for _, row in cells.values()) + 1
    row_h = area_h + sizes.label_h + gap
    block_w = round(columns * (column_w + gap) - gap)
    block_h = round(rows * row_h - gap)
    # Above and below, room for a focus ring is enough: the lift is kept apart.
    room = play.inflate(-2 * sizes.margin, -2 * max(3, card_w // 10))
    room.top += sizes.lift
    room.height -= sizes.lift
    if block_w > room.width or block_h > room.height:
        return None
    left = room.left + (room.width - block_w) // 2
    top = room.top + (room.height - block_h) // 2
    rects, areas = {}, {}
    for name, (col, row) in cells.items():
        x = left + round(col * (column_w + gap))
        y = top + round(row * row_h)
        rects[name] = Rect(x, y, card_w, card_h)
        areas[name] = Rect(x, y, widths[name], area_h)
    return rects, areas


def grid_arrangement(
    cells: dict[str, Cell],
    sizes: Sizes,
    play: Rect,
    widths: dict[str, int] | None = None,
    column_w: int | None = None,
) -> Arrangement | None:
    """The slots on the cells of a grid (None: it does not fit): each slot ``widths``
    wide (a card by default: a fanned pile is wider), columns ``column_w`` apart (a card's
    width by default), each row a card with its stack edges (``sizes.step``) and label."""
    card_w = sizes.card[0]
    area_h = sizes.card[1] + 7 * sizes.step
    placed = on_grid(
        cells,
        widths if widths is not None else dict.fromkeys(cells, card_w),
        sizes,
        area_h,
        play,
        column_w if column_w is not None else card_w,
    )
    if placed is None:
        return None
    rects, areas = placed
    return Arrangement(rects, areas, sizes.label_h, sizes.step, sizes.fan)
