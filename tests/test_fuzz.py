"""Fuzzing the two doors where outside data comes in: the rule loader and the state loader.

Whatever the input, the loader answers with ``LoadError`` (or a game) and the state
loader with ``StateError`` (or a state); anything else is a bug. What does load must
then play: cards conserved, exact undo, JSON round trips.

The suite runs a few hundred examples, the same ones every run. For a longer, random
run: ``python benchmarks/fuzz.py --examples 20000`` (see there).
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import framework
from framework import LoadError, PatienceError, PluginError, StateError
from framework.testing import check_random_games

#: Examples per test; benchmarks/fuzz.py raises it and turns on random draws.
EXAMPLES = int(os.environ.get("PATIENCE_FUZZ_EXAMPLES", "100"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=os.environ.get("PATIENCE_FUZZ_RANDOM") != "1",
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

GAMES = framework.available_games()
RULE_TEXTS = {name: path.read_text(encoding="utf-8") for name, path in GAMES.items()}

#: What a mutation may put into a rule file: YAML's traps, the vocabulary's words, odd values.
TOKENS = [
    "no", "off", "yes", "~", "null", "010", "0x1F", "1:30", "1e3", ".inf", ".nan", "1.5", "-1", "0", "1", "13",
    "200", "99999999999999999999", "''", "[", "]", "{", "}", ",", ": ", "- ", "&a ", "*a", "<<: *a", "? ",
    "!!python/object/apply:os.system [ls]", "!!binary aGk=", "!tag", "!!set", "\t", "  ", "\n", "#", "---", "|",
    ">", '"', "'", "%", "@", "`", "\\", "rest", "tableau", "foundation", "stock", "waste", "reserve", "cell", "grid",
    "base rank", "first foundation card", "A", "K", "10", "up", "down", "either", "none", "run", "any tail",
    "nothing", "top card", "unlimited", "true", "false", "same suit", "alternate colours", "by_rows: true",
    "face_down: 3", "cards: [1, 2]", "pile: 2", "piles: 3", "card: AS", "columns: 10", "max_cards: 1",
    "plugins: [grid-access]", "suits: [spades]", "\u00e9", "\u0430", "\u202e", "\x85", "\ufeff",
]
OPERATIONS = ["delete line", "duplicate line", "swap lines", "replace word", "insert", "truncate"]
mutations = st.lists(
    st.tuples(st.sampled_from(OPERATIONS), st.integers(0, 10**6), st.integers(0, 10**6), st.sampled_from(TOKENS)),
    min_size=1, max_size=4,
)


def mutated(text: str, steps: list[tuple[str, int, int, str]]) -> str:
    """``text`` changed by each step in turn."""
    for operation, first, second, token in steps:
        lines = text.splitlines(keepends=True) or [""]
        line, other = first % len(lines), second % len(lines)
        if operation == "delete line":
            del lines[line]
        elif operation == "duplicate line":
            lines.insert(line, lines[line])
        elif operation == "swap lines":
            lines[line], lines[other] = lines[other], lines[line]
        elif operation == "replace word":
            words = list(re.finditer(r"[\w.:-]+", lines[line]))
            if words:
                word = words[second % len(words)]
                lines[line] = lines[line][: word.start()] + token + lines[line][word.end():]
        text = "".join(lines)
        if operation == "insert":
            place = first % (len(text) + 1)
            text = text[:place] + token + text[place:]
        elif operation == "truncate":
            text = text[: first % (len(text) + 1)]
    return text


def refused_or_played(raw: bytes | str) -> None:
    """Load ``raw`` as a rule file: refused with one-line problems, or loaded and then played."""
    try:
        spec = framework.parse_spec(raw, source="fuzz.yaml", game_id="fuzz")
    except LoadError as error:
        assert error.problems
        assert all("\n" not in problem.message and problem.source == "fuzz.yaml" for problem in error.problems)
        return
    try:
        game = framework.Game(spec)
    except PluginError:
        raise
    except PatienceError:  # a plugin that refuses options the schema allowed, named in its message
        return
    check_random_games(game, [len(spec.groups)], moves=10)


# --- the rule loader ---------------------------------------------------------------------


@FUZZ
@given(st.sampled_from(sorted(RULE_TEXTS)), mutations)
def test_a_mutated_rule_file_is_refused_or_plays(name, steps):
    refused_or_played(mutated(RULE_TEXTS[name], steps))


@FUZZ
@given(st.text())
def test_any_text_is_refused_or_plays(text):
    refused_or_played(text)


@FUZZ
@given(st.binary())
def test_any_bytes_are_refused_or_play(raw):
    refused_or_played(raw)


YAML_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.floats(allow_nan=True) | st.sampled_from(TOKENS) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.sampled_from(TOKENS) | st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)


@FUZZ
@given(st.sampled_from(sorted(RULE_TEXTS)), st.data())
def test_a_rule_file_with_a_value_replaced_is_refused_or_plays(name, data):
    """Structure-aware: one value anywhere in a real rule file is replaced by any YAML value."""
    import yaml

    document = yaml.safe_load(RULE_TEXTS[name])
    place, key = _random_place(document, data)
    place[key] = data.draw(YAML_VALUES, label="value")
    refused_or_played(yaml.safe_dump(document, allow_unicode=True))


def _random_place(document: Any, data: st.DataObject) -> tuple[Any, Any]:
    """A container in ``document`` and a key or index of it, chosen by hypothesis."""
    place, key = document, data.draw(st.sampled_from(sorted(document)), label="key")
    while isinstance(place[key], (dict, list)) and place[key] and data.draw(st.booleans(), label="deeper"):
        place = place[key]
        key = data.draw(st.sampled_from(sorted(place) if isinstance(place, dict) else range(len(place))), label="key")
    return place, key


# --- the state loader --------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats() | st.text(max_size=6)
    | st.sampled_from(["AS", "KH", "10d", "t1", "g17", "s", "w", "f1", "ms:1", "patience-state"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=10,
)


#: The shipped games, loaded once.
loaded = functools.cache(framework.load_game)


def real_state(name: str, seed: int, moves: int, with_moves: bool) -> dict[str, Any]:
    """The JSON of deal ``seed`` of game ``name`` after up to ``moves`` random moves."""
    game = loaded(name)
    state = game.deal(seed)
    choose = random.Random(seed).choice
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state.push(choose(legal))
    data = state.to_json()
    if not with_moves:
        del data["seed"], data["moves"]
    return data


def refused_or_sound(game: framework.Game, data: Any) -> None:
    """Read ``data`` as a state of ``game``: refused with a StateError, or a state that plays."""
    try:
        state = game.state_from_json(data)
    except StateError as error:
        assert "\n" not in str(error)
        return
    before = state.to_json()
    assert game.state_from_json(before).to_json() == before
    pack = Counter(game.pack)
    for move in state.legal_moves():
        state.push(move)
        assert Counter(card for pile in state.piles for card in pile) == pack
        assert game.state_from_json(state.to_json()).to_json() == state.to_json()
        state.pop()
        assert state.to_json() == before
    state.is_over()


states = st.builds(
    real_state,
    st.sampled_from(sorted(GAMES)), st.integers(0, 50), st.integers(0, 40), st.booleans(),
)


@FUZZ
@given(states, st.data())
def test_a_state_with_a_value_replaced_or_removed_is_refused_or_sound(data, draw):
    game = loaded(data["game"])
    place, key = _random_place(data, draw)
    if draw.draw(st.booleans(), label="remove"):
        del place[key]
    else:
        place[key] = draw.draw(JSON_VALUES, label="value")
    refused_or_sound(game, data)


@FUZZ
@given(states, st.sampled_from(["piles", "face_down", "vars"]), st.text(max_size=6), JSON_VALUES)
def test_a_state_with_a_key_added_is_refused_or_sound(data, field, key, value):
    game = loaded(data["game"])
    data.setdefault(field, {})[key] = value
    refused_or_sound(game, data)


@FUZZ
@given(states, mutations)
def test_a_state_text_mutated_is_refused_or_sound(data, steps):
    game = loaded(data["game"])
    refused_or_sound(game, mutated(json.dumps(data, indent=1), steps))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_shipped_game_survives_its_own_fuzzing_seed(name):
    """A smoke test that the fuzz helpers themselves work on every shipped game."""
    refused_or_played(RULE_TEXTS[name])
    refused_or_sound(loaded(name), real_state(name, 1, 10, True))
