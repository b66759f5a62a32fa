"""The Forty Thieves games added from PySolFC, each checked on a concrete position by what sets it apart.

Positions fill every column not named with a filler card that can go nowhere (a king, where nothing
turns the corner), so that the sets of legal moves stay small; the stock is empty unless a test names it.
"""

from __future__ import annotations

import pytest
from helpers import build, cards_of

import framework
from framework import State
from framework.testing import legal_texts, position

GAMES = [
    "busy-aces", "corona", "courtyard", "deuces", "double-rail", "eighty-thieves", "emperor", "famous-fifty",
    "floradora", "forty-and-eight", "indian", "josephine", "limited", "lucas", "maria", "midshipman", "napoleons-exile",
    "napoleons-shoulder", "napoleons-square", "number-ten", "quadrangle", "rank-and-file", "red-and-black",
    "san-juan-hill", "sixty-thieves", "streets", "triple-line", "waning-moon",
]


def filled(game_id: str, piles: dict[str, str], filler: str = "KC", **variables: object) -> State:
    """A position of ``game_id``: ``piles``, and ``filler`` on every tableau column not named."""
    game = framework.load_game(game_id)
    full = dict(piles)
    for pile in game.groups["tableau"].piles:
        full.setdefault(game.pile_names[pile], filler)
    return position(game, full, **variables)


def shape(game_id: str, seed: int = 1) -> tuple[list[int], list[int], int, list[str]]:
    """A deal's column sizes, face-down counts, stock size and foundation cards."""
    game = framework.load_game(game_id)
    state = game.deal(seed)
    columns = game.groups["tableau"].piles
    return ([len(state.piles[p]) for p in columns], [state.face_down[p] for p in columns],
            len(state.piles[game.pile_index("s")]),
            [cards_of(state, game.pile_names[p]) for p in game.groups["foundation"].piles])


@pytest.mark.parametrize(("game_id", "columns", "per_column", "face_down", "stock", "decks"), [
    ("busy-aces", 12, 1, 0, 92, 2),
    ("eighty-thieves", 10, 8, 0, 128, 4),
    ("emperor", 10, 4, 3, 64, 2),
    ("famous-fifty", 10, 5, 0, 54, 2),
    ("forty-and-eight", 8, 4, 0, 72, 2),
    ("indian", 10, 3, 1, 74, 2),
    ("josephine", 10, 4, 0, 64, 2),
    ("limited", 12, 3, 0, 68, 2),
    ("lucas", 13, 4, 0, 52, 2),
    ("maria", 9, 4, 0, 68, 2),
    ("midshipman", 9, 4, 2, 68, 2),
    ("napoleons-exile", 10, 4, 0, 64, 2),
    ("napoleons-shoulder", 12, 4, 0, 56, 2),
    ("napoleons-square", 12, 4, 0, 56, 2),
    ("number-ten", 10, 4, 2, 64, 2),
    ("rank-and-file", 10, 4, 3, 64, 2),
    ("sixty-thieves", 12, 5, 0, 96, 3),
    ("streets", 10, 4, 0, 64, 2),
    ("waning-moon", 13, 4, 0, 52, 2),
    ("double-rail", 5, 1, 0, 99, 2),
])
def test_the_deal_has_the_columns_the_face_down_cards_and_the_stock_of_pysolfc(
        game_id, columns, per_column, face_down, stock, decks):
    sizes, downs, stock_size, foundations = shape(game_id)
    assert sizes == [per_column] * columns and downs == [face_down] * columns and stock_size == stock
    assert foundations == [""] * (4 * decks)


@pytest.mark.parametrize(("game_id", "columns", "waste", "stock"), [
    ("courtyard", 12, 1, 91), ("corona", 36, 1, 67), ("triple-line", 36, 1, 67), ("quadrangle", 36, 1, 66)])
def test_the_refilling_games_start_with_a_card_on_the_waste(game_id, columns, waste, stock):
    game = framework.load_game(game_id)
    state = game.deal(1)
    assert sum(len(state.piles[p]) for p in game.groups["tableau"].piles) == columns
    assert len(state.piles[game.pile_index("w")]) == waste and len(state.piles[game.pile_index("s")]) == stock


@pytest.mark.parametrize(("game_id", "rank", "stock"), [("red-and-black", "A", 88), ("san-juan-hill", "A", 56),
                                                        ("deuces", "2", 86)])
def test_the_eight_base_cards_start_on_the_foundations_in_pysolfc_suit_order(game_id, rank, stock):
    for seed in range(3):
        sizes, _, stock_size, foundations = shape(game_id, seed)
        assert foundations == [rank + suit for suit in "CCSSHHDD"] and stock_size == stock


def test_lucas_moves_a_whole_run_of_one_suit_across_thirteen_columns():
    state = filled("lucas", {"t1": "9H 8H 7H", "t13": "TH", "t12": "8S"})
    assert legal_texts(state) == {"t1 t13 3"}  # not 't12 t1' (8S is not a heart): only one suit builds


def test_indian_builds_in_any_suit_but_its_own_and_turns_up_the_face_down_card():
    state = filled("indian", {"t1": "5S | 9D", "t2": "TD", "t3": "TC", "t4": "TS"})
    assert legal_texts(state) == {"t1 t3", "t1 t4"}  # not 't1 t2': 9D may not go on TD, its own suit
    state.push(state.parse_move("t1 t3"))
    assert cards_of(state, "t1") == "5S" and state.face_down[state.game.pile_index("t1")] == 0


def test_napoleons_square_moves_a_run_of_one_suit_whole_or_in_part():
    state = filled("napoleons-square", {"t1": "9D 8D 7D", "t11": "9D", "t12": "TD"})
    assert legal_texts(state) == {"t1 t11 2", "t1 t12 3", "t11 t12"}


def test_number_ten_moves_an_alternating_run_but_not_its_face_down_cards():
    state = filled("number-ten", {"t1": "4C 4D | 9H 8S 7D", "t2": "TC", "t3": "8C"})
    assert legal_texts(state) == {"t1 t2 3", "t1 t3"}  # nothing moves 4D, which lies face down


def test_rank_and_file_turns_up_the_card_left_on_top_after_a_run_leaves():
    state = filled("rank-and-file", {"t1": "4C 5D 6C | 9H 8S", "t2": "TC"})
    assert legal_texts(state) == {"t1 t2 2"}
    state.push(state.parse_move("t1 t2 2"))
    assert cards_of(state, "t1") == "4C 5D 6C" and state.face_down[state.game.pile_index("t1")] == 2
    state.pop()
    assert state.face_down[state.game.pile_index("t1")] == 3


def test_josephine_moves_runs_of_one_suit_where_forty_thieves_moves_one_card():
    piles = {"t1": "9S 8S 7S", "t2": "TS", "t3": "8H"}
    assert legal_texts(filled("josephine", piles)) == {"t1 t2 3"}
    assert legal_texts(filled("forty-thieves", piles)) == set()  # one card at a time: 7S has no 8S to go on


def test_limited_moves_one_card_at_a_time_across_twelve_columns():
    state = filled("limited", {"t1": "9S 8S", "t11": "TS", "t12": "9S"})
    assert legal_texts(state) == {"t1 t12", "t12 t11"}  # not 't1 t11 2': runs do not move


def test_streets_builds_in_alternate_colours_and_lets_a_foundation_card_come_back():
    state = filled("streets", {"t1": "9H 8S", "t2": "TC", "t3": "9D", "t4": "4D", "f1": "AC 2C 3C"})
    # not 't1 t2 2' (one card at a time), not 't3 t4' or 'f1 t3' (no fit)
    assert legal_texts(state) == {"t3 t2", "t1 t3", "f1 t4"}


def test_maria_builds_nine_columns_in_alternate_colours():
    state = filled("maria", {"t1": "9H 8S", "t8": "9S", "t9": "9D"})
    assert legal_texts(state) == {"t1 t9"}  # not 't1 t8': 8S may not go on the black 9S


def test_red_and_black_foundations_build_in_alternate_colours_whatever_the_suit():
    state = filled("red-and-black", {"f1": "AC 2H", "f2": "AD", "w": "2D", "t1": "3C", "t2": "2S"})
    # not 'w f2' (2D on the red AD) nor 'w f1'; 'f1 t1' and 'f2 t2' bring foundation cards back
    assert legal_texts(state) == {"t1 f1", "t2 f2", "w t1", "f1 t1", "f2 t2"}


def test_sixty_thieves_has_twelve_suit_bound_foundations_for_three_decks():
    state = filled("sixty-thieves", {"t1": "AH", "t2": "3D 2H", "f7": "AH"})
    # f7, f8 and f9 are the heart foundations: no other takes the ace; AH may also come back onto 2H
    assert legal_texts(state) == {"t1 f8", "t1 f9", "t2 f7", "f7 t2", "t1 t2"}


def test_busy_aces_moves_one_card_at_a_time():
    state = filled("busy-aces", {"t1": "7C 6C", "t11": "8C", "t12": "7C"})
    assert legal_texts(state) == {"t1 t12", "t12 t11"}  # not 't1 t11 2': only the top card moves


def test_waning_moon_builds_by_suit_on_its_thirteenth_column():
    state = filled("waning-moon", {"t1": "6D", "t13": "7D", "t12": "7H"})
    assert legal_texts(state) == {"t1 t13"}  # not 't1 t12'


def test_emperor_builds_in_alternate_colours_one_card_at_a_time():
    state = filled("emperor", {"t1": "4C 5C 6C | 9H 8S", "t2": "TC", "t3": "9D"})
    assert legal_texts(state) == {"t1 t3", "t3 t2"}  # not 't1 t2 2': runs do not move


def test_midshipman_builds_in_any_suit_but_its_own():
    state = filled("midshipman", {"t1": "2C 2D | 7S", "t2": "8S", "t3": "8H"})
    assert legal_texts(state) == {"t1 t3"}  # not 't1 t2'


def test_famous_fifty_moves_one_card_at_a_time_by_suit():
    state = filled("famous-fifty", {"t1": "5C 4C", "t2": "5C", "t3": "5S"})
    assert legal_texts(state) == {"t1 t2"}  # not 't1 t3' (suit), not a two-card move


def test_eighty_thieves_has_sixteen_foundations():
    state = filled("eighty-thieves", {"t1": "AS"})
    assert legal_texts(state) == {f"t1 f{index}" for index in (5, 6, 7, 8)}  # the four spade foundations


def test_deuces_builds_round_the_corner_on_foundations_and_columns():
    state = filled("deuces", {"f1": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "t1": "AC", "t2": "AS", "t3": "KS"},
                  filler="7H")
    assert legal_texts(state) == {"t1 f1", "f1 t1", "t3 t2"}  # AC after KC, KC back on AC, KS on AS


def test_san_juan_hill_is_forty_thieves_with_the_aces_out():
    state = filled("san-juan-hill", {"t1": "2S", "f3": "AS"})
    # not 't1 f4': an empty spade foundation wants an ace; 'f3 t1' brings the ace back onto 2S
    assert legal_texts(state) == {"t1 f3", "f3 t1"}


def test_napoleons_exile_builds_down_regardless_of_suit():
    state = filled("napoleons-exile", {"t1": "8H", "t2": "9S", "t3": "9H", "t4": "7H 6D"})
    assert legal_texts(state) == {"t1 t2", "t1 t3"}  # not 't4 t1 2': one card at a time


def test_double_rail_moves_any_run_down_regardless_of_suit():
    state = filled("double-rail", {"t1": "9H 8S 7D", "t2": "TC", "t3": "8C", "t4": "KD", "t5": "KS"})
    assert legal_texts(state) == {"t1 t2 3", "t1 t3"}


def test_napoleons_shoulder_fills_an_empty_column_only_from_the_waste():
    state = filled("napoleons-shoulder", {"t1": "", "t2": "9S", "t3": "8H", "w": "7C", "f1": "AC"})
    # not 't2 t1', 't3 t1' or 'f1 t1': a column or a foundation card may not go to the empty column
    assert legal_texts(state) == {"w t1", "w t3", "t3 t2"}


def test_courtyard_refills_an_emptied_column_from_the_waste_and_undoes_it():
    state = filled("courtyard", {"t1": "5S", "t2": "6S", "w": "9D 3H"})
    assert legal_texts(state) == {"t1 t2"}
    state.push(state.parse_move("t1 t2"))
    assert cards_of(state, "t1") == "3H" and cards_of(state, "w") == "9D"
    state.pop()
    assert cards_of(state, "t1") == "5S" and cards_of(state, "w") == "9D 3H"


def test_courtyard_column_emptied_with_the_waste_empty_is_filled_from_the_stock():
    state = filled("courtyard", {"t1": "6H 5H", "t2": "7H", "s": "KC JD"})
    state.push(state.parse_move("t1 t2 2"))
    assert cards_of(state, "t1") == "JD" and cards_of(state, "s") == "KC"  # as PySolFC: the stock fills it
    state.pop()
    state = filled("courtyard", {"t1": "6H 5H", "t2": "7H", "w": "9S", "s": "KC JD"})
    state.push(state.parse_move("t1 t2 2"))
    assert cards_of(state, "t1") == "9S" and cards_of(state, "s") == "KC JD"  # the waste comes first
    state = filled("courtyard", {"t1": "6H 5H", "t2": "7H"})
    state.push(state.parse_move("t1 t2 2"))
    assert cards_of(state, "t1") == ""  # stock and waste empty: it stays empty and takes any card
    assert legal_texts(state) == {"t2 t1 3", "t2 t1 2", "t2 t1"} | {f"t{i} t1" for i in range(3, 13)}


def test_corona_keeps_foundation_cards_on_the_foundations():
    state = filled("corona", {"f1": "AC 2C", "t1": "3C", "t2": "4H"})
    assert legal_texts(state) == {"t1 f1"}  # not 'f1 t1' (2C on 3C) as other Forty Thieves games allow


def test_quadrangle_builds_from_the_dealt_base_rank_round_the_corner():
    state = filled("quadrangle", {"f1": "QH KH", "t1": "AH", "t2": "2H", "t3": "KS", "t4": "QS"}, base_rank=12)
    # AH after KH, AH on 2H; QS starts a foundation (base rank Q); not 'f1 t1' (foundation cards stay)
    assert legal_texts(state) == {"t1 f1", "t1 t2", "t4 t3"} | {f"t4 f{index}" for index in range(2, 9)}


def test_triple_line_turns_the_waste_over_once():
    state = filled("triple-line", {"w": "5C 6D"})
    assert legal_texts(state) == {"redeal"}
    for text in ("redeal", "d", "d"):
        state.push(state.parse_move(text))
    assert legal_texts(state) == set() and state.vars["redeals_used"] == 1


def test_forty_and_eight_turns_the_waste_over_once_on_eight_columns():
    state = filled("forty-and-eight", {"w": "5C 6D", "t8": "7D"})
    assert legal_texts(state) == {"redeal", "w t8"}
    for text in ("redeal", "d", "d"):
        state.push(state.parse_move(text))
    assert legal_texts(state) == {"w t8"}


def test_the_games_are_built_in_and_say_their_family_and_pysolfc_name():
    specs = [framework.load_spec(game_id) for game_id in GAMES]
    assert {spec.family for spec in specs} == {'forty thieves'}
    assert all(spec.pysolfc and spec.summary for spec in specs)


def test_floradora_gives_the_kings_a_foundation_of_their_own_and_lets_foundation_cards_back():
    piles = {"f1": "AC 2C", "f5": "AC", "k": "KS", "t1": "3C", "t2": "KH", "t3": "5D 4S", "t5": "9D", "t6": "9S",
             "w": "KD", "s": "9H"}
    state = build("floradora", piles)
    # kings only on the kings' pile (KH and KD, on KS); 2C from its foundation onto the other clubs foundation or
    # onto 3C; the A of the second foundation and the K of the kings' pile to the empty column only
    assert legal_texts(state) == {"t1 f1", "t1 t3", "t1 t4", "t2 k", "t2 t4", "t3 t4", "t5 t4", "t6 t4", "w k", "w t4",
                                  "f1 f5", "f1 t1", "f1 t4", "f5 t4", "k t4", "d"}
    full = build("floradora", {"f1": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC", "t1": "KC", "s": "9H"})
    assert "t1 f1" not in legal_texts(full)  # a suit's foundation ends at the Q
