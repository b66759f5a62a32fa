"""Screenshots of the rule editor for docs/: a copy of a game with one mistake, then dealt, at a phone's and a
desktop's size.

The editor starts from a copy of FreeCell, one key is spoiled (the mistake is marked at its line),
then mended and deal 3 dealt. Each screen is shot whole as docs/screenshots/editor-SCREEN.png;
the phone, which shows the text or the game, also as editor-phone-play.png.

    .venv/bin/python benchmarks/editor_screenshots.py
"""

from __future__ import annotations

from pathlib import Path

from web_browser import chromium
from web_screenshots import OUT, SCREENS
from web_server import served

#: The game copied, the text spoiled, and what it is spoiled with.
GAME = "freecell"
GOOD, BAD = "decks: 1", "decks: one"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    with served() as address, chromium() as browser:
        for screen in ("phone", "desktop"):
            context = browser.new_context(**SCREENS[screen])
            page = context.new_page()
            page.goto(address + "editor")
            checked = "() => document.querySelector('#check').textContent.startsWith('No problems: {}')"
            page.wait_for_function(checked.format(""))  # the first draft: a copy of the first game listed
            page.fill("#copy-from", GAME)
            page.click("#copy")
            page.wait_for_function(checked.format("FreeCell"))
            page.fill("#seed", "3")
            if screen != "phone":  # the desktop shows both: the game dealt, then a mistake made in the text
                page.click("#deal")
                page.wait_for_timeout(2500)
            spoil(page)
            shoot(page, f"editor-{screen}")
            if screen == "phone":
                page.fill("#text", page.input_value("#text").replace(BAD, GOOD))
                page.click("#deal")
                page.wait_for_timeout(2500)
                shoot(page, "editor-phone-play")
            context.close()


def spoil(page) -> None:
    """Make the mistake, wait for it to be marked, and show the top of the text."""
    page.fill("#text", page.input_value("#text").replace(GOOD, BAD))
    page.wait_for_selector("#gutter .bad")
    page.eval_on_selector("#text", "text => { text.scrollTop = 0; text.dispatchEvent(new Event('scroll')); }")


def shoot(page, name: str) -> None:
    shot = OUT / f"{name}.png"
    page.screenshot(path=str(shot))
    print(shot.relative_to(Path(OUT).parent.parent))


if __name__ == "__main__":
    main()
