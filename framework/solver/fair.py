"""Fair hints: the move a player who cannot see the hidden cards would be told, from the public view alone.

The hidden cards (``public``: face down, or in a stock out of sight) are known as a
whole: every card of the pack that is not in sight. Where each one lies is not. A fair
hint deals them out again at random into the places of hidden cards (an *arrangement*
consistent with what the player sees), searches each arrangement briefly (``hint``), and
proposes the move that starts a win in most of them, saying in how many. It asks the
position nothing but its public view: the arrangements are drawn from the hidden cards
in sorted order, by a random generator of a fixed seed, so that two positions that differ
only in hidden cards get the same arrangements, and so the same hint.

Nor does it go back where the game has been. The positions of the game's move stack are
known to it as the player saw them (``masked``: their hidden cards in sorted order), and in
each arrangement the moves that lead to a position that looks like one of them are kept
away from, as ``hint``'s ``avoid`` keeps the all-knowing hint away from positions reached.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from typing import NamedTuple

from ..moves import Move
from ..public import hidden_count
from ..safety import with_auto_play
from ..state import State
from .canonical import Keys, key_function
from .hint import SOLUTION, Hint, hint

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
    return _dealt(state, places, cards)


def masked(state: State) -> State:
    """``state`` as a player sees it, as a position: its hidden cards laid in their places in sorted order, the
    same for every position of its public view; without the move stack."""
    places = hidden_places(state)
    return _dealt(state, places, sorted(state.piles[pile][index] for pile, index in places))


def _dealt(state: State, places: list[tuple[int, int]], cards: list[int]) -> State:
    """``state`` (without its move stack) with ``cards`` laid in ``places``, one each."""
    piles = [list(pile) for pile in state.piles]
    for (pile, index), card in zip(places, cards):
        piles[pile][index] = card
    return State(state.game, piles, list(state.face_down), dict(state.vars), state.seed)


def seen(state: State) -> frozenset[bytes]:
    """The canonical keys of the positions of ``state``'s move stack as the player saw them (``masked``)."""
    key = key_function(state.game)
    back = state.copy()
    keys = {key(masked(back))}
    while back.move_stack:
        back.pop()
        keys.add(key(masked(back)))
    return frozenset(keys)


def going_back(board: State, been: frozenset[bytes], key: Keys, autoplay: bool) -> frozenset[bytes]:
    """The canonical keys of the positions ``board``'s moves reach that look like one of ``been`` (``seen``): the
    places a hint in ``board`` keeps away from. With ``autoplay``, a move goes back if it does so alone or as a
    turn, and both its positions are kept away from."""
    starts = (board, with_auto_play(board)) if autoplay else (board,)
    away: set[bytes] = set()
    for move in board.legal_moves():
        reached = [_after(start, move) for start in starts]
        if any(key(masked(after)) in been for after in reached):
            away.update(key(after) for after in reached)
    return frozenset(away)


def _after(state: State, move: Move) -> State:
    """The position ``move`` leads to from ``state`` (a copy)."""
    after = state.copy(stack=False)
    after.push(move)
    return after


def fair_hint(state: State, seconds: float = 2.0, nodes: int | None = None, samples: int = SAMPLES, seed: int = 0,
              autoplay: bool = False) -> FairHint:
    """The fair hint in ``state`` (left unchanged): ``samples`` arrangements of its hidden cards drawn with
    ``seed``, searched in turn for an equal share of what is left of ``seconds`` (and a share of ``nodes``), with
    auto-play's turns if ``autoplay``; the move that starts a win in most of them (the first found, on a tie).
    Where none is won, the solver's first choice in the first arrangement, with 0 wins. In each arrangement, no
    move that leads to a position looking like one of ``state``'s move stack (``going_back``) is proposed: the
    move is None where every move does."""
    if not state.legal_moves():
        return FairHint(None, 0, samples)
    found = list(_searches(state, seconds, nodes, samples, seed, autoplay))
    wins = Counter(each.move for each in found if each.how == SOLUTION)
    if not wins:
        return FairHint(found[0].move, 0, samples)
    move, count = wins.most_common(1)[0]
    return FairHint(move, count, samples)


def _searches(state: State, seconds: float, nodes: int | None, samples: int, seed: int,
              autoplay: bool) -> Iterator[Hint]:
    """The all-knowing hint in each of ``samples`` arrangements of ``state``'s hidden cards, in turn (``fair_hint``)."""
    rng = random.Random(seed)
    share = None if nodes is None else max(nodes // samples, 1)
    been = seen(state) if state.move_stack else frozenset()
    key = key_function(state.game)
    deadline = time.monotonic() + seconds
    for number in range(samples):
        board = arrangement(state, rng)
        avoid = going_back(board, been, key, autoplay) if been else frozenset()
        left = max(deadline - time.monotonic(), 0.0) / (samples - number)  # a search over its share takes from the rest
        yield hint(board, left, share, avoid=avoid, autoplay=autoplay)
