"""The rule vocabulary the classic games use, checked on concrete positions."""

from __future__ import annotations

import pytest
from helpers import build, cards_of

import framework
from framework.cards import card_text
from framework.testing import legal_texts


def test_a_face_down_card_left_on_top_is_turned_up_and_turned_down_again_by_pop():
    state = build("klondike", {"t1": "9C 2D | 6H", "t2": "7S"})
    assert legal_texts(state) == {"t1 t2"}
    state.push(state.parse_move("t1 t2"))
    assert state.face_down[state.game.pile_index("t1")] == 1 and cards_of(state, "t1") == "9C 2D"
    state.pop()
    assert state.face_down[state.game.pile_index("t1")] == 2 and cards_of(state, "t1") == "9C 2D 6H"


def test_an_empty_klondike_column_takes_only_a_king():
    state = build("klondike", {"t1": "QH", "t2": "KS"})
    assert legal_texts(state) == {"t1 t2"} | {f"t2 t{index}" for index in range(3, 8)}


def test_klondike_redeals_without_limit_and_keeps_no_counter():
    state = build("klondike", {"w": "5C 6D", "t1": "KS"})
    assert "redeal" in legal_texts(state)
    state.push(state.parse_move("redeal"))
    assert cards_of(state, "s") == "6D 5C" and "redeal_used" not in state.vars
    state.push(state.parse_move("d"))
    state.push(state.parse_move("d"))
    assert "redeal" in legal_texts(state) and cards_of(state, "w") == "5C 6D"


def test_draw_three_turns_three_cards_the_last_on_top():
    state = build("klondike-draw-3", {"s": "2C 3C 4C 5C", "t1": "KS"})
    state.push(state.parse_move("d"))
    assert cards_of(state, "w") == "5C 4C 3C" and cards_of(state, "s") == "2C"
    state.pop()
    assert cards_of(state, "s") == "2C 3C 4C 5C" and cards_of(state, "w") == ""


@pytest.mark.parametrize(
    ("cells_used", "empty_columns", "onto_ten", "onto_empty"),
    [(4, 0, set(), set()), (3, 0, {2}, set()), (0, 0, {2}, set()), (4, 1, {2}, {1}), (2, 1, {2}, {1, 2, 3}), (0, 2, {2}, {1, 2, 3, 4, 5, 6})],
)
def test_freecell_runs_are_as_long_as_the_free_space_allows(cells_used, empty_columns, onto_ten, onto_empty):
    # limit (1 + free cells) x 2^(empty columns), less the column moved to
    piles = {"t1": "KS QH JC TD 9S 8H", "t2": "TH"}
    for cell in range(1, cells_used + 1):
        piles[f"c{cell}"] = ["2C", "2D", "2H", "2S"][cell - 1]
    for column in range(3, 9 - empty_columns):
        piles[f"t{column}"] = ["3C", "3D", "3H", "3S", "4C", "4D"][column - 3]
    state = build("freecell", piles)
    counts = {}
    for move in state.legal_moves():
        counts.setdefault(state.move_text(move).split()[:2][1] if state.move_text(move).startswith("t1 ") else None, set()).add(move.count)
    assert counts.get("t2", set()) == onto_ten
    assert counts.get("t8", set()) == onto_empty


def test_seahaven_runs_use_cells_but_not_the_king_only_columns():
    state = build("seahaven-towers", {"t1": "9S 8S 7S", "t2": "TS", "t3": "", "c1": "2C", "c2": "2D"})
    assert {move.count for move in state.legal_moves() if state.move_text(move).startswith("t1 t2")} == {3}
    state = build("seahaven-towers", {"t1": "9S 8S 7S", "t2": "TS", "t3": "", "c1": "2C", "c2": "2D", "c3": "2H"})
    assert {move.count for move in state.legal_moves() if state.move_text(move).startswith("t1 t2")} == set()


def test_spider_moves_only_runs_of_one_suit_but_builds_on_any_suit():
    state = build("spider", {"t1": "9H 8S 7S", "t2": "9D", "t3": "TC", "t4": "3C", "t5": "4C", "t6": "5C",
                             "t7": "6C", "t8": "QD", "t9": "QH", "t10": "QS"})
    assert legal_texts(state) == {"t1 t2 2", "t2 t3", "t4 t5", "t5 t6", "t6 t7", "t7 t1"}


def test_spider_deals_one_card_to_each_column_only_when_none_is_empty():
    columns = {f"t{index}": "KS" for index in range(1, 11)}
    state = build("spider", dict(columns, s=" ".join(["2H"] * 10)))
    assert "d" in legal_texts(state)
    state.push(state.parse_move("d"))
    assert all(cards_of(state, f"t{index}") == "KS 2H" for index in range(1, 11))
    state.pop()
    state = build("spider", dict(columns, t10="", s=" ".join(["2H"] * 10)))
    assert "d" not in legal_texts(state)


def test_a_spider_foundation_takes_only_a_whole_suit():
    suit = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
    state = build("spider", {"t1": "5H " + suit, "t2": "2D", "t3": "3D", "s": "4D"})
    moves = {state.move_text(move) for move in state.legal_moves() if state.game.pile_names[move.target].startswith("f")}
    assert moves == {f"t1 f{index} 13" for index in range(1, 9)}
    state.push(state.parse_move("t1 f1 13"))
    assert cards_of(state, "t1") == "5H" and cards_of(state, "f1") == suit


def test_canfield_refills_an_empty_column_from_the_reserve_and_turns_its_next_card():
    state = build("canfield", {"r": "4C 5D | 6S", "t1": "9H", "t2": "TS", "f1": "2C"}, base_rank=2)
    state.push(state.parse_move("t1 t2"))
    assert cards_of(state, "t1") == "6S" and cards_of(state, "r") == "4C 5D"
    assert state.face_down[state.game.pile_index("r")] == 1
    state.pop()
    assert cards_of(state, "t1") == "9H" and cards_of(state, "r") == "4C 5D 6S"
    assert state.face_down[state.game.pile_index("r")] == 2


def test_canfield_columns_take_any_card_once_the_reserve_is_empty():
    state = build("canfield", {"w": "9H", "t2": "TS", "t3": "QH", "t4": "QS", "f1": "5C", "s": "3D"}, base_rank=5)
    assert legal_texts(state) == {"w t1", "w t2", "t2 t1", "t3 t1", "t4 t1", "d"}


def test_canfield_moves_only_the_top_card_or_a_whole_column_between_columns():
    piles = {"t1": "5S QH JC", "t2": "KS", "t3": "QD", "t4": "9D", "r": "5C"}
    assert legal_texts(build("canfield", piles, base_rank=7)) == {"t1 t3", "t3 t2"}
    whole = build("canfield", {"t1": "QH JC", "t2": "KS", "t3": "2D", "t4": "9D", "r": "5C"}, base_rank=7)
    assert legal_texts(whole) == {"t1 t2 2"}


def test_canfield_runs_move_lets_part_of_a_column_move():
    piles = {"t1": "5S QH JC", "t2": "KS", "t3": "QD", "t4": "9D", "r": "5C"}
    assert legal_texts(build("canfield-runs-move", piles, base_rank=7)) == {"t1 t3", "t3 t2", "t1 t2 2"}


def test_canfield_foundations_turn_the_corner():
    state = build("canfield", {"f1": "JC QC KC", "w": "AC", "t1": "5D"}, base_rank=11)
    assert "w f1" in legal_texts(state)


def test_scorpion_moves_any_face_up_cards_and_deals_its_three_cards_to_the_first_columns():
    state = build("scorpion", {"t1": "2H | 5S 9D 4S", "t2": "6S", "t3": "AC", "s": "QD JD TD"})
    assert legal_texts(state) == {"t1 t2 3", "d"}
    state.push(state.parse_move("d"))
    assert [cards_of(state, name)[-2:] for name in ("t1", "t2", "t3")] == ["TD", "JD", "QD"]  # TD was on top


def test_yukon_moves_any_face_up_cards_onto_a_card_the_lowest_fits():
    state = build("yukon", {"t1": "3C | 8H 2S KD", "t2": "9S", "t4": "4C", "t5": "4D", "t6": "4H", "t7": "4S"})
    assert legal_texts(state) == {"t1 t2 3", "t1 t3"}


def test_a_foundation_takes_one_card_at_a_time_even_from_a_column_that_moves_any_tail():
    state = build("yukon", {"t4": "2H 3H", "f1": "AH", "t1": "4S"})
    assert legal_texts(state) == {"t4 t1"}  # not 't4 f1 2'
    state = build("yukon", {"t1": "KH QH JH TH 9H 8H 7H 6H 5H", "f1": "AH 2H 3H 4H", "t2": "2C"})
    assert legal_texts(state) == {"t1 f1"} | {f"t1 t{index} 9" for index in range(3, 8)}
    state.push(state.parse_move("t1 f1"))
    assert not state.is_won()


def test_golf_is_won_with_the_table_empty_and_cards_left_in_the_stock():
    state = build("golf", {"t1": "5D", "f": "4C", "s": "9H 9D"})
    assert legal_texts(state) == {"t1 f", "d"} and not state.is_won()
    state.push(state.parse_move("t1 f"))
    assert state.is_won()


def test_black_hole_always_starts_with_the_ace_of_spades():
    game = framework.load_game("black-hole")
    for seed in range(5):
        state = game.deal(seed)
        assert cards_of(state, "h") == "AS"
        assert all(len(state.piles[pile]) == 3 for pile in game.groups["tableau"].piles)


def test_one_suit_spider_is_eight_decks_of_spades():
    game = framework.load_game("spider-1-suit")
    state = game.deal(3)
    assert game.total_cards == 104 and {card_text(card)[1] for pile in state.piles for card in pile} == {"S"}


def test_deals_by_rows_go_across_the_columns():
    game = framework.load_game("freecell")
    state = game.deal("ms:1")
    rows = [" ".join(card_text(state.piles[game.pile_index(f"t{column}")][row]) for column in range(1, 9)) for row in range(2)]
    assert rows == ["JD 2D 9H JC 5D 7H 7C 5H", "KD KC 9S 5S AD QC KH 3H"]
    assert [len(state.piles[game.pile_index(f"t{column}")]) for column in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]


def test_auto_play_sends_a_finished_spider_suit_to_its_foundation():
    from framework.safety import safe_moves

    state = build("spider", {"t1": "2C | KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH", "t2": "5S", "s": "9D"})
    assert [state.move_text(move) for move in safe_moves(state)] == ["t1 f1 13"]


def test_auto_play_in_klondike_waits_for_both_black_fours_before_a_red_five():
    from framework.safety import safe_moves

    piles = {"f1": "AH 2H 3H 4H", "f2": "AC 2C 3C 4C", "f3": "AS 2S 3S", "t1": "5H", "t2": "KD"}
    assert safe_moves(build("klondike", piles)) == []  # 4S is still down: it might want the 5H
    piles["f3"] += " 4S"
    state = build("klondike", piles)
    assert [state.move_text(move) for move in safe_moves(state)] == ["t1 f1"]


def test_the_first_card_laid_on_a_foundation_sets_the_base_rank_and_pop_unsets_it():
    state = build("chessboard", {"t1": "5H", "t2": "9C", "t3": "6H"})
    # any top card may start a foundation while no base rank is chosen
    assert {text for text in legal_texts(state) if " f" in text} == {f"t{row} f{pile}" for row in (1, 2, 3)
                                                               for pile in range(1, 5)}
    state.push(state.parse_move("t2 f1"))
    assert state.base_rank == 9
    assert {text for text in legal_texts(state) if " f" in text} == set()  # 5H and 6H are not 9s
    state.pop()
    assert state.base_rank is None


def test_a_chosen_base_rank_survives_a_json_round_trip_and_an_unchosen_one_too():
    game = framework.load_game("chessboard")
    state = game.deal(1)
    assert game.state_from_json(state.to_json()).base_rank is None
    state.push(next(move for move in state.legal_moves() if move.target in game.foundation_piles))
    assert state.base_rank is not None
    assert game.state_from_json(state.to_json()).base_rank == state.base_rank


def test_auto_play_leaves_the_choice_of_a_base_rank_to_the_player():
    from framework.safety import safe_moves

    state = build("chessboard", {"t1": "AH", "t2": "9C"})
    assert "t1 f1" in legal_texts(state) and safe_moves(state) == []
