"""The helpers the tests share: games (the small test games, built-in games changed for a test), positions of
built-in games, what a state shows, the command line, the solver's answers checked by brute force, the web API
and the browser.

Fixtures are in ``conftest.py``; plain functions and values are here, imported by name (``from helpers
import build``), never from another test file. ``framework.testing`` holds the helpers plugin authors use
too (``position``: a state from card texts, partial or with the pack whole; ``legal_texts``;
``check_random_games``), and they are not repeated here.
"""

from __future__ import annotations

import ast
import gc
import inspect
import itertools
import json
import os
import random
import re
import sqlite3
import string
import subprocess
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

import framework
from framework import hookspecs
from framework.cards import card_text
from framework.solver import LOST, WON
from framework.testing import position

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
#: The small games written for the tests: ``tiny`` (four columns, no stock), ``trickle`` (13 hearts with a
#: stock and a waste), ``ladder``, ``seesaw`` and ``twins`` (made for the solver's tests).
GAMES = Path(__file__).resolve().parent / "games"


# --- games ------------------------------------------------------------------------------------


def small_rules(name: str) -> str:
    """The text of the small test game ``name`` (``tests/games/NAME.yaml``)."""
    return (GAMES / f"{name}.yaml").read_text(encoding="utf-8")


def small_game(name: str) -> framework.Game:
    """The small test game ``name``, loaded from ``tests/games``."""
    return framework.load_game(GAMES / f"{name}.yaml")


def rule_document(game_id: str) -> dict[str, Any]:
    """The rule file of built-in game ``game_id``, read as YAML."""
    return yaml.safe_load(framework.available_games()[game_id].read_text(encoding="utf-8"))


def changed_game(game_id: str, *replacements: tuple[str, str], **keys: Any) -> framework.Game:
    """Built-in game ``game_id`` with its rule file changed: each ``(old, new)`` of ``replacements`` replaced in its
    text (``old`` must be there), then the top-level ``keys`` given set (``plugins=["spy"]``).

    The changed file is checked as any rule file is; the game's id is ``game_id`` with ``-changed`` after it.
    """
    text = framework.available_games()[game_id].read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, f"{old!r} is not in the rule file of {game_id}"
        text = text.replace(old, new)
    if keys:
        text = yaml.safe_dump(yaml.safe_load(text) | keys, sort_keys=False, allow_unicode=True)
    return framework.Game(framework.parse_spec(text, source=f"<{game_id}, changed>", game_id=f"{game_id}-changed"))


def declared_hooks() -> set[str]:
    """The hooks ``framework/hookspecs.py`` declares: its functions marked ``@hookspec``, read from its source."""
    tree = ast.parse(Path(inspect.getfile(hookspecs)).read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and any(
        (isinstance(mark, ast.Name) and mark.id == "hookspec")
        or (isinstance(mark, ast.Call) and isinstance(mark.func, ast.Name) and mark.func.id == "hookspec")
        for mark in node.decorator_list)}


#: Words of the program's own options that are also games' names: code that uses one names the option.
OPTION_WORDS = {"peek"}  # a hint that may look at hidden cards (play's --peek, the web's peek=true); the game Peek


def game_names() -> set[str]:
    """The ids and titles of the built-in games, lower case, but those that are words of the rule vocabulary
    (the game Fan is also the key ``fan``) or of the program's options (``OPTION_WORDS``): code that uses such a
    word names the key or the option, not the game."""
    from framework.schemacheck import game_schema

    words: set[str] = set()

    def collect(value: object) -> None:
        if isinstance(value, dict):
            words.update(str(key).lower() for key in value.get("properties", {}))
            words.update(str(word).lower() for word in value.get("enum", ()))
            for inner in value.values():
                collect(inner)
        elif isinstance(value, list):
            for inner in value:
                collect(inner)

    collect(game_schema())
    names = set()
    for game_id, path in framework.available_games().items():
        names |= {game_id, game_id.replace("-", " "), framework.load_spec(path).name.lower()}
    return names - words - OPTION_WORDS


def problems(text: str, tmp_path: Path) -> list[str]:
    """The problems the loader finds in rule-file ``text`` (written to ``game.yaml`` in ``tmp_path``)."""
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        framework.load_game(str(path))
    except framework.LoadError as error:
        return [str(problem).replace(str(path), "game.yaml") for problem in error.problems]
    raise AssertionError("the rule file loads")


#: The text of the built-in FreeCell rule file.
FREECELL = framework.available_games()["freecell"].read_text(encoding="utf-8")
#: Labels for added groups: FreeCell's own are c, f and t.
LABELS = ["".join(letters) for letters in itertools.product(string.ascii_lowercase, repeat=2)]


def with_groups(text: str, groups: list[str]) -> str:
    """``text`` (a rule file whose groups end where its deal starts) with ``groups`` added after its own."""
    return text.replace("\ndeal:\n", "\n" + "".join(groups) + "deal:\n", 1)


def extra_group(index: int, piles: int | None) -> str:
    """A group of ``piles`` piles (the key left out for None) that moves nothing, as rule-file text."""
    piles_line = "" if piles is None else f"    piles: {piles}\n"
    return f"  x{index}:\n    role: reserve\n    label: {LABELS[index]}\n{piles_line}"


def issue_file() -> str:
    """The file of issue 18: FreeCell with 8 decks, columns that lift any tail, and 50 groups of 200 piles
    that the columns move to."""
    names = [f"x{index}" for index in range(50)]
    text = with_groups(FREECELL, [extra_group(index, 200) for index in range(50)])
    return (text.replace("decks: 1", "decks: 8")
            .replace("pick: run\n    run_limit: free cells", "pick: any tail")
            .replace("moves_to: [foundation, tableau, cell]", f"moves_to: [foundation, tableau, cell, {', '.join(names)}]"))


# --- positions and what a state shows ----------------------------------------------------------


def build(game_id: str, piles: dict[str, str], **variables: Any) -> framework.State:
    """A position of built-in game ``game_id`` (``framework.testing.position``: ``rest="s"`` keeps the pack whole)."""
    return position(framework.load_game(game_id), piles, **variables)


def cards_of(state: framework.State, name: str) -> str:
    """The cards of pile ``name`` as text, bottom first: ``"9C 2D 6H"``."""
    return " ".join(card_text(card) for card in state.piles[state.game.pile_index(name)])


def each(sources: str, targets: str) -> set[str]:
    """Move texts from every pile in ``sources`` to every pile in ``targets`` (space-separated names)."""
    return {f"{source} {target}" for source in sources.split() for target in targets.split()}


def card_counts(state: framework.State) -> Counter[int]:
    """How many of each card the state holds, over all piles."""
    return Counter(card for pile in state.piles for card in pile)


def full_decks(game: framework.Game) -> Counter[int]:
    """How many of each card the game's decks hold."""
    return Counter({card: game.spec.decks for card in range(52)})


def play(state: framework.State, texts: Iterable[str]) -> framework.State:
    """Push the moves ``texts`` names, in order, and return the state."""
    for text in texts:
        state.push(state.parse_move(text))
    return state


def won_in_one_steeplechase() -> framework.State:
    """Steeplechase with every card home but the 6 of clubs, on the waste (base rank 7)."""
    order = "7 8 9 T J Q K A 2 3 4 5 6".split()
    pairs = ("CH", "HC", "CH", "HC", "SD", "DS", "SD", "DS")  # the suits of the odd and even places
    piles = {f"f{n}": " ".join(rank + pair[i % 2] for i, rank in enumerate(order)) for n, pair in enumerate(pairs, 1)}
    piles["f1"] = piles["f1"].removesuffix(" 6C")
    piles["w"] = "6C"
    return position(framework.load_game("steeplechase"), piles, rest="s", base_rank=7)


def stuck_blockade(*, release_used: bool = True) -> framework.State:
    """Blockade with the stock empty: eleven rows in which no free card is an ace or a king.

    The last six cells are empty; a release, when used, was from the first of them.
    """
    game = framework.load_game("blockade")
    deck = [framework.card_text(card) for card in range(52)] * 2
    ends = [card for card in deck if card[0] in "AK"]
    middle = [card for card in deck if card[0] not in "AK"]
    cells: dict[str, list[str]] = {}
    buried = [row * 10 + column for row in range(1, 9) for column in range(10)]  # rows 2 to 9
    for cell, card in zip(buried, ends):
        cells[f"g{cell + 1}"] = [card]
    for cell in range(104):  # the last six cells stay empty
        if f"g{cell + 1}" not in cells:
            cells[f"g{cell + 1}"] = [middle.pop()]
    return game.state_from_json({
        "format": "patience-state", "version": 1, "game": game.id,
        "piles": {name: cells.get(name, []) for name in game.pile_names},
        "vars": {"grid_rows": 11, "release_used": release_used, "released_cell": "g105" if release_used else None},
    })


def kept_bytes(action: Callable[[], Any]) -> int:
    """The bytes of memory more held once ``action`` has run, as tracemalloc counts them (what it made and freed
    again not counted)."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        made = [action()]  # what it gives back is held while it is counted
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
        made.clear()
        return held
    finally:
        tracemalloc.stop()


# --- the command line ----------------------------------------------------------------------------


def patience(*arguments: str, script: Iterable[str] | str = "", env: dict[str, str] | None = None,
             cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``patience ARGUMENTS`` as a process of its own (in ``cwd``), with ``script`` (lines) as its standard input."""
    text = script if isinstance(script, str) else "".join(f"{line}\n" for line in script)
    environment = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "PATIENCE_RULES_PATH")}
    environment["PYTHONIOENCODING"] = "utf-8"
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "framework.cli", *arguments],
        input=text, capture_output=True, text=True, env=environment, timeout=120, cwd=cwd,
    )


def assert_one_line_error(result: subprocess.CompletedProcess[str], *words: str, status: int = 2) -> None:
    """The command ended with ``status`` and one line on standard error holding ``words``; no traceback."""
    assert result.returncode == status, (result.returncode, result.stdout[-2000:], result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a process ended but not yet reaped does not, Linux)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status and "\nState:\tX" not in status


def policy_line(state: framework.State) -> list[str]:
    """Play a simple policy on ``state`` until it has no move; return the moves' texts.

    To a foundation (never off one) first, else off a waste, else any action (turn the
    stock, fill, a new row, the release). It never shifts cards between table piles,
    so it always ends.
    """
    game = state.game
    foundations = set(game.foundation_piles)
    waste = {pile for group in game.groups.values() if group.role == "waste" for pile in group.piles}
    played = []
    while True:
        moves = state.legal_moves()
        choice = (
            [move for move in moves if move.target in foundations and move.source not in foundations and not move.action]
            or [move for move in moves if move.source in waste and not move.action]
            or [move for move in moves if move.action]
        )
        if not choice:
            return played
        played.append(state.move_text(choice[0]))
        state.push(choice[0])


def headings(output: str) -> list[str]:
    """The lines of the player's output that head a table (``Steeplechase - move 3 ...``)."""
    return re.findall(r"^\S.* - move \d+.*$", output, flags=re.MULTILINE)


# --- the solver ----------------------------------------------------------------------------------

#: A position of ``ladder`` from which no line wins.
LOST_LADDER = {"f": "AS 2S 3S 4S", "t1": "7S 9S 5S 8S KS", "t2": "6S JS QS", "t3": "TS"}
#: A position of ``trickle`` with the stock spent: an endgame the best-ranked moves alone do not win.
TRICKLE_ENDGAME = {"f": "AH 2H 3H 4H", "t1": "7H", "t2": "QH 8H", "w": "9H KH JH 5H TH 6H"}


def exhaustive(state: framework.State) -> str:
    """The answer by brute force: every move from every position, positions told apart exactly."""
    state = state.copy(stack=False)
    seen = {state.position_key()}
    pending = [list(state.legal_moves())]
    if state.is_won():
        return WON
    while pending:
        if not pending[-1]:
            pending.pop()
            if state.move_stack:
                state.pop()
            continue
        state.push(pending[-1].pop())
        key = state.position_key()
        if key in seen:
            state.pop()
            continue
        seen.add(key)
        if state.is_won():
            return WON
        pending.append(list(state.legal_moves()))
    return LOST


def replays_to_a_win(start: framework.State, line: tuple[str, ...]) -> bool:
    """Whether the move texts of ``line``, typed in from ``start``, win."""
    state = start.copy(stack=False)
    for text in line:
        state.push(state.parse_move(text))
    return state.is_won()


def rows(path: Path) -> list[tuple[Any, ...]]:
    """The deals kept in the study store at ``path``; none while the run that makes it has not made its table yet."""
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT game, seed, answer, version FROM deals ORDER BY seed").fetchall()
    except sqlite3.OperationalError as error:
        if "no such table" in str(error):
            return []
        raise
    finally:
        db.close()


def wait_for_deals(store: Path, count: int) -> None:
    """Waits (up to two minutes) until ``count`` deals are kept in ``store``."""
    for _ in range(2400):
        if store.exists() and len(rows(store)) >= count:
            return
        time.sleep(0.05)


# --- the web API and the browser ---------------------------------------------------------------


def serve_process() -> tuple[subprocess.Popen[str], str]:
    """A real ``patience serve`` started on a free loopback port, and its address (``http://127.0.0.1:PORT/``).

    The caller stops it; its standard error is left unread for the caller too.
    """
    process = subprocess.Popen([sys.executable, "-m", "framework.cli", "serve", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline() if process.stdout else ""
    address = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if address is None:
        process.kill()
        raise AssertionError(f"patience serve printed {line!r}; stderr: {process.communicate()[1]}")
    return process, address.group(0)


def new(client: Any, game: str = "steeplechase", seed: int | str = 3, **options: object) -> dict[str, Any]:
    """A new game in play through the API's test ``client``: its table."""
    response = client.post("/api/sessions", json={"game": game, "seed": seed, **options})
    assert response.status_code == 201, response.text
    return response.json()


def path(table: dict[str, Any], suffix: str = "") -> str:
    """The API's address of the game in play ``table`` shows, with ``suffix``."""
    return f"/api/sessions/{table['session']}{suffix}"


def refused(response: Any, status: int, *words: str) -> str:
    """The one-line reason of a refusal, checked for its status and words."""
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail
    for word in words:
        assert word in detail, detail
    return detail


#: How long the browser tests wait for the page, in milliseconds.
TIMEOUT_MS = 15_000


def menu(page: Page, control: str) -> Any:
    """A control of the More menu, the menu opened."""
    if not page.locator("#more").evaluate("menu => menu.open"):
        page.click("#more summary")
    return page.locator(control)


def set_autoplay(page: Page, on: bool) -> None:
    from playwright.sync_api import expect

    box = menu(page, "#autoplay")
    if box.is_checked() != on:
        box.set_checked(on)
        expect(page.locator("#message")).to_have_text(f"Auto-play {'on' if on else 'off'}.")
    page.click("#more summary")  # closed again


def start(page: Page, game: str, seed: int | str, *, autoplay: bool = False) -> None:
    """Start deal ``seed`` of ``game`` with the game and seed chooser."""
    from playwright.sync_api import expect

    # The first table is drawn before the More menu is opened: on a slow machine it came after, and the
    # auto-play box was never seen. (Waited for from here, not by the page's timers: a test may stop its clock.)
    expect(page.locator("body")).to_have_attribute("data-game", re.compile(r"."))
    set_autoplay(page, autoplay)
    page.select_option("#game-choice", game)
    page.fill("#seed", str(seed))
    page.click("#deal-new")
    confirm = page.locator("#confirm-dialog")
    if confirm.is_visible():
        confirm.locator("button[value=deal]").click()
    expect(page.locator("#info")).to_have_text(re.compile(rf"deal {re.escape(str(seed))}$"))
    expect(page.locator("body")).to_have_attribute("data-game", game)


def pile(page: Page, name: str) -> Any:
    return page.locator(f'.pile[data-pile="{name}"]')


def cards(page: Page, name: str) -> list[str]:
    """The face-up cards the page draws in pile ``name``, bottom first (a stack shows its top only)."""
    return pile(page, name).locator(".card[data-card]").evaluate_all("cards => cards.map(card => card.dataset.card)")


def top(page: Page, name: str) -> Any:
    return pile(page, name).locator(".card").last


def moves_made(page: Page, count: int) -> None:
    """Waits for ``count`` moves made, and for the cards to have glided to their places."""
    from playwright.sync_api import expect

    expect(page.locator("body")).to_have_attribute("data-moves-made", str(count))
    page.wait_for_function("document.getAnimations().length === 0")


def load_state(page: Page, state: framework.State, tmp_path: Path) -> None:
    """Continue a saved state through the Load button, auto-play off."""
    from playwright.sync_api import expect

    set_autoplay(page, False)
    saved = tmp_path / "saved.json"
    saved.write_text(json.dumps(state.to_json()), "utf-8")
    with page.expect_file_chooser() as chosen:
        menu(page, "#load-button").click()
    chosen.value.set_files(str(saved))
    expect(page.locator("#message")).to_contain_text("Loaded saved.json")


def randomly_played(name: str, seed: int, moves: int) -> framework.State:
    """Deal ``seed`` of ``name`` after ``moves`` random moves (without the moves on its stack)."""
    state = framework.load_game(name).deal(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.push(rng.choice(state.legal_moves()))
    return state.copy(stack=False)
