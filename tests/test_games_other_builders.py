"""The 'other builders' games (Gypsy, Fan, King Albert, Bisley, Windmill ...), each checked on a small position:
exactly the legal moves its rules allow, with the moves they forbid named in comments."""

from __future__ import annotations

import pytest
from helpers import build, cards_of, each

import framework
from framework.cards import card_text
from framework.solver.canonical import interchangeable_groups
from framework.testing import legal_texts, position

GAMES = [
    "auld-lang-syne", "bakers-dozen", "big-bertha", "bisley", "brigade", "bristol", "capricieuse", "ceiling-fan",
    "clock",
    "colorado", "dial", "double-dot", "double-line", "doublets", "fan", "flower-garden", "german-clock",
    "good-measure", "grandfather", "grandfathers-clock", "gypsy", "imperial-guards", "interregnum", "irmgard",
    "king-albert", "lucky-piles", "lucky-thirteen", "matrimony", "milligan-cell", "milligan-harp", "miss-milligan",
    "old-fashioned", "portuguese-solitaire", "primrose", "quads-plus", "queen-victoria", "raglan", "relaxed-raglan",
    "school", "scotch-patience", "senior-wrangler", "shamrocks", "spanish-patience", "spanish-patience-ii", "tam-o-shanter",
    "vineyard", "windmill",
]


def onto(sources: list[str], targets: list[str]) -> set[str]:
    """Every move of a top card from one of ``sources`` to one of ``targets``."""
    return {f"{source} {target}" for source in sources for target in targets}


def columns(first: int, last: int) -> list[str]:
    return [f"t{index}" for index in range(first, last + 1)]


# --- Gypsy and its kin: the stock deals a card onto every column --------------------------------------------


def test_gypsy_moves_runs_in_alternating_colours_and_deals_onto_every_column():
    state = build("gypsy", {"t1": "5D | 8H 7C", "t2": "9S", "t3": "KC", "t4": "KD", "t5": "KH", "t6": "KS",
                            "t7": "QC QD", "t8": "8D", "f1": "AD 2D", "s": "2C 3C 4C 5C 6C 7C 8C 9C"})
    # not 't8 f1' (3D is next), not 't1 t2 3' (5D is face down)
    assert legal_texts(state) == {"t1 t2 2", "t1 t8", "t7 t3", "t7 t6", "t8 t2", "d"}
    state.push(state.parse_move("t1 t2 2"))
    assert cards_of(state, "t1") == "5D" and state.face_down[state.game.pile_index("t1")] == 0
    state.push(state.parse_move("d"))
    assert [cards_of(state, name).split()[-1] for name in columns(1, 8)] == "9C 8C 7C 6C 5C 4C 3C 2C".split()


def test_gypsy_deals_even_with_an_empty_column_and_fills_it_with_any_card():
    state = build("gypsy", {"t1": "5D | 8H", "s": "2C 3C"})
    assert legal_texts(state) == onto(["t1"], columns(2, 8)) | {"d"}


def test_irmgard_fills_a_space_only_with_a_king():
    state = build("irmgard", {"t1": "5D | 8H 7C", "t2": "9S", "t3": "KC", "t4": "KD", "t5": "KH", "t6": "KS",
                              "t8": "QC QD", "t9": "8D"})
    # not 't1 t7 2', 't2 t7' ... : the empty t7 takes only a king
    assert legal_texts(state) == {"t1 t2 2", "t1 t9", "t8 t3", "t8 t6", "t9 t2"} | onto(columns(3, 6), ["t7"])


def test_irmgard_deals_a_pyramid_of_face_down_cards():
    game = framework.load_game("irmgard")
    state = game.deal(1)
    piles = [game.pile_index(name) for name in columns(1, 9)]
    assert [state.face_down[pile] for pile in piles] == [0, 1, 2, 3, 4, 3, 2, 1, 0]
    assert [len(state.piles[pile]) for pile in piles] == [1, 2, 3, 4, 5, 4, 3, 2, 1]
    assert len(state.piles[game.pile_index("s")]) == 79


def test_milligan_harp_deals_like_klondike_and_the_stock_deals_onto_every_column():
    game = framework.load_game("milligan-harp")
    state = game.deal(2)
    assert [state.face_down[game.pile_index(name)] for name in columns(1, 8)] == list(range(8))
    state = build("milligan-harp", {"t1": "4D | 8H", "s": "2C 3C"})
    assert legal_texts(state) == onto(["t1"], columns(2, 8)) | {"d"}
    state.push(state.parse_move("d"))
    assert cards_of(state, "t1") == "4D 8H 3C" and cards_of(state, "t2") == "2C"


def test_milligan_cell_runs_ignore_the_free_cells_and_only_kings_fill_spaces():
    state = build("milligan-cell", {"t1": "5D 8H 7C", "t2": "9S", "t4": "KC", "t5": "KD", "t6": "KH", "t7": "KS",
                                    "t8": "2C", "c1": "2D", "c2": "2H", "c3": "2S", "c4": "JD", "s": "6C"})
    # the run moves although every cell is full; not 't1 t3' (only a king fills t3), not 't1 c1' (cells full)
    assert legal_texts(state) == {"t1 t2 2", "d"} | onto(columns(4, 7), ["t3"])


# --- the fans: eighteen piles, one card at a time ---------------------------------------------------------------


def test_miss_milligans_weaving_pile_takes_a_card_or_run_only_once_the_stock_is_empty():
    piles = {"t1": "9H 8S 7D", "t2": "10C", "t3": "KD", "t4": "QC"}
    dealing = build("miss-milligan", {**piles, "s": "2C"})
    # runs in alternating colours, a king alone into a space, the deal; nothing to the weaving pile, nothing back
    # from a foundation
    assert legal_texts(dealing) == {"t1 t2 3", "t4 t3", "d", *onto(["t3"], columns(5, 8))}
    t2_to_weave = framework.Move(dealing.game.pile_index("t2"), dealing.game.pile_index("w"), 1)
    assert dealing.explain(t2_to_weave) == "the weave, when empty, takes cards only while the stock is empty"
    dealt = build("miss-milligan", piles)
    assert legal_texts(dealt) == {"t1 t2 3", "t4 t3", "t1 w", "t1 w 2", "t1 w 3", "t2 w", "t3 w", "t4 w",
                                  *onto(["t3"], columns(5, 8))}
    dealt.push(dealt.parse_move("t1 w 3"))
    # the weaving pile takes no more, and gives its run back as a run; the space takes only a king
    assert legal_texts(dealt) == {"w t2 3", "t4 t3", *onto(["t3"], ["t1", *columns(5, 8)])}


def test_imperial_guards_fills_a_space_with_any_card_or_run():
    state = build("imperial-guards", {"t1": "9H 8S 7D", "t2": "10C", "t3": "KD", "t4": "QC", "s": "2C"})
    assert legal_texts(state) == {"t1 t2 3", "t4 t3", "d", *{f"{source} {space}" for source in ("t1", "t2", "t3", "t4")
                                                            for space in columns(5, 8)},
                                  *{f"t1 {space} {count}" for space in columns(5, 8) for count in (2, 3)}}


def test_fan_builds_down_by_suit_one_card_at_a_time_and_only_kings_fill_spaces():
    state = build("fan", {"t1": "4D 6S 5S", "t2": "7S", "t3": "6H", "t5": "3C KH", "t6": "5H", "f1": "AS 2S 3S 4S"})
    empty = ["t4", *columns(7, 18)]
    # not 't1 t2 2' (runs do not move), not 't1 t3' (another suit), not 't1 t4' (not a king); 4S comes back onto 5S
    assert legal_texts(state) == {"t1 f1", "t6 t3", "f1 t1"} | onto(["t5"], empty)


def test_ceiling_fan_builds_down_in_alternating_colours():
    state = build("ceiling-fan", {"t1": "4D 6S 5H", "t2": "6C", "t3": "6D", "t4": "7D", "t5": "KS",
                                  "f1": "AH 2H 3H 4H"})
    # not 't1 t3' (same colour), not 't1 t4 2' (one card at a time), not 't3 t4'
    assert legal_texts(state) == {"t1 t2", "t1 f1", "t2 t4"} | onto(["t5"], columns(6, 18))


def test_scotch_patience_foundations_alternate_colours_and_spaces_stay_empty():
    state = build("scotch-patience", {"f1": "AS 2H", "t1": "3C", "t2": "3D", "t3": "4D", "t4": "9H 5S", "t6": "AD"})
    # not 't2 f1' (red on red), nothing onto the empty t5, t7 ... t18; 2H comes back onto a 3 of any suit
    assert legal_texts(state) == {"t1 f1", "t1 t3", "t2 t3", "t3 t4", "t6 f2", "t6 f3", "t6 f4", "f1 t1", "f1 t2"}


def test_shamrocks_build_up_or_down_in_any_suit_three_cards_at_most():
    state = build("shamrocks", {"t1": "9D 5S", "t2": "4H", "t3": "7C 6H 5C", "t4": "6D"})
    # not 't2 t3' or 't4 t3' (t3 holds three cards), nothing onto an empty pile
    assert legal_texts(state) == {"t1 t2", "t1 t4", "t2 t1", "t3 t2", "t3 t4", "t4 t1"}


# --- reserves of free single cards ----------------------------------------------------------------------------------


def test_flower_garden_plays_any_bouquet_card_and_builds_down_in_any_suit():
    state = build("flower-garden", {"t1": "5D 8H", "t2": "9S", "t3": "KC", "t4": "KD", "t5": "KH",
                                    "b1": "9C", "b2": "AS", "f1": "AD"})
    # nothing goes back to the bouquet; not 't1 t2 2'; the foundation's AD may come back to the empty t6
    expected = {"t1 t2", "b2 f2", "b2 f3", "b2 f4"} | onto(["t1", "t2", "t3", "t4", "t5", "b1", "b2", "f1"], ["t6"])
    assert legal_texts(state) == expected


def test_king_albert_moves_one_card_at_a_time_and_never_refills_the_reserve():
    piles = {"t1": "5D 8H 7C", "t2": "9S", "r1": "8D"}
    empty = columns(3, 9)
    # not 't1 t2 2' (8H 7C onto 9S: one card at a time), not 't2 r2' (nothing goes to the reserve)
    assert legal_texts(build("king-albert", piles)) == {"r1 t2"} | onto(["t1", "t2", "r1"], empty)


def test_queen_victoria_is_king_albert_with_runs():
    piles = {"t1": "5D 8H 7C", "t2": "9S", "r1": "8D"}
    empty = columns(3, 9)
    expected = {"r1 t2", "t1 t2 2"} | onto(["t1", "t2", "r1"], empty) | {f"t1 {target} 2" for target in empty}
    assert legal_texts(build("queen-victoria", piles)) == expected


def test_raglan_deals_the_aces_to_the_foundations_and_moves_one_card_at_a_time():
    game = framework.load_game("raglan")
    state = game.deal(3)
    assert [cards_of(state, f"f{index}") for index in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    assert [len(state.piles[game.pile_index(name)]) for name in columns(1, 9)] == [1, 2, 3, 4, 5, 6, 7, 7, 7]
    piles = {"f1": "AC", "f2": "AD", "f3": "AH", "f4": "AS", "t1": "5D 8H 7C", "t2": "9S", "r1": "2C"}
    sources = ["t1", "t2", "r1", "f1", "f2", "f3", "f4"]  # an ace may come back from its foundation
    # not 't1 t2 2'
    assert legal_texts(build("raglan", piles)) == {"r1 f1"} | onto(sources, columns(3, 9))
    expected = {"r1 f1", "t1 t2 2"} | onto(sources, columns(3, 9)) | {f"t1 {target} 2" for target in columns(3, 9)}
    assert legal_texts(build("relaxed-raglan", piles)) == expected


def test_an_ace_taken_back_from_a_raglan_foundation_may_return_as_pysolfc_lets_it():
    state = framework.load_game("raglan").deal(1)
    for text in ("t9 t7", "r4 t9", "t2 t6", "f3 t9"):
        state.push(state.parse_move(text))
    assert cards_of(state, "f3") == "" and cards_of(state, "t9").endswith("AH")
    assert {text for text in legal_texts(state) if text.startswith("t9")} == {"t9 f3"}  # was refused
    state.push(state.parse_move("t9 f3"))
    assert cards_of(state, "f3") == "AH"


@pytest.mark.parametrize("game_id", ["raglan", "relaxed-raglan", "brigade"])
def test_an_empty_foundation_of_the_aces_games_takes_the_ace_of_its_suit_alone(game_id):
    state = build(game_id, {"f2": "AD", "f4": "AS", "t1": "5D AH", "t2": "AC", "r1": "2S"})
    # not 't1 f1' (AH onto the clubs' foundation), not 't2 f3'; nothing but an ace onto an empty one
    assert {text for text in legal_texts(state) if " f" in text} == {"t1 f3", "t2 f1", "r1 f4"}


def test_brigade_builds_down_in_any_suit_from_a_thirteen_card_reserve():
    state = build("brigade", {"f1": "AC", "t1": "5D 8H 7C", "t2": "8S", "r1": "9D", "r2": "2C"})
    # not 't2 r1' (8S onto 9D: nothing goes to the reserve)
    assert legal_texts(state) == {"t1 t2", "r2 f1"} | onto(["t1", "t2", "r1", "r2", "f1"], columns(3, 7))


# --- foundations with a meaning of their own ------------------------------------------------------------------------


def test_bisley_foundations_go_up_from_the_ace_and_down_from_the_king_of_their_suit():
    state = build("bisley", {"a1": "AC 2C", "a2": "AD", "a3": "AH", "a4": "AS", "k2": "KD",
                             "t1": "3C", "t2": "KC", "t3": "QD", "t4": "4C", "t5": "2D"})
    # not 't2 k2' ... (k1 is the clubs' king pile), not 't3 t2' (another suit), nothing onto an empty column
    assert legal_texts(state) == {"t1 a1", "t1 t4", "t4 t1", "t2 k1", "t3 k2", "t5 a2"}


def test_grandfathers_clock_builds_each_hour_by_suit_round_the_corner():
    state = build("grandfathers-clock", {"f1": "2S 3S 4S", "f2": "3H 4H 5H", "f9": "TS JS QS KS",
                                         "t1": "AS", "t2": "5S", "t3": "6H", "t4": "JC", "t5": "JD", "t6": "JS",
                                         "t7": "9H", "t8": "KH"})
    # the ace of spades goes on the king of spades; not '... f3' (an empty foundation takes nothing)
    assert legal_texts(state) == {"t1 f9", "t2 f1", "t2 t3", "t3 f2"}


def test_grandfathers_clock_deals_the_twelve_hours():
    state = framework.load_game("grandfathers-clock").deal(4)
    hours = "2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD".split()
    assert [cards_of(state, f"f{index}") for index in range(1, 13)] == [card_text(framework.cards.parse_card(card))
                                                                        for card in hours]


def test_windmill_arms_are_refilled_from_the_waste():
    state = build("windmill", {"c": "AC 2D 3S", "k1": "KS QH", "a1": "4H", "a2": "JC", "a3": "KD", "a4": "9S",
                               "a5": "9H", "a6": "9D", "a7": "7C", "a8": "7S", "w": "8C 4D", "s": "9C"})
    # not 'c k1' (3S on QH), not 'w t..' (arms take only the waste's card, by themselves)
    assert legal_texts(state) == {"a1 c", "w c", "a2 k1", "a3 k2", "a3 k3", "a3 k4", "d"}
    state.push(state.parse_move("a1 c"))
    assert cards_of(state, "a1") == "4D" and cards_of(state, "w") == "8C"
    state.pop()
    assert cards_of(state, "a1") == "4H" and cards_of(state, "w") == "8C 4D"


def test_windmill_foundation_cards_move_between_the_centre_and_the_sails():
    state = build("windmill", {"c": "JD", "k1": "KS QH", "k2": "KC", "a1": "5C", "a2": "5D", "a3": "5H", "a4": "5S",
                               "a5": "6C", "a6": "6D", "a7": "6H", "a8": "6S"})
    # QH from sail to centre or to another sail; not 'k2 k3' (a lone king moved to an empty sail changes nothing),
    # not 'c k1' (the centre keeps its last card, as in PySolFC)
    assert legal_texts(state) == {"k1 c", "k1 k2"}
    state = build("windmill", {"c": "JD QC", "k1": "KS", "a1": "5C"})
    assert legal_texts(state) == {"c k1", "k1 c"}  # a centre of two cards gives one up


# --- Baker's Dozen relatives without moving the kings ---------------------------------------------------------------

FILLERS = "KC KD KH KS 2C 2D 2H 2S JD JH".split()  # cards that go nowhere and take nothing below


def test_castles_in_spain_runs_are_as_long_as_the_empty_columns_allow():
    piles = {"t1": "3C | 9S 8H 7C", "t2": "TD"} | {f"t{index}": card for index, card in enumerate(FILLERS, 3)}
    # one empty column: 2 cards onto a card, 1 onto the empty column: not 't1 t2 3', not 't1 t13 2'
    assert legal_texts(build("castles-in-spain", piles)) == onto(["t1", "t2", *columns(3, 12)], ["t13"])
    del piles["t12"]
    # two empty columns: 4 cards onto a card, 2 onto an empty column
    expected = {"t1 t2 3", "t1 t12 2", "t1 t13 2"} | onto(["t1", "t2", *columns(3, 11)], ["t12", "t13"])
    assert legal_texts(build("castles-in-spain", piles)) == expected


def test_portuguese_solitaire_builds_down_in_any_suit_and_fills_spaces_with_kings():
    piles = {"t1": "5D 8H 7C", "t2": "8S", "t3": "9D", "t4": "4C KH"}
    # not 't1 t3 2' (one card at a time), not 't1 t5' (only a king fills a space)
    assert legal_texts(build("portuguese-solitaire", piles)) == {"t1 t2", "t2 t3"} | onto(["t4"], columns(5, 13))
    # Spanish Patience II: the same, but any card fills a space
    expected = {"t1 t2", "t2 t3"} | onto(columns(1, 4), columns(5, 13))
    assert legal_texts(build("spanish-patience-ii", piles)) == expected


def test_vineyard_builds_down_in_alternating_colours_one_card_at_a_time():
    fillers = {f"t{index}": card for index, card in enumerate(FILLERS[:7], 4)}
    piles = {"t1": "5D 8H 7C", "t2": "8D", "t3": "9S"} | fillers
    # not 't1 t3 2' (8H 7C onto 9S)
    assert legal_texts(build("vineyard", piles)) == {"t1 t2", "t2 t3"}
    assert [len(pile) for pile in framework.load_game("vineyard").deal(1).piles[4:]] == [6, 6] + [5] * 8


def test_the_games_are_built_in_and_say_their_family_and_pysolfc_name():
    specs = [framework.load_spec(game_id) for game_id in GAMES]
    assert {spec.family for spec in specs} == {'other builders'}
    assert all(spec.pysolfc and spec.summary for spec in specs)


@pytest.mark.parametrize("game_id", ["bakers-dozen", "spanish-patience", "good-measure"])
def test_every_king_lies_under_the_other_cards_of_its_column(game_id):
    game = framework.load_game(game_id)
    for seed in range(1, 30):
        for pile in game.groups["tableau"].piles:
            ranks = [framework.cards.RANK[card] for card in game.deal(seed).piles[pile]]
            kings = ranks.count(13)
            assert ranks[:kings] == [13] * kings, (seed, ranks)


def test_bakers_dozen_builds_down_in_any_suit_one_card_and_never_fills_a_column():
    state = position(framework.load_game("bakers-dozen"), {"t1": "KS 9H", "t2": "TC 4D", "t3": "5S", "f1": "AD 2D 3D"})
    # 4D onto 5S and onto its foundation; 9H has no ten on top; t4..t13 are empty and stay so; 3D may come back
    # from its foundation onto 4D
    assert legal_texts(state) == {"t2 t3", "t2 f1", "f1 t2"}


def test_spanish_patience_foundations_build_in_alternate_colours():
    state = position(framework.load_game("spanish-patience"), {"t1": "KS 2C", "t2": "TC 2H", "f1": "AD"})
    # 2C on the red ace; 2H may not (same colour); the ace may come back onto either 2
    assert legal_texts(state) == {"t1 f1", "f1 t1", "f1 t2"}


def test_bristol_deals_a_card_onto_each_reserve_and_plays_their_top_cards():
    game = framework.load_game("bristol")
    state = position(game, {"t1": "KS 9H", "t2": "TC 4D", "r1": "8S", "r2": "5C", "r3": "AH", "s": "2C 3D 7H QS"})
    # 8S onto 9H, and AH up; 4D may not go onto 5C (nothing is played onto a reserve), nor 9H anywhere
    assert legal_texts(state) == {"r1 t1", "r3 f1", "r3 f2", "r3 f3", "r3 f4", "d"}
    state.push(state.parse_move("d"))
    assert [card_text(state.piles[game.pile_index(name)][-1]) for name in ("r1", "r2", "r3")] == ["QS", "7H", "3D"]
    assert card_text(state.piles[game.pile_index("s")][-1]) == "2C"


def test_dial_takes_each_rank_on_its_own_pile_in_alternating_colours():
    state = build("dial", {"f5": "5H", "f7": "7S 7H", "f13": "KC KD KS KH", "w": "5C", "s": "2D"})
    # the 5 of clubs on the red 5; not 'w f1' .. 'w f13' (each empty pile takes only its rank)
    assert legal_texts(state) == {"w f5", "d"}
    for waste, legal in (("7D", {"d"}), ("7C", {"w f7", "d"}), ("3S", {"w f3", "d"}), ("KS", {"w f13", "d"})):
        # a red 7 does not go on the red 7; a 3 goes only to the empty 3 pile
        assert legal_texts(build("dial", {"f7": "7S 7H", "f13": "KC KD KH", "w": waste, "s": "2D"})) == legal
    with pytest.raises(framework.IllegalMoveError, match="the 4th foundation takes only a 4 when empty"):
        build("dial", {"w": "3S", "s": "2D"}).parse_move("w f4")


def test_dial_turns_the_waste_over_once():
    state = build("dial", {"w": "3S 4D", "s": ""})
    assert legal_texts(state) == {"w f4", "redeal"}
    state.push(state.parse_move("redeal"))
    state.push(state.parse_move("d"))
    state.push(state.parse_move("d"))
    assert legal_texts(state) == {"w f4"}  # 3S lies under 4D again; no second turn of the waste


def test_clock_plays_the_card_turned_up_to_its_hour_which_turns_up_that_hours_next_card():
    state = build("clock", {"c13": "7D 3C | 5S", "c5": "9D 2C 4S |", "c4": "8C KH |", "f5": "5C"})
    # the only face-up card is 5S, and a face-down card never moves
    assert legal_texts(state) == {"c13 f5"}
    state.push(state.parse_move("c13 f5"))  # the 5 goes to its hour and turns up the 5 pile's next card, 4S
    assert cards_of(state, "f5") == "5C 5S" and state.face_down[state.game.pile_index("c5")] == 2
    assert legal_texts(state) == {"c5 f4"}
    with pytest.raises(framework.IllegalMoveError, match="the 3rd foundation takes only a 3 when empty"):
        state.parse_move("c5 f3")
    state.push(state.parse_move("c5 f4"))  # onto the empty 4 hour, which turns up KH
    assert legal_texts(state) == {"c4 f13"}
    state.push(state.parse_move("c4 f13"))  # a K turns up the K pile's next card
    assert legal_texts(state) == {"c13 f3"}
    for _ in range(3):
        state.pop()
    assert legal_texts(state) == {"c13 f5"} and state.face_down[state.game.pile_index("c5")] == 3


def test_clock_deals_thirteen_piles_of_four_face_down_but_the_k_piles_top_card():
    game = framework.load_game("clock")
    state = game.deal(2)
    clock = game.groups["clock"].piles
    assert [len(state.piles[pile]) for pile in clock] == [4] * 13
    assert [state.face_down[pile] for pile in clock] == [4] * 12 + [3]
    assert {move.source for move in state.legal_moves()} == {clock[-1]}


def test_clock_has_one_move_at_a_time_and_the_fourth_k_ends_the_game():
    game = framework.load_game("clock")
    for seed in range(1, 15):
        state = game.deal(seed)
        while moves := state.legal_moves():
            assert len(moves) == 1  # the deal decides the game
            state.push(moves[0])
        dial_k = state.piles[game.pile_index("f13")]
        assert state.is_won() == (sum(state.face_down) == 0) and len(dial_k) == 4, seed


def test_german_clock_lays_its_cards_in_layers_of_one_suit():
    hours = {"f1": "AH", "f2": "2H 2S", "f5": "5H", "s": "9D"}
    # the first layer is of hearts, the second of spades (2S), the third of no suit yet; 5C breaks the layer, 2C the
    # colours
    for waste, legal in (("5C", {"d"}), ("5S", {"w f5", "d"}), ("AS", {"w f1", "d"}), ("7H", {"w f7", "d"}),
                         ("7D", {"d"}), ("2D", {"w f2", "d"}), ("2C", {"d"})):
        assert legal_texts(build("german-clock", {**hours, "w": waste})) == legal, waste
    with pytest.raises(framework.IllegalMoveError, match="lie in layers of one suit: 7♦ would lie where the others "
                                                         "hold ♥"):
        build("german-clock", {**hours, "w": "7D"}).parse_move("w f7")


def test_school_builds_on_the_same_rank_and_a_foundation_card_may_come_back():
    piles = {"f1": "AC 2C", "f3": "AH", "t1": "5D 3C", "t2": "9H 3S", "t3": "KD 9S", "t4": "2S"}
    state = build("school", piles)
    # 3 on 3 either way, whatever the suit; 9S finds no 9; 2S waits for AS; 2C may come back onto 2S; t5..t16 are
    # empty and take nothing
    assert legal_texts(state) == {"t1 f1", "t1 t2", "t2 t1", "f1 t4", "gather"}
    state.push(state.parse_move("t1 t2"))
    assert cards_of(state, "t2") == "9H 3S 3C" and legal_texts(state) == {"t2 f1", "f1 t4", "gather"}


def test_big_bertha_moves_whole_runs_and_gives_the_kings_a_foundation_of_their_own():
    fillers = dict(zip(columns(4, 15), "QH QH QD QD JH JH JD JD 4H 4D 4H 4D".split()))
    piles = {"f1": "AC 2C", "f5": "AC", "k": "KS", "t1": "9C 8H 7S", "t2": "TD", "t3": "KD", "r1": "3H", "r2": "8C"}
    state = build("big-bertha", piles | fillers)
    # the whole run onto TD at once; KD onto the kings; 2C onto the other clubs foundation; a reserve takes nothing
    assert legal_texts(state) == {"t1 t2 3", "t3 k", "f1 f5"}
    state.push(state.parse_move("t1 t2 3"))
    assert cards_of(state, "t2") == "TD 9C 8H 7S"
    assert {"k t1", "f1 t1", "f5 t1", "r1 t1", "r2 t1", "t2 t1 3"} <= legal_texts(state)


def test_quads_plus_builds_runs_of_one_rank_up_to_four_cards():
    fillers = dict(zip(columns(6, 13), "KD QD JD TD 8D 7D 6D 4D".split()))
    piles = {"f1": "AC 2C", "t1": "5H 5D", "t2": "5S", "t3": "3C", "t4": "9D 7C 7H 7S", "t5": "2H"}
    state = build("quads-plus", piles | fillers)
    # the 5s move one or two at a time; the three 7s go onto 7D (four cards in all) but 7D not onto the full t4;
    # 2C comes back from its foundation onto 2H
    assert legal_texts(state) == {"t1 t2", "t1 t2 2", "t2 t1", "t3 f1", "f1 t5", "t4 t11", "t4 t11 2", "t4 t11 3"}
# --- Doublets: one foundation that doubles each rank ----------------------------------------------------------


def test_doublets_builds_by_doubling_and_refills_a_reserve_from_the_waste_then_the_stock():
    piles = {"f": "6D", "r1": "QS", "r2": "KH", "r3": "QC", "r4": "3D", "r5": "5S", "r6": "7H", "r7": "9C",
             "w": "QD 2C", "s": "4H 8S"}
    state = build("doublets", piles)
    # a Q goes on the 6 (6 x 2 = 12); not 'r4 f' (7 comes after 10), nor 'r2 f' (a K is never laid), nor 'w f' (2C);
    # no reserve takes a card while it holds one
    assert legal_texts(state) == {"r1 f", "r3 f", "d"}
    state.push(state.parse_move("r1 f"))
    assert (cards_of(state, "r1"), cards_of(state, "w")) == ("2C", "QD")  # refilled at once from the waste
    assert legal_texts(state) == {"d"}  # J comes after Q: none is free
    state = build("doublets", piles | {"w": "", "f": "JD 7D"})
    # after the 7 comes the A again, and the 8 (4 x 2) on the 4 ...
    assert legal_texts(state) == {"d"}
    state = build("doublets", piles | {"w": "", "r4": "AD"} | {"f": "10D 7D"})
    assert legal_texts(state) == {"r4 f", "d"}
    state.push(state.parse_move("r4 f"))
    assert (cards_of(state, "r4"), cards_of(state, "s")) == ("8S", "4H")  # the waste empty: from the stock


def test_doublets_is_won_with_every_card_but_the_kings_on_its_foundation():
    game = framework.load_game("doublets")
    order = "A 2 4 8 3 6 Q J 9 5 T 7".split()
    laid = [rank + suit for suit in "CDHS" for rank in order][:-1]  # up to 10S: 7S is still to come
    state = build("doublets", {"f": " ".join(laid), "r1": "7S", "r2": "KC", "r3": "KD", "r4": "KH", "r5": "KS"})
    assert not state.is_won() and legal_texts(state) == {"r1 f"} | each("r1 r2 r3 r4 r5", "r6 r7")
    state.push(state.parse_move("r1 f"))
    assert state.is_won() and len(state.piles[game.pile_index("f")]) == 48


def test_doublets_deals_no_king_to_the_reserves_or_the_foundation():
    game = framework.load_game("doublets")
    kings_put_under = 0
    for seed in range(1, 40):
        state = game.deal(seed)
        dealt = [card for name in ("r1", "r2", "r3", "r4", "r5", "r6", "r7", "f") for card in
                 state.piles[game.pile_index(name)]]
        assert len(dealt) == 8 and all(framework.cards.RANK[card] != 13 for card in dealt), seed
        stock = state.piles[game.pile_index("s")]
        skipped = sum(framework.cards.RANK[card] == 13 for card in game.pack_order(seed)[:8])
        # the kings met among the first cards lie at the bottom of the stock, to be turned last
        assert all(framework.cards.RANK[card] == 13 for card in stock[:skipped]), seed
        kings_put_under += skipped
    assert kings_put_under > 0  # the deals tried meet kings to put under


# --- Interregnum: foundations closed by the reserve card above each -------------------------------------------


def test_interregnum_foundation_starts_above_its_reserve_card_which_alone_ends_it():
    game = framework.load_game("interregnum")
    state = build("interregnum", {"r1": "6C", "r2": "KD", "f1": "7H 8H 9H TH JH QH KH AH 2H 3H 4H 5H", "t1": "6S",
                                  "t2": "AS", "t3": "2D", "s": "2C 3C"})
    # f1 holds twelve cards: its last, a 6, comes from r1 alone (not 't1 f1'); f2 starts from A, above r2's K, and
    # takes its first card from a column (not 't3 f2', not 'r2 f2'); f3..f8 have no reserve card to start from
    assert legal_texts(state) == {"r1 f1", "t2 f2", "d"}
    for text, reason in (("t1 f1", "the last card of f1 comes only from r1"),
                         ("t3 f2", "f2 starts from A, as the card on r2 sets"),
                         ("t3 f5", "f5 starts from the rank its closing card on r5 sets, and none lies there")):
        with pytest.raises(framework.IllegalMoveError, match=f"^'{text}' is not legal now: {reason}$"):
            state.parse_move(text)
    state.push(state.parse_move("r1 f1"))
    assert len(state.piles[game.pile_index("f1")]) == 13 and cards_of(state, "r1") == ""
    state.push(state.parse_move("d"))  # one card onto every column, empty ones too
    assert [cards_of(state, f"t{pile}") for pile in range(1, 4)] == ["6S 3C", "AS 2C", "2D"]


def test_interregnum_reserve_card_goes_only_onto_its_own_foundation_and_last():
    state = build("interregnum", {"r1": "6C", "r2": "6D", "f1": "7H 8H", "f2": "7S 8S 9S TS JS QS KS AS 2S 3S 4S 5S",
                                  "t1": "9C"})
    # 6D ends f2; 6C may not (it closes f1, which is not yet full), nor may 6D go onto f1
    assert legal_texts(state) == {"r2 f2", "t1 f1"}


# --- Primrose and Senior Wrangler: redeals of one column at a time, dealt one card to each column in turn ------


def test_primrose_deals_every_card_and_redeals_the_first_column_round_the_eight():
    state = framework.load_game("primrose").deal(1)
    assert [len(cards_of(state, f"t{pile}").split()) for pile in range(1, 9)] == [12] * 8
    assert [len(cards_of(state, f"r{pile}").split()) for pile in range(1, 9)] == [1] * 8
    state = build("primrose", {"r1": "6C", "f1": "7H 8H", "t1": "9C 2D 3D 4D 5D 6D 7D 8D 9D TD", "t2": "KS 9S",
                               "t8": "QS"})
    # 9S onto 7H 8H; the other foundations have no reserve card to start from; no stock, but a redeal
    assert legal_texts(state) == {"t2 f1", "gather"}
    move = state.parse_move("gather")
    assert state.explain(move) == "legal now: gather the 1st column and deal it one card to each column in turn"
    state.push(move)
    # t1's ten cards, its bottom card first, one to each column from t1 on, round to t1 and t2 again
    assert [cards_of(state, f"t{pile}") for pile in range(1, 9)] == [
        "9C 9D", "KS 9S 2D TD", "3D", "4D", "5D", "6D", "7D", "QS 8D"]
    # TD covers 9S, and 9D is now on top of t1
    assert state.vars["gathers_used"] == 1 and legal_texts(state) == {"t1 f1", "gather"}


def test_primrose_redeals_the_columns_in_turn_eight_times_an_empty_one_dealing_nothing():
    state = build("primrose", {"t2": "KS", "t3": "2H 3H 4H"}, gathers_used=1)
    state.push(state.parse_move("gather"))  # t2's turn: KS goes back onto t2
    assert [cards_of(state, f"t{pile}") for pile in (2, 3)] == ["KS", "2H 3H 4H"]
    state.push(state.parse_move("gather"))  # t3's turn: one card to t3, t4, t5
    assert [cards_of(state, f"t{pile}") for pile in (3, 4, 5)] == ["2H", "3H", "4H"]
    assert legal_texts(state) == {"gather"}
    state.push(state.parse_move("gather"))  # t4's turn
    assert cards_of(state, "t4") == "3H" and state.vars["gathers_used"] == 4
    for _ in range(4):  # t5 to t8; t6 to t8 are empty and deal nothing, but use up their turn
        state.push(state.parse_move("gather"))
    assert state.vars["gathers_used"] == 8 and legal_texts(state) == set()
    with pytest.raises(framework.IllegalMoveError,
                       match="^'gather' is not legal now: no redeal is left: the tableau has been gathered 8 times$"):
        state.parse_move("gather")


def test_primrose_gathers_only_the_column_whose_turn_it_is():
    state = build("primrose", {"t1": "9C 2D", "t2": "KS"}, gathers_used=1)
    assert state.parse_move("gather t2") == state.parse_move("gather")
    with pytest.raises(framework.IllegalMoveError, match="^'gather t1' is not legal now: legal now: gather the 2nd "
                                                         "column and deal it one card to each column in turn$"):
        state.parse_move("gather t1")
    assert state.explain(framework.Move(state.game.pile_index("t1"), -1, 1, "gather")) == (
        "it is the turn of the 2nd column to be gathered and dealt again")


def test_senior_wrangler_counts_by_one_to_eight_and_redeals_round_the_corner_of_the_columns():
    state = framework.load_game("senior-wrangler").deal(1)
    assert [cards_of(state, label) for label in "abcdefgh"] == ["AS", "2H", "3D", "4C", "5S", "6H", "7D", "8C"]
    assert [len(cards_of(state, f"t{pile}").split()) for pile in range(1, 9)] == [12] * 8
    state = build("senior-wrangler", {"a": "AS", "b": "2H", "c": "3D", "d": "4C", "e": "5S", "f": "6H", "g": "7D",
                                      "h": "8C", "t1": "2S", "t3": "3C 4C 5C 6C 7C 8C 9C TC JC QC", "t7": "KH",
                                      "t8": "3H"}, gathers_used=2)
    # 2S onto AS (by ones), QC onto 6H (by sixes: 6 Q 5 ...), 3H onto 8C (by eights: 8 3 J ...), whatever the
    # suit; KH fits no foundation's next card
    assert legal_texts(state) == {"t1 a", "t3 f", "t8 h", "gather"}
    state.push(state.parse_move("gather"))  # t3's turn: from t3 to t8, then round to t1 and t2
    assert [cards_of(state, f"t{pile}") for pile in range(1, 9)] == [
        "2S 9C", "TC", "3C JC", "4C QC", "5C", "6C", "KH 7C", "3H 8C"]
    with pytest.raises(framework.IllegalMoveError, match="^'t3 a' is not legal now: the ones pile builds up by one "
                                                         "regardless of suit"):
        state.parse_move("t3 a")


def test_matrimony_deals_the_stock_out_before_redealing_the_columns_from_the_last():
    state = framework.load_game("matrimony").deal(1)
    assert [cards_of(state, name) for name in ("j4", "q4")] == ["JD", "QD"]
    assert [len(cards_of(state, f"t{pile}").split()) for pile in range(1, 17)] == [1] * 16
    state = build("matrimony", {"j4": "JD", "q4": "QD", "t1": "TD", "t2": "KD", "t3": "QC", "s": "5H"})
    # TD down from the JD, KD up from the QD, QC starts the clubs' up foundation; no redeal while the stock has cards
    assert legal_texts(state) == {"t1 j4", "t2 q4", "t3 q1", "d"}
    with pytest.raises(framework.IllegalMoveError,
                       match="^'gather' is not legal now: the tableau is gathered only once the stock is empty$"):
        state.parse_move("gather")
    state.push(state.parse_move("d"))
    assert cards_of(state, "t1") == "TD 5H" and "gather" in legal_texts(state)


def test_matrimony_redeals_the_last_column_first_round_from_the_first():
    state = build("matrimony", {"j4": "JD 9D", "q4": "QD", "t16": "2C 3C 4C 5C 6C 7C 8C 9C AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
                                "t15": "KS", "t1": "8D"})
    # 8D onto the JD 9D; KD is not there for the QD; a foundation card goes nowhere: 9D fits on no up foundation
    assert legal_texts(state) == {"t1 j4", "gather"}
    state.push(state.parse_move("gather"))  # t16's turn: its 18 cards from t16 on, round from t1
    assert [cards_of(state, f"t{pile}") for pile in (16, 1, 2, 15)] == ["2C 9S", "8D 3C TS", "4C", "KS 8S"]
    state.push(state.parse_move("gather"))  # t15's turn: KS to t15, 8S to t16
    assert [cards_of(state, f"t{pile}") for pile in (15, 16)] == ["KS", "2C 9S 8S"]
    assert state.explain(framework.Move(state.game.pile_index("t1"), -1, 1, "gather")) == (
        "it is the turn of the 14th tableau pile to be gathered and dealt again")


def test_matrimony_lets_a_foundation_card_onto_the_other_foundation_of_its_suit():
    state = build("matrimony", {"j1": "JC TC 9C 8C", "q1": "QC KC AC 2C 3C 4C 5C 6C", "t1": "7C", "s": "2H"})
    # 7C goes up onto 6C or down onto 8C; the foundations' tops, 8C and 6C, fit neither on the other
    assert legal_texts(state) == {"t1 j1", "t1 q1", "d"}
    state.push(state.parse_move("t1 q1"))
    assert legal_texts(state) == {"j1 q1", "q1 j1", "d"}  # 8C onto 7C, and 7C back onto 8C


# --- Capricieuse: the columns gathered whole, the last first, and dealt one card a column in turn ----------------

CAPRICIEUSE_ROW = {f"t{pile}": card for pile, card in enumerate(
    ["2C", "QC", "9S", "TS", "5H", "7H", "9D", "JD", "3S", "5S", "7C", "9C"], start=1)}


def test_capricieuse_builds_up_or_down_by_suit_and_lets_foundation_cards_back():
    state = framework.load_game("capricieuse").deal(1)
    assert [cards_of(state, f"{label}{pile}") for label in "ak" for pile in range(1, 5)] == [
        "AC", "AS", "AH", "AD", "KC", "KS", "KH", "KD"]
    assert [len(cards_of(state, f"t{pile}").split()) for pile in range(1, 13)] == [8] * 12
    state = build("capricieuse", {"a1": "AC", "k1": "KC", **CAPRICIEUSE_ROW})
    # 2C up from the AC, QC down from the KC; 9S and TS onto each other; the AC back onto the 2C, the KC onto the
    # QC; the empty foundations wait for an A or a K, and no column is empty
    assert legal_texts(state) == {"t1 a1", "t2 k1", "t3 t4", "t4 t3", "a1 t1", "k1 t2", "gather"}
    state.push(state.parse_move("gather"))  # one card a column: the last column's first
    assert [cards_of(state, f"t{pile}") for pile in range(1, 13)] == [
        "9C", "7C", "5S", "3S", "JD", "9D", "7H", "5H", "TS", "9S", "QC", "2C"]


def test_capricieuse_deals_the_gathered_cards_round_the_columns_twice_at_most():
    state = build("capricieuse", {"a1": "AC", "k1": "KC", "t1": "5H 2C", "t2": "9S 3C", "t3": "QC",
                                  "t11": "2S 3S 4S 5S 6S 7S", "t12": "7D 8D JC"})
    state.push(state.parse_move("gather"))
    # t12 from its bottom card up, then t11, t3, t2, t1: fourteen cards, round to t1 and t2 again
    assert [cards_of(state, f"t{pile}") for pile in range(1, 13)] == [
        "7D 5H", "8D 2C", "JC", "2S", "3S", "4S", "5S", "6S", "7S", "QC", "9S", "3C"]
    state.push(state.parse_move("gather"))
    assert state.vars["gathers_used"] == 2 and "gather" not in legal_texts(state)
    with pytest.raises(framework.IllegalMoveError,
                       match="^'gather' is not legal now: no redeal is left: the tableau has been gathered 2 times$"):
        state.parse_move("gather")


def test_interregnum_keeps_each_foundation_with_its_reserve_in_the_solvers_key():
    # A foundation is closed by the reserve card of its number (last_card_from): sorting either group's piles apart
    # from the other's would merge positions whose foundations wait for other cards.
    assert interchangeable_groups(framework.load_game("interregnum")) == ()


# --- Tam O'Shanter and Auld Lang Syne: columns that build nothing, fed by the stock -----------------------------


def test_tam_o_shanter_plays_column_tops_up_in_any_suit_and_deals_onto_every_column():
    state = build("tam-o-shanter", {"f1": "AC", "t1": "5C 2D", "t2": "AH", "t3": "3S", "s": "QC KC JD 9H"})
    # 2D on the AC, AH onto an empty foundation; nothing onto a column, not even the empty t4
    assert legal_texts(state) == {"t1 f1", "t2 f2", "t2 f3", "t2 f4", "d"}
    state.push(state.parse_move("d"))
    assert [cards_of(state, f"t{pile}") for pile in range(1, 5)] == ["5C 2D 9H", "AH JD", "3S KC", "QC"]


@pytest.mark.parametrize(("game_id", "columns"), [("auld-lang-syne", 4), ("old-fashioned", 6)])
def test_auld_lang_syne_deals_the_aces_to_the_foundations_first(game_id, columns):
    game = framework.load_game(game_id)
    state = game.deal(3)
    assert [cards_of(state, f"f{pile}") for pile in range(1, 5)] == ["AC", "AS", "AH", "AD"]
    assert [len(state.piles[pile]) for pile in game.groups["tableau"].piles] == [1] * columns
    assert len(state.piles[game.pile_index("s")]) == 48 - columns


def test_double_dot_builds_in_twos_round_the_corner_and_lets_foundation_cards_back():
    state = build("double-dot", {"f1": "AC", "f2": "AS", "f3": "2H", "f4": "2D", "t1": "3C", "t2": "5D 3S", "t3": "KH",
                                 "t4": "2S", "t5": "9C", "t6": "7H", "t7": "JD", "t8": "QS", "s": "4C 6C"})
    # 3C and 3S go up on their aces; an ace comes back onto a 3; the run 5D 3S moves whole onto the 7; a K goes on a 2
    # (round the corner); not 't8 ...' (no A to take the Q), nor 'f3 ...' (no 4 to take the 2H)
    assert legal_texts(state) == {"t1 f1", "t2 f2", "f1 t1", "f1 t2", "f2 t1", "f2 t2", "t2 t6 2", "t3 t4", "t5 t7",
                                  "t6 t5", "t7 t3", "d"}
    dealt = framework.load_game("double-dot").deal(2)
    assert [cards_of(dealt, f"f{pile}") for pile in range(1, 5)] == ["AC", "AS", "2H", "2D"]


LUCKY_FILLERS = {"t5": "9C", "t6": "9D", "t7": "9H", "t8": "9S", "t9": "JC", "t10": "JD", "t11": "JH", "t12": "JS",
                 "t13": "QC"}


def test_lucky_thirteen_builds_down_in_any_suit_and_never_fills_a_column():
    state = build("lucky-thirteen", {"t1": "KC 5D", "t2": "6S", "t4": "2H", "f3": "AH"} | LUCKY_FILLERS)
    # 5D on 6S, a J on the Q, the 2H up and the AH back onto it; the empty t3 takes nothing
    assert legal_texts(state) == {"t1 t2", "t9 t13", "t10 t13", "t11 t13", "t12 t13", "t4 f3", "f3 t4"}


def test_lucky_piles_builds_up_or_down_by_suit_and_fills_a_column_with_a_king():
    state = build("lucky-piles", {"t1": "5D KC", "t2": "6S", "t4": "2H", "f3": "AH"} | LUCKY_FILLERS)
    # JC, QC and KC on each other, KC into the empty t3; 5D is under the K, and the 6S takes no card of another suit
    assert legal_texts(state) == {"t9 t13", "t13 t9", "t1 t13", "t13 t1", "t1 t3", "t4 f3", "f3 t4"}


# --- Colorado, Grandfather, Double Line: twenty piles fed from the waste ---------------------------------------


def test_colorado_piles_take_only_the_waste_card_which_must_be_played_before_the_next_turn():
    foundations = {"u1": "AC", "u2": "AS", "u3": "AH", "u4": "AD", "d1": "KC", "d2": "KS", "d3": "KH", "d4": "KD"}
    state = build("colorado", foundations | {"t1": "2C", "t2": "QS 2S", "t3": "9D", "w": "QH", "s": "5C 6C"})
    # the waste's QH onto the KH or any pile; no pile card onto another pile; no turn while the waste holds a card
    assert legal_texts(state) == {"t1 u1", "t2 u2", "w d3"} | {f"w t{pile}" for pile in range(1, 21)}
    state.push(state.parse_move("w t3"))
    assert legal_texts(state) == {"t1 u1", "t2 u2", "t3 d3", "d"}
    dealt = framework.load_game("colorado").deal(4)
    assert [cards_of(dealt, name) for name in foundations] == list(foundations.values())


def test_grandfather_piles_hold_two_cards_and_an_emptied_pile_takes_the_waste_card_at_once():
    piles = {"t1": "AC", "t2": "KS 2S", "t3": "9D", "w": "5H QH", "s": "5C 6C"}
    pairs = [f"{rank}{suit}" for rank in "345678" for suit in "CDHS"] * 2
    full = {f"t{pile}": f"{pairs[2 * pile]} {pairs[2 * pile + 1]}" for pile in range(4, 21)}
    state = build("grandfather", piles | full)
    # t2 is full (two cards); the empty foundations take an ace (up) or a king (down)
    assert legal_texts(state) == {"t1 u1", "w t1", "w t3", "d"}
    state.push(state.parse_move("t1 u1"))
    assert (cards_of(state, "t1"), cards_of(state, "w")) == ("QH", "5H")
    assert framework.load_spec("grandfather").group("stock").redeals == 1
    assert framework.load_spec("double-line").group("stock").redeals == 0
