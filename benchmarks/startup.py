"""Start-up benchmark: how long short ``patience`` commands take, each in fresh processes.

The commands: ``--help``, ``list`` and a small ``solve`` (FreeCell's deal 1), among others.

Each command runs ``--runs`` times as a new interpreter (``python -m framework.cli``) and the
median wall time is printed, with the median CPU time (user and system, of the process and
the processes it started) in brackets, which a busy machine changes less, beside that of
the interpreter doing nothing. ``list`` and ``solve`` are timed twice: with the user's cache
warm (made by a run before the timing), and cold (a new, empty cache directory every run).
Python's bytecode is written as an installed program's is (``PYTHONDONTWRITEBYTECODE`` is
dropped), so the runs before the timing leave it compiled.
``--before REV`` also times the code of the git revision REV (exported to a temporary
directory and put first on ``PYTHONPATH``; the rule files and plugins are this checkout's),
runs the two in turn, command by command, and prints the ratios; with ``--compiled``, REV's
native core is built too (else its searches run in Python, and a ``solve`` says more about
that than about starting).

    .venv/bin/python benchmarks/startup.py --runs 21
    .venv/bin/python benchmarks/startup.py --runs 11 --before main --compiled
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from revision import compiled, export

#: The commands timed: a name, the arguments (none: ``python -c pass``), and whether the listing's cache
#: starts empty each run.
COMMANDS = [
    ("", [], False),  # the interpreter alone, starting and ending: the floor, and a gauge of the machine's load
    ("--help", ["--help"], False),
    ("solve --help", ["solve", "--help"], False),
    ("list (warm cache)", ["list"], False),
    ("list (cold cache)", ["list"], True),
    ("solve freecell --seed 1 (warm cache)", ["solve", "freecell", "--seed", "1"], False),
    ("solve freecell --seed 1 (cold cache)", ["solve", "freecell", "--seed", "1"], True),
]


def timed(arguments: list[str], code: Path | None, cache: Path) -> tuple[float, float]:
    """Seconds that one run of ``patience ARGUMENTS`` takes, with the code at ``code`` (None: this checkout's):
    wall time, and CPU time."""
    environment = dict(os.environ, XDG_CACHE_HOME=str(cache))
    environment.pop("PATIENCE_RULES_PATH", None)
    environment.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed program runs from its compiled bytecode
    if code is not None:
        environment["PYTHONPATH"] = str(code)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    command = ["-m", "framework.cli", *arguments] if arguments else ["-c", "pass"]
    subprocess.run([sys.executable, *command], env=environment, check=True,
                   stdout=subprocess.DEVNULL, timeout=600, cwd=tempfile.gettempdir())  # -m puts the folder run in first
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime


def median_times(arguments: list[str], cold: bool, codes: list[Path | None], runs: int,
                 scratch: Path) -> list[tuple[float, float]]:
    """The median seconds (wall, CPU) of ``arguments`` for each of ``codes``, their runs taken in turn."""
    warm = scratch / "warm"
    samples: list[list[tuple[float, float]]] = [[] for _ in codes]
    for code in codes:
        timed(arguments, code, warm)  # fills the warm cache, and the system's file cache
    for run in range(runs):
        for index, code in enumerate(codes):
            samples[index].append(timed(arguments, code, scratch / f"cold-{run}-{index}" if cold else warm))
    return [(statistics.median(wall for wall, _ in times), statistics.median(cpu for _, cpu in times))
            for times in samples]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs of each command (default 11)")
    parser.add_argument("--before", metavar="REV", help="also time git revision REV and print the ratios")
    parser.add_argument("--compiled", action="store_true", help="build REV's native core too (setup.py)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="patience-startup-") as directory:
        scratch = Path(directory)
        codes: list[Path | None] = [None]
        if options.before is not None:
            before = export(options.before, scratch)
            codes.insert(0, compiled(scratch, before) if options.compiled else before)
        if options.before:
            print(f"| command | {options.before} | this checkout | ratio |\n|---|---:|---:|---:|")
        else:
            print("| command | median |\n|---|---:|")
        for name, arguments, cold in COMMANDS:
            medians = median_times(arguments, cold, codes, options.runs, scratch)
            cells = [f"{wall:.3f} s ({cpu:.3f} s)" for wall, cpu in medians]
            if options.before:
                cells.append(f"{medians[0][0] / medians[1][0]:.1f}x faster")
            shown = f"`patience {name}`" if arguments else "`python -c pass`"
            print(f"| {shown} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
