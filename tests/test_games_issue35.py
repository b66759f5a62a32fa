"""More PySolFC games written with the keys of issue 35 (pairs.also, pairs.same_rank with also, refills that
wait) and the vocabulary before them. Each test builds a position by hand and states the exact set of legal
moves (the moves that must not be legal are named in a comment)."""

from __future__ import annotations

from helpers import build, cards_of

import framework
from framework.cards import card_text
from framework.testing import legal_texts

PAIRING = ["patient-pairs", "patient-pairs-open", "nines", "pyramid-dozen", "cheops", "eleven-triangle", "pharaohs"]
KLONDIKE = ["double-klondike-draw-3", "triple-klondike-draw-3", "quadruple-klondike", "quadruple-klondike-draw-3",
            "double-trigon", "open-gargantua", "pantagruel", "double-kingsley"]
FREECELL = ["freecell-2-reserves", "freecell-no-reserve"]
YUKON = ["russian-spider", "double-russian-spider", "kiev", "dnieper", "sevastopol"]
#: The Forty Thieves games: (decks, columns, cards a column, face-down cards a column).
FORTY_THIEVES = {"big-streets": (3, 12, 4, 0), "number-twelve": (3, 12, 4, 2), "express": (3, 14, 3, 0),
                 "carnation": (4, 16, 3, 0), "single-rail": (1, 4, 1, 0), "final-battle": (2, 6, 1, 0),
                 "triple-rail": (3, 9, 1, 0)}
GYPSY = ["gypsy-3-decks", "yeast-dough"]
GAMES = PAIRING + KLONDIKE + FREECELL + YUKON + list(FORTY_THIEVES) + ["bakers-dozen-2-decks"] + GYPSY


def test_the_games_say_their_family_pysolfc_name_and_summary():
    specs = [framework.load_spec(game_id) for game_id in GAMES]
    assert {spec.family for spec in specs} == {"pairing", "klondike", "freecell", "yukon", "forty thieves", "other builders"}
    assert all(spec.pysolfc and spec.pysolfc.name and spec.pysolfc.id and spec.summary for spec in specs)


# Patient Pairs: thirteen piles, top cards of one rank pair, the card under turns up


def test_patient_pairs_deals_thirteen_piles_of_four_with_three_face_down():
    state = framework.load_game("patient-pairs").deal(1)
    tableau = state.game.groups["tableau"].piles
    assert [len(state.piles[pile]) for pile in tableau] == [4] * 13
    assert [state.face_down[pile] for pile in tableau] == [3] * 13
    opened = framework.load_game("patient-pairs-open").deal(1)
    assert [opened.face_down[pile] for pile in tableau] == [0] * 13


def test_patient_pairs_pairs_top_cards_of_one_rank_and_turns_up_the_card_under():
    state = build("patient-pairs", {"t1": "2C | 7H", "t2": "7S", "t3": "8D", "t4": "7D 8C"})
    # 7H and 7S pair; 7D lies under 8C; 8D and 8C pair; nothing moves onto another pile
    assert legal_texts(state) == {"t1 t2", "t3 t4"}
    state.push(state.parse_move("t1 t2"))
    assert cards_of(state, "d") == "7H 7S" and state.face_down[state.game.pile_index("t1")] == 0
    assert legal_texts(state) == {"t3 t4"}  # 2C is face up now, with no partner


# Nines: pairs adding up to 9, a 9 alone, a 10-J-Q-K set, and gaps that wait for the set


def test_nines_pairs_nine_and_a_nine_leaves_alone():
    state = build("nines", {"t1": "4H", "t2": "5C", "t3": "9D", "t4": "AS", "t5": "7C", "t6": "6D", "t7": "3C",
                            "s": "2H"})
    # 4H+5C, AS+7C? no: 1+7 = 8; 6D+3C; 9D alone; 2H in the stock pairs with 7C only once it is dealt
    assert legal_texts(state) == {"t1 t2", "t3 d", "t6 t7"}


def test_nines_fills_its_gaps_only_while_the_four_places_are_empty():
    piles = {"t1": "4H", "t2": "5C", "t3": "9D", "t4": "TS", "t5": "JC", "t6": "QD", "t7": "KH", "t8": "2C",
             "t9": "3C", "s": "AC 6C 7C 8C 9C"}
    state = build("nines", piles)
    assert legal_texts(state) == {"t1 t2", "t3 d", "t4 n", "t5 j", "t6 q", "t7 k"}
    for text in ("t4 n", "t5 j", "t6 q"):
        state.push(state.parse_move(text))
    assert [cards_of(state, name) for name in ("t4", "t5", "t6")] == ["", "", ""]  # the gaps wait
    assert legal_texts(state) == {"t1 t2", "t3 d", "t7 k"}  # no second place for a jack or a queen
    state.push(state.parse_move("t7 k"))  # the set of four leaves, and then every gap is filled
    assert [cards_of(state, name) for name in ("t4", "t5", "t6", "t7", "s")] == ["9C", "8C", "7C", "6C", "AC"]
    assert cards_of(state, "d") == "TS JC QD KH"


# Pyramid Dozen: Giza's layout by twelves, a queen with a king, nothing alone


def test_pyramid_dozen_pairs_twelve_and_a_queen_with_a_king_and_nothing_leaves_alone():
    state = build("pyramid-dozen", {"p22": "5H", "p23": "7C", "p24": "JD", "p25": "QS", "r1": "3D KD",
                                    "r2": "9S AS", "r3": "KC", "r4": "6S 6D"})
    # 5H+7C and JD+AS add up to 12, QS pairs with either king; 9S+3D are buried; no king leaves by itself,
    # and 6D has no free 6 to pair with (12 is a sum, not a same-rank pair)
    assert legal_texts(state) == {"p22 p23", "p24 r2", "p25 r1", "p25 r3"}
    assert legal_texts(build("pyramid-dozen", {"p16": "QH", "p22": "KH"})) == set()  # KH covers QH


# Cheops: a Pyramid whose pairs are one rank or one rank apart


def test_cheops_pairs_the_same_rank_or_one_rank_apart_but_not_a_king_with_an_ace():
    state = build("cheops", {"p22": "KD", "p23": "AC", "p24": "5H", "p25": "9S", "w": "6C", "s": "9D"})
    # 5H+6C (one apart), 9S+9D (same rank, the stock's top card is free); KD+AC do not turn the corner,
    # and a king does not leave by itself
    assert legal_texts(state) == {"p24 w", "p25 s", "d"}


def test_cheops_turns_the_stock_once():
    state = build("cheops", {"p1": "KD", "w": "2C 4H"})
    assert legal_texts(state) == set()  # no redeal: the stock is spent


# Eleven Triangle: an upside-down pyramid by elevens, three waste piles fed by the stock


def test_eleven_triangle_pairs_eleven_and_two_court_cards_of_one_rank():
    state = build("eleven-triangle", {"p27": "4C", "p28": "QD", "w1": "7H", "w2": "QS", "w3": "KC KH",
                                      "s": "JD"})
    # QD+QS; 4C+7H would be 11, but QD (p28) lies on 4C (p27); KH's partner KC lies under it
    assert legal_texts(state) == {"p28 w2", "d"}
    state = build("eleven-triangle", {"p26": "4C", "w1": "7H", "w2": "KD", "w3": "KS", "s": "JD 2C 3C"})
    assert legal_texts(state) == {"p26 w1", "w2 w3", "d"}  # nothing leaves alone
    state.push(state.parse_move("d"))  # one card onto each waste pile
    assert [cards_of(state, name) for name in ("w1", "w2", "w3", "s")] == ["7H 3C", "KD 2C", "KS JD", ""]


# Pharaohs: three open pyramids, no stock


def test_pharaohs_pairs_free_cards_across_its_three_pyramids():
    state = build("pharaohs", {"s1": "6D", "s2": "KS", "s3": "7C", "p28": "8H", "m21": "5D", "m15": "AC",
                               "p1": "QD"})
    # KS alone; 6D lies under KS and 7C; 8H+5D across two pyramids; AC (m15) lies under 5D (m21)
    assert legal_texts(state) == {"s2 d", "p28 m21"}
    state.push(state.parse_move("p28 m21"))
    assert legal_texts(state) == {"s2 d", "p1 m15"}  # the large pyramid's apex pairs with the middle one's AC


# The Klondike games: two to four decks, three cards a turn, suits, face-up deals, gaps


def test_the_klondike_games_turn_one_or_three_cards_and_deal_their_columns_as_pysolfc_does():
    for game_id in KLONDIKE:
        state = framework.load_game(game_id).deal(1)
        tableau = state.game.groups["tableau"].piles
        count = len(tableau)
        assert [len(state.piles[pile]) for pile in tableau] == list(range(1, count + 1)), game_id
        down = [0] * count if game_id == "open-gargantua" else list(range(count))
        assert [state.face_down[pile] for pile in tableau] == down, game_id
        stock = len(state.piles[state.game.pile_index("s")])
        state.push(state.parse_move("d"))
        turned = stock - len(state.piles[state.game.pile_index("s")])
        assert turned == (3 if game_id.endswith("draw-3") else 1), game_id
    assert framework.load_game("quadruple-klondike").groups["foundation"].spec.max_cards == 13
    assert len(framework.load_game("quadruple-klondike").groups["foundation"].piles) == 16


def test_double_trigon_builds_by_suit_and_only_a_king_fills_a_gap():
    state = build("double-trigon", {"t1": "9H", "t2": "8H", "t3": "8C", "t4": "QS", "t5": "KD"})
    # 8H on 9H (same suit); 8C is not a heart; QS goes nowhere; KD to one of the empty columns
    assert legal_texts(state) == {"t2 t1", "t5 t6", "t5 t7", "t5 t8", "t5 t9"}


def test_pantagruel_fills_a_gap_with_any_card_and_turns_the_stock_once():
    state = build("pantagruel", {"t1": "9H", "t2": "8C", "t3": "KS", "t4": "KC", "t5": "JS", "t6": "JC",
                                 "t7": "5S", "t8": "5C", "w": "2H"})
    # 8C on 9H; the waste's card or any column's card into the one gap (t9); no stock and no redeal left
    assert legal_texts(state) == {"t2 t1", "w t9"} | {f"t{n} t9" for n in range(1, 9)}


def test_double_kingsley_builds_up_from_aces_and_takes_kings_to_the_foundations():
    state = build("double-kingsley", {"t1": "7C", "t2": "8H", "t3": "KS", "t4": "AD", "t5": "2D", "t6": "5S",
                                      "t7": "9D", "t8": "JS", "t9": "QS", "s": "QH"})
    # 8H on 7C (up, alternate colours); KS starts any of the eight foundations; 2D is not black on AD, nor 9D
    # on 8H; an ace goes to no foundation
    assert legal_texts(state) == {"t2 t1", "d"} | {f"t3 f{n}" for n in range(1, 9)}


# FreeCell with two cells and with none


def test_freecell_with_two_cells_moves_runs_of_three_and_without_cells_only_single_cards():
    piles = {"t1": "TS", "t2": "9H 8S 7D", "t3": "KC", "t4": "KS", "t5": "2C", "t6": "2S", "t7": "4C", "t8": "4S"}
    two = build("freecell-2-reserves", piles)
    assert len(two.game.groups["cell"].piles) == 2
    assert "t2 t1 3" in legal_texts(two)  # (1 + 2 empty cells) cards
    assert "t2 t1 3" not in legal_texts(build("freecell-2-reserves", {**piles, "c1": "KH"}))  # one cell left: 2
    assert legal_texts(build("freecell-no-reserve", piles)) == set()  # no cell, no gap: 7D alone fits nowhere
    for name in FREECELL:  # as in FreeCell, a card on a foundation stays there: 2H does not come back onto 3S
        assert not {text for text in legal_texts(build(name, {**piles, "t1": "3S", "f1": "AH 2H"})) if text[0] == "f"}


# Russian Spider and the Kiev games: Yukon columns by suit, whole suits go off


SPADES = " ".join(rank + "S" for rank in "KQJT98765432A")


def test_russian_spider_sends_off_only_a_whole_suit_in_order_from_the_king():
    state = build("russian-spider", {"t1": "5H " + SPADES, "t2": "7C"})
    assert {text for text in legal_texts(state) if " f" in text} == {f"t1 f{n} 13" for n in range(1, 5)}
    muddled = SPADES.replace("3S 2S", "2S 3S")
    state = build("russian-spider", {"t1": "5H " + muddled, "t2": "7C"})
    assert not {text for text in legal_texts(state) if " f" in text}  # out of order: no foundation takes it
    state = build("russian-spider", {"t1": "AS", "t2": "7C"})
    assert legal_texts(state) == set()  # an ace alone goes nowhere: no foundation builds up from it


def test_kiev_deals_a_card_onto_every_column_and_any_card_fills_a_gap():
    state = framework.load_game("kiev").deal(1)
    tableau = state.game.groups["tableau"].piles
    assert [len(state.piles[pile]) for pile in tableau] == [4] * 7
    assert [state.face_down[pile] for pile in tableau] == [3] * 7
    state = build("kiev", {"t1": "9D", "t2": "4C | 8C 2H", "s": "AS KH QH"})
    # 2H and 8C 2H (any tail) into the five gaps; nothing builds by suit here; the stock deals
    assert legal_texts(state) == {f"t1 t{n}" for n in range(3, 8)} | {f"t2 t{n}" for n in range(3, 8)} | \
        {f"t2 t{n} 2" for n in range(3, 8)} | {"d"}
    state.push(state.parse_move("d"))  # three cards: onto the first three columns, the gaps not skipped
    assert [cards_of(state, name) for name in ("t1", "t2", "t3", "t4")] == ["9D QH", "4C 8C 2H KH", "AS", ""]


def test_dnieper_builds_a_king_on_an_ace_and_kiev_does_not():
    piles = {"t1": "AD", "t2": "KD", "t3": "QC", "t4": "JC", "t5": "5S", "t6": "6H", "t7": "8H"}
    assert "t2 t1" in legal_texts(build("dnieper", piles))
    assert "t2 t1" not in legal_texts(build("kiev", piles))


def test_sevastopol_deals_one_more_card_to_the_second_fourth_and_sixth_columns():
    state = framework.load_game("sevastopol").deal(1)
    tableau = state.game.groups["tableau"].piles
    assert [len(state.piles[pile]) for pile in tableau] == [3, 4, 3, 4, 3, 4, 3]
    assert len(state.piles[state.game.pile_index("s")]) == 28
    double = framework.load_game("double-russian-spider")
    assert len(double.groups["foundation"].piles) == 8 and double.groups["foundation"].spec.fill_at_once


# The Forty Thieves games: more decks and columns, Streets, Number Ten, Limited and Double Rail


#: PySolFC's foundation order (clubs, spades, hearts, diamonds), as the two-deck foundations of Streets hold it.
SUIT_ORDER = framework.load_game("streets").groups["foundation"].spec.suits[::2]


def test_the_forty_thieves_games_deal_their_decks_and_columns_as_pysolfc_does():
    for game_id, (decks, columns, cards, down) in FORTY_THIEVES.items():
        state = framework.load_game(game_id).deal(1)
        tableau = state.game.groups["tableau"].piles
        assert [len(state.piles[pile]) for pile in tableau] == [cards] * columns, game_id
        assert [state.face_down[pile] for pile in tableau] == [down] * columns, game_id
        foundations = state.game.groups["foundation"]
        assert foundations.spec.suits == tuple(suit for suit in SUIT_ORDER for _ in range(decks)), game_id
        assert len(state.piles[state.game.pile_index("s")]) == 52 * decks - cards * columns, game_id


def test_express_moves_one_card_at_a_time_by_suit_and_triple_rail_moves_runs_in_any_suit():
    piles = {"t1": "9H", "t2": "8H 7C", "f1": "AC 2C 3C 4C 5C 6C"}
    # 7C alone (8H 7C is no suit run, and Express moves one card at a time); the 6C may come back onto the 7C
    assert legal_texts(build("express", piles)) == {"t2 f1"} | {f"t2 t{n}" for n in range(3, 15)} | \
        {f"t1 t{n}" for n in range(3, 15)} | {f"f1 t{n}" for n in range(2, 15)}
    rail = build("triple-rail", {"t1": "9S", "t2": "8H 7C", "t3": "KD", "t4": "KC", "t5": "KH", "t6": "KS",
                                 "t7": "QD", "t8": "QC", "t9": "QH"})
    assert "t2 t1 2" in legal_texts(rail)  # 8H 7C onto 9S, regardless of suit


# Baker's Dozen (2 Decks)


def test_bakers_dozen_2_decks_puts_its_kings_under_twenty_six_columns_and_lets_foundation_cards_back():
    state = framework.load_game("bakers-dozen-2-decks").deal(1)
    tableau = state.game.groups["tableau"].piles
    assert [len(state.piles[pile]) for pile in tableau] == [4] * 26
    for pile in tableau:
        ranks = [card_text(card)[:-1] for card in state.piles[pile]]
        kings = ranks.count("K")
        assert ranks[:kings] == ["K"] * kings  # every king lies under the other cards of its column
    state = build("bakers-dozen-2-decks", {"f1": "AH 2H 3H", "t1": "4S", "t2": "KC"})
    # 3H back onto 4S; nothing onto KC but a queen; no empty column takes a card
    assert legal_texts(state) == {"f1 t1"}


# Gypsy (3 Decks) and Yeast Dough


def test_gypsy_3_decks_and_yeast_dough_deal_as_pysolfc_does():
    for game_id, columns, down, stock in (("gypsy-3-decks", 12, 2, 120), ("yeast-dough", 8, 0, 80)):
        state = framework.load_game(game_id).deal(1)
        tableau = state.game.groups["tableau"].piles
        assert [len(state.piles[pile]) for pile in tableau] == [3] * columns, game_id
        assert [state.face_down[pile] for pile in tableau] == [down] * columns, game_id
        assert len(state.piles[state.game.pile_index("s")]) == stock, game_id
        state.push(state.parse_move("d"))  # one card face up onto every column
        assert [len(state.piles[pile]) for pile in tableau] == [4] * columns, game_id
    state = build("yeast-dough", {"t1": "9H", "t2": "8C 7D", "t3": "8S", "s": "AS"})
    # the run 8C 7D onto 9H, 7D onto 8S, 8S onto 9H, and any card or run into the five gaps; the stock deals
    gaps = range(4, 9)
    assert legal_texts(state) == {"t2 t1 2", "t2 t3", "t3 t1", "d"} | {f"t1 t{n}" for n in gaps} | \
        {f"t2 t{n}" for n in gaps} | {f"t2 t{n} 2" for n in gaps} | {f"t3 t{n}" for n in gaps}
