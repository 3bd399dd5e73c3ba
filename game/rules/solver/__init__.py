"""The solvers of Half Moon and of the Crescents, for tests and analysis only: the game
never offers them.

``python -m game.rules.solver HM1-N-AAAAAAB`` (or ``HM1-O-AAAAAAB``) prints a winning
line or proves that the deal cannot be won; ``--sample N [--variant C|F|O]`` estimates
the share of winnable deals. How the searches work is told in
:mod:`game.rules.solver.search` (Half Moon) and :mod:`game.rules.solver.crescent_search`.
"""

from .budget import Verdict
from .crescent_search import CrescentSolution, solve_crescent
from .search import Solution, solve

__all__ = ["CrescentSolution", "Solution", "Verdict", "solve", "solve_crescent"]
