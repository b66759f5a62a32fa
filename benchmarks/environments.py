"""The Gymnasium environments of every game: Gymnasium's own checks, and a masked random agent's wins.

``--check`` runs ``gymnasium.utils.env_checker.check_env`` on the environment of every
built-in game (or those named) and lists the games it fails on. ``--random`` plays
``--episodes`` deals of each game named with an agent that picks uniformly among the
legal moves (the action mask), each episode cut at the registered step limit, and
prints the share won with its Wilson interval and the median moves played.

    .venv/bin/python benchmarks/environments.py --check
    .venv/bin/python benchmarks/environments.py --random klondike freecell golf --episodes 500
"""

from __future__ import annotations

import argparse
import statistics
import sys
import warnings

import numpy as np
from gymnasium.utils.env_checker import check_env

import framework
from framework.environment import MOST_STEPS, PatienceEnv
from framework.solver.stats import wilson


def check(names: list[str]) -> int:
    """Run Gymnasium's checks on each game's environment; the number that fail."""
    failed = 0
    for name in names:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                check_env(PatienceEnv(name, render_mode="ansi"), skip_render_check=False)
        except Exception as error:  # noqa: BLE001 - a report of every game, whatever fails
            failed += 1
            print(f"{name}: {type(error).__name__}: {error}")
    print(f"check_env passed on {len(names) - failed} of {len(names)} games")
    return failed


def play_randomly(name: str, episodes: int, seed: int) -> None:
    """Play ``episodes`` deals of ``name`` (deals 1 up) with a masked random agent and print the share won."""
    env = PatienceEnv(name)
    rng = np.random.default_rng(seed)
    won, steps = 0, []
    for deal in range(1, episodes + 1):
        _, info = env.reset(seed=deal)
        for _ in range(MOST_STEPS):
            _, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            if terminated:
                break
        won += info["won"]
        steps.append(info["moves"])
    low, high = wilson(won, episodes)
    print(f"| {env.game.name} | {episodes} | {won} | {100 * won / episodes:.1f}% ({100 * low:.1f}-{100 * high:.1f}) "
          f"| {statistics.median(steps):.0f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games (default with --check: every built-in game)")
    parser.add_argument("--check", action="store_true", help="run Gymnasium's check_env on each game")
    parser.add_argument("--random", action="store_true", help="play the games with a masked random agent")
    parser.add_argument("--episodes", type=int, default=200, help="deals per game for --random (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the random agent's seed (default 1)")
    args = parser.parse_args()
    if args.check:
        return 1 if check(args.games or sorted(framework.available_games())) else 0
    if not args.random or not args.games:
        parser.error("say --check, or --random with the games to play")
    print("| Game | Deals | Won | Share won (95% interval) | Median moves |\n|---|---:|---:|---:|---:|")
    for name in args.games:
        play_randomly(name, args.episodes, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
