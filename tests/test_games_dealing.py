"""Games whose stock's last deal goes to other groups (``last_deal_to``: The Baroness, Cone). Each test builds a
position by hand and states the exact set of legal moves (the moves that must not be legal are named in a
comment)."""

from __future__ import annotations

import pytest
from helpers import build, cards_of, play

import framework
from framework.errors import IllegalMoveError
from framework.refusals import explain
from framework.testing import legal_texts
from framework.words import move_words


def lengths(state: framework.State, names: str) -> list[int]:
    return [len(state.piles[state.game.pile_index(name)]) for name in names.split()]


# The Baroness: five piles fed a card each per deal, the last seven cards to the piles and the two reserves


def test_the_baroness_deals_five_piles_of_one_and_leaves_the_reserves_for_the_last_deal():
    state = framework.load_game("the-baroness").deal(1)
    assert lengths(state, "p1 p2 p3 p4 p5 r1 r2 s") == [1, 1, 1, 1, 1, 0, 0, 47]
    for _ in range(8):  # eight deals of five cards each
        play(state, ["d"])
    assert lengths(state, "p1 p2 p3 p4 p5 r1 r2 s") == [9, 9, 9, 9, 9, 0, 0, 7]
    play(state, ["d"])
    assert lengths(state, "p1 p2 p3 p4 p5 r1 r2 s") == [10, 10, 10, 10, 10, 1, 1, 0]


def test_the_baroness_pairs_thirteen_moves_a_top_card_to_an_empty_pile_and_deals_its_last_seven():
    state = build("the-baroness", {"p1": "5C", "p2": "8D", "p3": "KH", "p5": "QS AD",
                                   "s": "2C 3C 4C 5D 6D 7D 9S"})
    # 5C+8D pair, KH leaves alone, any top card goes to the empty p4; QS lies under AD, which pairs with no Q
    assert legal_texts(state) == {"p1 p2", "p3 d", "p1 p4", "p2 p4", "p3 p4", "p5 p4", "d"}
    play(state, ["d"])  # 9S, the stock's top card, goes to p1; 3C and 2C to the reserves
    assert [cards_of(state, name) for name in ("p1", "p2", "p3", "p4", "p5", "r1", "r2", "s")] == [
        "5C 9S", "8D 7D", "KH 6D", "5D", "QS AD 4C", "3C", "2C", ""]
    # the reserve cards pair too (3C with 9S? no: 12); 4C with 9S, 7D with 6D; KH is covered now; no deal is left
    assert legal_texts(state) == {"p1 p5", "p2 p3"}


def test_the_baroness_deals_onto_empty_piles_before_its_last_deal():
    state = build("the-baroness", {"p1": "5C", "s": "2C 3C 4C 5D 6D 7D 9S TS JS QS 2H 3H"})
    assert move_words(state, state.parse_move("d")) == "deal a card to each column"
    play(state, ["d"])
    assert lengths(state, "p1 p2 p3 p4 p5 r1 r2 s") == [2, 1, 1, 1, 1, 0, 0, 7]
    assert move_words(state, state.parse_move("d")) == "deal the last 7 cards, one to each column and reserve pile"


# Cone: the last four cards of the stock go to four reserves, whether a column is empty or not


def test_cone_deals_its_columns_as_a_cone():
    state = framework.load_game("cone").deal(1)
    assert lengths(state, "t1 t2 t3 t4 t5 t6 t7 s") == [1, 2, 3, 4, 3, 2, 1, 88]
    assert sum(state.face_down) == 0


def test_cone_deals_a_row_only_without_an_empty_column_but_its_last_four_cards_always():
    five = build("cone", {"t1": "5H", "t3": "KS QH", "s": "2C 3C 4C 5C 6C"})
    # no deal: t2 is empty and the stock holds more than the last four
    assert legal_texts(five) == {"t1 t2", "t1 t4", "t1 t5", "t1 t6", "t1 t7", "t3 t2", "t3 t4", "t3 t5", "t3 t6",
                                 "t3 t7", "t3 t2 2", "t3 t4 2", "t3 t5 2", "t3 t6 2", "t3 t7 2"}
    with pytest.raises(IllegalMoveError, match="the stock deals only when every column holds a card"):
        five.parse_move("d")
    four = build("cone", {"t1": "5H", "t3": "KS QH", "s": "2C 3C 4C 5C"})
    assert "d" in legal_texts(four)
    play(four, ["d"])
    assert [cards_of(four, name) for name in ("t1", "t2", "r1", "r2", "r3", "r4", "s")] == [
        "5H", "", "5C", "4C", "3C", "2C", ""]


def test_cone_plays_reserve_cards_to_columns_and_foundations_and_builds_round_the_corner():
    state = build("cone", {"t1": "AH", "t2": "2S", "t3": "QD", "t4": "8C", "t5": "8S", "t6": "5D", "t7": "5H",
                           "r1": "KC", "r2": "AC", "f2": "AD", "s": "2C 3C 4C 5C 6C 7C 8C 9C"})
    # KC on AH round the corner; AC to its foundation (not onto 2S: both black); AH to its foundation or onto 2S;
    # f2's AD back onto 2S; KC not onto QD (K is above Q); the empty reserves take nothing; every column holds a
    # card, so the stock deals
    assert legal_texts(state) == {"r1 t1", "r2 f1", "t1 f3", "t1 t2", "f2 t2", "d"}
    assert explain(state, state.parse_move("d")) == "legal now: deal a card to each column"
