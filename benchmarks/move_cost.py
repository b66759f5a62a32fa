"""What one typed move costs the kernel: legal-move generations and win decisions per move.

A move typed at the terminal player (or posted to the web player) is read, played,
followed by auto-play, and the table is drawn with its free cards and the result.
Each of these asks the position for its legal moves or whether it is won; the
kernel works each out once per position. This script plays random legal moves
through the terminal player's command loop and through the web API (in process),
and counts how often the kernel generated legal moves and decided a win per move,
beside the positions each move reached (the move and what auto-play played after it).

Run: ``python benchmarks/move_cost.py --moves 100``
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import framework
from framework.player.commands import Player
from framework.player.render import PLAIN
from framework.session import Session
from framework.state import State

GAMES = ("steeplechase", "blockade", "klondike", "freecell")


class Counts:
    """How many times the kernel generated legal moves and decided a win."""

    def __init__(self) -> None:
        self.generations = 0
        self.wins = 0


@contextmanager
def counting() -> Iterator[Counts]:
    """Count the kernel's work while the block runs (by wrapping the two methods that do it)."""
    counts = Counts()
    generate, decide = State._generate, State._decide_won

    def counted_generate(state: State) -> list[framework.Move]:
        counts.generations += 1
        return generate(state)

    def counted_decide(state: State) -> bool:
        counts.wins += 1
        return decide(state)

    State._generate, State._decide_won = counted_generate, counted_decide  # type: ignore[method-assign]
    try:
        yield counts
    finally:
        State._generate, State._decide_won = generate, decide  # type: ignore[method-assign]


Cost = tuple[int, int, int]  # generations, win decisions, positions reached


def terminal(game: framework.Game, moves: int) -> list[Cost]:
    """The cost of each of ``moves`` random moves typed at the terminal player."""
    session, _ = Session.new(game, 1)
    player = Player(session, lambda text: None, PLAIN)
    player.show_table()
    return _typed(lambda text: player.execute(text), lambda: player.session.state, moves)


def web(game: framework.Game, moves: int) -> list[Cost]:
    """The cost of each of ``moves`` random moves posted to the web API."""
    from fastapi.testclient import TestClient

    from framework.web.app import create_app

    client = TestClient(create_app())
    key = client.post("/api/sessions", json={"game": game.id, "seed": 1}).json()["session"]
    texts: list[str] = []
    reached = [0]

    def post(text: str) -> None:
        table = client.post(f"/api/sessions/{key}/moves", json={"move": text}).json()
        texts[:] = [move["text"] for move in table["moves"]]
        reached[0] = len(table["played"])

    texts[:] = [move["text"] for move in client.get(f"/api/sessions/{key}").json()["moves"]]
    return _typed(post, None, moves, texts, reached)


def _typed(play: Callable[[str], None], state: Callable[[], State] | None, moves: int,
           texts: list[str] | None = None, reached: list[int] | None = None) -> list[Cost]:
    choose = random.Random(1).choice
    costs = []
    for _ in range(moves):
        if state is not None:
            current = state()
            if current.outcome() is not None:
                break
            text = current.move_text(choose(current.legal_moves()))
        else:
            assert texts is not None
            if not texts:
                break
            text = choose(texts)
        before = len(state().move_stack) if state is not None else 0
        with counting() as counts:
            play(text)
        positions = len(state().move_stack) - before if state is not None else reached[0] if reached else 0
        costs.append((counts.generations, counts.wins, positions))
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=100, help="Random moves per game and front end (default 100).")
    parser.add_argument("--game", action="append", help="A game to measure (may be repeated; default: four).")
    options = parser.parse_args()
    print("Per typed move, the median and mean of: legal-move generations, win decisions, positions reached")
    print(f"{'game':<14} {'front end':<9} {'moves':>5}  {'generations':>13}  {'win decisions':>13}  {'positions':>13}")
    for name in options.game or GAMES:
        game = framework.load_game(name)
        for front_end, measure in (("terminal", terminal), ("web", web)):
            costs = measure(game, options.moves)
            columns = "  ".join(f"{statistics.median(values):>5g} {statistics.mean(values):>7.2f}"
                                for values in zip(*costs))
            print(f"{name:<14} {front_end:<9} {len(costs):>5}  {columns}")


if __name__ == "__main__":
    main()
