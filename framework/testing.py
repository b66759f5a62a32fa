"""Helpers for testing games and plugins: positions written as card text, and random-game checks.

``docs/authoring.md`` and ``docs/plugins.md`` show them in tests.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from .cards import card_text, parse_card
from .game import Game
from .moves import Move
from .state import State


def position(game: Game, piles: Mapping[str, str], *, rest: str | None = None, **variables: Any) -> State:
    """A state of ``game`` with the given piles; every other pile is empty.

    ``piles`` maps pile names to cards, bottom first; cards before a ``|`` lie
    face down (``"3C 4D | 5H"``). ``variables`` override the game's starting
    state variables (``base_rank=7``). The cards need not make up the whole pack,
    so a position can hold just what a rule needs; with ``rest``, the pack's
    cards not named go, in card order, to the bottom of pile ``rest`` (under the
    cards named for it, face down if those begin face down), so that the pack
    stays whole: ``ValueError`` if the piles name more of a card than the
    pack holds.
    """
    contents: list[list[int]] = [[] for _ in game.pile_names]
    face_down = [0] * len(contents)
    for name, text in piles.items():
        down, _, up = text.rpartition("|")
        index = game.pile_index(name)
        contents[index] = [parse_card(word) for word in down.split() + up.split()]
        face_down[index] = len(down.split())
    if rest is not None:
        _fill(game, contents, face_down, game.pile_index(rest))
    unknown = set(variables) - set(game.initial_vars)
    if unknown:
        raise KeyError(f"{game.id} keeps no variable {sorted(unknown)[0]!r}")
    return State(game, contents, face_down, dict(game.initial_vars, **variables))


def _fill(game: Game, contents: list[list[int]], face_down: list[int], index: int) -> None:
    """Lay the pack's cards that ``contents`` (each pile's cards) does not hold, in card order, at the bottom of
    pile ``index``, face down if its cards begin face down."""
    left = Counter(game.pack)
    left.subtract(card for cards in contents for card in cards)
    too_many = sorted(card for card, count in left.items() if count < 0)
    if too_many:
        raise ValueError(f"the position holds more cards than the pack: {' '.join(map(card_text, too_many))}")
    extra = sorted(left.elements())
    contents[index] = extra + contents[index]
    if face_down[index]:
        face_down[index] += len(extra)


def legal_texts(state: State) -> set[str]:
    """The texts of the legal moves of ``state``; AssertionError if two moves share a text."""
    texts = [state.move_text(move) for move in state.legal_moves()]
    assert len(texts) == len(set(texts)), f"two legal moves share a text: {sorted(texts)}"
    return set(texts)


def check_random_games(game: Game, seeds: Iterable[int] = range(10), moves: int = 200) -> int:
    """Play random games of ``game`` and check the kernel's promises; the number of moves made.

    After every move: no card is lost or made, every pile whose cards changed
    is among ``changed_piles()``, ``pop`` restores the state exactly, the move's
    text reads back to the move; at the end of each game the state survives a
    JSON round trip and can be undone back to the deal.
    AssertionError says what broke, with the seed.
    """
    made = 0
    for seed in seeds:
        state = game.deal(seed)
        opening = state.to_json()
        rng = random.Random(seed)
        while len(state.move_stack) < moves:
            legal = state.legal_moves()
            if not legal:
                break
            _check_move(state, rng.choice(legal), seed)
            made += 1
        _check_undone(state, opening, seed)
    return made


def _check_move(state: State, move: Move, seed: int) -> None:
    """Play ``move`` on ``state`` (of the deal ``seed``), checking that its text reads back to it, that it keeps the
    pack whole and names the piles it changes, and that ``pop`` restores the state exactly."""
    before = state.to_json()
    assert state.parse_move(state.move_text(move)) == move, \
        f"seed {seed}: {state.move_text(move)!r} reads back as another move"
    piles = [list(pile) for pile in state.piles]
    state.push(move)
    assert Counter(card for pile in state.piles for card in pile) == Counter(state.game.pack), \
        f"seed {seed}: cards changed after {state.move_text(move)!r}"
    named = state.changed_piles()
    unnamed = [pile for pile, cards in enumerate(piles) if state.piles[pile] != cards and pile not in named]
    assert not unnamed, f"seed {seed}: {state.move_text(move)!r} changed piles {unnamed}, not named changed"
    state.pop()
    assert state.to_json() == before, \
        f"seed {seed}: pop after {state.move_text(move)!r} did not restore the state"
    state.push(move)


def _check_undone(state: State, opening: dict[str, Any], seed: int) -> None:
    """Check that ``state`` survives a JSON round trip and that undoing all its moves leads back to ``opening``, the
    deal ``seed`` as JSON."""
    text = json.dumps(state.to_json())
    again = state.game.state_from_json(json.loads(text))
    assert json.dumps(again.to_json()) == text, f"seed {seed}: the JSON round trip changed the state"
    while again.move_stack:
        again.pop()
    assert again.to_json()["piles"] == opening["piles"], \
        f"seed {seed}: undoing every move did not lead back to the deal"
