"""Bad saved states: each is refused with a ``StateError`` that names the field, and nothing changes.

The states are damaged copies of real ones (a Steeplechase deal with moves played, a
Blockade deal, a Klondike deal): one field at a time is removed, retyped or given a
value that cannot be. Random damage of every kind is in ``test_fuzz.py``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import framework
from framework import StateError
from framework.session import load_session


@pytest.fixture(scope="module")
def games() -> dict[str, framework.Game]:
    return {name: framework.load_game(name) for name in ("steeplechase", "blockade", "klondike")}


def saved(game: framework.Game) -> dict[str, Any]:
    """A real state of ``game`` as JSON: deal 1 with the first legal move played three times over."""
    state = game.deal(1)
    for _ in range(3):
        state.push(state.legal_moves()[0])
    return state.to_json()


def damaged(data: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    """A copy of ``data`` with ``field`` (dotted, e.g. ``piles.t1``) set to ``value``, or removed for ``DELETE``."""
    data = copy.deepcopy(data)
    *parents, last = field.split(".")
    place = data
    for part in parents:
        place = place[part]
    if value is DELETE:
        del place[last]
    else:
        place[last] = value
    return data


DELETE = object()

CASES = [
    # the header
    ("steeplechase", "format", DELETE, "field 'format': expected 'patience-state', got None"),
    ("steeplechase", "format", "patience-save", "field 'format': expected 'patience-state', got 'patience-save'"),
    ("steeplechase", "version", DELETE, "field 'version': expected a whole number from 1 to 1, got None"),
    ("steeplechase", "version", "1", "field 'version': expected a whole number from 1 to 1, got '1'"),
    ("steeplechase", "version", True, "field 'version': expected a whole number from 1 to 1, got True"),
    ("steeplechase", "version", 0, "field 'version': expected a whole number from 1 to 1, got 0"),
    ("steeplechase", "version", 1.0, "field 'version': expected a whole number from 1 to 1, got 1.0"),
    ("steeplechase", "version", 2, "field 'version': 2 is newer than this program reads (1); upgrade patience-games"),
    ("steeplechase", "game", "blockade", "field 'game': this is a state of 'blockade', not of 'steeplechase'"),
    ("steeplechase", "game", DELETE, "field 'game': this is a state of None, not of 'steeplechase'"),
    # the piles
    ("steeplechase", "piles", DELETE, "field 'piles': expected an object of pile names to card lists"),
    ("steeplechase", "piles", [["AS"]], "field 'piles': expected an object of pile names to card lists"),
    ("steeplechase", "piles.t9", [], "field 'piles.t9': no such pile in steeplechase (piles: o, f1, f2, f3, f4, f5, f6, f7, f8, t1, t2, t3, t4, t5, t6, t7, t8, s, w)"),
    ("steeplechase", "piles.t1", DELETE, "field 'piles.t1': expected a list of cards, got None"),
    ("steeplechase", "piles.t1", "AH", "field 'piles.t1': expected a list of cards, got 'AH'"),
    ("steeplechase", "piles.t1", [14], "field 'piles.t1': not a card: 14"),
    ("steeplechase", "piles.t1", [None], "field 'piles.t1': not a card: None"),
    ("steeplechase", "piles.t1", ["1H"], "field 'piles.t1': not a card: '1H' (the rank must be one of A 2 … 9 T J Q K)"),
    ("steeplechase", "piles.t2", ["AH", "AH"], "field 'piles': the cards are not the game's pack of 104: too many AH"),
    ("steeplechase", "piles.t2", [], "field 'piles': the cards are not the game's pack of 104: missing AH"),
    ("steeplechase", "piles.t2", ["KS"], "field 'piles': the cards are not the game's pack of 104: too many KS; missing AH"),
    # face-down cards
    ("klondike", "face_down", [1], "field 'face_down': expected an object of pile names to counts"),
    ("klondike", "face_down.t9", 1, "field 'face_down.t9': no such pile in klondike (piles: f1, f2, f3, f4, t1, t2, t3, t4, t5, t6, t7, s, w)"),
    ("klondike", "face_down.t7", 9, "field 'face_down.t7': expected a count from 0 to 8, got 9"),
    ("klondike", "face_down.t7", -1, "field 'face_down.t7': expected a count from 0 to 8, got -1"),
    ("klondike", "face_down.t7", "6", "field 'face_down.t7': expected a count from 0 to 8, got '6'"),
    ("klondike", "face_down.t7", 7, "field 'moves': the moves from the deal do not lead to the saved piles"),
    ("klondike", "face_down.s", 3, "field 'face_down.s': klondike never has face-down cards on this pile"),
    ("steeplechase", "face_down", {"o": 12}, "field 'face_down.o': steeplechase never has face-down cards on this pile"),
    # variables
    ("steeplechase", "vars", ["base_rank"], "field 'vars': expected an object of variable names to values"),
    ("steeplechase", "vars.score", 1, "field 'vars.score': steeplechase keeps no variable of that name (variables: base_rank)"),
    ("steeplechase", "vars.base_rank", "J", "field 'vars.base_rank': expected the base rank, a whole number from 1 (ace) to 13 (king); got 'J'"),
    ("steeplechase", "vars.base_rank", 14, "field 'vars.base_rank': expected the base rank, a whole number from 1 (ace) to 13 (king); got 14"),
    ("steeplechase", "vars.base_rank", [11], "field 'vars.base_rank': expected a value like None, got [11]"),
    ("klondike", "vars.redeals_used", -1, "field 'vars.redeals_used': expected a whole number 0 or more, got -1"),
    ("blockade", "vars.released_cell", "x", "field 'vars.released_cell': expected a pile from g1 to g110, or null; got 'x'"),
    ("blockade", "vars.released_cell", "s", "field 'vars.released_cell': expected a pile from g1 to g110, or null; got 's'"),
    ("blockade", "vars.released_cell", 17, "field 'vars.released_cell': expected a pile from g1 to g110, or null; got 17"),
    ("blockade", "vars.released_cell", "g17", "field 'vars.release_used': it is true exactly when 'released_cell' names the cell released"),
    ("blockade", "vars.release_used", True, "field 'vars.release_used': it is true exactly when 'released_cell' names the cell released"),
    ("blockade", "vars.release_used", "yes", "field 'vars.release_used': expected a value like False, got 'yes'"),
    ("blockade", "vars.grid_rows", 0, "field 'vars.grid_rows': expected a whole number from 1 to 11, got 0"),
    ("blockade", "vars.grid_rows", 12, "field 'vars.grid_rows': expected a whole number from 1 to 11, got 12"),
    ("blockade", "vars.grid_rows", 10**30, "field 'vars.grid_rows': expected a whole number from 1 to 11, got 1000000000000000000000000000000"),
    # the deal and the moves
    ("steeplechase", "seed", -1, "field 'seed': a seed is a whole number from 0 to 9007199254740991, or a named deal such as 'ms:617'; got -1"),
    ("steeplechase", "seed", 1.5, "field 'seed': a seed is a whole number from 0 to 9007199254740991, or a named deal such as 'ms:617'; got 1.5"),
    ("steeplechase", "seed", "ms:1", "field 'seed': no deal called 'ms:1' in Steeplechase: a seed is a whole number, 0 or more"),
    ("steeplechase", "seed", 2, "field 'moves[0]': 't2 f1': 't2 f1' is not legal now: foundations build up by one in alternating colours (an A goes on a K): 6♦ does not go on 2♣"),
    ("steeplechase", "seed", DELETE, "field 'moves': moves need the 'seed' of the deal they were played from"),
    ("steeplechase", "moves", "t7 f3", "field 'moves': expected a list of move texts"),
    ("steeplechase", "moves", [["t7", "f3"]], "field 'moves': expected a list of move texts"),
    ("steeplechase", "moves", ["t2 f1", "fly away"], "field 'moves[1]': 'fly away': no pile called 'fly' (piles are named like o, f1, t1, s, w)"),
    ("steeplechase", "moves", ["t2 f1", "1"], "field 'moves[1]': '1': '1' is not a move; a move names where from and where to, like 't1 f' or 't1 t2 2'"),
    ("steeplechase", "moves", ["t2 f1"], "field 'moves': the moves from the deal do not lead to the saved piles"),
]


@pytest.mark.parametrize(("name", "field", "value", "message"), CASES, ids=[f"{c[0]}-{c[1]}-{c[3][:30]}" for c in CASES])
def test_a_damaged_state_is_refused_naming_the_field(games, name, field, value, message):
    game = games[name]
    good = saved(game)
    data = damaged(good, field, value)
    before = copy.deepcopy(data)
    initial = dict(game.initial_vars)
    with pytest.raises(StateError) as caught:
        game.state_from_json(data)
    assert str(caught.value) == message
    # Nothing changed: not the data, not the game; the undamaged state still loads.
    assert data == before and game.initial_vars == initial
    assert game.state_from_json(good).to_json() == good


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not JSON: Expecting value at line 1 column 1"),
        ('{"format": "patience-state", "version": 1, "game": "stee', "not JSON: Unterminated string starting at line 1 column 52"),
        ("[" * 1_000_000, "nested deeper than 200 levels"),
        ("[" * 201 + "]" * 201, "nested deeper than 200 levels"),
        ('{"version": ' + "9" * 5000 + "}", "a number of 5000 characters (at most 100)"),
        ('{"version": 0.' + "5" * 99 + "}", "a number of 101 characters (at most 100)"),
        ('{"version": NaN}', "NaN is not a JSON number"),
        ('{"format": "patience-state", "format": "x"}', "the key 'format' appears twice in one object"),
        ('{"piles": {"t1": [], "t1": []}}', "the key 't1' appears twice in one object"),
        ("[]", "a state is a JSON object"),
        ('"patience-state"', "a state is a JSON object"),
        ("null", "a state is a JSON object"),
    ],
)
def test_text_that_is_not_a_state_is_refused(games, text, message):
    with pytest.raises(StateError) as caught:
        games["steeplechase"].state_from_json(text)
    assert str(caught.value) == message


def test_a_save_cut_short_anywhere_is_refused(games):
    text = json.dumps(saved(games["blockade"]))
    for end in range(0, len(text), 7):
        with pytest.raises(StateError, match=r"^not JSON: "):
            games["blockade"].state_from_json(text[:end])


def test_a_state_without_moves_is_checked_by_the_plugins_too(games):
    game = games["blockade"]
    data = game.deal(1).to_json()
    del data["seed"], data["moves"]
    data["piles"]["g25"], data["piles"]["s"] = data["piles"]["s"][-1:], data["piles"]["s"][:-1]
    with pytest.raises(StateError, match=r"^field 'vars.grid_rows': 1 rows are dealt, but pile g25 below them holds a card$"):
        game.state_from_json(data)
    data["vars"]["grid_rows"] = 3
    assert game.state_from_json(data).vars["grid_rows"] == 3


def test_a_ten_megabyte_card_is_quoted_in_eighty_characters(games):
    data = games["steeplechase"].deal(1).to_json()
    data["piles"]["t1"][0] = "X" * 10_000_000
    with pytest.raises(StateError) as caught:
        games["steeplechase"].state_from_json(data)
    assert str(caught.value) == f"field 'piles.t1': not a card: {'X' * 80!r}… (the suit must be one of C D H S)"


def test_a_ten_megabyte_move_is_quoted_in_eighty_characters(games):
    with pytest.raises(framework.MoveError) as caught:
        games["steeplechase"].deal(1).parse_move("Q" * 10_000_000)
    assert str(caught.value).startswith(f"{'Q' * 80!r}… is not a move; ")


def test_a_saved_file_is_read_within_the_same_limits(games, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 1_000_000)
    with pytest.raises(StateError) as caught:
        load_session(str(path))
    assert str(caught.value) == f"{path}: nested deeper than 200 levels"
