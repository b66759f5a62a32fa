"""One solver for every game: won with a line, lost (a proof), or unknown within a budget.

``solve(state, Budget(nodes=...))`` returns a ``Result``; ``docs/solver.md`` shows it at work.
"""

from .portfolio import solve
from .result import ANSWERS, LOST, UNKNOWN, WON, Budget, Result
from .search import SolverError

__all__ = ["ANSWERS", "Budget", "LOST", "Result", "SolverError", "UNKNOWN", "WON", "solve"]
