"""``patience solve``: one deal or saved position solved, and the budget options ``stats`` shares."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from ..seeds import Seed
from .common import DEAL_SEED, Function, reports_errors, rules_path_option

if TYPE_CHECKING:
    from ..solver.result import Result
    from ..state import State

#: Default budgets: the node budget decides (the same answer on every machine); time and memory are safety nets.
SOLVE_NODES = 1_000_000
SOLVE_SECONDS = 600.0
MEMORY_MB = 1024.0
#: Searches per deal (each with its own schedule of rounds; see ``portfolio``).
SEARCHES = 2

_STOPPED = {"nodes": "the node budget ran out", "time": "the time budget ran out",
            "memory": "the memory budget ran out"}


def budget_options(nodes: int, seconds: float, searches: int = SEARCHES) -> Callable[[Function], Function]:
    """The --nodes, --time, --memory and --searches options, with these node, time and searches defaults."""

    def decorate(function: Function) -> Function:
        function = click.option("--memory", type=click.FloatRange(min=1), default=MEMORY_MB, show_default=True,
                                help="Most megabytes for each search's table of positions seen "
                                "(an estimate).")(function)
        function = click.option("--time", "seconds", type=click.FloatRange(min=0, min_open=True), default=seconds,
                                show_default=True, help="Most seconds per deal (a safety net: answers then depend "
                                "on speed).")(function)
        function = click.option("--searches", type=click.IntRange(min=1), default=searches, show_default=True,
                                callback=_at_most_the_schedules, help="Searches per deal, each with its own "
                                "schedule and the whole budget; the one that decides within the fewest positions "
                                "answers.")(function)
        return click.option("--nodes", type=click.IntRange(min=1), default=nodes, show_default=True,
                            help="Most positions each search expands per deal (the budget that keeps answers the "
                            "same everywhere).")(function)

    return decorate


def _at_most_the_schedules(context: click.Context, parameter: click.Parameter, searches: int) -> int:
    """``--searches`` no more than the solver has schedules (known once the solver is imported, not for --help)."""
    from ..solver.portfolio import MOST_SEARCHES

    if searches > MOST_SEARCHES:
        raise click.BadParameter(f"{searches} is more than the {MOST_SEARCHES} searches there are")
    return searches


@click.command()
@click.argument("game", required=False)
@click.option("--seed", type=DEAL_SEED, help="Deal number (default 1), or a named deal such as ms:617.")
@click.option("--load", "save_file", help="Solve the position saved in this file (a saved game or a saved state).")
@budget_options(SOLVE_NODES, SOLVE_SECONDS)
@click.option("--jobs", type=click.IntRange(min=1), default=SEARCHES, show_default=True,
              help="Processes for the searches (fewer than --searches: they take turns, same answer).")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@rules_path_option
@reports_errors
def solve(game: str | None, seed: Seed | None, save_file: str | None, nodes: int, seconds: float, memory: float,
          searches: int, jobs: int, as_json: bool) -> None:
    """Solve a deal of GAME, or a saved position: won (with the winning moves), lost, or unknown.

    The solver knows the order of the stock (it plays with every card visible). "Lost"
    means every position reachable was searched and none is won. Exit status 0 for any answer.
    """
    from ..game import load_game
    from ..solver.portfolio import solve as solve_state
    from ..solver.result import Budget

    if save_file is not None and seed is not None:
        raise click.UsageError("give --seed or --load, not both")
    if save_file is not None:
        from ..session import load_session  # here: a deal needs none of the player's session

        state = load_session(save_file, game=load_game(game) if game is not None else None).state
        where = f"the position in {save_file}"
    elif game is not None:
        state = load_game(game).deal(1 if seed is None else seed)
        where = f"deal {state.seed}"
    else:
        raise click.UsageError("name a GAME to solve, or --load a saved position")
    budget = Budget(nodes=nodes, seconds=seconds, memory_mb=memory)
    result = solve_state(state, budget, searches=searches, jobs=jobs)
    if as_json:
        data = {"game": state.game.id, "seed": state.seed, "moves_before": len(state.move_stack),
                "budget": budget.to_dict(), "searches": searches, **result.to_dict()}
        click.echo(json.dumps(data, indent=1))
    else:
        click.echo(describe(state, where, result, searches))


def describe(state: State, where: str, result: Result, searches: int = 1) -> str:
    """The answer in words, with the winning line wrapped to the terminal."""
    from ..solver.result import LOST, WON

    by = f" by {searches} searches" if searches > 1 else ""
    effort = f"{result.nodes} positions expanded{by}, {result.seconds:.1f} s"
    title = f"{state.game.name}, {where}"
    if result.answer == WON:
        text = f"{title}: won in {len(result.line)} moves ({effort})."
        return "\n".join([text, *wrapped(result.line)]) if result.line else text + " It is won already."
    if result.answer == LOST:
        return f"{title}: lost. No sequence of moves wins: every position reachable was searched ({effort})."
    return (f"{title}: unknown. {_STOPPED[result.stopped_by or 'nodes'].capitalize()} ({effort}); "
            "try more --nodes or --time.")


def wrapped(texts: tuple[str, ...], width: int = 100) -> list[str]:
    """Move texts joined by commas into lines of at most ``width`` characters, never splitting a move."""
    lines: list[str] = []
    current = ""
    for index, text in enumerate(texts):
        piece = text + ("," if index < len(texts) - 1 else "")
        if current and len(current) + 1 + len(piece) > width:
            lines.append(current)
            current = piece
        else:
            current = f"{current} {piece}" if current else piece
    lines.append(current)
    return lines
