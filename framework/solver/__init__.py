"""One solver for every game: won with a line, lost (a proof), or unknown within a budget.

>>> import framework
>>> from framework.solver import Budget, solve
>>> game = framework.load_game("steeplechase")
>>> result = solve(game.deal(1), Budget(nodes=50))
>>> result.answer in ("won", "lost", "unknown") and result.nodes <= 50
True
"""

from .result import ANSWERS, LOST, UNKNOWN, WON, Budget, Result
from .search import SolverError, solve

__all__ = ["ANSWERS", "Budget", "LOST", "Result", "SolverError", "UNKNOWN", "WON", "solve"]
