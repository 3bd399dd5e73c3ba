"""Crescent's table (SPEC 5): piles 1 ... 16 at equal distances along the arc from the
bottom left, each with room on its right for the fan of cards under its top card, the
foundations inside, Kings F1-F4 over Aces F5-F8.

The Russian seed lets the 16 piles be dealt "in any order, since a semicircle may waste
space"; on a short or narrow window a grid gives far larger cards than the arc:

* :func:`crescent_rows`: 4 rows of 4 piles fanned to the right, the foundations in two
  columns in the middle, each King beside the Ace of its suit (F1 beside F5);
* :func:`crescent_stacked`: the foundations in two rows of four on top, Kings over Aces
  as on the arc, the piles in 4 rows of 4 under them (a portrait window).

Piles are numbered in reading order on the grids (1 top left).
"""

from __future__ import annotations

from pygame import Rect

from ...table.arcs import Arrangement, Sizes, arc_centres, fan_sizes, inner_block, on_arcs
from ...table.compact import Cell, grid_arrangement, grid_gap
from .table import FOUNDATIONS
from .table import PILES as CRESCENT_PILES


def crescent(card_w: int, play: Rect, shape: tuple[float, float]) -> Arrangement | None:
    """Crescent's 16 piles with their fans, and the 8 foundations (None: no room)."""
    sizes = fan_sizes(card_w, play)
    card_h, label_h, margin, lift = sizes.card[1], sizes.label_h, sizes.margin, sizes.lift
    sliver, back, fan = sizes.fan
    centres = arc_centres(
        play, shape, len(CRESCENT_PILES), False, (card_w + fan, card_h), label_h, margin, lift
    )
    if centres is None:
        return None
    rects, areas = {}, {}
    for name, (x, y) in zip(CRESCENT_PILES, centres, strict=True):
        area = Rect(0, 0, card_w + fan, card_h)
        area.center = (x, y)
        areas[name] = area
        rects[name] = Rect(area.left, area.top, card_w, card_h)
    gap = max(margin, card_w // 5)
    top_row = min(area.top for area in areas.values())
    apex_bottom = top_row + card_h + label_h
    foundations = inner_block(
        FOUNDATIONS, (card_w, card_h), label_h, gap, play, margin, apex_bottom
    )
    rects.update(foundations)
    areas.update({name: Rect(rect) for name, rect in foundations.items()})
    return Arrangement(rects, areas, label_h, 0, (sliver, back, fan))


def crescent_rows(card_w: int, play: Rect) -> Arrangement | None:
    """Crescent on 4 rows: two piles, a King and an Ace foundation, two piles."""
    sizes = fan_sizes(card_w, play)
    pile_w = card_w + sizes.fan[2]
    unit = pile_w + grid_gap(sizes)  # a pile's column and its gap, in card columns
    found = 2 * (card_w + grid_gap(sizes)) / unit
    cells: dict[str, Cell] = {}
    for index, name in enumerate(CRESCENT_PILES):
        row, place = divmod(index, 4)
        cells[name] = (place + (found if place >= 2 else 0.0), row)
    for index, name in enumerate(FOUNDATIONS):
        column, row = divmod(index, 4)  # F1-F4 (Kings), then F5-F8 (Aces) beside them
        cells[name] = (2 + column * (card_w + grid_gap(sizes)) / unit, row)
    return _grid(cells, sizes, play, pile_w)


def crescent_stacked(card_w: int, play: Rect) -> Arrangement | None:
    """Crescent's foundations in two rows of four on top, the piles in 4 rows of 4."""
    sizes = fan_sizes(card_w, play)
    pile_w = card_w + sizes.fan[2]
    unit = pile_w + grid_gap(sizes)
    found_w = (4 * (card_w + grid_gap(sizes)) - grid_gap(sizes)) / unit
    start = (4 - found_w) / 2  # the foundations centred over the piles
    cells: dict[str, Cell] = {}
    for index, name in enumerate(FOUNDATIONS):
        row, column = divmod(index, 4)
        cells[name] = (start + column * (card_w + grid_gap(sizes)) / unit, row)
    for index, name in enumerate(CRESCENT_PILES):
        row, column = divmod(index, 4)
        cells[name] = (column, 2 + row)
    return _grid(cells, sizes, play, pile_w)


def _grid(cells: dict[str, Cell], sizes: Sizes, play: Rect, pile_w: int) -> Arrangement | None:
    """Crescent's grid: piles ``pile_w`` wide (card and fan), foundations a card wide."""
    widths = {name: pile_w if name in CRESCENT_PILES else sizes.card[0] for name in cells}
    return grid_arrangement(cells, sizes, play, widths, pile_w)


ARRANGEMENTS = (on_arcs(crescent), (crescent_rows, crescent_stacked))
"""Crescent's arrangements: its arc in every shape, then the grids."""
