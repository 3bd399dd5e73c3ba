"""Elevens' solver (tests and analysis only): see :mod:`.search`.

Here too its entry for ``python -m game.rules.solver``
(:class:`~game.rules.solver.report.KindSolver`): the command line names no game.
"""

from __future__ import annotations

from ....rules.solver.report import THOUGHTFUL, Report, position_keys, winning_slots
from ..rules import LETTER, Elevens
from ..table import SLOTS, ElevensTable
from .search import ElevensSolution, solve_elevens

LETTERS = LETTER
"""The code letters this solver solves: ``"E"``."""
SECONDS = 2.0
"""The default time limit per deal (a deal takes well under a millisecond)."""
NAMES = {LETTER: Elevens.NAME}
"""The game of each letter."""


def sample_header(letter: str) -> tuple[str, ...]:
    """The stock is known to the solver: it is the deal."""
    return (THOUGHTFUL,)


def _report(table: ElevensTable, max_seconds: float) -> Report:
    solution = solve_elevens(table, max_seconds=max_seconds)
    notes = (f"({Elevens.NAME}, {THOUGHTFUL})",) if table.stock else ()
    moves = []
    for number, removal in enumerate(solution.line, start=1):
        cards = " ".join(str(table.top(s)) for s in removal.slots)
        table = table.without(removal.slots)
        moves.append(f"{number:2}. {removal}  ({cards})")
    return Report(solution.verdict, tuple(moves), solution.nodes, solution.seconds, notes)


def solve_code(code: str, max_seconds: float) -> Report:
    """Solve the deal of an ``HM1-E-`` code."""
    return _report(Elevens.from_code(code).table, max_seconds)


def solve_position(text: str, max_seconds: float) -> Report | None:
    """Solve an Elevens position (one naming a grid slot G1 ... G9 or the stock), else
    None."""
    if not position_keys(text) & {slot.upper() for slot in SLOTS}:
        return None
    return _report(ElevensTable.parse(text), max_seconds)


def line(game: object, max_nodes: int) -> list[tuple[str, ...]] | None:
    """A winning line from ``game`` as the slots each move touches (a move made by a
    button, such as a redeal, touches none), or None when none was found within
    ``max_nodes`` positions (the monkey plays it: tools/monkey_scripts.py)."""
    if not isinstance(game, Elevens):
        raise TypeError(f"{game!r} is not a game of this solver")
    return winning_slots(solve_elevens(game, max_nodes=max_nodes))


__all__ = ["ElevensSolution", "solve_elevens"]
