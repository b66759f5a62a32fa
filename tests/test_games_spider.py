"""The spider-family games: each game's own rule on a small position, and random games of all of them.

Positions are written as card text (cards before ``|`` lie face down, ``T`` is a ten); each test
names the exact set of legal moves, with the moves that must not be legal said in a comment.
"""

from __future__ import annotations

import pytest
from helpers import build, cards_of

import framework
from framework import State
from framework.cards import card_text
from framework.testing import legal_texts

GAMES = [
    "relaxed-spider", "black-widow", "spiderette", "will-o-the-wisp", "wasp", "scorpion-ii", "simple-simon",
    "mrs-mop", "open-spider", "big-spider", "big-spider-2-suits", "spider-3x3", "chinese-spider", "spider-4-decks",
    "tarantula", "baby-spiderette", "fair-maids", "double-scorpion", "triple-scorpion", "scorpion-tail", "wasp-ii",
    "three-blind-mice", "farmers-wife", "how-they-run", "scorpion-head", "york", "big-york", "simon-jester",
    "grandmothers-game", "spider-web", "astrocyte", "spidike", "freds-spider", "freds-spider-3-decks", "rachel",
]
KINGS = "KC KD KH KS KC KD KH KS KC KD KH KS KC"


def shape(game_id: str, seed: int = 1) -> tuple[list[int], list[int]]:
    """(number of cards, number face down) of each tableau column of the deal."""
    game = framework.load_game(game_id)
    state = game.deal(seed)
    columns = game.groups["tableau"].piles
    return [len(state.piles[pile]) for pile in columns], [state.face_down[pile] for pile in columns]


def fillers(first: int, last: int, cards: str) -> dict[str, str]:
    """Columns first..last holding one card each, taken in turn from ``cards``."""
    words = cards.split()
    return {f"t{column}": words[column - first] for column in range(first, last + 1)}


def test_relaxed_spider_deals_with_a_column_empty_and_puts_six_cards_in_columns_1_4_7_10():
    assert shape("relaxed-spider") == ([6, 5, 5, 6, 5, 5, 6, 5, 5, 6], [5, 4, 4, 5, 4, 4, 5, 4, 4, 5])
    piles = dict(fillers(1, 9, "5H 5H 5D 5D 5C 5C 5S 5S 9C"), t10="", s="2H 2H 2D 2D 2C 2C 2S 2S 3H 3D")
    state = build("relaxed-spider", piles)
    # every column may move its card to the empty t10; the stock deals although t10 is empty (Spider: no "d")
    assert legal_texts(state) == {f"t{column} t10" for column in range(1, 10)} | {"d"}
    state.push(state.parse_move("d"))
    assert cards_of(state, "t10") == "2H" and cards_of(state, "t1") == "5H 3D"


def test_black_widow_moves_runs_of_mixed_suits():
    piles = dict(t1="9H 8S 7D", t2="TC", t3="9D", **fillers(4, 10, "KC KD KH KS KC KD KH"))
    # in Spider only "t3 t2" would be legal: 9H 8S 7D and 8S 7D are not runs of one suit
    assert legal_texts(build("black-widow", piles)) == {"t1 t2 3", "t1 t3 2", "t3 t2"}


def test_black_widow_foundation_still_takes_only_a_run_of_one_suit():
    mixed = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH"
    piles = dict(t1=mixed, **fillers(2, 10, "AC AD AS AC AD AS AH AC AD"))
    # the thirteen cards K..A are a run (any tail could move onto a card one rank higher, but only aces show);
    # not "t1 f1 13": a foundation takes only a run of one suit
    assert legal_texts(build("black-widow", piles)) == set()


def test_spiderette_deals_like_klondike_and_its_last_deal_covers_the_first_three_columns():
    assert shape("spiderette") == ([1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6])
    state = build("spiderette", dict(fillers(1, 7, "KC KD KH KS AC AD AH"), s="2C 3C 4C"))
    assert legal_texts(state) == {"d"}
    state.push(state.parse_move("d"))
    assert [cards_of(state, name) for name in ("t1", "t2", "t3", "t4", "s")] == ["KC 4C", "KD 3C", "KH 2C", "KS", ""]
    # any suit builds: the aces go onto 2C; not "t3 t1": 2C is not one below 4C
    assert legal_texts(state) == {"t2 t1", "t3 t2", "t5 t3", "t6 t3", "t7 t3"}
    state = build("spiderette", dict(fillers(1, 6, "KC KD KH KS AC AD"), s="2C 3C 4C"))
    assert "d" not in legal_texts(state)  # no deal while t7 is empty


def test_will_o_the_wisp_deals_seven_columns_of_three_and_moves_only_suit_runs():
    assert shape("will-o-the-wisp") == ([3] * 7, [2] * 7)
    assert len(framework.load_game("will-o-the-wisp").deal(1).piles[-1]) == 31  # the stock
    piles = dict(t1="7H 6S 5S", t2="7D", t3="KC", **fillers(4, 7, "AC AD AH AS"))
    # not "t1 t2 3" or any move of 7H 6S 5S: it is not a run of one suit
    assert legal_texts(build("will-o-the-wisp", piles)) == {"t1 t2 2"}


def test_wasp_empty_column_takes_any_card_with_whatever_lies_on_it():
    piles = {"t1": "2H | 5S 9D 4S", "t2": "6S", "t3": "", "t4": "AC", "t5": "AD", "t6": "AH", "t7": "KH"}
    # in Scorpion only the king would go to t3 ("t7 t3"), with "t1 t2 3"
    assert legal_texts(build("wasp", piles)) == {
        "t1 t2 3", "t1 t3", "t1 t3 2", "t1 t3 3", "t2 t3", "t4 t3", "t5 t3", "t6 t3", "t7 t3"}
    assert legal_texts(build("scorpion", piles)) == {"t1 t2 3", "t7 t3"}


def test_scorpion_ii_has_face_down_cards_in_the_first_three_columns_only():
    assert shape("scorpion-ii") == ([7] * 7, [3, 3, 3, 0, 0, 0, 0])
    assert shape("scorpion") == ([7] * 7, [3, 3, 3, 3, 0, 0, 0])
    piles = {"t1": "2H | 5S 9D 4S", "t2": "6S", "t3": "", "t4": "AC", "t5": "AD", "t6": "AH", "t7": "KH"}
    assert legal_texts(build("scorpion-ii", piles)) == {"t1 t2 3", "t7 t3"}  # only a king onto an empty column


def test_simple_simon_deals_a_face_up_staircase_with_no_stock():
    assert shape("simple-simon") == ([8, 8, 8, 7, 6, 5, 4, 3, 2, 1], [0] * 10)
    game = framework.load_game("simple-simon")
    assert [group.role.value for group in game.groups.values()] == ["tableau", "foundation"]
    piles = dict(t1="9H 8S 7S", t2="9D", t3="TC", **fillers(4, 10, "AC AD AH AS KC KD KH"))
    # not "t1 t3 3": 9H 8S 7S is not a run of one suit
    assert legal_texts(build("simple-simon", piles)) == {"t1 t2 2", "t2 t3"}


def test_simple_simon_sends_a_whole_suit_to_a_foundation():
    suit = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
    state = build("simple-simon", dict(t1="5H " + suit, **fillers(2, 10, "KC KD KH AC AD AH 3C 3D 3H")))
    # the whole suit goes to any foundation; its tail QS..AS onto a king, 2S AS onto a three (any suit);
    # not "t1 f1 12" nor "t1 f1": a foundation takes only the whole suit
    assert legal_texts(state) == {f"t1 f{index} 13" for index in range(1, 5)} | {
        "t1 t2 12", "t1 t3 12", "t1 t4 12", "t1 t8 2", "t1 t9 2", "t1 t10 2"}
    state.push(state.parse_move("t1 f1 13"))
    assert cards_of(state, "t1") == "5H" and cards_of(state, "f1") == suit


def test_mrs_mop_deals_thirteen_face_up_columns_of_eight_with_no_stock():
    assert shape("mrs-mop") == ([8] * 13, [0] * 13)
    piles = dict(t1="9H 8S 7S", t2="8D", **fillers(3, 13, "AC AD AH AS KC KD KH KS AC AD AH"))
    # not "t1 t2 2": 8S 7S needs a nine
    assert legal_texts(build("mrs-mop", piles)) == {"t1 t2"}


def suit_runs(game_id: str, columns: int, stock: str = "") -> State:
    """t1 9H 8S 7S (no suit run from the nine), t2 9H, t3 TS, the other columns kings and aces, which take nothing."""
    kings_and_aces = " ".join(["KH", "AS"] * columns)
    piles = dict(t1="9H 8S 7S", t2="9H", t3="TS", **fillers(4, columns, kings_and_aces))
    return build(game_id, dict(piles, s=stock) if stock else piles)


@pytest.mark.parametrize(("game_id", "columns", "foundations", "stock", "suits"), [
    ("big-spider", 13, 12, 78, "CDHS"),
    ("big-spider-2-suits", 13, 12, 78, "HS"),
    ("spider-3x3", 13, 9, 52, "CHS"),
    ("chinese-spider", 12, 12, 84, "CHS"),
    ("spider-4-decks", 13, 16, 130, "CDHS"),
])
def test_big_spiders_deal_their_columns_and_play_spider_rules(game_id, columns, foundations, stock, suits):
    game = framework.load_game(game_id)
    state = game.deal(1)
    face_down = 4 if game_id == "spider-3x3" else 5
    assert shape(game_id) == ([face_down + 1] * columns, [face_down] * columns)
    assert len(game.groups["foundation"].piles) == foundations and len(state.piles[-1]) == stock
    assert {card_text(card)[1] for card in game.pack} == set(suits) and game.total_cards == 13 * foundations
    # "t1 t2 2": 8S 7S onto a nine of any suit; "t2 t3"; not "t1 t3 3" (9H 8S 7S is not one suit)
    assert legal_texts(suit_runs(game_id, columns, stock="KS")) == {"t1 t2 2", "t2 t3", "d"}
    empty_last = suit_runs(game_id, columns - 1, stock="KS")
    assert "d" not in legal_texts(empty_last)  # no deal while a column is empty


def test_open_spider_deals_every_card_face_up():
    assert shape("open-spider") == ([6, 5, 5, 6, 5, 5, 6, 5, 5, 6], [0] * 10)
    assert legal_texts(suit_runs("open-spider", 10, stock="KS")) == {"t1 t2 2", "t2 t3", "d"}


def test_tarantula_moves_runs_of_one_colour():
    piles = dict(t1="9D 8S 7C", t2="9H", t3="TC", t4="8H", **fillers(5, 10, "KC AD KH AS KC AD"))
    # "t1 t2 2": 8S 7C are both black (Spider would refuse it); not "t1 t3 3": 9D 8S 7C changes colour
    assert legal_texts(build("tarantula", piles)) == {"t1 t4", "t1 t2 2", "t2 t3", "t4 t2"}


def test_baby_spiderette_moves_runs_of_mixed_suits_on_seven_klondike_columns():
    assert shape("baby-spiderette") == ([1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6])
    piles = dict(t1="9H 8S 7D", t2="TC", t3="9D", **fillers(4, 7, "KC KD KH KS"))
    # in Spiderette only "t3 t2" would be legal
    assert legal_texts(build("baby-spiderette", piles)) == {"t1 t2 3", "t1 t3 2", "t3 t2"}
    assert legal_texts(build("spiderette", piles)) == {"t3 t2"}


def test_fair_maids_moves_runs_in_alternate_colours():
    assert shape("fair-maids") == ([4] * 7, [3] * 7)
    piles = dict(t1="9H 8H 7S", t2="TC", t3="9S", **fillers(4, 7, "KC KD KH KS"))
    # "t1 t3 2": 8H 7S alternate; not "t1 t2 3": 9H 8H are both red
    assert legal_texts(build("fair-maids", piles)) == {"t1 t3 2", "t3 t2"}


def test_a_fair_maids_foundation_takes_king_to_ace_in_alternate_colours_of_any_suits():
    run = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS"
    state = build("fair-maids", dict(t1=run, **fillers(2, 7, "AC AD AH KC KD KH")))
    # the whole run to any foundation (not part of it), or QH..AS onto a king
    assert legal_texts(state) == {f"t1 f{index} 13" for index in range(1, 5)} | {"t1 t5 12", "t1 t6 12", "t1 t7 12"}
    state.push(state.parse_move("t1 f2 13"))
    assert cards_of(state, "f2") == run


def test_double_scorpion_deals_ten_columns_of_ten_and_its_last_four_cards_to_the_first_four():
    assert shape("double-scorpion") == ([10] * 10, [4] * 5 + [0] * 5)
    state = build("double-scorpion", dict(fillers(1, 10, KINGS), s="2C 3C 4C 5C"))
    assert legal_texts(state) == {"d"}
    state.push(state.parse_move("d"))
    assert [cards_of(state, f"t{column}") for column in (1, 4, 5)] == ["KC 5C", "KS 2C", "KC"]
    # by suit, one card each: not "t2 t1 2" (KD 4C: the king fits nowhere)
    assert legal_texts(state) == {"t2 t1", "t3 t2", "t4 t3"}


def test_triple_scorpion_deals_every_card_into_thirteen_columns_of_twelve():
    assert shape("triple-scorpion") == ([12] * 13, [5] * 5 + [0] * 8)
    piles = dict(t1="2H | 5S 9D 4S", t2="6S", **fillers(3, 13, KINGS))
    assert legal_texts(build("triple-scorpion", piles)) == {"t1 t2 3"}  # 5S 9D 4S onto 6S, out of order


def test_scorpion_tail_builds_in_alternate_colours():
    piles = dict(t1="2H | 5S 9D 4C", t2="6H", t3="TS", **fillers(4, 7, KINGS))
    # 5S 9D 4C onto 6H and 9D 4C onto TS, by colour; Scorpion, by suit, allows neither
    assert legal_texts(build("scorpion-tail", piles)) == {"t1 t2 3", "t1 t3 2"}
    assert legal_texts(build("scorpion", piles)) == set()


def test_wasp_ii_is_scorpion_ii_with_any_card_on_an_empty_column():
    assert shape("wasp-ii") == ([7] * 7, [3, 3, 3, 0, 0, 0, 0])
    piles = {"t1": "2H | 5S 9D 4S", "t2": "6S", "t3": "", "t4": "AC", "t5": "AD", "t6": "AH", "t7": "KH"}
    assert legal_texts(build("wasp-ii", piles)) == {
        "t1 t2 3", "t1 t3", "t1 t3 2", "t1 t3 3", "t2 t3", "t4 t3", "t5 t3", "t6 t3", "t7 t3"}


BLIND_MICE = dict(r1="QS", r2="5H", t1="KS", t2="6H", t3="", **fillers(4, 10, "AC AD AH AS JC JD 9C"))


def test_three_blind_mice_plays_its_two_reserve_cards_onto_columns():
    assert shape("three-blind-mice") == ([5] * 10, [0] * 7 + [3] * 3)
    state = framework.load_game("three-blind-mice").deal(1)
    assert [len(state.piles[index]) for index in range(2)] == [1, 1]  # r1, r2; no stock
    # QS onto KS, 5H onto 6H; the king alone may go to the empty column; nothing goes onto a reserve
    assert legal_texts(build("three-blind-mice", BLIND_MICE)) == {"r1 t1", "r2 t2", "t1 t3"}


def test_farmers_wife_is_three_blind_mice_by_alternate_colours():
    piles = dict(BLIND_MICE, r1="QH", r2="5S")
    assert legal_texts(build("farmers-wife", piles)) == {"r1 t1", "r2 t2", "t1 t3"}
    assert legal_texts(build("three-blind-mice", piles)) == {"t1 t3"}  # by suit neither QH nor 5S fits


def test_how_they_run_has_two_free_cells_that_take_a_column_top_card():
    state = framework.load_game("how-they-run").deal(1)
    assert [len(state.piles[index]) for index in range(2)] == [1, 1]  # c1, c2 start with a card each
    state = build("how-they-run", {"c1": "QS", "t1": "9H 8S", "t2": "TD"})
    # only top cards go to the empty cell c2, not "t1 c2 2"; 9H 8S is no king for an empty column; QS has no king
    assert legal_texts(state) == {"t1 c2", "t2 c2"}
    assert legal_texts(build("three-blind-mice", {"r1": "QS", "t1": "9H 8S", "t2": "TD"})) == set()


def test_scorpion_head_deals_every_card_and_has_four_free_cells():
    assert shape("scorpion-head") == ([8, 8, 8, 7, 7, 7, 7], [0, 0, 0, 4, 4, 4, 4])
    piles = dict(c1="KH", c2="AC", c3="AD", t1="9H 8S", t2="TD", **fillers(3, 7, "KC KD KS 5C 5D"))
    # every column's top card, alone, may go to the empty cell c4
    assert legal_texts(build("scorpion-head", piles)) == {f"t{column} c4" for column in range(1, 8)}
    piles = dict(c1="KH", c2="AC", c3="AD", c4="2S", t1="9H 8S", t2="TD")
    # the king in a cell may go to any empty column, nothing else moves
    assert legal_texts(build("scorpion-head", piles)) == {f"c1 t{column}" for column in range(3, 8)}


@pytest.mark.parametrize(("game_id", "counts", "foundations"), [
    ("york", [8, 8] + [9] * 8 + [8, 8], 8),
    ("big-york", [12] + [11] * 12 + [12], 12),
])
def test_york_builds_and_sends_off_suits_round_the_corner(game_id, counts, foundations):
    columns = len(counts)
    assert shape(game_id) == (counts, [0] * columns)
    piles = dict(t1="3S 2S AS KS", t2="4H", t3="AD", **fillers(4, columns, "7C 7D 7H 7S 9C 9D 9H 9S 7C 7D 7H"))
    # KS onto AD (round the corner, any suit), the whole suit run 3S 2S AS KS onto 4H
    assert legal_texts(build(game_id, piles)) == {"t1 t3", "t1 t2 4"}
    run = "5S 4S 3S 2S AS KS QS JS TS 9S 8S 7S 6S"
    state = build(game_id, dict(t1="8D " + run, **fillers(2, columns, "TC TD TH TC TD TH TC TD TH TC TD TH TC")))
    # thirteen cards of one suit from the five down round the corner go to any foundation
    onto_foundations = {text for text in legal_texts(state) if " f" in text}
    assert onto_foundations == {f"t1 f{index} 13" for index in range(1, foundations + 1)}


def test_simon_jester_deals_a_face_up_staircase_of_fourteen_columns():
    assert shape("simon-jester") == ([13, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], [0] * 14)
    assert legal_texts(suit_runs("simon-jester", 14)) == {"t1 t2 2", "t2 t3"}  # no stock, no "d"


def test_grandmothers_game_deals_face_up_and_deals_the_stock_onto_an_empty_column():
    assert shape("grandmothers-game") == ([6] * 10, [0] * 10)
    assert legal_texts(suit_runs("grandmothers-game", 10, stock="KS")) == {"t1 t2 2", "t2 t3", "d"}
    piles = dict(fillers(1, 9, "5H 5H 5D 5D 5C 5C 5S 5S 9C"), t10="", s="2H 2H 2D 2D")
    assert legal_texts(build("grandmothers-game", piles)) == {f"t{column} t10" for column in range(1, 10)} | {"d"}


def test_spider_web_has_one_free_cell_for_a_columns_top_card():
    assert shape("spider-web") == ([4, 4, 4, 3, 3, 3, 3], [0] * 7)
    state = build("spider-web", dict(t1="9H 8S 7S", t2="9H", t3="TS", s="KS", **fillers(4, 7, "KH AS KH AS")))
    # each top card (not "t1 c 2") may go to the empty cell
    assert legal_texts(state) == {"t1 t2 2", "t2 t3", "d"} | {f"t{column} c" for column in range(1, 8)}


def test_astrocyte_has_four_free_cells_and_deals_onto_an_empty_column():
    assert shape("astrocyte") == ([8] * 8, [7] * 8)
    piles = dict(c1="AC", c2="AD", c3="AH", t1="9H 8S 7S", t2="9H", t3="TS", s="KS", **fillers(4, 7, "KH AS KH AS"))
    state = build("astrocyte", piles)
    assert legal_texts(state) == {"t1 t2 2", "t2 t3", "d"} | {f"t{column} c4" for column in range(1, 8)} | {
        f"t{column} t8" for column in range(1, 8)} | {"t1 t8 2", "c1 t8", "c2 t8", "c3 t8"}


ACES_UP = {"f1": "AH 2H", "t1": "9C 3H", "t2": "4S"}


def test_spidike_builds_foundations_up_from_the_aces_and_fills_empty_columns_with_kings():
    assert shape("spidike") == ([1, 2, 3, 4, 5, 6, 7], [0] * 7)
    piles = dict(ACES_UP, t3="", t4="KD", t5="AC", t6="QS", t7="7D")
    # 3H to its foundation or onto 4S; 2H back from the foundation onto 3H; the ace starts a foundation;
    # only the king goes to the empty t3 (not "f1 t3", "t2 t3"...)
    assert legal_texts(build("spidike", piles)) == {
        "t1 f1", "t1 t2", "f1 t1", "t4 t3", "t5 f2", "t5 f3", "t5 f4", "t6 t4"}


@pytest.mark.parametrize(("game_id", "columns", "stock"), [("freds-spider", 10, 54), ("freds-spider-3-decks", 13, 91)])
def test_freds_spider_builds_foundations_up_from_the_aces(game_id, columns, stock):
    assert shape(game_id) == ([5] * columns, [0] * columns)
    assert len(framework.load_game(game_id).deal(1).piles[-1]) == stock
    piles = dict(ACES_UP, **fillers(3, columns, KINGS))
    assert legal_texts(build(game_id, piles)) == {"t1 f1", "t1 t2", "f1 t1"}


def test_rachel_turns_its_stock_once_onto_a_waste_and_moves_any_runs():
    state = framework.load_game("rachel").deal(1)
    assert [len(pile) for pile in state.piles] == [1] * 6 + [0] * 4 + [45, 1]  # columns, foundations, stock, waste
    piles = dict(w="8D", t1="9H 8S 7D", t2="TC", t3="9D", s="2C", **fillers(4, 6, "KC KH KS"))
    assert legal_texts(build("rachel", piles)) == {"t1 t2 3", "t1 t3 2", "t3 t2", "w t3", "d"}
    assert legal_texts(build("rachel", dict(piles, s=""))) == {"t1 t2 3", "t1 t3 2", "t3 t2", "w t3"}  # no redeal


def test_the_games_are_built_in_and_say_their_family_and_pysolfc_name():
    specs = [framework.load_spec(game_id) for game_id in GAMES]
    assert {spec.family for spec in specs} == {'spider'}
    assert all(spec.pysolfc and spec.summary for spec in specs)
