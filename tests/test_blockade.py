"""Blockade by the spec page: concrete positions and their exact legal moves."""

from __future__ import annotations

import json
import random

import pytest

import framework
from framework import State, parse_card, testing


@pytest.fixture(scope="module")
def game() -> framework.Game:
    return framework.load_game("blockade")


def card_list(text: str) -> list[int]:
    return [parse_card(word) for word in text.split()]


def grid_position(game: framework.Game, rows: list[str], *, stock: str = "", aces: dict[str, str] | None = None,
             kings: dict[str, str] | None = None, released: str = "", **variables: object) -> State:
    """A Blockade position: ``rows`` of ten cells each ('.' for a gap), foundations by suit letter."""
    piles = {"s": " ".join(stock.split()[::-1]), "r": released}  # the first stock card named is on top
    for row, line in enumerate(rows):
        words = line.split()
        assert len(words) == 10, line
        piles.update({f"g{row * 10 + column + 1}": word for column, word in enumerate(words) if word != "."})
    for label, contents in (("a", aces or {}), ("k", kings or {})):
        piles.update({f"{label}{'CDHS'.index(suit) + 1}": text for suit, text in contents.items()})
    return testing.position(game, piles, **dict({"grid_rows": len(rows)}, **variables))


def moves(state: State) -> set[str]:
    return {state.move_text(move) for move in state.legal_moves()}


ROW_OF_TWOS = "2C 2C 2D 2D 2H 2H 2S 2S 3C 3C"  # nothing here fits an empty foundation


def test_one_row_every_card_is_free(game):
    state = grid_position(game, ["AS KH 2C 2C 2D 2D 2H 2H 2S 3C"], stock="5D")
    assert moves(state) == {"g1 a4", "g2 k3", "row"}


def test_two_rows_every_card_is_free(game):
    state = grid_position(game, [ROW_OF_TWOS, "AS 3D KH 3H 3S 3C 3D 3H 3S 4C"], stock="5D")
    assert moves(state) == {"g11 a4", "g13 k3", "row"}


def test_three_rows_the_middle_row_is_blocked(game):
    state = grid_position(game, [ROW_OF_TWOS, "AS KH 3D 3H 3S 3C 3D 3H 3S 4C", "AC 4D 4H 4S 4C 4D 4H 4S 5C KD"], stock="5D")
    assert moves(state) == {"g21 a1", "g30 k2", "row"}


def test_four_rows_only_the_top_and_bottom_rows_are_free(game):
    state = grid_position(game, [
        "AH 2C 2D 2D 2H 2H 2S 2S 3C 3C",
        "AS KH 3D 3H 3S 3C 3D 3H 3S 4C",
        "AC 4D 4H 4S 4C 4D 4H 4S 5C KD",
        "5D 5H 5S 5C 5D 5H KS 5S 6C 6D",
    ], stock="9D")
    assert moves(state) == {"g1 a3", "g37 k4", "row"}


def test_a_buried_card_is_freed_from_above(game):
    state = grid_position(game, [
        ". 2C 2D 2D 2H 2H 2S 2S 3C 3C",
        ". 3D 3D 3H 3S 3C 3D 3H 3S 4C",
        "AC 4D 4H 4S 4C 4D 4H 4S 5C 5D",
        "5D 5H 5S 5C 5D 5H 6S 5S 6C 6D",
    ])
    assert moves(state) == {"g21 a1"} | {f"release g{cell}" for cell in range(1, 41) if cell not in (1, 11)}


def test_a_buried_card_is_freed_from_below(game):
    state = grid_position(game, [
        "2C 2C 2D 2D 2H 2H 2S 2S 3C 3C",
        "3D 3D 3H 3S 3C 3D 3H 3S 4C KD",
        "4D 4H 4S 4C 4D 4H 4S 5C 5D .",
        "5D 5H 5S 5C 5D 5H 6S 5S 6C .",
    ], stock="9H")
    assert moves(state) == {"g20 k2", "fill"}


def test_an_inner_gap_opens_nothing_before_the_release(game):
    state = grid_position(game, [
        "2C 2C 2D 2D 2H 2H 2S 2S 3C 3C",
        "AD 3D 3H 3S 3C 3D 3H 3S 4C 4D",
        ". 4H 4S 4C 4D 4H 4S 5C 5D 5H",
        "AC 5H 5S 5C 5D 5H 6S 5S 6C 6D",
    ], stock="9H")
    assert moves(state) == {"g31 a1", "fill"}  # not g11 (AD): the gap below it is inside the column


def test_release_is_refused_while_the_stock_has_cards(game):
    state = grid_position(game, ["2C 2C 2D 2D 2H 2H 2S 2S 3C 3C", "3D 3D 3H 3S 3C 3D 3H 3S 4C 4D"], stock="9H")
    assert moves(state) == {"row"}


def test_release_any_card_once_the_stock_is_empty(game):
    rows = ["2C 2C 2D 2D 2H 2H 2S 2S 3C 3C", "3D 3D 3H 3S 3C 3D 3H 3S 4C 4D", "4H 4S 4C 4D 4H 4S 5C 5D 5H KC"]
    state = grid_position(game, rows)
    assert moves(state) == {"g30 k1"} | {f"release g{cell}" for cell in range(1, 31)}


def test_release_is_refused_after_it_was_used(game):
    rows = ["2C 2C 2D 2D 2H 2H 2S 2S 3C 3C", "3D 3D 3H 3S 3C 3D 3H 3S 4C 4D", "4H 4S 4C 4D 4H 4S 5C 5D 5H 6C"]
    state = grid_position(game, rows, released="9S", release_used=True, released_cell="g5")
    assert moves(state) == set()
    assert state.is_over() and not state.is_won()


def test_the_released_card_goes_to_a_foundation(game):
    rows = ["2C 2C 2D 2D 2H 2H 2S 2S 3C 3C", "AD 3D 3H 3S 3C 3D 3H 3S 4C 4D", "4H 4S 4C 4D 4H 4S 5C 5D 5H 6C"]
    state = grid_position(game, rows)
    release = state.parse_move("release g11")
    state.push(release)
    assert state.vars["release_used"] is True and state.vars["released_cell"] == "g11"
    assert moves(state) == {"r a2"}
    state.push(state.parse_move("r a2"))
    assert state.piles[game.pile_index("a2")] == card_list("AD")
    state.pop()
    state.pop()
    assert state.vars["release_used"] is False and state.vars["released_cell"] is None
    assert state.piles[game.pile_index("g11")] == card_list("AD")


def test_access_through_the_released_cell_both_ways(game):
    rows = [
        "2C 2C 2D 2D 2H 2H 2S 2S 3C 3C",
        "AC 3D 3H 3S 3C 3D 3H 3S 4C 4D",
        ". 4H 4S 4C 4D 4H 4S 5C 5D 5H",
        ". 5H 5S 5C 5D 5H 6S 5S 6C 6D",
        "AD 5H 5S 5C 5D 5H 6S 5S 6C 6D",
        "6H 6H 6S 6C 6D 6H 7S 7S 7C 7D",
    ]
    # g31 was released: AC above it (through the gap g21) and AD just below it are free.
    state = grid_position(game, rows, release_used=True, released_cell="g31")
    assert moves(state) == {"g11 a1", "g41 a2"}
    # without the opening the same cards are blocked: the gaps are inside the column
    state = grid_position(game, rows, release_used=True, released_cell=None)
    assert moves(state) == set()


def test_fill_goes_to_the_first_gap_in_reading_order(game):
    state = grid_position(game, ["2C . 2D 2D 2H 2H 2S 2S 3C .", ". 3D 3H 3S 3C 3D 3H 3S 4C 4D"], stock="9H 9S 9C")
    assert moves(state) == {"fill"}
    state.push(state.parse_move("fill"))
    state.push(state.parse_move("fill"))
    state.push(state.parse_move("fill"))
    assert [state.piles[game.pile_index(name)] for name in ("g2", "g10", "g11")] == [card_list("9H"), card_list("9S"), card_list("9C")]
    assert state.piles[game.pile_index("s")] == []


def test_no_new_row_while_a_gap_remains(game):
    state = grid_position(game, [ROW_OF_TWOS.replace("3C 3C", "3C ."), "3D 3D 3H 3S 3C 3D 3H 3S 4C 4D"], stock="9H")
    assert "row" not in moves(state)
    with pytest.raises(framework.MoveError) as refused:
        state.parse_move("row")
    assert str(refused.value) == ("'row' is not legal now: a new row is dealt only when no gap is left: "
                                  "fill the gap at row 1, column 10 first")
    state.push(state.parse_move("fill"))
    assert "row" not in moves(state)  # the stock is empty now
    with pytest.raises(framework.MoveError, match=r"^'row' is not legal now: the stock is empty$"):
        state.parse_move("row")
    assert state.piles[game.pile_index("g10")] == card_list("9H")


def test_a_new_row_goes_below_the_last(game):
    state = grid_position(game, [ROW_OF_TWOS], stock="9H 9S 9C 9D TH TS TC TD JH JS QH")
    state.push(state.parse_move("row"))
    assert state.vars["grid_rows"] == 2
    assert [card for cell in game.groups["grid"].piles[10:20] for card in state.piles[cell]] == card_list("9H 9S 9C 9D TH TS TC TD JH JS")
    assert state.piles[game.pile_index("s")] == card_list("QH")
    state.pop()
    assert state.vars["grid_rows"] == 1 and len(state.piles[game.pile_index("s")]) == 11


def test_a_short_last_row_leaves_cells_empty(game):
    state = grid_position(game, [ROW_OF_TWOS], stock="9H 9S 9C")
    state.push(state.parse_move("row"))
    grid = game.groups["grid"].piles
    assert [state.piles[cell] for cell in grid[10:20]] == [card_list("9H"), card_list("9S"), card_list("9C")] + [[]] * 7
    assert "fill" not in moves(state)


def test_meeting_piles_pass_both_ways(game):
    state = grid_position(game, [ROW_OF_TWOS], stock="9H", aces={"D": "AD 2D 3D 4D 5D 6D 7D 8D 9D"}, kings={"D": "KD QD JD TD"})
    assert moves(state) == {"a2 k2", "k2 a2", "row"}
    state.push(state.parse_move("a2 k2"))
    assert state.piles[game.pile_index("k2")][-1] == parse_card("9D")
    assert moves(state) == {"a2 k2", "k2 a2", "row"}  # 8D across, or 9D back
    state.push(state.parse_move("k2 a2"))
    assert len(state.piles[game.pile_index("a2")]) == 9 and len(state.piles[game.pile_index("k2")]) == 4


def test_meeting_piles_refused_when_one_pile_is_empty(game):
    state = grid_position(game, [ROW_OF_TWOS], stock="9H", aces={"H": "AH 2H"})
    assert moves(state) == {"row"}


def test_the_second_ace_finishes_the_king_pile(game):
    state = grid_position(game, ["AC 2C 2D 2D 2H 2H 2S 2S 3C 3C"], stock="9H", aces={"C": "AC 2C 3C"},
                     kings={"C": "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"})
    assert moves(state) == {"g1 k1", "row"}  # the second AC can only finish the king pile
    state.push(state.parse_move("g1 k1"))
    assert len(state.piles[game.pile_index("k1")]) == 13


def test_won_only_with_all_104_cards_on_foundations(game):
    state = grid_position(game, ["AC . . . . . . . . ."])
    for suit in "CDHS":
        ace = game.groups["aces"].piles["CDHS".index(suit)]
        king = game.groups["kings"].piles["CDHS".index(suit)]
        state.piles[ace] = card_list(" ".join(rank + suit for rank in "A23456789TJQK"))
        state.piles[king] = card_list(" ".join(rank + suit for rank in "KQJT98765432A"))
    state.piles[game.groups["kings"].piles[0]].pop()  # the ace of clubs is still in the grid
    assert not state.is_won()
    state.push(state.parse_move("g1 k1"))
    assert state.is_won() and state.is_over()


def test_random_playouts_conserve_cards_undo_exactly_and_round_trip(game):
    for seed in range(12):
        state = game.deal(seed)
        start = state.to_json()
        rng = random.Random(seed)
        while not state.is_over() and len(state.move_stack) < 400:
            before = state.to_json()
            move = rng.choice(state.legal_moves())
            state.push(move)
            assert sum(map(len, state.piles)) == 104
            if rng.random() < 0.1:
                state.pop()
                assert state.to_json() == before
        saved = json.loads(json.dumps(state.to_json()))
        assert game.state_from_json(saved).to_json() == saved
        while state.move_stack:
            state.pop()
        assert state.to_json()["piles"] == start["piles"] and state.vars == game.deal(seed).vars
