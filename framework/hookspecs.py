"""The hooks: what a plugin may answer to change a game's rules.

Every hook is documented in ``docs/plugins.md``. Arguments are passed by
keyword; an implementation may take any subset of them. The framework calls
them only through ``framework.hooks``, which checks every answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from .game import Game
    from .moves import Change, Move
    from .state import State

PROJECT = "patience"

hookspec = pluggy.HookspecMarker(PROJECT)
#: Marks a plugin's function or method as a hook implementation.
hookimpl = pluggy.HookimplMarker(PROJECT)
#: The hooks by which a plugin changes which moves are legal, what a move does or when the game is won: with one,
#: a plugin may move or read any card of any pile, and what the solver proves from the rule data alone (its sinks,
#: forced moves and doomed positions: ``solver/canonical.py``, ``forced.py``, ``doomed.py``) no longer holds.
RULE_HOOKS = frozenset(("legal_moves", "pick_limits", "veto_move", "after_move", "apply_action", "is_won"))
#: The hooks that leave the rules of play to the data: they keep variables, name deals, word moves and refusals,
#: and check states read from JSON. The kernel never asks them while it plays (``tests/test_rule_hooks.py``).
#: Every hook is in exactly one of the two sets.
OTHER_HOOKS = frozenset(("state_vars", "deal_order", "move_text", "move_words", "explain_refusal", "check_state"))


@hookspec
def state_vars(game: Game) -> Mapping[str, Any] | None:
    """The variables this plugin keeps in every state, with their values at the deal.

    Values are JSON scalars (int, str, bool, None). They are saved with the state
    and restored from JSON, and a move changes them through ``SetVar`` changes so
    that ``pop`` restores them. Called once, when the game is compiled.
    """


@hookspec(firstresult=True)
def deal_order(game: Game, seed: str) -> list[int] | None:
    """The pack, in dealing order (first card dealt first), for a named deal such as ``ms:617``.

    ``Game.deal`` calls it when the seed is text that is not a plain number; the
    first plugin that knows the name answers, with every card of ``game.pack``
    exactly once. Return None for names that are not yours.
    """


@hookspec
def legal_moves(state: State) -> Iterable[Move] | None:
    """Moves this plugin adds to the moves the rule data allows in ``state``.

    Called once per position, when its legal moves are first asked for, after the
    kernel's own moves are generated.
    """


@hookspec
def pick_limits(state: State) -> Mapping[int, int] | None:
    """For each pile this plugin restricts in ``state``, the most cards that may be picked up from it.

    ``{pile: 0}`` forbids picking from ``pile``; ``{pile: 2}`` lets at most its top two
    cards move. Piles not named keep the group's ``pick`` rule, which a limit can only
    narrow. Where several plugins name a pile, the smallest limit holds. Called once
    per position, when its legal moves are first asked for, before the kernel looks
    at any pile.
    """


@hookspec(firstresult=True)
def veto_move(state: State, move: Move) -> str | None:
    """Why this plugin forbids ``move``, which the rule data (or a plugin's ``legal_moves``) allows in ``state``: the
    rule it breaks, in one line; None to let it be.

    Called for each move of a position, once, when its legal moves are first asked for; a
    move any plugin refuses is not legal, and ``State.explain`` gives the first plugin's reason
    (after ``explain_refusal``'s). It must not change ``state``.
    """


@hookspec(firstresult=True)
def apply_action(state: State, move: Move) -> list[Change] | None:
    """The changes that a named action (``move.action`` not empty) makes to ``state``.

    The plugin that owns the action returns the list of changes (``Transfer``,
    ``SetVar``, ``SetFaceDown``); the kernel applies them and undoes them on ``pop``.
    Return None for actions that are not yours. Called by ``push``.
    """


@hookspec
def after_move(state: State, move: Move) -> list[Change] | None:
    """More changes to make after ``move`` has been applied to ``state``.

    They are applied at once and undone with the move. Called by ``push``.
    """


@hookspec(firstresult=True)
def move_text(game: Game, move: Move) -> str | None:
    """The short text players see for ``move``, for the actions this plugin owns; None otherwise.

    The text must name the move uniquely among the legal moves of any state, since
    ``State.parse_move`` matches it exactly. Called whenever a move is shown or saved.
    """


@hookspec(firstresult=True)
def move_words(state: State, move: Move) -> str | None:
    """``move`` in plain words, said of ``state`` before it is played, for the moves this plugin words; None
    otherwise.

    One line that names cards and places as the table shows them (``set aside 9♣``);
    ``framework.words`` has the kernel's words for places and cards. Called whenever a
    move is shown in words, before the kernel words it.
    """


@hookspec(firstresult=True)
def explain_refusal(state: State, move: Move) -> str | None:
    """Why ``move`` is not legal in ``state``, where this plugin's rules forbid it: the rule it breaks, in one
    line; None to leave it to the kernel (or another plugin).

    Called by ``State.explain`` only for a move that is not legal, before the kernel
    looks for the rule of its data that the move breaks.
    """


@hookspec(firstresult=True)
def is_won(state: State) -> bool | None:
    """Whether ``state`` is won; the first plugin to answer decides, else the game's ``won_when``."""


@hookspec
def check_state(state: State) -> str | None:
    """A problem with ``state``, just read from JSON, that only this plugin can see; None if there is none.

    Return one line that names the field, e.g. ``"field 'vars.released_cell':
    expected a pile from g1 to g110, or null; got 'x'"``: the state is then refused
    with that ``StateError``. The kernel has already checked the cards, the face-down
    counts, and that each variable has the type of its value at the deal; check
    what only the plugin knows (a variable naming a pile, a count that must match
    the piles). Called by ``Game.state_from_json`` for every plugin, before the
    state is returned; the state must not be changed.
    """
