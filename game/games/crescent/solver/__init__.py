"""The Crescents' solver (tests and analysis only): see :mod:`.search`."""

from .search import CrescentSolution, solve_crescent

__all__ = ["CrescentSolution", "solve_crescent"]
