"""How long the loader takes to refuse each bad rule file of the corpus (tests/bad_rules/).

Every file must be refused in well under a second, however it is built: a 10 MB
file, an alias bomb, 90 000 nested brackets. Prints the slowest files and the
total; run with ``.venv/bin/python benchmarks/bad_rules.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import framework

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "bad_rules"


def refusal_time(path: Path, repeat: int) -> float:
    """The best time, in seconds, of ``repeat`` attempts to load ``path`` (which must fail)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            framework.load_game(str(path))
        except framework.LoadError:
            pass
        else:
            raise SystemExit(f"{path} loaded, but it is in the corpus of bad files")
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="attempts per file; the best counts (default 3)")
    parser.add_argument("--show", type=int, default=10, help="how many of the slowest files to list (default 10)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        big = Path(directory) / "ten_megabytes.yaml"
        big.write_bytes(b"name: Big\nrules: '" + b"x" * 10_000_000 + b"'\n")
        paths = sorted(CORPUS.glob("*.yaml")) + [big]
        times = {path.name: refusal_time(path, arguments.repeat) for path in paths}
    slowest = sorted(times.items(), key=lambda item: item[1], reverse=True)
    for name, seconds in slowest[: arguments.show]:
        print(f"{seconds * 1000:8.1f} ms  {name}")
    print(f"{len(times)} files; slowest {slowest[0][1] * 1000:.1f} ms; "
          f"median {sorted(times.values())[len(times) // 2] * 1000:.1f} ms; total {sum(times.values()):.2f} s")


if __name__ == "__main__":
    main()
