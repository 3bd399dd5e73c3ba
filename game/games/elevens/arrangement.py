"""Elevens' table: the 3x3 grid, G1 G2 G3 on top, with the stock beside it on its right
(a wide window) or under it (a tall one); the layout takes whichever gives the larger
cards. It has no arc."""

from __future__ import annotations

from pygame import Rect

from ...table.arcs import Arrangement, stack_sizes
from ...table.compact import Cell, grid_arrangement
from .table import GRID, STOCK


def _grid() -> dict[str, Cell]:
    return {name: (index % 3, index // 3) for index, name in enumerate(GRID)}


def beside(card_w: int, play: Rect) -> Arrangement | None:
    """The stock right of the grid's top row, a little apart."""
    return grid_arrangement({**_grid(), STOCK: (3.4, 0)}, stack_sizes(card_w, play), play)


def under(card_w: int, play: Rect) -> Arrangement | None:
    """The stock under the grid's middle column, a little apart."""
    return grid_arrangement({**_grid(), STOCK: (1, 3.2)}, stack_sizes(card_w, play), play)


ARRANGEMENTS = ((), (beside, under))
"""No arc; the stock beside the grid, or under it."""
