"""The FreeCell family's games: what sets each apart, on small positions with their exact legal moves.

Each position names only the piles it needs (the others are empty). Cards that must not move are chosen so
that nothing fits them: free cells are filled with cards that no top card takes, and columns that must not
be empty hold cards of one rank (which never build on each other).
"""

from __future__ import annotations

import pytest
from helpers import build, cards_of

import framework
from framework import State
from framework.testing import legal_texts, position

GAMES = [
    "relaxed-freecell", "king-only-bakers-game", "eight-off", "forecell", "double-freecell", "stalactites",
    "challenge-freecell", "super-challenge-freecell", "clink", "tuxedo", "relaxed-seahaven-towers",
    "triple-freecell", "big-cell", "seven-by-four", "seven-by-five", "bath", "kingcell", "repair",
    "german-freecell", "double-seahaven-towers", "double-eight-off",
]


def sizes(state: State, prefix: str) -> list[int]:
    """The number of cards in each pile whose name is ``prefix`` and a number, in pile order."""
    return [len(pile) for name, pile in zip(state.game.pile_names, state.piles)
            if name.startswith(prefix) and name[len(prefix):].isdigit()]


# Baker's Game and the Microsoft deals


@pytest.mark.parametrize("deal", ["ms:1", "ms:617", "ms:11982", "ms:1000000"])
def test_bakers_game_deals_microsoft_numbers_card_for_card_as_freecell(deal):
    freecell, bakers = framework.load_game("freecell"), framework.load_game("bakers-game")
    assert bakers.pile_names == freecell.pile_names
    ours, theirs = bakers.deal(deal), freecell.deal(deal)
    assert ours.piles == theirs.piles and ours.face_down == theirs.face_down


def test_bakers_game_ms_1_has_windows_first_row():
    state = framework.load_game("bakers-game").deal("ms:1")
    assert " ".join(cards_of(state, f"t{column}").split()[0] for column in range(1, 9)) == "JD 2D 9H JC 5D 7H 7C 5H"


# Runs that move whatever the free space


def test_relaxed_freecell_moves_a_long_run_with_no_free_cell_where_freecell_cannot():
    piles = {"c1": "2C", "c2": "2D", "c3": "2H", "c4": "2S", "t1": "KS QH JC TD 9S 8H", "t2": "QD",
             "t3": "KD", "t4": "KH", "t5": "5C", "t6": "5S", "t7": "7H", "t8": "7D"}
    assert legal_texts(build("relaxed-freecell", piles)) == {"t1 t2 4"}  # JC TD 9S 8H onto QD
    assert legal_texts(build("freecell", piles)) == set()  # FreeCell: one card at a time here


def test_relaxed_seahaven_moves_a_whole_suit_run_with_every_cell_full():
    piles = {"c1": "2C", "c2": "2D", "c3": "2H", "c4": "3D", "t1": "9S 8S 7S 6S", "t2": "TS"}
    # Empty columns take only kings, so t3..t10 take nothing here.
    assert legal_texts(build("relaxed-seahaven-towers", piles)) == {"t1 t2 4"}
    assert legal_texts(build("seahaven-towers", piles)) == set()


@pytest.mark.parametrize(("game_id", "columns"), [("big-cell", 13), ("repair", 10)])
def test_many_deck_games_with_free_runs_move_five_cards_with_no_free_cell(game_id, columns):
    piles = {"c1": "9H", "c2": "9H", "c3": "9C", "c4": "9C", "t1": "QS JH TC 9D 8S", "t2": "KD"}
    fives = ["5C", "5D", "5H", "5S"] * 3
    piles.update({f"t{column}": fives[column - 3] for column in range(3, columns + 1)})
    assert legal_texts(build(game_id, piles)) == {"t1 t2 5"}


def test_german_freecell_cells_take_one_suit_each_and_runs_move_freely():
    # Cells: c1 clubs, c2 spades, c3 hearts, c4 diamonds; only the diamond cell is empty.
    piles = {"c1": "9C", "c2": "9S", "c3": "9H", "t1": "QS JH TC 9D 8S", "t2": "KD", "t3": "5H", "t4": "5C",
             "t5": "5D", "t6": "5S", "t7": "3C"}
    # Not legal: t3 c4 (a heart in the diamond cell), t1 c4; FreeCell would allow no 5-card run here.
    assert legal_texts(build("german-freecell", piles)) == {"t1 t2 5", "t2 c4", "t5 c4"}


def test_german_freecell_cells_are_clubs_spades_hearts_diamonds():
    state = build("german-freecell", {"t1": "5C", "t2": "5S", "t3": "5H", "t4": "5D", "t5": "KC", "t6": "KD",
                                      "t7": "KH"})
    assert legal_texts(state) == {"t1 c1", "t2 c2", "t3 c3", "t4 c4", "t5 c1", "t6 c4", "t7 c3"}


# Kings only on empty columns, and runs as long as the free cells allow


KING_ONLY = [
    # game, cells, columns, a run of three, the card it goes on
    ("king-only-bakers-game", 4, 8, "9S 8S 7S", "TS"),
    ("eight-off", 8, 8, "9S 8S 7S", "TS"),
    ("double-eight-off", 8, 12, "9S 8S 7S", "TS"),
    ("double-seahaven-towers", 8, 14, "9S 8S 7S", "TS"),
    ("forecell", 4, 8, "9S 8H 7C", "TD"),
    ("super-challenge-freecell", 4, 8, "9S 8H 7C", "TD"),
    ("bath", 2, 10, "9S 8H 7C", "TD"),
    ("kingcell", 4, 8, "9S 8S 7H", "TC"),
]


@pytest.mark.parametrize(("game_id", "cells", "columns", "run", "target"), KING_ONLY)
def test_king_only_games_count_free_cells_but_not_empty_columns(game_id, cells, columns, run, target):
    # All cells but the last full with twos and threes that fit nowhere; t3 holds a king alone.
    fillers = ["2C", "2D", "2H", "3C", "3D", "3H", "4C"]
    piles = {f"c{cell}": fillers[cell - 1] for cell in range(1, cells)}
    piles.update({"t1": run, "t2": target, "t3": "KH"})
    last = f"c{cells}"
    # One free cell and (king-only) empty columns: at most 2 cards, so the run of three may not go onto t2;
    # only the king goes to an empty column.
    expected = {f"t1 {last}", f"t2 {last}", f"t3 {last}"} | {f"t3 t{column}" for column in range(4, columns + 1)}
    assert legal_texts(build(game_id, piles)) == expected
    # A second free cell lets three cards move.
    del piles[f"c{cells - 1}"]
    second = f"c{cells - 1}"
    expected |= {"t1 t2 3", f"t1 {second}", f"t2 {second}", f"t3 {second}"}
    assert legal_texts(build(game_id, piles)) == expected


def test_kingcell_builds_down_in_any_suit():
    piles = {"c1": "2C", "c2": "2D", "c3": "2H", "c4": "2S", "t1": "7H", "t2": "8H", "t3": "8C", "t4": "9C",
             "t5": "5C", "t6": "5D", "t7": "5H", "t8": "5S"}
    assert legal_texts(build("kingcell", piles)) == {"t1 t2", "t1 t3", "t2 t4", "t3 t4"}


# Deals


def test_eight_off_deals_four_cards_to_every_other_cell():
    state = framework.load_game("eight-off").deal(1)
    assert sizes(state, "c") == [1, 0, 1, 0, 1, 0, 1, 0]
    assert sizes(state, "t") == [6] * 8


def test_forecell_deals_the_last_four_cards_into_the_cells():
    state = framework.load_game("forecell").deal(1)
    assert sizes(state, "c") == [1] * 4 and sizes(state, "t") == [6] * 8


def test_double_seahaven_and_double_eight_off_deals():
    state = framework.load_game("double-seahaven-towers").deal(1)
    assert sizes(state, "c") == [0, 1, 1, 1, 1, 1, 1, 0] and sizes(state, "t") == [7] * 14
    state = framework.load_game("double-eight-off").deal(1)
    assert sizes(state, "c") == [1] * 8 and sizes(state, "t") == [8] * 12


def test_relaxed_seahaven_deals_two_cards_to_the_middle_cells():
    state = framework.load_game("relaxed-seahaven-towers").deal(1)
    assert sizes(state, "c") == [0, 1, 1, 0] and sizes(state, "t") == [5] * 10


def test_bath_columns_grow_from_one_to_eight_cards():
    state = framework.load_game("bath").deal(1)
    assert sizes(state, "t") == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8] and sizes(state, "c") == [0, 0]


def test_seven_column_games_deal_eight_cards_to_the_first_three_columns():
    for game_id, cells in (("seven-by-four", 4), ("seven-by-five", 5), ("german-freecell", 4)):
        state = framework.load_game(game_id).deal(2)
        assert sizes(state, "t") == [8, 8, 8, 7, 7, 7, 7] and sizes(state, "c") == [0] * cells


def test_tuxedo_deals_eight_cards_to_the_first_fourth_and_seventh_columns():
    state = framework.load_game("tuxedo").deal(1)
    assert sizes(state, "t") == [8, 7, 7, 8, 7, 7, 8] and sizes(state, "c") == [0] * 7


@pytest.mark.parametrize("game_id", ["triple-freecell", "big-cell"])
def test_three_deck_games_deal_thirteen_columns_of_twelve(game_id):
    state = framework.load_game(game_id).deal(1)
    assert sizes(state, "t") == [12] * 13 and sizes(state, "f") == [0] * 12
    assert len(state.game.pack) == 156


@pytest.mark.parametrize("game_id", ["challenge-freecell", "super-challenge-freecell"])
@pytest.mark.parametrize("seed", [1, 2, 99])
def test_challenge_games_deal_the_twos_and_aces_first_to_the_bottom_of_the_columns(game_id, seed):
    state = framework.load_game(game_id).deal(seed)
    assert [cards_of(state, f"t{column}").split()[0] for column in range(1, 9)] == \
        ["2C", "2S", "2H", "2D", "AC", "AS", "AH", "AD"]
    assert sizes(state, "t") == [7, 7, 7, 7, 6, 6, 6, 6]


def test_double_freecell_deals_one_ace_of_each_suit_to_the_foundations():
    state = framework.load_game("double-freecell").deal(3)
    assert [cards_of(state, f"f{pile}") for pile in range(1, 5)] == ["AC", "AS", "AH", "AD"]
    assert sizes(state, "t") == [10] * 10 and sizes(state, "c") == [0] * 6


def test_clink_deals_the_ace_of_clubs_and_of_hearts_to_the_foundations_and_two_cards_to_the_cells():
    state = framework.load_game("clink").deal(3)
    assert [cards_of(state, "f1"), cards_of(state, "f2")] == ["AC", "AH"]
    assert sizes(state, "t") == [6] * 8 and sizes(state, "c") == [1, 1]


def test_stalactites_deals_one_card_to_each_foundation():
    state = framework.load_game("stalactites").deal(1)
    assert sizes(state, "f") == [1] * 4 and sizes(state, "t") == [6] * 8 and sizes(state, "c") == [0, 0]


# Foundations


def test_double_freecell_foundation_turns_the_corner_after_the_king():
    fives = ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S"]
    piles = {"f1": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "f2": "AS", "f3": "AH", "f4": "AD", "t1": "AC",
             "t10": "9C", "c1": "9D", "c2": "9H", "c3": "9S", "c4": "9C", "c5": "9D", "c6": "9H"}
    piles.update({f"t{column}": fives[column - 2] for column in range(2, 10)})
    state = build("double-freecell", piles)
    assert legal_texts(state) == {"t1 f1"}  # the second ace of clubs on the king of clubs
    state.push(state.parse_move("t1 f1"))
    assert len(cards_of(state, "f1").split()) == 14


def test_clink_foundations_alternate_colours_in_any_suit_and_turn_the_corner():
    piles = {"f1": "AC 2D 3C 4D 5C 6D 7C 8D 9C TD JC QD KC", "f2": "AH", "c1": "2S", "c2": "QH",
             "t1": "AD", "t2": "AS", "t3": "9S", "t4": "9H", "t5": "6S", "t6": "6H", "t7": "JS", "t8": "JH"}
    # Not legal: t2 f1 (a black ace on the black king), a card from a cell onto a column (cells take nothing).
    assert legal_texts(build("clink", piles)) == {"t1 f1", "c1 f2"}


def test_stalactites_foundations_build_up_from_their_own_card_in_any_suit_to_thirteen_cards():
    piles = {"f1": "7H", "f2": "KS", "f3": "2D 3C", "f4": "9H TH JH QH KH AH 2H 3H 4H 5H 6H 7D 8D",
             "c1": "JD", "t1": "8S", "t2": "AC", "t3": "4D", "t4": "7C", "t5": "9D"}
    # Not legal: t5 f4 (the foundation holds 13 cards), t1 t5 or any building on a column, c1 onto a column,
    # anything onto the empty columns t6..t8, f1 or f2 anywhere (a foundation keeps its first card). Legal, as in
    # PySolFC: a foundation's top card to the free cell, or onto another foundation (8D on 7H).
    assert legal_texts(build("stalactites", piles)) == {
        "t1 f1", "t1 c2", "t2 f2", "t2 c2", "t3 f3", "t3 c2", "t4 c2", "t5 c2", "f3 c2", "f4 c2", "f4 f1"}


def test_tuxedo_builds_by_suit_round_the_corner_and_moves_runs_freely():
    piles = {"c1": "5C", "c2": "5H", "c3": "5S", "c4": "TC", "c5": "TH", "c6": "TS", "c7": "3C",
             "t1": "AS", "t2": "KS", "t3": "JD 8D 7D 6D", "t4": "9D", "t5": "2H", "t6": "4H", "t7": "QC"}
    # KS onto AS turns the corner; the run of three moves with every cell full; the ace may start any foundation.
    assert legal_texts(build("tuxedo", piles)) == {"t1 f1", "t1 f2", "t1 f3", "t1 f4", "t2 t1", "t3 t4 3"}


# Bigger games


def test_triple_freecell_has_ten_cells_for_its_runs():
    fives = ["5C", "5D", "5H", "5S"] * 3
    piles = {f"c{cell}": fives[cell - 1] for cell in range(1, 11)}
    piles.update({"t1": "9S 8H", "t2": "TD", "t3": "TH"})
    piles.update({f"t{column}": ["KC", "KH", "KD", "KS"][column % 4] for column in range(4, 14)})
    assert legal_texts(build("triple-freecell", piles)) == set()  # ten full cells: one card at a time
    del piles["c10"]
    assert legal_texts(build("triple-freecell", piles)) == {"t1 t2 2", "t1 t3 2"} | {
        f"t{column} c10" for column in range(1, 14)}


@pytest.mark.parametrize(("game_id", "cells"), [("seven-by-four", 4), ("seven-by-five", 5)])
def test_seven_column_games_runs_and_cells(game_id, cells):
    piles = {"c1": "2C", "c2": "2D", "c3": "2H", "t1": "9S 8H 7C", "t2": "TD", "t3": "5C", "t4": "5D",
             "t5": "5H", "t6": "5S", "t7": "KC"}
    free = [f"c{cell}" for cell in range(4, cells + 1)]
    expected = {f"t{column} {cell}" for column in range(1, 8) for cell in free}
    if len(free) == 2:  # (1 + 2 free cells) = 3 cards
        expected.add("t1 t2 3")
    assert legal_texts(build(game_id, piles)) == expected


# Every game keeps the kernel's promises


def test_the_games_are_built_in_and_say_their_family_and_pysolfc_name():
    specs = [framework.load_spec(game_id) for game_id in GAMES]
    assert {spec.family for spec in specs} == {'freecell'}
    assert all(spec.pysolfc and spec.summary for spec in specs)


def test_penguin_deals_the_beak_under_the_first_column_and_its_rank_to_the_foundations():
    game = framework.load_game("penguin")
    for seed in range(1, 6):
        state = game.deal(seed)
        beak = state.piles[game.pile_index("t1")][0]
        assert framework.cards.RANK[beak] == state.base_rank
        starts = [state.piles[pile] for pile in game.foundation_piles]
        assert sorted(len(pile) for pile in starts) == [0, 1, 1, 1]
        assert all(framework.cards.RANK[pile[0]] == state.base_rank for pile in starts if pile)
        assert all(len(state.piles[pile]) == 7 for pile in game.groups["tableau"].piles)


def test_a_penguin_column_takes_only_the_rank_below_the_base_rank_when_empty():
    piles = {"f1": "7C", "f3": "7H", "f4": "7S", "t1": "8D 6D", "t2": "9S", "c1": "3H", "c2": "6S", "t3": "QC JC"}
    state = position(framework.load_game("penguin"), piles, base_rank=7)
    # 6D and 6S may fill the empty columns t4..t7 (6 is just below the base rank 7); 3H, 9S and JC may not;
    # the beak's foundation f2 (diamonds) waits for the 7D; no card fits another's top; any column top may
    # go to an empty cell.
    assert legal_texts(state) == {f"{source} t{column}" for source in ("t1", "c2") for column in range(4, 8)} \
        | {f"{source} c{cell}" for source in ("t1", "t2", "t3") for cell in range(3, 8)}


def test_opus_is_penguin_with_five_cells():
    opus, penguin = framework.load_game("opus"), framework.load_game("penguin")
    assert len(opus.groups["cell"].piles) == 5 and len(penguin.groups["cell"].piles) == 7
    assert opus.deal(4).piles[:11] == penguin.deal(4).piles[:11]  # the same foundations and columns
