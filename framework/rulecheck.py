"""A rule file's text checked as ``patience validate`` checks it: the loader's problems, then the game's.

The one way from a rule file's bytes to a game that can be played: the command line's
``validate`` and the web editor's checks both come here, so that they say the same things.
"""

from __future__ import annotations

from .errors import LoadError, PatienceError, Problem
from .game import Game
from .loader import parse_spec


def checked_game(raw: bytes | str, source: str, game_id: str) -> Game:
    """The game the rule-file text ``raw`` (called ``source`` in messages) describes, with the id ``game_id``.

    ``LoadError`` listing every problem: the loader's (YAML, schema, limits, meaning, plugins
    not installed) at their line and column, else the one a plugin finds when the game is built.
    """
    try:
        return Game(parse_spec(raw, source=source, game_id=game_id))
    except LoadError:
        raise
    except PatienceError as error:
        raise LoadError([Problem(source, 0, 0, str(error))]) from None


def rule_problems(raw: bytes | str, source: str, game_id: str) -> list[Problem]:
    """Every problem of the rule-file text ``raw``, as ``checked_game`` finds them; none if it is a game."""
    try:
        checked_game(raw, source, game_id)
    except LoadError as error:
        return error.problems
    return []
