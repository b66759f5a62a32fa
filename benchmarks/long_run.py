"""Long runs: many random games of every shipped game, checked at every move.

For each game found by ``framework.available_games()`` and each deal number, the
deal is played by uniformly random legal moves (the choice seeded by the deal
number, so a failure can be replayed) until no move is left or ``--moves`` moves
are made, with the checks of ``framework.testing.check_random_games``:

- card conservation: after every move the piles hold exactly the game's pack;
- changes named: every pile whose cards a move changed is among the state's
  ``changed_piles()`` (the solver keys a position from these alone);
- exact undo: every move is pushed, popped (the state must be as before) and
  pushed again; at the end the whole game is popped back to the deal;
- JSON round trips: at the end the state goes through JSON text and back (with
  its moves, replayed from the deal) and must be the same; every move's text
  reads back as the move.

Run: ``python benchmarks/long_run.py --games 10000`` (all games; ``--only klondike``
for one, ``--jobs 2`` to use two processes). Exit status 1 if any check failed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from dataclasses import dataclass, field

import framework
from framework.testing import check_random_games


@dataclass
class Tally:
    """What the deals of one game came to."""

    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.moves += other.moves
        self.seconds += other.seconds
        self.failures += other.failures


def run(name: str, seeds: range, most_moves: int) -> Tally:
    """Play and check deals ``seeds`` of the game ``name``, one by one, so that one failure does not stop the rest."""
    game = framework.load_game(name)
    tally = Tally()
    start = time.perf_counter()
    for seed in seeds:
        tally.games += 1
        try:
            tally.moves += check_random_games(game, [seed], most_moves)
        except Exception as error:  # a failed check, or any error: reported with the deal, to replay it
            tally.failures.append(f"{name} seed {seed}: {type(error).__name__}: {error}")
    tally.seconds = time.perf_counter() - start
    return tally


def _run_chunk(arguments: tuple[str, range, int]) -> tuple[str, Tally]:
    return arguments[0], run(*arguments)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="deals per game (default 10000)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first deal number (default 0)")
    parser.add_argument("--moves", type=int, default=300, help="the most moves played in one deal (default 300)")
    parser.add_argument("--only", nargs="+", metavar="GAME", help="these games only (default: every shipped game)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to use (default 1)")
    arguments = parser.parse_args()
    names = arguments.only or list(framework.available_games())
    seeds = range(arguments.first_seed, arguments.first_seed + arguments.games)
    chunk = max(1, min(200, len(seeds) // max(1, arguments.jobs)))
    work = [(name, seeds[start:start + chunk], arguments.moves)
            for name in names for start in range(0, len(seeds), chunk)]
    tallies = {name: Tally() for name in names}
    started = time.perf_counter()
    with multiprocessing.Pool(arguments.jobs) if arguments.jobs > 1 else _Serial() as pool:
        for name, tally in pool.imap_unordered(_run_chunk, work):
            tallies[name].add(tally)
    print(f"{'game':<18} {'deals':>7} {'moves':>10} {'checked moves/s':>16} failures")
    for name, tally in tallies.items():
        rate = tally.moves / tally.seconds if tally.seconds else 0.0
        print(f"{name:<18} {tally.games:>7} {tally.moves:>10} {rate:>16,.0f} {len(tally.failures)}")
    failures = [failure for tally in tallies.values() for failure in tally.failures]
    for failure in failures[:20]:
        print("FAILED:", failure, file=sys.stderr)
    total = sum(tally.games for tally in tallies.values())
    print(f"{total} deals, {sum(t.moves for t in tallies.values())} moves, {len(failures)} failures, "
          f"{time.perf_counter() - started:.0f} s")
    return 1 if failures else 0


class _Serial:
    """A stand-in for a process pool that runs the work here, one piece after another."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exception: object) -> None:
        return None

    @staticmethod
    def imap_unordered(function, items):  # type: ignore[no-untyped-def]
        return map(function, items)


if __name__ == "__main__":
    sys.exit(main())
