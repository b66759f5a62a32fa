// The web player's page: draws any game from its description and its state, and plays it
// through the JSON API. It knows no game: everything comes from the table the API sends
// (the game's groups and layout, the piles, the legal moves, the result).

import { act, api, sessionPath } from "./api.js";
import * as first from "./first.js";
import {
  autoplayNow, newGame, redo, restart, resume, setAutoplay, show, showDealt, showHint, showResumed, startAction, tick,
  undo,
} from "./game.js";
import { wireHand } from "./hand.js";
import { forgetStatistics, giveUp, lastGame, renamePlay, statistics, timeText, underWay } from "./memory.js";
import { land } from "./motion.js";
import { $, element, openDialog, page, say } from "./page.js";
import { openPicker, setGames, wirePicker } from "./picker.js";
import { wireSettings } from "./settings.js";
import { draw, highlight } from "./table.js";

const KEYS = {
  u: undo, y: redo, a: autoplayNow, r: restart, h: showHint, n: () => askNewGame(), s: () => showStatistics(),
  g: () => openPicker(page.table?.game),
};

// Shortcut keys work whatever control was used last, except while typing in a text field.
function typing(target) {
  return target.closest?.("select, textarea, input:not([type=checkbox]):not([type=radio]):not([type=button])");
}

function download(name, text) {
  const link = element("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

// --- new game, statistics, the end of a game ---------------------------------------------------

function dealChosen() {
  return newGame($("game-choice").value, $("seed").value.trim());
}

async function askNewGame() {
  if (!page.table || !underWay(page.table)) return dealChosen();
  openDialog("confirm-dialog");
}

function showStatistics() {
  const stats = statistics();
  const rows = Object.entries(stats).sort(([a], [b]) => a.localeCompare(b)).map(([game, one]) => {
    const row = element("tr");
    const name = $("game-choice").querySelector(`option[value="${CSS.escape(game)}"]`)?.textContent.replace(/ \(.*/, "") || game;
    const rate = one.played ? `${Math.round((100 * one.won) / one.played)}%` : "–";
    const heading = element("th", "", name);
    heading.scope = "row";
    row.append(heading);
    const labels = [...$("stats-table").querySelectorAll("thead th")].slice(1).map((cell) => cell.textContent);
    [one.played, one.won, rate, one.streak, one.bestStreak, one.bestSeconds === null ? "–" : timeText(one.bestSeconds),
      one.bestMoves ?? "–"].forEach((text, index) => {
      const cell = element("td", "", String(text));
      cell.dataset.label = labels[index];  // a narrow screen shows each figure with its name
      row.append(cell);
    });
    return row;
  });
  $("stats-rows").replaceChildren(...rows);
  $("stats-none").hidden = rows.length > 0;
  $("stats-table").hidden = rows.length === 0;
  openDialog("stats-dialog");
}

function wireDialogs() {
  $("confirm-dialog").addEventListener("close", () => {
    if ($("confirm-dialog").returnValue !== "deal") return;
    giveUp(page.table);
    act(dealChosen);
  });
  $("won-dialog").addEventListener("close", () => {
    if ($("won-dialog").returnValue === "deal") act(() => newGame(page.table.game, ""));
  });
  $("stats-reset").addEventListener("click", () => {
    forgetStatistics();
    showStatistics();
    say("Statistics cleared.");
  });
}

// --- the controls -----------------------------------------------------------------------------

// The More menu closes on a press anywhere else, on Esc (back to its button), and once one of
// its buttons did its work (its settings stay open, to change several).
function wireMenu() {
  const more = $("more");
  more.querySelector(".menu").addEventListener("click", (event) => {
    if (event.target.closest("button")) more.open = false;
  });
  document.addEventListener("pointerdown", (event) => {
    if (more.open && !more.contains(event.target)) more.open = false;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !more.open) return;
    event.stopPropagation();  // this Esc closes the menu only
    more.open = false;
    more.querySelector("summary").focus();
  }, { capture: true });
}

function wireControls() {
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    $("seed").blur();  // the shortcut keys work again at once
    act(askNewGame);
  });
  $("undo").addEventListener("click", () => act(undo));
  $("redo").addEventListener("click", () => act(redo));
  $("restart").addEventListener("click", () => act(restart));
  $("autoplay-now").addEventListener("click", () => act(autoplayNow));
  $("hint").addEventListener("click", () => act(showHint));
  $("stats").addEventListener("click", showStatistics);
  $("pick-game").addEventListener("click", () => openPicker(page.table?.game));
  $("actions").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button) act(() => startAction(button.dataset.action));
  });
  $("autoplay").addEventListener("change", () => act(() => setAutoplay($("autoplay").checked)));
  $("save").addEventListener("click", () => act(async () => {
    const saved = await api("GET", sessionPath("/save"));
    download(`${page.table.game}-${page.table.seed ?? "game"}.json`, JSON.stringify(saved, null, 1));
    say("Saved.");
  }));
  $("load-button").addEventListener("click", () => $("load").click());
  $("share").addEventListener("click", () => act(share));
  $("load").addEventListener("change", (event) => act(async () => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    const table = await api("POST", `/api/sessions/load?autoplay=${$("autoplay").checked}`, await file.text());
    await show(table, `Loaded ${file.name}.`);
  }));
  $("rules-toggle").addEventListener("click", () => {
    const rules = $("rules");
    rules.hidden = !rules.hidden;
    $("rules-toggle").setAttribute("aria-expanded", String(!rules.hidden));
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !document.querySelector("dialog[open]")) {
      land();
      page.selected = null;
      page.pending = null;
      page.hint = null;
      highlight();
      return say("");
    }
    if (typing(event.target) || event.altKey || event.metaKey || document.querySelector("dialog[open]")) return;
    let key = event.key.toLowerCase();
    if (event.ctrlKey) key = { z: event.shiftKey ? "y" : "u", y: "y" }[key];
    else if (event.shiftKey) return;
    if (!KEYS[key] || !page.table) return;
    event.preventDefault();
    land();
    act(KEYS[key]);
  });
  // Back, Forward, or a key typed in the address: the game it names.
  window.addEventListener("hashchange", () => {
    const address = new URLSearchParams(location.hash.slice(1));
    const key = address.get("session");
    if (key && key !== page.table?.session) act(() => resume(key));
    if (address.has("game")) dealShared(address);
  });
  let resizing = null;
  let drawnFor = `${window.innerWidth}x${window.innerHeight}`;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => {
      const now = `${window.innerWidth}x${window.innerHeight}`;
      if (now === drawnFor || !page.table) return;  // a phone's toolbar may send resizes that change nothing
      drawnFor = now;
      draw();
    }, 100);
  });
  setInterval(() => tick(1), 1000);
}

async function listGames() {
  const games = await api("GET", "/api/games");
  setGames(games);
  const choice = $("game-choice");
  choice.replaceChildren(...games.map((game) => {
    const option = element("option", "", `${game.name} (${game.decks} deck${game.decks > 1 ? "s" : ""}${game.difficulty ? `, ${game.difficulty}` : ""})`);
    option.value = game.id;
    return option;
  }));
  if (page.table) choice.value = page.table.game;
  if (!games.length) say("No game can be loaded: see `patience list`.", true);
}

// The game named in the address, else the last game played here, else a new one. The first
// request was made while the page loaded (first.js); when it cannot resume the game, the
// game's saved form, kept in the browser, is loaded instead.
async function firstTable() {
  const early = await first.answer;
  if (early?.ok) {
    const table = await early.json();
    return first.resuming ? showResumed(table) : showDealt(table);
  }
  const last = lastGame();
  if (last?.saved) {
    try {
      const table = await api("POST", `/api/sessions/load?autoplay=${$("autoplay").checked}`, last.saved);
      renamePlay(last.session, table.session);
      return await show(table, "Your last game, as you left it.");
    } catch {
      // a save this server cannot read: a new game
    }
  }
  await newGame(last?.game, "");
}

// A link that opens this deal (first.js reads it), copied where the browser lets the page copy.
async function share() {
  const table = page.table;
  if (table.seed === null) return say("This game has no deal number, so no link can deal it again.");
  const link = `${location.origin}${location.pathname}#${new URLSearchParams({ game: table.game, seed: table.seed })}`;
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    // no clipboard here: the link is shown to copy by hand
  }
  say(`${copied ? "Copied a link to this deal" : "A link to this deal"}: ${link}`);
}

// A game chosen in the picker, or a shared deal opened in this tab: dealt (after asking, when the
// game in play is under way).
function dealPicked(game, seed = "") {
  $("game-choice").value = game;
  $("seed").value = seed;
  act(askNewGame);
}

function dealShared(address) {
  dealPicked(address.get("game"), address.get("seed") ?? "");
}

async function start() {
  wirePicker(dealPicked);
  wireSettings((name) => {
    if (name === "leftHanded" && page.table) draw();
  });
  wireHand();
  wireControls();
  wireMenu();
  wireDialogs();
  try {
    await firstTable();
  } finally {
    listGames().catch((error) => say(error.message, true));  // after the table: the table does not wait for it
  }
}

act(start);
