"""The rule editor in a real browser: an author types, sees the checks at their lines, deals the game into
the player beside the text, plays it, asks the solver and downloads the file.

As the player's browser tests (test_web_browser.py), these drive a headless Chromium against
``patience serve`` and are skipped, with the reason, where no browser is installed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from helpers import TIMEOUT_MS, cards, pile, top
from playwright.sync_api import Browser, BrowserContext, Frame, Page, expect

import framework

GAME, SEED = "freecell", 3


#: The screens the page is tried at: a phone with touch, and a desktop.
SCREENS = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
           "desktop": {"viewport": {"width": 1920, "height": 1080}}}


@pytest.fixture(params=["desktop"])
def context(browser: Browser, request: pytest.FixtureRequest) -> Iterator[BrowserContext]:
    made = browser.new_context(**SCREENS[request.param], accept_downloads=True)
    made.set_default_timeout(TIMEOUT_MS)
    yield made
    made.close()


@pytest.fixture()
def editor(context: BrowserContext, server: str) -> Iterator[Page]:
    """The editor's page, on a copy of FreeCell checked clean; the test fails on any script error in it."""
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(server + "editor")
    expect(page.locator("#check")).to_have_text(re.compile("^No problems"))  # a copy of the first game listed
    page.fill("#copy-from", GAME)
    page.click("#copy")
    expect(page.locator("#check")).to_have_text("No problems: FreeCell can be dealt.")
    yield page
    assert not [error for error in errors if "400" not in error], errors  # a refused deal is said, not an error


def caret_after(page: Page, text: str) -> None:
    """Put the caret just after the first ``text`` in the rule file, as a click there would."""
    page.eval_on_selector("#text", """(area, text) => {
        area.focus(); const at = area.value.indexOf(text) + text.length; area.setSelectionRange(at, at); }""", text)


def player(page: Page) -> Frame:
    frame = page.locator("#player").element_handle().content_frame()
    assert frame is not None
    return frame


def test_an_author_types_a_mistake_mends_it_deals_plays_asks_the_solver_and_downloads(editor, tmp_path):
    page = editor
    line = page.input_value("#text").splitlines().index("decks: 1") + 1
    caret_after(page, "decks: ")
    page.keyboard.press("Delete")
    page.keyboard.type("one")
    expect(page.locator("#check")).to_have_text("1 problem:")
    expect(page.locator("#gutter .bad")).to_have_text(str(line))
    expect(page.locator(f'#marks div[data-line="{line}"]')).to_have_count(1)
    expect(page.locator("#problems li")).to_have_text(f"{line}:8 'one' in decks: expected a whole number")

    page.click("#text")
    page.click(f"#problems button:text('{line}:8')")  # the caret goes to the mistake
    assert page.eval_on_selector("#text", "area => area.value.slice(area.selectionStart, area.selectionStart + 3)") \
        == "one"
    page.fill("#seed", str(SEED))
    page.click("#deal")  # a draft with a problem is not dealt: the problem is said
    expect(page.locator("#said")).to_contain_text(f"{GAME}-copy.yaml:{line}:8: 'one' in decks")
    caret_after(page, "decks: ")
    for _ in "one":
        page.keyboard.press("Delete")
    page.keyboard.type("1")
    expect(page.locator("#check")).to_have_text("No problems: FreeCell can be dealt.")
    expect(page.locator("#gutter .bad")).to_have_count(0)

    page.fill("#text", page.input_value("#text").replace("name: FreeCell", "name: My Cells"))
    expect(page.locator("#check")).to_have_text("No problems: My Cells can be dealt.")
    page.click("#deal")
    expect(page.locator("#said")).to_have_text(f"My Cells, deal {SEED}.")
    frame = player(page)
    expect(frame.locator("#info")).to_have_text(f"My Cells — deal {SEED}")
    expect(frame.locator("#new-game")).to_be_hidden()  # the editor deals its games
    deal = framework.load_game(GAME).deal(SEED)
    names = deal.game.pile_names
    move = next(move for move in deal.legal_moves() if names[move.target].startswith("c"))
    source, target = names[move.source], names[move.target]
    card = cards(frame, source)[-1]
    top(frame, source).click()
    pile(frame, target).click()
    # played as the player plays any game: the move, then auto-play's (on, as the editor deals)
    expect(frame.locator("#message")).to_contain_text(f"Played: {framework.move_words(deal, move)}.")
    frame.wait_for_function("document.getAnimations().length === 0")
    assert cards(frame, target) == [card]

    page.click("#solve")
    expect(page.locator("#said")).to_contain_text(re.compile(rf"^Deal {SEED} can be won, in \d+ moves\. Its moves: "),
                                                   timeout=30_000)
    with page.expect_download() as downloading:
        page.click("#download")
    download = downloading.value
    assert download.suggested_filename == f"{GAME}-copy.yaml"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert saved.read_text("utf-8") == page.input_value("#text")
    assert "name: My Cells" in saved.read_text("utf-8")


def test_copying_over_the_authors_text_asks_first(editor):
    page = editor
    page.click("#text")
    page.keyboard.press("Control+End")
    page.keyboard.type("\n# mine")
    page.fill("#copy-from", "klondike")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#copy")
    page.wait_for_timeout(300)
    assert page.input_value("#text").endswith("# mine")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#copy")
    expect(page.locator("#name")).to_have_value("klondike-copy")
    assert "# mine" not in page.input_value("#text")


def test_a_draft_is_dealt_again_kept_in_the_browser_and_the_players_last_game_left_alone(editor, server):
    page = editor
    page.fill("#text", page.input_value("#text") + "# kept\n")
    page.fill("#seed", "5")
    page.click("#deal")
    expect(player(page).locator("#info")).to_have_text("FreeCell — deal 5")
    page.fill("#seed", "6")
    page.click("#deal")  # the same player, on the new game
    expect(player(page).locator("#info")).to_have_text("FreeCell — deal 6")
    page.goto(server)  # the player: not the editor's game, but a game of its own
    expect(page.locator("#info")).to_contain_text("deal")
    assert not page.locator("body").get_attribute("data-game").startswith("draft:")
    page.click("#more summary")
    page.click("#write-game")  # the player's way to the editor
    expect(page.locator("#check")).to_have_text("No problems: FreeCell can be dealt.")
    assert page.input_value("#text").endswith("# kept\n")


@pytest.mark.parametrize("context", list(SCREENS), indirect=True)
def test_no_serious_accessibility_problem_and_a_phone_shows_one_pane_at_a_time(editor, context):
    page = editor
    phone = page.viewport_size["width"] < 800
    page.fill("#text", page.input_value("#text").replace("decks: 1", "decks: one"))
    expect(page.locator("#check")).to_have_text("1 problem:")
    expect(page.locator("#play")).to_be_visible(visible=not phone)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    results = Axe().run(page)
    serious = [violation for violation in results.response["violations"] if violation["impact"] in ("serious", "critical")]
    assert not serious, [(violation["id"], violation["help"], [node["target"] for node in violation["nodes"]][:3])
                         for violation in serious]
    if phone:
        sizes = page.locator("button:visible, input[type=text]:visible").evaluate_all(
            "found => found.map(one => [one.id || one.textContent.trim(), one.getBoundingClientRect().width,"
            " one.getBoundingClientRect().height])")
        assert [size for size in sizes if min(size[1:]) < 44] == []
        page.click("#show-play")
        expect(page.locator("#play")).to_be_visible()
        expect(page.locator("#write")).to_be_hidden()


def deal_in_player(page: Page, seed: int) -> Frame:
    page.fill("#seed", str(seed))
    page.click("#deal")
    frame = player(page)
    expect(frame.locator("#info")).to_have_text(f"FreeCell — deal {seed}")
    return frame


def test_the_player_says_a_draft_is_dealt_new_not_resumed(editor):
    page = editor
    frame = deal_in_player(page, 5)
    expect(frame.locator("#message")).to_have_text("A new deal of your draft, FreeCell.")
    frame = deal_in_player(page, 6)  # the same frame, on the draft's next game
    expect(frame.locator("#message")).to_have_text("A new deal of your draft, FreeCell.")
    expect(frame.locator("#moves")).to_have_text("0 moves")  # auto-play's moves at the deal are not the player's


def test_new_game_in_the_player_deals_the_draft_again_through_the_editor(editor):
    page = editor
    frame = deal_in_player(page, SEED)
    frame.evaluate("document.getElementById('won-dialog').showModal()")  # as a win opens it
    frame.click("#won-dialog button[value=deal]")
    # the old deal's words match too until the new deal is said: wait for another seed
    expect(page.locator("#said")).to_have_text(re.compile(rf"^FreeCell, deal (?!{SEED}\.)\d+\.$"))
    dealt = page.inner_text("#said").removeprefix("FreeCell, deal ").removesuffix(".")
    expect(page.locator("#seed")).to_have_value("")
    expect(player(page).locator("#info")).to_have_text(f"FreeCell — deal {dealt}")


def test_a_drafts_games_are_not_counted_in_the_statistics(editor):
    page = editor
    frame = deal_in_player(page, SEED)
    deal = framework.load_game(GAME).deal(SEED)
    move = next(move for move in deal.legal_moves() if deal.game.pile_names[move.target].startswith("c"))
    top(frame, deal.game.pile_names[move.source]).click()
    pile(frame, deal.game.pile_names[move.target]).click()
    expect(frame.locator("#message")).to_contain_text("Played:")
    expect(frame.locator("#moves")).to_have_text("1 move")
    assert "draft:" not in (page.evaluate("localStorage.getItem('patience.stats')") or "")
