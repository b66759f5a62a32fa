"""Klondike-family games: what sets each apart, checked on small positions built by hand.

Each test builds a position with ``framework.testing.position`` and compares the exact
set of legal moves with what the game's rules (as PySolFC plays them) allow; comments
name the moves that must not be legal. The last test plays random games of every game
of this file and checks the kernel's promises (cards kept, undo exact, JSON round trip).
"""

from __future__ import annotations

import pytest
from helpers import build, cards_of

import framework
from framework.cards import RANK, card_text
from framework.testing import legal_texts

GAMES = [
    "vegas-klondike",
    "saratoga",
    "westcliff",
    "whitehead",
    "whitehorse",
    "gold-mine",
    "easthaven",
    "double-klondike",
    "gargantua",
    "thumb-and-pouch",
    "agnes-sorel",
    "small-harp",
    "big-harp",
    "chinese-klondike",
    "lady-jane",
    "kingsley",
    "trigon",
    "eight-times-eight",
    "triple-klondike",
    "eastcliff",
    "westhaven",
    "blind-alleys",
    "casino-klondike",
    "smokey",
    "somerset",
    "usk",
    "half-klondike",
    "pas-seul",
    "inquisitor",
    "arabella",
    "eight-sages",
]


def columns(first: int, last: int) -> range:
    return range(first, last + 1)


def test_vegas_klondike_has_no_redeal_once_the_stock_is_used_up():
    state = build("vegas-klondike", {"w": "5C 6D", "t1": "KS"})
    # no "redeal"; the king may go to any empty column; 6D has nowhere to go
    assert legal_texts(state) == {f"t1 t{index}" for index in columns(2, 7)}


def test_vegas_klondike_turns_one_card_at_a_time():
    state = build("vegas-klondike", {"s": "2C 3C 4C", "t1": "KS"})
    state.push(state.parse_move("d"))
    assert cards_of(state, "w") == "4C" and cards_of(state, "s") == "2C 3C"


def test_saratoga_deals_every_card_face_up():
    game = framework.load_game("saratoga")
    state = game.deal(1)
    tableau = [game.pile_index(f"t{index}") for index in columns(1, 7)]
    assert [len(state.piles[pile]) for pile in tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert all(state.face_down[pile] == 0 for pile in tableau)
    assert len(state.piles[game.pile_index("s")]) == 24


def test_saratoga_turns_three_cards_and_redeals_without_limit():
    state = build("saratoga", {"t1": "9C 8D", "t2": "TH", "w": "AS 7C", "s": "2H"})
    # the whole run 9C 8D onto TH; 7C from the waste onto 8D; the AS under the 7C is not free
    assert legal_texts(state) == {"t1 t2 2", "w t1", "d"}
    state = build("saratoga", {"s": "2C 3C 4C 5C", "t1": "KS"})
    state.push(state.parse_move("d"))
    assert cards_of(state, "w") == "5C 4C 3C"
    state = build("saratoga", {"w": "5C", "t1": "KS"})
    assert "redeal" in legal_texts(state)


def test_westcliff_keeps_foundation_cards_and_fills_gaps_with_any_card():
    state = build("westcliff", {"f1": "AC 2C 3C 4C 5C 6C 7C 8C", "t1": "9H"})
    # 9H may go to any of the nine empty columns; not "f1 t1" (8C back onto 9H, as Klondike allows)
    assert legal_texts(state) == {f"t1 t{index}" for index in columns(2, 10)}


def test_whitehead_builds_by_colour_but_moves_only_runs_of_one_suit():
    piles = {"t1": "KS 8D 7H", "t2": "8H", "t3": "9D", "t4": "KC", "t5": "KD", "t6": "KH", "t7": "2C"}
    # 7H on 8H and 8H on 9D (same colour); not "t1 t3 2": 8D 7H is built by colour, not one suit
    assert legal_texts(build("whitehead", piles)) == {"t1 t2", "t2 t3"}
    piles["t7"] = ""
    # an empty column takes any card, but still not the mixed-suit 8D 7H
    assert legal_texts(build("whitehead", piles)) == {"t1 t2", "t2 t3"} | {f"t{index} t7" for index in columns(1, 6)}


def test_easthaven_deals_a_card_onto_every_column_even_an_empty_one():
    stock = "2C 3C 4C 5C 6C 7C 8C 9C"
    state = build("easthaven", {"s": stock, "t1": "KS", "t2": "QH", "t4": "TD"})
    # QH on KS; any card into an empty column
    assert legal_texts(state) == {"d", "t2 t1"} | {
        f"t{source} t{target}" for source in (1, 2, 4) for target in (3, 5, 6, 7)}
    state.push(state.parse_move("d"))
    assert [cards_of(state, f"t{index}") for index in columns(1, 7)] == [
        "KS 9C", "QH 8C", "7C", "TD 6C", "5C", "4C", "3C"]
    assert cards_of(state, "s") == "2C"
    state.push(state.parse_move("d"))  # one card left: it goes to the first column
    assert cards_of(state, "t1") == "KS 9C 2C" and cards_of(state, "s") == ""
    assert "redeal" not in legal_texts(state)


def test_easthaven_columns_build_alternate_colours_and_any_card_fills_a_gap():
    piles = {"t1": "5D | 9H", "t2": "TS", "t3": "KC", "t4": "KD", "t5": "KH", "t6": "KS", "t7": "2C", "s": "2H"}
    # 9H on TS; the stock deals; not "t1 t2 2" (the 5D is face down)
    assert legal_texts(build("easthaven", piles)) == {"t1 t2", "d"}


def test_double_klondike_has_two_foundations_for_each_suit_and_kings_only_in_gaps():
    state = build("double-klondike", {"f1": "AS", "f2": "AS", "t1": "2S", "t2": "KD"})
    # 2S onto either ace of spades; KD to any of the seven empty columns; not 2S to an empty column
    assert legal_texts(state) == {"t1 f1", "t1 f2"} | {f"t2 t{index}" for index in columns(3, 9)}


def test_double_klondike_deals_nine_columns_of_one_to_nine_cards():
    game = framework.load_game("double-klondike")
    state = game.deal(1)
    tableau = [game.pile_index(f"t{index}") for index in columns(1, 9)]
    assert [len(state.piles[pile]) for pile in tableau] == list(columns(1, 9))
    assert [state.face_down[pile] for pile in tableau] == list(range(9))
    assert len(state.piles[game.pile_index("s")]) == 59


def test_gargantua_allows_exactly_one_redeal():
    piles = {"w": "5C 6D", "t1": "KS"}
    kings = {f"t1 t{index}" for index in columns(2, 9)}
    assert legal_texts(build("gargantua", piles, redeals_used=0)) == kings | {"redeal"}
    # after one redeal the waste stays where it is
    assert legal_texts(build("gargantua", piles, redeals_used=1)) == kings
    assert legal_texts(build("double-klondike", piles)) == kings | {"redeal"}


def test_thumb_and_pouch_builds_on_any_suit_but_its_own():
    piles = {"t1": "TH", "t2": "9H", "t3": "9D", "t4": "9S", "t5": "KC", "t6": "KD", "t7": "KS"}
    # 9D and 9S onto TH; not "t2 t1" (9H on TH, the same suit)
    assert legal_texts(build("thumb-and-pouch", piles)) == {"t3 t1", "t4 t1"}


def test_thumb_and_pouch_fills_a_gap_with_any_card_and_has_no_redeal():
    state = build("thumb-and-pouch", {"t1": "5D | 9S 8D", "t2": "KC", "t3": "KD", "t4": "KS", "t5": "KH",
                                      "t6": "QC", "w": "4C"})
    # 9S 8D (a run: 8D is not a spade) or 8D alone into t7; any card into t7; QC onto KD, KS or KH
    # but not onto KC; not "redeal"
    assert legal_texts(state) == {"t1 t7", "t1 t7 2", "t6 t3", "t6 t4", "t6 t5", "w t7"} | {
        f"t{index} t7" for index in columns(2, 6)}


def test_agnes_sorel_builds_by_colour_round_the_corner_and_leaves_gaps_empty():
    piles = {"f1": "QC", "t1": "AH", "t2": "KD", "t3": "QD", "t4": "KC"}
    # base rank Q: KC follows QC, QD starts an empty foundation; KD on AH and QD on KD (red on red,
    # the corner turned); nothing goes into the empty t5-t7; not "f1 ..." (foundation cards stay)
    assert legal_texts(build("agnes-sorel", piles, base_rank=12)) == {
        "t2 t1", "t3 t2", "t4 f1", "t3 f2", "t3 f3", "t3 f4"}


def test_agnes_sorel_takes_its_base_rank_from_the_dealt_foundation_card():
    game = framework.load_game("agnes-sorel")
    state = game.deal(1)
    foundation = state.piles[game.pile_index("f1")]
    assert len(foundation) == 1 and state.vars["base_rank"] == RANK[foundation[0]]
    assert not any(state.face_down[game.pile_index(f"t{index}")] for index in columns(1, 7))
    assert len(state.piles[game.pile_index("s")]) == 23


def tableau_shape(game_id: str) -> tuple[list[int], list[int], int]:
    """The cards and face-down cards of each column, and the stock's size, in deal 1."""
    game = framework.load_game(game_id)
    state = game.deal(1)
    names = [name for name in game.pile_names if name.startswith("t")]
    stock = len(state.piles[game.pile_index("s")]) if "s" in game.pile_names else 0
    return ([len(state.piles[game.pile_index(name)]) for name in names],
            [state.face_down[game.pile_index(name)] for name in names], stock)


def test_small_harp_deals_the_longest_column_on_the_left():
    assert tableau_shape("small-harp") == ([7, 6, 5, 4, 3, 2, 1], [6, 5, 4, 3, 2, 1, 0], 24)


def test_small_harp_plays_as_klondike_kings_in_gaps_and_redeals_without_limit():
    state = build("small-harp", {"w": "5C 6D", "t7": "KS"})
    assert legal_texts(state) == {"redeal"} | {f"t7 t{index}" for index in columns(1, 6)}


def test_big_harp_deals_ten_columns_of_ten_down_to_one():
    assert tableau_shape("big-harp") == (list(range(10, 0, -1)), list(range(9, -1, -1)), 49)


def test_big_harp_fills_gaps_with_any_card_and_has_no_redeal():
    state = build("big-harp", {"f1": "AD 2D 3D 4D 5D", "f2": "AD 2D 3D 4D", "w": "7C 5D", "t1": "6S"})
    # 5D onto the 4D (not onto the other 5D) or onto 6S; 5D back from f1 onto 6S; anything into a gap;
    # no "redeal"
    assert legal_texts(state) == {"w f2", "w t1", "f1 t1"} | {
        f"{source} t{index}" for source in ("w", "t1", "f1", "f2") for index in columns(2, 10)}


def test_chinese_klondike_has_three_suits_and_builds_on_any_suit_but_its_own():
    game = framework.load_game("chinese-klondike")
    assert len(game.pack) == 117 and not any(card_text(card).endswith("D") for card in game.pack)
    assert tableau_shape("chinese-klondike") == (list(columns(1, 12)), list(range(12)), 39)
    kings = dict(zip([f"t{index}" for index in columns(5, 12)], ["KC", "KS", "KH"] * 3))
    state = build("chinese-klondike", dict(kings, t1="TS", t2="9S", t3="9H", t4="9C"))
    # 9H and 9C onto TS; not "t2 t1" (9S on TS, the same suit)
    assert legal_texts(state) == {"t3 t1", "t4 t1"}


def test_lady_jane_builds_on_any_suit_but_moves_only_runs_of_one_suit():
    piles = {"t1": "9H 8S 7S", "t2": "9D", "t3": "TC", "t4": "3C", "t5": "4C", "t6": "5C", "t7": "6C",
             "t8": "QD", "t9": "QH", "t10": "QS", "w": "AS 2D"}
    # 8S 7S onto 9D but not "t1 t2 3" with the 9H; 2D from the waste onto 3C; one redeal left
    expected = {"t1 t2 2", "t2 t3", "t4 t5", "t5 t6", "t6 t7", "t7 t1", "w t4"}
    assert legal_texts(build("lady-jane", piles, redeals_used=0)) == expected | {"redeal"}
    assert legal_texts(build("lady-jane", piles, redeals_used=1)) == expected


def test_lady_jane_deals_every_card_face_up_and_turns_three():
    assert tableau_shape("lady-jane") == (list(columns(1, 10)), [0] * 10, 49)
    state = build("lady-jane", {"s": "2C 3C 4C 5C", "t1": "KS"})
    state.push(state.parse_move("d"))
    assert cards_of(state, "w") == "5C 4C 3C"


def test_kingsley_builds_foundations_down_from_kings_and_columns_up():
    piles = {"f1": "KS QS", "t1": "7H", "t2": "6S", "t3": "JS", "t4": "8C"}
    # 7H on 6S and 8C on 7H (up, alternating colours); JS onto QS; nothing into a gap but an ace
    assert legal_texts(build("kingsley", piles)) == {"t1 t2", "t4 t1", "t3 f1"}
    piles["t5"] = "AD"
    assert legal_texts(build("kingsley", piles)) == {"t1 t2", "t4 t1", "t3 f1", "t5 t6", "t5 t7"}


def test_trigon_builds_columns_by_suit():
    piles = {"t1": "TS", "t2": "9S", "t3": "9H", "t4": "KC", "t5": "KD", "t6": "KH", "t7": "QC"}
    # 9S on TS and QC on KC; not 9H on TS (Klondike's move), not QC on KD or KH
    assert legal_texts(build("trigon", piles)) == {"t2 t1", "t7 t4"}


def test_eight_times_eight_deals_eight_by_eight_face_up_and_allows_three_passes():
    assert tableau_shape("eight-times-eight") == ([8] * 8, [0] * 8, 40)
    piles = {"w": "5C", "t1": "KS"}
    gaps = {f"{source} t{index}" for source in ("w", "t1") for index in columns(2, 8)}
    assert legal_texts(build("eight-times-eight", piles, redeals_used=1)) == gaps | {"redeal"}
    assert legal_texts(build("eight-times-eight", piles, redeals_used=2)) == gaps


def test_triple_klondike_has_twelve_foundations_and_thirteen_columns():
    assert tableau_shape("triple-klondike") == (list(columns(1, 13)), list(range(13)), 65)
    state = build("triple-klondike", {"f1": "AS", "f2": "AS", "f3": "AS", "t1": "2S", "t2": "KD"})
    assert legal_texts(state) == {"t1 f1", "t1 f2", "t1 f3"} | {f"t2 t{index}" for index in columns(3, 13)}


def test_eastcliff_lets_foundation_cards_come_back_and_has_no_redeal():
    assert tableau_shape("eastcliff") == ([3] * 7, [2] * 7, 31)
    state = build("eastcliff", {"f1": "AC 2C 3C 4C 5C 6C 7C 8C", "t1": "9H", "w": "4D 5D"})
    # 8C back onto 9H (Westcliff forbids it); any card into a gap; no "redeal"
    assert legal_texts(state) == {"f1 t1"} | {f"{source} t{index}" for source in ("f1", "t1", "w")
                                              for index in columns(2, 7)}


def test_westhaven_deals_onto_ten_columns_and_keeps_foundation_cards():
    assert tableau_shape("westhaven") == ([3] * 10, [2] * 10, 22)
    state = build("westhaven", {"s": "2C 3C", "t1": "KS", "f1": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"})
    # not "f1 t1" (QH back onto KS)
    assert legal_texts(state) == {"d"} | {f"t1 t{index}" for index in columns(2, 10)}
    state.push(state.parse_move("d"))
    assert cards_of(state, "t1") == "KS 3C" and cards_of(state, "t2") == "2C" and cards_of(state, "s") == ""


def test_blind_alleys_starts_with_the_aces_on_the_foundations():
    game = framework.load_game("blind-alleys")
    state = game.deal(1)
    assert sorted(cards_of(state, f"f{index}") for index in columns(1, 4)) == ["AC", "AD", "AH", "AS"]
    assert tableau_shape("blind-alleys") == ([3] * 6, [2] * 6, 30)


def test_blind_alleys_has_one_redeal_and_any_card_fills_a_gap():
    piles = {"f1": "AC", "t1": "2H", "w": "9D"}
    # the ace may come back onto the 2H; any card into a gap
    moves = {"f1 t1"} | {f"{source} t{index}" for source in ("f1", "t1", "w") for index in columns(2, 6)}
    assert legal_texts(build("blind-alleys", piles, redeals_used=0)) == moves | {"redeal"}
    assert legal_texts(build("blind-alleys", piles, redeals_used=1)) == moves


def test_casino_klondike_allows_three_passes():
    piles = {"w": "5C 6D", "t1": "KS"}
    kings = {f"t1 t{index}" for index in columns(2, 7)}
    assert legal_texts(build("casino-klondike", piles, redeals_used=1)) == kings | {"redeal"}
    assert legal_texts(build("casino-klondike", piles, redeals_used=2)) == kings


def test_smokey_builds_by_colour_moves_suit_runs_and_fills_gaps_with_kings():
    piles = {"t1": "KS 8D 7H", "t2": "8H", "t3": "9D", "t4": "KC", "t5": "KD", "t6": "KH"}
    # 7H on 8H, 8H on 9D; kings into t7; not "t1 t3 2" (8D 7H is not one suit), not 7H/8H/9D into t7
    assert legal_texts(build("smokey", piles)) == {"t1 t2", "t2 t3", "t4 t7", "t5 t7", "t6 t7"}


def test_somerset_runs_are_as_long_as_the_empty_columns_allow():
    assert tableau_shape("somerset") == ([1, 2, 3, 4, 5, 6, 7, 8, 8, 8], [0] * 10, 0)
    fillers = ["KC", "KS", "KH", "KD", "2C", "2S", "3C"]
    piles = {"t1": "9S 8H 7S", "t2": "TD"} | {f"t{index}": card for index, card in zip(columns(3, 9), fillers)}
    # one empty column: runs of 2 onto a card; 1 into the gap; so not "t1 t2 3"
    assert legal_texts(build("somerset", piles)) == {f"t{index} t10" for index in columns(1, 9)}
    del piles["t9"]
    # two empty columns: runs of 4 onto a card, 2 into a gap
    assert legal_texts(build("somerset", piles)) == {"t1 t2 3", "t1 t9 2", "t1 t10 2"} | {
        f"t{source} t{target}" for source in columns(1, 8) for target in (9, 10)}


USK_PILES = {"t1": "9S 8H", "t2": "KS QH", "t3": "2C", "t10": "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2D 3S 4S"}


def test_usk_moves_whole_runs_and_fills_gaps_with_kings_only():
    assert tableau_shape("usk") == ([1, 2, 3, 4, 5, 6, 7, 8, 8, 8], [0] * 10, 0)
    # KS QH into any of the six empty columns as a unit, however few they are; 9S 8H into none (no K at its
    # foot); 2C onto the AC; the AC back onto no red 2
    assert legal_texts(build("usk", {**USK_PILES, "f1": "AC"})) == {
        "gather", "t3 f1"} | {f"t2 t{index} 2" for index in columns(4, 9)}


def test_usk_deals_the_gathered_columns_again_in_a_staircase_once():
    state = build("usk", {**USK_PILES, "f1": "AC"})
    state.push(state.parse_move("gather"))
    # t10 from its bottom card up, then t3, t2, t1: ten cards to t1..t10, nine to t2..t10, one to t3
    assert [cards_of(state, f"t{index}") for index in range(1, 11)] == [
        "3D", "4D KD", "5D AD 8H", "6D 2D", "7D 3S", "8D 4S", "9D 2C", "TD KS", "JD QH", "QD 9S"]
    assert legal_texts(state) == {"f1 t4", "t1 t6", "t3 t10", "t4 t5", "t7 f1", "t7 t1", "t9 t8"}
    with pytest.raises(framework.IllegalMoveError,
                       match="^'gather' is not legal now: no redeal is left: the tableau has been gathered one time$"):
        state.parse_move("gather")


def test_half_klondike_plays_with_spades_and_hearts_only():
    game = framework.load_game("half-klondike")
    assert sorted({card_text(card)[-1] for card in game.pack}) == ["H", "S"] and len(game.pack) == 26
    assert tableau_shape("half-klondike") == ([1, 2, 3, 4], [0, 1, 2, 3], 16)
    # 8H on 9S; not 8S on 9S
    assert legal_texts(build("half-klondike", {"t1": "9S", "t2": "8H", "t3": "8S", "t4": "KH"})) == {"t2 t1"}


def test_pas_seul_deals_one_card_a_column_and_allows_one_pass():
    assert tableau_shape("pas-seul") == ([1] * 6, [0] * 6, 46)
    piles = {"w": "9D", "t1": "TS", "t2": "TC", "t3": "KH", "t4": "KD", "t5": "KC", "t6": "KS"}
    # 9D onto either black ten; no "redeal"
    assert legal_texts(build("pas-seul", piles)) == {"w t1", "w t2"}


def test_inquisitor_builds_by_suit_and_allows_three_passes():
    fillers = {f"t{index}": card for index, card in zip(columns(5, 10), ["KC", "KD", "KH", "KS", "KC", "KD"])}
    piles = fillers | {"t1": "TS 9S", "t2": "JS", "t3": "JH", "t4": "8H", "w": "5C"}
    # TS 9S onto JS; not onto JH, not 8H on 9S
    assert legal_texts(build("inquisitor", piles, redeals_used=1)) == {"t1 t2 2", "redeal"}
    assert legal_texts(build("inquisitor", piles, redeals_used=2)) == {"t1 t2 2"}


def test_arabella_moves_suit_runs_onto_any_suit_and_fills_gaps_with_kings():
    assert tableau_shape("arabella") == (list(columns(1, 13)), [0] * 13, 65)
    state = build("arabella", {"t1": "9H 8S 7S", "t2": "9D", "t3": "TC", "t4": "KD"})
    # 8S 7S onto 9D but not "t1 t2 3"; 9D onto TC; KD into a gap; not 7S or 9D into a gap
    assert legal_texts(state) == {"t1 t2 2", "t2 t3"} | {f"t4 t{index}" for index in columns(5, 13)}


def test_eight_sages_columns_take_cards_only_from_the_waste():
    assert tableau_shape("eight-sages") == ([1] * 8, [0] * 8, 96)
    piles = {"f1": "AS", "t1": "TS", "t2": "9D", "t3": "2S", "t4": "", "w": "9H", "s": "3C"}
    piles |= {f"t{index}": card for index, card in zip(columns(5, 8), ["KC", "KD", "KH", "KS"])}
    # 9H from the waste onto TS or into the gap; 2S to its foundation; not "t2 t1" (9D onto TS, column
    # to column), not "t1 t4" (a column card into the gap), not "f1 ..." (foundation cards stay)
    assert legal_texts(build("eight-sages", piles)) == {"w t1", "w t4", "t3 f1", "d"}


def test_the_games_are_built_in_and_say_their_family_and_pysolfc_name():
    specs = [framework.load_spec(game_id) for game_id in GAMES]
    assert {spec.family for spec in specs} == {'klondike'}
    assert all(spec.pysolfc and spec.summary for spec in specs)


def test_whitehorse_refills_a_column_from_the_waste_turning_three_first_when_it_is_empty():
    piles = {"t1": "5C", "t2": "6H", "t3": "KS", "t4": "QH", "t5": "2D", "t6": "9S", "t7": "TC", "f1": "AD",
             "s": "3S 4S 7C 8D JD"}
    state = build("whitehorse", piles)
    assert legal_texts(state) == {"t1 t2", "t4 t3", "t5 f1", "d"}
    state.push(state.parse_move("t1 t2"))
    # the waste was empty: JD, 8D and 7C are turned onto it, and its top card, 7C, fills t1
    assert [cards_of(state, name) for name in ("t1", "w", "s")] == ["7C", "JD 8D", "3S 4S"]
    state.push(state.parse_move("t5 f1"))  # the waste has a card: no turn
    assert [cards_of(state, name) for name in ("t5", "w", "s")] == ["8D", "JD", "3S 4S"]
    state = build("whitehorse", piles | {"t1": "KC QD", "s": "", "t2": "JS"})
    state.push(state.parse_move("t2 t1"))  # stock and waste empty: the column stays empty, and takes a king
    assert cards_of(state, "t2") == "" and "t3 t2" in legal_texts(state) and "t4 t2" not in legal_texts(state)


def test_gold_mine_starts_with_empty_columns_that_take_any_card_and_turns_three_once():
    state = framework.load_game("gold-mine").deal(1)
    assert sum(map(len, state.piles)) == len(state.piles[state.game.pile_index("s")]) == 52
    assert legal_texts(state) == {"d"}
    state.push(state.parse_move("d"))
    assert len(state.piles[state.game.pile_index("w")]) == 3
    top = cards_of(state, "w").split()[-1]
    assert legal_texts(state) == {"d"} | {f"w t{pile}" for pile in range(1, 8)} | (
        {"w f1", "w f2", "w f3", "w f4"} if top.startswith("A") else set())
    state = build("gold-mine", {"w": "9D", "t1": "TS", "s": ""})
    # no redeal: with the stock out and the 9D played, nothing is left to turn
    state.push(state.parse_move("w t1"))
    assert legal_texts(state) == {f"t1 t{pile}" for pile in range(2, 8)} | {"t1 t2 2", "t1 t3 2", "t1 t4 2", "t1 t5 2",
                                                                              "t1 t6 2", "t1 t7 2"}
