"""``patience solve`` (one deal or saved position) and ``patience stats`` (many deals): the solver's commands."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from ..seeds import Seed
from .common import DEAL_SEED, Function, reports_errors, rules_path_option

if TYPE_CHECKING:
    from ..solver.result import Budget, Result
    from ..state import State

#: Default budgets: the node budget decides (the same answer on every machine); time and memory are safety nets.
SOLVE_NODES = 1_000_000
SOLVE_SECONDS = 600.0
STATS_NODES = 50_000
STATS_SECONDS = 60.0
MEMORY_MB = 1024.0
#: The exit status of a run stopped by Ctrl-C, as a shell gives it (128 + SIGINT).
INTERRUPTED = 130
#: Searches per deal (each with its own schedule of rounds; see ``portfolio``).
SEARCHES = 2

_STOPPED = {"nodes": "the node budget ran out", "time": "the time budget ran out",
            "memory": "the memory budget ran out"}


def budget_options(nodes: int, seconds: float) -> Callable[[Function], Function]:
    """The --nodes, --time, --memory and --searches options, with these node and time defaults."""

    def decorate(function: Function) -> Function:
        function = click.option("--memory", type=click.FloatRange(min=1), default=MEMORY_MB, show_default=True,
                                help="Most megabytes for each search's table of positions seen "
                                "(an estimate).")(function)
        function = click.option("--time", "seconds", type=click.FloatRange(min=0, min_open=True), default=seconds,
                                show_default=True, help="Most seconds per deal (a safety net: answers then depend "
                                "on speed).")(function)
        function = click.option("--searches", type=click.IntRange(min=1), default=SEARCHES, show_default=True,
                                help="Searches per deal, each with its own schedule and the whole budget; the one "
                                "that decides within the fewest positions answers.")(function)
        return click.option("--nodes", type=click.IntRange(min=1), default=nodes, show_default=True,
                            help="Most positions each search expands per deal (the budget that keeps answers the "
                            "same everywhere).")(function)

    return decorate


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
    from ..session import load_session
    from ..solver.portfolio import solve as solve_state
    from ..solver.result import Budget

    _check_searches(searches)
    if save_file is not None and seed is not None:
        raise click.UsageError("give --seed or --load, not both")
    if save_file is not None:
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


def _check_searches(searches: int) -> None:
    """Refuse more searches than there are schedules (known only once the solver is imported)."""
    from ..solver.portfolio import MOST_SEARCHES

    if searches > MOST_SEARCHES:
        raise click.BadParameter(f"{searches} is more than the {MOST_SEARCHES} searches there are",
                                 param_hint="'--searches'")


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


@click.command()
@click.argument("game")
@click.option("--deals", type=click.IntRange(min=1), default=100, show_default=True, help="How many deals.")
@click.option("--first", type=click.IntRange(min=0), default=1, show_default=True, help="The first deal's number.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes solving at once; a deal's searches share them (--jobs 4: two deals at a time).")
@budget_options(STATS_NODES, STATS_SECONDS)
@click.option("--json", "as_json", is_flag=True, help="Print the summary and every deal's record as JSON.")
@rules_path_option
@reports_errors
def stats(game: str, deals: int, first: int, jobs: int, nodes: int, seconds: float, memory: float, searches: int,
          as_json: bool) -> None:
    """Solve deals FIRST .. FIRST+DEALS-1 of GAME: won / lost / unknown, win rate, solve times.

    With the same node budget the same deals get the same answers, however many jobs run.
    """
    from ..game import load_game
    from ..solver.result import Budget
    from ..solver.stats import Interrupted, solve_deals, summarize

    _check_searches(searches)
    loaded = load_game(game)  # errors in the rule file show here, once
    budget = Budget(nodes=nodes, seconds=seconds, memory_mb=memory)
    seeds = range(first, first + deals)
    interrupted = False
    try:
        if sys.stderr.isatty():
            with click.progressbar(length=deals, label=f"solving {deals} deals", file=sys.stderr) as bar:
                records = solve_deals(game, seeds, budget, jobs, progress=lambda record: bar.update(1),
                                      searches=searches)
        else:
            records = solve_deals(game, seeds, budget, jobs, searches=searches)
    except Interrupted as stopped:  # Ctrl-C: the deals finished so far are still a study
        records, interrupted = stopped.records, True
    summary = summarize(records)
    if as_json:
        data = {"game": loaded.id, "first": first, "jobs": jobs, "searches": searches, "budget": budget.to_dict(),
                "interrupted": interrupted, **summary, "records": records}
        click.echo(json.dumps(data, indent=1))
    else:
        if interrupted:
            click.echo(f"interrupted by Ctrl-C: {len(records)} of {deals} deals finished, summed up below")
        click.echo(report(loaded.name, [record["seed"] for record in records], budget, summary, searches))
    if interrupted:
        sys.exit(INTERRUPTED)


def report(name: str, seeds: list[int], budget: Budget, summary: dict[str, Any], searches: int = 1) -> str:
    """The summary of ``stats`` in words, for the deals ``seeds`` (in order)."""
    from ..solver.result import LOST, UNKNOWN, WON

    counts = summary["counts"]

    def share(value: float | None) -> str:
        return "-" if value is None else f"{100 * value:.1f}%"

    def seconds(value: float | None) -> str:
        return "-" if value is None else f"{value:.2f} s"

    low, high = summary["win_rate_interval"]
    all_low, all_high = summary["win_rate_all"]
    times = summary["seconds_decided"]
    lines = [
        f"{name}: {_deals_words(seeds)}, {searches} search{'es' if searches > 1 else ''} per deal, "
        f"at most {budget.nodes} positions per search and {budget.seconds:g} s per deal",
        f"won {counts[WON]}, lost {counts[LOST]}, unknown {counts[UNKNOWN]} (decided {share(summary['decided'])})",
        f"win rate of the decided deals: {share(summary['win_rate'])} "
        f"(95% Wilson interval {share(low)} to {share(high)})",
        f"win rate of all deals, whatever the unknown ones are: 95% interval {share(all_low)} to {share(all_high)}",
        f"time to decide a deal: median {seconds(times['median'])}, 90th percentile {seconds(times['p90'])}, "
        f"longest {seconds(times['max'])}",
    ]
    return "\n".join(lines)


def _deals_words(seeds: list[int]) -> str:
    """``deals 1 to 40``; ``3 deals from 1 to 5`` where some between were not finished; ``no deal``."""
    if not seeds:
        return "no deal"
    if seeds == list(range(seeds[0], seeds[-1] + 1)):
        return f"deals {seeds[0]} to {seeds[-1]}"
    return f"{len(seeds)} deals from {seeds[0]} to {seeds[-1]}"
