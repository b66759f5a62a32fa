"""Klondike-family games: what sets each apart, checked on small positions built by hand.

Each test builds a position with ``framework.testing.position`` and compares the exact
set of legal moves with what the game's rules (as PySolFC plays them) allow; comments
name the moves that must not be legal. The last test plays random games of every game
of this file and checks the kernel's promises (cards kept, undo exact, JSON round trip).
"""

from __future__ import annotations

import pytest

import framework
from framework.cards import RANK, card_text
from framework.testing import check_random_games, legal_texts, position

GAMES = [
    "vegas-klondike",
    "saratoga",
    "westcliff",
    "whitehead",
    "easthaven",
    "double-klondike",
    "gargantua",
    "thumb-and-pouch",
    "agnes-sorel",
]


def build(game_id: str, piles: dict[str, str], **variables: object) -> framework.State:
    return position(framework.load_game(game_id), piles, **variables)


def cards_of(state: framework.State, name: str) -> str:
    return " ".join(card_text(card) for card in state.piles[state.game.pile_index(name)])


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


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_keep_the_kernel_promises(game_id):
    assert check_random_games(framework.load_game(game_id), seeds=range(4), moves=120) > 0
