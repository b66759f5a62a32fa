"""What is wrong with a plugin's answer: moves, changes and limits the kernel could not carry out.

Each function says what is wrong with one answer, or None; ``framework.hooks``
turns that into a ``PluginError`` naming the plugin and the hook, before the
nonsense can reach the piles.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .moves import PAIR, Move, SetFaceDown, SetVar, Transfer

if TYPE_CHECKING:
    from .state import State


def move_problem(state: State, move: Any) -> str | None:
    """What is wrong with ``move`` as a move a plugin offers in ``state``, or None."""
    if type(move) is Move and _sound(move, state.piles):  # the usual case first, quickly
        return None
    if not isinstance(move, Move):
        return f"{shown(move)} is not a Move"
    return _fields_problem(move, len(state.piles) - 1) or _card_move_problem(state, move)


def _sound(move: Move, piles: list[list[int]]) -> bool:
    """Whether ``move`` is a sound move of a state with ``piles``, told quickly."""
    source, target, count, action = move
    return (type(source) is type(target) is type(count) is int and type(action) is str and count >= 1
            and -1 <= source < len(piles) and -1 <= target < len(piles)
            and (action not in ("", PAIR) or (action == "" and source >= 0 and target >= 0 and source != target
                                                and count <= len(piles[source]))))


def _fields_problem(move: Move, last: int) -> str | None:
    """What is wrong with the fields of ``move`` by themselves: piles from -1 to ``last``, a count, an action."""
    for field in ("source", "target"):
        pile = getattr(move, field)
        if not _is_whole(pile) or not -1 <= pile <= last:
            return f"{move!r}: {field} {pile!r} is not a pile number from -1 to {last}"
    if not _is_whole(move.count) or move.count < 1:
        return f"{move!r}: count {move.count!r} is not a whole number, 1 or more"
    if not isinstance(move.action, str):
        return f"{move!r}: action {move.action!r} is not text"
    return None


def _card_move_problem(state: State, move: Move) -> str | None:
    """What is wrong with ``move``, if it is a card move or a pair move (which the kernel makes itself), in
    ``state``."""
    if move.action == PAIR:
        return _pair_problem(state, move)
    if move.action:
        return None
    if move.source < 0 or move.target < 0 or move.source == move.target:
        return f"{move!r}: a card move goes from one pile to another"
    if move.count > len(state.piles[move.source]):
        return f"{move!r}: pile {move.source} holds {len(state.piles[move.source])} cards"
    return None


def _pair_problem(state: State, move: Move) -> str | None:
    """What is wrong with the pair move ``move`` in ``state``: the kernel sends two top cards to the pairs rule's
    pile, so the game needs that rule, and the move two piles that hold cards."""
    if state.game.pairing is None:
        return f"{move!r}: a pair move needs the game's pairs rule, and {state.game.id} has none"
    piles = state.piles
    if move.source < 0 or move.target < 0 or move.source == move.target or not (piles[move.source]
                                                                                 and piles[move.target]):
        return f"{move!r}: a pair move takes the top cards of two piles that hold cards"
    return None


def change_problem(state: State, change: Any) -> str | None:
    """What is wrong with ``change`` as the next change to make to ``state``, or None."""
    if isinstance(change, Transfer):
        return _transfer_problem(state, change)
    if isinstance(change, SetVar):
        return _set_var_problem(state, change)
    if isinstance(change, SetFaceDown):
        return _face_down_problem(state, change)
    return f"{shown(change)} is not a change (Transfer, SetVar or SetFaceDown)"


def _transfer_problem(state: State, change: Transfer) -> str | None:
    piles = state.piles
    last = len(piles) - 1
    for field in ("source", "target"):
        pile = getattr(change, field)
        if not _is_whole(pile) or not 0 <= pile <= last:
            return f"{change!r}: {field} {pile!r} is not a pile number from 0 to {last}"
    if change.source == change.target:
        return f"{change!r}: a transfer goes from one pile to another"
    if not _is_whole(change.count) or not 1 <= change.count <= len(piles[change.source]):
        return (f"{change!r}: count {change.count!r} is not from 1 to the "
                f"{len(piles[change.source])} cards of pile {change.source}")
    if not isinstance(change.turn, bool):
        return f"{change!r}: turn {change.turn!r} is not true or false"
    return None


def _set_var_problem(state: State, change: SetVar) -> str | None:
    if not isinstance(change.name, str) or change.name not in state.vars:
        return f"{change!r}: the state keeps no variable {change.name!r}"
    initial = state.game.initial_vars[change.name]
    if not is_like(change.value, initial):
        return f"{change!r}: {change.value!r} is not a value like {initial!r}"
    return None


def _face_down_problem(state: State, change: SetFaceDown) -> str | None:
    piles = state.piles
    last = len(piles) - 1
    if not _is_whole(change.pile) or not 0 <= change.pile <= last:
        return f"{change!r}: pile {change.pile!r} is not a pile number from 0 to {last}"
    if not _is_whole(change.count) or not 0 <= change.count <= len(piles[change.pile]):
        return (f"{change!r}: count {change.count!r} is not from 0 to the "
                f"{len(piles[change.pile])} cards of pile {change.pile}")
    return None


def face_down_left(state: State, changes: Iterable[Any]) -> tuple[Transfer, str] | None:
    """The first ``Transfer`` of ``changes``, all made to ``state``, whose source pile is left with more face-down
    cards than cards, with that in words; None if there is none.

    A transfer leaves face-down counts as they were, so a plugin that moves face-down cards must
    say with ``SetFaceDown`` how many stay face down; a count left too high would be found only
    when a save of the game is read back.
    """
    for change in changes:
        if isinstance(change, Transfer):
            down, size = state.face_down[change.source], len(state.piles[change.source])
            if down > size:
                name = state.game.pile_names[change.source]
                return change, (f"{change!r} leaves pile {name} holding {size} cards, {down} of them face down: "
                                f"a Transfer keeps face-down counts as they were; add SetFaceDown({change.source}, "
                                f"{size}) or fewer")
    return None


def limits_problem(state: State, answer: Any) -> str | None:
    """What is wrong with ``answer`` as a plugin's pick limits (pile number to most cards) in ``state``, or None."""
    if not isinstance(answer, Mapping):
        return f"{shown(answer)} is not a mapping of pile numbers to numbers of cards"
    last = len(state.piles) - 1
    if _sound_limits(answer, last):  # the usual case first, quickly
        return None
    for pile, most in answer.items():
        if not _is_whole(pile) or not 0 <= pile <= last:
            return f"{pile!r} is not a pile number from 0 to {last}"
        if not _is_whole(most) or most < 0:
            return f"pile {pile}: {shown(most)} is not a number of cards, 0 or more"
    return None


def _sound_limits(answer: Mapping[Any, Any], last: int) -> bool:
    """Whether ``answer`` maps piles from 0 to ``last`` to counts of 0 or more, all whole numbers; told quickly."""
    return ({*map(type, answer), *map(type, answer.values())} <= {int} and min(answer, default=0) >= 0
            and max(answer, default=0) <= last and min(answer.values(), default=0) >= 0)


def line_problem(answer: Any) -> str | None:
    """What is wrong with ``answer`` as one line of words for players, or None."""
    if not isinstance(answer, str):
        return f"{shown(answer)} is not text"
    if not answer.strip():
        return f"{shown(answer)} says nothing"
    if len(answer.splitlines()) > 1:
        return f"{shown(answer)} is more than one line"
    return None


def listed(answer: Any) -> list[Any] | None:
    """The items of a plugin's ``answer`` that should be a list (any iterable but text or mappings will do), or None."""
    if type(answer) is list:
        return answer
    if isinstance(answer, (str, bytes, Mapping)) or not isinstance(answer, Iterable):
        return None
    return list(answer)


def is_like(value: Any, initial: Any) -> bool:
    """Whether ``value`` may be kept in a state variable whose value at the deal is ``initial``.

    A JSON scalar of the same type; any JSON scalar where the deal has None.
    """
    if initial is None:
        return isinstance(value, (int, str, bool, type(None))) and not isinstance(value, float)
    return type(value) is type(initial)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def shown(value: Any) -> str:
    """``value`` for a message: its ``repr``, cut to 80 characters."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
