"""The solvers of the games, for tests and analysis only: the game never offers them.

``python -m game.rules.solver HM1-N-AAAAAAB`` (any game's code) prints a winning line or
proves that the deal cannot be won; ``--sample N [--variant LETTER]`` estimates the share
of winnable deals. What they share is here (:mod:`.budget`: the verdicts, time budgets
and restarts); each game's search is in its folder (``game/games/<key>/solver/``), and
its names are found there when first asked for, as :mod:`game.rules` finds the rules.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .budget import Verdict


def kinds_solvers() -> list[Any]:
    """Every kind folder's solver package (``game/games/<key>/solver``), by folder name."""
    from .. import KINDS_PACKAGE, kinds_rules

    found = []
    for rules in kinds_rules():
        folder = rules.__name__.rpartition(".")[0]
        try:
            found.append(import_module(f"{folder}.solver"))
        except ModuleNotFoundError as error:
            if error.name != f"{folder}.solver":
                raise
    assert all(module.__name__.startswith(KINDS_PACKAGE) for module in found)
    return found


def solver_for(letter: str) -> Any | None:
    """The solver package of the kind whose codes carry ``letter`` (its entry:
    :class:`~.report.KindSolver`), or None for a kind without a solver."""
    return next((m for m in kinds_solvers() if letter in getattr(m, "LETTERS", "")), None)


def __getattr__(name: str) -> Any:
    """A kind's solver name (``solve``, ``solve_crescent``...), from its folder."""
    for module in kinds_solvers():
        if name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            globals()[name] = value
            return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Verdict", "kinds_solvers", "solver_for"]
