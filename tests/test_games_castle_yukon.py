"""The Beleaguered Castle and Yukon families: what sets each game apart, on small positions built by hand.

Each test gives the exact set of legal moves; the comments name moves that must not be legal.
"""

from __future__ import annotations

from functools import cache

import pytest

import framework
from framework.cards import card_text
from framework.testing import legal_texts, position

CASTLE_GAMES = [
    "streets-and-alleys", "beleaguered-castle", "stronghold", "private-lane", "siegecraft", "penelopes-web",
    "fortress", "bastion", "ten-by-one", "lightweight", "castle-mount", "palace", "castle-of-indolence",
    "canister", "american-canister", "british-canister", "castles-in-spain", "selective-castle",
]
YUKON_GAMES = [
    "russian-solitaire", "alaska", "roslin", "moosehide", "odessa", "yukon-cells", "russian-cell",
    "chinese-discipline", "chinese-solitaire", "queenie", "rushdike", "russian-point", "double-yukon",
    "double-russian-solitaire", "triple-yukon", "triple-russian-solitaire", "quadruple-yukon", "ten-across",
    "panopticon", "geoffrey", "queensland", "brisbane", "yukonic-plague", "hawaiian", "australian-patience",
    "raw-prawn", "canberra", "tasmanian-patience", "outback-patience", "bim-bom",
]


@cache
def load(game_id: str) -> framework.Game:
    """A built-in game, loaded once for the whole module."""
    return framework.load_game(game_id)


def moves(game_id: str, piles: dict[str, str], **variables: object) -> set[str]:
    """The legal moves of a position of ``game_id``."""
    return legal_texts(position(load(game_id), piles, **variables))


def sizes(state: framework.State, group: str) -> list[tuple[int, int]]:
    """(cards, face-down cards) of each pile of ``group``."""
    return [(len(state.piles[pile]), state.face_down[pile]) for pile in state.game.groups[group].piles]


def tops(state: framework.State, names: list[str]) -> list[str]:
    return [card_text(state.piles[state.game.pile_index(name)][-1]) for name in names]


# --- Beleaguered Castle family -------------------------------------------------------------------

KINGS_AT_REST = {"t4": "KC", "t5": "KD", "t6": "KH", "t7": "KS"}


def test_streets_and_alleys_moves_runs_only_as_far_as_the_empty_rows_allow():
    # one empty row (t8): runs of 2 onto a card, 1 onto the empty row
    piles = {"t1": "9C 8D 7S", "t2": "TH", "t3": "9H", **KINGS_AT_REST}
    assert moves("streets-and-alleys", piles) == {
        "t1 t3 2", "t1 t8", "t2 t8", "t3 t2", "t3 t8", "t4 t8", "t5 t8", "t6 t8", "t7 t8",
    }  # not 't1 t2 3' (three cards need two empty rows), not 't1 t8 2'


def test_beleaguered_castle_starts_with_the_aces_out_and_a_foundation_card_stays():
    piles = {"f1": "AC", "f2": "AD", "f3": "AH", "f4": "AS", "t1": "2D", "t2": "3S", "t3": "3C",
             **KINGS_AT_REST, "t8": "QH"}
    assert moves("beleaguered-castle", piles) == {
        "t1 f2", "t1 t2", "t1 t3", "t8 t4", "t8 t5", "t8 t6", "t8 t7",
    }  # nothing from a foundation; 't2 f4' needs the 2S
    state = load("beleaguered-castle").deal(5)
    assert tops(state, ["f1", "f2", "f3", "f4"]) == ["AC", "AD", "AH", "AS"]
    assert sizes(state, "tableau") == [(6, 0)] * 8


def test_selective_castle_takes_its_base_rank_from_the_first_card_up_and_builds_rows_round_the_corner():
    piles = {"t1": "9C 8D 7S", "t2": "8H", "t3": "AC", **KINGS_AT_REST, "t8": "QH"}
    state = position(load("selective-castle"), piles)
    # any top card may start its suit's foundation; a K goes on an A in the rows
    assert legal_texts(state) == {"t1 f2", "t2 f3", "t3 f1", "t4 f1", "t5 f4", "t6 f3", "t7 f2", "t8 f3",
                                  "t1 t2", "t4 t3", "t5 t3", "t6 t3", "t7 t3", "t8 t4", "t8 t5", "t8 t6", "t8 t7"}
    state.push(state.parse_move("t2 f3"))
    # an 8 chose the base rank: no other card starts a foundation now; the empty row takes any card or run, and
    # the run 9C 8D 7S moves whole, with no empty row to spare
    assert state.base_rank == 8 and legal_texts(state) == {
        "t1 t2", "t1 t2 2", "t1 t2 3", "t3 t2", "t4 t2", "t5 t2", "t6 t2", "t7 t2", "t8 t2",
        "t4 t3", "t5 t3", "t6 t3", "t7 t3", "t8 t4", "t8 t5", "t8 t6", "t8 t7"}
    assert sizes(load("selective-castle").deal(1), "tableau") == [(7, 0)] * 4 + [(6, 0)] * 4


def test_stronghold_counts_its_free_cell_for_runs():
    piles = {"t1": "9C 8D 7S", "t2": "TH", "t3": "9H", **KINGS_AT_REST, "t8": "QC"}
    assert moves("stronghold", piles) == {
        "t1 c", "t1 t3 2", "t2 c", "t3 t2", "t3 c", "t4 c", "t5 c", "t6 c", "t7 c",
        "t8 t4", "t8 t5", "t8 t6", "t8 t7", "t8 c",
    }  # not 't1 t2 3': one free cell and no empty row move two cards


def test_private_lane_has_two_free_cells_so_three_cards_move():
    piles = {"t1": "9C 8D 7S", "t2": "TH", "t3": "9H", **KINGS_AT_REST, "t8": "QC"}
    to_cells = {f"{source} {cell}" for source in ("t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8")
                for cell in ("c1", "c2")}
    assert moves("private-lane", piles) == to_cells | {
        "t1 t2 3", "t1 t3 2", "t3 t2", "t8 t4", "t8 t5", "t8 t6", "t8 t7",
    }
    # one cell full: two cards at most again
    assert "t1 t2 3" not in moves("private-lane", {**piles, "c2": "5D"})


def test_siegecraft_cell_card_goes_to_a_foundation_or_a_row():
    piles = {"f1": "AC", "f2": "AD", "f3": "AH", "f4": "AS", "c": "2H", "t1": "3S", "t2": "KC", "t3": "KD",
             "t4": "KH", "t5": "KS", "t6": "QC", "t7": "QD", "t8": "JH"}
    assert moves("siegecraft", piles) == {
        "c f3", "c t1", "t6 t2", "t6 t3", "t6 t4", "t6 t5", "t7 t2", "t7 t3", "t7 t4", "t7 t5", "t8 t6", "t8 t7",
    }  # the cell is full, so no row card goes there


def test_penelopes_web_moves_any_run_but_fills_an_empty_row_only_with_a_king():
    piles = {"t1": "9C 8D 7S 6H", "t2": "TH", "t3": "5C KD"}
    assert moves("penelopes-web", piles) == {"t1 t2 4", "t3 t4", "t3 t5", "t3 t6", "t3 t7", "t3 t8"}
    # not 't1 t4' or 't2 t4': an empty row takes only a king


INERT_TEN = {"t5": "9S", "t6": "JS", "t7": "9D", "t8": "JD", "t9": "KC", "t10": "7S"}


def test_fortress_builds_up_or_down_by_suit_and_takes_foundation_cards_back():
    piles = {"f1": "AH 2H", "t1": "3H", "t2": "4H", "t3": "5C", "t4": "6C", **INERT_TEN}
    assert moves("fortress", piles) == {"f1 t1", "t1 f1", "t1 t2", "t2 t1", "t3 t4", "t4 t3"}
    state = load("fortress").deal(1)
    assert sizes(state, "tableau") == [(6, 0)] * 2 + [(5, 0)] * 8


def test_bastion_deals_a_card_to_each_cell_and_a_foundation_card_may_go_to_a_cell():
    piles = {"c1": "5D", "f1": "AH 2H", "t1": "3H", "t2": "9S", "t3": "JS", "t4": "9D", "t5": "JD", "t6": "KC",
             "t7": "7S", "t8": "7C", "t9": "9C", "t10": "JC"}
    assert moves("bastion", piles) == {"f1 t1", "f1 c2", "t1 f1", "t1 c2"} | {f"t{i} c2" for i in range(2, 11)}
    # the 5D in c1 has nowhere to go
    state = load("bastion").deal(2)
    assert sizes(state, "tableau") == [(5, 0)] * 10 and sizes(state, "cell") == [(1, 0)] * 2


def test_ten_by_one_has_one_empty_cell_and_deals_every_card_to_the_rows():
    piles = {"f1": "AS", "t1": "2S", "t2": "3S", "t3": "9H", "t4": "JH", "t5": "9D", "t6": "JD", "t7": "KC",
             "t8": "7C", "t9": "KD", "t10": "7D"}
    assert moves("ten-by-one", piles) == {
        "f1 t1", "f1 c", "t1 f1", "t1 t2", "t1 c", "t2 t1", "t2 c"} | {f"t{i} c" for i in range(3, 11)}
    state = load("ten-by-one").deal(2)
    assert sizes(state, "tableau") == [(6, 0)] * 2 + [(5, 0)] * 8 and sizes(state, "cell") == [(0, 0)]


def test_lightweight_moves_whole_runs_and_fills_an_empty_row_only_with_a_king():
    piles = {"f1": "AC", "t1": "9C 8D 7S", "t2": "TH", "t3": "KD", "t4": "2H", "t5": "2D", "t6": "2S", "t7": "4H",
             "t8": "4D", "t9": "4S", "t10": "TC", "t11": "TS"}
    assert moves("lightweight", piles) == {"t1 t2 3", "t1 t10 3", "t1 t11 3", "t3 t12"}
    # not 't1 t12', 't2 t12' ...: only a king goes into the empty row
    state = load("lightweight").deal(3)
    assert sorted(tops(state, [f"f{i}" for i in range(1, 9)])) == ["AC", "AC", "AD", "AD", "AH", "AH", "AS", "AS"]
    assert sizes(state, "tableau") == [(8, 0)] * 12


def test_castle_mount_builds_in_any_suit_but_moves_only_runs_of_one_suit():
    piles = {"t1": "9H 8C 7C", "t2": "8D", "t3": "9S", "t4": "TD", "t5": "2H", "t6": "2D", "t7": "2S", "t8": "4H",
             "t9": "4D", "t10": "4S", "t11": "QC", "t12": "QH"}
    assert moves("castle-mount", piles) == {"t1 t2", "t1 t3 2", "t2 t3", "t3 t4"}  # not 't1 t4 3': 9H 8C mix suits


def test_palace_deals_sixteen_aces_out_and_eighteen_rows():
    state = load("palace").deal(4)
    assert sorted(tops(state, [f"f{i}" for i in range(1, 17)])) == sorted(["AC", "AD", "AH", "AS"] * 4)
    assert sizes(state, "tableau") == [(11, 0)] * 12 + [(10, 0)] * 6
    piles = {"t1": "9H 8C 7C", "t2": "9S", "t3": "TD"}
    assert "t1 t3 3" not in moves("palace", piles) and "t1 t2 2" in moves("palace", piles)


def test_castle_of_indolence_plays_reserve_tops_and_builds_foundations_regardless_of_suit():
    piles = {"r1": "5C 2H", "r2": "4S", "f1": "AC", "t1": "3D", "t2": "9S", "t3": "9H", "t4": "9D", "t5": "9C",
             "t6": "JS", "t7": "JH", "t8": "JD"}
    assert moves("castle-of-indolence", piles) == {"r1 f1", "r1 t1"}
    # 2H goes on the AC; not 't1 r2' (nothing is put on a reserve), not the 5C under the 2H


CANISTER_POSITION = {"f1": "AH 2H", "t1": "9C 8D 7S", "t2": "TH", "t3": "3S", "t4": "TD", "t5": "TS", "t6": "KC",
                     "t7": "KD", "t8": "5C"}


@pytest.mark.parametrize(("game_id", "expected"), [
    ("canister", {"t1 t2 3", "t1 t4 3", "t1 t5 3", "f1 t3"}),  # any suit: onto any ten
    ("american-canister", {"t1 t2 3", "t1 t4 3", "f1 t3"}),  # alternate colours: not onto the TS
])
def test_canisters_move_whole_runs_and_take_foundation_cards_back(game_id, expected):
    assert moves(game_id, CANISTER_POSITION) == expected
    state = load(game_id).deal(1)
    assert sizes(state, "tableau") == [(6, 0), (6, 0), (7, 0), (7, 0), (7, 0), (7, 0), (6, 0), (6, 0)]


def test_british_canister_moves_one_card_and_fills_an_empty_column_only_with_a_king():
    piles = {**CANISTER_POSITION, "t8": ""}
    assert moves("british-canister", piles) == {"f1 t3", "t6 t8", "t7 t8"}  # no run moves, no 2H or 7S to t8


def test_castles_in_spain_deals_three_face_down_and_turns_up_a_card_left_on_top():
    inert = ["7C", "7D", "7H", "7S", "9C", "9D", "9H", "9S", "JC", "JD", "JH"]
    piles = {"t1": "QS | 3H", "t2": "4C", **{f"t{i}": card for i, card in enumerate(inert, start=3)}}
    state = position(load("castles-in-spain"), piles)
    assert legal_texts(state) == {"t1 t2"}
    state.push(state.parse_move("t1 t2"))
    assert state.face_down[state.game.pile_index("t1")] == 0 and legal_texts(state) == {"t12 t1", "t13 t1"}  # JD, JH
    assert sizes(load("castles-in-spain").deal(1), "tableau") == [(4, 3)] * 13


# --- Yukon family -------------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "piles", "expected"), [
    # Russian Solitaire: down by suit, so 5H 9C go onto the 6H and not onto the 6C
    ("russian-solitaire", {"t1": "5H 9C", "t2": "6H", "t3": "6C", "f1": "AC", "t4": "2C"}, {"t1 t2 2", "t4 f1"}),
    # Alaska: up or down by suit
    ("alaska", {"t1": "7H 9C", "t2": "6H", "t3": "8H", "t4": "8C"}, {"t1 t2 2", "t1 t3 2", "t1 t4", "t4 t1"}),
    # Roslin: up or down in alternate colours (not 7H onto 8H, not 8C onto 9C)
    ("roslin", {"t1": "7H 9C", "t2": "6S", "t3": "8C", "t4": "8H"}, {"t1 t2 2", "t1 t3 2", "t1 t4", "t4 t1"}),
    # Moosehide: down in any suit but the card's own (not 5H onto 6H, not 9C onto TC)
    ("moosehide", {"t1": "5H 9C", "t2": "6H", "t3": "6D", "t4": "TC"}, {"t1 t3 2"}),
])
def test_yukon_variants_build_by_their_own_rule(game_id, piles, expected):
    assert moves(game_id, piles) == expected


def test_yukon_cells_take_one_card_from_a_column():
    piles = {"t1": "5H 9C", "t2": "6S", "c1": "QD", "f1": "AH"}
    assert moves("yukon-cells", piles) == {"t1 c2", "t1 t2 2", "t2 c2"}  # the QD may not go to an empty column


def test_russian_cell_plays_a_cell_card_onto_its_suit():
    piles = {"t1": "5H 9C", "t2": "6H", "c1": "8C"}
    assert moves("russian-cell", piles) == {"t1 c2", "t1 t2 2", "t2 c2", "c1 t1"}


def test_chinese_discipline_deals_its_three_stock_cards_onto_the_first_columns():
    piles = {"t1": "5H 9C", "t2": "6S", "t3": "2D", "t4": "2H", "t5": "4D", "t6": "4H", "s": "QD JD TD"}
    state = position(load("chinese-discipline"), piles)
    assert legal_texts(state) == {"t1 t2 2", "d"}  # nothing goes to the empty t7 without a king
    state.push(state.parse_move("d"))
    assert tops(state, ["t1", "t2", "t3"]) == ["TD", "JD", "QD"]
    assert legal_texts(state) == set()  # the 6S is covered now, and the stock is empty
    state = load("chinese-discipline").deal(1)
    assert sizes(state, "tableau") == [(7, 0)] * 3 + [(7, 3), (7, 4), (7, 5), (7, 6)]
    assert len(state.piles[state.game.pile_index("s")]) == 3


def test_chinese_solitaire_fills_an_empty_column_with_anything():
    piles = {"t1": "5H 9C", "t2": "6S", "t3": "2D", "t4": "2H", "t5": "4D", "t6": "4H"}
    assert moves("chinese-solitaire", piles) == {"t1 t2 2", "t1 t7", "t1 t7 2"} | {f"t{i} t7" for i in range(2, 7)}


@pytest.mark.parametrize(("game_id", "tableau", "stock"), [
    ("odessa", [(6, 3), (8, 3), (8, 3), (8, 3), (8, 3), (8, 3), (6, 3)], 0),
    ("queenie", [(n, 0) for n in range(1, 8)], 24),
    ("rushdike", [(n, n - 1) for n in range(1, 8)], 24),
    ("russian-point", [(1, 0), (3, 2), (5, 4), (7, 6), (5, 4), (3, 2), (1, 0)], 27),
    ("double-yukon", [(n + 6, n) for n in (0, 1, 2, 3, 4, 5, 6, 7, 8, 8)], 0),
    ("double-russian-solitaire", [(n + 6, n) for n in (0, 1, 2, 3, 4, 5, 6, 7, 8, 8)], 0),
    ("triple-yukon", [(n + 6, n) for n in range(13)], 0),
    ("triple-russian-solitaire", [(n + 6, n) for n in range(13)], 0),
    ("quadruple-yukon", [(1, 0)] + [(n + 6, n) for n in range(1, 13)] + [(n + 5, n) for n in (13, 14, 15)], 0),
    ("geoffrey", [(7, 0)] * 4 + [(6, 4)] * 4, 0),
    ("queensland", [(5, 0), (6, 1), (7, 2), (7, 3), (8, 4), (9, 5), (10, 6)], 0),
    ("brisbane", [(5, 0), (6, 1), (7, 2), (7, 3), (8, 4), (9, 5), (10, 6)], 0),
    ("yukonic-plague", [(1, 0), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2), (8, 2)], 0),
    ("ten-across", [(5, n) for n in (0, 1, 2, 3, 4, 4, 3, 2, 1, 0)], 0),
    ("panopticon", [(6, n) for n in (1, 2, 3, 4, 4, 3, 2, 1)], 0),
    ("australian-patience", [(4, 0)] * 7, 23),
    ("outback-patience", [(7, 0)] * 8, 47),
    ("bim-bom", [(5, 0)] * 8, 63),
])
def test_yukon_family_deals(game_id, tableau, stock):
    game = load(game_id)
    state = game.deal(2)
    assert sizes(state, "tableau") == tableau
    in_stock = sum(len(state.piles[pile]) for pile in game.groups["stock"].piles) if "stock" in game.groups else 0
    assert in_stock == stock


def test_ten_across_foundations_take_only_a_whole_suit_and_no_cell_card():
    piles = {"t1": "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", "c1": "AH", "c2": "QD", "t2": "2H", "t3": "9H",
             "t4": "9D", "t5": "9C", "t6": "JH", "t7": "JD", "t8": "JC", "t9": "5H", "t10": "5D"}
    assert moves("ten-across", piles) == {"c1 t2", "t1 f1 13", "t1 f2 13", "t1 f3 13", "t1 f4 13"}
    # not 't1 f1' (the AS alone), not 'c1 f1'


def test_panopticon_foundation_cards_come_back_to_a_column_or_a_cell():
    piles = {"f1": "AH 2H", "c2": "QD", "c3": "QC", "c4": "QS", "t1": "3H", "t2": "9H", "t3": "9D", "t4": "9C",
             "t5": "JH", "t6": "JD", "t7": "JC", "t8": "5D"}
    assert moves("panopticon", piles) == {"f1 t1", "f1 c1", "t1 f1", "t1 c1"} | {f"t{i} c1" for i in range(2, 9)}


@pytest.mark.parametrize(("game_id", "expected"), [
    ("queensland", {"t1 t2 2"}),  # by suit: not onto the 6C
    ("brisbane", {"t1 t2 2", "t1 t3 2"}),  # regardless of suit
])
def test_queensland_and_brisbane_fill_an_empty_column_with_anything(game_id, expected):
    piles = {"t1": "5H 9C", "t2": "6H", "t3": "6C", "t4": "2D", "t5": "2S", "t6": "4D"}
    assert moves(game_id, piles) == expected | {"t1 t7", "t1 t7 2"} | {f"t{i} t7" for i in range(2, 7)}


def test_yukonic_plague_plays_only_the_reserve_top_card():
    assert moves("yukonic-plague", {"r": "5C 2H", "f1": "AH", "t1": "3S"}) == {"r f1", "r t1"}


def test_hawaiian_reserve_top_goes_anywhere_it_fits_and_any_card_fills_an_empty_column():
    inert = ["9H", "9D", "9C", "JH", "JD", "JC", "7H", "7D"]
    piles = {"r": "5C 2H", "f1": "AH", "t1": "3S", **{f"t{i}": card for i, card in enumerate(inert, start=2)}}
    assert moves("hawaiian", piles) == {"r f1", "r t1", "r t10", "f1 t10"} | {f"t{i} t10" for i in range(1, 10)}


def test_australian_patience_plays_the_waste_and_fills_an_empty_column_only_with_a_king():
    assert moves("australian-patience", {"w": "3C 5H", "t1": "6H", "f1": "AH 2H 3H 4H", "s": "9D"}) == {
        "w f1", "w t1", "d"}
    piles = {"w": "9C", "t1": "6H", "t2": "2D", "t3": "2S", "t4": "4D", "t5": "4S", "t6": "QD"}
    assert moves("australian-patience", piles) == set()
    assert moves("raw-prawn", piles) == {"w t7"} | {f"t{i} t7" for i in range(1, 7)}
    assert moves("bim-bom", piles) == {f"{source} {target}" for source in ("w", "t1", "t2", "t3", "t4", "t5", "t6")
                                       for target in ("t7", "t8")}  # eight columns, two of them empty


@pytest.mark.parametrize(("game_id", "redeals"), [
    ("australian-patience", 0), ("outback-patience", 0), ("canberra", 1), ("tasmanian-patience", None),
])
def test_australian_games_redeal_as_often_as_their_rule_says(game_id, redeals):
    game = load(game_id)
    state = position(game, {"w": "5C 6D", "t1": "2S"})
    used = 0
    while "redeal" in legal_texts(state) and used < 3:
        state.push(state.parse_move("redeal"))
        used += 1
        while state.piles[game.pile_index("s")]:
            state.push(state.parse_move("d"))
    assert used == (3 if redeals is None else redeals)


def test_tasmanian_patience_turns_three_cards():
    state = position(load("tasmanian-patience"), {"s": "2C 3C 4C 5C", "t1": "2S"})
    state.push(state.parse_move("d"))
    assert len(state.piles[state.game.pile_index("w")]) == 3


def test_the_castle_games_are_built_in_and_say_their_family_and_pysolfc_name():
    specs = [framework.load_spec(game_id) for game_id in CASTLE_GAMES]
    assert {spec.family for spec in specs} == {'beleaguered castle'}
    assert all(spec.pysolfc and spec.summary for spec in specs)


def test_the_yukon_games_are_built_in_and_say_their_family_and_pysolfc_name():
    specs = [framework.load_spec(game_id) for game_id in YUKON_GAMES]
    assert {spec.family for spec in specs} == {'yukon'}
    assert all(spec.pysolfc and spec.summary for spec in specs)


@pytest.mark.parametrize("game_id", ["citadel", "exiled-kings"])
def test_citadel_deals_each_card_that_fits_a_foundation_onto_it(game_id):
    from framework.cards import RANK, SUIT

    game = load(game_id)
    for seed in range(1, 10):
        order = [card for card in game.pack_order(seed) if RANK[card] != 1]  # the aces start the foundations
        tops = {suit: 1 for suit in range(4)}
        rows: list[list[int]] = [[] for _ in range(8)]
        turn = 0
        for card in order:  # the rule, card by card: up if it fits, else onto the row whose turn it is
            if RANK[card] == tops[SUIT[card]] + 1:
                tops[SUIT[card]] += 1
            else:
                rows[turn].append(card)
            turn = (turn + 1) % 8
        state = game.deal(seed)
        assert [state.piles[pile] for pile in game.groups["tableau"].piles] == rows
        assert [len(state.piles[pile]) for pile in game.foundation_piles] == [tops[suit] for suit in range(4)]


def test_exiled_kings_moves_runs_as_a_unit_and_fills_an_empty_row_only_from_a_king():
    state = position(load("exiled-kings"), {"t1": "QH JS", "t2": "KD", "t3": "5C", "t4": "KC QS JD", "f1": "AC 2C 3C 4C"})
    # JS onto QH is its own row; 5C goes up; QH JS and QS JD onto KD as runs (PySolFC's RK_RowStack moves any
    # run), but onto no empty row (no king heads them); KD, and KC QS JD whole, onto the empty rows t5..t8
    empty = range(5, 9)
    assert legal_texts(state) == ({"t3 f1", "t1 t2 2", "t4 t2 2"} | {f"t2 t{row}" for row in empty}
                                  | {f"t4 t{row} 3" for row in empty})


def test_exiled_kings_moves_a_run_of_any_suits_as_pysolfc_does():
    game = load("exiled-kings")
    state = game.deal(1)
    for text in ("t6 t4", "t8 t3"):
        state.push(state.parse_move(text))
    assert "t3 t4 2" in legal_texts(state)  # 8C 7S onto 9D: refused when a row moved one card at a time
    state.push(state.parse_move("t3 t4 2"))
    assert [card_text(card) for card in state.piles[game.pile_index("t4")][-3:]] == ["9D", "8C", "7S"]


def test_lasker_moves_runs_up_or_down_by_suit_and_morphy_builds_in_alternate_colours():
    lasker = position(load("lasker"), {"t1": "5H 6H 7H", "t2": "8H", "t3": "KS"}, base_rank=2)
    empty = range(4, 11)
    # 7H onto 8H (down) and 8H onto 7H (up); the run 5H 6H 7H moves whole or in part only to empty rows
    assert legal_texts(lasker) == ({"t1 t2", "t2 t1"} | {f"t1 t{row}{count}" for row in empty for count in ("", " 2", " 3")}
                                   | {f"t{source} t{row}" for source in (2, 3) for row in empty})
    morphy = position(load("morphy"), {"t1": "5H 6S", "t2": "7D", "t3": "5C"}, base_rank=2)
    # 6S onto 7D (down, other colour) and 7D onto 6S (up, other colour); 5C may not go on 6S (both black)
    assert legal_texts(morphy) == ({"t1 t2", "t2 t1"} | {f"t{source} t{row}" for source in (1, 2, 3) for row in empty})
