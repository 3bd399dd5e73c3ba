"""How the app tests win and stall Elevens with real input (:class:`~..kind.Script`), and
position text written by hand (:func:`position_for`)."""

from __future__ import annotations

from ..kind import Script
from .table import GRID, STOCK


def position_for(grid: dict[int, str] | None = None, stock: str = "") -> str:
    """Position text with the grid's cards {n: "card"} (every other slot empty) and the
    stock's cards, the next refill first."""
    grid = grid or {}
    lines = [f"{name}: {grid.get(int(name[1:]), '-')}" for name in GRID]
    return "\n".join([*lines, f"{STOCK}: {stock or '-'}"]) + "\n"


SCRIPT = Script(
    # 5+6 refills G1 from the stock (the 2), and 2+9 empties the table.
    win=position_for({1: "5S", 2: "6D", 3: "9C"}, "2D"),
    win_moves=(("G1", "G2"), ("G1", "G3")),
    # 3+8 takes the last cards of the stock (a 4 and a Queen), A+10 leaves 4, Q and 5.
    stalemate=position_for({1: "3S", 2: "8D", 3: "5C", 4: "AH", 5: "10D"}, "4H QD"),
    stalemate_moves=(("G1", "G2"), ("G4", "G5")),
)
"""Two pairs win, the first refilled from the stock; two pairs leave nothing that goes."""
