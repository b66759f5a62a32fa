"""``patience stats``: many deals solved, each kept in a study store as it ends, and summed up."""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .common import reports_errors, rules_path_option
from .solve import budget_options

if TYPE_CHECKING:
    from ..solver.result import Budget
    from ..solver.store import Store, Study

STATS_NODES = 50_000
STATS_SECONDS = 60.0
#: With --fair: arrangements of the hidden cards each fair hint samples, positions per move over all of them, and
#: most moves per deal, unless told.
FAIR_SAMPLES = 10
FAIR_NODES = 20_000
FAIR_MOVE_CAP = 1_000
#: The exit status of a run stopped by Ctrl-C, as a shell gives it (128 + SIGINT).
INTERRUPTED = 130


def default_store(game_id: str, nodes: int, fair: bool = False) -> Path:
    """The store a study of ``game_id`` at ``nodes`` positions (by the fair policy, if ``fair``) keeps its deals in
    when none is named."""
    return Path(f"{game_id}-{'fair-' if fair else ''}{nodes}-nodes.sqlite")


def study_budget(fair: bool, samples: int, budget: Budget, nodes_given: bool) -> dict[str, Any]:
    """A study's budget as its key holds it: ``budget``'s, or with ``fair`` the fair policy's alone (``budget``'s
    nodes per move where ``nodes_given``, else ``FAIR_NODES``; its seconds per move)."""
    from ..solver.fairplay import FairPolicy

    if not fair:
        return budget.to_dict()
    assert budget.nodes is not None and budget.seconds is not None
    policy = FairPolicy(samples, budget.nodes if nodes_given else FAIR_NODES, budget.seconds, FAIR_MOVE_CAP)
    return {"fair": policy.to_dict()}


@click.command()
@click.argument("game")
@click.option("--deals", type=click.IntRange(min=1), default=100, show_default=True, help="How many deals.")
@click.option("--first", type=click.IntRange(min=0), default=1, show_default=True, help="The first deal's number.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes solving at once; a deal's searches share them (--jobs 4: two deals at a time).")
@budget_options(STATS_NODES, STATS_SECONDS)
@click.option("--db", "store_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="The study store (SQLite) each deal is kept in as it ends; deals already in it are not "
                   "solved again. Default: GAME-NODES-nodes.sqlite in this folder.")
@click.option("--no-db", is_flag=True, help="Keep nothing on disk.")
@click.option("--report", is_flag=True, help="Solve nothing: sum up every deal of this study (GAME, its rule "
              "file, the budget) in the store, whatever --first and --deals say.")
@click.option("--cluster", metavar="ADDRESS",
              help="Solve the deals on a Dask cluster, one core each: a scheduler's address (tcp://host:8786), "
                   "or 'local' for one started here with --jobs workers. Needs patience-games[cluster].")
@click.option("--fair", is_flag=True,
              help=f"Play each deal from the deal to the end by the fair policy (a player who cannot see the hidden "
                   f"cards follows the fair hints) and count the deals it wins. --nodes is then per move, over all "
                   f"samples ({FAIR_NODES:,} unless given), --time per move; a deal is lost where no move is left, a "
                   f"position comes round again or {FAIR_MOVE_CAP:,} moves are played. Kept apart from the thoughtful "
                   f"answers in the store.")
@click.option("--samples", type=click.IntRange(min=1), default=FAIR_SAMPLES, show_default=True,
              help="With --fair: arrangements of the hidden cards each fair hint searches.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary and every deal's record as JSON.")
@rules_path_option
@reports_errors
@click.pass_context
def stats(context: click.Context, game: str, deals: int, first: int, jobs: int, nodes: int, seconds: float,
          memory: float, searches: int, store_path: str | None, no_db: bool, report: bool, cluster: str | None,
          fair: bool, samples: int, as_json: bool) -> None:
    """Solve deals FIRST .. FIRST+DEALS-1 of GAME: won / lost / unknown, win rate, solve times.

    With the same node budget the same deals get the same answers, however many jobs run.
    Each deal is kept in the study store as soon as it ends: a run stopped (Ctrl-C, or
    killed) and started again solves only the deals not yet in it.
    """
    from ..game import load_game
    from ..solver.result import Budget
    from ..solver.stats import summarize
    from ..solver.store import Study

    if no_db and (store_path or report):
        raise click.UsageError("--no-db keeps no store: it goes with neither --db nor --report")
    loaded = load_game(game)  # errors in the rule file show here, once
    nodes_given = context.get_parameter_source("nodes") != click.core.ParameterSource.DEFAULT
    budget = Budget(nodes=nodes, seconds=seconds, memory_mb=memory)
    plain = study_budget(fair, samples, budget, nodes_given)
    study = Study.of(loaded.id, game, plain, searches)
    path = Path(store_path) if store_path else default_store(loaded.id, plain.get("fair", plain)["nodes"], fair)
    store = None if no_db else _open_store(path, report)
    seeds = range(first, first + deals)
    interrupted = False
    with store or contextlib.nullcontext():
        if report:
            assert store is not None
            records = store.records(study)
        else:
            records, interrupted = solve_study(game, seeds, plain, jobs, searches, store, study, cluster)
    summary = summarize(records)
    if as_json:
        data = {"game": loaded.id, "first": first, "jobs": jobs, "searches": searches, "budget": plain,
                "store": None if store is None else str(path), "interrupted": interrupted, **summary,
                "records": records}
        click.echo(json.dumps(data, indent=1))
    else:
        if interrupted:
            click.echo(f"interrupted by Ctrl-C: {len(records)} of {deals} deals finished, summed up below")
        elif report:
            click.echo(f"from {path}:")
        click.echo(summary_text(loaded.name, [record["seed"] for record in records], budget, summary, searches,
                                plain.get("fair")))
    if interrupted:
        sys.exit(INTERRUPTED)


def _open_store(path: Path, report: bool) -> Store:
    """The study store at ``path``: read only for a report, which needs it to be there."""
    from ..solver.store import Store

    if report and not path.is_file():
        raise click.UsageError(f"no study store {path}: run the study first")
    return Store(path, read_only=report)  # a report only reads


def solve_study(game: str, seeds: range, budget: Budget | dict[str, Any], jobs: int, searches: int, store: Store | None,
                study: Study, cluster: str | None = None) -> tuple[list[dict[str, Any]], bool]:
    """The records of ``seeds``: those in the store, and the others solved (and stored as each ends); and
    whether Ctrl-C stopped the run."""
    from ..solver.stats import Interrupted, solve_deals

    done = _kept_seeds(store, study, seeds)
    todo = [seed for seed in seeds if seed not in done]
    interrupted = False
    bar = (click.progressbar(length=len(todo), label=f"solving {len(todo)} deals", file=sys.stderr)
           if sys.stderr.isatty() and todo else None)
    with bar or contextlib.nullcontext():

        def progress(record: dict[str, Any]) -> None:
            if store is not None:
                store.add(study, record)
            if bar is not None:
                bar.update(1)

        try:
            solved = solve_deals(game, todo, budget, jobs, progress=progress, searches=searches, cluster=cluster)
        except Interrupted as stopped:  # Ctrl-C: the deals finished so far are still a study
            solved, interrupted = stopped.records, True
    if store is None:
        return solved, interrupted
    finished = {record["seed"] for record in solved}
    return store.records(study, [seed for seed in seeds if seed in done or seed in finished]), interrupted


def _kept_seeds(store: Store | None, study: Study, seeds: range) -> set[int]:
    """The deals of ``seeds`` that ``store`` keeps for ``study`` already, said on stderr where there are some."""
    if store is None:
        return set()
    # The deals kept are read whole, not only their seeds: a damaged one is refused before any deal is solved.
    done = {record["seed"] for record in store.records(study, seeds)}
    if done:
        click.echo(f"{len(done)} of the {len(seeds)} deals are in {store.path} already; "
                   f"solving the other {len(seeds) - len(done)}", err=True)
    return done


def summary_text(name: str, seeds: list[int], budget: Budget, summary: dict[str, Any], searches: int = 1,
                 fair: dict[str, Any] | None = None) -> str:
    """The summary of ``stats`` in words, for the deals ``seeds`` (in order), played by the ``fair`` policy
    (``FairPolicy.to_dict``) if given."""
    from ..solver.result import LOST, UNKNOWN, WON

    counts = summary["counts"]

    def share(value: float | None) -> str:
        return "-" if value is None else f"{100 * value:.1f}%"

    def seconds(value: float | None) -> str:
        return "-" if value is None else f"{value:.2f} s"

    low, high = summary["win_rate_interval"]
    all_low, all_high = summary["win_rate_all"]
    times = summary["seconds_decided"]
    how = (f"{searches} search{'es' if searches > 1 else ''} per deal, at most {budget.nodes} positions per search "
           f"and {budget.seconds:g} s per deal") if fair is None else fair_words(fair)
    lines = [
        f"{name}: {_deals_words(seeds)}, {how}",
        f"won {counts[WON]}, lost {counts[LOST]}, unknown {counts[UNKNOWN]} (decided {share(summary['decided'])})",
        f"win rate of the decided deals: {share(summary['win_rate'])} "
        f"(95% Wilson interval {share(low)} to {share(high)})",
        f"win rate of all deals, whatever the unknown ones are: 95% interval {share(all_low)} to {share(all_high)}",
        f"time to decide a deal: median {seconds(times['median'])}, 90th percentile {seconds(times['p90'])}, "
        f"longest {seconds(times['max'])}",
    ]
    return "\n".join(lines)


def fair_words(fair: dict[str, Any]) -> str:
    """The fair policy ``fair`` (``FairPolicy.to_dict``) in words."""
    return (f"played by the fair policy: {fair['samples']} arrangements of the hidden cards per move, at most "
            f"{fair['nodes']} positions and {fair['seconds']:g} s per move, at most {fair['move cap']} moves")


def _deals_words(seeds: list[int]) -> str:
    """``deals 1 to 40``; ``3 deals from 1 to 5`` where some between were not finished; ``no deal``."""
    if not seeds:
        return "no deal"
    if seeds == list(range(seeds[0], seeds[-1] + 1)):
        return f"deals {seeds[0]} to {seeds[-1]}"
    return f"{len(seeds)} deals from {seeds[0]} to {seeds[-1]}"
