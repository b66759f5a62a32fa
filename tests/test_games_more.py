"""Games made possible by the newer keys: Numerica's one-card waste, counting foundations, any card on any
card, pairs, covered cards, won-when-empty and the redeals that gather the table. Each test builds a
position by hand and states the exact set of legal moves (the moves that must not be legal are named in a
comment)."""

from __future__ import annotations

import pytest
from helpers import build, cards_of

import framework
from framework.testing import legal_texts

GAMES = ["numerica", "numerica-2-decks", "lady-betty", "gnat", "housefly", "fly", "fanny", "assembly", "gloaming",
         "chamberlain", "royal-cotillion", "zerline", "zerline-3-decks", "soother", "long-tail", "short-tail",
         "simple-pairs", "pyramid-thirteen", "double-pyramid", "two-pyramids", "triangle", "up-and-down", "king-tut",
         "double-golf", "double-putt", "binary-star", "three-peaks-open", "hopscotch", "imaginary-thirteen",
         "free-fan", "box-fan", "super-flower-garden", "relaxed-cruel", "unusual", "ripple-fan", "royal-family",
         "indefatigable"]

ACES = {"f1": "AC", "f2": "AS", "f3": "AH", "f4": "AD"}


def waste_to(piles: int) -> set[str]:
    return {f"w p{n}" for n in range(1, piles + 1)}


# Numerica and its kin: a one-card waste, piles that take any card but only from the waste


def test_numerica_waste_card_goes_onto_any_pile_and_the_stock_waits_for_it():
    state = build("numerica", {"f1": "AC 2D", "p1": "3H", "p2": "9S 5C", "w": "KD", "s": "4C"})
    # not 'd' (the waste is full), not 'p2 p1' (piles take only the waste's card), not 'p1 f2' (aces only)
    assert legal_texts(state) == waste_to(4) | {"p1 f1"}


def test_numerica_2_decks_has_eight_foundations_regardless_of_suit_and_six_piles():
    state = build("numerica-2-decks", {"f1": "AS", "f2": "AS", "w": "2D", "p1": "9C"})
    assert legal_texts(state) == waste_to(6) | {"w f1", "w f2"}  # no stock left: no 'd'


def test_lady_betty_foundations_go_by_suit():
    state = build("lady-betty", {"f1": "AC 2C", "f2": "AD", "w": "3D", "p1": "3C", "s": "5H"})
    assert legal_texts(state) == waste_to(6) | {"p1 f1"}  # not 'w f1' (3D on 2C) nor 'w f2' (3D on AD)


@pytest.mark.parametrize(("game_id", "piles"), [("gnat", 4), ("housefly", 6)])
def test_gnat_reserve_cards_go_only_to_the_foundations(game_id: str, piles: int):
    state = build(game_id, {**ACES, "r1": "2S", "r2": "5C", "p1": "2H", "w": "9D", "s": "4C"})
    assert legal_texts(state) == waste_to(piles) | {"r1 f2", "p1 f3"}  # not 'r1 p1', 'r2 p2': piles take the waste


def test_fly_reserve_top_goes_to_a_foundation_regardless_of_suit():
    state = build("fly", {"f1": "AC", "f2": "AC 2H", "r": "7S 3D", "p1": "2S", "w": "JD", "s": "4C"})
    # 2S cannot go on 2H; the empty foundations take nothing (the aces were dealt); the reserve not to a pile
    assert legal_texts(state) == waste_to(5) | {"r f2", "p1 f1"}


def test_fanny_reserve_turns_up_its_next_card():
    state = build("fanny", {"r": "9C | 2D", "f1": "AS", "w": "5H", "s": "4C"})
    assert legal_texts(state) == waste_to(5) | {"r f1"}  # the empty foundations take only aces
    state.push(state.parse_move("r f1"))
    assert state.face_down[state.game.pile_index("r")] == 0 and cards_of(state, "r") == "9C"


def test_assembly_piles_build_down_any_suit_and_only_the_waste_fills_a_gap():
    state = build("assembly", {"f1": "AC 2D", "p1": "9H", "p2": "3C", "w": "8S", "s": "KD"})
    # not 'p1 p3' (an empty pile takes only the waste's card); the waste holds any number: 'd'
    assert legal_texts(state) == {"w p1", "w p3", "w p4", "p2 f1", "f1 p2", "d"}


def test_gloaming_reserves_feed_the_piles_and_piles_feed_only_the_foundations():
    state = build("gloaming", {"f1": "AH", "r1": "5C 2H", "r2": "KS", "p1": "7D"})
    assert legal_texts(state) == {"r1 f1"} | {f"r{r} p{p}" for r in (1, 2) for p in range(1, 6)}  # no 'p1 p2'


def test_chamberlain_foundations_go_regardless_of_suit():
    state = build("chamberlain", {"f1": "AC", "r1": "2H", "r2": "9S", "p1": "3D"})
    assert legal_texts(state) == {"r1 f1"} | {f"r{r} p{p}" for r in (1, 2) for p in range(1, 4)}  # not 'p1 f1'


# Royal Cotillion: foundations by twos, gaps refilled from the waste, the waste from the stock

RESERVES = {f"r{n}": card for n, card in enumerate(
    ["KS", "4H", "QC", "QD", "JC", "JD", "TC", "TD", "9C", "9H", "8C", "8D", "7C", "7S", "6C", "6D"], start=1)}


def test_royal_cotillion_builds_by_twos_from_the_ace_and_from_the_2():
    state = build("royal-cotillion", {"a1": "AC", "b3": "2H", "l1": "5D 3C", "l2": "4H", **RESERVES, "w": "7D",
                                      "s": "9S"})
    # 3C on AC, 4H on 2H; not 'l1 b1' (the 2s of clubs start b1), nothing on the empty piles but an A or a 2
    assert legal_texts(state) == {"l1 a1", "l2 b3", "r2 b3", "d"}
    state.push(state.parse_move("r2 b3"))
    assert (cards_of(state, "r2"), cards_of(state, "w"), cards_of(state, "s")) == ("7D", "9S", "")


# Zerline and Soother: a reserve that takes any card on any card


def test_zerline_foundations_start_from_the_king_and_queens_fill_rows():
    state = build("zerline", {"f1": "KH", "t1": "AH", "t2": "5C", "t3": "6D", "w": "QS", "r": "9C 3S", "s": "2D"})
    # the waste's card may not go to the reserve; an empty row takes only a queen, an empty foundation a king
    assert legal_texts(state) == {"t1 f1", "t1 r", "t2 t3", "t2 r", "t3 r", "d"} | {f"w t{n}" for n in range(4, 9)}


@pytest.mark.parametrize(("game_id", "room"), [("zerline", 4), ("zerline-3-decks", 6)])
def test_zerline_reserve_holds_four_or_six_cards(game_id: str, room: int):
    full = build(game_id, {**{f"t{n}": "9D" for n in range(1, 9)}, "r": " ".join(["2C"] * room)})
    assert legal_texts(full) == set()  # 9D on 9D does not build; the reserve is full
    state = build(game_id, {**{f"t{n}": "9D" for n in range(1, 9)}, "r": " ".join(["2C"] * (room - 1))})
    assert legal_texts(state) == {f"t{n} r" for n in range(1, 9)}


def test_soother_reserve_takes_any_card_and_foundation_cards_come_back():
    state = build("soother", {"f1": "AS 2S", "f2": "AS", "t1": "4D", "t2": "3C", "w": "KH", "s": "9C"})
    # an empty row takes only a king; 3C may not go on 2S (another suit)
    assert legal_texts(state) == {"f1 t2", "f1 r", "f2 r", "t1 r", "t2 t1", "t2 r", "w r", "d"} | {
        f"w t{n}" for n in range(3, 10)}


# Long Tail and Short Tail


def test_long_tail_reserve_takes_any_card_on_any_card():
    state = build("long-tail", {"t1": "9H 8H", "t2": "TS", "t3": "5C", "t4": "KD", "t5": "2S", "r": "3C 4D",
                                "s": "2C"})
    # 't1 r 2' is this file's stated difference from PySolFC (one card at a time there); no 't1 t2' (8H on TS)
    assert legal_texts(state) == {"t1 t2 2", "t1 r", "t1 r 2", "t2 r", "t3 r", "t4 r", "t5 r", "r t3", "d"}


def test_short_tail_last_deal_reaches_only_six_of_the_eight_columns():
    state = build("short-tail", {**{f"t{n}": "KS" for n in range(1, 9)}, "r": "2C", "s": "3D 4D 5D 6D 7D 8D"})
    state.push(state.parse_move("d"))
    assert [len(state.piles[state.game.pile_index(f"t{n}")]) for n in range(1, 9)] == [2, 2, 2, 2, 2, 2, 1, 1]


# Pairing games


def test_simple_pairs_removes_two_cards_of_a_rank_and_refills_the_gaps():
    state = build("simple-pairs", {"t1": "5C", "t2": "5H", "t3": "9D", "t4": "9S", "t5": "5D", "t6": "KS", "t7": "2C",
                                   "t8": "3C", "t9": "4C", "s": "AH QD"})
    assert legal_texts(state) == {"t1 t2", "t1 t5", "t2 t5", "t3 t4"}  # a king does not leave alone here
    state.push(state.parse_move("t3 t4"))
    assert (cards_of(state, "t3"), cards_of(state, "t4"), cards_of(state, "d")) == ("QD", "AH", "9D 9S")


def test_pyramid_thirteen_turns_up_a_card_when_it_is_uncovered():
    state = build("pyramid-thirteen", {"p16": "5S |", "p22": "8D", "p28": "5H", "s": "3C"})
    assert legal_texts(state) == {"p22 p28", "d"}  # 8D+5S: 5S is face down and covered
    state.push(state.parse_move("p22 p28"))
    assert state.face_down[state.game.pile_index("p16")] == 0
    assert legal_texts(state) == {"d"}


def test_double_pyramid_has_nine_rows():
    state = build("double-pyramid", {"p29": "8S", "p37": "5D", "p39": "5H", "p45": "KD", "w": "QC", "s": "2C"})
    assert legal_texts(state) == {"p45 d", "d"}  # 8S+5H would be 13, but 5D (p37) lies on 8S
    state = build("double-pyramid", {"p29": "8S", "p39": "5H", "p45": "KD", "w": "QC", "s": "2C"})
    assert legal_texts(state) == {"p29 p39", "p45 d", "d"}  # QC waits for an ace


def test_two_pyramids_pair_across_the_pyramids():
    state = build("two-pyramids", {"p1": "6C", "p29": "7H", "p31": "2D", "p55": "JS", "s": "3C"})
    assert legal_texts(state) == {"p31 p55", "d"}  # 6C+7H would be 13, but 2D (p31) lies on 7H


def test_triangle_top_row_cards_are_covered_by_the_row_below():
    state = build("triangle", {"p1": "6C", "p2": "4D", "p9": "7H", "p28": "KD", "s": "3C"})
    # p1 lies only under p8 (empty); p2 lies under p8 and p9, so 4D is not free
    assert legal_texts(state) == {"p1 p9", "p28 d", "d"}


def test_up_and_down_second_pyramid_is_upside_down():
    state = build("up-and-down", {"p29": "8H", "p36": "5S", "p56": "8D", "s": "3C"})
    assert legal_texts(state) == {"p36 p56", "d"}  # 8H+5S: p29 lies under p36


def test_king_tut_is_won_with_the_pyramid_cleared():
    state = build("king-tut", {"p28": "KS", "w": "9C 4H", "s": "2C 3C 5C 6D"})
    assert legal_texts(state) == {"p28 d", "d"}  # 4H and 9C do not pair: 9C is under 4H
    state.push(state.parse_move("d"))
    assert cards_of(state, "w") == "9C 4H 6D 5C 3C" and not state.is_won()
    state.push(state.parse_move("p28 d"))
    assert state.is_won()


def test_double_golf_does_not_turn_the_corner_double_putt_does():
    piles = {"t1": "AC", "t2": "QD", "f": "KH", "s": "2C"}
    assert legal_texts(build("double-golf", piles)) == {"t2 f", "d"}
    assert legal_texts(build("double-putt", piles)) == {"t1 f", "t2 f", "d"}


def test_binary_star_has_two_holes_turning_the_corner():
    state = build("binary-star", {"h1": "AS", "h2": "KH", "t1": "2C", "t2": "QD", "t3": "KS", "t4": "7H"})
    assert legal_texts(state) == {"t1 h1", "t2 h2", "t3 h1"}  # not 't1 h2' (2 on K), not 't3 h2' (K on K)


def test_three_peaks_open_deals_every_card_face_up_but_covered_cards_wait():
    game = framework.load_game("three-peaks-open")
    assert not any(game.deal(1).face_down)
    state = build("three-peaks-open", {"p1": "9C", "p4": "8D", "p19": "7S", "w": "8H", "s": "2C"})
    assert legal_texts(state) == {"p19 w", "d"}  # 9C on 8H would fit, but p4 covers p1


# Counting foundations


def test_hopscotch_starts_with_the_clubs_and_counts_as_calculation():
    game = framework.load_game("hopscotch")
    assert [framework.card_text(game.deal(3).piles[game.pile_index(p)][0]) for p in "abcd"] == ["AC", "2C", "3C", "4C"]
    state = build("hopscotch", {"a": "AC", "b": "2C", "c": "3C", "d": "4C", "w": "4D", "p1": "2H", "s": "9S"})
    # 4D goes only on the 2 (by twos); no 'd'; 2C may go from its foundation onto AC, and 4C onto 2C
    assert legal_texts(state) == waste_to(4) | {"w b", "p1 a", "b a", "d b"}


def test_imaginary_thirteen_counts_up_to_eights():
    game = framework.load_game("imaginary-thirteen")
    tops = [framework.card_text(game.deal(3).piles[game.pile_index(p)][0])[0] for p in "abcdefgh"]
    assert tops == ["A", "2", "3", "4", "5", "6", "7", "8"]
    state = build("imaginary-thirteen", {"e": "5C", "h": "8D", "w": "TS", "s": "2C"})
    assert legal_texts(state) == waste_to(4) | {"w e"}  # 5 by fives is 10; 8 by eights is 3


# Fans


def test_free_fan_moves_runs_as_far_as_the_two_cells_allow():
    state = build("free-fan", {"f1": "AS 2S", "t1": "9S 8S 7S", "t2": "TS", "t3": "3H", "c1": "4H"})
    # one empty cell: runs of two at most, so not 't1 t2 3'; an empty fan takes only a king
    assert legal_texts(state) == {"t1 c2", "t2 c2", "t3 c2", "f1 c2"}
    state = build("free-fan", {"f1": "AS 2S", "t1": "9S 8S 7S", "t2": "TS"})
    assert "t1 t2 3" in legal_texts(state)


def test_box_fan_builds_down_in_alternate_colours():
    state = build("box-fan", {"f1": "AC 2C", "t1": "9H", "t2": "8C", "t3": "3H", "t4": "8D"})
    assert legal_texts(state) == {"t2 t1", "f1 t3"}  # not 't4 t1' (same colour), not 't1 t5' (kings only)


def test_super_flower_garden_builds_down_in_any_suit():
    state = build("super-flower-garden", {"f1": "AC 2C", "t1": "9H", "t2": "8C", "t3": "3H", "t4": "8D"})
    assert legal_texts(state) == {"t2 t1", "t4 t1", "f1 t3", "gather"}  # empty fans stay empty


# The Cruel family: the table gathered and dealt again in fours


def test_relaxed_cruel_moves_runs_of_one_suit():
    state = build("relaxed-cruel", {**ACES, "t1": "9H 8H", "t2": "TH", "t3": "2S"})
    # 8H alone does not go on TH; AS may come back from its foundation onto 2S
    assert legal_texts(state) == {"t1 t2 2", "t3 f2", "f2 t3", "gather"}


def test_unusual_has_eight_foundations_and_moves_one_card_at_a_time():
    aces = {f"f{n}": ace for n, ace in enumerate(["AC", "AC", "AS", "AS", "AH", "AH", "AD", "AD"], start=1)}
    state = build("unusual", {**aces, "t1": "2C", "t2": "9H 8H", "t3": "TH"})
    # not 't2 t3 2': one card at a time; either AC may come back onto 2C
    assert legal_texts(state) == {"t1 f1", "t1 f2", "f1 t1", "f2 t1", "gather"}


def test_ripple_fan_deals_no_aces_out_and_foundation_cards_come_back():
    state = build("ripple-fan", {"t1": "9H 8H", "t2": "TH", "t3": "AS", "f1": "AC 2C", "t4": "3C"})
    assert legal_texts(state) == {"t1 t2 2", "t3 f2", "t3 f3", "t3 f4", "t4 f1", "f1 t4", "gather"}


FILLERS = ["2D", "2H", "3D", "3H", "4D", "4H", "5D", "5H"]


def test_royal_family_builds_down_from_the_kings_and_up_or_down_in_alternate_colours():
    kings = {"f1": "KC", "f2": "KS", "f3": "KH", "f4": "KD"}
    rest = {f"t{n}": card for n, card in enumerate(FILLERS, start=5)}  # red cards that meet nothing
    state = build("royal-family", {**kings, "t1": "9H", "t2": "8C", "t3": "TS", "t4": "QH", **rest})
    # not 't2 t3'; the black kings may come back onto QH
    assert legal_texts(state) == {"t4 f3", "t2 t1", "t1 t2", "t1 t3", "t3 t1", "f1 t4", "f2 t4", "gather"}


def test_indefatigable_builds_up_or_down_by_suit_with_two_gathers():
    rest = {f"t{n}": card for n, card in enumerate(["5C", "7C", "9C", "JC", "KC", "5D", "7D", "9D"], start=5)}
    state = build("indefatigable", {**ACES, "t1": "9H", "t2": "8H", "t3": "TH", "t4": "2S", **rest})
    assert legal_texts(state) == {"t1 t2", "t1 t3", "t2 t1", "t3 t1", "t4 f2", "gather"}
    assert "gather" not in legal_texts(build("indefatigable", {**ACES, "t1": "9H"}, gathers_used=2))


def test_the_games_say_their_family_pysolfc_name_and_summary():
    specs = [framework.load_spec(game_id) for game_id in GAMES]
    assert {spec.family for spec in specs} == {"other builders", "beleaguered castle", "spider", "pairing"}
    assert all(spec.pysolfc and spec.pysolfc.name and spec.pysolfc.id and spec.summary for spec in specs)
