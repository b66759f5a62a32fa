"""What the solver is given (a budget) and what it answers (a result): plain, picklable data."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..moves import Move

WON = "won"
LOST = "lost"
UNKNOWN = "unknown"
ANSWERS = (WON, LOST, UNKNOWN)


@dataclass(frozen=True)
class Budget:
    """How much search one question may take; None means no limit.

    ``nodes`` (positions expanded) is the deterministic budget: the same
    position and node budget always give the same answer. ``seconds`` and
    ``memory_mb`` (the estimated size of the table of positions seen) are
    safety nets; a search stopped by the clock may answer differently on
    another run or machine.
    """

    nodes: int | None = None
    seconds: float | None = None
    memory_mb: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """The budget as a JSON-ready object."""
        return asdict(self)


@dataclass(frozen=True)
class Result:
    """The solver's answer for one position.

    ``answer`` is ``won`` (``line`` wins from the position; it was replayed
    through the kernel), ``lost`` (every position reachable from it was searched:
    no win exists) or ``unknown`` (``stopped_by`` names the budget that ran out).
    """

    answer: str
    nodes: int
    positions: int
    seconds: float
    moves: tuple[Move, ...] = ()
    line: tuple[str, ...] = ()
    stopped_by: str | None = None
    #: Which kernel searched: ``native`` (the C core, ``framework.native``) or ``python``.
    core: str = "python"

    @property
    def decided(self) -> bool:
        """Whether the answer is won or lost."""
        return self.answer != UNKNOWN

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready object (moves as text)."""
        return {
            "answer": self.answer,
            "line": list(self.line),
            "nodes": self.nodes,
            "positions": self.positions,
            "seconds": round(self.seconds, 4),
            "stopped_by": self.stopped_by,
            "core": self.core,
        }
