"""States to JSON and back.

The JSON object holds the position (piles, face-down counts, variables) and,
when the state came from a numbered deal, the seed and the moves played, so
that a state read back can still undo them. The format is in ``docs/formats.md``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .cards import CardError, card_text, parse_card
from .errors import MoveError, PatienceError, StateError
from .moves import BASE_RANK_VAR
from .notation import move_text

if TYPE_CHECKING:
    from .game import Game
    from .state import State

FORMAT = "patience-state"
VERSION = 1


def state_to_json(state: State) -> dict[str, Any]:
    """The JSON-ready object of ``state``."""
    game = state.game
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": game.id}
    if state.seed is not None:
        data["seed"] = state.seed
    data["piles"] = {name: [card_text(card) for card in state.piles[index]] for index, name in enumerate(game.pile_names)}
    face_down = {name: state.face_down[index] for index, name in enumerate(game.pile_names) if state.face_down[index]}
    if face_down:
        data["face_down"] = face_down
    data["vars"] = dict(state.vars)
    if state.seed is not None:
        data["moves"] = [move_text(game, move) for move in state.move_stack]
    return data


def state_from_json(game: Game, data: Mapping[str, Any] | str) -> State:
    """The state ``data`` describes; ``StateError`` naming the field if it is not a state of ``game``."""
    from .state import State

    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as error:
            raise StateError(f"not JSON: {error.msg} at line {error.lineno} column {error.colno}") from None
    if not isinstance(data, Mapping):
        raise StateError("a state is a JSON object")
    if data.get("format") != FORMAT:
        raise StateError(f"field 'format': expected {FORMAT!r}, got {data.get('format')!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise StateError("field 'version': expected a whole number")
    if version > VERSION:
        raise StateError(f"field 'version': {version} is newer than this program reads ({VERSION}); upgrade patience")
    if data.get("game") != game.id:
        raise StateError(f"field 'game': this is a state of {data.get('game')!r}, not of {game.id!r}")

    piles_data = data.get("piles")
    if not isinstance(piles_data, Mapping):
        raise StateError("field 'piles': expected an object of pile names to card lists")
    for name in piles_data:
        if name not in game.pile_names:
            raise StateError(f"field 'piles.{name}': no such pile in {game.id} (piles: {', '.join(game.pile_names)})")
    piles: list[list[int]] = []
    for name in game.pile_names:
        cards = piles_data.get(name)
        if not isinstance(cards, list):
            raise StateError(f"field 'piles.{name}': expected a list of cards")
        try:
            piles.append([parse_card(card) if isinstance(card, str) else _not_card(card) for card in cards])
        except CardError as error:
            raise StateError(f"field 'piles.{name}': {error}") from None
    _check_cards(game, piles)

    face_down = [0] * len(piles)
    face_down_data = data.get("face_down", {})
    if not isinstance(face_down_data, Mapping):
        raise StateError("field 'face_down': expected an object of pile names to counts")
    for name, count in face_down_data.items():
        if name not in game.pile_names:
            raise StateError(f"field 'face_down.{name}': no such pile")
        index = game.pile_index(name)
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= len(piles[index]):
            raise StateError(f"field 'face_down.{name}': expected a count from 0 to {len(piles[index])}")
        face_down[index] = count

    variables = dict(game.initial_vars)
    vars_data = data.get("vars", {})
    if not isinstance(vars_data, Mapping):
        raise StateError("field 'vars': expected an object")
    for name, value in vars_data.items():
        if name not in variables:
            raise StateError(f"field 'vars.{name}': {game.id} keeps no variable of that name")
        expected = variables[name]
        if not isinstance(value, (int, str, bool, type(None))) or (
            expected is not None and value is not None and type(value) is not type(expected)
        ):
            raise StateError(f"field 'vars.{name}': expected a value like {expected!r}, got {value!r}")
        variables[name] = value
    if game.spec.base_rank is not None:
        base = variables.get(BASE_RANK_VAR)
        if isinstance(base, bool) or not isinstance(base, int) or not 1 <= base <= 13:
            raise StateError(f"field 'vars.{BASE_RANK_VAR}': expected the base rank, a whole number from 1 (ace) to 13 (king); got {base!r}")
    seed = data.get("seed")
    if seed is not None:
        try:
            game.pack_order(seed)
        except PatienceError as error:
            raise StateError(f"field 'seed': {error}") from None

    state = State(game, piles, face_down, variables, seed)
    moves = data.get("moves")
    if seed is None:
        if moves:
            raise StateError("field 'moves': moves need the 'seed' of the deal they were played from")
        return state
    if moves is None:
        moves = []
    if not isinstance(moves, list) or not all(isinstance(text, str) for text in moves):
        raise StateError("field 'moves': expected a list of move texts")
    replayed = game.deal(seed)
    for number, text in enumerate(moves, 1):
        try:
            replayed.push(replayed.parse_move(text))
        except (MoveError, PatienceError) as error:
            raise StateError(f"field 'moves[{number - 1}]': {text!r}: {error}") from None
    if replayed.position_key() != state.position_key():
        raise StateError("field 'moves': the moves from the deal do not lead to the saved piles")
    return replayed


def _not_card(value: Any) -> int:
    raise CardError(f"not a card: {value!r}")


def _check_cards(game: Game, piles: list[list[int]]) -> None:
    have = Counter(card for pile in piles for card in pile)
    want = Counter(game.pack)
    if have != want:
        extra = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        parts = []
        if extra:
            parts.append("too many " + " ".join(card_text(card) for card in extra))
        if missing:
            parts.append("missing " + " ".join(card_text(card) for card in missing))
        raise StateError(f"field 'piles': the cards are not the game's pack of {game.total_cards}: {'; '.join(parts)}")
