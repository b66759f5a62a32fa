// The rule editor: an author writes a rule file, sees the server's checks at their lines as they
// type, deals the game into the player beside the text, asks the solver about a deal, and downloads
// the file. Nothing is kept on the server: the draft stays in this browser (localStorage) only.

import { api } from "./api.js";

const $ = (id) => document.getElementById(id);
const CHECK_AFTER_MS = 400;          // the text is checked this long after the last key
const DRAFT = "patience.draft";      // where the browser keeps the draft: {name, text}
const LAST = "patience.last";        // the player's last game, which the editor's games must not replace
const SOLVER_SECONDS = 10;

const editor = { checked: "", asked: 0, edited: false, problems: [], dealt: null, playerLast: null };

function draft() {
  return { text: $("text").value, name: $("name").validity.valid && $("name").value ? $("name").value : "my-game" };
}

function keepDraft() {
  try {
    localStorage.setItem(DRAFT, JSON.stringify(draft()));
  } catch {
    // full or forbidden: the draft is not kept
  }
}

function keptDraft() {
  try {
    return JSON.parse(localStorage.getItem(DRAFT));
  } catch {
    return null;
  }
}

function say(id, text, bad = false) {
  $(id).textContent = text;
  $(id).classList.toggle("bad", bad);
}

// --- the text, its line numbers and the lines with problems ------------------------------------

function lineCount() {
  return $("text").value.split("\n").length;
}

// Drawn again only when the lines or their problems change: a keystroke within a line of a long file costs nothing.
let gutterDrawn = "";
function drawGutter(problems = []) {
  const bad = new Map();
  for (const problem of problems) if (problem.line) bad.set(problem.line, [...(bad.get(problem.line) || []), problem]);
  const drawn = JSON.stringify([lineCount(), [...bad]]);
  if (drawn === gutterDrawn) return scrolled();
  gutterDrawn = drawn;
  const numbers = [];
  for (let line = 1; line <= lineCount(); line += 1) {
    const number = document.createElement("div");
    number.textContent = line;
    if (bad.has(line)) {
      number.className = "bad";
      number.title = bad.get(line).map((problem) => problem.message).join("\n");
    }
    numbers.push(number);
  }
  $("gutter").replaceChildren(...numbers);
  $("marks").replaceChildren(...[...bad.keys()].map((line) => {
    const mark = document.createElement("div");
    mark.dataset.line = line;
    mark.style.top = `calc(6px + ${line - 1} * var(--line))`;
    return mark;
  }));
  scrolled();
}

function scrolled() {
  const text = $("text");
  $("gutter").scrollTop = text.scrollTop;
  $("marks").style.transform = `translateY(${-text.scrollTop}px)`;
}

// Puts the caret at a line and column of the text, and shows it.
function goTo(line, column) {
  const text = $("text");
  const lines = text.value.split("\n");
  let at = 0;
  for (let index = 0; index < Math.min(line - 1, lines.length); index += 1) at += lines[index].length + 1;
  at += Math.max(0, column - 1);
  text.focus();
  text.setSelectionRange(at, at);
  const height = parseFloat(getComputedStyle(text).lineHeight) || 20;
  text.scrollTop = Math.max(0, (line - 3) * height);
}

function showProblems(answer) {
  editor.problems = answer.problems;
  drawGutter(answer.problems);
  const count = answer.problems.length;
  say("check", answer.ok ? `No problems: ${answer.game} can be dealt.`
    : `${count} problem${count === 1 ? "" : "s"}:`, !answer.ok);
  $("problems").replaceChildren(...answer.problems.map((problem) => {
    const item = document.createElement("li");
    if (problem.line) {
      const where = document.createElement("button");
      where.type = "button";
      where.textContent = `${problem.line}:${problem.column}`;
      where.title = "go to this place in the text";
      where.addEventListener("click", () => goTo(problem.line, problem.column));
      item.append(where, " ");
    }
    item.append(problem.message);
    return item;
  }));
}

// The text is checked once the author stops typing; an answer to an older text is dropped.
let checking = null;
function checkLater() {
  clearTimeout(checking);
  checking = setTimeout(check, CHECK_AFTER_MS);
}

async function check() {
  const asked = draft();
  const key = JSON.stringify(asked);
  if (key === editor.checked) return;
  editor.checked = key;
  const number = ++editor.asked;
  say("check", "Checking…");
  try {
    const answer = await api("POST", "/api/rules/check", asked);
    if (number === editor.asked) showProblems(answer);
  } catch (error) {
    if (number === editor.asked) {
      editor.checked = "";  // ask again at the next change
      say("check", error.message, true);
    }
  }
}

function edited() {
  editor.edited = true;
  drawGutter(editor.problems.filter((problem) => problem.line <= lineCount()));  // until the next answer
  keepDraft();
  checkLater();
}

// --- starting from a copy, downloading -------------------------------------------------------------

async function listGames() {
  const games = await api("GET", "/api/games");
  $("game-ids").replaceChildren(...games.map((game) => {
    const option = document.createElement("option");
    option.value = game.id;
    option.textContent = game.name;
    return option;
  }));
  return games;
}

async function copyGame(id) {
  if (editor.edited && !window.confirm(`Replace the rule file by a copy of ${id}? The text written here is lost.`)) return;
  const file = await api("GET", `/api/games/${encodeURIComponent(id)}/rules`);
  setText(file.text, `${file.id}-copy`);
  say("said", `A copy of ${file.id}: change it, and deal.`);
}

function setText(text, name) {
  $("text").value = text;
  $("name").value = name;
  $("text").scrollTop = 0;
  editor.edited = false;
  editor.checked = "";
  editor.problems = [];
  drawGutter();
  keepDraft();
  check();
}

function download() {
  const { name, text } = draft();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/yaml" }));
  link.download = `${name}.yaml`;
  link.click();
  URL.revokeObjectURL(link.href);
  say("said", `Downloaded ${name}.yaml.`);
}

// --- dealing, and the player beside the text ---------------------------------------------------------

function seed() {
  const text = $("seed").value.trim();
  if (text === "") return null;
  return Number.isFinite(Number(text)) ? Number(text) : text;  // the server says what is wrong
}

async function deal(chosen = seed()) {
  const body = { ...draft(), autoplay: true };
  if (chosen !== null) body.seed = chosen;
  say("said", "Dealing…");
  try {
    const table = await api("POST", "/api/rules/sessions", body);
    editor.dealt = table.seed;
    showPlayer(table.session);
    say("said", `${table.description.name}, deal ${table.seed}.`);
    showPane(true);
  } catch (error) {
    say("said", error.message, true);
  }
}

// The player plays the editor's game in the frame: the same page, drawing, hand and keys as
// everywhere, opened on the game's key. It keeps no game of the editor's as its last game.
function showPlayer(key) {
  const frame = $("player");
  keepPlayersLast();
  $("empty-table").hidden = true;
  frame.hidden = false;
  frame.src = `/#session=${encodeURIComponent(key)}`;
}

// The player in the frame asks for a new game of the draft (its Won dialog, its N key): a new deal,
// with a new seed, and the seed box emptied, so that the solver is asked about the deal in play.
function dealAgainAsked(event) {
  if (event.origin !== location.origin || event.source !== $("player").contentWindow) return;
  if (event.data?.patience !== "deal-draft-again") return;
  $("seed").value = "";
  deal(null);
}

function embed() {
  const inside = $("player").contentDocument;
  if (!inside || inside.getElementById("editor-embedded")) return;
  const style = inside.createElement("style");
  style.id = "editor-embedded";
  style.textContent = "#new-game, footer { display: none !important; }";  // the editor deals its games
  inside.head.append(style);
}

function keepPlayersLast() {
  if (editor.playerLast === null) {
    try {
      editor.playerLast = localStorage.getItem(LAST) ?? "";
    } catch {
      editor.playerLast = "";
    }
  }
}

function restorePlayersLast() {
  if (editor.playerLast === null) return;
  try {
    if (editor.playerLast) localStorage.setItem(LAST, editor.playerLast);
    else localStorage.removeItem(LAST);
  } catch {
    // forbidden: nothing was kept either
  }
}

async function askSolver() {
  const body = { ...draft(), seconds: SOLVER_SECONDS, seed: seed() ?? editor.dealt ?? 1 };
  say("said", `The solver is searching deal ${body.seed} (up to ${SOLVER_SECONDS} s)…`);
  $("solve").disabled = true;
  try {
    const answer = await api("POST", "/api/rules/solve", body);
    const line = answer.line.length ? ` Its moves: ${answer.line.slice(0, 12).join(", ")}${answer.line.length > 12 ? ", …" : "."}` : "";
    say("said", `${answer.message}${line}`);
  } catch (error) {
    say("said", error.message, true);
  } finally {
    $("solve").disabled = false;
  }
}

function showPane(playing) {
  document.querySelector("main").classList.toggle("playing", playing);
  $("show-write").setAttribute("aria-pressed", String(!playing));
  $("show-play").setAttribute("aria-pressed", String(playing));
}

// --- wiring -------------------------------------------------------------------------------------------

function wire() {
  const text = $("text");
  text.addEventListener("input", edited);
  text.addEventListener("scroll", scrolled);
  $("name").addEventListener("input", () => { keepDraft(); checkLater(); });
  $("copy-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const id = $("copy-from").value.trim();
    if (id) copyGame(id).catch((error) => say("said", error.message, true));
  });
  $("download").addEventListener("click", download);
  $("deal-form").addEventListener("submit", (event) => {
    event.preventDefault();
    deal();
  });
  $("solve").addEventListener("click", askSolver);
  $("show-write").addEventListener("click", () => showPane(false));
  $("show-play").addEventListener("click", () => showPane(true));
  $("player").addEventListener("load", embed);
  window.addEventListener("message", dealAgainAsked);
  window.addEventListener("pagehide", restorePlayersLast);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") restorePlayersLast();
  });
}

async function start() {
  wire();
  const games = await listGames().catch((error) => {
    say("said", error.message, true);
    return [];
  });
  const kept = keptDraft();
  if (kept?.text) {
    setText(kept.text, kept.name || "my-game");
    editor.edited = true;  // the author's own text: a copy over it asks first
    return;
  }
  // A new author's first draft: a copy of the first game listed.
  if (games.length) await copyGame(games[0].id).catch((error) => say("said", error.message, true));
}

start();
