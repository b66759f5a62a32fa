"""Solver benchmark: deals 1-100 of each launch game at a fixed budget per deal.

Prints a Markdown table: decided %, won %, lost %, the median and 90th-percentile
time per deal (an undecided deal counts with the time it used, about the whole
budget), and positions expanded per second. The time budget makes the figures
depend on the machine; --nodes makes them repeatable instead.

    .venv/bin/python benchmarks/solver_bench.py --jobs 2 --searches 2 --time 10
    .venv/bin/python benchmarks/solver_bench.py --jobs 2 --time 10
    .venv/bin/python benchmarks/solver_bench.py blockade --deals 20 --json blockade.json
    .venv/bin/python benchmarks/solver_bench.py freecell --named ms: --deals 1000 --nodes 20000

With --speed it measures the solver's speed instead: one search per deal, in one
process, deals 1 to --deals (default 2) of every game (or GAMES) at a fixed number
of positions (--nodes, default 5000) and no time limit, so the search is the same
whatever the machine and only its speed differs. It prints positions expanded per
second for each game (a search, with the shortening and replay of its line; in the
native core where it is built, see docs/solver.md). With --before REV it also runs git
revision REV's solver on the same deals, as its code is (pure Python), or with
--compiled built as its own setup.py builds a wheel (mypyc's modules before the native
core, the native core since); with --python, this checkout's Python search
(PATIENCE_CORE=python). The two run in turn game by game (--runs times, each deal timed
by its fastest run, so that a moment's load on the machine counts for neither); it
prints the ratio of their speeds and says where the two searches differ (their answers
or positions expanded), which they should not unless the search itself was changed.
With --cpu each search is timed by the CPU time its process spent on it rather than by
the wall clock, which on a machine busy with other work says more.

    .venv/bin/python benchmarks/solver_bench.py --speed --before HEAD~3
    .venv/bin/python benchmarks/solver_bench.py --speed --cpu --runs 5 --before main steeplechase klondike
    .venv/bin/python benchmarks/solver_bench.py --speed --cpu --python
    .venv/bin/python benchmarks/solver_bench.py --speed --cpu --before 43c089f --compiled   # mypyc, for that revision
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from revision import compiled, export

from framework import load_game
from framework.solver import Budget, solve

LAUNCH_GAMES = ("steeplechase", "blockade")
#: The "code" of the Python search of this checkout (``speed_of``).
PYTHON = "python"
#: The default positions per deal of --speed.
SPEED_NODES = 5000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=LAUNCH_GAMES, help="games to run (default: the launch games)")
    parser.add_argument("--first", type=int, default=1, help="first deal (default 1)")
    parser.add_argument("--deals", type=int, help="how many deals (default 100; with --speed, 2)")
    parser.add_argument("--named", default="", metavar="PREFIX",
                        help="solve a plugin's named deals, e.g. --named ms: for Microsoft FreeCell's ms:1, ms:2, ...")
    parser.add_argument("--time", type=float, default=10.0, help="seconds per deal (default 10)")
    parser.add_argument("--nodes", type=int, default=None, help="positions per deal (default: no limit)")
    parser.add_argument("--memory", type=float, default=1024.0, help="megabytes per deal for the table (default 1024)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--searches", type=int, default=1, help="searches per deal, side by side (default 1)")
    parser.add_argument("--json", type=Path, help="also write every deal's record to this file")
    parser.add_argument("--speed", action="store_true", help="measure positions per second at fixed budgets instead")
    parser.add_argument("--before", metavar="REV", help="with --speed: also run git revision REV and print ratios")
    parser.add_argument("--compiled", action="store_true",
                        help="with --before: REV built as its own setup.py builds a wheel")
    parser.add_argument("--python", action="store_true",
                        help="with --speed: this checkout's Python search beside its native one; print ratios")
    parser.add_argument("--cpu", action="store_true",
                        help="with --speed: time each search by its CPU time, not wall time (for a busy machine)")
    parser.add_argument("--runs", type=int, default=3,
                        help="with --speed: runs of each game, each deal timed by its fastest (default 3)")
    parser.add_argument("--speed-of", metavar="GAME", help=argparse.SUPPRESS)  # one game's figures, as JSON
    options = parser.parse_args()
    if options.speed or options.speed_of:
        options.deals, options.nodes = options.deals or 2, options.nodes or SPEED_NODES
        if options.speed_of:
            print(json.dumps(search_speed(options.speed_of, options.deals, options.nodes)))
        else:
            compare_speed(options)
        return
    from framework.solver.stats import solve_deals, summarize  # (not in every revision --before may name)

    budget = Budget(nodes=options.nodes, seconds=options.time, memory_mb=options.memory)
    options.deals = options.deals or 100
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


def search_speed(game: str, deals: int, nodes: int) -> list[dict]:
    """Deals 1 to ``deals`` of ``game``, one search each within ``nodes`` positions: what each search did."""
    loaded = load_game(game)
    records = []
    for seed in range(1, deals + 1):
        used = time.process_time()
        result = solve(loaded.deal(seed), Budget(nodes=nodes), searches=1)
        records.append({"seed": seed, "answer": result.answer, "nodes": result.nodes, "positions": result.positions,
                        "seconds": result.seconds, "cpu_seconds": time.process_time() - used,
                        "core": getattr(result, "core", "python")})
    return records


def speed_of(game: str, options: argparse.Namespace, code: Path | str | None) -> list[dict]:
    """``search_speed`` of ``game`` run by a new process, with the code at ``code`` (None: this checkout's; PYTHON:
    this checkout's Python search)."""
    environment = dict(os.environ)
    if code == PYTHON:
        environment["PATIENCE_CORE"] = PYTHON
    elif code is not None:
        environment["PYTHONPATH"] = str(code)
    command = [sys.executable, __file__, "--speed-of", game, "--deals", str(options.deals),
               "--nodes", str(options.nodes)]
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
    records: list[dict] = json.loads(done.stdout)
    if options.cpu:  # timed by the CPU time the search took, which a busy machine changes less than the wall time
        for record in records:
            record["seconds"] = record["cpu_seconds"]
    return records


def fastest(runs: list[list[dict]]) -> list[dict]:
    """The records of the first of ``runs`` (runs of the same deals), each with the least seconds any run took."""
    return [{**records[0], "seconds": min(record["seconds"] for record in records)} for records in zip(*runs)]


def per_second(records: list[dict]) -> float:
    return sum(record["nodes"] for record in records) / sum(record["seconds"] for record in records)


def compare_speed(options: argparse.Namespace) -> None:
    """--speed: positions per second of each game, and with --before, beside those of another revision."""
    from framework.rulefiles import available_games

    games = options.games if options.games != LAUNCH_GAMES else list(available_games())
    print(f"One search per deal, deals 1-{options.deals}, {options.nodes} positions each")
    print()
    ratios = []
    with tempfile.TemporaryDirectory(prefix="patience-speed-") as directory:
        # the code of the "before" column and of the "now" column (None: this checkout's, as it is)
        before: Path | str | None = None
        now_code: Path | str | None = None
        if options.before:
            folder = Path(directory)
            before = export(options.before, folder)
            if options.compiled:
                before = compiled(folder / "built", before)
            built = " built" if options.compiled else ""
            print(f"| Game | {options.before}{built} positions/s | this checkout | ratio | same search |")
        elif options.python:
            before = PYTHON
            print("| Game | Python search positions/s | native core | ratio | same search |")
        if before is not None:
            print("|---|---:|---:|---:|---|")
        else:
            print("| Game | positions/s | core |\n|---|---:|---|")
        for game in games:
            runs: dict[Path | str | None, list[list[dict]]] = {now_code: []}
            if before is not None:
                runs[before] = []
            for _ in range(options.runs):  # the two in turn, so that both see the machine alike
                for code, done in runs.items():
                    done.append(speed_of(game, options, code))
            now = fastest(runs[now_code])
            if len(runs) == 1:
                print(f"| {game} | {per_second(now):,.0f} | {now[0]['core']} |", flush=True)
                continue
            then = fastest(runs[before])
            ratio = per_second(now) / per_second(then)
            ratios.append(ratio)
            same = all((a["answer"], a["nodes"], a["positions"]) == (b["answer"], b["nodes"], b["positions"])
                       for a, b in zip(now, then, strict=True))
            print(f"| {game} | {per_second(then):,.0f} | {per_second(now):,.0f} | {ratio:.2f} | "
                  f"{'yes' if same else '**no**'} |", flush=True)
    if ratios:
        print()
        print(f"Ratio over {len(ratios)} games: median {statistics.median(ratios):.2f}, lowest {min(ratios):.2f}, "
              f"highest {max(ratios):.2f}, geometric mean {statistics.geometric_mean(ratios):.2f}")


def row(name: str, summary: dict, records: list[dict]) -> str:
    """One table row."""
    from framework.solver.stats import percentile

    total = summary["deals"]
    counts = summary["counts"]
    times = [record["seconds"] for record in records]

    def share(count: int) -> str:
        return f"{100 * count / total:.0f}%"

    return (f"| {name} | {share(counts['won'] + counts['lost'])} | {share(counts['won'])} | {share(counts['lost'])} "
            f"| {percentile(times, 0.5):.2f} s | {percentile(times, 0.9):.2f} s | {summary['nodes_per_second']:.0f} |")


if __name__ == "__main__":
    main()
