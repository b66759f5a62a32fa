"""The hooks: the only door through which plugins change a game's rules.

Every hook is documented in ``docs/plugins.md``. Arguments are passed by
keyword; an implementation may take any subset of them.
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


@hookspec
def state_vars(game: Game) -> Mapping[str, Any] | None:
    """The variables this plugin keeps in every state, with their values at the deal.

    Values are JSON scalars (int, str, bool, None). They are saved with the state
    and restored from JSON, and a move changes them through ``SetVar`` changes so
    that ``pop`` restores them. Called once, when the game is compiled.
    """


@hookspec
def legal_moves(state: State) -> Iterable[Move] | None:
    """Moves this plugin adds to the moves the rule data allows in ``state``.

    Called on every move generation, after the kernel's own moves.
    """


@hookspec
def allow_move(state: State, move: Move) -> bool | None:
    """Return False to forbid ``move`` in ``state``; None or True to let it be.

    Called for every generated move, the kernel's and the plugins'.
    """


@hookspec(firstresult=True)
def can_pick(state: State, pile: int, count: int) -> bool | None:
    """Whether the top ``count`` cards of pile ``pile`` may be picked up.

    The first plugin that answers True or False decides; None leaves the decision
    to the group's ``pick`` rule. Called while generating moves.
    """


@hookspec(firstresult=True)
def apply_action(state: State, move: Move) -> list[Change] | None:
    """The changes that a named action (``move.action`` not empty) makes to ``state``.

    The plugin that owns the action returns the list of changes (``Transfer``,
    ``SetVar``, ``TurnDown``); the kernel applies them and undoes them on ``pop``.
    Return None for actions that are not yours. Called by ``push``.
    """


@hookspec
def after_move(state: State, move: Move) -> list[Change] | None:
    """More changes to make after ``move`` has been applied to ``state``.

    They are applied at once and undone with the move. Called by ``push``.
    """


@hookspec(firstresult=True)
def move_is_safe(state: State, move: Move) -> bool | None:
    """Whether moving to a foundation is safe to play automatically (see ``framework.safety``).

    The first plugin to answer True or False overrules the kernel's verdict.
    Called by auto-play and the solver for candidate foundation moves.
    """


@hookspec(firstresult=True)
def move_text(game: Game, move: Move) -> str | None:
    """The short text players see for ``move``, for the actions this plugin owns; None otherwise.

    The text must name the move uniquely among the legal moves of any state, since
    ``State.parse_move`` matches it exactly. Called whenever a move is shown or saved.
    """


@hookspec(firstresult=True)
def is_won(state: State) -> bool | None:
    """Whether ``state`` is won; the first plugin to answer decides, else the game's ``won_when``."""


@hookspec(firstresult=True)
def is_lost(state: State) -> bool | None:
    """Whether ``state`` is lost though moves remain; the first answer decides.

    The kernel already counts a state with no legal move as over.
    """
