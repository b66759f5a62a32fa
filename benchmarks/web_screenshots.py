"""Screenshots of the web player for docs/: a deal of each game named, at a phone's, a laptop's and a desktop's size.

Each game is dealt as a player deals it (the game and deal chosen, New game pressed; deal 3,
auto-play on) in a browser of that screen and shot whole, as docs/screenshots/GAME-SCREEN.png.
The phone has touch and a 390×844 screen.

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
    "laptop": {"viewport": {"width": 1280, "height": 800}},
    "desktop": {"viewport": {"width": 1920, "height": 1080}},
}
#: The launch games, one game of each family, and two that lay out long groups in lines.
GAMES = ("steeplechase", "blockade", "klondike", "freecell", "spider", "forty-thieves", "canfield",
         "beleaguered-castle", "yukon", "pyramid", "montana", "golf", "la-belle-lucie", "unusual")
OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
            context.close()


if __name__ == "__main__":
    main()
