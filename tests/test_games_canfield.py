"""The Canfield family's games play by their rules: for each, a hand-made position and exactly its legal moves.

Positions are written as card texts, bottom card first; cards before a ``|`` lie
face down. Ranks for ``base_rank`` are numbers (A = 1, J = 11, Q = 12, K = 13).
Each test says in a comment the moves that must not be legal and why.
"""

from __future__ import annotations

import functools

import pytest

import framework
from framework.cards import card_text
from framework.testing import check_random_games, legal_texts, position

GAMES = [
    "superior-canfield", "rainfall", "rainbow", "storehouse", "chameleon", "casino-canfield",
]


@functools.cache
def game(game_id: str) -> framework.Game:
    return framework.load_game(game_id)


def build(game_id: str, piles: dict[str, str], **variables: object) -> framework.State:
    return position(game(game_id), piles, **variables)


def cards_of(state: framework.State, name: str) -> str:
    return " ".join(card_text(card) for card in state.piles[state.game.pile_index(name)])


def face_down(state: framework.State, name: str) -> int:
    return state.face_down[state.game.pile_index(name)]


def shape(state: framework.State) -> dict[str, tuple[int, int]]:
    """(cards, face-down cards) of every pile that has cards (a stock counts none: it is face down by its role)."""
    return {name: (len(pile), down) for name, pile, down in zip(state.game.pile_names, state.piles, state.face_down)
            if pile}


# --- one deck -------------------------------------------------------------------------------


def test_superior_canfield_deals_the_reserve_face_up_and_never_refills_a_column_from_it():
    assert face_down(game("superior-canfield").deal(1), "r") == 0
    piles = {"r": "4C 5D 6S", "t2": "TS 9H", "t3": "KD", "t4": "8C", "f1": "2C", "w": "JC", "s": "3D"}
    state = build("superior-canfield", piles, base_rank=2)
    # the empty t1 takes any card from the reserve, the waste or a column (a whole column too);
    # not: 'w t3' (JC needs a red Q), 't2 t1' of one card only is a top card, so both counts are legal
    assert legal_texts(state) == {"r t1", "w t1", "t2 t1", "t2 t1 2", "t3 t1", "t4 t1", "t4 t2", "d"}
    state.push(state.parse_move("t4 t2"))
    assert cards_of(state, "t4") == "" and cards_of(state, "r") == "4C 5D 6S"  # t4 stays empty


def test_rainfall_turns_one_card_and_redeals_twice_only():
    kings = {"t1": "KS", "t2": "KH", "t3": "KD", "t4": "KC", "r": "3H", "f1": "AC"}
    state = build("rainfall", {**kings, "w": "5C 6D", "s": "2S 3S"}, base_rank=1)
    state.push(state.parse_move("d"))
    assert cards_of(state, "w") == "5C 6D 3S" and cards_of(state, "s") == "2S"
    # nothing on the table moves: the kings need an ace, 3H and 6D nothing shows
    assert legal_texts(build("rainfall", {**kings, "w": "5C 6D"}, base_rank=1, redeals_used=1)) == {"redeal"}
    assert legal_texts(build("rainfall", {**kings, "w": "5C 6D"}, base_rank=1, redeals_used=2)) == set()


def test_rainbow_columns_build_in_any_suit_round_the_corner_with_no_redeal():
    piles = {"t1": "5S", "t2": "6S", "t3": "AH", "t4": "KD", "r": "JD", "f1": "9C", "w": "QC 4S"}
    # 5S on 6S (same suit is fine), KD on AH (round the corner), 4S on 5S; no redeal with the stock empty
    assert legal_texts(build("rainbow", piles, base_rank=9)) == {"t1 t2", "t4 t3", "w t1"}


def test_storehouse_deals_the_twos_and_builds_columns_down_by_suit():
    deal = game("storehouse").deal(3)
    assert [cards_of(deal, f"f{n}") for n in range(1, 5)] == ["2C", "2D", "2H", "2S"]
    assert shape(deal)["r"] == (13, 12) and shape(deal)["s"] == (31, 0)
    piles = {"f1": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "w": "AC", "t1": "AS", "t2": "KS", "t3": "KH",
             "t4": "QH", "r": "5D"}
    # AC goes on KC (round the corner); KS on AS; QH on KH; not 't3 t1' (KH on AS: another suit),
    # not 't4 t2' (QH on KS: another suit); the empty stock may be redealt
    assert legal_texts(build("storehouse", piles)) == {"w f1", "t2 t1", "t4 t3", "redeal"}


def test_chameleon_has_three_columns_and_moves_a_top_card_or_a_whole_column():
    assert shape(game("chameleon").deal(1))["r"] == (12, 11)
    assert [name for name in game("chameleon").pile_names if name.startswith("t")] == ["t1", "t2", "t3"]
    piles = {"t1": "9D 8S 7H", "t2": "TC", "t3": "8C", "r": "2D", "f1": "5H"}
    # 7H on 8C, the whole column on TC; not '8S 7H' alone (part of a column), not 7H on TC
    assert legal_texts(build("chameleon", piles, base_rank=5)) == {"t1 t3", "t1 t2 3"}


def test_casino_canfield_turns_one_card_and_has_no_redeal():
    piles = {"t1": "KS", "t2": "KH", "t3": "KD", "t4": "KC", "r": "3H", "f1": "AC", "w": "5C 6D", "s": "4S"}
    state = build("casino-canfield", piles, base_rank=1)
    assert legal_texts(state) == {"d"}
    state.push(state.parse_move("d"))
    assert cards_of(state, "w") == "5C 6D 4S"
    assert legal_texts(state) == set()  # 4S fits nowhere, and the waste is not turned back


# --- every game -----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_keep_the_kernel_promises(game_id):
    assert check_random_games(game(game_id), seeds=range(4), moves=120) > 0
