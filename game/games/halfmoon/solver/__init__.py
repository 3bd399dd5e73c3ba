"""Half Moon's solver (tests and analysis only): see :mod:`.search`."""

from .search import Solution, solve

__all__ = ["Solution", "solve"]
