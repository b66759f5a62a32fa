"""What the browser scripts share: a headless Chromium.

The browser is Debian's /usr/bin/chromium (``.ci/install-browser``), else a ``chromium``
on PATH, else the one ``playwright install chromium`` downloads.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


@contextmanager
def chromium() -> Iterator[Browser]:
    """A headless Chromium driven by Playwright."""
    with sync_playwright() as playwright:
        found = next((path for path in ("/usr/bin/chromium", shutil.which("chromium"),
                                        playwright.chromium.executable_path) if path and Path(path).is_file()), None)
        if found is None:
            raise SystemExit("no Chromium: install Debian's chromium (.ci/install-browser) or run "
                             "'playwright install chromium'")
        browser = playwright.chromium.launch(executable_path=found, args=BROWSER_ARGS)
        try:
            yield browser
        finally:
            browser.close()
