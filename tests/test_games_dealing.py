"""Games whose stock's last deal goes to other groups (``last_deal_to``: The Baroness, Cone, Algerian Patience,
which also deals two rounds a turn), and games whose foundations start with the first card of each suit (``cards:
first of each suit``: Uintah, Double Uintah, Ants, Corners). Each test builds a position by hand and states the
exact set of legal moves (the moves that must not be legal are named in a comment)."""

from __future__ import annotations

import pytest
from helpers import build, cards_of, each, play

import framework
from framework.cards import card_text
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


# Dealing by suit ('cards: first of each suit'): Uintah, Double Uintah, Ants


def first_places(order: list[int], each: int) -> list[int]:
    """The places in ``order`` (the pack, first card first) of the first ``each`` cards of each suit."""
    seen = [0] * 4
    places = []
    for place, card in enumerate(order):
        if seen[card // 13] < each:
            seen[card // 13] += 1
            places.append(place)
    return places


@pytest.mark.parametrize(("name", "each"), [("uintah", 1), ("double-uintah", 2)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_uintah_starts_its_foundations_with_the_first_cards_of_each_suit_and_leaves_the_rest_in_order(
        name, each, seed):
    game = framework.load_game(name)
    order, state = game.pack_order(seed), game.deal(seed)
    places = first_places(order, each)
    assert [state.piles[pile] for pile in game.groups["foundation"].piles] == [[order[place]] for place in places]
    stock = state.piles[game.pile_index("s")]
    assert stock[::-1] == [card for place, card in enumerate(order) if place not in places]  # the next card on top
    assert sorted(order[place] // 13 for place in places) == sorted(list(range(4)) * each)


def test_uintah_builds_up_or_down_in_colour_round_the_corner_from_a_stock_turned_in_threes():
    state = build("uintah", {"f1": "7D", "f2": "9C", "f3": "KH", "f4": "5S", "w": "2C AD 6H", "s": "3C 4C 5C 6C"})
    # 6H on 7D (red on red, one below); not on KH; AD lies under 6H; the stock turns three
    assert legal_texts(state) == {"w f1", "d"}
    play(state, ["w f1"])
    # AD on KH round the corner, and on 7D's 6H? no: five ranks apart
    assert legal_texts(state) == {"w f3", "d"}
    play(state, ["w f3", "d"])
    assert cards_of(state, "w") == "2C 6C 5C 4C" and cards_of(state, "s") == "3C"
    # 4C (black) goes on 5S, not on 9C (five apart)
    assert legal_texts(state) == {"w f4", "d"}


def test_ants_starts_its_foundations_with_one_card_of_each_suit_and_builds_up_or_down_in_any_suit():
    game = framework.load_game("ants")
    state = game.deal(1)
    foundations = [state.piles[pile] for pile in game.groups["foundation"].piles]
    assert sorted(cards[0] // 13 for cards in foundations) == [0, 1, 2, 3]
    assert lengths(state, "t1 t2 t3 t4 s") == [1, 1, 1, 1, 44]
    state = build("ants", {"f1": "7D", "f2": "9C", "f3": "8H", "f4": "5S", "t1": "6S", "t2": "TD", "t3": "KC",
                           "s": "2C 3C 4C 5C"})
    # 6S on 7D or 5S, TD on 9C; KC fits nothing (no Q or A on top); nothing moves to a column; the stock deals
    assert legal_texts(state) == {"t1 f1", "t1 f4", "t2 f2", "d"}


def test_corners_starts_each_foundation_with_the_first_card_of_its_suit():
    game = framework.load_game("corners")
    order, state = game.pack_order(1), game.deal(1)
    firsts = {suit: next(card for card in order if card // 13 == suit) for suit in range(4)}
    # the foundations take clubs, spades, hearts, diamonds (PySolFC's order); the next five cards go to the places
    assert [cards_of(state, name) for name in ("f1", "f2", "f3", "f4")] == [
        card_text(firsts[suit]) for suit in (0, 3, 2, 1)]
    rest = [card for card in order if card not in firsts.values()]
    assert [state.piles[game.pile_index(f"p{number}")] for number in range(1, 6)] == [[card] for card in rest[:5]]
    assert state.piles[game.pile_index("w")] == [rest[5]]


def test_corners_refills_a_place_from_the_waste_and_the_waste_from_the_stock():
    state = build("corners", {"f1": "9C", "f2": "5S", "f3": "8H", "f4": "7D", "p1": "4D", "p2": "8D", "p3": "JD",
                              "p4": "6D", "p5": "9S", "w": "JC", "s": "2C 3C"})
    # only 8D fits (on 7D); JC fits nothing; no place is empty
    assert legal_texts(state) == {"p2 f4", "d"}
    play(state, ["p2 f4"])  # JC fills p2, and 3C, the stock's top card, the waste
    assert [cards_of(state, name) for name in ("p2", "w", "s")] == ["JC", "3C", "2C"]
    play(state, ["d", "redeal"])  # turned back, the waste is filled again at once
    assert [cards_of(state, name) for name in ("w", "s")] == ["3C", "2C"]
    assert legal_texts(state) == {"d"}


# Algerian Patience: two cards to each reserve a deal, the last eight to the columns


def test_algerian_patience_deals_two_rounds_to_the_reserves_and_its_last_eight_cards_to_the_columns():
    state = framework.load_game("algerian-patience").deal(1)
    assert [cards_of(state, f"k{number}") for number in range(1, 5)] == ["KC", "KS", "KH", "KD"]
    reserves = " ".join(f"r{number}" for number in range(1, 7))
    columns = " ".join(f"t{number}" for number in range(1, 9))
    assert lengths(state, f"{columns} {reserves} s") == [1] * 8 + [6] * 6 + [56]
    for _ in range(4):
        assert move_words(state, state.parse_move("d")) == "deal 2 cards to each row"
        play(state, ["d"])
    assert lengths(state, f"{columns} {reserves} s") == [1] * 8 + [14] * 6 + [8]
    assert move_words(state, state.parse_move("d")) == "deal the last 8 cards, one to each column"
    play(state, ["d"])
    assert lengths(state, f"{columns} {reserves} s") == [2] * 8 + [14] * 6 + [0]


def test_algerian_patience_builds_by_suit_either_way_and_an_empty_reserve_takes_one_card():
    state = build("algerian-patience", {
        "f1": "AC", "k1": "KC", "t1": "2C", "t2": "QC", "t3": "5H", "t4": "7D", "t5": "9S", "t6": "JH", "t8": "4S",
        "r1": "9H 3C", "r3": "2H", "r4": "QD", "r5": "6S", "r6": "3D", "s": "4D 5D 6D 7H 8H 9D TD JD QS KS AS 2S"})
    # 2C up on AC, QC down on KC; 3C on 2C (up) and AC back onto it (down); KC back onto QC; any top card to the
    # empty column t7 or the empty reserve r2; nothing onto a reserve that holds a card (2C onto r1's 3C? no);
    # KC onto the clubs foundation's AC? no: it builds up from the A
    assert legal_texts(state) == {"t1 f1", "t2 k1", "r1 t1", "f1 t1", "k1 t2", "d"} | each(
        "t1 t2 t3 t4 t5 t6 t8 r1 r3 r4 r5 r6 f1 k1", "t7 r2")
    play(state, ["t1 r2"])
    assert "t2 r2" not in legal_texts(state)  # a reserve that took its one card takes no more
    play(state, ["d"])  # twelve cards, two rounds of six
    assert [cards_of(state, name) for name in ("r1", "r2", "r6", "s")] == ["9H 3C 2S 9D", "2C AS 8H", "3D TD 4D", ""]
    short = build("algerian-patience", {"s": "2C 3C 4C 5C 6C 7C 8C 9C TC JC"})  # not a whole deal, nor the last
    assert move_words(short, short.parse_move("d")) == "deal 10 cards to the rows, a card to each in turn"


@pytest.mark.parametrize(("name", "reserves", "turns", "last"), [("carthage", 6, 5, False),
                                                                 ("algerian-patience-3-decks", 8, 5, True)])
def test_carthage_and_algerian_patience_3_decks_deal_rounds_to_their_reserves_and_the_last_eight_as_pysolfc(
        name, reserves, turns, last):
    state = framework.load_game(name).deal(1)
    names = " ".join([f"t{number}" for number in range(1, 9)] + [f"r{number}" for number in range(1, reserves + 1)])
    assert lengths(state, names) == [1] * 8 + [6] * reserves
    for _ in range(turns):
        play(state, ["d"])
    # Carthage's 60 cards run out in five turns of twelve; the 3-deck game's 88 leave eight for the columns
    assert lengths(state, names) == [1] * 8 + [6 + 2 * turns] * reserves
    assert lengths(state, "s") == [8 if last else 0]
    if last:
        play(state, ["d"])
        assert lengths(state, names + " s") == [2] * 8 + [6 + 2 * turns] * reserves + [0]


def test_algerian_patience_3_decks_starts_twelve_foundations_with_the_aces():
    state = framework.load_game("algerian-patience-3-decks").deal(1)
    assert [cards_of(state, f"f{number}") for number in range(1, 13)] == ["AC", "AS", "AH", "AD"] * 3


def test_carthage_builds_down_by_suit_one_card_at_a_time_and_a_foundation_card_may_go_to_its_twin():
    state = build("carthage", {"f1": "AC 2C", "f5": "AC", "t1": "3C", "t2": "4C", "t3": "5H", "t4": "7D", "t5": "9S", "t6": "JH",
                               "t7": "4S", "t8": "KD", "r1": "8H", "r2": "2H", "r3": "QD", "r4": "6S", "r5": "3D",
                               "r6": "TH", "s": "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"})
    # 3C up on 2C, and onto 4C (down by suit); f1's 2C back onto 3C, or onto f5's AC; QD onto KD, TH onto JH; no
    # empty column or reserve; the stock deals
    assert legal_texts(state) == {"t1 f1", "t1 t2", "f1 t1", "f1 f5", "r3 t8", "r6 t6", "d"}
