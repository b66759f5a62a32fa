"""Our deals of a tableau-only game given to Solvitaire, deal by deal, beside our study's answers.

Solvitaire (Blake & Gent's solver) is the source of the published win rates the atlas
compares with. It is not in any package registry; it comes from its public repository,
github.com/thecharlieblake/Solvitaire. This script takes the path of a Solvitaire program
you already have (``--solvitaire PATH``), writes each deal as the Solvitaire deal file of
its tableau (bottom card first), runs the program on it with ``--type PRESET --classify``,
and prints its answer beside the one a study store holds for the same deal; without
``--solvitaire`` it only writes the deal files. It only handles games whose every card is
dealt to the tableau (Simple Simon, Mrs. Mop, Baker's Game ...); ``solvitaire_compare.py``
writes the deals of the games of issue 33's table, stock, cells and reserve included, and
sets our solver's answers and speed beside Solvitaire's.

    .venv/bin/python benchmarks/solvitaire_check.py simple-simon --study docs/atlas/atlas.sqlite \\
        --solvitaire /path/to/solvitaire
    .venv/bin/python benchmarks/solvitaire_check.py mrs-mop 102 155 --solvitaire /path/to/solvitaire

Not part of the test run.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

from framework import load_game
from framework.cards import RANK, RANKS, SUIT, SUITS
from framework.game import Game
from framework.spec import Role


def solvitaire_card(card: int) -> str:
    """Solvitaire's name of ``card``: rank (A, 2-10, J, Q, K) then suit letter."""
    rank = RANK[card]
    return ("10" if rank == 10 else RANKS[rank - 1]) + SUITS[SUIT[card]]


def solvitaire_deal(game: Game, seed: int) -> dict[str, list[list[str]]]:
    """Deal ``seed`` of ``game`` as a Solvitaire deal: its tableau piles, bottom card first."""
    state = game.deal(seed)
    outside = [pile for pile, cards in enumerate(state.piles)
               if cards and game.pile_group[pile].role is not Role.TABLEAU]
    if outside:
        raise SystemExit(f"{game.spec.name}: cards are dealt outside the tableau; this script handles only "
                         "games dealt wholly to the tableau")
    return {"tableau piles": [[solvitaire_card(card) for card in state.piles[pile]]
                              for pile in range(len(state.piles)) if game.pile_group[pile].role is Role.TABLEAU]}


def study_answers(path: str, game: str) -> dict[int, str]:
    """The answer a study store holds for each seed of ``game`` (the last study's, where there are several)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return {seed: answer for seed, answer in db.execute(
            "SELECT seed, answer FROM deals WHERE game = ? ORDER BY rowid", (game,))}


def run_solvitaire(program: str, preset: str, deal_file: Path, seconds: int) -> str:
    """Solvitaire's classification of ``deal_file`` (solved, unsolvable or timed-out)."""
    output = subprocess.run([program, "--type", preset, "--classify", "--timeout", str(seconds * 1000),
                             str(deal_file)], capture_output=True, text=True, check=False).stdout
    fields = output.strip().splitlines()[-1].split(", ") if output.strip() else ["?"]
    return fields[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("seeds", nargs="*", type=int)
    parser.add_argument("--study", help="a study store: check the deals it holds as lost (with no SEEDS)")
    parser.add_argument("--solvitaire", metavar="PATH",
                        help="the Solvitaire program you have (without it, the deal files are only written)")
    parser.add_argument("--preset", help="Solvitaire's game type (default: the game's name, as Solvitaire spells it)")
    parser.add_argument("--seconds", type=int, default=60, help="Solvitaire's time per deal")
    parser.add_argument("--out", help="folder for the deal files (default: a temporary one)")
    args = parser.parse_args()
    if args.solvitaire and not (Path(args.solvitaire).is_file() and os.access(args.solvitaire, os.X_OK)):
        parser.error(f"--solvitaire: no program at {args.solvitaire}")
    game = load_game(args.game)
    answers = study_answers(args.study, game.spec.id) if args.study else {}
    seeds = args.seeds or sorted(seed for seed, answer in answers.items() if answer == "lost")
    if not seeds:
        parser.error("give SEEDS, or --study FILE holding lost deals of the game")
    folder = Path(args.out or tempfile.mkdtemp(prefix="solvitaire-deals-"))
    folder.mkdir(parents=True, exist_ok=True)
    preset = args.preset or game.spec.id
    for seed in seeds:
        deal_file = folder / f"{game.spec.id}-{seed}.json"
        deal_file.write_text(json.dumps(solvitaire_deal(game, seed)))
        theirs = run_solvitaire(args.solvitaire, preset, deal_file, args.seconds) if args.solvitaire else "-"
        print(f"{seed:>6}  ours {answers.get(seed, '-'):<8} solvitaire {theirs:<11} {deal_file}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
