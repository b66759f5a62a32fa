"""The web player in a real browser: Playwright drives Chromium against ``patience serve``.

Each test plays a seeded deal of a launch game with the mouse and the keyboard, checks
what the page shows, and leaves a screenshot in its temporary directory. The ``browser``
fixture (conftest.py) drives Debian's Chromium at /usr/bin/chromium (``.ci/install-browser``
installs it), else a ``chromium`` on PATH, else the one ``playwright install chromium``
downloads. Without any, these tests are skipped with the reason, unless
PATIENCE_REQUIRE_BROWSER is set (``.ci/run`` sets it): then they fail, so CI cannot pass
without running them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import conftest
import pytest
from conftest import NO_CHROMIUM, REQUIRE_BROWSER, find_chromium, no_browser
from helpers import (
    TIMEOUT_MS,
    cards,
    load_state,
    menu,
    moves_made,
    pile,
    start,
    stuck_blockade,
    top,
    won_in_one_steeplechase,
)
from playwright.sync_api import Browser, Page, expect

import framework

BLOCKED = re.compile(r"\bblocked\b")


@pytest.fixture()
def page_errors() -> list[str]:
    """The script errors and console errors of the page; a test that expects one takes it out."""
    return []


@pytest.fixture()
def page(browser: Browser, server: str, page_errors: list[str]) -> Iterator[Page]:
    """The player's page, opened and ready; the test fails on any script error in it."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(TIMEOUT_MS)
    opened = context.new_page()
    errors = page_errors
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    opened.goto(server)
    # the first page of a server reads every rule file for the list of games: a few seconds for 300 games
    expect(opened.locator("#info")).to_contain_text("deal", timeout=TIMEOUT_MS)
    yield opened
    context.close()
    assert not errors, errors


# --- helpers ----------------------------------------------------------------------------------


def highlighted(page: Page) -> set[str]:
    return set(page.locator(".pile.target").evaluate_all("piles => piles.map(pile => pile.dataset.pile)"))


def targets(state: framework.State, source: str) -> set[str]:
    """Where the kernel lets the top card of ``source`` go by hand."""
    names = state.game.pile_names
    return {names[move.target] for move in state.legal_moves() if names[move.source] == source and not move.action}


def drag(page: Page, source, target, *, expect_targets: set[str]) -> None:
    """Drag ``source`` onto ``target`` with the mouse, checking the targets lit up on the way."""
    start_box, end_box = source.bounding_box(), target.bounding_box()
    page.mouse.move(start_box["x"] + 20, start_box["y"] + 12)
    page.mouse.down()
    page.mouse.move(start_box["x"] + 60, start_box["y"] + 60, steps=4)
    expect(page.locator(".ghost .card")).to_have_count(1)
    assert highlighted(page) == expect_targets
    page.mouse.move(end_box["x"] + end_box["width"] / 2, end_box["y"] + end_box["height"] / 2, steps=4)
    page.mouse.up()


def screenshot(page: Page, tmp_path: Path, name: str) -> None:
    shot = tmp_path / f"{name}.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000


# --- finding the browser (conftest.py; these tests need none) ------------------------------------------------


@pytest.fixture()
def nowhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No Chromium at the system's place nor on PATH; a directory to put executables in."""
    monkeypatch.setattr(conftest, "SYSTEM_CHROMIUM", tmp_path / "usr-bin-chromium")
    (tmp_path / "bin").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    return tmp_path


def executable(path: Path) -> str:
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return str(path)


def test_without_a_chromium_none_is_found(nowhere):
    assert find_chromium(None) is None
    assert find_chromium(str(nowhere / "ms-playwright" / "chrome")) is None  # Playwright's, not downloaded
    (nowhere / "bin" / "chromium").write_text("not executable")
    assert find_chromium(None) is None


def test_the_system_chromium_comes_first_then_path_then_playwrights_own(nowhere):
    own = executable(nowhere / "chrome")
    assert find_chromium(own) == Path(own)
    on_path = executable(nowhere / "bin" / "chromium-browser")
    assert find_chromium(own) == Path(on_path)
    system = executable(nowhere / "usr-bin-chromium")
    assert find_chromium(own) == Path(system)


class Item:
    """What the collection hook sees of a test: the fixtures it uses, and the marks added."""

    def __init__(self, *fixturenames: str) -> None:
        self.fixturenames = fixturenames
        self.marks: list[pytest.Mark] = []

    def add_marker(self, marker: pytest.MarkDecorator) -> None:
        self.marks.append(marker.mark)


def skips(monkeypatch: pytest.MonkeyPatch, found: Path | None) -> list[list[str]]:
    """The skip reasons the collection hook gives a browser test and another test, with the browser ``found``."""
    monkeypatch.setattr(conftest, "chromium", lambda: found)
    items = [Item("page", "browser", "server"), Item("tmp_path")]
    conftest.pytest_collection_modifyitems(items)
    return [[mark.kwargs["reason"] for mark in item.marks if mark.name == "skip"] for item in items]


def test_without_a_browser_the_browser_tests_are_marked_to_skip_with_the_reason(monkeypatch):
    monkeypatch.delenv(REQUIRE_BROWSER, raising=False)
    assert skips(monkeypatch, None) == [[NO_CHROMIUM], []]
    assert skips(monkeypatch, Path("/usr/bin/chromium")) == [[], []]
    monkeypatch.setenv(REQUIRE_BROWSER, "0")
    assert skips(monkeypatch, None) == [[NO_CHROMIUM], []]


def test_without_browser_tests_the_browser_is_not_looked_for(monkeypatch):
    monkeypatch.setattr(conftest, "chromium", lambda: pytest.fail("looked for a browser"))
    conftest.pytest_collection_modifyitems([Item("tmp_path")])


def test_without_a_browser_no_browser_skips_with_the_reason(monkeypatch):
    monkeypatch.delenv(REQUIRE_BROWSER, raising=False)
    with pytest.raises(pytest.skip.Exception, match=re.escape(NO_CHROMIUM)):
        no_browser()
    monkeypatch.setenv(REQUIRE_BROWSER, "0")
    with pytest.raises(pytest.skip.Exception, match=re.escape(NO_CHROMIUM)):
        no_browser()


def test_where_the_browser_is_required_its_absence_is_a_failure(monkeypatch):
    monkeypatch.setenv(REQUIRE_BROWSER, "1")
    assert skips(monkeypatch, None) == [[], []]  # not skipped: the browser fixture fails them
    with pytest.raises(pytest.fail.Exception, match=re.escape(NO_CHROMIUM)):
        no_browser()


# --- the launch games, by drag and by click ---------------------------------------------------

# For each launch game, a deal and three of its opening moves: one made by dragging, one by
# clicking the card and then its target, and one by double-clicking the card (to a foundation).
PLAYS = {
    "steeplechase": {"seed": 3, "drag": ("t2", "t8"), "click": ("t3", "t2"), "home": ("t8", "f2")},
    "blockade": {"seed": 13, "drag": ("g2", "a1"), "click": ("g5", "k3"), "home": ("g6", "a4")},
}


@pytest.mark.parametrize("name", PLAYS)
def test_a_seeded_deal_is_played_by_drag_click_and_double_click(page, tmp_path, name):
    plays = PLAYS[name]
    deal = framework.load_game(name).deal(plays["seed"])
    start(page, name, plays["seed"])
    moves_made(page, 0)
    for text in ("drag", "click", "home"):
        assert deal.is_legal(deal.parse_move(" ".join(plays[text])))  # the control: the kernel agrees

    source, target = plays["drag"]
    card = cards(page, source)[-1]
    drag(page, top(page, source), pile(page, target), expect_targets=targets(deal, source))
    moves_made(page, 1)
    assert cards(page, target)[-1] == card and card not in cards(page, source)[-1:]
    said = framework.move_words(deal, deal.parse_move(f"{source} {target}"))  # "4♥ to the 8th column"
    expect(page.locator("#message")).to_have_text(f"Played: {said}.")
    expect(page.locator("#moves")).to_have_text("1 move")
    screenshot(page, tmp_path, f"{name}-dragged")

    page.click("#undo")
    moves_made(page, 0)
    assert cards(page, source)[-1] == card
    expect(page.locator("#message")).to_have_text(f"Took back: {said}.")

    source, target = plays["click"]
    card = cards(page, source)[-1]
    top(page, source).click()
    expect(top(page, source)).to_have_class(re.compile(r"\bselected\b"))
    assert highlighted(page) == targets(deal, source)
    pile(page, target).click()
    moves_made(page, 1)
    assert cards(page, target)[-1] == card
    page.keyboard.press("u")  # the undo key
    moves_made(page, 0)
    assert cards(page, source)[-1] == card
    page.keyboard.press("Control+y")  # and redo
    moves_made(page, 1)
    page.keyboard.press("Control+z")
    moves_made(page, 0)

    source, target = plays["home"]
    card = cards(page, source)[-1]
    top(page, source).dblclick()
    moves_made(page, 1)
    assert cards(page, target)[-1] == card
    screenshot(page, tmp_path, f"{name}-home")

    page.keyboard.press("h")  # a hint: the solver's move, named and marked on the table
    expect(page.locator("#message")).to_contain_text(re.compile(r"^Hint: "))
    words = re.match(r"Hint: (.+?) \(", page.locator("#message").inner_text()).group(1)
    after = framework.load_game(name).deal(plays["seed"])
    after.push(after.parse_move(f"{source} {target}"))
    marked = set(page.locator(".hinted").evaluate_all("marked => marked.map(item => item.dataset.pile)"))
    names = after.game.pile_names
    hinted = [move for move in after.legal_moves() if {names[move.source], names[move.target]} == marked]
    assert words in [framework.move_words(after, move) for move in hinted]  # a legal move, said in words
    moves_made(page, 1)  # a hint plays nothing
    screenshot(page, tmp_path, f"{name}-hint")


def test_a_card_dropped_where_it_cannot_go_stays(page):
    start(page, "steeplechase", 3)
    drag(page, top(page, "t2"), pile(page, "t5"), expect_targets={"t8"})  # 4♥ goes on 5♣ only
    expect(page.locator("#message")).to_have_text("4♥ cannot go there: columns build down by one in alternating "
                                                  "colours (a K goes on an A): 4♥ does not go on 8♥")
    moves_made(page, 0)
    assert cards(page, "t2") == ["4H"] and cards(page, "t5") == ["8H"]
    expect(page.locator(".ghost")).to_have_count(0)
    top(page, "t1").hover()  # 10♦ has nowhere to go, so it cannot be picked up
    page.mouse.down()
    page.mouse.move(400, 600, steps=4)
    expect(page.locator(".ghost")).to_have_count(0)
    page.mouse.up()


def test_the_table_is_drawn_from_the_layout_hint(page, tmp_path):
    start(page, "steeplechase", 3)
    groups = page.locator(".layout-row").evaluate_all(
        "rows => rows.map(row => [...row.querySelectorAll('.group')].map(group => group.dataset.group))")
    assert groups == [["foundation"], ["obstacle"], ["tableau"], ["stock", "waste"]]
    deal = framework.load_game("steeplechase").deal(3)
    obstacle = [framework.card_text(card) for card in deal.piles[deal.game.pile_index("o")]]
    assert cards(page, "o") == obstacle  # the obstacle in a row ...
    boxes = [box["x"] for box in pile(page, "o").locator(".card").evaluate_all(
        "cards => cards.map(card => card.getBoundingClientRect().toJSON())")]
    assert boxes == sorted(boxes) and len(set(boxes)) == 13  # ... left to right, its playable card on the right
    shown = " ".join(framework.card_symbol(card) for card in deal.piles[deal.game.pile_index("o")])
    expect(pile(page, "o")).to_have_attribute("aria-label", f"obstacle: {shown}; 13 cards; top: ace of clubs")
    expect(top(page, "t1")).to_have_class(re.compile(r"\bred\b"))
    expect(top(page, "t3")).to_have_class(re.compile(r"\bblack\b"))
    expect(top(page, "t1").locator(".corner")).to_have_text("10♦")
    expect(pile(page, "s").locator(".count")).to_have_text("82")

    page.click("#actions button[data-action=deal]")  # the stock's button
    moves_made(page, 1)
    deal.push(deal.parse_move("d"))
    assert cards(page, "w") == [framework.card_text(deal.piles[deal.game.pile_index("w")][-1])]
    pile(page, "s").click()  # and the stock itself
    moves_made(page, 2)
    screenshot(page, tmp_path, "steeplechase-table")


def test_a_column_is_fanned_down_and_a_run_moves_together(page):
    start(page, "steeplechase", 3)
    top(page, "t2").drag_to(pile(page, "t8"))
    moves_made(page, 1)
    top(page, "t3").drag_to(pile(page, "t8"))
    moves_made(page, 2)
    assert cards(page, "t8") == ["5C", "4H", "3C"]
    tops = pile(page, "t8").locator(".card").evaluate_all("cards => cards.map(card => card.getBoundingClientRect().top)")
    assert tops == sorted(tops) and len(set(tops)) == 3
    run = pile(page, "t8").locator(".card").nth(1)  # 4H and 3C on it: a run of two
    run.click(position={"x": 20, "y": 10})  # on the part of it that shows
    expect(pile(page, "t8").locator(".card.selected")).to_have_count(1)
    pile(page, "t2").click()  # the empty column
    moves_made(page, 3)
    assert cards(page, "t2") == ["4H", "3C"] and cards(page, "t8") == ["5C"]


def test_the_grid_shows_its_gaps_and_shades_the_cards_the_rules_hold(page, tmp_path):
    start(page, "blockade", 13)
    grid = page.locator('.group[data-group="grid"] .pile')
    expect(grid).to_have_count(20)  # the dealt row, and the next row where 'row' deals
    expect(page.locator('.group[data-group="grid"] .pile.ahead')).to_have_count(10)
    page.click("#actions button[data-action=row]")
    moves_made(page, 1)
    page.click("#actions button[data-action=row]")
    moves_made(page, 2)
    state = framework.load_game("blockade").deal(13)
    for _ in range(2):
        state.push(state.parse_move("row"))
    free = {state.game.pile_names[move.source] for move in state.legal_moves() if not move.action}
    middle = {f"g{cell}" for cell in range(11, 21)}  # of three rows, a card is free only at an edge: the top or bottom
    for cell in range(1, 31):
        name = f"g{cell}"
        if name in middle:
            expect(top(page, name)).to_have_class(BLOCKED)
        else:
            expect(top(page, name)).not_to_have_class(BLOCKED)
    assert free.isdisjoint(middle) and "g1" not in free  # g1 has nowhere to go, yet it is not blocked

    top(page, "g2").dblclick()  # g2 to a1 opens a gap in the top row
    moves_made(page, 3)
    expect(pile(page, "g2")).to_have_class(re.compile(r"\bgap\b"))
    expect(pile(page, "g2").locator(".card")).to_have_count(0)
    page.click("#actions button[data-action=fill]")
    moves_made(page, 4)
    expect(pile(page, "g2").locator(".card")).to_have_count(1)
    screenshot(page, tmp_path, "blockade-grid")


def test_an_action_with_many_choices_asks_for_the_card(page, tmp_path):
    load_state(page, stuck_blockade(release_used=False), tmp_path)
    button = page.locator("#actions button[data-action=release]")
    expect(button).to_have_text("release…")
    button.click()
    expect(page.locator("#message")).to_contain_text("release: tap the card")
    assert len(highlighted(page)) == 104
    card = cards(page, "g15")[-1]
    top(page, "g15").click()  # a buried card: the release takes any
    moves_made(page, 1)
    assert cards(page, "r") == [card]
    expect(page.locator("#message")).to_have_text(f"Played: set aside {framework.card_symbol(framework.parse_card(card))} "
                                                  "from row 2, column 5.")
    expect(page.locator("#actions button")).to_have_count(0)


# --- the end of a game, and the controls ------------------------------------------------------


def test_a_won_game_says_so(page, tmp_path):
    load_state(page, won_in_one_steeplechase(), tmp_path)
    expect(page.locator("#result")).to_be_hidden()
    page.click("#hint")
    expect(page.locator("#message")).to_have_text("Hint: 6♣ to the foundation on 5♥ (it starts a winning line the "
                                                  "solver found).")
    expect(top(page, "w")).to_have_class(re.compile(r"\bhinted\b"))
    expect(pile(page, "f1")).to_have_class(re.compile(r"\bhinted\b"))
    top(page, "w").drag_to(pile(page, "f1"))
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result")).to_have_text("Won! The game is won: every card is home.")
    screenshot(page, tmp_path, "won")


def test_no_legal_move_left_says_so(page, tmp_path):
    load_state(page, stuck_blockade(), tmp_path)
    expect(page.locator("#result")).to_have_text("No legal move left: the game is lost.")
    expect(page.locator("#actions button")).to_have_count(0)
    screenshot(page, tmp_path, "stuck")


def test_restart_redo_new_game_and_reload(page, server):
    start(page, "steeplechase", 3)
    for source, target in (("t2", "t8"), ("t3", "t8")):
        top(page, source).drag_to(pile(page, target))
    moves_made(page, 2)
    menu(page, "#restart").click()
    moves_made(page, 0)
    expect(page.locator("#message")).to_have_text("Back to the deal.")
    expect(page.locator("#restart")).to_be_disabled()
    page.click("#more summary")
    page.click("#redo")
    moves_made(page, 1)
    page.reload()  # the game in play survives a reload
    moves_made(page, 1)
    assert cards(page, "t8") == ["5C", "4H"]
    page.select_option("#game-choice", "blockade")
    page.fill("#seed", "")  # no seed: a random deal
    page.click("#deal-new")
    page.click("#confirm-dialog button[value=deal]")  # the game under way is given up
    expect(page.locator("body")).to_have_attribute("data-game", "blockade")
    expect(page.locator("#info")).to_have_text(re.compile(r"Blockade — deal \d+$"))


def test_a_bad_seed_gets_the_servers_reason_and_changes_nothing(page, page_errors):
    start(page, "steeplechase", 3)
    page.fill("#seed", "-4")
    page.click("#deal-new")
    expect(page.locator("#message")).to_have_text(
        "field 'seed': expected a whole number from 0 to 9007199254740991, or a named deal such as 'ms:617'")
    expect(page.locator("#message")).to_have_class("error")
    expect(page.locator("#info")).to_have_text(re.compile("deal 3$"))
    assert page_errors == ["Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"]
    page_errors.clear()


def test_a_named_deal_is_dealt(page):
    start(page, "freecell", "ms:1")  # Microsoft FreeCell deal 1: its first row begins JD 2D 9H
    assert [cards(page, f"t{column}")[0] for column in (1, 2, 3)] == ["JD", "2D", "9H"]


def test_auto_play_plays_the_safe_moves(page):
    start(page, "blockade", 13, autoplay=True)
    expect(page.locator("#message")).to_contain_text("Auto-play: ")
    expect(page.locator("#autoplay")).to_be_checked()
    start(page, "blockade", 13)
    page.click("#autoplay-now")
    expect(page.locator("#message")).to_contain_text("Auto-play: ")
    assert page.locator("body").get_attribute("data-moves-made") != "0"


def test_a_pair_is_played_by_clicking_its_two_cards_in_either_order(page):
    start(page, "elevens", 3)  # t5 9♠ and t6 2♣ add up to 11; neither is shaded as blocked
    expect(pile(page, "t5").locator(".card.blocked")).to_have_count(0)
    expect(pile(page, "t6").locator(".card.blocked")).to_have_count(0)
    top(page, "t6").click()
    top(page, "t5").click()
    moves_made(page, 1)
    assert cards(page, "d") == ["2C"]  # the discard shows its top card: 9S went first, 2C on it
