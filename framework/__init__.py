"""patience: solitaire games as data, played by one generic kernel.

The public API: ``load_game`` reads a game's rule file into a ``Game``;
``Game.deal`` gives a ``State``, whose ``legal_moves``, ``push`` and ``pop`` play
it. ``docs/api.md`` walks through all of it with a worked example.
"""

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
from .loader import available_games, load_spec, parse_spec
from .moves import Move, SetFaceDown, SetVar, Transfer
from .state import Outcome, State
from .words import move_words

__all__ = [
    "AmbiguousMoveError", "Game", "Group", "IllegalMoveError", "InvalidMoveError", "LoadError", "Move",
    "MoveError", "Outcome", "PatienceError", "PluginError", "Problem", "SetFaceDown", "SetVar", "State",
    "StateError", "Transfer", "available_games", "card_symbol", "card_text", "hookimpl", "load_game",
    "load_spec", "move_words", "parse_card", "parse_spec",
]
