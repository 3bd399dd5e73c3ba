"""Each table's arrangements' widest cards at one window, found by the layout's search
when the game was made, by the table's shape (game.table.layout.seed_key): written by
tools/layout_seeds.py (tests/test_layout.py checks it is current). A game's first
layout in a process searches from them, scaled to its play area
(game.table.layout._guesses), as a later one searches from the layout before it: 2 ms
instead of 7-8 ms for a Crescent at 1280x720 on the 2-core machine. Any guess gives the
same cards (tests/test_layout.py)."""

from __future__ import annotations

SEEDS: dict[str, tuple[tuple[int, int], tuple[int, ...]]] = {
    "0+2 undo redo new menu": (
        (1280, 670),
        (114, 84),
    ),
    "6+1 undo redo new menu R1 R2 R3 R4 R5 R6 R7 R8": (
        (1280, 670),
        (81, 84, 83, 84, 80, 81, 104),
    ),
    "6+2 undo redo redeal new menu F1 F2 F3 F4 F5 F6 F7 F8": (
        (1280, 670),
        (48, 52, 55, 56, 56, 60, 92, 62),
    ),
}
