"""``patience atlas``: a study of every game, and the atlas written from it (Markdown and SVG charts)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .common import reports_errors, rules_path_option
from .solve import SEARCHES, budget_options
from .stats import FAIR_NODES, FAIR_SAMPLES, INTERRUPTED, STATS_SECONDS, solve_study, study_budget

if TYPE_CHECKING:
    from ..spec import GameSpec

ATLAS_NODES = 20_000
ATLAS_SECONDS = 60.0
ATLAS_SEARCHES = 1
ATLAS_DEALS = 200


def deal_counts(pairs: tuple[str, ...]) -> dict[str, int]:
    """``GAME=N`` options as a mapping; ``click.BadParameter`` for one that is not."""
    counts = {}
    for pair in pairs:
        game, _, number = pair.partition("=")
        if not game or not number.isdigit() or int(number) < 1:
            raise click.BadParameter(f"{pair!r}: expected GAME=N, N a whole number from 1", param_hint="--deals-of")
        counts[game] = int(number)
    return counts


@click.command()
@click.argument("games", nargs=-1)
@click.option("--deals", type=click.IntRange(min=1), default=ATLAS_DEALS, show_default=True,
              help="Deals of each game, numbered from 1.")
@click.option("--deals-of", "deals_of", multiple=True, metavar="GAME=N",
              help="Another number of deals for GAME (repeatable): --deals-of GAME=1000.")
@click.option("--db", "store_path", type=click.Path(dir_okay=False), default="atlas.sqlite", show_default=True,
              metavar="FILE", help="The study store: deals already in it are not solved again.")
@click.option("--out", type=click.Path(dir_okay=False), default="atlas.md", show_default=True, metavar="FILE",
              help="The atlas to write; its charts go in a folder beside it named after it (atlas/).")
@click.option("--read-only", is_flag=True, help="Solve nothing: write the atlas from the deals in the store.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Processes solving at once.")
@click.option("--cluster", metavar="ADDRESS", help="Solve on a Dask cluster (see patience stats --help).")
@click.option("--fair-db", "fair_path", type=click.Path(dir_okay=False, exists=True), metavar="FILE",
              help="A store of fair studies (patience stats GAME --fair --db FILE): the atlas adds a table of the "
                   "share of deals the fair player won, for the games it has; it plays none itself.")
@click.option("--fair-samples", type=click.IntRange(min=1), default=FAIR_SAMPLES, show_default=True,
              help="The fair studies' --samples.")
@click.option("--fair-nodes", type=click.IntRange(min=1), default=FAIR_NODES, show_default=True,
              help="The fair studies' --nodes (per move).")
@budget_options(ATLAS_NODES, ATLAS_SECONDS, ATLAS_SEARCHES)
@rules_path_option
@reports_errors
def atlas(games: tuple[str, ...], deals: int, deals_of: tuple[str, ...], store_path: str, out: str, read_only: bool,
          jobs: int, cluster: str | None, fair_path: str | None, fair_samples: int, fair_nodes: int, nodes: int,
          seconds: float, memory: float, searches: int) -> None:
    """Study GAMES (default: every game found by name) and write the atlas: per game, the share of deals
    won with its interval, times, and the published figure where there is one.

    Each deal is kept in the store as it ends: an atlas stopped and run again goes on where it was.
    """
    from ..loader import load_spec
    from ..rulefiles import available_games
    from ..savefile import write_text
    from ..solver import charts
    from ..solver.atlas import markdown, row
    from ..solver.result import Budget
    from ..solver.store import Store, Study

    counts = deal_counts(deals_of)
    charts.require()
    names = list(games) or list(available_games())
    budget = Budget(nodes=nodes, seconds=seconds, memory_mb=memory)
    rows = []
    studies: list[tuple[GameSpec, str, list[dict[str, Any]]]] = []
    with Store(store_path, read_only=read_only) as store:
        for name in names:
            spec = load_spec(name)
            study = Study.of(spec.id, name, budget.to_dict(), searches)
            seeds = range(1, counts.get(spec.id, deals) + 1)
            if read_only:
                records = store.records(study, seeds)
            else:
                click.echo(f"{spec.name}: {len(seeds)} deals", err=True)
                records, interrupted = solve_study(name, seeds, budget, jobs, searches, store, study, cluster)
                if interrupted:
                    click.echo(f"interrupted by Ctrl-C: the deals finished are in {store_path}; run again to go on",
                               err=True)
                    sys.exit(INTERRUPTED)
            rows.append(row(spec, records))
            studies.append((spec, name, records))
    target = Path(out)
    folder = target.with_suffix("")
    pictures = [("Win rates", folder / "win-rates.svg", charts.win_rates), ("Time per deal", folder / "times.svg",
                                                                           charts.times)]
    for _, path, draw in pictures:
        draw(rows, path)
    command = " ".join(["patience atlas", *map(shlex.quote, games), f"--deals {deals}",
                        *(f"--deals-of {pair}" for pair in deals_of), f"--nodes {nodes}", f"--time {seconds:g}",
                        f"--searches {searches}", f"--db {shlex.quote(store_path)}", f"--out {shlex.quote(out)}",
                        *(["--read-only"] if read_only else []),
                        *([f"--fair-db {shlex.quote(fair_path)}", f"--fair-samples {fair_samples}",
                           f"--fair-nodes {fair_nodes}"] if fair_path else [])])
    fair = [] if fair_path is None else fair_table(studies, fair_path, fair_samples, fair_nodes)
    text = markdown(rows, budget.to_dict(), searches, command,
                    [(title, path.relative_to(target.parent).as_posix()) for title, path, _ in pictures], fair)
    write_text(target, text)
    click.echo(f"wrote {target} and its charts in {folder}/ ({sum(entry.deals for entry in rows):,} deals of "
               f"{sum(1 for entry in rows if entry.deals)} games)", err=True)


def fair_table(studies: list[tuple[GameSpec, str, list[dict[str, Any]]]], fair_path: str, samples: int,
               nodes: int) -> list[str]:
    """The atlas's lines of the fair table: for each of ``studies`` (a game's spec, name and thoughtful records)
    that the fair store at ``fair_path`` has a study of under this fair policy (``samples``, ``nodes``)."""
    from ..solver.atlas import fair_row, fair_section
    from ..solver.result import Budget
    from ..solver.store import Store, Study

    policy = study_budget(True, samples, Budget(nodes=nodes, seconds=STATS_SECONDS), True)
    with Store(fair_path, read_only=True) as store:
        found = [(spec, store.records(Study.of(spec.id, name, policy, SEARCHES)), records)
                 for spec, name, records in studies]
    command = (f"patience stats GAME --fair --samples {samples} --nodes {nodes} --deals DEALS "
               f"--db {shlex.quote(fair_path)}")
    return fair_section([fair_row(spec, fair, thoughtful) for spec, fair, thoughtful in found if fair],
                        policy["fair"], command)
