"""The Crescents' solver (tests and analysis only): see :mod:`.search`.

Here too its entry for ``python -m game.rules.solver``
(:class:`~game.rules.solver.report.KindSolver`): the command line names no game.
"""

from __future__ import annotations

from ....rules.solver.report import THOUGHTFUL, Report, position_keys, winning_slots
from ..game import Crescent
from ..variants import VARIANT_LETTERS, VARIANTS, variant_of
from .search import CrescentSolution, solve_crescent

LETTERS = VARIANT_LETTERS
"""The code letters this solver solves: ``"CFO"``."""
SECONDS = 10.0
"""The default time limit per deal."""
NAMES = {variant.letter: variant.name for variant in VARIANTS}
"""The game of each letter."""
_VARIANT_KEY = "VARIANT"
"""The key of the line naming the variant, which every Crescent position has."""


def sample_header(letter: str) -> tuple[str, ...]:
    """The variant sampled, and whether its face-down cards are known to the solver."""
    variant = variant_of(letter)
    head = f"variant: {variant.name} (HM1-{letter}-, {variant.redeals} redeals)"
    return (head,) if variant.face_up else (head, THOUGHTFUL)


def _report(game: Crescent, max_seconds: float) -> Report:
    solution = solve_crescent(game, max_seconds=max_seconds)
    notes = () if game.variant.face_up else (f"({game.variant.name}, {THOUGHTFUL})",)
    moves = []
    for number, move in enumerate(solution.line, start=1):
        result = game.play(move)
        card = f"  ({result.card.symbol_name})" if result.card is not None else ""
        moves.append(f"{number:3}. {move}{card}")
    return Report(solution.verdict, tuple(moves), solution.nodes, solution.seconds, notes)


def solve_code(code: str, max_seconds: float) -> Report:
    """Solve the deal of an ``HM1-C-``, ``HM1-F-`` or ``HM1-O-`` code."""
    return _report(Crescent.from_code(code), max_seconds)


def solve_position(text: str, max_seconds: float) -> Report | None:
    """Solve a Crescent position (one with a ``variant:`` line), else None."""
    if _VARIANT_KEY not in position_keys(text):
        return None
    return _report(Crescent.from_position(text), max_seconds)


def line(game: object, max_nodes: int) -> list[tuple[str, ...]] | None:
    """A winning line from ``game`` as the slots each move touches (a move made by a
    button, such as a redeal, touches none), or None when none was found within
    ``max_nodes`` positions (the monkey plays it: tools/monkey_scripts.py)."""
    if not isinstance(game, Crescent):
        raise TypeError(f"{game!r} is not a game of this solver")
    return winning_slots(solve_crescent(game, max_nodes=max_nodes))


__all__ = ["CrescentSolution", "solve_crescent"]
