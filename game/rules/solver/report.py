"""What every kind's solver offers the command line (``python -m game.rules.solver``), and
what it answers: a :class:`Report`.

Each kind's solver package (``game/games/<key>/solver/__init__.py``) has the names of
:class:`KindSolver`; the command line finds the one that solves a code's letter among
:func:`~game.rules.solver.kinds_solvers`, so that it names no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..played import PlayerMove
from .budget import Verdict

THOUGHTFUL = "thoughtful: solved with every face-down card known"
"""The note of a solver that knows the cards a player cannot see."""


@dataclass(frozen=True)
class Report:
    """A solver's answer for one deal or position, ready to print."""

    verdict: Verdict
    """WIN, NO_WIN or UNKNOWN."""
    moves: tuple[str, ...]
    """The winning line, a numbered printable line per move (empty unless WIN)."""
    nodes: int
    """Positions expanded."""
    seconds: float
    """Time spent searching."""
    notes: tuple[str, ...] = ()
    """Lines printed before the verdict (``(Crescent, thoughtful: ...)``)."""


class KindSolver(Protocol):
    """The uniform entry of a kind's solver package (its module satisfies this)."""

    LETTERS: str
    """The code letters it solves."""
    SECONDS: float
    """Its default time limit per deal."""
    NAMES: Mapping[str, str]
    """The game of each of its letters, for the command line's help."""

    def sample_header(self, letter: str) -> tuple[str, ...]:
        """The lines ``--sample`` prints before the figures of ``letter``'s deals."""

    def solve_code(self, code: str, max_seconds: float) -> Report:
        """Solve the deal of ``code`` (one of its letters; DealCodeError otherwise)."""

    def solve_position(self, text: str, max_seconds: float) -> Report | None:
        """Solve position text; None when the text is not a position of its game (it
        raises PositionError when it is one, but a wrong one)."""

    def line(self, game: object, max_nodes: int) -> list[tuple[str, ...]] | None:
        """A winning line from a game under way, each move as the slots it touches (none:
        a move made by a button); None when no win was found within ``max_nodes``."""


def position_keys(text: str) -> set[str]:
    """The keys of position text's ``key: value`` lines, upper case (``{"1", "R1",
    "VARIANT"}``), comments and lines without a colon left out: how a kind's solver
    tells its own positions (:meth:`KindSolver.solve_position`)."""
    keys = set()
    for raw in text.splitlines():
        key, colon, _value = raw.strip().partition(":")
        if colon and not key.startswith("#"):
            keys.add(key.strip().upper())
    return keys


class Solved(Protocol):
    """What every kind's solver answers: its verdict and its winning line's moves."""

    @property
    def verdict(self) -> Verdict:
        """WIN, NO_WIN or UNKNOWN."""

    @property
    def line(self) -> Sequence[PlayerMove]:
        """The winning line (empty unless WIN)."""


def winning_slots(solution: Solved) -> list[tuple[str, ...]] | None:
    """A solver's winning line as the slots each move touches (a move made by a button
    touches none), or None when it found no win."""
    if solution.verdict is not Verdict.WIN or not solution.line:
        return None
    return [tuple(move.slots) for move in solution.line]
