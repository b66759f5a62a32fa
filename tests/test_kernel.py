"""The kernel through its public API: deals, push/pop, copies, JSON, move text and card text."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from helpers import card_counts, cards_of, full_decks, kept_bytes, play

import framework
from framework import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveError,
    StateError,
    card_symbol,
    card_text,
    parse_card,
)
from framework.cards import CardError
from framework.testing import legal_texts, position

# --- deals ------------------------------------------------------------------------------------

#: Deal 1 of Steeplechase, pinned: any change to the shuffle or the dealing order changes it.
DEAL_1 = {
    "o": "6H 7H JC 8C KS 7D 6S 8C 6C 9C 5C TH KD",
    "f1": "JH", "f2": "", "f3": "", "f4": "", "f5": "", "f6": "", "f7": "", "f8": "",
    "t1": "AH", "t2": "QS", "t3": "TS", "t4": "4D", "t5": "3C", "t6": "4C", "t7": "JC", "t8": "9S",
    "s": "7S 4H AC JD TC JD KD TD 8D 3D QC 8S 3H QD KH 2D TS AD 5H 5D 6D 7H TC KS QC 4H 9D 2H QH QS "
         "4D 4C QH 9H 4S TH AH 2S 6S 3C 7C 5H 9S 5C 2C 9H 2S JH 2H 8H 4S 7C 8H 2C 3S 2D 5D 5S TD JS "
         "KC 3H KH 6H 6D AS AD AS 7D 6C 3D QD 9D 8D 9C 8S AC 7S 3S 5S KC JS",
    "w": "",
}


def test_deal_1_is_pinned(steeplechase):
    state = steeplechase.deal(1)
    assert {name: cards_of(state, name) for name in steeplechase.pile_names} == DEAL_1
    assert state.base_rank == 11  # the determining card is JH


def test_a_position_with_the_rest_of_the_pack_keeps_the_pack_whole(steeplechase):
    state = position(steeplechase, {"t1": "KS", "s": "AH | 2H"}, rest="s", base_rank=7)
    assert card_counts(state) == full_decks(steeplechase) and state.base_rank == 7
    stock = state.game.pile_index("s")
    assert cards_of(state, "s").endswith(" AH 2H") and state.face_down[stock] == len(state.piles[stock]) - 1
    with pytest.raises(ValueError, match="more cards than the pack: KS"):
        position(steeplechase, {"t1": "KS KS KS"}, rest="s")


def test_a_deal_is_a_function_of_the_seed_alone(steeplechase):
    assert steeplechase.deal(5) == steeplechase.deal(5)
    assert steeplechase.deal(5) != steeplechase.deal(6)
    assert card_counts(steeplechase.deal(2**53 - 1)) == full_decks(steeplechase)


def test_a_deal_does_not_depend_on_string_hashing(steeplechase):
    program = "import framework, json; print(json.dumps(framework.load_game('steeplechase').deal(7).to_json()))"
    expected = steeplechase.deal(7).to_json()
    for hash_seed in ("1", "2"):
        environment = dict(os.environ, PYTHONHASHSEED=hash_seed)
        output = subprocess.run([sys.executable, "-c", program], env=environment, capture_output=True, text=True, check=True)
        assert json.loads(output.stdout) == expected


@pytest.mark.parametrize("seed", [-1, 1.5, "x1", "ms:1", True, None])
def test_a_seed_is_a_whole_number(steeplechase, seed):
    with pytest.raises(framework.PatienceError, match="seed"):
        steeplechase.deal(seed)


# --- push, pop, copy --------------------------------------------------------------------------

OPENING_1 = ["t5 t4", "d", "t7 f2", "f1 t2"]  # legal in turn from deal 1


def test_push_and_pop_restore_every_position(steeplechase):
    state = steeplechase.deal(1)
    seen = []
    for text in OPENING_1:
        seen.append((state.position_key(), state.to_json()))
        move = state.parse_move(text)
        state.push(move)
        assert state.move_stack[-1] == move
    assert [state.move_text(move) for move in state.move_stack] == OPENING_1
    for text in reversed(OPENING_1):
        assert state.move_text(state.pop()) == text
        assert (state.position_key(), state.to_json()) == seen.pop()
    assert state.move_stack == []
    assert state == steeplechase.deal(1)


def test_a_state_that_remembers_no_legal_moves_for_undo_works_them_out_again_after_pop():
    # Triple FreeCell's deal 1 offers 148 moves; "t4 c1" and "c1 t4" go back and forth.
    game = framework.load_game("triple-freecell")
    remembering, forgetting = game.deal(1), game.deal(1)
    forgetting.remember_legal_moves(False)
    back_and_forth = ["t4 c1", "c1 t4"] * 100
    remembered = kept_bytes(lambda: play(remembering, back_and_forth))
    forgotten = kept_bytes(lambda: play(forgetting, back_and_forth))
    assert forgotten * 20 < remembered, (forgotten, remembered)  # about 150 bytes a move, not 15 kB
    for _ in range(200):
        remembering.pop()
        forgetting.pop()
        assert forgetting.legal_moves() == remembering.legal_moves() and forgetting == remembering
    assert forgetting == game.deal(1) and len(forgetting.legal_moves()) == 148
    copied = forgetting.copy(stack=False)  # a copy remembers again, as the solver wants
    assert kept_bytes(lambda: play(copied, back_and_forth)) > remembered / 2


def test_the_stock_turn_is_undone(steeplechase):
    state = steeplechase.deal(1)
    play(state, ["d", "d"])
    assert cards_of(state, "w") == "JS KC"
    state.pop()
    assert cards_of(state, "w") == "JS"
    assert cards_of(state, "s").endswith("5S KC")


def test_a_copy_is_independent(steeplechase):
    state = play(steeplechase.deal(1), OPENING_1[:2])
    twin = state.copy()
    assert twin == state and twin.move_stack == state.move_stack
    play(twin, ["t7 f2"])
    assert twin != state
    assert state.to_json()["piles"]["t7"] == ["JC"]
    twin.pop()
    twin.pop()
    assert [state.move_text(move) for move in state.move_stack] == OPENING_1[:2]
    fresh = state.copy(stack=False)
    assert fresh == state and fresh.move_stack == []


# --- JSON ---------------------------------------------------------------------------------------


def test_json_round_trip_keeps_the_moves_to_undo(steeplechase):
    state = play(steeplechase.deal(1), OPENING_1)
    text = json.dumps(state.to_json())
    loaded = steeplechase.state_from_json(text)
    assert loaded == state
    assert loaded.to_json() == state.to_json()
    assert loaded.move_stack == state.move_stack
    for _ in OPENING_1:
        loaded.pop()
    assert loaded == steeplechase.deal(1)


def test_json_round_trip_of_a_position_without_a_deal(steeplechase):
    state = position(steeplechase, {"f1": "7C 8H", "t1": "9S", "w": "5D"}, rest="s", base_rank=7)
    data = json.loads(json.dumps(state.to_json()))
    assert "seed" not in data and "moves" not in data
    loaded = steeplechase.state_from_json(data)
    assert loaded == state and loaded.base_rank == 7
    assert legal_texts(loaded) == legal_texts(state)


@pytest.mark.parametrize(("change", "field"), [
    (lambda data: data.update(game="blockade"), "field 'game'"),
    (lambda data: data["piles"]["t1"].append("1X"), "field 'piles.t1'"),
    (lambda data: data["piles"]["t1"].append("AS"), "field 'piles'"),  # 105 cards
    (lambda data: data["piles"].update(t9=[]), "field 'piles.t9'"),
    (lambda data: data["vars"].update(base_rank="seven"), "field 'vars.base_rank'"),
    (lambda data: data["vars"].update(base_rank=14), "field 'vars.base_rank'"),
    (lambda data: data["vars"].pop("base_rank"), "field 'vars.base_rank'"),
    (lambda data: data["moves"].append("t1 f1"), "field 'moves[4]'"),
    (lambda data: data["piles"]["w"].append(data["piles"]["s"].pop()), "field 'moves'"),
])
def test_a_bad_state_names_the_field(steeplechase, change, field):
    data = play(steeplechase.deal(1), OPENING_1).to_json()
    change(data)
    with pytest.raises(StateError, match=field.replace("[", r"\[").replace("]", r"\]")):
        steeplechase.state_from_json(data)


def test_a_state_that_is_not_json_is_refused(steeplechase):
    with pytest.raises(StateError, match="not JSON"):
        steeplechase.state_from_json("{piles: }")


# --- move text ----------------------------------------------------------------------------------


def test_move_texts_name_the_piles_and_the_count(steeplechase):
    state = position(steeplechase, {"f1": "7C", "t1": "5H KS QH", "t2": "8D"}, rest="s", base_rank=7)
    game = steeplechase
    assert state.move_text(Move(game.pile_index("t2"), game.pile_index("f1"))) == "t2 f1"
    assert state.move_text(Move(game.pile_index("t1"), game.pile_index("t3"), 2)) == "t1 t3 2"
    assert state.move_text(Move(game.pile_index("s"), game.pile_index("w"), 1, "deal")) == "d"
    for move in state.legal_moves():
        assert state.parse_move(state.move_text(move)) == move


@pytest.mark.parametrize(("text", "expected"), [
    ("t2 f1", "t2 f1"),
    ("  T2   F1 ", "t2 f1"),
    ("t2 f", "t2 f1"),          # a group's label stands for the pile of it that takes the card
    ("t1 t3 2", "t1 t3 2"),
    ("f1 t2", "f1 t2"),
    ("d", "d"),
    ("deal", "d"),
])
def test_move_text_is_read_back(steeplechase, text, expected):
    state = position(steeplechase, {"f1": "7C", "t1": "5H KS QH", "t2": "8D"}, rest="s", base_rank=7)
    assert state.move_text(state.parse_move(text)) == expected


@pytest.mark.parametrize(("text", "kind", "message"), [
    ("", InvalidMoveError, "empty move"),
    ("t1", InvalidMoveError, "not a move"),
    ("x9 f1", InvalidMoveError, "no pile called 'x9'"),
    ("t1 f1", IllegalMoveError, "not legal now"),
    ("o t1", IllegalMoveError, "not legal now"),
    ("t1 t3 0", InvalidMoveError, "1 or more"),
    ("t1 t3 2 2", InvalidMoveError, "too many words"),
    ("t1 t", AmbiguousMoveError, "say how many cards"),          # QH alone or KS QH, onto an empty column
    ("t t3 1", AmbiguousMoveError, "more than one move"),        # from t1 or from t2
    ("redeal", IllegalMoveError, "not legal now"),
])
def test_a_bad_or_ambiguous_move_text_says_why(steeplechase, text, kind, message):
    state = position(steeplechase, {"f1": "7C", "o": "2C", "t1": "5H KS QH", "t2": "8D"}, rest="s", base_rank=7)
    with pytest.raises(kind, match=message) as caught:
        state.parse_move(text)
    assert isinstance(caught.value, MoveError)
    others = {InvalidMoveError, IllegalMoveError, AmbiguousMoveError} - {kind}
    assert not isinstance(caught.value, tuple(others))


def test_a_label_is_ambiguous_only_between_different_cards(steeplechase):
    state = position(steeplechase, {"f1": "7C", "t1": "7D", "t2": "7S"}, rest="s", base_rank=7)
    with pytest.raises(MoveError, match="more than one move"):
        state.parse_move("t f")
    assert state.parse_move("t1 f").source == steeplechase.pile_index("t1")


# --- cards --------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["TH", "10H", "th", "10h", "tH", "T♥", "10♥", " 10H "])
def test_ten_of_hearts_in_every_spelling(text):
    assert card_text(parse_card(text)) == "TH"


def test_every_card_text_and_symbol_reads_back():
    for card in range(52):
        assert parse_card(card_text(card)) == card
        assert parse_card(card_symbol(card)) == card
        assert parse_card(card_text(card).lower()) == card
    assert [card_text(card) for card in range(0, 52, 13)] == ["AC", "AD", "AH", "AS"]
    assert card_symbol(parse_card("TD")) == "10♦"
    assert card_symbol(parse_card("KS")) == "K♠"


@pytest.mark.parametrize("text", ["", "A", "1H", "11H", "XS", "AX", "10", "A♤", "H10"])
def test_not_a_card(text):
    with pytest.raises(CardError, match="not a card"):
        parse_card(text)
