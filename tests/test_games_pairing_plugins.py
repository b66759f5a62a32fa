"""Pairing games whose rule is a built-in plugin: Aces Up and its relatives (discard-beaten),
Accordion and its relatives (build-leftward), Monte Carlo and its relatives (touching-pairs).

Each game has a position with its exact set of legal moves; each plugin's option errors are
one clear line; pairs, jumps and closing up are undone exactly; random games keep the
kernel's promises.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import build, cards_of, changed_game

import framework
from framework.testing import check_random_games, legal_texts, position

ROOT = Path(__file__).resolve().parent.parent

GAMES = ["aces-up", "aces-up-5", "fortunes", "firing-squad", "accordion", "relaxed-accordion", "23-skidoo",
         "monte-carlo", "monte-carlo-2-decks", "weddings", "simple-carlo", "neighbour"]

#: Every card but the aces, for the discard pile of a won Aces Up.
NOT_ACES = " ".join(rank + suit for suit in "CDHS" for rank in "23456789TJQK")


# --- discard-beaten: Aces Up and its relatives ---------------------------------------------------------------------


def test_aces_up_discards_a_top_card_beaten_by_a_higher_one_of_its_suit():
    state = build("aces-up", {"t1": "5H", "t2": "9H", "t3": "KS", "t4": "AS", "s": "2C 3C 4C 5C"})
    # 5H goes (9H shows), KS goes (aces high); not 9H (nothing higher in hearts), not AS (never beaten).
    assert legal_texts(state) == {"t1 x", "t3 x", "d"}


def test_aces_up_compares_only_top_cards_and_fills_an_empty_column_with_one_card():
    state = build("aces-up", {"t1": "KH 5H", "t3": "9H", "t4": "2C"})
    # 5H goes (9H shows); not 9H (the KH under 5H does not show); top cards into the empty t2, one at a time.
    assert legal_texts(state) == {"t1 x", "t1 t2", "t3 t2", "t4 t2"}


def test_aces_low_makes_the_ace_the_lowest_card():
    game = changed_game("aces-up", ("aces: high", "aces: low"))
    state = position(game, {"t1": "AS", "t2": "5S", "t3": "KH", "t4": "QC"})
    assert legal_texts(state) == {"t1 x"}  # not KH or QC: no other heart or club shows


def test_aces_up_is_won_with_the_aces_alone_in_their_columns_aces_up_5_wherever_they_lie():
    apart = build("aces-up", {"t1": "AC", "t2": "AD", "t3": "AH", "t4": "AS", "x": NOT_ACES})
    together = build("aces-up", {"t1": "AC AD", "t3": "AH", "t4": "AS", "x": NOT_ACES})
    assert apart.is_won() and not together.is_won()
    assert legal_texts(together) == {"t1 t2", "t3 t2", "t4 t2"}  # one more move wins
    five = build("aces-up-5", {"t1": "AC AD", "t3": "AH", "t4": "AS", "x": NOT_ACES})
    assert five.is_won()


def test_fortunes_moves_any_number_of_top_cards_into_an_empty_column():
    state = build("fortunes", {"t1": "5H 9C 2D", "t3": "3S", "t4": "4S"})
    # every tail of t1, and each single top card, into t2; 3S is beaten by 4S.
    assert legal_texts(state) == {"t1 t2", "t1 t2 2", "t1 t2 3", "t3 t2", "t4 t2", "t3 x"}


def test_firing_squads_reserve_card_neither_shows_nor_is_discarded_and_goes_back_to_an_empty_column():
    state = build("firing-squad", {"t1": "5H", "t2": "9C", "t3": "3D", "r": "KH"})
    # not t1 x (the KH in the reserve does not count), not r x, not t1 r (the reserve is full).
    assert legal_texts(state) == {"t1 t4", "t2 t4", "t3 t4", "r t4"}
    state = build("firing-squad", {"t1": "5H", "t2": "9C", "t3": "3D", "t4": "TH"})
    assert legal_texts(state) == {"t1 x", "t1 r", "t2 r", "t3 r", "t4 r"}


# --- build-leftward: Accordion and its relatives -------------------------------------------------------------------

LINE = {"r1": "5H", "r2": "9C", "r3": "2S", "r4": "9H", "r5": "KC"}


def test_accordion_moves_a_pile_one_or_three_places_left_onto_its_suit_or_rank():
    # r4 onto r1 (hearts, 3 left), r5 onto r2 (clubs, 3 left); not r4 onto r2 (nine on nine, but 2 left),
    # not r2 onto r1 or r3 onto r2 (no match), and nothing moves right.
    assert legal_texts(build("accordion", LINE)) == {"r4 r1", "r5 r2"}


def test_23_skidoo_jumps_two_or_three_places_and_relaxed_accordion_also_rightward():
    assert legal_texts(build("23-skidoo", LINE)) == {"r4 r1", "r4 r2", "r5 r2"}
    assert legal_texts(build("relaxed-accordion", LINE)) == {"r4 r1", "r5 r2", "r1 r4", "r2 r5"}


def test_accordion_counts_only_piles_that_hold_cards():
    state = build("accordion", {"r1": "5H", "r3": "9C", "r6": "2S", "r9": "9H"})
    assert legal_texts(state) == {"r9 r1"}  # three piles to the left of r9, counting r1, r3, r6 only


def test_an_accordion_jump_discards_the_covered_card_closes_the_line_and_is_undone_exactly():
    state = build("accordion", LINE)
    before = state.position_key()
    state.push(state.parse_move("r4 r1"))
    assert [cards_of(state, f"r{index}").split() for index in range(1, 6)] == [["9H"], ["9C"], ["2S"], ["KC"], []]
    assert cards_of(state, "x").split() == ["5H"]
    assert legal_texts(state) == {"r2 r1"}  # nine on nine
    state.pop()
    assert state.position_key() == before


def test_without_a_discard_the_whole_pile_moves_and_the_line_closes_up():
    game = changed_game("accordion", ("discard: discard, ", ""))
    state = position(game, LINE)
    state.push(state.parse_move("r4 r1"))
    state.push(state.parse_move("r2 r1"))
    assert [cards_of(state, f"r{index}").split() for index in range(1, 4)] == [["5H", "9H", "9C"], ["2S"], ["KC"]]
    state.pop()
    state.pop()
    assert state.position_key() == position(game, LINE).position_key()


def test_accordion_is_won_with_one_pile_left_23_skidoo_with_two():
    pack = [framework.card_text(card) for card in range(52)]
    one = build("accordion", {"r1": pack[0], "x": " ".join(pack[1:])})
    two = build("accordion", {"r1": pack[0], "r2": pack[1], "x": " ".join(pack[2:])})
    assert one.is_won() and not two.is_won()
    assert build("23-skidoo", {"r1": pack[0], "r2": pack[1], "x": " ".join(pack[2:])}).is_won()


# --- touching-pairs: Monte Carlo and its relatives -----------------------------------------------------------------

GRID = {"g1": "5H", "g2": "9C", "g3": "9S", "g5": "5S", "g7": "5D", "g11": "9D"}


def test_monte_carlo_pairs_touching_cards_of_one_rank_and_may_close_up():
    # 5H-5D touch diagonally, 9C-9S side by side; not 5H-5S or 5S-5D (apart), not 9C-9D (two rows apart).
    assert legal_texts(build("monte-carlo", GRID)) == {"g1 g7", "g2 g3", "close"}


def test_close_is_legal_only_when_it_changes_something():
    full_rows = {"g1": "5H", "g2": "9C", "g3": "2S"}
    assert legal_texts(build("monte-carlo", full_rows)) == set()  # no gap before a card, nothing to refill from
    assert legal_texts(build("monte-carlo", full_rows | {"s": "KC"})) == {"close"}


def test_monte_carlo_closes_up_in_reading_order_then_refills_from_the_stock():
    state = build("monte-carlo", GRID | {"s": "2C 3C"})
    before = state.position_key()
    state.push(state.parse_move("close"))
    grid = [cards_of(state, f"g{index}").split() for index in range(1, 10)]
    assert grid == [["5H"], ["9C"], ["9S"], ["5S"], ["5D"], ["9D"], ["3C"], ["2C"], []]
    # 5S-5D now side by side, 9C-9D diagonal; 5H (g1) and 5D (g5) no longer touch.
    assert legal_texts(state) == {"g2 g3", "g4 g5", "g2 g6"}
    state.pop()
    assert state.position_key() == before


def test_weddings_closes_up_by_raising_cards_in_their_columns():
    state = build("weddings", GRID | {"s": "2C 3C"})
    state.push(state.parse_move("close"))
    # 9D rises from g11 to g6; 5D (under 9C) and 5S (top row) stay; the gaps g4 and g8 are filled from the stock.
    assert {name: cards_of(state, name).split() for name in ("g4", "g6", "g7", "g8", "g11")} == {
        "g4": ["3C"], "g6": ["9D"], "g7": ["5D"], "g8": ["2C"], "g11": []}


def test_a_pair_is_two_cards_to_the_discard_undone_exactly():
    state = build("monte-carlo", GRID)
    before = state.position_key()
    assert state.parse_move("g7 g1") == state.parse_move("g1 g7")  # a pair is typed in either order
    state.push(state.parse_move("g1 g7"))
    assert cards_of(state, "x").split() == ["5H", "5D"] and not cards_of(state, "g1").split() and not cards_of(state, "g7").split()
    state.pop()
    assert state.position_key() == before


def test_simple_carlo_pairs_anywhere_and_closes_up_at_once():
    state = build("simple-carlo", GRID | {"s": "KC"})
    assert legal_texts(state) == {"g1 g5", "g1 g7", "g5 g7", "g2 g3", "g2 g11", "g3 g11"}
    state.push(state.parse_move("g1 g5"))
    assert [cards_of(state, f"g{index}").split() for index in range(1, 7)] == [["9C"], ["9S"], ["5D"], ["9D"], ["KC"], []]


def test_neighbour_pairs_touching_cards_adding_up_to_13_and_kings_leave_alone():
    state = build("neighbour", {"g1": "5H", "g2": "8C", "g3": "KD", "g6": "QS", "g8": "AH", "g13": "8D"})
    # 5H+8C side by side; KD alone; not QS+AH (g6 and g8 do not touch), not 5H+8D (apart);
    # no 'close': this game closes up by itself.
    assert legal_texts(state) == {"g1 g2", "g3 x"}


def test_neighbour_closes_up_after_a_king_leaves():
    state = build("neighbour", {"g1": "KD", "g2": "8C", "s": "2H"})
    state.push(state.parse_move("g1 x"))
    assert [cards_of(state, f"g{index}").split() for index in range(1, 4)] == [["8C"], ["2H"], []]


# --- option errors -------------------------------------------------------------------------------------------------

OPTION_ERRORS = [
    ("aces-up", "aces: high", "aces: middle", "plugin 'discard-beaten': 'middle' in aces is not one of 'high', 'low'"),
    ("aces-up", "won_with_left: [A], apart: true", "apart: true", "plugin 'discard-beaten': 'apart' needs 'won_with_left'"),
    ("aces-up", "to: discard", "to: tableau", "plugin 'discard-beaten': group 'tableau' in 'to' must have one pile"),
    ("aces-up", "won_with_left: [A]", "won_with_left: [B]", "plugin 'discard-beaten': 'B' in won_with_left[0]"),
    ("accordion", "distances: [1, 3]", "distances: [0]", "plugin 'build-leftward': 0 in distances[0]: expected at least 1"),
    ("accordion", "match: [suit, rank]", "match: [colour]", "plugin 'build-leftward': 'colour' in match[0] is not one of"),
    ("accordion", "discard: discard", "discard: row",
     "plugin 'build-leftward': group 'row' in 'discard' must be one pile outside the line"),
    ("accordion", "group: row", "group: rows", "no pile group called 'rows'"),
    ("monte-carlo", "closing: reading order", "closing: sideways",
     "plugin 'touching-pairs': 'sideways' in closing is not one of 'reading order', 'upwards'"),
    ("monte-carlo", "grid: grid", "grid: stock", "plugin 'touching-pairs': group 'stock' needs 'columns' to be a grid"),
    ("monte-carlo", "to: discard", "to: grid", "plugin 'touching-pairs': group 'grid' in 'to' must have one pile"),
    ("neighbour", "ranks_add_up_to: 13", "ranks_add_up_to: 30", "plugin 'touching-pairs': 30 in ranks_add_up_to"),
]


@pytest.mark.parametrize(("game_id", "old", "new", "message"), OPTION_ERRORS)
def test_a_bad_option_is_one_clear_line(game_id, old, new, message):
    with pytest.raises(framework.PatienceError) as raised:
        changed_game(game_id, (old, new))
    text = str(raised.value)
    assert message in text and "\n" not in text


# --- every game ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_keep_the_kernel_promises(game_id):
    assert check_random_games(framework.load_game(game_id), seeds=range(3), moves=100) > 0


#: A plugin for a rule the pairs data cannot say: a queen pairs with a king, besides the game's own pairs.
QUEEN_AND_KING = """
from framework import Move, hookimpl
from framework.cards import RANK


class QueenAndKing:
    def __init__(self, game, options):
        self.piles = [pile for pile, name in enumerate(game.pile_names) if name.startswith("t")]

    @hookimpl
    def legal_moves(self, state):
        tops = [(pile, RANK[state.piles[pile][-1]]) for pile in self.piles if state.piles[pile]]
        return [Move(pile, other, 1, "pair") for pile, rank in tops for other, other_rank in tops
                if pile < other and {rank, other_rank} == {12, 13}]
"""


def test_the_kernel_carries_out_the_pair_moves_a_plugin_adds(tmp_path, install_plugin):
    install_plugin("queen-and-king", "queen_and_king", QUEEN_AND_KING, "QueenAndKing")
    game = changed_game("nestor", ("\npairs:", "\nplugins: [queen-and-king]\npairs:"))
    state = position(game, {"t1": "5C QH", "t2": "KS", "t3": "5D"})
    assert legal_texts(state) == {"t1 t2"}  # the plugin's pair; 5C is under the queen
    state.push(state.parse_move("t1 t2"))
    assert (cards_of(state, "t1"), cards_of(state, "t2"), cards_of(state, "d")) == ("5C", "", "QH KS")
    assert legal_texts(state) == {"t1 t3"}  # the game's own pair, of the same rank
    state.pop()
    assert cards_of(state, "t1") == "5C QH" and cards_of(state, "d") == ""


def test_a_pair_move_in_a_game_without_a_pairs_rule_is_refused_naming_the_plugin(tmp_path, install_plugin):
    install_plugin("queen-and-king", "queen_and_king", QUEEN_AND_KING, "QueenAndKing")
    path = tmp_path / "tiny-pairs.yaml"
    path.write_text((Path(__file__).parent / "games" / "tiny.yaml").read_text().replace(
        "\ngroups:", "\nplugins: [queen-and-king]\ngroups:"), encoding="utf-8")
    state = position(framework.load_game(str(path)), {"t1": "QH", "t2": "KS"})
    with pytest.raises(framework.PluginError, match=r"^plugin 'queen-and-king' answered nonsense in hook "
                       r"'legal_moves': Move\(source=4, target=5, count=1, action='pair'\): a pair move needs the "
                       r"game's pairs rule, and tiny-pairs has none$"):
        state.legal_moves()
