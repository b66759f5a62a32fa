"""Fair play: a deal played from the deal to the end by a player who cannot see the hidden cards.

At each position the player asks for the fair hint (``fair.fair_hint``: arrangements of the
hidden cards sampled, each searched briefly) and plays its move, until the game is won, no
move is legal, a position comes round again (the policy is going in a circle) or the move
cap is reached. Once no card is hidden the position is what the thoughtful solver sees, and
a winning line it finds within the same budget is played out whole. Every search has a node
budget and every sample a seed drawn from the deal's seed and the move's number, so the same
deal is played the same way everywhere. ``play_fair`` gives a record of the shape of
``stats.solve_deal``'s, so a study of fair play is kept, resumed and summed up as any study.
"""

from __future__ import annotations

import time
from typing import Any, NamedTuple

from ..public import hidden_count
from ..state import State
from .canonical import key_function
from .fair import fair_hint
from .hint import SOLUTION, hint
from .result import LOST, WON

#: The seed of the fair hint of move ``move`` of deal ``deal``, as a study's key names it (change the one, change
#: the other): unique while ``move`` is below the move cap.
SEED_SCHEME = "deal * move cap + move"
#: What the fair hint knows of the game played so far, as a study's key names it: it keeps away from the
#: positions of the deal's own move stack (``fair.going_back``). Answers of a hint that did not are not these.
HISTORY = "keeps away from positions reached"

#: ``stopped_by`` of a deal fair play lost: no legal move was left.
STUCK = "no move"
#: ``stopped_by``: a position came round again.
LOOP = "repeated position"
#: ``stopped_by``: the policy's move cap was reached.
CAPPED = "move cap"


class FairPolicy(NamedTuple):
    """The fair player: ``samples`` arrangements per hint, ``nodes`` positions per move over all of them,
    at most ``seconds`` per move (a safety net: with it binding, answers depend on speed), and at most
    ``move_cap`` moves per deal (a policy still playing then is taken to have lost)."""

    samples: int
    nodes: int
    seconds: float
    move_cap: int

    def to_dict(self) -> dict[str, Any]:
        """The policy as plain data, as a study's key holds it (with the seed scheme)."""
        return {"samples": self.samples, "nodes": self.nodes, "seconds": self.seconds, "move cap": self.move_cap,
                "seeds": SEED_SCHEME, "history": HISTORY}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FairPolicy:
        """The policy ``to_dict`` gave."""
        return cls(data["samples"], data["nodes"], data["seconds"], data["move cap"])


def play_fair(state: State, policy: FairPolicy, deal: int) -> dict[str, Any]:
    """Plays deal ``deal`` from ``state`` (played on) by the fair ``policy``: the deal's record, ``answer`` won
    or lost, ``moves`` played, ``positions`` the distinct positions passed through, ``stopped_by`` why a lost
    deal stopped. ``nodes`` is 0: the searches of the hints are not counted."""
    started = time.perf_counter()
    key = key_function(state.game)
    seen = {key(state)}
    stopped = None
    while not state.is_won() and stopped is None:
        stopped = _play_one(state, policy, deal) or _repeated(state, key, seen)
    return {"seed": deal, "answer": WON if state.is_won() else LOST, "moves": len(state.move_stack), "nodes": 0,
            "positions": len(seen), "seconds": round(time.perf_counter() - started, 4), "stopped_by": stopped}


def _play_one(state: State, policy: FairPolicy, deal: int) -> str | None:
    """Plays the fair policy's next move (or, with nothing hidden, a winning line found) on ``state``; why it
    cannot, or None."""
    played = len(state.move_stack)
    if played >= policy.move_cap:
        return CAPPED
    if _nothing_hidden(state):
        found = hint(state, policy.seconds, max(policy.nodes // policy.samples, 1))
        line = found.line if found.how == SOLUTION else (() if found.move is None else (found.move,))
    else:
        move = fair_hint(state, policy.seconds, policy.nodes, policy.samples, seed=deal * policy.move_cap + played).move
        line = () if move is None else (move,)
    for move in line[:policy.move_cap - played]:
        state.push(move)
    return None if line else STUCK


def _repeated(state: State, key: Any, seen: set[bytes]) -> str | None:
    """``LOOP`` if ``state``'s position is in ``seen`` already; else None, and it is added."""
    position = key(state)
    if position in seen:
        return LOOP
    seen.add(position)
    return None


def _nothing_hidden(state: State) -> bool:
    """Whether the player sees every card of ``state``."""
    return not any(hidden_count(state, pile) for pile in range(len(state.piles)))
