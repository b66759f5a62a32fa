"""Other code to time beside this checkout's: another git revision, as it is or built as its wheel builds it; each
with its built-in plugins."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


#: The import name of the built-in plugins (plugins/ in the checkout; pyproject.toml installs it so).
PLUGINS = "patience_plugins"


def export(revision: str, into: Path) -> Path:
    """The ``framework`` package and the built-in plugins of git ``revision``, written under ``into``; the directory
    to put on the path (before the installed packages, so that its plugins are found, not this checkout's)."""
    archive = into / "code.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "--output", str(archive), revision, "framework", "plugins",
                    "setup.py"], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "code", filter="data")
    (into / "code" / "plugins").rename(into / "code" / PLUGINS)
    return into / "code"


def compiled(into: Path, code: Path) -> Path:
    """The ``framework`` package under ``code`` (an ``export``) built as its own setup.py builds a wheel (mypyc's
    modules before the native core, the native core since), and its plugins as they are, under ``into``; the
    directory to put on the path. mypyc comes with mypy (``pip install mypy``), for revisions that use it."""
    built = into / "compiled"
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(code / "framework", built / "framework", ignore=ignore)
    shutil.copytree(code / PLUGINS, built / PLUGINS, ignore=ignore)
    shutil.copy(code / "setup.py", built)
    done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=built, capture_output=True,
                          text=True)
    if done.returncode or not any(built.glob("framework/**/*.so")):
        sys.exit(f"setup.py built no extension:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return built
