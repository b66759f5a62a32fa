"""Solver benchmark: deals 1-100 of each launch game at a fixed budget per deal.

Prints a Markdown table: decided %, won %, lost %, the median and 90th-percentile
time per deal (an undecided deal counts with the time it used, about the whole
budget), and positions expanded per second. The time budget makes the figures
depend on the machine; --nodes makes them repeatable instead.

    .venv/bin/python benchmarks/solver_bench.py --jobs 2 --searches 2 --time 10
    .venv/bin/python benchmarks/solver_bench.py --jobs 2 --time 10
    .venv/bin/python benchmarks/solver_bench.py blockade --deals 20 --json blockade.json
    .venv/bin/python benchmarks/solver_bench.py freecell --named ms: --deals 1000 --nodes 20000
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from framework import load_game
from framework.solver import Budget
from framework.solver.stats import percentile, solve_deals, summarize

LAUNCH_GAMES = ("steeplechase", "blockade")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=LAUNCH_GAMES, help="games to run (default: the launch games)")
    parser.add_argument("--first", type=int, default=1, help="first deal (default 1)")
    parser.add_argument("--deals", type=int, default=100, help="how many deals (default 100)")
    parser.add_argument("--named", default="", metavar="PREFIX",
                        help="solve a plugin's named deals, e.g. --named ms: for Microsoft FreeCell's ms:1, ms:2, ...")
    parser.add_argument("--time", type=float, default=10.0, help="seconds per deal (default 10)")
    parser.add_argument("--nodes", type=int, default=None, help="positions per deal (default: no limit)")
    parser.add_argument("--memory", type=float, default=1024.0, help="megabytes per deal for the table (default 1024)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--searches", type=int, default=1, help="searches per deal, side by side (default 1)")
    parser.add_argument("--json", type=Path, help="also write every deal's record to this file")
    options = parser.parse_args()

    budget = Budget(nodes=options.nodes, seconds=options.time, memory_mb=options.memory)
    numbers = range(options.first, options.first + options.deals)
    seeds = [f"{options.named}{number}" for number in numbers] if options.named else numbers
    rows = []
    everything = {}
    for game in options.games:
        name = load_game(game).name
        started = time.perf_counter()
        records = solve_deals(game, seeds, budget, options.jobs, progress=lambda record, game=game: print(
            f"{game} {record['seed']}: {record['answer']} {record['nodes']} nodes {record['seconds']:.1f} s",
            file=sys.stderr, flush=True), searches=options.searches)
        summary = summarize(records)
        everything[game] = {"summary": summary, "records": records, "wall_seconds": time.perf_counter() - started}
        rows.append(row(name, summary, records))
    searches = f"{options.searches} search" + ("es" if options.searches > 1 else "")
    print(f"Deals {options.first}-{options.first + options.deals - 1}, budget per deal: "
          f"{options.time:g} s" + (f", {options.nodes} positions" if options.nodes else "")
          + f", {options.jobs} jobs, {searches} per deal")
    print()
    print("| Game | Decided | Won | Lost | Median time | 90th percentile | Positions/s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for line in rows:
        print(line)
    if options.json:
        options.json.write_text(json.dumps({"budget": budget.to_dict(), "games": everything}, indent=1))


def row(name: str, summary: dict, records: list[dict]) -> str:
    """One table row."""
    total = summary["deals"]
    counts = summary["counts"]
    times = [record["seconds"] for record in records]

    def share(count: int) -> str:
        return f"{100 * count / total:.0f}%"

    return (f"| {name} | {share(counts['won'] + counts['lost'])} | {share(counts['won'])} | {share(counts['lost'])} "
            f"| {percentile(times, 0.5):.2f} s | {percentile(times, 0.9):.2f} s | {summary['nodes_per_second']:.0f} |")


if __name__ == "__main__":
    main()
