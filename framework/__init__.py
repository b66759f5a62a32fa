"""patience: solitaire games as data, played by one generic kernel.

The public API: ``load_game`` reads a game's rule file into a ``Game``;
``Game.deal`` gives a ``State``, whose ``legal_moves``, ``push`` and ``pop`` play
it. ``docs/api.md`` walks through all of it with a worked example.

Each name is imported from its module when it is first asked for (PEP 562), so that
importing a light part of the package (the ``patience`` command's ``--help``) does not
import the kernel, the loader and the schema checker.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards import card_symbol, card_text, parse_card
    from .compile import Group
    from .errors import (
        AmbiguousMoveError,
        IllegalMoveError,
        InvalidMoveError,
        LoadError,
        MoveError,
        PatienceError,
        PluginError,
        Problem,
        StateError,
    )
    from .game import Game, load_game
    from .hookspecs import hookimpl
    from .loader import load_spec, parse_spec
    from .moves import Move, SetFaceDown, SetVar, Transfer
    from .rulefiles import available_games
    from .state import Outcome, State
    from .words import move_words

#: The module of each public name.
_HOMES = {
    "card_symbol": "cards", "card_text": "cards", "parse_card": "cards",
    "Group": "compile",
    "AmbiguousMoveError": "errors", "IllegalMoveError": "errors", "InvalidMoveError": "errors", "LoadError": "errors",
    "MoveError": "errors", "PatienceError": "errors", "PluginError": "errors", "Problem": "errors",
    "StateError": "errors",
    "Game": "game", "load_game": "game",
    "hookimpl": "hookspecs",
    "load_spec": "loader", "parse_spec": "loader",
    "Move": "moves", "SetFaceDown": "moves", "SetVar": "moves", "Transfer": "moves",
    "available_games": "rulefiles",
    "Outcome": "state", "State": "state",
    "move_words": "words",
}

__all__ = [
    "AmbiguousMoveError", "Game", "Group", "IllegalMoveError", "InvalidMoveError", "LoadError", "Move",
    "MoveError", "Outcome", "PatienceError", "PluginError", "Problem", "SetFaceDown", "SetVar", "State",
    "StateError", "Transfer", "available_games", "card_symbol", "card_text", "hookimpl", "load_game",
    "load_spec", "move_words", "parse_card", "parse_spec",
]


def __getattr__(name: str) -> Any:
    """The public name ``name``, imported from its module the first time (and then kept here)."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The package's names, those not imported yet included."""
    return sorted({*globals(), *__all__})
