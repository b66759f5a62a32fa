"""The games a server has loaded and the games being played on it.

Requests are served from several threads: each game in play has a lock, so
two requests never change one game at once. The server keeps the most
recently used games in play only, so an open server does not grow forever:
at most ``MAX_SESSIONS`` games, holding at most ``MAX_KEPT_MOVES`` moves in all.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import quoted
from ..game import Game, load_game
from ..loader import available_games
from ..schemacheck import did_you_mean
from ..session import Session

#: How many games in play a server keeps; the least recently used one is dropped first.
MAX_SESSIONS = 200
#: How many moves (played, to redo, and of the winning lines their hints follow) the games kept
#: may hold in all, since the moves are what a game's memory grows with: about 200 bytes each (a
#: game in play keeps no legal moves for undo: ``Session.state``). A server holding the whole
#: budget of the costliest built-in game measured 79 MB (docs/web.md, "Memory").
MAX_KEPT_MOVES = 200_000


class UnknownGame(LookupError):
    """No game of that name can be loaded by name."""


class UnknownSession(LookupError):
    """No game in play has that key (or it was dropped)."""


class Games:
    """Games loaded by name, each loaded once. Only names, never paths: a request picks no file."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game] = {}
        self._lock = threading.Lock()

    def names(self) -> list[str]:
        """The names of the games that can be played."""
        return list(available_games())

    def first(self) -> str:
        """The name of the first game listed: the one played when a request names none."""
        names = self.names()
        if not names:
            raise UnknownGame("no game can be loaded: see `patience list`")
        return names[0]

    def get(self, name: str) -> Game:
        """The game called ``name``; ``UnknownGame`` if there is none."""
        with self._lock:
            game = self._loaded.get(name)
            if game is None:
                self._known(name)
                game = self._loaded[name] = load_game(name)
            return game

    def rule_file(self, name: str) -> Path:
        """The rule file of the game called ``name``; ``UnknownGame`` if there is none."""
        self._known(name)
        return available_games()[name]

    @staticmethod
    def _known(name: str) -> None:
        games = available_games()
        if name not in games:
            raise UnknownGame(f"no game called {name!r}{did_you_mean(name, games)} "
                              f"({len(games)} games: GET /api/games lists them)")


class Sessions:
    """Games in play by key, each used under its own lock."""

    def __init__(self, limit: int = MAX_SESSIONS, move_budget: int = MAX_KEPT_MOVES) -> None:
        self.limit = limit
        self.move_budget = move_budget
        self._entries: OrderedDict[str, tuple[Session, threading.Lock]] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, session: Session) -> str:
        """Keep ``session`` and return its new key."""
        key = secrets.token_urlsafe(9)
        with self._lock:
            self._entries[key] = (session, threading.Lock())
            while len(self._entries) > self.limit:
                self._entries.popitem(last=False)
        self._keep_within_budget()
        return key

    @contextmanager
    def use(self, key: str) -> Iterator[Session]:
        """The session of ``key``, locked while the block runs; ``UnknownSession`` if there is none.

        The block is the session's transaction: if it raises, the session is as it was before.
        """
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                raise UnknownSession(f"no game in play with key {quoted(key)}; start a new game")
            self._entries.move_to_end(key)
        session, lock = entry
        with lock, session.transaction():
            yield session
        self._keep_within_budget()

    def _keep_within_budget(self) -> None:
        """Drops the least recently used games while the moves of all of them are over the budget.

        The most recently used game is always kept (its own length is bounded apart).
        """
        with self._lock:
            total = sum(_moves(session) for session, _ in self._entries.values())
            while total > self.move_budget and len(self._entries) > 1:
                _, (dropped, _) = self._entries.popitem(last=False)
                total -= _moves(dropped)


def _moves(session: Session) -> int:
    """The moves a game in play holds: played, to redo, and of the winning line its hints follow."""
    line = 0 if session.line is None else len(session.line.moves)
    return len(session.state.move_stack) + sum(len(turn) for turn in session.redo_turns) + line
