"""Solve a few deals of every built-in game: does each game get at least one decided deal?

Prints a Markdown table, one row per game: the answer for each deal (won in N moves,
lost, or unknown) and whether any deal was decided. The defaults are `patience solve`'s
budget (1,000,000 positions for each of 2 searches); the node budget keeps the answers
the same on every machine, and --time is only a safety net.

    .venv/bin/python benchmarks/solve_every_game.py --deals 3 --nodes 200000 --searches 1
    .venv/bin/python benchmarks/solve_every_game.py pyramid giza --deals 5
"""

from __future__ import annotations

import argparse
import sys

import framework
from framework.solver import Budget
from framework.solver.stats import solve_deals


def _answer(record: dict[str, object]) -> str:
    if record["answer"] == "won":
        return f"won in {record['moves']}"
    return str(record["answer"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to run (default: every built-in game)")
    parser.add_argument("--deals", type=int, default=3, help="deals 1..N of each game (default 3)")
    parser.add_argument("--nodes", type=int, default=1_000_000, help="positions per search (default 1000000)")
    parser.add_argument("--searches", type=int, default=2, help="searches per deal (default 2, as patience solve)")
    parser.add_argument("--time", type=float, default=600.0, help="most seconds per deal (default 600)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    options = parser.parse_args()
    games = options.games or sorted(framework.available_games())
    budget = Budget(nodes=options.nodes, seconds=options.time)
    seeds = range(1, options.deals + 1)
    print(f"| game | {' | '.join(f'deal {seed}' for seed in seeds)} | decided |")
    print(f"|---|{'---|' * len(seeds)}---|")
    undecided = 0
    for game in games:
        records = solve_deals(game, seeds, budget, jobs=options.jobs, searches=options.searches)
        decided = any(record["answer"] in ("won", "lost") for record in records)
        undecided += not decided
        print(f"| {game} | {' | '.join(_answer(record) for record in records)} | {'yes' if decided else 'no'} |",
              flush=True)
    print(f"\n{len(games) - undecided} of {len(games)} games have a decided deal.", file=sys.stderr)


if __name__ == "__main__":
    main()
