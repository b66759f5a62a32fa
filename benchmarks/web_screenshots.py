"""Screenshots of the web player for docs/: a deal of each game named, at a phone's, a tablet's, a laptop's and a
desktop's size; and at each, the game picker and the dark theme.

Each game is dealt as a player deals it (the game and deal chosen, New game pressed; deal 3,
auto-play on) in a browser of that screen and shot whole, as docs/screenshots/GAME-SCREEN.png.
The phone has touch and a 390×844 screen; the tablet is 820×1180, held upright. The picker
(searching "spider", Spider chosen) is picker-SCREEN.png; the last game in the dark theme with
the four-colour deck is dark-SCREEN.png.

    .venv/bin/python benchmarks/web_screenshots.py              # the games docs/web.md shows
    .venv/bin/python benchmarks/web_screenshots.py yukon golf   # others, into the same folder
"""

from __future__ import annotations

import argparse
from pathlib import Path

from web_browser import chromium
from web_server import served

SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "tablet": {"viewport": {"width": 820, "height": 1180}, "has_touch": True},
    "laptop": {"viewport": {"width": 1280, "height": 800}},
    "desktop": {"viewport": {"width": 1920, "height": 1080}},
}
#: The launch games, one game of each family, and two that lay out long groups in lines.
GAMES = ("steeplechase", "blockade", "klondike", "freecell", "spider", "forty-thieves", "canfield",
         "beleaguered-castle", "yukon", "pyramid", "montana", "golf", "la-belle-lucie", "unusual")
OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=GAMES, help="games to shoot (default: the launch games and one "
                                                                 "of each family)")
    parser.add_argument("--seed", default="3", help="the deal (default 3)")
    options = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    with served() as address, chromium() as browser:
        for screen, settings in SCREENS.items():
            context = browser.new_context(**settings)
            page = context.new_page()
            page.goto(address)
            page.wait_for_function("() => document.querySelectorAll('#game-choice option').length > 1")
            for game in options.games:
                page.select_option("#game-choice", game)
                page.fill("#seed", options.seed)
                page.click("#deal-new")
                page.wait_for_function(f"document.body.dataset.game === {game!r}")
                page.wait_for_timeout(1500)  # auto-play's glides end
                shot = OUT / f"{game}-{screen}.png"
                page.screenshot(path=str(shot), full_page=True)
                print(shot.relative_to(OUT.parent.parent))
            shoot_extras(page, screen)
            context.close()


def shoot_extras(page, screen: str) -> None:
    """The game picker, then the table in the dark theme with the four-colour deck (the settings put back after)."""
    page.click("#pick-game")
    page.fill("#picker-search", "spider")
    page.click("#picker-list .pick[data-game=spider]")  # Spider itself, not the first name holding the word
    page.wait_for_function("!document.querySelector('#picker-rules').textContent.startsWith('…')")
    page.screenshot(path=str(OUT / f"picker-{screen}.png"))
    page.keyboard.press("Escape")
    page.click("#more summary")
    for name in ("dark", "fourColour"):
        page.check(f"#setting-{name}")
    page.keyboard.press("Escape")
    page.evaluate("document.activeElement.blur()")  # no focus ring left on the menu's button
    page.screenshot(path=str(OUT / f"dark-{screen}.png"), full_page=True)
    page.evaluate("localStorage.removeItem('patience.settings')")
    print(f"docs/screenshots/picker-{screen}.png, dark-{screen}.png")


if __name__ == "__main__":
    main()
