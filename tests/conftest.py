"""The fixtures the tests share: the launch game, fresh environments, plugins installed for a test, a server, the
browser. Plain helpers are in ``helpers.py``."""

from __future__ import annotations

import functools
import importlib
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest
from helpers import serve_process

import framework


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C live in this run, whatever started it: the tests send it to the commands they start as a terminal
    does, and a command started with it ignored keeps ignoring it (Python's own rule). A run started as a
    background job of a shell without job control (``make test &`` in a script) inherits it ignored."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session", autouse=True)
def cache_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The user's cache directory ($XDG_CACHE_HOME), this run's own: no test reads or writes the real one."""
    with pytest.MonkeyPatch.context() as patch:
        home = tmp_path_factory.mktemp("cache-home")
        patch.setenv("XDG_CACHE_HOME", str(home))
        yield home


@pytest.fixture(scope="session")
def steeplechase() -> framework.Game:
    """The built-in Steeplechase game."""
    return framework.load_game("steeplechase")


#: What a fresh clone would not have: built or installed leftovers of this checkout.
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis",
                                    "*.so")


class FreshVenv:
    """A new virtual environment, with nothing of the checkout's, to install packages into and run from."""

    def __init__(self, where: Path) -> None:
        self.where = where
        self.path = where / "venv"
        self.run([sys.executable, "-m", "venv", str(self.path)], cwd=where)
        self.python = self.path / "bin" / "python"

    def run(self, command: list[str], cwd: Path, settings: dict[str, str] | None = None) -> str:
        """Run ``command`` in ``cwd`` with none of the checkout's settings but ``settings``; its output, or the test fails."""
        environment = {name: value for name, value in os.environ.items()
                       if name not in {"PYTHONPATH", "VIRTUAL_ENV", "PATIENCE_RULES_PATH", "PYTHONHOME", "PATIENCE_PURE"}}
        environment.update(settings or {})
        result = subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, f"{' '.join(map(str, command))} failed:\n{result.stdout}\n{result.stderr}"
        return result.stdout

    def install(self, *sources: Path, settings: dict[str, str] | None = None) -> None:
        """pip install copies of the source trees (building in place would leave files in the checkout).

        ``settings`` are set for the build, such as ``PATIENCE_PURE=1`` to leave the hot modules uncompiled (setup.py).
        """
        copies = []
        for source in sources:
            copy = self.where / "sources" / source.name
            shutil.copytree(source, copy, ignore=NOT_SOURCE)
            copies.append(str(copy))
        self.run([str(self.python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *copies],
                 cwd=self.where, settings=settings)

    def bin(self, name: str) -> str:
        """The path of a command installed in the environment."""
        return str(self.path / "bin" / name)


@pytest.fixture
def fresh_venv(tmp_path: Path) -> FreshVenv:
    """A new virtual environment in a temporary directory."""
    return FreshVenv(tmp_path)


@pytest.fixture
def install_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Install a plugin as a third-party package would be: ``install_plugin(name, module, code, "Class")``.

    The module is written to a temporary directory with a dist-info whose entry
    point registers it in the ``patience.plugins`` group; caches are cleared
    before and after, so other tests never see it.
    """
    from framework import plugins

    modules = []

    def install(name: str, module: str, code: str, attribute: str | None = None) -> None:
        (tmp_path / f"{module}.py").write_text(textwrap.dedent(code), encoding="utf-8")
        info = tmp_path / f"{module}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module.replace('_', '-')}\nVersion: 1.0\n")
        target = f"{module}:{attribute}" if attribute else module
        (info / "entry_points.txt").write_text(f"[patience.plugins]\n{name} = {target}\n")
        modules.append(module)
        importlib.invalidate_caches()
        plugins.plugin_entry_points.cache_clear()
        plugins.load_plugin.cache_clear()

    monkeypatch.syspath_prepend(str(tmp_path))
    yield install
    plugins.plugin_entry_points.cache_clear()
    plugins.load_plugin.cache_clear()
    for module in modules:
        sys.modules.pop(module, None)


# --- the browser (tests/test_web_browser.py) ---------------------------------------------------

#: Where Debian's chromium package puts the browser (.ci/install-browser installs it).
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
#: The names a Chromium may have on PATH.
CHROMIUM_COMMANDS = ("chromium", "chromium-browser")
#: Set (to 1, as .ci/run does) where a missing browser must fail the browser tests rather than skip them.
REQUIRE_BROWSER = "PATIENCE_REQUIRE_BROWSER"
NO_CHROMIUM = "no Chromium found: install Debian's chromium (.ci/install-browser) or run 'playwright install chromium'"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def find_chromium(playwright_own: str | None) -> Path | None:
    """The Chromium to drive, or None: the system's, else one on PATH, else Playwright's own.

    ``playwright_own`` is where Playwright keeps the Chromium that ``playwright install
    chromium`` downloads (``playwright.chromium.executable_path``); it counts only if it is there.
    """
    candidates = [SYSTEM_CHROMIUM, *(shutil.which(command) for command in CHROMIUM_COMMANDS), playwright_own]
    for candidate in candidates:
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return Path(candidate)
    return None


@functools.cache
def chromium() -> Path | None:
    """The browser the tests drive, looked for once (starting Playwright to ask where its own would be)."""
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as playwright:
            own = playwright.chromium.executable_path
    except Exception:  # Playwright cannot start: its own browser counts as absent (launching another shows why)
        own = None
    return find_chromium(own)


def browser_required() -> bool:
    """Whether a missing browser fails the browser tests (REQUIRE_BROWSER is set) instead of skipping them."""
    return os.environ.get(REQUIRE_BROWSER, "") not in ("", "0")


def no_browser() -> NoReturn:
    """Skip the calling test for want of a browser, or fail it where the browser is required."""
    if browser_required():
        pytest.fail(f"{NO_CHROMIUM} ({REQUIRE_BROWSER} is set, so this is a failure)", pytrace=False)
    pytest.skip(NO_CHROMIUM)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the selected tests that use the ``browser`` fixture to be skipped where there is no browser.

    Run last, after ``-k`` and ``-m`` have deselected, so that no browser is looked for when
    no browser test runs. A mark set here, rather than a skip raised by the fixture, lets
    pytest's summary fold the skips into one reason line instead of one per test (a
    parametrized test keeps a line of its own). Where the browser is required nothing is
    marked, and the fixture fails them instead.
    """
    needing = [item for item in items if "browser" in getattr(item, "fixturenames", ())]
    if needing and chromium() is None and not browser_required():
        for item in needing:
            item.add_marker(pytest.mark.skip(reason=NO_CHROMIUM))


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The address of a real ``patience serve`` on a free loopback port."""
    process, address = serve_process()
    try:
        yield address
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """A headless Chromium driven by Playwright (a ``playwright.sync_api.Browser``)."""
    from playwright.sync_api import sync_playwright

    found = chromium()
    if found is None:
        no_browser()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(found), args=CHROMIUM_ARGS)
        yield launched
        launched.close()
