"""How fast the kernel plays: uniformly random legal moves from many deals.

For each seed the game is dealt and played by picking one legal move at random
(the choice seeded by the deal number, so runs repeat) until no move is left
or --moves moves are made. Two figures per seed, then their medians:

- moves per second: moves made / time of the whole playout (generating the
  moves, choosing, pushing);
- legal-move generations per second: calls of ``legal_moves()`` / time spent
  in those calls alone.

Run: ``python benchmarks/random_playouts.py --game steeplechase --seeds 50 --moves 300``
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import sys
import time

import framework


def playout(game: framework.Game, seed: int, most_moves: int) -> tuple[int, float, int, float]:
    """Play deal ``seed`` at random: (moves made, total seconds, generations, seconds generating)."""
    choose = random.Random(seed).choice
    clock = time.perf_counter
    state = game.deal(seed)
    generations = moves = 0
    generating = 0.0
    started = clock()
    while moves < most_moves:
        before = clock()
        legal = state.legal_moves()
        generating += clock() - before
        generations += 1
        if not legal:
            break
        state.push(choose(legal))
        moves += 1
    return moves, clock() - started, generations, generating


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="steeplechase", help="game name or rule file (default: %(default)s)")
    parser.add_argument("--seeds", type=int, default=50, help="deals 0..SEEDS-1 are played (default: %(default)s)")
    parser.add_argument("--moves", type=int, default=300, help="most moves per deal (default: %(default)s)")
    options = parser.parse_args()
    if options.seeds < 1 or options.moves < 1:
        parser.error("--seeds and --moves must be 1 or more")
    try:
        game = framework.load_game(options.game)
    except framework.PatienceError as error:
        parser.exit(2, f"{parser.prog}: {error}\n")

    moves_per_second, generations_per_second, made = [], [], []
    for seed in range(options.seeds):
        moves, seconds, generations, generating = playout(game, seed, options.moves)
        made.append(moves)
        if moves:
            moves_per_second.append(moves / seconds)
        generations_per_second.append(generations / generating)

    print(f"command: {shlex.join(['python', *sys.argv])}")
    print(f"game: {game.name}; {options.seeds} deals, at most {options.moves} moves each; "
          f"{sum(made)} moves made (median {statistics.median(made):g} per deal)")
    print(f"moves per second (median over deals): {statistics.median(moves_per_second):,.0f}" if moves_per_second
          else "moves per second: no deal had a legal move")
    print(f"legal-move generations per second (median over deals): {statistics.median(generations_per_second):,.0f}")


if __name__ == "__main__":
    main()
