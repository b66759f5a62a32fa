"""The Canfield family's games play by their rules: for each, a hand-made position and exactly its legal moves.

Positions are written as card texts, bottom card first; cards before a ``|`` lie
face down. Ranks for ``base_rank`` are numbers (A = 1, J = 11, Q = 12, K = 13).
Each test says in a comment the moves that must not be legal and why.
"""

from __future__ import annotations

import functools

import pytest
from helpers import build, cards_of

import framework
from framework.testing import legal_texts

GAMES = [
    "superior-canfield", "rainfall", "rainbow", "storehouse", "chameleon", "casino-canfield",
    "double-canfield", "triple-canfield", "quadruple-canfield", "american-toad", "variegated-canfield", "demon",
    "candike", "acme", "duke", "lafayette", "eagle-wing",
]


@functools.cache
def game(game_id: str) -> framework.Game:
    return framework.load_game(game_id)


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
    # the empty t1 takes any card from the reserve, the waste or a column (t2's top card or the whole of it);
    # not 'w t3' (JC needs a red Q), not 'r t2' (6S needs a red 7)
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


# --- more decks -----------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "reserve", "foundations", "columns", "stock"), [
    ("double-canfield", 13, 8, 5, 104 - 13 - 1 - 5),
    ("triple-canfield", 26, 12, 7, 156 - 26 - 1 - 7),
    ("quadruple-canfield", 39, 16, 8, 208 - 39 - 1 - 8),
    ("demon", 40, 8, 8, 104 - 40 - 1 - 8),
])
def test_the_big_canfields_deal_their_reserve_foundations_and_columns(game_id, reserve, foundations, columns, stock):
    state = game(game_id).deal(2)
    names = state.game.pile_names
    assert sum(name.startswith("f") for name in names) == foundations
    assert shape(state) == {"r": (reserve, reserve - 1), "f1": (1, 0), "s": (stock, 0)} | {
        f"t{n}": (1, 0) for n in range(1, columns + 1)}


def test_double_canfield_starts_any_of_its_eight_foundations_with_a_base_card():
    piles = {"f1": "7H", "w": "7H", "t1": "KS", "t2": "KC", "t3": "2S", "t4": "2C", "t5": "9S", "r": "4S", "s": "3D"}
    # the second 7H may start any empty foundation; nothing on the table fits anywhere
    assert legal_texts(build("double-canfield", piles, base_rank=7)) == {f"w f{n}" for n in range(2, 9)} | {"d"}


def test_american_toad_reserve_is_face_up_and_columns_build_by_suit():
    deal = game("american-toad").deal(1)
    assert shape(deal)["r"] == (20, 0) and shape(deal)["s"] == (104 - 20 - 1 - 8, 0)
    piles = {"r": "5D 9H", "t1": "TH", "t2": "TC", "t3": "AD", "t4": "KD", "t5": "3S", "t6": "3S", "t7": "6C",
             "t8": "6C", "f1": "QS"}
    # 9H on TH, KD on AD (round the corner); not 'r t2' (9H on TC: not the same suit)
    state = build("american-toad", piles, base_rank=12)
    assert legal_texts(state) == {"r t1", "t4 t3"}
    state.push(state.parse_move("r t1"))
    assert cards_of(state, "r") == "5D" and face_down(state, "r") == 0


def test_variegated_canfield_deals_the_eight_aces_and_a_face_up_reserve():
    deal = game("variegated-canfield").deal(1)
    assert [cards_of(deal, f"f{n}") for n in range(1, 9)] == ["AC", "AC", "AD", "AD", "AH", "AH", "AS", "AS"]
    assert shape(deal)["r"] == (13, 0) and shape(deal)["s"] == (78, 0)
    aces = {f"f{n}": card for n, card in enumerate(["AC", "AC", "AD", "AD", "AH", "AH", "AS", "AS 2S"], 1)}
    piles = aces | {"t1": "2S", "t2": "4C 3H", "t3": "5D", "t4": "KH", "t5": "QC", "r": "9C 5D", "s": "7D 8D 9D"}
    # 2S to the spade foundation still at its ace or on 3H; the whole column 4C 3H on 5D; QC on KH
    assert legal_texts(build("variegated-canfield", piles)) == {"t1 f7", "t1 t2", "t2 t3 2", "t5 t4", "d"}


def test_demon_moves_any_run_not_only_a_whole_column():
    piles = {"t1": "5S QH JC", "t2": "KS", "t3": "QD", "t4": "9D", "t5": "2C", "t6": "2S", "t7": "6C", "t8": "6S",
             "r": "5C", "f1": "7H"}
    # QH JC (part of t1) onto KS: legal in Demon, not in Canfield
    assert legal_texts(build("demon", piles, base_rank=7)) == {"t1 t3", "t3 t2", "t1 t2 2"}


# --- other layouts --------------------------------------------------------------------------


def test_candike_columns_have_a_card_face_down_and_do_not_turn_the_corner():
    deal = game("candike").deal(1)
    assert all(shape(deal)[f"t{n}"] == (2, 1) for n in range(1, 8))
    piles = {"t1": "9C | 2D", "t2": "3S", "t3": "KS", "t4": "AH", "t5": "QD", "t6": "8H", "t7": "8D", "r": "4C",
             "f1": "6C"}
    # not 't3 t4' (KS on AH: the columns do not turn the corner); the 8s cannot go on the face-down 9C
    state = build("candike", piles, base_rank=6)
    assert legal_texts(state) == {"t1 t2", "t5 t3"}
    state.push(state.parse_move("t1 t2"))
    assert face_down(state, "t1") == 0
    assert legal_texts(state) == {"t5 t3", "t6 t1", "t7 t1"}  # 8H or 8D on the 9C turned up


def test_acme_deals_the_aces_and_moves_one_card_at_a_time_by_suit():
    deal = game("acme").deal(1)
    assert [cards_of(deal, f"f{n}") for n in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    piles = {"f1": "AC", "f2": "AD", "f3": "AH 2H 3H 4H", "f4": "AS", "t1": "6H 5H", "t2": "7H", "t3": "KS",
             "t4": "QS", "r": "9D"}
    # not 't1 t2 2' (6H 5H onto 7H: one card at a time); QS on KS by suit
    assert legal_texts(build("acme", piles)) == {"t1 f3", "t4 t3"}


def test_duke_plays_from_four_reserves_and_takes_a_foundation_card_back():
    deal = game("duke").deal(1)
    assert all(shape(deal)[f"r{n}"] == (3, 0) for n in range(1, 5))
    piles = {"r1": "7D 8D 9S", "r2": "5C", "r4": "JH", "t1": "TH", "t2": "3C", "t3": "2D", "t4": "3H",
             "f1": "AD", "f2": "AC 2C", "s": "4S"}
    # 9S from r1 on TH; 2D on 3C or to f1; 3C to f2; 2C back from f2 onto 3H; not '2D on 3H' (same colour);
    # nothing goes onto the empty reserve r3
    assert legal_texts(build("duke", piles)) == {"r1 t1", "t3 t2", "t3 f1", "t2 f2", "f2 t4", "d"}


def test_lafayette_builds_each_suit_up_and_down_and_empty_columns_take_sevens():
    piles = {"u1": "AC 2C 3C", "d1": "KC QC JC TC 9C 8C 7C 6C 5C", "w": "4C", "t1": "8H", "t3": "7S", "t4": "KH",
             "s": "2D"}
    # 4C fits both clubs foundations; the empty t2 takes only the 7S (not 8H, not KH);
    # KH starts the hearts down foundation d3 only (not d1, d2, d4: other suits)
    assert legal_texts(build("lafayette", piles)) == {"w u1", "w d1", "t3 t1", "t3 t2", "t4 d3", "d"}


def test_lafayette_refills_a_column_from_the_reserve_and_takes_foundation_cards_back():
    piles = {"r": "5S 9D", "t1": "6D", "t2": "7C", "t3": "3C", "t4": "KS", "u2": "AD 2D", "s": "4H"}
    # 2D may come back from its foundation onto 3C; 9D (the reserve's top) fits nowhere
    state = build("lafayette", piles)
    assert legal_texts(state) == {"t1 t2", "t4 d4", "u2 t3", "d"}
    state.push(state.parse_move("t1 t2"))
    assert cards_of(state, "t1") == "9D" and cards_of(state, "r") == "5S"  # a nine: the refill takes any rank


def test_eagle_wing_wings_hold_three_cards_and_the_trunk_only_refills_them():
    deal = game("eagle-wing").deal(1)
    assert shape(deal)["r"] == (13, 12) and all(shape(deal)[f"t{n}"] == (1, 0) for n in range(1, 9))
    piles = {"r": "4C 5D | 6S", "t1": "9H 8H 7H", "t2": "7S", "t3": "AC", "t4": "KC", "t5": "6H", "t6": "8S",
             "t7": "QD", "t8": "2D", "f1": "3D", "s": "TD"}
    # not 't5 t1' (t1 holds three cards already), not 'r t2' (the trunk's card is not played directly)
    state = build("eagle-wing", piles, base_rank=3)
    assert legal_texts(state) == {"t4 t3", "t2 t6", "d"}
    state.push(state.parse_move("t4 t3"))
    assert cards_of(state, "t4") == "6S" and cards_of(state, "r") == "4C 5D" and face_down(state, "r") == 1
    assert "t4 t2" in legal_texts(state)


# --- every game -----------------------------------------------------------------------------


def test_the_games_are_built_in_and_say_their_family_and_pysolfc_name():
    specs = [framework.load_spec(game_id) for game_id in GAMES]
    assert {spec.family for spec in specs} == {'canfield'}
    assert all(spec.pysolfc and spec.summary for spec in specs)
