"""The compact arrangements, for windows where an arc would make the cards small, and
each table's arrangements (``arrangement`` in the registry: game.games.catalog).

The Russian seed lets Crescent's 16 piles be dealt "in any order, since a semicircle may
waste space"; on a short or narrow window a grid gives far larger cards than the arc:

* :func:`crescent_rows`: 4 rows of 4 piles fanned to the right, the foundations in two
  columns in the middle, each King beside the Ace of its suit (F1 beside F5);
* :func:`crescent_stacked`: the foundations in two rows of four on top, Kings over Aces
  as on the arc, the piles in 4 rows of 4 under them (a portrait window);
* :func:`half_moon_low`: Half Moon's arc made low: piles 1 and 2 up the left side, 3 to
  10 across the top, 11 and 12 down the right, the reserve inside in two rows of four.

Piles are numbered in reading order on the grids (1 top left) and along the arc on the
low arc, as on the round one. :func:`game.table.layout.compute_layout` chooses among them.
"""

from __future__ import annotations

from pygame import Rect

from ..rules.crescent_table import FOUNDATIONS
from ..rules.crescent_table import PILES as CRESCENT_PILES
from ..rules.slots import PILES, RESERVE_SLOTS
from .arcs import Arrangement, Sizes, crescent, crescent_sizes, half_moon, half_moon_sizes, on_arcs

Cell = tuple[float, float]
"""A slot's place on a grid: (column, row); a column is ``width`` wide, a row is a
card with its stack edges and label."""


def _gaps(sizes: Sizes) -> int:
    """Between two cells of a grid: room for a selection's glow on either side."""
    return max(4, sizes.card[0] // 7)


def _on_grid(
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
    gap = _gaps(sizes)
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


def crescent_rows(card_w: int, play: Rect) -> Arrangement | None:
    """Crescent on 4 rows: two piles, a King and an Ace foundation, two piles."""
    sizes = crescent_sizes(card_w, play)
    pile_w = card_w + sizes.fan[2]
    unit = pile_w + _gaps(sizes)  # a pile's column and its gap, in card columns
    found = 2 * (card_w + _gaps(sizes)) / unit
    cells: dict[str, Cell] = {}
    for index, name in enumerate(CRESCENT_PILES):
        row, place = divmod(index, 4)
        cells[name] = (place + (found if place >= 2 else 0.0), row)
    for index, name in enumerate(FOUNDATIONS):
        column, row = divmod(index, 4)  # F1-F4 (Kings), then F5-F8 (Aces) beside them
        cells[name] = (2 + column * (card_w + _gaps(sizes)) / unit, row)
    return _grid_arrangement(cells, sizes, play, pile_w)


def crescent_stacked(card_w: int, play: Rect) -> Arrangement | None:
    """Crescent's foundations in two rows of four on top, the piles in 4 rows of 4."""
    sizes = crescent_sizes(card_w, play)
    pile_w = card_w + sizes.fan[2]
    unit = pile_w + _gaps(sizes)
    found_w = (4 * (card_w + _gaps(sizes)) - _gaps(sizes)) / unit
    start = (4 - found_w) / 2  # the foundations centred over the piles
    cells: dict[str, Cell] = {}
    for index, name in enumerate(FOUNDATIONS):
        row, column = divmod(index, 4)
        cells[name] = (start + column * (card_w + _gaps(sizes)) / unit, row)
    for index, name in enumerate(CRESCENT_PILES):
        row, column = divmod(index, 4)
        cells[name] = (column, 2 + row)
    return _grid_arrangement(cells, sizes, play, pile_w)


def _grid_arrangement(
    cells: dict[str, Cell], sizes: Sizes, play: Rect, pile_w: int
) -> Arrangement | None:
    """Crescent's grid: piles ``pile_w`` wide (card and fan), foundations a card wide."""
    widths = {name: pile_w if name in CRESCENT_PILES else sizes.card[0] for name in cells}
    placed = _on_grid(cells, widths, sizes, sizes.card[1], play, pile_w)
    if placed is None:
        return None
    rects, areas = placed
    return Arrangement(rects, areas, sizes.label_h, 0, sizes.fan)


def half_moon_low(card_w: int, play: Rect) -> Arrangement | None:
    """Half Moon on a low arc: two piles up each side, eight across the top."""
    sizes = half_moon_sizes(card_w, play)
    cells: dict[str, Cell] = {PILES[0]: (0, 2), PILES[1]: (0, 1)}
    cells.update((name, (column, 0)) for column, name in enumerate(PILES[2:10]))
    cells.update({PILES[10]: (7, 1), PILES[11]: (7, 2)})
    for index, name in enumerate(RESERVE_SLOTS):
        row, column = divmod(index, 4)
        cells[name] = (2 + column, 1 + row)
    area_h = sizes.card[1] + 7 * sizes.step
    widths = dict.fromkeys(cells, card_w)
    placed = _on_grid(cells, widths, sizes, area_h, play, card_w)
    if placed is None:
        return None
    rects, areas = placed
    return Arrangement(rects, areas, sizes.label_h, sizes.step, sizes.fan)


HALF_MOON = (on_arcs(half_moon), (half_moon_low,))
"""Half Moon's arrangements: its arc in every shape, then the low arc."""
CRESCENT = (on_arcs(crescent), (crescent_rows, crescent_stacked))
"""Crescent's arrangements: its arc in every shape, then the grids."""
