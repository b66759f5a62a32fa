"""The web player's ASGI application: the JSON API under /api and the page at /.

Every request is checked before anything changes: a body that does not match
its model gets 422, input the kernel refuses (an illegal move, a damaged save)
400, an unknown game or game in play 404, nothing to undo or redo 409, a body
over ``MAX_BODY_BYTES`` 413, a hint or a load while every place for one is taken 429, and a
fault of the server itself 500. Each error answer is ``{"detail": "one line saying
what is wrong"}``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection
from importlib import resources
from typing import TYPE_CHECKING, Any

from fastapi import Body, FastAPI, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles

from ..errors import MoveError, PatienceError, StateError, quoted
from ..jsontext import parse_json
from ..listing import family_words, listed_games
from ..moves import Move
from ..session import HINT_SECONDS, PlayError, Session, saved_game_id, suggest
from .editor import add_editor_routes
from .guards import BodyLimit, KnownHosts, WholeFiles
from .models import (
    ErrorView,
    ExplainView,
    GameSummary,
    GameView,
    HintView,
    MoveView,
    NewDeal,
    Options,
    PlayMove,
    TableView,
)
from .pools import HINT_WORKERS, HINTS_WAITING, LOAD_WORKERS, LOADS_WAITING, BoundedPool, Busy
from .store import Games, Sessions, UnknownGame, UnknownSession
from .views import game_view, hint_view, moves_view, started_view, table_view

if TYPE_CHECKING:
    from ..state import State

#: The largest random seed the server picks when a new deal names none.
RANDOM_SEEDS = 1_000_000
#: The most cards a move may name: more than any pack holds.
MAX_MOVE_CARDS = 1000
#: The longest a hint may search, in seconds: a request should not hold a server for long.
MAX_HINT_SECONDS = 30.0
#: The longest request body read, in bytes: a saved game of ``MAX_GAME_MOVES`` moves is a tenth of it.
MAX_BODY_BYTES = 1_000_000
#: The most moves a game in play may have (played and to redo), so that a game's memory is bounded:
#: about 200 bytes a move (``Session.state``); the games kept hold ``store.MAX_KEPT_MOVES`` in all.
MAX_GAME_MOVES = 10_000

STATIC = resources.files("framework.web") / "static"

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorView, "description": "The kernel refused the input; the detail says why."},
    404: {"model": ErrorView, "description": "No such game, or no such game in play."},
    409: {"model": ErrorView, "description": "Nothing to undo or redo, or the game has reached its length limit."},
    413: {"model": ErrorView, "description": "The request body is longer than the server reads."},
    422: {"model": ErrorView, "description": "The request does not match its schema; the detail names the field."},
    429: {"model": ErrorView, "description": "Every place for a hint's search, or for a load, is taken; try again."},
    500: {"model": ErrorView, "description": "The server failed; its log has the details."},
}


def create_app(
    *, session_limit: int | None = None, first_game: str | None = None, hosts: Collection[str] | None = None,
    move_limit: int = MAX_GAME_MOVES,
) -> FastAPI:
    """A new application with no games in play.

    A new game that names none is ``first_game``, else the first listed. With ``hosts``, a
    request whose ``Host`` header names another host is refused. A game in play may have
    at most ``move_limit`` moves.
    """
    app = FastAPI(
        title="patience",
        summary="Play any patience game the framework loads.",
        description="The API of `patience serve`. Games are started on numbered deals; each game in play has a key.",
        version="1",
        responses=ERRORS,
    )
    app.router.route_class = _KernelJSONRoute
    games = Games()
    sessions = Sessions() if session_limit is None else Sessions(session_limit)
    # (The state names the pools for whoever watches the server.)
    hints = app.state.hints = BoundedPool("hint", HINT_WORKERS, HINTS_WAITING,
                                          "the server is searching {count} hints already: ask again in a few seconds")
    loads = app.state.loads = BoundedPool("load", LOAD_WORKERS, LOADS_WAITING,
                                          "the server is loading {count} games already: ask again in a few seconds")
    _add_error_answers(app)
    app.add_middleware(WholeFiles)
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    if hosts is not None:  # added last, so asked first
        app.add_middleware(KnownHosts, hosts=hosts)
    # The routes, in the order the API's description lists them.
    _add_game_routes(app, games)
    _add_start_routes(app, games, sessions, loads, first_game, move_limit)
    _add_table_routes(app, sessions)
    _add_turn_routes(app, sessions)
    _add_hint_route(app, sessions, hints)
    _add_save_routes(app, sessions)
    add_editor_routes(app, games, sessions, hints, move_limit)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app


def _add_game_routes(app: FastAPI, games: Games) -> None:
    """The games that can be played, and each one's rules and layout."""

    @app.get("/api/games", response_model=list[GameSummary], tags=["games"])
    def list_games() -> list[dict[str, Any]]:
        """The games that can be played (a rule file that does not load is left out)."""
        return [{"id": name, "name": game.name, "decks": game.decks, "difficulty": game.difficulty,
                 "family": family_words(game.family), "summary": game.summary}
                for name, game in listed_games().items() if game.problem is None]

    @app.get("/api/games/{game}", response_model=GameView, tags=["games"])
    def describe_game(game: str) -> dict[str, Any]:
        """A game's rules and layout: its groups of piles and how to draw them."""
        return game_view(games.get(game))


def _add_start_routes(app: FastAPI, games: Games, sessions: Sessions, loads: BoundedPool, first_game: str | None,
                      move_limit: int) -> None:
    """New games in play: on a deal, or from a save (replayed in one of the server's few load places)."""

    @app.post("/api/sessions", response_model=TableView, status_code=201, tags=["play"])
    def new_deal(request: NewDeal) -> dict[str, Any]:
        """Start a game on a deal: a number (a random one when no seed is given) or a named deal such as `ms:617`."""
        game = games.get(request.game or first_game or games.first())
        seed = random.randrange(RANDOM_SEEDS) if request.seed is None else request.seed
        session, auto = Session.new(game, seed, autoplay=request.autoplay, move_limit=move_limit)
        return started_view(sessions, session, auto)

    @app.post("/api/sessions/load", response_model=TableView, status_code=201, tags=["save and load"])
    async def load(
        saved: dict[str, Any] = Body(description="A saved game, as GET .../save gives it, or a saved state."),
        autoplay: bool = Query(True, description="Play safe moves to the foundations after each move."),
    ) -> dict[str, Any]:
        """Continue a saved game (or a saved state, as `state.to_json()` writes it).

        Its moves are replayed on one of the server's few load places; when they and the queue
        are all taken, 429.
        """

        def replay() -> dict[str, Any]:
            game = games.get(saved_game_id(saved))
            session = Session.from_json(game, saved, autoplay=autoplay, move_limit=move_limit)
            return started_view(sessions, session)

        return await loads.run(replay)


def _add_table_routes(app: FastAPI, sessions: Sessions) -> None:
    """What a game in play shows, and its settings: nothing is played."""

    @app.get("/api/sessions/{key}", response_model=TableView, tags=["play"])
    def table(
        key: str,
        describe: bool = Query(False, description="Include the game's description, to draw the table at once."),
    ) -> dict[str, Any]:
        """The table of a game in play, its legal moves and its result."""
        with sessions.use(key) as session:
            return table_view(key, session, describe=describe)

    @app.patch("/api/sessions/{key}", response_model=TableView, tags=["play"])
    def set_options(key: str, options: Options) -> dict[str, Any]:
        """Change a game's settings (auto-play)."""
        with sessions.use(key) as session:
            session.autoplay = options.autoplay
            return table_view(key, session)

    @app.get("/api/sessions/{key}/moves", response_model=list[MoveView], tags=["play"])
    def legal_moves(key: str) -> list[dict[str, Any]]:
        """The legal moves of a game in play."""
        with sessions.use(key) as session:
            return moves_view(session.state)


def _add_turn_routes(app: FastAPI, sessions: Sessions) -> None:
    """The turns of a game in play: a move (and why one would be refused), undo and redo, back to the deal,
    auto-play."""

    @app.post("/api/sessions/{key}/moves", response_model=TableView, tags=["play"])
    def play(key: str, request: PlayMove) -> dict[str, Any]:
        """Play a move given by its text; then auto-play, if on, plays the safe moves."""
        with sessions.use(key) as session:
            move = session.state.parse_move(request.move)
            return table_view(key, session, [move, *session.play(move)])

    @app.get("/api/sessions/{key}/explain", response_model=ExplainView, tags=["play"])
    def explain(
        key: str,
        source: str = Query(min_length=1, max_length=20, description="The pile the cards are taken from, e.g. 't3'."),
        target: str = Query(min_length=1, max_length=20, description="The pile they would go to."),
        count: int = Query(1, ge=1, le=MAX_MOVE_CARDS, description="How many cards, from the top."),
    ) -> dict[str, Any]:
        """Whether moving ``count`` cards from ``source`` to ``target`` is legal now and, if not, why: the
        first rule it breaks. Changes nothing."""
        with sessions.use(key) as session:
            state = session.state
            move = Move(_pile(state, source), _pile(state, target), count)
            return {"legal": state.is_legal(move), "message": state.explain(move)}

    @app.post("/api/sessions/{key}/undo", response_model=TableView, tags=["play"])
    def undo(key: str) -> dict[str, Any]:
        """Take back the last turn (a move and what auto-play added to it)."""
        with sessions.use(key) as session:
            return table_view(key, session, session.undo(), undone=True)

    @app.post("/api/sessions/{key}/redo", response_model=TableView, tags=["play"])
    def redo(key: str) -> dict[str, Any]:
        """Play again the last turn taken back."""
        with sessions.use(key) as session:
            return table_view(key, session, session.redo())

    @app.post("/api/sessions/{key}/restart", response_model=TableView, tags=["play"])
    def restart(key: str) -> dict[str, Any]:
        """Take back every turn, back to the deal (each can still be redone)."""
        with sessions.use(key) as session:
            session.restart()
            return table_view(key, session)

    @app.post("/api/sessions/{key}/autoplay", response_model=TableView, tags=["play"])
    def autoplay(key: str) -> dict[str, Any]:
        """Play every move to the foundations that is safe now, as one turn."""
        with sessions.use(key) as session:
            return table_view(key, session, session.auto_play())


def _add_hint_route(app: FastAPI, sessions: Sessions, hints: BoundedPool) -> None:
    """The solver's hint, searched in one of the server's few search places."""

    @app.get("/api/sessions/{key}/hint", response_model=HintView, tags=["play"])
    async def give_hint(
        key: str,
        seconds: float = Query(HINT_SECONDS, gt=0, le=MAX_HINT_SECONDS, description="How long the solver may search."),
        peek: bool = Query(False, description="Whether the hint may look at the cards the player cannot see "
                                              "(face-down cards, the stock): false (the default) gives a fair hint."),
    ) -> dict[str, Any]:
        """The solver's hint: the next move of a winning line found within `seconds`, then followed; else its best try.

        Where the player cannot see some cards, the hint is fair unless `peek`: it sees only what the
        player sees and says in how many arrangements of the hidden cards its move wins. Changes
        nothing but the winning line the game's hints follow. A search waits for one of the
        server's few search places; when they and the queue are all taken, 429.
        """

        def along_line() -> tuple[dict[str, Any] | None, State, bool]:
            with sessions.use(key) as session:
                found = session.line_hint(peek)
                if found is not None:
                    return hint_view(session.state, found), session.state, session.autoplay
                return None, session.state.copy(), session.autoplay

        def search() -> dict[str, Any]:
            found = suggest(state, seconds, autoplay=autoplay, peek=peek)  # outside the lock: other requests go on
            with sessions.use(key) as session:
                session.keep(found)
            return hint_view(state, found)

        followed, state, autoplay = await run_in_threadpool(along_line)
        return followed if followed is not None else await hints.run(search)


def _add_save_routes(app: FastAPI, sessions: Sessions) -> None:
    """A game in play as a save, and the page."""

    @app.get("/api/sessions/{key}/save", tags=["save and load"])
    def save(key: str) -> dict[str, Any]:
        """The game as a saved game (JSON): POST /api/sessions/load continues it, and so does `patience play --load`."""
        with sessions.use(key) as session:
            return session.to_json()

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))


def _pile(state: State, name: str) -> int:
    """The index of the pile called ``name``; ``MoveError`` (400) if the game has none."""
    try:
        return state.game.pile_index(name)
    except KeyError:
        raise MoveError(f"no pile called {quoted(name)}") from None


class _KernelJSONRequest(Request):
    """A request whose JSON body is read by ``parse_json``, within its limits, like a saved file."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            try:
                self._json = parse_json(await self.body(), "")
            except StateError as error:  # FastAPI answers this one with 422 and its message
                raise json.JSONDecodeError(str(error), "", 0) from None
        return self._json


class _KernelJSONRoute(APIRoute):
    """A route whose request body is read by ``parse_json``."""

    def get_route_handler(self) -> Any:
        handler = super().get_route_handler()

        async def handle(request: Request) -> Any:
            return await handler(_KernelJSONRequest(request.scope, request.receive))

        return handle


def _add_error_answers(app: FastAPI) -> None:
    """Every refusal as ``{"detail": message}`` with the status the module docstring lists."""

    def refuse(status: int) -> Any:
        async def handler(request: Request, error: Exception) -> JSONResponse:
            detail = str(error.args[0]) if error.args else str(error)
            return JSONResponse({"detail": detail.replace("\n", "; ")},
                                status_code=status)  # a rule file's problems too

        return handler

    app.add_exception_handler(UnknownGame, refuse(404))
    app.add_exception_handler(UnknownSession, refuse(404))
    app.add_exception_handler(PlayError, refuse(409))
    app.add_exception_handler(PatienceError, refuse(400))

    @app.exception_handler(Busy)
    async def busy(request: Request, error: Busy) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=429, headers={"Retry-After": "5"})

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> JSONResponse:  # logged by the server as well
        return JSONResponse({"detail": f"the server failed on this request ({type(error).__name__}); "
                                       "its log says more"}, status_code=500)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": "; ".join(_explain(problem) for problem in error.errors())}, status_code=422)


def _explain(problem: dict[str, Any]) -> str:
    """One validation problem in words, naming the field."""
    where = [str(part) for part in problem["loc"]]
    if problem["type"] == "json_invalid":
        return f"the request body: {problem.get('ctx', {}).get('error', 'cannot be read')}"
    message = str(problem["ctx"]["error"]) if problem["type"] == "value_error" else problem["msg"]  # our own words
    if where[:1] == ["body"] and len(where) > 1 and problem["type"] != "dict_type":
        return f"field {quoted('.'.join(where[1:]))}: {message}"
    if where[:1] == ["body"]:
        return f"the request body: {message}"
    return f"{' '.join(where)}: {message}"  # a query or path parameter: named by the API, not the client

