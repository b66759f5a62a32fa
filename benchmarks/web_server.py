"""A real ``patience serve`` on a free loopback port, for the scripts that drive the web player."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def serving(*games: str, env: Mapping[str, str] | None = None) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """The address and process of ``patience serve [GAME]`` on a free loopback port, stopped on leaving.

    ``env`` is added to the server's environment (``PATIENCE_RULES_PATH``, say).
    """
    process = subprocess.Popen([sys.executable, "-m", "framework.cli", "serve", *games, "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, **(env or {})})
    try:
        line = process.stdout.readline() if process.stdout else ""
        address = re.search(r"http://127\.0\.0\.1:\d+/", line)
        if not address:
            raise SystemExit(f"patience serve did not start: {line!r}")
        yield address.group(0), process
    finally:
        process.terminate()
        process.wait(timeout=60)


@contextmanager
def served(*games: str) -> Iterator[str]:
    """The address of ``patience serve [GAME]`` on a free loopback port, stopped on leaving."""
    with serving(*games) as (address, _):
        yield address


def memory_mb(pid: int) -> float:
    """The resident set of process ``pid``, in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")
