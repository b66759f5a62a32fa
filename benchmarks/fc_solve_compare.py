"""Our solver beside fc-solve (Freecell Solver) on the same Microsoft FreeCell deals, deal by deal.

For each deal, in turn: the board ``make-microsoft-freecell-board`` makes, which the
script first checks is the deal our ``ms:N`` seed gives, card for card; fc-solve on it
(``fc-solve -l lg`` by default, a new process, timed from start to end); then our
solver on it in this process, with the budget ``patience solve`` has by default
(50,000 positions, two searches on two processes, 60 s). It prints the answers each
gives, the deals decided, the median times and their ratio, and every deal where the
two disagree (one finds a win where the other proves there is none), which would be a
bug in one of them.

fc-solve comes with Debian's ``freecell-solver-bin`` package: the script installs it
with apt-get where it can (as root, with apt-get present), and otherwise stops with
the reason and exit status 0, so that it never fails for want of it. It is not part of
the test run: it takes a few minutes.

    .venv/bin/python benchmarks/fc_solve_compare.py                     # deals 1-200 and 11982
    .venv/bin/python benchmarks/fc_solve_compare.py --deals 1000
    .venv/bin/python benchmarks/fc_solve_compare.py --fc-preset "-l fg" --nodes 200000
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

from framework import load_game
from framework.cards import card_text
from framework.solver import LOST, UNKNOWN, WON, Budget, solve

#: The Debian package with fc-solve and the program that makes Microsoft's deals.
PACKAGE = "freecell-solver-bin"
PROGRAMS = ("fc-solve", "make-microsoft-freecell-board")
#: The deal no solver wins: fc-solve proves it lost.
LOST_DEAL = 11982


def have_fc_solve() -> str | None:
    """None when fc-solve can run, installing it if need be; else why it cannot."""
    if all(shutil.which(program) for program in PROGRAMS):
        return None
    if not shutil.which("apt-get"):
        return f"fc-solve is not installed and there is no apt-get to install {PACKAGE} with"
    if os.geteuid() != 0:
        return f"fc-solve is not installed; install it with: sudo apt-get install {PACKAGE}"
    print(f"installing {PACKAGE} with apt-get...", file=sys.stderr, flush=True)
    for command in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", PACKAGE]):
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode:
            return f"{' '.join(command)} failed: {(done.stderr or done.stdout).strip().splitlines()[-1:]}"
    return None if all(shutil.which(program) for program in PROGRAMS) else f"{PACKAGE} has no {PROGRAMS}"


def board(deal: int) -> str:
    """Microsoft deal ``deal`` as fc-solve reads it: one line per column, bottom card first."""
    return subprocess.run(["make-microsoft-freecell-board", "-t", str(deal)], capture_output=True, text=True,
                          check=True).stdout


def our_board(deal: int) -> str:
    """Our deal ``ms:N`` written as ``board`` writes it."""
    state = load_game("freecell").deal(f"ms:{deal}")
    names = state.game.pile_names
    return "".join(" ".join(card_text(card) for card in state.piles[pile]) + "\n"
                   for pile in range(len(names)) if names[pile].startswith("t"))


def fc_solve(deal: int, preset: list[str]) -> tuple[str, float]:
    """fc-solve's answer on deal ``deal`` and the seconds its process took."""
    text = board(deal)
    started = time.perf_counter()
    done = subprocess.run(["fc-solve", *preset], input=text, capture_output=True, text=True,
                          env=dict(os.environ, FREECELL_SOLVER_QUIET="1"))
    seconds = time.perf_counter() - started
    if "This game is solveable." in done.stdout:
        return WON, seconds
    if "I could not solve this game." in done.stdout:
        return LOST, seconds
    return UNKNOWN, seconds  # (stopped by an iterations limit in the preset, or a crash)


def ours(deal: int, budget: Budget) -> tuple[str, float]:
    """Our answer on ``ms:N`` and the seconds it took, as ``patience solve`` runs it by default."""
    state = load_game("freecell").deal(f"ms:{deal}")
    started = time.perf_counter()
    result = solve(state, budget, searches=2, jobs=2)
    return result.answer, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1, help="first deal (default 1)")
    parser.add_argument("--deals", type=int, default=200, help="how many deals (default 200)")
    parser.add_argument("--no-extra", dest="extra", action="store_false",
                        help=f"leave out deal {LOST_DEAL}, the one that cannot be won")
    parser.add_argument("--fc-preset", default="-l lg", help="fc-solve's options (default: -l lg)")
    parser.add_argument("--nodes", type=int, default=50_000, help="our positions per search (default 50000)")
    parser.add_argument("--time", type=float, default=60.0, help="our seconds per deal (default 60)")
    options = parser.parse_args()

    missing = have_fc_solve()
    if missing:
        print(f"skipped: {missing}")
        return
    deals = list(range(options.first, options.first + options.deals))
    if options.extra and LOST_DEAL not in deals:
        deals.append(LOST_DEAL)
    budget = Budget(nodes=options.nodes, seconds=options.time)
    answers: dict[str, list[str]] = {"fc-solve": [], "ours": []}
    times: dict[str, list[float]] = {"fc-solve": [], "ours": []}
    disagreements = []
    for deal in deals:
        if board(deal) != our_board(deal):
            sys.exit(f"deal {deal}: make-microsoft-freecell-board and ms:{deal} are not the same deal")
        theirs = fc_solve(deal, options.fc_preset.split())
        mine = ours(deal, budget)
        for name, (answer, seconds) in (("fc-solve", theirs), ("ours", mine)):
            answers[name].append(answer)
            times[name].append(seconds)
        if {theirs[0], mine[0]} == {WON, LOST}:
            disagreements.append(deal)
        print(f"ms:{deal}: fc-solve {theirs[0]} {theirs[1]:.3f} s, ours {mine[0]} {mine[1]:.3f} s",
              file=sys.stderr, flush=True)

    print(f"Microsoft FreeCell deals {deals[0]}-{options.first + options.deals - 1}"
          + (f" and {LOST_DEAL}" if options.extra and LOST_DEAL >= options.first + options.deals else "")
          + f"; fc-solve {options.fc_preset}; ours: {options.nodes:,} positions, 2 searches, {options.time:g} s")
    print()
    print("| Solver | Won | Lost | Unknown | Decided | Median time |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in answers:
        won, lost = answers[name].count(WON), answers[name].count(LOST)
        print(f"| {name} | {won} | {lost} | {answers[name].count(UNKNOWN)} | {won + lost} of {len(deals)} "
              f"| {statistics.median(times[name]):.3f} s |")
    ratio = statistics.median(times["ours"]) / statistics.median(times["fc-solve"])
    print()
    print(f"Median time, ours / fc-solve: {ratio:.0f}x")
    if options.extra:
        print(f"Deal {LOST_DEAL}: fc-solve {answers['fc-solve'][deals.index(LOST_DEAL)]}, "
              f"ours {answers['ours'][deals.index(LOST_DEAL)]}")
    print("Disagreements (won by one, proven lost by the other): " + (", ".join(map(str, disagreements)) or "none"))


if __name__ == "__main__":
    main()
