"""The code of another git revision, for a benchmark that times it beside this checkout's."""

from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def export(revision: str, into: Path) -> Path:
    """The ``framework`` package of git ``revision``, written under ``into``; the directory to put on the path."""
    archive = into / "code.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "--output", str(archive), revision, "framework"], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "code", filter="data")
    return into / "code"
