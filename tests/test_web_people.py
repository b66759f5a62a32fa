"""The web player as people use it: any screen, touch, the keyboard, memory between visits.

Playwright drives Chromium against ``patience serve`` at four screens: a 390×844 phone
with touch, an 820×1180 tablet, a 1280×800 laptop and a 1920×1080 desktop; every test of an
item of issue 36 runs at the phone, the tablet and the desktop, unless it says why not. The
browser is found as in ``test_web_browser.py`` (these tests are skipped or fail alike without it).
"""

from __future__ import annotations

import io
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from helpers import (
    TIMEOUT_MS,
    build,
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
from PIL import Image  # Pillow, which matplotlib (a test dependency) brings
from playwright.sync_api import Browser, BrowserContext, Page, expect

import framework
from framework.solver.portfolio import solve
from framework.solver.result import WON, Budget

SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "laptop": {"viewport": {"width": 1280, "height": 800}},
    "desktop": {"viewport": {"width": 1920, "height": 1080}},
}
#: The screens of issue 36's tests: a phone with touch, a tablet held upright, a desktop.
THREE_SCREENS = ("phone", "tablet", "desktop")
EVERY_SCREEN = SCREENS | {"tablet": {"viewport": {"width": 820, "height": 1180}}}
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def symbol(text: str) -> str:
    """A card's text ('TD') as the table shows it ('10♦')."""
    return ("10" if text[0] == "T" else text[0]) + SUITS[text[1]]


@pytest.fixture()
def opened(browser: Browser, server: str) -> Iterator[Callable[..., Page]]:
    """Opens the player on a screen of SCREENS; the test fails on any script error in a page."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_page(screen: str = "laptop", *, context: BrowserContext | None = None, clock: bool = False,
                  **options) -> Page:
        if context is None:
            context = browser.new_context(**EVERY_SCREEN[screen], **options)
            context.set_default_timeout(TIMEOUT_MS)
            contexts.append(context)
        page = context.new_page()
        if clock:
            page.clock.install()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.goto(server)
        expect(page.locator("#info")).to_contain_text("deal", timeout=TIMEOUT_MS)
        return page

    open_page.errors = errors  # type: ignore[attr-defined] -- a test that expects an error takes it out
    yield open_page
    for context in contexts:
        context.close()
    assert not errors, errors


def box(page: Page, selector: str) -> dict:
    return page.locator(selector).first.evaluate("found => found.getBoundingClientRect().toJSON()")


def fits_sideways(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


# --- 1. a layout that fits the screen -------------------------------------------------------------


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game", ["klondike", "freecell", "steeplechase", "blockade", "spider", "la-belle-lucie", "unusual"])
def test_the_table_fits_the_width_of_every_screen_with_readable_ranks(opened, screen, game):
    page = opened(screen)
    start(page, game, 3)
    assert fits_sideways(page), f"{game} needs sideways scrolling at {screen}"
    ranks = page.locator("#table .card .rank").evaluate_all(
        "ranks => ranks.map(rank => parseFloat(getComputedStyle(rank).fontSize))")
    assert ranks and min(ranks) >= 12
    if screen == "desktop":  # a big screen is used, not a third of it
        assert box(page, "#table .card")["width"] >= (45 if game == "blockade" else 60)
        if game not in ("steeplechase", "blockade"):  # theirs are as tall as the screen lets them be
            assert box(page, "#table")["width"] > 1920 * 0.5


def test_no_built_in_game_needs_sideways_scrolling_on_a_phone(opened):
    page = opened("phone")
    overflowing = {}
    for game in framework.available_games():
        page.evaluate("game => fetch('/api/sessions', {method: 'POST', headers: {'Content-Type': 'application/json'}, "
                      "body: JSON.stringify({game, seed: 3, autoplay: false})}).then(answer => answer.json())"
                      ".then(table => { location.hash = 'session=' + table.session; })", game)  # a key typed in the address
        expect(page.locator("body")).to_have_attribute("data-game", game)
        over = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if over > 0:
            overflowing[game] = over
    assert overflowing == {}


def test_a_long_group_is_laid_out_in_lines(opened):
    page = opened("phone")
    start(page, "unusual", 3)  # 24 columns: three lines of eight
    first, ninth = box(page, '.pile[data-pile="t1"]'), box(page, '.pile[data-pile="t9"]')
    assert ninth["left"] == first["left"] and ninth["top"] > first["bottom"]
    assert box(page, "#table .card")["width"] >= 40


@pytest.mark.parametrize("screen", SCREENS)
def test_a_full_blockade_grid_fits_the_screen_with_its_foundations(opened, screen, tmp_path):
    page = opened(screen)
    load_state(page, stuck_blockade(), tmp_path)
    expect(page.locator('.group[data-group="grid"] .pile')).to_have_count(110)
    grid = box(page, '.group[data-group="grid"]')
    aces = box(page, '.group[data-group="aces"]')
    assert aces["top"] >= 0 and grid["bottom"] <= page.viewport_size["height"]
    assert fits_sideways(page)


def one_long_column() -> framework.State:
    """FreeCell with a column as long as one may be (19 cards: six, then a king down to an ace) in its first
    column and the other cards spread over the other seven."""
    game = framework.load_game("freecell")
    cards = [framework.card_text(card) for card in range(52)]
    piles = {name: [] for name in game.pile_names}
    piles["t1"] = cards[:19]
    for index, card in enumerate(cards[19:]):
        piles[f"t{2 + index % 7}"].append(card)
    return game.state_from_json({"format": "patience-state", "version": 1, "game": "freecell", "piles": piles})


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_a_long_column_squeezes_to_fit_but_its_ranks_stay_whole(opened, screen, tmp_path):
    page = opened(screen)
    load_state(page, one_long_column(), tmp_path)
    tops = pile(page, "t1").locator(".card").evaluate_all("cards => cards.map(card => card.getBoundingClientRect().top)")
    steps = [later - earlier for earlier, later in zip(tops, tops[1:])]
    assert len(tops) == 19 and min(steps) >= 15  # a 12 px rank and its margin show in each step
    if screen == "laptop":
        assert box(page, '.pile[data-pile="t1"]')["bottom"] <= page.viewport_size["height"]


def test_a_waste_shows_its_top_three_cards_and_the_foundations_stay_put(opened):
    page = opened("phone")
    start(page, "klondike", 3)
    foundation = box(page, '.pile[data-pile="f1"]')
    for turn in range(1, 6):
        pile(page, "s").click()
        moves_made(page, turn)
    expect(pile(page, "w").locator(".card")).to_have_count(3)
    expect(pile(page, "w").locator(".count")).to_have_text("5")
    assert box(page, '.pile[data-pile="f1"]') == foundation


def test_nothing_jumps_when_an_action_button_comes_and_goes(opened):
    page = opened("phone")
    start(page, "blockade", 13)
    table = box(page, "#table")["top"]
    expect(page.locator("#actions button")).not_to_have_count(0)
    made = 0
    while page.locator("#actions button[data-action=row]").count():  # row after row, until the stock is out
        page.click("#actions button[data-action=row]")
        made += 1
        moves_made(page, made)  # the table and its buttons are those after the row
        assert box(page, "#table")["top"] == table
    expect(page.locator("#actions button[data-action=row]")).to_have_count(0)  # the stock is out
    assert box(page, "#table")["top"] == table


# --- 2. touch and pointer ---------------------------------------------------------------------------


def touch_drag(page: Page, source, target, *, end: str = "touchEnd") -> None:
    """A finger on ``source`` moved onto ``target`` and lifted (or the touch cancelled)."""
    screen = page.context.new_cdp_session(page)
    start_box, end_box = source.bounding_box(), target.bounding_box()
    x, y = start_box["x"] + start_box["width"] / 2, start_box["y"] + 8
    to_x, to_y = end_box["x"] + end_box["width"] / 2, end_box["y"] + end_box["height"] / 2

    def touch(kind: str, at: tuple[float, float] | None) -> None:
        screen.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": at[0], "y": at[1]}] if at else []})

    touch("touchStart", (x, y))
    for step in range(1, 9):
        touch("touchMove", (x + (to_x - x) * step / 8, y + (to_y - y) * step / 8))
    touch(end, None if end == "touchCancel" else None)
    screen.detach()


def test_a_touch_drag_moves_the_card_and_leaves_no_phantom(opened):
    page = opened("phone")
    start(page, "steeplechase", 3)
    touch_drag(page, top(page, "t2"), pile(page, "t8"))
    moves_made(page, 1)
    assert cards(page, "t8") == ["5C", "4H"]
    expect(page.locator(".ghost")).to_have_count(0)
    expect(page.locator(".card.dragging")).to_have_count(0)


def test_a_cancelled_touch_drag_puts_the_card_back(opened):
    page = opened("phone")
    start(page, "steeplechase", 3)
    touch_drag(page, top(page, "t2"), pile(page, "t8"), end="touchCancel")
    expect(page.locator(".ghost")).to_have_count(0)
    expect(page.locator(".card.dragging")).to_have_count(0)
    moves_made(page, 0)
    assert cards(page, "t2") == ["4H"]
    page.click("#deal-new")  # and a new game has no phantom either
    expect(page.locator(".ghost")).to_have_count(0)


def test_a_press_let_go_outside_the_table_leaves_the_hand_free(opened):
    page = opened("laptop")
    start(page, "steeplechase", 3)
    top(page, "t1").hover()  # 10♦ cannot move
    page.mouse.down()
    page.mouse.move(5, 5, steps=3)  # off the table, over the toolbar
    page.mouse.up()
    top(page, "t2").drag_to(pile(page, "t8"))
    moves_made(page, 1)


def test_tap_to_pick_tap_to_place_and_double_tap_home(opened):
    page = opened("phone")
    start(page, "steeplechase", 3)
    page.tap('.pile[data-pile="t2"] .card')
    expect(top(page, "t2")).to_have_class(re.compile(r"\bselected\b"))
    pile(page, "t8").tap()
    moves_made(page, 1)
    assert cards(page, "t8") == ["5C", "4H"]
    page.click("#undo")
    moves_made(page, 0)
    for _ in range(2):  # two taps in quick succession: the card goes home
        top(page, "t8").tap()
    moves_made(page, 1)
    assert cards(page, "f2") == ["5C"]


# --- 3. plain words ---------------------------------------------------------------------------------


def test_an_illegal_target_names_the_card_moved_and_why(opened):
    page = opened("laptop")
    start(page, "freecell", "ms:1")
    assert cards(page, "t1")[-1] == "6S" and cards(page, "t3")[-1] == "2H"
    top(page, "t1").click()
    top(page, "t3").click()  # 6♠ does not go on 2♥
    message = page.locator("#message")
    expect(message).to_have_class("error")
    expect(message).to_contain_text(re.compile(r"^6♠"))
    moves_made(page, 0)


# --- 5. game feel and memory --------------------------------------------------------------------------


def test_moves_glide_unless_reduced_motion_is_asked_for(opened):
    for motion, glides in (("no-preference", True), ("reduce", False)):
        page = opened("laptop", reduced_motion=motion)
        start(page, "steeplechase", 3)
        page.evaluate("window.glides = 0; new MutationObserver(() => { window.glides += document.getAnimations().length; })"
                      ".observe(document.getElementById('table'), {childList: true, subtree: true})")
        top(page, "t2").drag_to(pile(page, "t8"))
        moves_made(page, 1)
        assert (page.evaluate("document.getAnimations().length + window.glides") > 0) == glides


def test_the_clock_runs_from_the_first_move_and_counts_moves(opened):
    page = opened("laptop", clock=True, reduced_motion="reduce")  # no glide waits on the stopped time
    start(page, "steeplechase", 3)
    page.clock.pause_at(datetime.now() + timedelta(minutes=1))  # time moves only when the test says
    expect(page.locator("#timer")).to_have_text("0:00")  # no move yet
    top(page, "t2").drag_to(pile(page, "t8"))
    moves_made(page, 1)
    expect(page.locator("#moves")).to_have_text("1 move")
    page.clock.run_for(65_000)
    expect(page.locator("#timer")).to_have_text("1:05")


def test_a_win_is_celebrated_and_counted_in_the_statistics(opened, tmp_path):
    page = opened("laptop")
    load_state(page, won_in_one_steeplechase(), tmp_path)
    top(page, "w").drag_to(pile(page, "f1"))
    dialog = page.locator("#won-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("won in 1 move and 0:00")
    expect(dialog).to_contain_text("You have won 1 of 1 game of Steeplechase; 1 in a row.")
    dialog.locator("button[value=close]").click()
    page.keyboard.press("s")
    stats = page.locator("#stats-dialog")
    expect(stats).to_be_visible()
    expect(stats.locator("tbody tr")).to_have_count(1)
    cells = stats.locator("tbody tr td, tbody tr th").all_inner_texts()
    assert cells[0].startswith("Steeplechase") and cells[1:6] == ["1", "1", "100%", "1", "1"]
    stats.locator("#stats-reset").click()
    expect(stats.locator("#stats-none")).to_be_visible()


def test_a_new_game_under_way_asks_first_and_a_given_up_game_ends_the_streak(opened):
    page = opened("laptop")
    start(page, "steeplechase", 3)
    page.click("#deal-new")  # no move yet: no question
    expect(page.locator("#confirm-dialog")).to_be_hidden()
    top(page, "t2").drag_to(pile(page, "t8"))
    moves_made(page, 1)
    page.click("#deal-new")
    confirm = page.locator("#confirm-dialog")
    expect(confirm).to_be_visible()
    confirm.locator("button[value=keep]").click()
    moves_made(page, 1)
    page.click("#deal-new")
    confirm.locator("button[value=deal]").click()
    moves_made(page, 0)
    stats = page.evaluate("JSON.parse(localStorage.getItem('patience.stats'))")
    assert stats["steeplechase"]["played"] == 1 and stats["steeplechase"]["won"] == 0


def test_the_last_game_resumes_and_back_returns_to_the_game_before(opened, browser, server):
    page = opened("laptop")
    start(page, "steeplechase", 3)
    top(page, "t2").drag_to(pile(page, "t8"))
    moves_made(page, 1)
    first = page.url
    start(page, "blockade", 13)
    page.go_back()  # the browser's Back: the game before, not out of the app
    expect(page.locator("body")).to_have_attribute("data-game", "steeplechase")
    moves_made(page, 1)
    assert page.url == first
    page.go_forward()
    expect(page.locator("body")).to_have_attribute("data-game", "blockade")
    again = opened(context=page.context)  # the bare address, in the same browser: the last game
    expect(again.locator("body")).to_have_attribute("data-game", "blockade")
    expect(again.locator("#message")).to_have_text("Your game, as you left it.")
    key = re.search(r"session=([\w-]+)", first).group(1)
    again.evaluate(f"location.hash = 'session={key}'")  # a key typed in the address
    expect(again.locator("body")).to_have_attribute("data-game", "steeplechase")


def test_the_last_game_resumes_even_when_the_server_forgot_it(opened):
    page = opened("laptop")
    start(page, "steeplechase", 3)
    top(page, "t2").drag_to(pile(page, "t8"))
    moves_made(page, 1)
    page.wait_for_function("JSON.parse(localStorage.getItem('patience.last')).saved !== null")
    last = page.evaluate("JSON.parse(localStorage.getItem('patience.last'))")
    last["session"] = "forgotten"
    page.evaluate(f"localStorage.setItem('patience.last', {json.dumps(json.dumps(last))})")
    again = opened(context=page.context)
    expect(again.locator("body")).to_have_attribute("data-game", "steeplechase")
    moves_made(again, 1)
    assert opened.errors == ["Failed to load resource: the server responded with a status of 404 (Not Found)"]
    opened.errors.clear()  # the forgotten game, asked for first
    assert cards(again, "t8") == ["5C", "4H"]


# --- 6. keyboard and accessibility ------------------------------------------------------------------


def focus_pile(page: Page, name: str) -> None:
    """Moves the keyboard focus to pile ``name`` with the arrow keys alone."""
    for _ in range(200):
        if page.evaluate("document.activeElement?.dataset?.pile") == name:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reach {name}")


def test_a_freecell_deal_is_won_with_the_keyboard_alone(opened):
    game = framework.load_game("freecell")
    deal = game.deal("ms:1")
    line = solve(deal, Budget(nodes=200_000))
    assert line.answer == WON
    page = opened("laptop")
    start(page, "freecell", "ms:1")
    page.keyboard.press("Tab")
    while not page.evaluate("Boolean(document.activeElement?.closest('#table'))"):
        page.keyboard.press("Tab")
    names = game.pile_names
    for made, move in enumerate(line.moves, 1):
        focus_pile(page, names[move.source])
        for _ in range(move.count):  # Enter picks up the top card, and one more card each time
            page.keyboard.press("Enter")
            if page.locator(f'.pile[data-pile="{names[move.source]}"] .card.selected').count():
                selected = page.evaluate(
                    f"document.querySelectorAll('.pile[data-pile=\"{names[move.source]}\"] .card.selected ~ .card').length + 1")
                if selected == move.count:
                    break
        focus_pile(page, names[move.target])
        page.keyboard.press("Enter")
        moves_made(page, made)
    expect(page.locator("#result")).to_contain_text("Won!")
    expect(page.locator("#won-dialog")).to_be_visible()


def test_shortcut_keys_work_after_the_auto_play_box_and_the_deal_box(opened):
    page = opened("laptop")
    start(page, "steeplechase", 3)
    top(page, "t2").drag_to(pile(page, "t8"))
    moves_made(page, 1)
    menu(page, "#autoplay").click()  # ticked by the mouse: the focus stays on the box
    page.keyboard.press("u")
    moves_made(page, 0)
    page.fill("#seed", "3")
    page.press("#seed", "Enter")  # a new deal from the deal box ...
    page.locator("#confirm-dialog button[value=deal]").click()  # (the game under way is given up)
    expect(page.locator("#info")).to_have_text(re.compile(r"deal 3$"))
    top(page, "t2").drag_to(pile(page, "t8"))
    moves_made(page, 1)
    page.keyboard.press("u")  # ... and the keys work at once
    moves_made(page, 0)


def test_load_is_reached_with_the_tab_key(opened):
    page = opened("laptop")
    page.click("#more summary")
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "load-button":
            return
    raise AssertionError("Load cannot be reached with Tab")


#: axe-core's rules as run here: its defaults, and the one that checks a control's name holds what it shows
#: (experimental in axe-core, so off unless asked for).
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"label-content-name-mismatch": {"enabled": True}}}


def serious_problems(page: Page, *, contrast: bool = True) -> list:
    """axe-core's serious and critical findings on the page as it is now, each as (rule, help, first places);
    without its colour-contrast rule when ``contrast`` is false."""
    options = AXE_OPTIONS if contrast else {**AXE_OPTIONS, "rules": {**AXE_OPTIONS["rules"], "color-contrast": {"enabled": False}}}
    results = Axe().run(page, options=options)
    return [(violation["id"], violation["help"], [node["target"] for node in violation["nodes"]][:3])
            for violation in results.response["violations"] if violation["impact"] in ("serious", "critical")]


def every_view(page: Page, tmp_path) -> Iterator[str]:
    """Shows the page's every view in turn, yielding each one's name: the table with a selection, the More menu,
    the rules, each dialog."""
    start(page, "steeplechase", 3)
    top(page, "t2").click()  # a selection and its targets shown
    yield "table"
    page.keyboard.press("Escape")
    page.click("#more summary")
    yield "menu"
    page.click("#rules-toggle")
    yield "rules"
    page.keyboard.press("s")
    yield "statistics"
    page.keyboard.press("Escape")
    top(page, "t2").drag_to(pile(page, "t8"))
    moves_made(page, 1)
    page.click("#deal-new")
    yield "confirm"
    page.keyboard.press("Escape")
    load_state(page, won_in_one_steeplechase(), tmp_path)
    top(page, "w").drag_to(pile(page, "f1"))
    expect(page.locator("#won-dialog")).to_be_visible()
    yield "won"
    page.keyboard.press("Escape")
    page.keyboard.press("g")
    expect(page.locator("#picker-rules p").first).not_to_have_text("…")
    yield "picker"


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_no_serious_accessibility_problem_in_any_view(opened, screen, tmp_path):
    page = opened(screen)
    found = {view: serious_problems(page) for view in every_view(page, tmp_path)}
    assert set(found) >= {"table", "menu", "rules", "statistics", "picker", "confirm", "won"}
    assert not any(found.values()), found


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_every_pile_s_name_holds_the_cards_it_shows(opened, screen):
    page = opened(screen)  # a row fanned right shows as many cards as the screen gives it room for
    for game, seed in (("klondike", 3), ("steeplechase", 3), ("pyramid", 2), ("montana", 1)):
        start(page, game, seed)
        assert not serious_problems(page), game
        name = pile(page, "o" if game == "steeplechase" else page.locator("#table .pile").first.get_attribute("data-pile"))
        shown = name.locator(".corner").all_text_contents()
        assert " ".join(shown) in name.get_attribute("aria-label"), game


# --- 7. a table that stays put ---------------------------------------------------------------------


def lengthening_moves(game_id: str, seed: int, count: int) -> list[tuple[str, str]]:
    """``count`` moves of one card from pile to pile of deal ``seed``, each onto the longest pile it can
    go to (the moves that made the table shrink its cards): (source, target) pile names."""
    state = framework.load_game(game_id).deal(seed)
    names = state.game.pile_names
    played = []
    for _ in range(count):
        onto = [move for move in state.legal_moves() if move.count == 1 and move.source >= 0 and move.target >= 0
                and state.game.pile_group[move.target].role == "tableau"]
        move = max(onto, key=lambda move: len(state.piles[move.target]))
        played.append((names[move.source], names[move.target]))
        state.push(move)
    return played


def card_width(page: Page) -> float:
    return page.locator("#table .card").first.evaluate("card => card.getBoundingClientRect().width")


@pytest.mark.parametrize("screen", THREE_SCREENS)
@pytest.mark.parametrize(("game", "seed"), [("la-belle-lucie", 2), ("klondike", 1), ("yukon", 2)])
def test_the_cards_keep_their_size_and_places_after_moves(opened, screen, game, seed):
    page = opened(screen)
    start(page, game, seed)
    width = card_width(page)
    places = {name: box(page, f'.pile[data-pile="{name}"]') for name in ("f1", "t1")}
    for made, (source, target) in enumerate(lengthening_moves(game, seed, 3), start=1):
        top(page, source).click()
        pile(page, target).click()
        moves_made(page, made)
        assert card_width(page) == width, f"the cards changed size after move {made}"
        assert {name: box(page, f'.pile[data-pile="{name}"]') for name in places} == places


def scrolls_down(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollHeight > window.innerHeight")


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_a_steeplechase_column_growing_long_moves_nothing_and_the_page_does_not_scroll(opened, screen, tmp_path):
    page = opened(screen)
    long_column = build("steeplechase", {"t1": "KH QS JH TS 9H 8S 7H 6S", "t2": "5H", "o": "2C 3C 4C"}, rest="s",
                        base_rank=7)
    load_state(page, long_column, tmp_path)
    stock, width = box(page, '.pile[data-pile="s"]'), card_width(page)
    assert not scrolls_down(page)
    top(page, "t2").click()
    pile(page, "t1").click()
    moves_made(page, 1)
    assert len(cards(page, "t1")) == 9
    assert box(page, '.pile[data-pile="s"]') == stock and card_width(page) == width
    assert not scrolls_down(page)


def clipped_corners(page: Page) -> list[str]:
    """The cards whose rank or suit in the corner runs past the card's edge."""
    return page.locator("#table .card[data-card]").evaluate_all(
        "cards => cards.filter(card => { const whole = card.getBoundingClientRect();"
        " return [...card.querySelectorAll('.corner > span')].some(part => {"
        " const shown = part.getBoundingClientRect(); return shown.right > whole.right || shown.bottom > whole.bottom; });"
        " }).map(card => card.dataset.card)")


#: The least card width (px) of a grid game's deal 13 at each screen: Blockade was 32, 50 and 47 px wide,
#: sized for all its 11 rows; Montana is as wide as its 13 columns let it be.
GRID_CARDS = {"blockade": {"phone": 33, "tablet": 70, "desktop": 120},
              "montana": {"phone": 26, "tablet": 55, "desktop": 110}}


@pytest.mark.parametrize("screen", THREE_SCREENS)
@pytest.mark.parametrize("game", GRID_CARDS)
def test_a_grid_is_sized_for_the_rows_it_holds_and_its_corners_show_whole(opened, screen, game):
    page = opened(screen)
    start(page, game, 13)
    assert card_width(page) >= GRID_CARDS[game][screen]
    assert clipped_corners(page) == []
    assert not scrolls_down(page) and fits_sideways(page)


@pytest.mark.parametrize("game", ["beleaguered-castle", "private-lane"])
def test_rows_fanned_right_stand_side_by_side_where_that_makes_the_cards_wider(opened, game):
    widths = {}
    for screen in THREE_SCREENS:
        page = opened(screen)
        start(page, game, 3)
        widths[screen] = card_width(page)
        assert fits_sideways(page) and not scrolls_down(page), screen
    assert widths["phone"] <= widths["tablet"] <= widths["desktop"], widths
    assert widths["desktop"] >= 100, widths  # eight rows one above the other: 65 and 57 px on a desktop


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_a_grid_grows_only_when_a_row_is_added(opened, screen):
    page = opened(screen)
    start(page, "blockade", 13)
    grid = page.locator('.group[data-group="grid"] .pile')
    cells, width = grid.count(), card_width(page)
    page.click("#actions button[data-action=row]")
    moves_made(page, 1)
    assert grid.count() > cells and card_width(page) <= width  # a row more, and room made for it where needed:
    if screen == "desktop":  # a wide screen's grid is as tall as the window (a phone's and a tablet's, as wide)
        assert card_width(page) < width
    assert not scrolls_down(page) and clipped_corners(page) == []
    page.click("#undo")
    moves_made(page, 0)
    assert grid.count() == cells and card_width(page) == width


def shown_whole(page: Page, selector: str) -> bool:
    """Whether the element's text shows whole: not cut at its edges, and inside the window."""
    return page.locator(selector).evaluate(
        "shown => { const edges = shown.getBoundingClientRect(); return shown.scrollWidth <= shown.clientWidth"
        " && shown.scrollHeight <= shown.clientHeight && edges.right <= window.innerWidth && edges.bottom <= window.innerHeight; }")


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_a_long_message_and_the_result_show_whole(opened, screen, tmp_path):
    page = opened(screen)
    start(page, "freecell", "ms:1")
    table = box(page, "#table")
    top(page, "t1").click()
    top(page, "t3").click()  # 6♠ does not go on 2♥: the reason is long
    message = page.locator("#message")
    expect(message).to_have_class("error")
    assert len(message.inner_text()) > 60 and shown_whole(page, "#message")
    assert box(page, "#table") == table  # shown over the table's top, which stays put
    load_state(page, stuck_blockade(), tmp_path)
    expect(page.locator("#result")).to_have_text("No legal move left: the game is lost.")
    assert shown_whole(page, "#result") and shown_whole(page, "#status")


# --- 8. a phone's fingers -----------------------------------------------------------------------------


def test_a_phone_s_controls_are_44_px_targets(opened):
    # A phone's alone: 44 px is a finger's target; a tablet and a desktop keep their compact toolbar (the
    # picker's and the settings' tests check their controls' heights at each screen).
    page = opened("phone")
    start(page, "blockade", 13)  # with its action buttons
    menu(page, "#autoplay")
    controls = "header button:visible, header select, header input[type=text], #more summary, #more .menu label"
    sizes = page.locator(controls).evaluate_all(
        "found => found.map(one => [one.id || one.textContent.trim(), one.getBoundingClientRect().width,"
        " one.getBoundingClientRect().height])")
    assert len(sizes) >= 12
    assert [size for size in sizes if min(size[1:]) < 44] == []


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_the_statistics_fit_their_dialog(opened, screen):
    page = opened(screen)
    start(page, "steeplechase", 3)
    top(page, "t2").click()
    pile(page, "t8").click()
    moves_made(page, 1)
    menu(page, "#stats").click()
    dialog = page.locator("#stats-dialog")
    expect(dialog).to_be_visible()
    assert page.locator("#stats-table").evaluate(
        "table => table.getBoundingClientRect().right <= table.closest('form').getBoundingClientRect().right"
        " && table.closest('form').scrollWidth <= table.closest('form').clientWidth")
    expect(page.locator("#stats-rows td").first).to_have_text("1")


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_the_more_menu_closes_on_a_press_elsewhere_on_esc_and_for_a_dialog(opened, screen):
    page = opened(screen)
    more = page.locator("#more")
    menu(page, "#restart")
    page.mouse.click(page.viewport_size["width"] // 2, page.viewport_size["height"] - 5)  # the felt, far from it
    expect(more).not_to_have_attribute("open", "")
    menu(page, "#restart")
    page.keyboard.press("Escape")
    expect(more).not_to_have_attribute("open", "")
    menu(page, "#stats").click()
    expect(page.locator("#stats-dialog")).to_be_visible()
    expect(more).not_to_have_attribute("open", "")


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_the_rules_are_paragraphs_that_wrap_to_the_screen(opened, screen):
    page = opened(screen)
    start(page, "steeplechase", 3)
    menu(page, "#rules-toggle").click()
    shown = page.locator("#rules p")
    expect(shown.first).to_be_visible()
    written = framework.load_spec(framework.available_games()["steeplechase"]).rules
    assert shown.count() == written.strip().count("\n\n") + 1
    assert all("\n" not in text for text in shown.all_inner_texts())
    assert shown.first.inner_text().startswith("Two decks. Thirteen cards are dealt face up as the obstacle;")
    assert fits_sideways(page)


# --- 9. rings without colour ---------------------------------------------------------------------------


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two CSS colours given as ``rgb(r, g, b)``."""
    def luminance(colour: str) -> float:
        channels = [int(part) / 255 for part in re.findall(r"\d+", colour)[:3]]
        linear = [part / 12.92 if part <= 0.03928 else ((part + 0.055) / 1.055) ** 2.4 for part in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def outline(page: Page, selector: str) -> dict:
    return page.locator(selector).first.evaluate(
        "found => { const style = getComputedStyle(found);"
        " return {style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor}; }")


def rings(page: Page) -> dict[str, dict]:
    """The outlines of an empty pile's frame, a selected card, a target pile and a hinted card (Steeplechase deal
    3: 4♥ picked up, then a hint asked for)."""
    top(page, "t2").click()
    found = {"frame": outline(page, ".pile.empty"), "selected": outline(page, ".card.selected"),
             "target": outline(page, ".pile.target")}
    page.keyboard.press("Escape")
    page.keyboard.press("h")
    expect(page.locator(".hinted").first).to_be_visible()
    return found | {"hint": outline(page, ".card.hinted, .pile.hinted")}


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_rings_and_frames_stay_in_forced_colours_and_a_hint_is_dashed(opened, screen):
    page = opened(screen, forced_colors="active")
    start(page, "steeplechase", 3)
    found = rings(page)
    assert all(ring["style"] != "none" and ring["width"] >= 1 for ring in found.values()), found
    assert found["hint"]["style"] == "dashed" and found["target"]["style"] == found["selected"]["style"] == "solid"
    assert min(found["hint"]["width"], found["target"]["width"]) >= 3


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_rings_and_frames_stand_out_from_the_felt(opened, screen):
    page = opened(screen)
    start(page, "steeplechase", 3)
    felt = page.evaluate("getComputedStyle(document.body).backgroundColor")
    ratios = {name: round(contrast(ring["colour"], felt), 2) for name, ring in rings(page).items()}
    assert min(ratios.values()) >= 3, ratios


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_the_page_is_titled_by_its_game(opened, screen):
    page = opened(screen)
    start(page, "blockade", 13)
    expect(page).to_have_title("Blockade — patience")
    expect(page.locator("h1")).to_have_text("Blockade")


@pytest.mark.parametrize(("game", "least"), [("steeplechase", 60), ("freecell", 105)])
def test_room_for_the_longest_columns_costs_the_cards_a_fifth_at_most(opened, game, least):
    page = opened("laptop")  # a short screen: room for a 13-card run alone would make them 57 and 97 px wide
    start(page, game, 3)
    assert card_width(page) >= least


# --- 6. colours for every eye ------------------------------------------------------------------------------

#: How the page is seen: as it is, in forced colours, and with each colour-vision deficiency Chromium emulates.
VISIONS = ("normal", "forced-colours", "protanopia", "deuteranopia", "tritanopia")
SCALE = 2  # device pixels to a CSS pixel: a 1 px frame is two pure pixels wide


def seen_by(opened, vision: str, screen: str) -> Page:
    """The player at ``screen``'s size, drawn as ``vision`` sees it (the screenshots are taken through the emulation)."""
    page = opened(screen, device_scale_factor=SCALE, **({"forced_colors": "active"} if vision == "forced-colours" else {}))
    if vision in ("protanopia", "deuteranopia", "tritanopia"):
        page.context.new_cdp_session(page).send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
    return page


def rgb(pixel: tuple) -> str:
    return f"rgb({pixel[0]}, {pixel[1]}, {pixel[2]})"


def screen_image(page: Page) -> Image.Image:
    return Image.open(io.BytesIO(page.screenshot())).convert("RGB")


def colours_in(image: Image.Image, found: dict) -> Counter:
    """How many device pixels of each colour the screen shows in CSS box ``found``."""
    edges = (found["x"], found["y"], found["x"] + found["width"], found["y"] + found["height"])
    return Counter(image.crop(tuple(round(SCALE * value) for value in edges)).get_flattened_data())


def text_contrast(image: Image.Image, text: dict, under: dict) -> tuple[float, tuple]:
    """The contrast of the text in CSS box ``text`` with the ground of box ``under`` (the worse of its stripes, when
    hatched), and the text's colour: the ground is the commonest colour there with those near it, the text the
    colour of box ``text`` farthest from it."""
    counts = colours_in(image, under)
    ground = counts.most_common(1)[0][0]
    grounds = [colour for colour, number in counts.most_common(4)
               if number >= 0.08 * counts.total() and contrast(rgb(colour), rgb(ground)) < 1.5]
    ink = max(colours_in(image, text), key=lambda colour: contrast(rgb(colour), rgb(ground)))
    return min(contrast(rgb(ink), rgb(colour)) for colour in grounds), ink


def ring_contrast(image: Image.Image, felt: tuple, found: dict, band: tuple[float, float]) -> float:
    """The best contrast with the felt of the pixels just left of CSS box ``found``, from ``band[0]`` to ``band[1]``
    CSS pixels off its left edge (negative: outside), down its middle half: where its ring or frame is drawn."""
    across = range(math.ceil(SCALE * (found["x"] + band[0])), math.floor(SCALE * (found["x"] + band[1])))
    down = range(round(SCALE * (found["y"] + found["height"] / 4)), round(SCALE * (found["y"] + 3 * found["height"] / 4)))
    pixels = [image.getpixel((x, y)) for x in across for y in down]
    return max(contrast(rgb(pixel), rgb(felt)) for pixel in pixels)


def marks_seen(page: Page) -> dict[str, float]:
    """The contrast with the felt of an empty pile's frame, a selection's ring, a target's and a hint's (Steeplechase
    deal 3), as the screen shows them."""
    top(page, "t2").click()
    image = screen_image(page)
    felt = Counter(image.get_flattened_data()).most_common(1)[0][0]
    found = {"frame": ring_contrast(image, felt, box(page, ".pile.empty"), (0, 1)),
             "selected": ring_contrast(image, felt, box(page, ".card.selected"), (-3, 0)),
             "target": ring_contrast(image, felt, box(page, ".pile.target"), (-5, -2))}
    page.keyboard.press("Escape")
    page.keyboard.press("h")
    expect(page.locator(".hinted").first).to_be_visible()
    image = screen_image(page)
    hinted = page.locator(".pile.hinted")
    where = box(page, ".pile.hinted") if hinted.count() else box(page, ".card.hinted")
    band = (-5, -2) if hinted.count() else (-3, 0)
    return found | {"hint": ring_contrast(image, felt, where, band)}


def ranks_seen(page: Page) -> dict[str, tuple[float, tuple]]:
    """The contrast of a red and a black rank with their card, on a free card and on a blocked one (Blockade deal 13
    with two rows dealt: the middle row is blocked), and of the page's other kinds of text with their ground."""
    start(page, "blockade", 13)
    for made in (1, 2):
        page.click("#actions button[data-action=row]")
        moves_made(page, made)
    image = screen_image(page)
    found = {}
    for name, selector in (("red", ".card.red:not(.blocked)"), ("black", ".card.black:not(.blocked)"),
                           ("blocked red", ".card.red.blocked"), ("blocked black", ".card.black.blocked")):
        found[name] = text_contrast(image, box(page, f"{selector} .rank"), box(page, selector))
    for name, selector in (("label", "#new-game label"), ("button", "#undo"), ("status", "#info"),
                           ("group", ".group-name")):
        found[name] = text_contrast(image, box(page, selector), box(page, selector))
    return found


#: Each vision at the tablet's size, and as seen at the phone's too, whose toolbar's text is smaller. The desktop's
#: styles are the tablet's (only a narrow or touch screen has its own), a colour-vision deficiency is a filter over the
#: same pixels, and forced colours' marks are checked at each screen above: those add nothing but minutes.
VISIONS_SEEN = [(vision, "tablet") for vision in VISIONS] + [("normal", "phone")]


@pytest.mark.parametrize(("vision", "screen"), VISIONS_SEEN)
def test_colours_meet_wcag_aa_for_every_vision(opened, vision, screen):
    page = seen_by(opened, vision, screen)
    start(page, "steeplechase", 3)
    marks = marks_seen(page)
    assert min(marks.values()) >= 3, marks  # WCAG 1.4.11: a control's marks, 3:1
    ranks = ranks_seen(page)
    assert min(ratio for ratio, _ in ranks.values()) >= 4.5, " ".join(f"{name} {ratio:.2f}" for name, (ratio, _) in ranks.items())
    if vision == "normal":  # red and black apart as much on a blocked card as on a free one
        assert contrast(rgb(ranks["blocked red"][1]), rgb(ranks["blocked black"][1])) >= 2, ranks
    # axe-core takes the authored colours, not the forced ones: there the screen's pixels above are the judge.
    assert not serious_problems(page, contrast=vision != "forced-colours")


# --- 7. choosing a game ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_the_game_picker_finds_as_you_type_and_shows_the_rules_before_dealing(opened, screen):
    page = opened(screen)
    start(page, "steeplechase", 3)
    page.click("#pick-game")
    picker = page.locator("#picker-dialog")
    expect(picker).to_be_visible()
    families = picker.locator(".pick-family").all_text_contents()
    assert {"Klondike", "Pairing and adding up", "Grids and gaps"} <= {re.sub(r" \(\d+\)$", "", name) for name in families}
    assert any(name.startswith("Recent (") for name in families)  # Steeplechase, played here
    page.fill("#picker-search", "pyram")
    found = picker.locator(".pick").all_text_contents()
    assert "Pyramid" in found and "Relaxed Pyramid" in found and len(found) < 20 and "Klondike" not in found
    expect(page.locator("#picker-count")).to_contain_text(f"{len(found)} of ")
    picker.locator(".pick", has_text=re.compile("^Pyramid$")).click()
    spec = framework.load_game("pyramid").spec
    expect(page.locator("#picker-summary")).to_contain_text(spec.summary)
    expect(page.locator("#picker-rules p").first).to_contain_text(spec.rules.split(".")[0].split("\n")[0])
    expect(page.locator("body")).to_have_attribute("data-game", "steeplechase")  # nothing dealt yet
    assert box(page, "#picker-deal")["height"] >= (44 if screen == "phone" else 20)
    page.click("#picker-deal")
    expect(page.locator("body")).to_have_attribute("data-game", "pyramid")
    expect(picker).to_be_hidden()


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_favourite_and_recent_games_come_first_and_stay(opened, screen):
    page = opened(screen)
    start(page, "steeplechase", 3)
    start(page, "klondike", 3)
    page.keyboard.press("g")
    picker = page.locator("#picker-dialog")
    page.fill("#picker-search", "montana")
    picker.locator("button[data-star=montana]").click()
    expect(picker.locator("button[data-star=montana]")).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.locator("#info")).to_contain_text("deal")
    page.click("#pick-game")
    lists = picker.locator(".pick-list")
    expect(lists.nth(0).locator(".pick")).to_have_text(["Montana"])  # the favourites first
    recent = lists.nth(1).locator(".pick").all_text_contents()
    assert recent[:2] == ["Klondike", "Steeplechase"], recent  # then the games played here, the last first
    assert not serious_problems(page)


# --- 8. what the apps people like have ----------------------------------------------------------------------


def setting(page: Page, name: str) -> Any:
    """A control of the settings panel (in the More menu), the menu opened."""
    return menu(page, f"#setting-{name}")


def watch_classes(page: Page) -> None:
    """Keeps in ``window.seen`` every class that an element of the page is given from now on."""
    page.evaluate("""() => { window.seen = new Set();
      new MutationObserver((changes) => changes.forEach((change) => change.target.classList.forEach(
        (name) => window.seen.add(name)))).observe(document.body, {subtree: true, attributeFilter: ['class']}); }""")


def seen(page: Page, name: str) -> bool:
    return page.evaluate("(name) => window.seen.has(name)", name)


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_the_settings_panel_keeps_each_choice_and_the_page_follows_it(opened, screen):
    page = opened(screen)
    start(page, "klondike", 3)
    felt = page.evaluate("getComputedStyle(document.body).backgroundColor")
    setting(page, "dark").check()
    setting(page, "fourColour").check()
    setting(page, "back").select_option("red")
    page.keyboard.press("Escape")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != felt
    club = page.locator('#table .card[data-suit="♣"]').first
    expect(club).to_have_css("color", "rgb(10, 100, 41)")
    expect(page.locator("#table .card.back").first).to_have_css("background-image", re.compile(r"rgb\(158, 43, 43\)"))
    page.reload()
    expect(page.locator("#info")).to_contain_text("deal 3")
    assert page.evaluate("[...document.documentElement.classList]") == ["dark", "four-colour"]
    assert setting(page, "dark").is_checked() and setting(page, "back").input_value() == "red"
    assert box(page, "#setting-dark")["height"] >= (24 if screen == "phone" else 10)
    assert not serious_problems(page)  # the dark theme's colours too


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_a_left_handed_table_is_mirrored(opened, screen):
    page = opened(screen)
    start(page, "klondike", 3)
    assert box(page, '.pile[data-pile="s"]')["x"] < box(page, '.pile[data-pile="w"]')["x"]
    assert box(page, '.pile[data-pile="t1"]')["x"] < box(page, '.pile[data-pile="t7"]')["x"]
    setting(page, "leftHanded").check()
    assert box(page, '.pile[data-pile="s"]')["x"] > box(page, '.pile[data-pile="w"]')["x"]
    assert box(page, '.pile[data-pile="t1"]')["x"] > box(page, '.pile[data-pile="t7"]')["x"]
    assert fits_sideways(page)


def test_hints_may_look_at_hidden_cards_when_the_player_lets_them(opened):
    page = opened("tablet")  # one screen: what is asked of the server is the same at every size
    start(page, "klondike", 3)
    with page.expect_request(re.compile(r"/hint$")):
        page.keyboard.press("h")
    expect(page.locator("#message")).to_contain_text("Hint")
    setting(page, "peek").check()
    page.keyboard.press("Escape")
    with page.expect_request(re.compile(r"/hint\?peek=true$")):
        page.keyboard.press("h")
    expect(page.locator("#message")).not_to_have_text("Thinking…")


def uncovering_move(game_id: str, seed: int) -> tuple[str, str]:
    """A move of deal ``seed`` that takes every face-up card of a column with a face-down card under them."""
    state = framework.load_game(game_id).deal(seed)
    names = state.game.pile_names
    for move in state.legal_moves():
        pile = state.piles[move.source]
        if not move.action and len(pile) - move.count == state.face_down[move.source] > 0:
            return names[move.source], names[move.target]
    raise AssertionError("no move turns a card up")


@pytest.mark.parametrize("screen", THREE_SCREENS)
@pytest.mark.parametrize("motion", ["full", "reduced"])
def test_a_card_turned_up_turns_over_unless_motion_is_reduced(opened, motion, screen):
    page = opened(screen, reduced_motion="reduce" if motion == "reduced" else "no-preference")
    start(page, "klondike", 3)
    source, target = uncovering_move("klondike", 3)
    watch_classes(page)
    top(page, source).drag_to(pile(page, target))
    moves_made(page, 1)
    assert seen(page, "turning") == (motion == "full")


@pytest.mark.parametrize("screen", THREE_SCREENS)
@pytest.mark.parametrize("motion", ["full", "reduced"])
def test_a_win_is_celebrated_with_a_cascade_or_still(opened, motion, screen, tmp_path):
    page = opened(screen, reduced_motion="reduce" if motion == "reduced" else "no-preference")
    load_state(page, won_in_one_steeplechase(), tmp_path)
    watch_classes(page)
    top(page, "w").drag_to(pile(page, "f1"))
    expect(page.locator("#won-dialog")).to_be_visible()
    assert seen(page, "celebrating") == (motion == "full")
    assert seen(page, "won-still") == (motion == "reduced")


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_a_shared_link_opens_the_same_deal(opened, screen):
    page = opened(screen)
    start(page, "klondike", 7, autoplay=True)  # as a new visitor's deal is played
    menu(page, "#share").click()
    expect(page.locator("#message")).to_contain_text("http")  # said once the clipboard has answered
    link = re.search(r"http\S+", page.locator("#message").inner_text()).group(0)
    assert link.endswith("#game=klondike&seed=7")
    other = opened(THREE_SCREENS[THREE_SCREENS.index(screen) - 1])  # opened on another screen
    other.goto("about:blank")
    other.goto(link)  # a new visit
    expect(other.locator("#info")).to_have_text("Klondike — deal 7")
    assert [cards(other, f"t{n}") for n in range(1, 8)] == [cards(page, f"t{n}") for n in range(1, 8)]
    start(other, "freecell", 2)
    other.goto(link)  # the link opened in a tab already playing
    expect(other.locator("#info")).to_have_text("Klondike — deal 7")


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_the_server_gone_is_said_plainly_and_the_game_stays(opened, screen):
    page = opened(screen)
    start(page, "steeplechase", 3)
    before = cards(page, "t2")
    page.context.route("**/api/**", lambda route: route.abort())
    top(page, "t2").drag_to(pile(page, "t8"))
    expect(page.locator("#message")).to_contain_text("The server cannot be reached")
    assert cards(page, "t2") == before and "fetch" not in page.locator("#message").inner_text()
    assert set(opened.errors) == {"Failed to load resource: net::ERR_FAILED"}  # the browser's own console line
    opened.errors.clear()


def test_the_player_is_an_installable_app(opened, server):
    page = opened("phone")  # one screen: the manifest and its icons are the same files at every size
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.request.get(server.rstrip("/") + href).json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        answer = page.request.get(server.rstrip("/") + icon["src"])
        assert answer.ok and answer.headers["content-type"].startswith(icon["type"]), icon
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes


def test_the_move_counter_leaves_out_auto_play_s_moves(opened):
    # One screen: undo, redo and restart are counted alike at every size; the counter as each screen shows it, over
    # auto-play's moves, a reload, Back and a server that forgot the game, is the next test's, at the three.
    page = opened("tablet")
    start(page, "klondike", 7, autoplay=True)  # auto-play sends the ace of clubs home at the deal
    expect(page.locator("body")).to_have_attribute("data-moves-made", "1")
    expect(page.locator("#moves")).to_have_text("0 moves")
    page.click('.pile[data-pile="s"]')  # the stock turned: one move
    moves_made(page, 2)
    expect(page.locator("#moves")).to_have_text("1 move")
    page.keyboard.press("u")
    moves_made(page, 1)
    expect(page.locator("#moves")).to_have_text("0 moves")
    page.keyboard.press("y")
    moves_made(page, 2)
    expect(page.locator("#moves")).to_have_text("1 move")
    menu(page, "#restart").click()
    moves_made(page, 0)
    expect(page.locator("#moves")).to_have_text("0 moves")


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_back_to_a_game_given_up_for_a_new_one_takes_back_its_loss(opened, screen):
    page = opened(screen)
    start(page, "steeplechase", 3)
    page.evaluate("localStorage.setItem('patience.stats', JSON.stringify({steeplechase: {played: 2, won: 2, streak: 2,"
                  " bestStreak: 2, bestSeconds: 60, bestMoves: 90}}))")
    top(page, "t2").drag_to(pile(page, "t8"))
    moves_made(page, 1)
    given_up = page.evaluate("location.hash")
    page.fill("#seed", "4")
    page.click("#deal-new")
    page.locator("#confirm-dialog button[value=deal]").click()
    expect(page.locator("#info")).to_have_text(re.compile("deal 4$"))
    stats = lambda: page.evaluate("JSON.parse(localStorage.getItem('patience.stats')).steeplechase")  # noqa: E731
    assert stats()["streak"] == 0  # a game left under way ends the streak...
    page.go_back()
    expect(page.locator("#info")).to_have_text(re.compile("deal 3$"))
    assert page.evaluate("location.hash") == given_up
    assert stats()["streak"] == 2 and stats()["played"] == 3  # ... until the player comes back to it
    page.click("#deal-new")
    expect(page.locator("#confirm-dialog")).to_be_visible()  # under way again: leaving it asks again


@pytest.mark.parametrize("screen", THREE_SCREENS)
def test_the_move_counter_keeps_its_count_over_a_reload_back_and_a_server_that_forgot(opened, screen):
    page = opened(screen)
    start(page, "klondike", 7, autoplay=True)  # auto-play's move at the deal, then the player's
    page.click('.pile[data-pile="s"]')
    moves_made(page, 2)
    page.reload()
    moves_made(page, 2)
    expect(page.locator("#moves")).to_have_text("1 move")
    start(page, "freecell", 2)
    page.go_back()
    expect(page.locator("body")).to_have_attribute("data-game", "klondike")
    moves_made(page, 2)
    expect(page.locator("#moves")).to_have_text("1 move")
    page.wait_for_function("JSON.parse(localStorage.getItem('patience.last')).saved?.state.game === 'klondike'")
    key = page.evaluate("JSON.parse(localStorage.getItem('patience.last')).session")
    page.context.route(re.compile(rf"/api/sessions/{re.escape(key)}\?describe=true$"),  # the server forgot the game
                       lambda route: route.fulfill(status=404, json={"detail": "no game in play has this key"}))
    again = opened(context=page.context)  # loaded from the form kept in the browser, under a new key
    moves_made(again, 2)
    assert key not in again.url
    expect(again.locator("#moves")).to_have_text("1 move")
    assert opened.errors == ["Failed to load resource: the server responded with a status of 404 (Not Found)"]
    opened.errors.clear()  # the forgotten game, asked for first
