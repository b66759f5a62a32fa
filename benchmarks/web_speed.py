"""How fast the web player answers in a real browser: the first paint of a table, and a move.

First paint: a new page of a running ``patience serve steeplechase`` is opened (a new
browser context each time, so nothing is cached: a new visitor, dealt Steeplechase), and
the time from the start of navigation to the table drawn (the page's ``patience:table``
mark) and to the first contentful paint is read. A move: the stock of a Klondike deal is
clicked, and the time from the press to the new table drawn (``patience:input`` to
``patience:table``) is read. Medians are printed, with the spread.

    .venv/bin/python benchmarks/web_speed.py
    .venv/bin/python benchmarks/web_speed.py --pages 20 --moves 50 --game freecell
"""

from __future__ import annotations

import argparse
import statistics

from web_browser import chromium
from web_server import served

LOADED = "() => performance.getEntriesByName('patience:table').length > 0"


def first_paints(browser, address: str, pages: int) -> tuple[list[float], list[float]]:
    """Milliseconds from navigation to the table drawn, and to the first contentful paint, per page."""
    tables, paints = [], []
    for _ in range(pages):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(address)
        page.wait_for_function(LOADED)
        tables.append(page.evaluate("performance.getEntriesByName('patience:table')[0].startTime"))
        paints.append(page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN"))
        context.close()
    return tables, paints


def moves(browser, address: str, game: str, count: int) -> list[float]:
    """Milliseconds from pressing the stock to the new table drawn, per move."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(address)
    page.wait_for_function(LOADED)
    page.evaluate(f"fetch('/api/sessions', {{method: 'POST', headers: {{'Content-Type': 'application/json'}}, "
                  f"body: JSON.stringify({{game: '{game}', seed: 1, autoplay: false}})}})"
                  ".then(answer => answer.json()).then(table => { location.hash = 'session=' + table.session; })")
    page.wait_for_function(f"document.body.dataset.game === '{game}'")
    times = []
    for made in range(1, count + 1):
        page.evaluate("performance.clearMarks()")
        page.locator(".group .pile.clickable").first.click()
        page.wait_for_function(f"document.body.dataset.movesMade === '{made}'")
        page.wait_for_function(LOADED)
        times.append(page.evaluate("performance.getEntriesByName('patience:table')[0].startTime"
                                   " - performance.getEntriesByName('patience:input')[0].startTime"))
    context.close()
    return times


def report(name: str, times: list[float]) -> None:
    print(f"{name:<28} median {statistics.median(times):7.1f} ms   "
          f"fastest {min(times):7.1f} ms   slowest {max(times):7.1f} ms   ({len(times)} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=10, help="pages opened (default 10)")
    parser.add_argument("--moves", type=int, default=30, help="moves made (default 30)")
    parser.add_argument("--game", default="klondike", help="the game whose stock is turned (default klondike)")
    parser.add_argument("--first", default="steeplechase",
                        help="the game a new visitor is dealt (default steeplechase)")
    options = parser.parse_args()
    with served(options.first) as address, chromium() as browser:
        first_paints(browser, address, 1)  # the server reads its first rule file: not a player's wait
        tables, paints = first_paints(browser, address, options.pages)
        report("first paint (table drawn)", tables)
        report("first contentful paint", paints)
        report(f"a move ({options.game}, stock)", moves(browser, address, options.game, options.moves))


if __name__ == "__main__":
    main()
