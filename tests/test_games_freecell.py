"""The FreeCell family's games: what sets each apart, on small positions with their exact legal moves.

Each position names only the piles it needs (the others are empty). Cards that must not move are chosen so
that nothing fits them: free cells are filled with cards that no top card takes, and columns that must not
be empty hold cards of one rank (which never build on each other).
"""

from __future__ import annotations

import pytest

import framework
from framework import State
from framework.cards import card_text


def cards_of(state: State, name: str) -> str:
    return " ".join(card_text(card) for card in state.piles[state.game.pile_index(name)])


# Baker's Game and the Microsoft deals


@pytest.mark.parametrize("deal", ["ms:1", "ms:617", "ms:11982", "ms:1000000"])
def test_bakers_game_deals_microsoft_numbers_card_for_card_as_freecell(deal):
    freecell, bakers = framework.load_game("freecell"), framework.load_game("bakers-game")
    assert bakers.pile_names == freecell.pile_names
    ours, theirs = bakers.deal(deal), freecell.deal(deal)
    assert ours.piles == theirs.piles and ours.face_down == theirs.face_down


def test_bakers_game_ms_1_has_windows_first_row():
    state = framework.load_game("bakers-game").deal("ms:1")
    assert " ".join(cards_of(state, f"t{column}").split()[0] for column in range(1, 9)) == "JD 2D 9H JC 5D 7H 7C 5H"
