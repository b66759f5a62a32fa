"""The rule editor's API: a rule file an author writes, checked as `patience validate` checks it, dealt and
played as any game, and put to the solver; and the text of an installed game's rule file to start from.

The text is untrusted input: it is read within a rule file's limits (the request within the
body's), it may name installed plugins only (the loader refuses any other name before anything
is imported), and nothing of it is written anywhere: a draft's game lives in the server's memory
as the game in play of any other game does, under the name ``draft:NAME``.
"""

from __future__ import annotations

import random
from importlib import resources
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from fastapi.responses import FileResponse

from ..errors import LoadError
from ..game import Game
from ..loader import read_rule_file
from ..rulecheck import checked_game
from ..session import Session
from ..solver.portfolio import solve
from ..solver.result import LOST, WON, Budget, Result
from .editor_models import CheckView, Draft, DraftDeal, DraftSolve, RuleFileView, SolveView
from .models import TableView
from .pools import CHECK_WORKERS, CHECKS_WAITING, BoundedPool
from .views import started_view

if TYPE_CHECKING:
    from ..state import State
    from .store import Games, Sessions

#: What a draft's game is called on the server, so that it is never taken for an installed game of that name.
DRAFT_ID = "draft:{name}"
#: The most positions, and megabytes of positions seen, the solver may use for a question about a draft's deal.
SOLVE_NODES = 1_000_000
SOLVE_MEMORY_MB = 256.0
#: The largest random seed the server picks when a deal of a draft names none (as for a new game).
RANDOM_SEEDS = 1_000_000


def add_editor_routes(app: FastAPI, games: Games, sessions: Sessions, hints: BoundedPool, move_limit: int) -> None:
    """The editor's routes; checks and deals run in a pool of their own (``app.state.checks``), the solver's
    questions in the hints' pool (``hints``)."""
    checks = app.state.checks = BoundedPool("check", CHECK_WORKERS, CHECKS_WAITING,
                                            "the server is checking {count} rule files already: "
                                            "ask again in a few seconds")

    @app.get("/api/games/{game}/rules", response_model=RuleFileView, tags=["editor"])
    def rule_file(game: str) -> dict[str, Any]:
        """The text of a game's rule file, to start a draft from a copy of it."""
        raw = read_rule_file(games.rule_file(game), game)
        return {"id": game, "text": raw.decode("utf-8", "replace")}

    @app.post("/api/rules/check", response_model=CheckView, tags=["editor"])
    async def check(draft: Draft) -> dict[str, Any]:
        """Check a draft as `patience validate` checks a file: every problem at its line and column."""
        return await checks.run(lambda: check_view(draft))

    @app.post("/api/rules/sessions", response_model=TableView, status_code=201, tags=["editor"])
    async def deal_draft(draft: DraftDeal) -> dict[str, Any]:
        """Start a game in play on a deal of a draft, played as any other (`/api/sessions/{key}/...`). A draft
        with problems is refused (400), its problems in the detail."""

        def start() -> dict[str, Any]:
            seed = random.randrange(RANDOM_SEEDS) if draft.seed is None else draft.seed
            session, auto = Session.new(draft_game(draft), seed, autoplay=draft.autoplay, move_limit=move_limit)
            return started_view(sessions, session, auto)

        return await checks.run(start)

    @app.post("/api/rules/solve", response_model=SolveView, tags=["editor"])
    async def solve_draft(question: DraftSolve) -> dict[str, Any]:
        """Whether a deal of a draft can be won, searched within `seconds` in one of the hints' search places
        (429 when they and their queue are all taken). A draft with problems is refused (400)."""

        def search() -> dict[str, Any]:
            state = draft_game(question).deal(question.seed)
            budget = Budget(nodes=SOLVE_NODES, seconds=question.seconds, memory_mb=SOLVE_MEMORY_MB)
            return solve_view(state, solve(state, budget))

        return await hints.run(search)

    @app.get("/editor", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(str(resources.files("framework.web") / "static" / "editor.html"))


def draft_game(draft: Draft) -> Game:
    """The game a draft describes; ``LoadError`` (400) listing its problems."""
    return checked_game(draft.text, f"{draft.name}.yaml", DRAFT_ID.format(name=draft.name))


def check_view(draft: Draft) -> dict[str, Any]:
    """A draft's problems, each at its line and column, and the game's name when it has none."""
    source = f"{draft.name}.yaml"
    try:
        game = checked_game(draft.text, source, DRAFT_ID.format(name=draft.name))
    except LoadError as error:
        return {"ok": False, "game": None, "problems": [
            {"line": problem.line, "column": problem.column, "message": problem.message, "text": str(problem)}
            for problem in error.problems]}
    return {"ok": True, "game": game.name, "problems": []}


def solve_view(state: State, result: Result) -> dict[str, Any]:
    """The solver's answer about a deal, with a sentence saying it."""
    if result.answer == WON:
        message = f"Deal {state.seed} can be won, in {len(result.line)} moves."
    elif result.answer == LOST:
        message = f"Deal {state.seed} cannot be won: every position it reaches was searched."
    else:
        message = (f"The solver stopped before deciding deal {state.seed} ({result.stopped_by or 'nodes'} "
                   f"budget, {result.nodes:,} positions): give it more time.")
    return {"answer": result.answer, "seed": state.seed, "line": list(result.line), "nodes": result.nodes,
            "seconds": round(result.seconds, 2), "stopped_by": result.stopped_by, "message": message}
