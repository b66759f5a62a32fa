"""States to JSON and back.

The JSON object holds the position (piles, face-down counts, variables) and,
when the state came from a deal, the seed and the moves played, so that a
state read back can still undo them. The format is in ``docs/formats.md``.
Reading checks every field against the game and gives the parts of the state
(``read_state``); ``Game.state_from_json`` makes the state of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, TypeGuard

from .cards import CardError, card_text, parse_card
from .errors import PatienceError, StateError, quoted
from .hookcheck import is_like
from .jsontext import parse_json
from .moves import BASE_RANK_VAR, GATHERS_VAR, REDEALS_VAR
from .notation import move_text
from .seeds import Seed, parse_seed
from .spec import UNLIMITED, Role

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
    data["piles"] = {name: [card_text(card) for card in state.piles[index]]
                     for index, name in enumerate(game.pile_names)}
    face_down = {name: state.face_down[index] for index, name in enumerate(game.pile_names) if state.face_down[index]}
    if face_down:
        data["face_down"] = face_down
    data["vars"] = dict(state.vars)
    if state.seed is not None:
        data["moves"] = [move_text(game, move) for move in state.move_stack]
    return data


class SavedState(NamedTuple):
    """The parts of a saved state, each checked against the game: what ``Game.state_from_json`` builds from."""

    piles: list[list[int]]
    face_down: list[int]
    vars: dict[str, Any]
    seed: Seed | None
    moves: list[str]


def read_state(game: Game, data: Mapping[str, Any] | str) -> SavedState:
    """The parts of the state ``data`` describes; ``StateError`` naming the field if it is not a state of ``game``."""
    if isinstance(data, str):
        data = parse_json(data, "")
    if not isinstance(data, Mapping):
        raise StateError("a state is a JSON object")
    _check_header(game, data)
    piles = _read_piles(game, data.get("piles"))
    face_down = _read_face_down(game, data.get("face_down", {}), piles)
    variables = _read_vars(game, data.get("vars", {}))
    seed = _read_seed(game, data.get("seed"))
    return SavedState(piles, face_down, variables, seed, _read_moves(data.get("moves"), seed))


def _read_seed(game: Game, seed: Any) -> Seed | None:
    """The seed of the deal a state was played from, if it gives one: a deal ``game`` has."""
    if seed is None:
        return None
    try:
        parsed = parse_seed(seed)
        game.pack_order(parsed)
    except PatienceError as error:
        raise StateError(f"field 'seed': {error}") from None
    return parsed


def _read_moves(moves: Any, seed: Seed | None) -> list[str]:
    """The texts of the moves played from deal ``seed``, if a state gives them."""
    if moves is None:
        return []
    if not isinstance(moves, list) or not all(isinstance(text, str) for text in moves):
        raise StateError("field 'moves': expected a list of move texts")
    if seed is None and moves:
        raise StateError("field 'moves': moves need the 'seed' of the deal they were played from")
    return moves


def replayed(game: Game, saved: SavedState) -> State:
    """Deal ``saved.seed`` with ``saved.moves`` played, which must lead to the saved position."""
    assert saved.seed is not None
    state = game.deal(saved.seed)
    state.remember_legal_moves(False)  # a save of 10,000 moves would keep 10,000 positions' legal moves
    for number, text in enumerate(saved.moves):
        try:
            state.push(state.parse_move(text))
        except PatienceError as error:
            raise StateError(f"field 'moves[{number}]': {quoted(text)}: {error}") from None
    state.remember_legal_moves(True)
    if (state.piles, state.face_down, state.vars) != (saved.piles, saved.face_down, saved.vars):
        raise StateError("field 'moves': the moves from the deal do not lead to the saved piles")
    return state


def _check_header(game: Game, data: Mapping[str, Any]) -> None:
    if data.get("format") != FORMAT:
        raise StateError(f"field 'format': expected {FORMAT!r}, got {quoted(data.get('format'))}")
    version = data.get("version")
    if not _is_count(version) or version < 1:
        raise StateError(f"field 'version': expected a whole number from 1 to {VERSION}, got {quoted(version)}")
    if version > VERSION:
        raise StateError(f"field 'version': {version} is newer than this program reads ({VERSION}); "
                         "upgrade patience-games")
    if data.get("game") != game.id:
        raise StateError(f"field 'game': this is a state of {quoted(data.get('game'))}, not of {game.id!r}")


def _read_piles(game: Game, piles_data: Any) -> list[list[int]]:
    if not isinstance(piles_data, Mapping):
        raise StateError("field 'piles': expected an object of pile names to card lists")
    for name in piles_data:
        _known_pile(game, "piles", name)
    piles: list[list[int]] = []
    for name in game.pile_names:
        cards = piles_data.get(name)
        if not isinstance(cards, list):
            raise StateError(f"field {_field('piles', name)}: expected a list of cards, got {quoted(cards)}")
        try:
            piles.append([parse_card(card) if isinstance(card, str) else _not_card(card) for card in cards])
        except CardError as error:
            raise StateError(f"field {_field('piles', name)}: {error}") from None
    _check_cards(game, piles)
    return piles


def _read_face_down(game: Game, face_down_data: Any, piles: list[list[int]]) -> list[int]:
    if not isinstance(face_down_data, Mapping):
        raise StateError("field 'face_down': expected an object of pile names to counts")
    face_down = [0] * len(piles)
    may_be_face_down = _piles_dealt_face_down(game)
    for name, count in face_down_data.items():
        index = _known_pile(game, "face_down", name)
        if not _is_count(count) or not 0 <= count <= len(piles[index]):
            raise StateError(f"field {_field('face_down', name)}: expected a count from 0 to {len(piles[index])}, "
                             f"got {quoted(count)}")
        if count and index not in may_be_face_down:
            raise StateError(f"field {_field('face_down', name)}: {game.id} never has face-down cards on this pile")
        face_down[index] = count
    return face_down


def _known_pile(game: Game, field: str, name: Any) -> int:
    """The index of the pile called ``name`` in the object ``field`` of a saved state; refused if ``game`` has none."""
    if name not in game.pile_names:
        raise StateError(f"field {_field(field, name)}: no such pile in {game.id} "
                         f"(piles: {', '.join(game.pile_names)})")
    return game.pile_index(name)


def _piles_dealt_face_down(game: Game) -> set[int]:
    """The piles the opening deal puts face-down cards on: the only ones that hold any in play.

    (Moves take face-up cards only; a stock's cards count as face down without a count.)
    """
    found: set[int] = set()
    for step in game.spec.deal:
        group = game.groups[step.group]
        if group.role == Role.STOCK or not any(step.face_down):
            continue
        found.update(pile for pile, down in zip(game.step_piles(step), step.face_down) if down)
    return found


def _read_vars(game: Game, vars_data: Any) -> dict[str, Any]:
    if not isinstance(vars_data, Mapping):
        raise StateError("field 'vars': expected an object of variable names to values")
    variables = dict(game.initial_vars)
    for name, value in vars_data.items():
        _check_var(game, variables, name, value)
        variables[name] = value
    if game.spec.base_rank is not None:
        _check_base_rank(game, variables.get(BASE_RANK_VAR))
    if REDEALS_VAR in variables:
        _check_count(variables, REDEALS_VAR, [group.spec.redeals for group in game.stocks])
    if GATHERS_VAR in variables:
        _check_count(variables, GATHERS_VAR, [group.spec.gather_and_deal.times for group in game.gatherers
                                              if group.spec.gather_and_deal])
    return variables


def _check_var(game: Game, variables: dict[str, Any], name: str, value: Any) -> None:
    """Refuse variable ``name`` of a saved state if ``game`` keeps no such variable, or ``value`` is not like its
    value at the deal (among ``variables``)."""
    if name not in variables:
        known = ", ".join(variables) or "none"
        raise StateError(f"field {_field('vars', name)}: {game.id} keeps no variable of that name "
                         f"(variables: {known})")
    expected = variables[name]
    if not is_like(value, expected):
        raise StateError(f"field {_field('vars', name)}: expected a value like {expected!r}, got {quoted(value)}")


def _check_base_rank(game: Game, base: Any) -> None:
    """Refuse a base rank that is not a rank, but where the first card laid on a foundation chooses it and none
    has been laid yet (None)."""
    chosen_later = game.base_rank_played and base is None
    if not chosen_later and (not _is_count(base) or not 1 <= base <= 13):
        raise StateError(f"field 'vars.{BASE_RANK_VAR}': expected the base rank, "
                         f"a whole number from 1 (ace) to 13 (king); got {quoted(base)}")


def _check_count(variables: dict[str, Any], name: str, limits: list[int]) -> None:
    """Refuse a count of redeals below 0 or above the most that ``limits`` allow (UNLIMITED: no most)."""
    most = UNLIMITED if UNLIMITED in limits else max(limits)
    used = variables[name]
    if not _is_count(used) or used < 0 or (most >= 0 and used > most):
        allowed = "0 or more" if most < 0 else f"from 0 to {most}"
        raise StateError(f"field 'vars.{name}': expected a whole number {allowed}, got {quoted(used)}")


def _field(*parts: Any) -> str:
    """The name of a field for a message, quoted; a key with odd characters is shown escaped."""
    return quoted(".".join(str(part) for part in parts))


def _is_count(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _not_card(value: Any) -> int:
    raise CardError(f"not a card: {quoted(value)}")


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
