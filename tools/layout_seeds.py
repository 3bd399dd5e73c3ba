"""Write game/table/layout_seeds.py: each game's arrangements' widest cards at one window,
found by the layout's own search (``--check``: exit 1, naming the file, when it is out of
date; tests/test_layout.py runs that).

    python tools/layout_seeds.py [--check]

A game's first layout in a process has no layout before it to search from; it searches
from these instead (game.table.layout._guesses), scaled to its window. Any guess gives
the same cards: run this after changing an arrangement, or the test fails.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
OUT = ROOT / "game" / "table" / "layout_seeds.py"
WINDOW = (1280, 720)
"""The window the seeds are found for."""

HEAD = '''"""Each table's arrangements' widest cards at one window, found by the layout's search
when the game was made, by the table's shape (game.table.layout.seed_key): written by
tools/layout_seeds.py (tests/test_layout.py checks it is current). A game's first
layout in a process searches from them, scaled to its play area
(game.table.layout._guesses), as a later one searches from the layout before it: 2 ms
instead of 7-8 ms for a Crescent at 1280x720 on the 2-core machine. Any guess gives the
same cards (tests/test_layout.py)."""

from __future__ import annotations

SEEDS: dict[str, tuple[tuple[int, int], tuple[int, ...]]] = '''


def seeds() -> dict[str, tuple[tuple[int, int], tuple[int, ...]]]:
    """For each table of the registry's games (by :func:`game.table.layout.seed_key`):
    the play area of :data:`WINDOW` and each arrangement's widest cards there, in the
    table's order."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.games.catalog import KINDS
    from game.table.layout import _Search, card_room, seed_key

    found = {}
    for kind in KINDS:
        table = kind.table
        room = card_room(*WINDOW, table.buttons)
        search = _Search(room, table.arcs)
        middle = (search.low + search.high) // 2
        widths = tuple(
            search.widest(arranger, middle) for arranger in (*table.arcs, *table.compact)
        )
        found[seed_key(table)] = ((room.width, room.height), widths)
    return found


def text() -> str:
    """The module's text."""
    lines = [
        f'    "{name}": (\n        {room!r},\n        {widths!r},\n    ),'
        for name, (room, widths) in sorted(seeds().items())
    ]
    return HEAD + "{\n" + "\n".join(lines) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is out of date")
    args = parser.parse_args(argv)
    wanted = text()
    if args.check:
        if OUT.read_text(encoding="utf-8") != wanted:
            print(f"{OUT} is out of date: run python tools/layout_seeds.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(wanted, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
