"""Swept over games that between them use every key and word of the rule vocabulary: every illegal move is
refused with the rule it breaks, and no pile the solver takes for a sink gives up a card.

``State.explain`` falls back on "the rules do not allow ... now" only where no refusal of
``framework/refusals.py`` (nor a plugin) finds the rule a move breaks, as for a key the kernel obeys and the
refusals do not know. The solver's ``sink_piles`` (``solver/canonical.py``) are the piles it takes to give up no
card whatever is played, as for a key that lets cards leave a pile the function does not know. A new key is
played here by the games that use it (``swept_games`` picks them from the built-in games), and a key that no
game uses fails the first test: docs/development.md, "Adding a key to the rule vocabulary".
"""

from __future__ import annotations

import dataclasses
import enum
import random
import typing
from collections.abc import Iterator
from typing import Any

import pytest

import framework
from framework import Move, plugins, spec
from framework.solver.canonical import sink_piles

#: The keys that change no rule of play (titles, texts, how piles are drawn), each as its class of the spec names it.
NOT_PLAY = frozenset({"GameSpec.id", "GameSpec.name", "GameSpec.source", "GameSpec.summary", "GameSpec.rules",
                      "GameSpec.difficulty", "GameSpec.family", "GameSpec.pysolfc", "GameSpec.published",
                      "GameSpec.layout_rows", "GroupSpec.name", "GroupSpec.label", "GroupSpec.fan",
                      "GroupSpec.rows_of", "PySolFCName", "PublishedRate"})
#: Words of ``State.explain`` that name no rule.
NO_RULE = "the rules do not allow "


def _inner_types(hint: Any) -> list[Any]:
    """The types a field's type hint is made of (``tuple[BuildRule, ...] | None``: BuildRule, NoneType, ...)."""
    arguments = typing.get_args(hint)
    return [hint] if not arguments else [inner for argument in arguments for inner in _inner_types(argument)]


def vocabulary() -> set[str]:
    """Every key of the spec, named by its class (``BuildRule.direction``), every word of its enums
    (``GroupSpec.pick=run``), and every built-in plugin (``plugin=gaps``)."""
    words = {f"plugin={name}" for name in plugins.plugin_names()
             if plugins.plugin_entry_points()[name].value.startswith("patience_plugins.")}
    kinds: list[type] = [spec.GameSpec]
    for kind in kinds:
        hints = typing.get_type_hints(kind)
        for field in dataclasses.fields(kind):
            key = f"{kind.__name__}.{field.name}"
            words.add(key)
            for inner in _inner_types(hints[field.name]):
                if isinstance(inner, type) and issubclass(inner, enum.Enum):
                    words |= {f"{key}={word.value}" for word in inner}
                elif dataclasses.is_dataclass(inner) and inner not in kinds:
                    kinds.append(inner)
    return words


def _default(field: dataclasses.Field[Any]) -> Any:
    if field.default is not dataclasses.MISSING:
        return field.default
    return field.default_factory() if field.default_factory is not dataclasses.MISSING else dataclasses.MISSING


def used(value: Any) -> set[str]:
    """The keys of ``vocabulary`` that a spec (or a part of one) gives other than by default, and its enum words."""
    if isinstance(value, tuple):
        return set().union(*map(used, value))
    if not dataclasses.is_dataclass(value):
        return set()
    words = {f"plugin={use.name}" for use in value.plugins} if isinstance(value, spec.GameSpec) else set()
    for field in dataclasses.fields(value):
        key = f"{type(value).__name__}.{field.name}"
        inner = getattr(value, field.name)
        if inner != _default(field):
            words.add(key)
        if isinstance(inner, enum.Enum):
            words.add(f"{key}={inner.value}")
        words |= used(inner)
    return words


def played(words: set[str]) -> set[str]:
    """``words`` less the keys of ``NOT_PLAY`` and their words."""
    return {word for word in words
            if word.split("=")[0] not in NOT_PLAY and word.split(".")[0] not in NOT_PLAY}


@pytest.fixture(scope="module")
def uses() -> dict[str, set[str]]:
    """The keys and words of the vocabulary that change play, used by each built-in game."""
    return {name: played(used(framework.load_spec(path))) for name, path in framework.available_games().items()}


@pytest.fixture(scope="module")
def swept_games(uses: dict[str, set[str]]) -> list[str]:
    """Few built-in games that between them use every key and word that any of them uses: at each step, the game
    that uses most of those not yet used."""
    left = set().union(*uses.values())
    chosen = []
    while left:
        best = max(sorted(uses), key=lambda name: len(uses[name] & left))
        chosen.append(best)
        left -= uses[best]
    return chosen


def test_every_key_and_word_that_changes_play_is_used_by_a_swept_game(uses, swept_games):
    unused = sorted(played(vocabulary()) - set().union(*(uses[name] for name in swept_games)))
    assert unused == [], ("no built-in game uses these, so no test plays them: add a game to rules/ that does "
                          "(or, for a key that changes no rule of play, name it in NOT_PLAY here)")


def candidates(state: framework.State, rng: random.Random, seen: set[Move]) -> set[Move]:
    """Moves to ask about in ``state``: the actions legal anywhere in the game so far (``seen``), every card move
    from the source of a legal one, and card moves between random piles, of 1 to one more than the source holds."""
    piles = len(state.piles)
    found = set(seen)
    for move in state.legal_moves():
        if not move.action:
            found |= {Move(move.source, target, move.count) for target in range(piles) if target != move.source}
            found.add(Move(move.source, move.target, move.count + 1))
    for _ in range(100):
        source, target = rng.randrange(piles), rng.randrange(piles)
        if source != target:
            found.add(Move(source, target, rng.randint(1, len(state.piles[source]) + 1)))
    return found


def playouts(game: framework.Game, seeds: int = 2, moves: int = 40) -> Iterator[tuple[str, framework.State, Move]]:
    """Each position of a few random games of ``game`` (where: the game, the deal and the moves played), before
    the move then played in it."""
    for seed in range(seeds):
        rng = random.Random(f"{game.id}:{seed}")
        state = game.deal(seed)
        for played_ in range(moves):
            legal = state.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            yield f"{game.id}, deal {seed}, after {played_} random moves", state, move
            state.push(move)


def test_every_illegal_move_is_refused_with_the_rule_it_breaks(swept_games):
    unexplained = []
    for name in swept_games:
        game = framework.load_game(name)
        rng = random.Random(name)
        seen: set[Move] = set()
        for where, state, _ in playouts(game):
            seen |= {move for move in state.legal_moves() if move.action}
            for move in sorted(candidates(state, rng, seen)):
                if not state.is_legal(move) and state.explain(move).startswith(NO_RULE):
                    unexplained.append(f"{where}: {state.move_text(move)!r} ({move})")
    assert unexplained[:5] == [], (f"{len(unexplained)} illegal moves are refused without the rule they break: "
                                   "teach framework/refusals.py the rule (docs/development.md)")


def test_no_pile_the_solver_takes_for_a_sink_gives_up_a_card(swept_games):
    gave = []
    for name in swept_games:
        game = framework.load_game(name)
        sinks = sink_piles(game)
        for where, state, move in playouts(game):
            before = [len(state.piles[pile]) for pile in sinks]
            state.push(move)
            after = [len(state.piles[pile]) for pile in sinks]
            state.pop()
            gave += [f"{where}: {state.move_text(move)!r} takes cards from {game.pile_names[pile]}"
                     for pile, was, now in zip(sinks, before, after) if now < was]
    assert gave[:5] == [], (f"{len(gave)} moves take cards from piles the solver takes for sinks: teach "
                            "sink_piles (framework/solver/canonical.py) the rule that lets cards leave them")
