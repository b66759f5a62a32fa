"""What searching with auto-play costs: positions a second of the search, plain and with each move a turn.

A hint with auto-play on may search positions whose moves are turns (the move and
auto-play's moves after it: ``framework.safety.AutoPlayState``); each turn makes the
legal moves of the positions auto-play passes through. Prints, per game, the median
over deals 1..N of positions expanded a second by ``Search`` within a node budget,
plain and as turns, and their ratio; run with
``.venv/bin/python benchmarks/turns_cost.py [--deals 5] [--nodes 50000] [GAME ...]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import framework
from framework.safety import with_auto_play
from framework.solver import Budget
from framework.solver.search import Search


def rate(state: framework.State, nodes: int) -> float:
    """Positions a second of the process's own time (not the clock's: the machine may be busy) the search of
    ``state`` expands within ``nodes``."""
    started = time.process_time()
    result = Search(state, Budget(nodes=nodes)).run()
    return result.nodes / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["steeplechase", "blockade", "freecell", "klondike"])
    parser.add_argument("--deals", type=int, default=5, help="deals 1..N of each game (default 5)")
    parser.add_argument("--nodes", type=int, default=50_000, help="each search's node budget (default 50000)")
    arguments = parser.parse_args()
    for name in arguments.games:
        game = framework.load_game(name)
        plain, turns = [], []
        for seed in range(1, arguments.deals + 1):  # the two one after the other, so that both see the same load
            plain.append(rate(game.deal(seed), arguments.nodes))
            turns.append(rate(with_auto_play(game.deal(seed)), arguments.nodes))
        fast, slow = statistics.median(plain), statistics.median(turns)
        print(f"{name}: plain {fast:,.0f}/s, turns {slow:,.0f}/s, turns cost x{fast / slow:.1f}")


if __name__ == "__main__":
    main()
