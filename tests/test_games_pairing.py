"""Pairing games and Calculation's counting foundations: pairs, covered cards, won-when-empty, steps."""

from __future__ import annotations

import pytest
from helpers import build, cards_of, changed_game

import framework
from framework.testing import legal_texts

GAMES = ["pyramid", "relaxed-pyramid", "giza", "three-peaks", "thirteens", "nestor", "all-in-a-row", "elevens",
         "relaxed-golf", "calculation", "betsy-ross", "neptune", "elevens-too", "fifteens", "doublets-ii", "suit-elevens", "tens", "fourteen",
         "double-fourteen", "juvenile", "double-nestor", "vertical"]

#: A pyramid of seven rows with only these piles filled; every other pile is empty.
ROW_7 = {f"p{index}": card for index, card in zip(range(22, 29), ["KD", "6C", "7H", "2S", "JD", "QC", "4H"])}


def test_a_pyramid_pair_is_two_free_cards_adding_up_to_13_and_a_king_leaves_alone():
    state = build("pyramid", {**ROW_7, "w": "9C", "s": "5D"})
    # 6C+7H, 2S+JD (13); QC with the A nowhere; 4H+9C on the waste; KD alone; 7H and 6C are each one pair.
    assert legal_texts(state) == {"p22 d", "p23 p24", "p25 p26", "p28 w", "d"}


def test_a_covered_card_does_not_pair_until_both_cards_on_it_are_gone():
    state = build("pyramid", {"p16": "8S", "p22": "2C", "p23": "5H", "s": "AD"})
    assert legal_texts(state) == {"d"}  # 8S+5H would be 13, but 2C and 5H lie on 8S
    state = build("pyramid", {"p16": "8S", "p23": "5H", "s": "AD"})
    assert legal_texts(state) == {"d"}  # 5H still covers it
    state = build("pyramid", {"p16": "8S", "p24": "5H", "s": "AD"})
    assert legal_texts(state) == {"p16 p24", "d"}  # p24 is not on p16


def test_a_pair_is_one_move_typed_in_either_order_and_undone_as_one():
    state = build("pyramid", {**ROW_7, "s": "5D"})
    move = state.parse_move("p24 p23")
    assert move == state.parse_move("p23 p24") and state.move_text(move) == "p23 p24"
    state.push(move)
    assert state.piles[state.game.pile_index("d")] == [framework.parse_card(c) for c in ("6C", "7H")]
    assert not state.piles[state.game.pile_index("p23")] and not state.piles[state.game.pile_index("p24")]
    state.pop()
    assert state.position_key() == build("pyramid", {**ROW_7, "s": "5D"}).position_key()


def test_pyramid_is_won_with_every_card_discarded_relaxed_pyramid_with_the_pyramid_cleared():
    strict = build("pyramid", {"p1": "KS", "w": "9C"})
    relaxed = build("relaxed-pyramid", {"p1": "KS", "w": "9C"})
    for state in (strict, relaxed):
        state.push(state.parse_move("p1 d"))
    assert not strict.is_won() and relaxed.is_won()


def test_giza_pairs_the_reserve_tops_with_the_pyramid():
    state = build("giza", {"p28": "4H", "r1": "9C 5D", "r2": "8S", "r3": "KC"})
    # 5D+8S, 4H+9C is buried under 5D, KC alone
    assert legal_texts(state) == {"r1 r2", "r3 d"}


def test_three_peaks_turns_a_card_up_only_when_both_cards_on_it_are_gone():
    state = build("three-peaks", {"p9": "QH |", "p17": "9C", "p18": "4D", "w": "5C"})
    assert legal_texts(state) == {"p18 w"}
    state.push(state.parse_move("p18 w"))
    assert state.face_down[state.game.pile_index("p9")] == 1  # 9C on p17 still covers it
    assert legal_texts(state) == set()


def test_three_peaks_card_is_turned_up_when_uncovered_and_down_again_by_pop():
    state = build("three-peaks", {"p9": "5S |", "p18": "4D", "w": "5C"})
    assert legal_texts(state) == {"p18 w"}  # 5S is face down and covered by p18
    state.push(state.parse_move("p18 w"))
    assert state.face_down[state.game.pile_index("p9")] == 0
    assert legal_texts(state) == {"p9 w"}
    state.pop()
    assert state.face_down[state.game.pile_index("p9")] == 1


def test_three_peaks_is_won_with_the_peaks_cleared_and_cards_in_the_stock():
    state = build("three-peaks", {"p20": "8C", "w": "9D", "s": "2H 3H"})
    state.push(state.parse_move("p20 w"))
    assert state.is_won()


def test_thirteens_fills_each_gap_from_the_stock_at_once():
    state = build("thirteens", {"t1": "6C", "t2": "7D", "t3": "KH", "t4": "2S", "s": "AD 9H QS"})
    assert legal_texts(state) == {"t1 t2", "t3 d"}
    state.push(state.parse_move("t2 t1"))
    assert [framework.card_text(state.piles[state.game.pile_index(name)][-1]) for name in ("t1", "t2")] == ["QS", "9H"]
    state.pop()
    assert state.position_key() == build("thirteens", {"t1": "6C", "t2": "7D", "t3": "KH", "t4": "2S",
                                                       "s": "AD 9H QS"}).position_key()


def test_nestor_pairs_top_cards_of_the_same_rank():
    state = build("nestor", {"t1": "4C 9D", "t2": "9S", "t3": "4H", "s1": "9H", "s2": "QC"})
    assert legal_texts(state) == {"t1 t2", "t1 s1", "t2 s1"}  # 4C is buried, so 4H has no partner


def test_all_in_a_row_foundation_starts_with_any_card():
    state = build("all-in-a-row", {"t1": "5C", "t2": "KD"})
    assert legal_texts(state) == {"t1 f", "t2 f"}
    state.push(state.parse_move("t2 f"))
    assert legal_texts(state) == set()  # 5C is not next to K


def test_relaxed_golf_turns_the_corner_and_golf_does_not():
    piles = {"t1": "AS", "t2": "QH", "f": "KC", "s": "2D"}
    assert legal_texts(build("relaxed-golf", piles)) == {"t1 f", "t2 f", "d"}
    assert legal_texts(build("golf", piles)) == {"t2 f", "d"}


def test_calculation_foundations_count_by_their_step_and_the_waste_holds_one_card():
    state = build("calculation", {"a": "AS", "b": "2H 4S", "c": "3D", "d": "4C", "p1": "9H 5C", "w": "6D", "s": "KH"})
    # 6D: on 4S (by twos) and on 3D (by threes), not on AS or 4C; any waste pile takes it; no turn while w is full
    assert legal_texts(state) == {"w b", "w c", "w p1", "w p2", "w p3", "w p4"}
    state = build("calculation", {"a": "AS", "b": "2H", "c": "3D", "d": "4C 8S QD", "p1": "3C", "s": "KH"})
    # Q + 4 turns the corner to 3; as in PySolFC a foundation's top card goes on another foundation it fits:
    # 2H onto the ace (by ones), 3D onto QD (by fours)
    assert legal_texts(state) == {"p1 d", "d", "b a", "c d"}


def test_a_waste_pile_of_calculation_takes_cards_only_from_the_waste():
    state = build("calculation", {"a": "AS", "b": "2H", "c": "3D", "d": "4C", "p1": "9H", "p2": "7S", "s": "KH"})
    assert legal_texts(state) == {"d", "b a", "d b"}  # no 'p1 p2'; the foundation moves are 2H on AS, 4C on 2H


def test_betsy_ross_foundations_start_from_2_4_6_8():
    piles = {"m1": "AS", "a": "2S", "b": "4H", "c": "6D", "d": "8C", "s": "5C"}
    assert legal_texts(build("betsy-ross", {**piles, "w": "9C 3H"})) == {"w a", "d"}  # 3 follows 2, by ones
    assert legal_texts(build("betsy-ross", {**piles, "w": "9C QH"})) == {"w d", "d"}  # Q follows 8, by fours
    assert legal_texts(build("betsy-ross", {**piles, "w": "9C 7H"})) == {"d"}  # 7 follows none of 2, 4, 6, 8


# --- redeals that gather a group and deal it again ------------------------------------------


def test_la_belle_lucie_gathers_shuffles_and_deals_its_fans_again_in_threes_twice():
    state = framework.load_game("la-belle-lucie").deal(5)
    before = sorted(card for pile in state.piles[4:] for card in pile)
    state.push(state.parse_move("gather"))
    fans = state.piles[4:]
    assert sorted(card for pile in fans for card in pile) == before
    assert [len(pile) for pile in fans] == [3] * 17 + [1]
    assert state.vars["gathers_used"] == 1
    state.push(state.parse_move("gather"))
    assert "gather" not in legal_texts(state)  # three passes in all
    state.pop()
    state.pop()
    assert state.position_key() == framework.load_game("la-belle-lucie").deal(5).position_key()


def test_the_shuffle_of_a_redeal_is_fixed_by_the_deal():
    first, second = (framework.load_game("la-belle-lucie").deal(5) for _ in range(2))
    for state in (first, second):
        state.push(state.parse_move("gather"))
    assert first.position_key() == second.position_key()


def test_cruel_deals_the_gathered_piles_again_in_fours_in_their_order():
    state = build("cruel", {"f1": "AC", "f2": "AS", "f3": "AH", "f4": "AD", "t1": "2C 9H", "t3": "KS QD 7C",
                            "t4": "5H"})
    assert legal_texts(state) == {"gather"}  # 2C lies under 9H; 5H may not go on 7C (another suit)
    state.push(state.parse_move("gather"))
    assert [" ".join(framework.card_text(card) for card in pile) for pile in state.piles[4:7]] == \
        ["2C 9H KS QD", "7C 5H", ""]
    assert "gather" in legal_texts(state)  # as often as you like


def test_perseverance_moves_runs_of_one_suit():
    state = build("perseverance", {"f1": "AC", "f2": "AS", "f3": "AH", "f4": "AD", "t1": "9H 8H", "t2": "TH"},
                  gathers_used=2)
    assert legal_texts(state) == {"t1 t2 2"}  # 8H alone cannot go on TH; no gather left


def test_the_games_are_built_in_and_say_their_family_and_pysolfc_name():
    specs = [framework.load_spec(game_id) for game_id in GAMES]
    assert {spec.family for spec in specs} == {"pairing", "other builders"}
    assert all(spec.pysolfc and spec.summary for spec in specs)


def test_dead_king_golf_builds_nothing_on_a_king_and_golf_builds_a_queen():
    piles = {"t1": "QS", "t2": "AD", "f": "KC", "s": "2D"}
    assert legal_texts(build("dead-king-golf", piles)) == {"d"}  # a stock card still covers the king
    assert legal_texts(build("golf", piles)) == {"t1 f", "d"}


def test_the_players_show_a_pair_with_both_its_cards():
    from framework.player.render import describe

    state = build("thirteens", {"t1": "AD", "t4": "QS", "s": "KH"})
    assert [describe(state, move) for move in state.legal_moves()] == ["t1 t4  pair A♦ and Q♠"]


def test_a_gather_with_more_cards_than_its_piles_take_deals_the_extra_ones_from_the_first_pile():
    cards = [rank + suit for suit in "CDHS" for rank in "23456789TJQK"][:48]
    piles = {f"t{index + 1}": " ".join(cards[index * 4:index * 4 + 4]) for index in range(12)}
    piles["t1"] += " AC AD"  # two cards back from the foundations: 50 cards for 12 piles of 4
    state = build("cruel", piles)
    before = state.position_key()
    state.push(state.parse_move("gather"))
    tableau = state.game.groups["tableau"].piles
    assert [len(state.piles[pile]) for pile in tableau] == [5, 5] + [4] * 10
    assert sorted(card for pile in tableau for card in state.piles[pile]) == \
        sorted(framework.parse_card(card) for card in cards + ["AC", "AD"])
    state.pop()
    assert state.position_key() == before


def test_trefoil_starts_with_the_aces_up_and_deals_sixteen_fans_of_three():
    game = framework.load_game("trefoil")
    state = game.deal(2)
    assert [framework.card_text(state.piles[pile][0]) for pile in game.foundation_piles] == ["AC", "AS", "AH", "AD"]
    assert [len(state.piles[pile]) for pile in game.groups["tableau"].piles] == [3] * 16
    fans = build("trefoil", {"f1": "AC", "f2": "AS", "f3": "AH", "f4": "AD", "t1": "4H 2C", "t2": "5H"},
                 gathers_used=1)
    # 2C goes up; 4H is under it; one gather is left; the ace stays on its foundation ('keeps: 1', as in PySolFC)
    assert legal_texts(fans) == {"t1 f1", "gather"}


def test_elevens_pairs_cards_adding_up_to_11_and_sends_court_cards_to_their_places():
    state = build("elevens", {"t1": "4H", "t2": "7C", "t3": "QD", "t4": "KS", "t5": "TH", "t6": "AS", "s": "2C 3C 5D"})
    # 4H+7C and TH+AS pair; QD and KS go to their places; a king alone does not leave in Elevens
    assert legal_texts(state) == {"t1 t2", "t5 t6", "t3 q", "t4 k"}


def test_a_jack_a_queen_and_a_king_leave_together_once_their_places_are_full():
    state = build("elevens", {"t1": "JC", "q": "QD", "k": "KS", "s": "2C 3C"})
    before = state.position_key()
    state.push(state.parse_move("t1 j"))
    assert [framework.card_text(card) for card in state.piles[state.game.pile_index("d")]] == ["JC", "QD", "KS"]
    assert not any(state.piles[state.game.pile_index(name)] for name in ("j", "q", "k"))
    assert framework.card_text(state.piles[state.game.pile_index("t1")][-1]) == "3C"  # the gap is filled
    state.pop()
    assert state.position_key() == before


def test_the_pyramid_stocks_top_card_lies_face_up_and_pairs_as_in_pysolfc():
    from framework.player.render import draw

    state = build("pyramid", {"p28": "4H", "w": "QC", "s": "KD 9C"})
    # the stock's 9C pairs with the pyramid's 4H; the waste's QC has no ace to pair with
    assert legal_texts(state) == {"p28 s", "d"}
    assert "s 9♣ [2]" in draw(state)
    state.push(state.parse_move("s p28"))
    assert legal_texts(state) == {"s d", "d"}  # the next card, KD, shows and leaves alone


def test_neptune_pairs_the_rank_pairs_its_also_lists_and_no_others():
    state = build("neptune", {"t1": "7D", "t2": "8C", "t3": "KH", "t4": "AS", "t5": "QS", "t6": "5D", "t7": "5C",
                              "t8": "2H", "s": "3C 9C"})
    # 7-8, K-Q and A-2 are one rank apart; K-A does not wrap; two 5s neither add up nor are listed
    assert legal_texts(state) == {"t1 t2", "t3 t5", "t4 t8"}
    assert framework.load_spec("neptune").pairs.also[-1] == (12, 13)


def test_neptune_is_won_once_the_stock_is_dealt_out():
    state = build("neptune", {"t1": "7D", "t2": "8C", "t3": "KH", "t4": "KS", "t5": "KD", "t6": "KC", "t7": "5C",
                              "t8": "5H", "s": "JC"})
    assert not state.is_won()
    state.push(state.parse_move("t1 t2"))  # JC fills t1, the stock's last card, and t2 stays empty
    assert state.is_won()


def test_also_pairs_besides_a_sum():
    thirteens_with_q_k = changed_game("thirteens", ("ranks_add_up_to: 13", "ranks_add_up_to: 13\n  also: [[Q, K]]"))
    piles = {"t1": "QC", "t2": "KD", "t3": "8S", "t4": "5S", "t5": "5H", "s": "2C"}
    assert legal_texts(framework.testing.position(thirteens_with_q_k, piles)) == {"t1 t2", "t3 t4", "t3 t5", "t2 d"}


def test_fourteen_pairs_top_cards_adding_up_to_14_and_a_covered_card_waits():
    state = build("fourteen", {"t1": "AS 7C", "t2": "7H", "t3": "KD", "t4": "6C 8H", "t5": "9D"})
    assert legal_texts(state) == {"t1 t2"}  # KD waits for AS, 8H covers 6C, 9D has no 5
    state.push(state.parse_move("t1 t2"))
    assert legal_texts(state) == {"t1 t3"}


def test_the_new_pairing_games_deal_their_columns_as_pysolfc_does():
    def sizes(game_id):
        game = framework.load_game(game_id)
        state = game.deal(1)
        return [len(state.piles[pile]) for pile in game.groups["tableau"].piles]

    assert sizes("fourteen") == [5] * 4 + [4] * 8
    assert sizes("double-fourteen") == [6] * 14 + [5] * 4
    assert sizes("juvenile") == [8] + [6] * 16 + [0]
    assert sizes("double-nestor") == [10] * 10
    assert sizes("vertical") == [6, 6, 6, 7, 6, 6, 6]
    assert sizes("neptune") == [1] * 8


def test_elevens_too_fills_its_gaps_only_while_the_court_places_are_empty():
    piles = {"t1": "JC", "t2": "4H", "t3": "7C", "t4": "2D", "t5": "2H", "t6": "2S", "t7": "3D", "t8": "3H", "t9": "KS",
             "q": "QD", "s": "AC 5C 6C 8C"}
    elevens = build("elevens", piles)
    elevens.push(elevens.parse_move("t1 j"))
    assert cards_of(elevens, "t1") == "8C"  # Elevens fills the gap at once
    state = build("elevens-too", piles)
    for text in ("t1 j", "t2 t3"):
        state.push(state.parse_move(text))
    assert [cards_of(state, name) for name in ("t1", "t2", "t3", "s")] == ["", "", "", "AC 5C 6C 8C"]
    assert legal_texts(state) == {"t9 k"}
    state.push(state.parse_move("t9 k"))  # the set leaves, and then every gap is filled
    assert [cards_of(state, name) for name in ("t1", "t2", "t3", "t9", "s", "j")] == ["8C", "6C", "5C", "AC", "", ""]


def test_suit_elevens_pairs_only_cards_of_one_suit():
    state = build("suit-elevens", {"t1": "4H", "t2": "7C", "t3": "7H", "t4": "5D", "t5": "6D", "t6": "QD", "t7": "KS",
                                   "s": "2C 3C"})
    # 4H+7H and 5D+6D add up to 11 in one suit, 4H+7C does not; the court places are still empty
    assert legal_texts(state) == {"t1 t3", "t4 t5", "t6 q", "t7 k"}


def test_suit_elevens_court_place_takes_only_the_suit_the_set_holds():
    state = build("suit-elevens", {"q": "QD", "t1": "KS", "t2": "KD", "t3": "JD", "t4": "JC", "s": "2C 3C"})
    assert legal_texts(state) == {"t2 k", "t3 j"}
    with pytest.raises(framework.IllegalMoveError, match="a set's cards are all of one suit, and K♠ is not of the suit "
                       "the set holds"):
        state.parse_move("t1 k")
    state.push(state.parse_move("t2 k"))
    state.push(state.parse_move("t3 j"))  # the set of diamonds is complete and leaves
    assert cards_of(state, "d") == "JD QD KD" and legal_texts(state) == {"t1 k", "t4 j"}


def test_tens_pairs_add_up_to_10_and_its_court_places_take_four_of_one_rank_from_10_to_k():
    piles = {"t1": "4H", "t2": "6C", "t3": "5D", "t4": "5S", "t5": "9C", "t6": "10H", "t7": "QS", "t8": "QD", "t9": "JC",
             "t10": "QH", "t11": "QC", "c1": "10D", "s": "2C 3C 7D 8D"}
    state = build("tens", piles)
    # 4+6, 5+5; the 9 waits for an ace; only the 10 fits beside the 10 in the places
    assert legal_texts(state) == {"t1 t2", "t3 t4", *(f"t6 c{place}" for place in (2, 3, 4))}
    with pytest.raises(framework.IllegalMoveError, match="a set's cards are all of one rank, and Q♠ is not"):
        state.parse_move("t7 c2")
    queens = build("tens", {**piles, "c1": ""})
    assert legal_texts(queens) >= {"t6 c1", "t7 c1", "t9 c1"} and "t5 c1" not in legal_texts(queens)
    for text in ("t7 c1", "t8 c2", "t10 c3"):
        queens.push(queens.parse_move(text))
    assert [cards_of(queens, name) for name in ("t7", "t8", "t10")] == ["", "", ""]  # the gaps wait
    queens.push(queens.parse_move("t11 c4"))  # four queens leave, and every gap is filled
    assert cards_of(queens, "d") == "QS QD QH QC"
    assert [cards_of(queens, name) for name in ("t7", "t8", "t10", "t11", "s")] == ["8D", "7D", "3C", "2C", ""]


def test_fifteens_pairs_six_and_nine_seven_and_eight_and_lays_any_card_on_its_reserve():
    state = build("fifteens", {"t1": "6C", "t2": "9H", "t3": "7D", "t4": "8S", "t5": "TC", "t6": "5D", "s": "AC 2C"})
    # not 't5 t6' (10 and 5 add up to 15, but a 10 pairs with nothing); any card goes onto the reserve
    assert legal_texts(state) == {"t1 t2", "t3 t4"} | {f"t{pile} r" for pile in range(1, 7)}
    for text in ("t5 r", "t6 r"):
        state.push(state.parse_move(text))
    # 10 and 5 stay: a 10 leaves only with a J, a Q and a K; the places wait while the reserve holds cards
    assert [cards_of(state, name) for name in ("r", "t5", "t6", "s")] == ["TC 5D", "", "", "AC 2C"]


def test_fifteens_reserve_clears_at_15_or_with_a_10_j_q_and_k_and_then_the_gaps_fill():
    state = build("fifteens", {"t1": "6H", "t2": "JC", "r": "4C 5D", "s": "AC 2C 3C"})
    state.push(state.parse_move("t1 r"))  # 4 + 5 + 6 = 15: the three leave, and the gaps are filled at once
    assert [cards_of(state, name) for name in ("r", "d", "t1", "t2", "t3", "t4", "t5")] == [
        "", "4C 5D 6H", "3C", "JC", "2C", "AC", ""]
    state = build("fifteens", {"t1": "KS", "t2": "JH", "r": "TC JD QH"})
    state.push(state.parse_move("t2 r"))  # a second J: not one card of each of 10, J, Q, K
    assert cards_of(state, "r") == "TC JD QH JH"
    state = build("fifteens", {"t1": "KS", "r": "TC JD QH"})
    state.push(state.parse_move("t1 r"))
    assert (cards_of(state, "r"), cards_of(state, "d")) == ("", "TC JD QH KS")
    state = build("fifteens", {"t1": "9S", "r": "7C"})
    state.push(state.parse_move("t1 r"))  # past 15 and stuck for good
    assert cards_of(state, "r") == "7C 9S"


def test_doublets_ii_pairs_one_rank_anywhere_turns_up_and_fills_from_the_stock():
    fillers = dict(zip([f"t{pile}" for pile in range(5, 13)], ["KC", "QD", "JH", "TS", "8C", "7D", "6H", "4S"]))
    state = build("doublets-ii", {"t1": "2C 3C | 5D", "t2": "4H | 5S", "t3": "9C", "t4": "9D", "s": "AS JS"} | fillers)
    assert legal_texts(state) == {"t1 t2", "t3 t4"}  # two top cards of one rank, wherever they lie
    state.push(state.parse_move("t1 t2"))
    assert [cards_of(state, name) for name in ("t1", "t2", "d")] == ["2C 3C", "4H", "5D 5S"]
    assert state.face_down[state.game.pile_index("t1")] == 1 and state.face_down[state.game.pile_index("t2")] == 0
    state.push(state.parse_move("t3 t4"))
    assert [cards_of(state, name) for name in ("t3", "t4", "s")] == ["JS", "AS", ""]  # filled from the stock
