"""Grids and gaps (Montana and its relatives), played by the built-in plugin ``gaps``.

A gap takes the card after the one on its left (Galary and Free Parking: also the card before the one on
its right); the first column takes the rank the rows start with; the opening move ``aces`` sets the aces
aside or into the first column; ``shuffle`` redeals the cards not in sequence, undone exactly by ``pop``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import build

import framework
from framework.cards import RANK, RANKS, SUITS
from framework.testing import check_random_games, legal_texts

GAMES = ["montana", "spaces", "station", "free-parking", "double-montana", "blue-moon", "red-moon", "galary",
         "jungle", "spaces-and-aces", "double-blue-moon", "double-red-moon", "paganini-ii"]


def cell(state: framework.State, name: str) -> list[str]:
    return [framework.card_text(card) for card in state.piles[state.game.pile_index(name)]]


def grid_cards(state: framework.State) -> list[str | None]:
    """The card of each grid cell in reading order, None for a gap."""
    cells = state.game.groups["grid"].piles
    return [framework.card_text(state.piles[c][-1]) if state.piles[c] else None for c in cells]


def full_rows(first: int, columns: int, suits: str = "CDHS") -> dict[str, str]:
    """Every row holding its suit in sequence from rank ``first`` to the king."""
    piles = {}
    for row, suit in enumerate(suits):
        for offset, rank in enumerate(range(first, 14)):
            piles[f"g{row * columns + offset + 1}"] = RANKS[rank - 1] + suit
    return piles


# --- Montana and its redeals ------------------------------------------------------------------------------


def test_montana_opens_by_setting_the_aces_aside_and_nothing_else_is_legal_before():
    state = framework.load_game("montana").deal(1)
    assert legal_texts(state) == {"aces"}
    before = state.to_json()
    state.push(state.parse_move("aces"))
    assert sorted(cell(state, "a")) == ["AC", "AD", "AH", "AS"]
    assert grid_cards(state).count(None) == 4 and "aces" not in legal_texts(state)
    state.pop()
    assert state.to_json() == before


def test_montana_a_gap_takes_the_next_card_of_its_left_neighbours_suit_and_the_first_column_a_2():
    state = build("montana", {"g1": "2H", "g2": "3H", "g5": "KS", "g20": "4H", "g30": "6C", "g45": "7C",
                              "g40": "2D"}, aces_moved=True)
    # g3 (after 3H) takes 4H; g31 (after 6C) takes 7C; g14 and g27 (empty first cells) take either 2.
    # Not legal: anything after KS (g6), 3H into the first column, 7C after 4H, a card into a gap whose
    # left neighbour is a gap (g4), a card on a card.
    assert legal_texts(state) == {"g20 g3", "g45 g31", "g1 g14", "g1 g27", "g40 g14", "g40 g27", "shuffle"}


def test_montana_is_won_with_every_row_2_to_king_in_suit_and_offers_no_redeal_then():
    state = build("montana", {**full_rows(2, 13), "a": "AC AD AH AS"}, aces_moved=True)
    assert state.is_won() and legal_texts(state) == set()
    state = build("montana", {**full_rows(2, 13), "g12": "", "g13": "KC", "a": "AC AD AH AS"}, aces_moved=True)
    assert not state.is_won()  # the king of clubs is one cell too far right
    assert legal_texts(state) == {"g13 g12", "shuffle"}


def play_to_shuffle(game_id: str, seed: int = 1) -> framework.State:
    state = framework.load_game(game_id).deal(seed)
    if "aces" in legal_texts(state):
        state.push(state.parse_move("aces"))
    return state


def row_sequence_lengths(state: framework.State, first: int, columns: int) -> list[int]:
    cards = grid_cards(state)
    lengths = []
    for start in range(0, len(cards), columns):
        row, count = cards[start:start + columns], 0
        while count < 14 - first and row[count] and RANK[framework.parse_card(row[count])] == first + count and (
                row[count][1] == row[0][1]):
            count += 1
        lengths.append(count)
    return lengths


def test_montana_redeal_keeps_the_sequences_leaves_a_gap_after_each_and_pop_undoes_it_exactly():
    state = build("montana", {"g1": "2H", "g2": "3H", "g3": "9C", "g4": "5D", "g14": "6S", "g15": "2C",
                              "g27": "2S", "g28": "3S", "g29": "4S", "g30": "5S", "g40": "2D", "g41": "3D",
                              "g42": "4D", "g50": "KH"}, aces_moved=True)
    state.seed = 5
    before = state.to_json()
    state.push(state.parse_move("shuffle"))
    cards = grid_cards(state)
    assert cards[:2] == ["2H", "3H"] and cards[26:30] == ["2S", "3S", "4S", "5S"] and cards[39:42] == ["2D", "3D", "4D"]
    assert cards[2] is None and cards[13] is None and cards[30] is None and cards[42] is None
    assert sorted(c for c in cards if c) == sorted(["2H", "3H", "9C", "5D", "6S", "2C", "2S", "3S", "4S", "5S",
                                                     "2D", "3D", "4D", "KH"])
    assert state.vars["shuffles_used"] == 1
    state.pop()
    assert state.to_json() == before


def test_montana_redeals_twice_the_same_way_for_the_same_deal_and_no_more():
    one, two = play_to_shuffle("montana", 3), play_to_shuffle("montana", 3)
    for state in (one, two):
        state.push(state.parse_move("shuffle"))
        state.push(state.parse_move("shuffle"))
    assert grid_cards(one) == grid_cards(two)
    assert one.vars["shuffles_used"] == 2 and "shuffle" not in legal_texts(one)
    again = one.game.state_from_json(json.loads(json.dumps(one.to_json())))
    assert grid_cards(again) == grid_cards(one)
    while one.move_stack:
        one.pop()
    assert one.to_json() == one.game.deal(3).to_json()


def test_station_redeal_leaves_the_gaps_in_the_last_column():
    state = play_to_shuffle("station")
    state.push(state.parse_move("shuffle"))
    cards = grid_cards(state)
    assert [index for index, card in enumerate(cards) if card is None] == [12, 25, 38, 51]


def test_spaces_redeal_leaves_four_gaps_among_the_cells_not_in_sequence():
    state = play_to_shuffle("spaces")
    kept = row_sequence_lengths(state, 2, 13)
    state.push(state.parse_move("shuffle"))
    assert grid_cards(state).count(None) == 4
    assert [min(a, b) for a, b in zip(kept, row_sequence_lengths(state, 2, 13))] == kept
    assert state.to_json() != play_to_shuffle("montana").to_json()


def test_free_parking_a_gap_also_takes_the_card_below_its_right_neighbour():
    state = build("free-parking", {"g1": "2H", "g3": "4H", "g10": "9S", "g14": "2C", "g27": "2D", "g40": "2S",
                                   "g20": "3H", "g30": "8S", "g33": "KD"}, aces_moved=True)
    # g2 takes 3H (after 2H, and before 4H: one move); g9 takes 8S (before 9S); g19 takes 2H (before 3H);
    # g21 takes 4H (after 3H); g31 takes 9S (after 8S). Not: 5H (g4), 7S (g29), QD (g32): none on the grid;
    # anything after KD (g34); 3H or 2D into the first column, which takes only 2s.
    assert legal_texts(state) == {"g20 g2", "g30 g9", "g1 g19", "g3 g21", "g10 g31", "shuffle"}


def test_double_montana_has_eight_rows_and_sets_eight_aces_aside():
    state = play_to_shuffle("double-montana")
    assert len(cell(state, "a")) == 8 and grid_cards(state).count(None) == 8


# --- Blue Moon, Red Moon and the games with aces ----------------------------------------------------------


def test_blue_moon_opening_moves_the_aces_into_the_first_column_in_reading_order():
    state = build("blue-moon", {"g3": "AH", "g20": "AC", "g30": "5D", "g44": "AS"})
    assert legal_texts(state) == {"aces"}
    state.push(state.parse_move("aces"))
    assert (cell(state, "g1"), cell(state, "g15"), cell(state, "g29")) == (["AH"], ["AC"], ["AS"])
    assert not state.piles[state.game.pile_index("g3")] and not state.piles[state.game.pile_index("g44")]
    state.pop()
    assert cell(state, "g3") == ["AH"] and not state.vars["aces_moved"]


def test_blue_moon_deal_leaves_the_first_column_to_the_aces():
    state = framework.load_game("blue-moon").deal(2)
    assert grid_cards(state)[::14] == [None] * 4
    state.push(state.parse_move("aces"))
    assert [card[0] for card in grid_cards(state)[::14]] == ["A"] * 4


def test_red_moon_deals_the_aces_first_and_a_gap_in_each_rows_second_cell():
    cards = grid_cards(framework.load_game("red-moon").deal(4))
    assert cards[::14] == ["AC", "AS", "AH", "AD"] and cards[1::14] == [None] * 4
    state = build("red-moon", {"g1": "AC", "g3": "3C", "g15": "AS", "g16": "2S", "g29": "AH", "g43": "AD",
                               "g20": "2C", "g8": "4C", "g50": "3S"})
    # g2 takes 2C; g4 (after 3C) takes 4C; g17 (after 2S) takes 3S; g30 and g44 want 2H and 2D (none);
    # g21 after 2C takes 3C; g9 after 4C wants 5C; g51 after 3S wants 4S. Never a card before its right neighbour.
    assert legal_texts(state) == {"g20 g2", "g8 g4", "g50 g17", "g3 g21", "shuffle"}


def test_red_moon_is_won_with_ace_to_king_in_every_row():
    state = build("red-moon", full_rows(1, 14, "CSHD"))
    assert state.is_won() and legal_texts(state) == set()


def test_galary_a_gap_also_takes_the_card_below_its_right_neighbour_in_the_same_row():
    state = build("galary", {"g1": "AC", "g3": "3C", "g15": "AS", "g29": "AH", "g43": "AD", "g11": "9H",
                             "g50": "2C", "g40": "8H", "g25": "4C"})
    # g2 takes 2C (after AC and before 3C); g4 4C; g10 8H (before 9H); g49 AC (before 2C); g51 3C (after 2C);
    # g41 9H (after 8H); g24 3C (before 4C). Not: 2C into g16 (after AS), TH after 9H (none),
    # a card into g14, the last cell of row 1, from the first card of row 2 (PySolFC would look there).
    assert legal_texts(state) == {"g50 g2", "g25 g4", "g40 g10", "g1 g49", "g3 g51", "g11 g41", "g3 g24",
                                  "shuffle"}


def test_jungle_builds_in_any_suit_but_only_suits_count_for_the_win():
    state = build("jungle", {"g1": "AC", "g15": "AS", "g29": "AH", "g43": "AD", "g20": "2D", "g5": "5S",
                             "g8": "6H"}, aces_moved=True)
    # 2D into any of the four gaps after an ace; 6H after 5S. Not: 6H after 2D (wrong rank).
    assert legal_texts(state) == {"g20 g2", "g20 g16", "g20 g30", "g20 g44", "g8 g6", "shuffle"}
    mixed = {f"g{row * 14 + offset + 1}": RANKS[offset] + SUITS[(row + (offset == 5)) % 4]
             for row in range(4) for offset in range(13)}
    assert not build("jungle", mixed, aces_moved=True).is_won()


def test_spaces_and_aces_a_gap_takes_any_higher_card_of_its_left_neighbours_suit_and_there_is_no_redeal():
    state = build("spaces-and-aces", {"g1": "AC", "g15": "AS", "g29": "AH", "g43": "AD", "g20": "5C",
                                      "g35": "KC"}, aces_moved=True)
    # g2 takes 5C or KC; g21 (after 5C) takes KC; nothing after KC; no shuffle in this game.
    assert legal_texts(state) == {"g20 g2", "g35 g2", "g35 g21"}


def test_double_red_moon_deals_two_aces_of_each_suit_into_the_first_column():
    cards = grid_cards(framework.load_game("double-red-moon").deal(1))
    assert cards[::14] == ["AC", "AC", "AS", "AS", "AH", "AH", "AD", "AD"]


def test_paganini_ii_is_double_blue_moon_without_redeals():
    state = play_to_shuffle("paganini-ii")
    assert grid_cards(state).count(None) == 8 and "shuffle" not in legal_texts(state)


# --- the plugin's options -----------------------------------------------------------------------------------

BASE = (Path(__file__).resolve().parent.parent / "rules" / "montana.yaml").read_text(encoding="utf-8")
PLUGIN_LINE = "  - gaps: {grid: grid, first: 2, aces: aside, aside: aces, redeals: 2, redeal_gaps: after sequence}"


def problems_with(options: str, text: str = BASE) -> str:
    assert PLUGIN_LINE in text
    text = text.replace(PLUGIN_LINE, f"  - gaps: {options}")
    try:
        framework.Game(framework.parse_spec(text, source="g.yaml", game_id="g"))
    except framework.LoadError as error:
        return "\n".join(problem.message for problem in error.problems)
    except framework.PatienceError as error:
        return str(error)
    return ""


@pytest.mark.parametrize(("options", "message"), [
    ("{grid: aces, first: 2}", "plugin 'gaps': group 'aces' needs 'columns' to be a grid"),
    ("{grid: grid, first: 1}", "plugin 'gaps': 1 in first is not one of 'A', 2, 3"),
    ("{grid: grid, first: 2, redeals: -1}", "plugin 'gaps': -1 in redeals: expected at least 0"),
    ("{grid: grid, first: 2, suit: alternate colours}", "plugin 'gaps': 'alternate colours' in suit"),
    ("{grid: grid, first: 2, redeal_gaps: anywhere}", "plugin 'gaps': 'anywhere' in redeal_gaps"),
    ("{grid: grid, first: 2, aces: aside}",
     "plugin 'gaps': 'aces: aside' needs the option 'aside', the group the aces go to"),
    ("{grid: grid, first: 2, aside: aces}", "plugin 'gaps': the option 'aside' is only for 'aces: aside'"),
    ("{grid: grid, first: 2, aces: aside, aside: grid}",
     "plugin 'gaps': the aces cannot be set aside into the grid itself"),
    ("{grid: grid, first: 2, aces: first column}",
     "plugin 'gaps': 'aces: first column' needs 'first: A', the rank the first column takes"),
    ("{grid: grid, first: A}",
     "plugin 'gaps': a row of 13 cells has no room for a gap next to its 13 cards from A to K"),
    ("{grid: grid, first: 2, aside: tableau}", "no pile group called 'tableau'"),
    ("{first: 2}", "plugin 'gaps':"),
])
def test_the_plugin_refuses_options_it_cannot_use_in_one_line(options, message):
    found = problems_with(options)
    assert message in found and "\n" not in found, found


def test_the_grid_must_hold_one_card_a_cell_in_whole_rows():
    text = BASE.replace("    max_cards: 1\n", "")
    assert problems_with("{grid: grid, first: 2}", text) == \
        "plugin 'gaps': group 'grid' needs 'max_cards: 1', one card a cell"
    text = BASE.replace("piles: 52", "piles: 50").replace("{to: grid, cards: 1}", "{to: grid, cards: 1}\n  "
                                                                                  "- {to: aces, cards: rest}")
    assert problems_with("{grid: grid, first: 2}", text) == \
        "plugin 'gaps': the 50 piles of group 'grid' are not whole rows of 13"


def test_a_saved_state_with_too_many_redeals_used_is_refused():
    state = play_to_shuffle("montana")
    data = state.to_json()
    data["vars"]["shuffles_used"] = 3
    data.pop("moves", None)
    with pytest.raises(framework.StateError, match="shuffles_used"):
        state.game.state_from_json(data)


# --- every game -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_keep_the_kernel_promises(game_id):
    assert check_random_games(framework.load_game(game_id), seeds=range(3), moves=100) > 0
