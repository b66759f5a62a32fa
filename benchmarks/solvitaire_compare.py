"""Our solver and Solvitaire on the same deals, one at a time, each with the same CPU time: decided, speed, ratios.

Solvitaire (Blake & Gent's solver, the C++ solver behind the published win rates the atlas
compares with) is not in any package registry: it comes from its public repository,
github.com/thecharlieblake/Solvitaire, and this script takes the path of a Solvitaire program
you already have (``--solvitaire PATH``); it never builds one. For each game and deal, in
turn: our deal, written exactly as a Solvitaire deal file (its tableau, foundations or hole,
reserve, stock and waste; face-down cards in lower case, as Solvitaire reads them), is given
to ``solvitaire --type PRESET --classify``; then our solver searches the same deal in this
process. Each gets the same CPU-time limit (``--time``): Solvitaire is sent Ctrl-C (it then
stops and prints what it searched) when its process has used that much CPU time, and our
search is stopped when this process has; the CPU time each used is what is reported.

It prints, per game: the deals each decided (won and lost), the median CPU seconds per
deal, positions per CPU-second (Solvitaire's "states searched"; our search's positions
expanded, ``Result.nodes``), the ratios, and every deal where one finds a win and the other
proves there is none: a bug in one of them or in the conversion, or (the games marked so
below) a difference between the two games' rules.

Ours is timed in-process: the search alone (one search, the single-search schedule of
``patience solve --searches 1``, on the native core where it is built), without the
process start-up and the loading of the rule file, which are measured apart, once per
game, as the CPU time of ``patience solve GAME --nodes 1`` and printed beside the table.
Solvitaire's times are its process's CPU time (start-up included, a few milliseconds) until
it printed its answer, or until it was sent Ctrl-C: what it spends after that (copying and
freeing its table of positions on the way out, about 0.2 s a second of search) is left
out, as no part of the search. Before a decided answer it copies its table once too
(its solver is returned by value), which its time includes.

Eight Off and Seahaven Towers deal cards into some of their cells, which a Solvitaire deal
file cannot hold (its parser takes every cell filled or none). For them the deal is
Solvitaire's own deal N (``--random N``, read from ``--deal-only``), set card for card
into our game's piles, and both solve that.

Without ``--solvitaire`` the script only writes the deal files (and says which games need
the program for their deals).

    .venv/bin/python benchmarks/solvitaire_compare.py --solvitaire /path/to/solvitaire --deals 10 --time 5
    .venv/bin/python benchmarks/solvitaire_compare.py fan king-albert --solvitaire /path/to/solvitaire
    .venv/bin/python benchmarks/solvitaire_compare.py klondike --deals 3 --out deals/   # only the deal files

Not part of the test run.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import ctypes
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from solvitaire_check import solvitaire_card

from framework import load_game
from framework.cards import RANKS, SUITS, make_card
from framework.game import Game
from framework.solver import LOST, UNKNOWN, WON, Budget
from framework.solver.search import ROUNDS, Search
from framework.spec import Role
from framework.state import State


@dataclass(frozen=True)
class Preset:
    """The Solvitaire game type (``--type``) a game of ours is compared as, and how its rules differ."""

    preset: str
    #: Our deals are named by this prefix (``ms:`` for Microsoft's FreeCell deals), else plain numbers.
    named: str = ""
    #: Our foundation is Solvitaire's "hole" (Golf, Black Hole).
    hole: bool = False
    #: The deal is Solvitaire's own (``--random N``), set into our piles: its deal files cannot hold it.
    their_deal: bool = False
    #: Where the two games' rules differ, so that the same deal may have different answers.
    differs: str = ""
    #: Where they differ only in how a move is counted or searched, not in which deals can be won.
    note: str = ""


#: The games of issue 33's table, each with the Solvitaire preset it is compared as. The presets' rules are
#: those of Solvitaire's ``sol_preset_types.cpp`` over its defaults (one card moves at a time, an empty column
#: takes any card, a foundation card stays unless "removable"), as its ``rules_parser.cpp`` reads them.
PRESETS: dict[str, Preset] = {
    "freecell": Preset("free-cell", named="ms:", note=(
        "ours moves a run as one move where the cells and empty columns would let it go card by card; "
        "Solvitaire moves one card at a time: the same deals are won")),
    "bakers-game": Preset("bakers-game", note="runs as one move (as in FreeCell)"),
    "eight-off": Preset("eight-off", their_deal=True, note=(
        "Solvitaire's deal N (four cards in cells at the deal); runs as one move (as in FreeCell)")),
    "seahaven-towers": Preset("seahaven-towers", their_deal=True, note=(
        "Solvitaire's deal N (two cards in cells at the deal); runs as one move (as in FreeCell)")),
    "golf": Preset("golf", hole=True, note=(
        "Solvitaire's win needs the stock turned too, ours only the columns empty: the same deals are won "
        "(the stock can always be turned)")),
    "black-hole": Preset("black-hole", hole=True),
    "klondike": Preset("klondike-deal-1", note=(
        "draw one, redeal without limit, foundation cards may come back; Solvitaire moves part of a run (its "
        "top card too) onto another column only where the card it uncovers can then go to a foundation, "
        "a pruning it holds sound")),
    "canfield": Preset("canfield", differs=(
        "Solvitaire moves any run of a column (pruned as in its Klondike), ours only the top card or the "
        "whole column; ours builds the columns round the corner at every rank (a 10 on a J with a J base), "
        "Solvitaire's from the base rank down only (K on A, not base-1 on base)")),
    "fan": Preset("fan"),
    "king-albert": Preset("king-albert"),
    "streets-and-alleys": Preset("streets-and-alleys", note="runs as one move through empty rows (card by card)"),
    "forty-thieves": Preset("forty-thieves"),
}

#: How our search's stop for the CPU time is told (it is stopped through the count a rival search would set).
CPU = "cpu time"


# --- the deal, both ways ------------------------------------------------------------------------------------------


def deal_file(state: State, preset: Preset) -> dict[str, object]:
    """``state`` (a deal) as a Solvitaire deal file: every pile of the deal, bottom card first (top card last,
    which is also the next card a stock deals); face-down cards in lower case."""
    game = state.game
    document: dict[str, object] = {}

    def cards(pile: int) -> list[str]:
        return [solvitaire_card(card) for card in state.piles[pile]]

    def column(pile: int) -> list[str]:  # (face-down cards count only in the tableau)
        down = state.face_down[pile]
        return [text.lower() if index < down else text for index, text in enumerate(cards(pile))]

    by_role: dict[Role, list[int]] = {}
    for pile in range(len(state.piles)):
        by_role.setdefault(game.pile_group[pile].role, []).append(pile)
    document["tableau piles"] = [column(pile) for pile in by_role.get(Role.TABLEAU, [])]
    foundations = [card for pile in by_role.get(Role.FOUNDATION, []) for card in cards(pile)]
    if preset.hole:
        if len(foundations) != 1:
            raise ValueError(f"{game.spec.id}: a hole starts with one card, not {len(foundations)}")
        document["hole"] = foundations[0]
    elif foundations:
        document["foundations"] = foundations
    cells = [cards(pile) for pile in by_role.get(Role.CELL, [])]
    if any(cells):
        if not all(cells):
            raise ValueError(f"{game.spec.id}: a Solvitaire deal file holds every cell filled or none")
        document["cells"] = [cell[0] for cell in cells]
    for role, key in ((Role.STOCK, "stock"), (Role.WASTE, "waste")):
        piles = by_role.get(role, [])
        if len(piles) > 1:
            raise ValueError(f"{game.spec.id}: Solvitaire has one {key}, not {len(piles)}")
        if piles and state.piles[piles[0]]:
            document[key] = cards(piles[0])
    reserve = by_role.get(Role.RESERVE, [])
    if reserve:  # one stacked pile (Canfield), or single cards side by side (King Albert): a list either way
        if len(reserve) > 1 and any(len(state.piles[pile]) != 1 for pile in reserve):
            raise ValueError(f"{game.spec.id}: reserve piles of more than one card each")
        document["reserve"] = [card for pile in reserve for card in cards(pile)]
    return document


def parse_card(text: str) -> int:
    """Our card for a Solvitaire card name (``10H``, ``QS``, ``ac``: rank, then suit; any case)."""
    rank_text, suit = text[:-1].upper(), text[-1].upper()
    rank = 10 if rank_text == "10" else RANKS.index(rank_text) + 1
    return make_card(rank, SUITS.index(suit))


def their_deal_state(game: Game, seed: int, document: dict) -> State:
    """Solvitaire's deal ``document`` (as ``--deal-only`` prints it) set into our ``game``: its tableau piles into
    ours in order, its filled cells into the cells our deal ``seed`` fills (the cells are alike)."""
    ours = game.deal(seed)
    piles: list[list[int]] = [[] for _ in ours.piles]
    tableau = [pile for pile in range(len(piles)) if game.pile_group[pile].role is Role.TABLEAU]
    cells = [pile for pile in range(len(piles)) if game.pile_group[pile].role is Role.CELL]
    theirs = document["tableau piles"]
    if len(theirs) != len(tableau):
        raise ValueError(f"{game.spec.id}: Solvitaire deals {len(theirs)} tableau piles, ours {len(tableau)}")
    for pile, column in zip(tableau, theirs):
        piles[pile] = [parse_card(text) for text in column]
    filled = [cell for cell in document.get("cells", []) if cell]
    ours_filled = [pile for pile in cells if ours.piles[pile]]
    if len(filled) != len(ours_filled):
        raise ValueError(f"{game.spec.id}: Solvitaire fills {len(filled)} cells, ours {len(ours_filled)}")
    for pile, cell in zip(ours_filled, filled):
        piles[pile] = [parse_card(cell[0] if isinstance(cell, list) else cell)]
    for pile in range(len(piles)):
        if ours.piles[pile] and game.pile_group[pile].role not in (Role.TABLEAU, Role.CELL):
            raise ValueError(f"{game.spec.id}: our deal puts cards where Solvitaire's deal file has none")
    dealt = sorted(card for pile in piles for card in pile)
    if dealt != sorted(card for pile in ours.piles for card in pile):
        raise ValueError(f"{game.spec.id}: Solvitaire's deal {seed} is not one pack dealt once")
    return State(game, piles, [0] * len(piles), dict(ours.vars))


# --- running each --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One solver's answer on one deal: won, lost or unknown; positions searched; CPU seconds used."""

    answer: str
    positions: int
    cpu_seconds: float
    stopped_by: str | None = None
    #: Which of our kernels searched (``native`` or ``python``); empty for Solvitaire.
    core: str = ""


def process_cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_program(command: list[str], cpu_limit: float | None = None,
                until_output: bool = False) -> tuple[str, float, bool]:
    """Run ``command``, sent Ctrl-C once it has used ``cpu_limit`` CPU seconds: its output, the CPU seconds it used
    and whether it was interrupted. With ``until_output``, the CPU seconds are those it had used when it was
    interrupted or its output first appeared, where that was seen (what it spends after, on the way out, is left
    out); else all it used (the kernel's account of it)."""
    with tempfile.TemporaryFile() as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.DEVNULL)
        stopped: float | None = None  # the CPU seconds when it was interrupted, or first had output
        interrupted = False
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            try:
                used = process_cpu_seconds(process.pid)
            except FileNotFoundError:  # (it has just ended)
                continue
            if stopped is None and os.fstat(output.fileno()).st_size:
                stopped = used
            if cpu_limit is not None and stopped is None and used >= cpu_limit:
                process.send_signal(signal.SIGINT)
                stopped, interrupted = used, True
            time.sleep(0.005)
        process.returncode = os.waitstatus_to_exitcode(status)
        total = usage.ru_utime + usage.ru_stime
        output.seek(0)
        text = output.read().decode(errors="replace")
        return text, min(stopped, total) if until_output and stopped is not None else total, interrupted


def solvitaire_answer(output: str) -> tuple[str, int]:
    """Our answer and the states searched from the ``--classify`` line Solvitaire prints (``SEED, OUTCOME, MS,
    STATES, ...``; no seed for a deal file)."""
    lines = [line for line in output.splitlines() if line.count(", ") >= 3]
    if not lines:
        return UNKNOWN, 0
    fields = lines[-1].split(", ")
    outcome = fields[1].strip()
    answer = {"solved": WON, "unsolvable": LOST}.get(outcome, UNKNOWN)
    return answer, int(fields[3])


def run_solvitaire(program: str, preset: str, deal: Path | int, cpu_limit: float) -> Run:
    """Solvitaire's answer on ``deal`` (a deal file, or the number of its own random deal) within ``cpu_limit``."""
    source = ["--random", str(deal)] if isinstance(deal, int) else [str(deal)]
    # Its own --timeout runs by the wall clock: only a net here, the CPU time limit is ours (Ctrl-C).
    safety = int((cpu_limit * 20 + 60) * 1000)
    output, used, interrupted = run_program(
        [program, "--type", preset, "--classify", "--timeout", str(safety), *source], cpu_limit, until_output=True)
    answer, positions = solvitaire_answer(output)
    return Run(answer, positions, used, CPU if interrupted and answer == UNKNOWN else None)


def run_ours(state: State, cpu_limit: float) -> Run:
    """Our answer on ``state``: one search in this process, stopped once this process has spent ``cpu_limit``
    CPU seconds on it."""
    # The search stops as soon as a rival search is said to have decided in fewer positions than it has
    # expanded: a watcher sets that count when the CPU time is spent (the native core reads it without the GIL).
    rival = ctypes.c_int64(sys.maxsize)
    done = threading.Event()
    started = time.process_time()

    def watch() -> None:
        while not done.wait(0.005):
            if time.process_time() - started >= cpu_limit:
                rival.value = -(1 << 62)
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        result = Search(state, Budget(seconds=cpu_limit * 20 + 60, memory_mb=2048), ROUNDS, rival=rival).run()
    finally:
        done.set()
        watcher.join()
    used = time.process_time() - started
    stopped_by = CPU if result.stopped_by == "beaten" else result.stopped_by
    return Run(result.answer, result.nodes, used, stopped_by, result.core)


def startup_seconds(game: str) -> float:
    """The CPU seconds of ``patience solve GAME --seed 1 --nodes 1 --json``: a process's start-up and its loading
    of the game, with one position searched."""
    program = shutil.which("patience", path=str(Path(sys.executable).parent)) or "patience"
    _, used, _ = run_program([program, "solve", game, "--seed", "1", "--nodes", "1", "--searches", "1",
                              "--jobs", "1", "--json"])
    return used


# --- one game ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """One deal compared: its name, and each solver's run."""

    seed: int | str
    theirs: Run
    ours: Run

    @property
    def contradiction(self) -> bool:
        """One found a win where the other proved there is none."""
        return {self.theirs.answer, self.ours.answer} == {WON, LOST}


def prepare(game: Game, preset: Preset, number: int, folder: Path, program: str | None) -> tuple[State, Path | int]:
    """Deal ``number`` of ``game`` as ours and as Solvitaire's: our opening position, and the deal file written
    into ``folder`` (or, for a deal Solvitaire's files cannot hold, the number of its own deal)."""
    if preset.their_deal:
        if program is None:
            raise LookupError("its deals are Solvitaire's own: give --solvitaire")
        output, _, _ = run_program([program, "--type", preset.preset, "--random", str(number), "--deal-only"])
        document = json.loads(output[output.index("{"):])
        (folder / f"{game.spec.id}-{number}.json").write_text(json.dumps(document))
        return their_deal_state(game, number, document), number
    state = game.deal(f"{preset.named}{number}")
    path = folder / f"{game.spec.id}-{preset.named.rstrip(':')}{number}.json"
    path.write_text(json.dumps(deal_file(state, preset)))
    return state, path


def compare_deal(game_id: str, number: int, folder: Path, program: str, cpu_limit: float) -> Deal:
    """Deal ``number`` of ``game_id`` given to Solvitaire and then to our solver."""
    game, preset = load_game(game_id), PRESETS[game_id]
    state, deal = prepare(game, preset, number, folder, program)
    theirs = run_solvitaire(program, preset.preset, deal, cpu_limit)
    ours = run_ours(state, cpu_limit)
    return Deal(f"{preset.named}{number}", theirs, ours)


def compare_game(game_id: str, numbers: range, folder: Path, program: str, cpu_limit: float,
                 jobs: int) -> Iterator[Deal]:
    """Each deal of ``numbers`` compared, in order (``jobs`` at a time)."""
    if jobs == 1:
        for number in numbers:
            yield compare_deal(game_id, number, folder, program, cpu_limit)
        return
    with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(compare_deal, *zip(*((game_id, n, folder, program, cpu_limit) for n in numbers)))


# --- the table -----------------------------------------------------------------------------------------------------


def per_cpu_second(runs: list[Run]) -> float:
    """Positions searched per CPU second over ``runs``."""
    seconds = sum(run.cpu_seconds for run in runs)
    return sum(run.positions for run in runs) / seconds if seconds else 0.0


def ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:.3g}" if theirs else "-"


def table_row(name: str, deals: list[Deal], startup: float) -> str:
    """One game's row of the table."""
    theirs, ours = [deal.theirs for deal in deals], [deal.ours for deal in deals]

    def decided(runs: list[Run]) -> str:
        won, lost = sum(run.answer == WON for run in runs), sum(run.answer == LOST for run in runs)
        return f"{won + lost} ({won}+{lost})"

    their_median = statistics.median(run.cpu_seconds for run in theirs)
    our_median = statistics.median(run.cpu_seconds for run in ours)
    their_speed, our_speed = per_cpu_second(theirs), per_cpu_second(ours)
    contradictions = ", ".join(str(deal.seed) for deal in deals if deal.contradiction) or "none"
    return (f"| {name}, {len(deals)} | {decided(theirs)} | {decided(ours)} | {their_median:.3f} | {our_median:.3f} "
            f"| {ratio(our_median, their_median)} | {their_speed:,.0f} | {our_speed:,.0f} "
            f"| {ratio(our_speed, their_speed)} | {startup:.2f} | {contradictions} |")


def write_deal_files(games: list[str], numbers: range, folder: Path) -> None:
    """Without Solvitaire: each game's deals written as deal files into ``folder``."""
    for game_id in games:
        game, preset = load_game(game_id), PRESETS[game_id]
        try:
            for number in numbers:
                prepare(game, preset, number, folder, None)
        except LookupError as why:
            print(f"{game_id}: no deal files: {why}")
            continue
        print(f"{game_id}: deals {numbers[0]}-{numbers[-1]} written as --type {preset.preset}")
    print(f"deal files in {folder}")


def report(compared: dict[str, list[Deal]], startups: dict[str, float], options: argparse.Namespace) -> None:
    """The table of ``compared`` (each game's deals), the games' notes, and with --json every deal's record."""
    numbers = f"{options.first}-{options.first + options.deals - 1}"
    print(f"Deals {numbers} of each game (FreeCell: Microsoft's ms:{numbers}), {options.time:g} CPU-seconds per "
          f"deal for each solver, {options.jobs} deal(s) at a time. Solvitaire: its process until it answered or "
          "was stopped; ours: one search in this process (its start-up apart: the CPU time of `patience solve "
          "GAME --nodes 1`). Decided: won+lost. Ratios: ours / Solvitaire.")
    print()
    print("| Game, deals | Solvitaire decided | ours decided | Solvitaire median CPU-s | ours | ratio "
          "| Solvitaire positions / CPU-s | ours | ratio | our start-up CPU-s | contradictions |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    faster = decisive = 0
    notes = []
    for game_id, deals in compared.items():
        game, preset = load_game(game_id), PRESETS[game_id]
        print(table_row(f"{game.name} (`{preset.preset}`)", deals, startups[game_id]))
        theirs, ours = [deal.theirs for deal in deals], [deal.ours for deal in deals]
        faster += per_cpu_second(ours) > per_cpu_second(theirs)
        decisive += sum(run.answer != UNKNOWN for run in ours) >= sum(run.answer != UNKNOWN for run in theirs)
        if preset.differs:
            notes.append(f"- {game.name}: **the rules differ**: {preset.differs}.")
        elif preset.note:
            notes.append(f"- {game.name}: {preset.note}.")
    print()
    print(f"Ours searches more positions per CPU-second on {faster} of {len(compared)} games, and decides at least "
          f"as many deals on {decisive} of {len(compared)}.")
    print()
    print("\n".join(notes))
    if options.json:
        records = {game_id: [{"seed": deal.seed, "solvitaire": asdict(deal.theirs), "ours": asdict(deal.ours)}
                             for deal in deals] for game_id, deals in compared.items()}
        options.json.write_text(json.dumps({"cpu_seconds": options.time, "first": options.first,
                                            "deals": options.deals, "games": records}, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(PRESETS), metavar="GAME",
                        help=f"games to compare (default: all of {', '.join(PRESETS)})")
    parser.add_argument("--solvitaire", metavar="PATH",
                        help="the Solvitaire program you have (without it, the deal files are only written)")
    parser.add_argument("--first", type=int, default=1, help="first deal (default 1; FreeCell: ms:1)")
    parser.add_argument("--deals", type=int, default=10, help="how many deals per game (default 10)")
    parser.add_argument("--time", type=float, default=5.0, help="CPU seconds per deal, for each solver (default 5)")
    parser.add_argument("--jobs", type=int, default=1, help="deals compared at a time (default 1)")
    parser.add_argument("--out", type=Path, help="folder for the deal files (default: a temporary one)")
    parser.add_argument("--json", type=Path, help="also write every deal's answers, positions and CPU seconds here")
    options = parser.parse_args()
    program = options.solvitaire
    unknown = [game for game in options.games if game not in PRESETS]
    if unknown:
        parser.error(f"no Solvitaire preset is known for {', '.join(unknown)} (games: {', '.join(PRESETS)})")
    if program and not (Path(program).is_file() and os.access(program, os.X_OK)):
        parser.error(f"--solvitaire: no program at {program}")
    if options.deals < 1 or options.time <= 0 or options.jobs < 1:
        parser.error("--deals and --jobs must be at least 1, --time more than 0")
    folder = options.out or Path(tempfile.mkdtemp(prefix="solvitaire-deals-"))
    folder.mkdir(parents=True, exist_ok=True)
    numbers = range(options.first, options.first + options.deals)
    if not program:
        write_deal_files(options.games, numbers, folder)
        return
    compared: dict[str, list[Deal]] = {}
    startups = {}
    for game_id in options.games:
        compared[game_id] = []
        for deal in compare_game(game_id, numbers, folder, program, options.time, options.jobs):
            compared[game_id].append(deal)
            print(f"{game_id} {deal.seed}: solvitaire {deal.theirs.answer} {deal.theirs.positions} positions "
                  f"{deal.theirs.cpu_seconds:.2f} s, ours {deal.ours.answer} {deal.ours.positions} positions "
                  f"{deal.ours.cpu_seconds:.2f} s" + ("  CONTRADICTION" if deal.contradiction else ""),
                  file=sys.stderr, flush=True)
        startups[game_id] = startup_seconds(game_id)
    report(compared, startups, options)
    print(f"\ndeal files in {folder}")


if __name__ == "__main__":
    main()
