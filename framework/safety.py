"""Moves to a foundation that cannot spoil a game, for auto-play and the solver.

A card may go to a foundation safely when the foundation builds one way (up or
down) and no card that could still be built on it anywhere on the table is left
off the foundations: then nothing will ever need it as a place to land, and
laying it closes no other way. Where columns build in alternate colours that is
the usual rule: a red 5 goes up once both black 4s are up. A whole suit that a
foundation takes at once (a K..A run) goes up by the same test, made on its top
card.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

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
    game = state.game
    foundations = set(game.foundation_piles)
    choosing = game.base_rank_played and state.base_rank is None  # the first card up chooses the base rank
    candidates = [
        move for move in state.legal_moves()
        if not move.action and move.target in foundations and move.source not in foundations and not choosing
        # one card, or a whole suit onto a foundation filled at once (a K..A run)
        and (move.count == 1 or game.pile_group[move.target].spec.fill_at_once)
        # on a foundation built both ways (Golf), each card laid changes what the next may be: a choice
        and game.pile_group[move.target].spec.build.direction in (Direction.UP, Direction.DOWN)
    ]
    if not candidates:
        return []
    on_foundations = Counter(card for pile in game.foundation_piles for card in state.piles[pile])
    building = building_groups(game)
    safe = []
    seen_sources = set()
    for move in candidates:
        if move.source in seen_sources:
            continue
        card = state.piles[move.source][-1]
        needed = any(
            group.fits(card, other) and on_foundations[other] < game.spec.decks
            for group in building
            for other in range(52)
        )
        if not needed:
            safe.append(move)
            seen_sources.add(move.source)
    return safe
