"""Play a deal hint by hint, as a player who always takes the hint does, and say how it ends.

Each hint is ``Session.hint`` with the player's time limit (2 s unless told), with
auto-play on unless ``--no-auto``: the hints of the terminal and web players, fair where
cards are hidden (the launch games' stock) unless ``--peek``. Prints
how the game ended, how many hints were played, how many of them searched (the rest
went on along a winning line found before), what each hint said it was, and the time;
with ``--first``, only each deal's first hint, timed: what planning with auto-play costs.
Issue 34's case, Steeplechase deal 3 with auto-play on, as the all-knowing hints play it
and as the fair ones do (add ``PATIENCE_CORE=python`` in front to search in the Python
kernel, as where the native core is not built)::

    .venv/bin/python benchmarks/follow_hints.py steeplechase 3 --peek
    .venv/bin/python benchmarks/follow_hints.py steeplechase 3
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

import framework
from framework.seeds import parse_seed
from framework.session import HINT_SECONDS, Session


def follow(session: Session, seconds: float, most: int, peek: bool) -> tuple[int, int, Counter[str]]:
    """Play ``session``'s hints (peeking if ``peek``) until none is left (or ``most``); the hints played, the
    searches, and the kinds."""
    kinds: Counter[str] = Counter()
    searches = 0
    for played in range(most):
        along = session.line_hint(peek) is not None
        found = session.hint(seconds, peek=peek)
        if found.move is None:
            return played, searches, kinds
        searches += not along
        kinds[found.how] += 1
        session.play(found.move)
    return most, searches, kinds


def first_hints(game: framework.Game, seeds: list[str], seconds: float, autoplay: bool, peek: bool) -> None:
    """What the first hint of each deal of ``seeds`` is, and how long it took: what auto-play costs the search."""
    kinds: Counter[str] = Counter()
    took = []
    for seed in seeds:
        session, _ = Session.new(game, parse_seed(seed), autoplay=autoplay)
        started = time.perf_counter()
        kinds[session.hint(seconds, peek=peek).how] += 1
        took.append(time.perf_counter() - started)
    print(f"{game.id}, first hints of {len(seeds)} deals, auto-play {'on' if autoplay else 'off'}{_peeking(peek)}: "
          + ", ".join(f"{how} {count}" for how, count in kinds.most_common())
          + f"; median {statistics.median(took):.2f} s, total {sum(took):.1f} s")


def _peeking(peek: bool) -> str:
    return ", peeking" if peek else ", fair"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game's name or rule file")
    parser.add_argument("seeds", nargs="+", help="the deals, as `patience play --seed` takes them")
    parser.add_argument("--seconds", type=float, default=HINT_SECONDS, help="each hint's time limit (default 2)")
    parser.add_argument("--no-auto", action="store_true", help="play with auto-play off")
    parser.add_argument("--most", type=int, default=5000, help="the most hints to play a deal (default 5000)")
    parser.add_argument("--first", action="store_true", help="only the first hint of each deal, timed")
    parser.add_argument("--peek", action="store_true", help="hints that look at the hidden cards (default: fair)")
    arguments = parser.parse_args()
    game = framework.load_game(arguments.game)
    autoplay = not arguments.no_auto
    if arguments.first:
        first_hints(game, arguments.seeds, arguments.seconds, autoplay, arguments.peek)
        return
    for seed in arguments.seeds:
        session, _ = Session.new(game, parse_seed(seed), autoplay=autoplay)
        started = time.perf_counter()
        played, searches, kinds = follow(session, arguments.seconds, arguments.most, arguments.peek)
        result = session.result()
        print(f"{game.id} deal {seed}, auto-play {'on' if autoplay else 'off'}{_peeking(peek=arguments.peek)}: "
              f"{'won' if result == framework.Outcome.WON else result or 'not ended'} after {played} hints "
              f"({searches} searched), {time.perf_counter() - started:.1f} s; "
              + ", ".join(f"{how} {count}" for how, count in kinds.most_common()))


if __name__ == "__main__":
    main()
