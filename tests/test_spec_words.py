"""The rule vocabulary is declared once: the JSON Schema, the enums and defaults of framework/spec.py and
the loader's tables of keys say the same, so that adding a word or a key in one place and not the others fails here.
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from typing import Any

import pytest

from framework import loader, spec
from framework.schemacheck import game_schema

GROUP = ("$defs", "group", "properties")
WORDS = [
    (("properties", "won_when", "anyOf", "0"), spec.WonWhen),
    (("properties", "difficulty"), spec.Difficulty),
    (GROUP + ("role",), spec.Role),
    (GROUP + ("pick",), spec.Pick),
    (GROUP + ("fan",), spec.Fan),
    (GROUP + ("run_limit",), spec.RunLimit),
    (GROUP + ("when_empty", "properties", "accepts", "anyOf", "0"), spec.Accepts),
    (("$defs", "build", "properties", "direction"), spec.Direction),
    (("$defs", "build", "properties", "suit"), spec.SuitRule),
]


def at(path: tuple[str, ...]) -> dict[str, Any]:
    """The part of the rule-file schema at ``path`` (its own keys: properties, $defs, ...; list indices as text)."""
    found: Any = game_schema()
    for step in path:
        found = found[int(step)] if isinstance(found, list) else found[step]
    return found


@pytest.mark.parametrize(("path", "words"), WORDS, ids=[words.__name__ for _, words in WORDS])
def test_the_schema_takes_exactly_the_words_of_each_enum(path: tuple[str, ...], words: type[StrEnum]):
    assert at(path)["enum"] == [word.value for word in words]


DEFAULTS = [
    (("properties", "won_when"), spec.GameSpec, "won_when"),
    (GROUP + ("piles",), spec.GroupSpec, "piles"),
    (GROUP + ("cards_per_turn",), spec.GroupSpec, "cards_per_turn"),
    (GROUP + ("redeals",), spec.GroupSpec, "redeals"),
    (GROUP + ("run_limit",), spec.GroupSpec, "run_limit"),
    (GROUP + ("turn_up_top",), spec.GroupSpec, "turn_up_top"),
    (GROUP + ("fill_at_once",), spec.GroupSpec, "fill_at_once"),
    (GROUP + ("keeps",), spec.GroupSpec, "keeps"),
    (GROUP + ("ranks_of_pile_before",), spec.GroupSpec, "ranks_of_pile_before"),
    (GROUP + ("layers_of_one_suit",), spec.GroupSpec, "layers_of_one_suit"),
    (GROUP + ("needs_no_empty_piles",), spec.GroupSpec, "needs_no_empty_piles"),
    (GROUP + ("when_empty", "properties", "accepts"), spec.EmptyRule, "accepts"),
    (GROUP + ("when_empty", "properties", "stock_turned_first"), spec.EmptyRule, "stock_turned_first"),
    (("$defs", "build", "properties", "suit"), spec.BuildRule, "suit"),
    (("$defs", "build", "properties", "wrap"), spec.BuildRule, "wrap"),
    (("$defs", "build", "properties", "step"), spec.BuildRule, "step"),
    (("properties", "pairs", "properties", "same_rank"), spec.PairRule, "same_rank"),
    (("properties", "pairs", "properties", "same_suit"), spec.PairRule, "same_suit"),
    (("properties", "sets", "properties", "same_suit"), spec.SetRule, "same_suit"),
    (("properties", "sets", "properties", "same_rank"), spec.SetRule, "same_rank"),
    (GROUP + ("gather_and_deal", "properties", "shuffle"), spec.GatherRule, "shuffle"),
    (GROUP + ("gather_pile_by_pile", "properties", "last_pile_first"), spec.GatherRule, "last_pile_first"),
    (GROUP + ("gather_and_deal", "properties", "last_pile_first"), spec.GatherRule, "last_pile_first"),
]


@pytest.mark.parametrize(("path", "kind", "field"), DEFAULTS, ids=[f"{kind.__name__}.{field}" for _, kind, field in DEFAULTS])
def test_a_default_the_schema_documents_is_the_specs(path: tuple[str, ...], kind: type, field: str):
    defaults = {item.name: item.default for item in dataclasses.fields(kind)}
    assert at(path)["default"] == defaults[field]


def test_every_default_the_schema_documents_is_checked_here():
    documented = set()

    def walk(value: Any, path: tuple[str, ...]) -> None:
        if isinstance(value, dict):
            if "default" in value and path[-2:-1] == ("properties",):
                documented.add(path)
            for key, inner in value.items():
                walk(inner, path + (key,))
        elif isinstance(value, list):
            for index, inner in enumerate(value):
                walk(inner, path + (str(index),))

    walk(game_schema(), ())
    checked = {path for path, _, _ in DEFAULTS}
    deal_step = {("$defs", "dealStep", "properties", key) for key in ("face_down", "by_rows", "play_to_foundations")}
    assert documented - deal_step == checked


def test_the_loader_reads_every_key_of_a_group_and_of_a_game_into_the_spec():
    assert set(loader.GROUP_KEYS) == set(at(GROUP))
    whole = {"groups", "deal", "plugins"}  # read into specs of their own
    assert set(loader.GAME_KEYS) | whole == set(at(("properties",)))
    fields = {item.name for item in dataclasses.fields(spec.GroupSpec)} - {"name"}
    assert {field for field, _ in loader.GROUP_KEYS.values()} == fields
