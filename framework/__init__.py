"""patience: solitaire games as data, played by one generic kernel.

>>> import framework
>>> game = framework.load_game("steeplechase")
>>> state = game.deal(1)
>>> len(state.legal_moves()) > 0
True
"""

from .cards import card_symbol, card_text, parse_card
from .errors import LoadError, MoveError, PatienceError, PluginError, Problem, StateError
from .game import Game, Group, load_game
from .hookspecs import hookimpl
from .loader import available_games, load_spec, parse_spec
from .moves import Move, SetFaceDown, SetVar, Transfer
from .state import State

__all__ = [
    "Game", "Group", "LoadError", "Move", "MoveError", "PatienceError", "PluginError", "Problem",
    "SetFaceDown", "SetVar", "State", "StateError", "Transfer", "available_games", "card_symbol",
    "card_text", "hookimpl", "load_game", "load_spec", "parse_card", "parse_spec",
]
