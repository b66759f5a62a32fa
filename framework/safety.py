"""Moves to a foundation that cannot spoil a game, for auto-play and the solver.

A card may go to a foundation safely when the foundation builds one way (up or
down) and no card that could still be built on it anywhere on the table is left
off the foundations: then nothing will ever need it as a place to land, and
laying it closes no other way. Where columns build in alternate colours that is
the usual rule: a red 5 goes up once both black 4s are up. A whole suit that a
foundation takes at once (a K..A run) goes up by the same test, made on its top
card.

Auto-play (``auto_play``) plays them after each move of a player who has it on,
one after another while there is one, but never takes away the card the move
has just laid somewhere. A hint with auto-play on plans the line the player
will see: it searches positions whose every move is such a turn, the move and
auto-play's moves after it (``with_auto_play``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .moves import Move
from .spec import Direction, Role
from .state import State

if TYPE_CHECKING:
    from .compile import Group
    from .game import Game


def building_groups(game: Game) -> list[Group]:
    """The groups off the foundations where cards are built on one another: where a card may still be needed."""
    return [group for group in game.groups.values()
            if group.role != Role.FOUNDATION and group.spec.build.direction != Direction.NONE]


def safe_moves(state: State) -> list[Move]:
    """The legal moves to a foundation in ``state`` that are safe to play without thinking."""
    candidates = _candidates(state)
    if not candidates:
        return []
    game = state.game
    on_foundations = Counter(card for pile in game.foundation_piles for card in state.piles[pile])
    building = building_groups(game)
    safe = []
    seen_sources = set()
    for move in candidates:
        if move.source not in seen_sources and not _needed(game, state.piles[move.source][-1], building,
                                                            on_foundations):
            safe.append(move)
            seen_sources.add(move.source)
    return safe


def auto_play(state: State, last: Move | None) -> list[Move]:
    """Play on ``state`` the safe moves auto-play makes after the move ``last`` (None: after none), one by one
    while there is one; return them.

    The card ``last`` has just laid somewhere stays there: auto-play must not undo
    a move such as taking a card back from a foundation. Each is pushed as a move
    alone (``State.push``), even on a position whose moves are turns.
    """
    left_alone = last.target if last is not None and not last.action else None
    played: list[Move] = []
    while True:
        moves = [move for move in safe_moves(state) if move.source != left_alone]
        if not moves:
            return played
        State.push(state, moves[0])
        played.append(moves[0])


class AutoPlayState(State):
    """A position in which every move is a turn with auto-play on: the move and the moves ``auto_play`` makes
    after it, one move on the stack (``State.merge_last``) that ``pop`` takes back whole."""

    __slots__ = ()
    autoplay = True

    def push(self, move: Move) -> None:
        """Play ``move``, then auto-play's moves; if a plugin fails on the way, the state is left as it was."""
        depth = len(self.move_stack)
        State.push(self, move)
        try:
            auto_play(self, move)
        except BaseException:
            while len(self.move_stack) > depth:
                State.pop(self)
            raise
        self.merge_last(len(self.move_stack) - depth)


def with_auto_play(state: State) -> State:
    """``state``'s position (without the moves that led there) as an ``AutoPlayState``: each move a turn."""
    return state.copy(stack=False, kind=AutoPlayState)


def auto_play_tables(game: Game) -> dict[str, Any]:
    """What auto-play needs of ``game``, as the native core reads it: the foundations a safe move may go to, and the
    cards that may be built on each card in a group that builds."""
    building = building_groups(game)
    return {
        "safe_targets": [pile for pile in game.foundation_piles if _one_way(game.pile_group[pile])],
        "needs": [[other for other in range(52) if any(group.fits(card, other) for group in building)]
                  for card in range(52)],
    }


def _candidates(state: State) -> list[Move]:
    """The legal moves of ``state`` that lay a card (or a whole suit) on a foundation that builds one way: the
    moves that may be safe."""
    game = state.game
    if game.base_rank_played and state.base_rank is None:  # the first card up chooses the base rank
        return []
    foundations = set(game.foundation_piles)
    return [
        move for move in state.legal_moves()
        if not move.action and move.target in foundations and move.source not in foundations
        # one card, or a whole suit onto a foundation filled at once (a K..A run)
        and (move.count == 1 or game.pile_group[move.target].spec.fill_at_once)
        and _one_way(game.pile_group[move.target])
    ]


def _one_way(group: Group) -> bool:
    """Whether a card laid on a foundation of ``group`` may be safe: the group builds one way (on a foundation
    built both ways, as Golf's, each card laid changes what the next may be: a choice), and no other group's card
    closes its piles (``last_card_from``: which foundation a card goes to decides which may close)."""
    return group.spec.build.direction in (Direction.UP, Direction.DOWN) and not group.spec.last_card_from


def _needed(game: Game, card: int, building: list[Group], on_foundations: Counter[int]) -> bool:
    """Whether a card that could be built on ``card`` in one of ``building`` is still off the foundations
    (``on_foundations`` counts the cards there)."""
    return any(group.fits(card, other) and on_foundations[other] < game.spec.decks
               for group in building for other in range(52))
