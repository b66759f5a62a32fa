"""Long runs: many random games of every shipped game, checked at every move.

For each game found by ``framework.available_games()`` and each deal number, the
deal is played by uniformly random legal moves (the choice seeded by the deal
number, so a failure can be replayed) until no move is left or ``--moves`` moves
are made. Checked on the way:

- card conservation: after every move the piles hold exactly the game's pack;
- exact undo: every move is pushed, popped (the position must be as before) and
  pushed again; at the end the whole game is popped back to the deal, which must
  equal a fresh deal;
- JSON round trips: every ``--json-every`` moves and at the end, the state is
  written as JSON text and read back, and must be the same position with the
  same moves.

Run: ``python benchmarks/long_run.py --games 10000`` (all games; ``--only klondike``
for one, ``--jobs 2`` to use two processes). Exit status 1 if any check failed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from itertools import chain

import framework


@dataclass
class Tally:
    """What the games of one game name came to."""

    games: int = 0
    moves: int = 0
    won: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.moves += other.moves
        self.won += other.won
        self.seconds += other.seconds
        self.failures += other.failures


class Failure(Exception):
    """A check that failed, with where."""


def play_and_check(game: framework.Game, seed: int, most_moves: int, json_every: int) -> tuple[int, bool]:
    """Play deal ``seed`` at random with every check; the moves made and whether the game was won."""
    state = game.deal(seed)
    pack = Counter(game.pack)
    choose = random.Random(seed).choice
    for number in range(most_moves):
        legal = state.legal_moves()
        if not legal:
            break
        move = choose(legal)
        where = f"{game.id} seed {seed} move {number} ({state.move_text(move)})"
        before = state.position_key()
        state.push(move)
        if Counter(chain.from_iterable(state.piles)) != pack:
            raise Failure(f"{where}: the cards are not the pack after the move")
        state.pop()
        if state.position_key() != before:
            raise Failure(f"{where}: pop did not restore the position")
        state.push(move)
        if (number + 1) % json_every == 0:
            _round_trip(game, state, where)
    _round_trip(game, state, f"{game.id} seed {seed} at the end")
    made, won = len(state.move_stack), state.is_won()
    while state.move_stack:
        state.pop()
    if state.position_key() != game.deal(seed).position_key():
        raise Failure(f"{game.id} seed {seed}: undoing every move did not lead back to the deal")
    return made, won


def _round_trip(game: framework.Game, state: framework.State, where: str) -> None:
    again = game.state_from_json(json.dumps(state.to_json()))
    if again.position_key() != state.position_key() or again.move_stack != state.move_stack:
        raise Failure(f"{where}: the state read back from JSON differs")


def run(name: str, seeds: range, most_moves: int, json_every: int) -> Tally:
    """Play and check deals ``seeds`` of the game ``name``."""
    game = framework.load_game(name)
    tally = Tally()
    start = time.perf_counter()
    for seed in seeds:
        try:
            made, won = play_and_check(game, seed, most_moves, json_every)
        except Failure as failure:
            tally.failures.append(str(failure))
            made, won = 0, False
        except Exception as error:  # any other error is a failure too, reported with the deal to replay it
            tally.failures.append(f"{name} seed {seed}: {type(error).__name__}: {error}")
            made, won = 0, False
        tally.games += 1
        tally.moves += made
        tally.won += won
    tally.seconds = time.perf_counter() - start
    return tally


def _run_chunk(arguments: tuple[str, range, int, int]) -> tuple[str, Tally]:
    return arguments[0], run(*arguments)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="deals per game (default 10000)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first deal number (default 0)")
    parser.add_argument("--moves", type=int, default=400, help="the most moves played in one deal (default 400)")
    parser.add_argument("--json-every", type=int, default=50, help="a JSON round trip every so many moves (default 50)")
    parser.add_argument("--only", nargs="+", metavar="GAME", help="these games only (default: every shipped game)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to use (default 1)")
    arguments = parser.parse_args()
    names = arguments.only or list(framework.available_games())
    seeds = range(arguments.first_seed, arguments.first_seed + arguments.games)
    chunk = max(1, min(200, len(seeds) // max(1, arguments.jobs)))
    work = [(name, seeds[start:start + chunk], arguments.moves, arguments.json_every)
            for name in names for start in range(0, len(seeds), chunk)]
    tallies = {name: Tally() for name in names}
    started = time.perf_counter()
    with multiprocessing.Pool(arguments.jobs) if arguments.jobs > 1 else _Serial() as pool:
        for name, tally in pool.imap_unordered(_run_chunk, work):
            tallies[name].add(tally)
    print(f"{'game':<18} {'deals':>7} {'moves':>10} {'won':>6} {'moves/s':>9} failures")
    for name, tally in tallies.items():
        rate = tally.moves / tally.seconds if tally.seconds else 0.0
        print(f"{name:<18} {tally.games:>7} {tally.moves:>10} {tally.won:>6} {rate:>9,.0f} {len(tally.failures)}")
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
