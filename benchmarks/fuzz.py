"""A longer fuzzing run of the rule loader and the state loader: the fuzz tests with more, random examples.

The test suite runs ``tests/test_fuzz.py`` with a fixed set of examples; this runs the
same properties with ``--examples`` random ones each (hypothesis prints any failing
input, shrunk). Run: ``python benchmarks/fuzz.py --examples 20000 [-k state]``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent.parent / "tests" / "test_fuzz.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=5000, help="examples per property (default 5000)")
    parser.add_argument("-k", dest="select", help="only the properties whose names match (as pytest -k)")
    arguments = parser.parse_args()
    os.environ["PATIENCE_FUZZ_EXAMPLES"] = str(arguments.examples)
    os.environ["PATIENCE_FUZZ_RANDOM"] = "1"
    options = ["-q", str(TESTS), "-p", "no:cacheprovider"]
    if arguments.select:
        options += ["-k", arguments.select]
    return pytest.main(options)


if __name__ == "__main__":
    sys.exit(main())
