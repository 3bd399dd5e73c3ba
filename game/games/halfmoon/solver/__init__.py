"""Half Moon's solver (tests and analysis only): see :mod:`.search`.

Here too its entry for ``python -m game.rules.solver``
(:class:`~game.rules.solver.report.KindSolver`): the command line names no game.
"""

from __future__ import annotations

from ....rules.solver.report import Report, position_keys, winning_slots
from ..rules import Game
from ..slots import RESERVE_SLOTS
from ..table import Table
from .search import Solution, solve

LETTERS = "N"
"""The code letters this solver solves."""
SECONDS = 2.0
"""The default time limit per deal."""
NAMES = {"N": "Half Moon"}
"""The game of each letter."""


def sample_header(letter: str) -> tuple[str, ...]:
    """Nothing precedes a sample's figures."""
    return ()


def _report(table: Table, max_seconds: float) -> Report:
    solution = solve(table, max_seconds=max_seconds)
    replay = Game(table)
    moves = []
    for number, removal in enumerate(solution.line, start=1):
        cards = " ".join(str(replay.top(s)) for s in removal.slots)
        replay.remove(removal)
        moves.append(f"{number:2}. {removal}  ({cards})")
    return Report(solution.verdict, tuple(moves), solution.nodes, solution.seconds)


def solve_code(code: str, max_seconds: float) -> Report:
    """Solve the deal of an ``HM1-N-`` code."""
    return _report(Game.from_code(code).table, max_seconds)


def solve_position(text: str, max_seconds: float) -> Report | None:
    """Solve a Half Moon position (one naming a reserve slot R1 ... R8), else None."""
    if not position_keys(text) & set(RESERVE_SLOTS):
        return None
    return _report(Table.parse(text), max_seconds)


def line(game: object, max_nodes: int) -> list[tuple[str, ...]] | None:
    """A winning line from ``game`` as the slots each move touches (a move made by a
    button, such as a redeal, touches none), or None when none was found within
    ``max_nodes`` positions (the monkey plays it: tools/monkey_scripts.py)."""
    if not isinstance(game, Game):
        raise TypeError(f"{game!r} is not a game of this solver")
    return winning_slots(solve(game, max_nodes=max_nodes))


__all__ = ["Solution", "solve"]
