"""Fair hints: the move a player who cannot see the hidden cards would be told, from the public view alone.

The hidden cards (``public``: face down, or in a stock out of sight) are known as a
whole: every card of the pack that is not in sight. Where each one lies is not. A fair
hint deals them out again at random into the places of hidden cards (an *arrangement*
consistent with what the player sees), searches each arrangement briefly (``hint``), and
proposes the move that starts a win in most of them, saying in how many. It asks the
position nothing but its public view: the arrangements are drawn from the hidden cards
in sorted order, by a random generator of a fixed seed, so that two positions that differ
only in hidden cards get the same arrangements, and so the same hint.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

from ..moves import Move
from ..public import hidden_count
from ..state import State
from .hint import SOLUTION, first_choice, hint

#: How many arrangements of the hidden cards a fair hint searches unless told.
SAMPLES = 40


class FairHint(NamedTuple):
    """A fair hint: the ``move`` (None where there is no legal move), and in how many of the ``samples``
    arrangements of the hidden cards a line starting with it was found to win (``wins``)."""

    move: Move | None
    wins: int
    samples: int


def hidden_places(state: State) -> list[tuple[int, int]]:
    """The places of the hidden cards of ``state``: (pile, index from the bottom), pile by pile."""
    return [(pile, index) for pile in range(len(state.piles)) for index in range(hidden_count(state, pile))]


def arrangement(state: State, rng: random.Random) -> State:
    """A position that looks like ``state`` to a player (the same public view) with its hidden cards dealt out
    again at random by ``rng``; the state's move stack is not kept. Only the hidden cards as a whole (sorted)
    are read, never their places."""
    places = hidden_places(state)
    cards = sorted(state.piles[pile][index] for pile, index in places)
    rng.shuffle(cards)
    piles = [list(pile) for pile in state.piles]
    for (pile, index), card in zip(places, cards):
        piles[pile][index] = card
    return State(state.game, piles, list(state.face_down), dict(state.vars), state.seed)


def fair_hint(state: State, seconds: float = 2.0, nodes: int | None = None, samples: int = SAMPLES, seed: int = 0,
              autoplay: bool = False) -> FairHint:
    """The fair hint in ``state`` (left unchanged): ``samples`` arrangements of its hidden cards drawn with
    ``seed``, each searched for a share of ``seconds`` (and of ``nodes``), with auto-play's turns if
    ``autoplay``; the move that starts a win in most of them (the first found, on a tie). Where none is
    won, the solver's first choice in the first arrangement, with 0 wins."""
    if not state.legal_moves():
        return FairHint(None, 0, samples)
    rng = random.Random(seed)
    share = None if nodes is None else max(nodes // samples, 1)
    arrangements = [arrangement(state, rng) for _ in range(samples)]
    wins: Counter[Move] = Counter()
    for board in arrangements:
        found = hint(board, seconds / samples, share, autoplay=autoplay)
        if found.how == SOLUTION and found.move is not None:
            wins[found.move] += 1
    if not wins:
        return FairHint(first_choice(arrangements[0]), 0, samples)
    move, count = wins.most_common(1)[0]
    return FairHint(move, count, samples)
