"""Write the golden files of every built-in game: python tests/golden/make_golden.py [GAME...].

A golden file pins a game's seeded deal, perft counts from it (the number of
move sequences of length 1, 2 and 3) and the number of legal moves along a fixed
line of play. Regenerate only after checking that a change of these figures is
meant; the test (tests/test_golden.py) reports any difference.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import framework
from framework.cards import SplitMix64

HERE = Path(__file__).parent
SEED = 7
LINE_LENGTH = 60
PERFT_DEPTH = 3


def perft(state: framework.State, depth: int) -> int:
    """The number of move sequences of length ``depth`` from ``state``."""
    if depth == 0:
        return 1
    total = 0
    for move in state.legal_moves():
        state.push(move)
        total += perft(state, depth - 1)
        state.pop()
    return total


def line_of_play(state: framework.State) -> list[list[object]]:
    """[move text, number of legal moves] for each step of the fixed line from ``state``."""
    rng = SplitMix64(SEED)
    line: list[list[object]] = []
    for _ in range(LINE_LENGTH):
        moves = sorted(state.legal_moves(), key=state.move_text)
        if not moves:
            break
        move = moves[rng.below(len(moves))]
        line.append([state.move_text(move), len(moves)])
        state.push(move)
    return line


def golden(game_id: str) -> dict[str, object]:
    """The golden record of one game."""
    game = framework.load_game(game_id)
    state = game.deal(SEED)
    return {
        "game": game_id,
        "seed": SEED,
        "deal": state.to_json()["piles"],
        "perft": [perft(state, depth) for depth in range(1, PERFT_DEPTH + 1)],
        "line": line_of_play(state),
    }


def main(names: list[str]) -> None:
    for game_id in names or framework.available_games():
        path = HERE / f"{game_id}.json"
        path.write_text(json.dumps(golden(game_id), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
