"""Whether auto-play's choice of foundation is what loses a deal with auto-play on (Blockade's two foundations a suit).

For each deal, three searches within one node budget: the plain search (auto-play off);
a search of turns, each move with auto-play's moves after it (``with_auto_play``), as a
hint with auto-play on searches; and a search of turns with an auto-play that makes no
choice, laying home only the cards a single foundation takes now. A deal lost as turns but
won by the third is lost by auto-play's choice of foundation. The third swaps
``framework.safety.safe_moves`` for the run, which only the Python kernel calls, so the
searches run in Python (``PATIENCE_CORE=python`` is set here)::

    .venv/bin/python benchmarks/auto_play_choice.py blockade 3 4 6 14 16 27 --nodes 100000
"""

from __future__ import annotations

import argparse
import os
import time

import framework
import framework.safety as safety
from framework.safety import with_auto_play
from framework.solver import Budget, solve
from framework.solver.native import CORE_VARIABLE

SAFE_MOVES = safety.safe_moves


def without_a_choice(state: framework.State) -> list[framework.Move]:
    """The safe moves of the cards that only one foundation takes now."""
    foundations = set(state.game.foundation_piles)
    targets: dict[int, set[int]] = {}
    for move in state.legal_moves():
        if move.target in foundations and move.source not in foundations and not move.action:
            targets.setdefault(move.source, set()).add(move.target)
    return [move for move in SAFE_MOVES(state) if len(targets[move.source]) == 1]


def searched(state: framework.State, nodes: int) -> str:
    """The answer of a search of ``state`` within ``nodes``, with the positions and seconds it took."""
    started = time.perf_counter()
    result = solve(state, Budget(nodes=nodes))
    return f"{result.answer} ({result.nodes:,} positions, {time.perf_counter() - started:.0f} s)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game's name or rule file")
    parser.add_argument("seeds", nargs="+", type=int, help="the deals")
    parser.add_argument("--nodes", type=int, default=100_000, help="each search's node budget (default 100,000)")
    arguments = parser.parse_args()
    os.environ[CORE_VARIABLE] = "python"  # every search in Python: the swapped safe_moves is the Python kernel's
    game = framework.load_game(arguments.game)
    for seed in arguments.seeds:
        deal = game.deal(seed)
        plain, turns = searched(deal, arguments.nodes), searched(with_auto_play(deal), arguments.nodes)
        safety.safe_moves = without_a_choice
        try:
            chosen = searched(with_auto_play(deal), arguments.nodes)
        finally:
            safety.safe_moves = SAFE_MOVES
        print(f"{game.id} deal {seed}: auto-play off {plain}; turns {turns}; turns, auto-play without a choice "
              f"of foundation {chosen}", flush=True)


if __name__ == "__main__":
    main()
