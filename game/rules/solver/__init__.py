"""A Half Moon solver, for tests and analysis only: the game never offers it.

``python -m game.rules.solver HM1-N-AAAAAAB`` prints a winning line or proves that the
deal cannot be won; ``--sample N`` estimates the share of winnable deals. How the
search works is told in :mod:`game.rules.solver.search`.
"""

from .search import Solution, Verdict, solve

__all__ = ["Solution", "Verdict", "solve"]
