"""Check the solver's "lost" answers by a search that shares nothing with it but the kernel.

For each deal it is given, the script plays the kernel's legal moves depth first from the
deal, and keeps every position reached by its exact ``State.position_key()``. There are no
canonical keys, card classes, forced moves, move ordering, sinks or lost-at-a-glance
checks. A deal is confirmed lost when that search runs out of positions without a win. It
is refuted when the search wins; that would be a bug in the solver. It is left undecided
when the search reaches --cap positions first. With --study FILE it checks every deal a
study store holds as lost for GAME.

    .venv/bin/python benchmarks/check_losses.py simple-simon 178 170 83
    .venv/bin/python benchmarks/check_losses.py simple-simon --study docs/atlas/atlas.sqlite
"""

from __future__ import annotations

import argparse
import sqlite3
import sys

from framework import State, load_game


def exhaust(state: State, cap: int) -> tuple[str, int]:
    """``("won" | "lost" | "undecided", positions reached)``: a plain depth-first search from ``state``."""
    if state.is_won():
        return "won", 1
    seen = {state.position_key()}
    pending = [iter(state.legal_moves())]
    while pending:
        if len(seen) >= cap:
            return "undecided", len(seen)
        move = next(pending[-1], None)
        if move is None:
            pending.pop()
            if state.move_stack:
                state.pop()
            continue
        state.push(move)
        if state.is_won():
            return "won", len(seen) + 1
        key = state.position_key()
        if key in seen:
            state.pop()
            continue
        seen.add(key)
        pending.append(iter(state.legal_moves()))
    return "lost", len(seen)


def lost_in_study(path: str, game: str) -> list[int]:
    """The seeds a study store holds as lost for ``game`` (in any of its studies)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT DISTINCT seed FROM deals WHERE game = ? AND answer = 'lost' ORDER BY seed", (game,))
        return [seed for (seed,) in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("seeds", nargs="*", type=int, help="deals the solver called lost")
    parser.add_argument("--study", metavar="FILE", help="check every deal this study store holds as lost")
    parser.add_argument("--cap", type=int, default=1_000_000, help="most positions per deal (default 1000000)")
    options = parser.parse_args()
    seeds = list(options.seeds) + (lost_in_study(options.study, options.game) if options.study else [])
    if not seeds:
        parser.error("no deals to check: name some, or a --study with lost deals of the game")
    game = load_game(options.game)
    counts = {"lost": 0, "won": 0, "undecided": 0}
    for seed in seeds:
        answer, positions = exhaust(game.deal(seed), options.cap)
        counts[answer] += 1
        verdict = {"lost": "confirmed lost", "won": "WON: the solver was wrong", "undecided": "undecided"}[answer]
        print(f"{options.game} {seed}: {verdict} ({positions:,} positions)", flush=True)
    print(f"{counts['lost']} confirmed, {counts['won']} refuted, {counts['undecided']} undecided at {options.cap:,}")
    if counts["won"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
