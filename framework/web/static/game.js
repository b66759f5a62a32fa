// The game in play: asking the server to play, take back or hint, and showing its answer.

import { api, sessionPath } from "./api.js";
import {
  addSeconds, clockRuns, count, isDraft, noteTurn, ownMoves, rememberGame, secondsPlayed, seen, statistics,
  takeBackGiveUp, timeText,
} from "./memory.js";
import { glide, remember } from "./motion.js";
import { $, cardName, element, openDialog, page, paragraphs, say } from "./page.js";
import { settings } from "./settings.js";
import { celebrate } from "./win.js";
import { draw, highlight } from "./table.js";

const SAVE_AFTER_MS = 1500;  // the game is kept in the browser this long after the last change

function setGame(description) {
  page.game = description;
  document.title = `${description.name} — patience`;  // a tab, a bookmark and a screen reader name the game
  $("title").textContent = description.name;
  page.groupOf = {};
  for (const group of description.groups) for (const pile of group.piles) page.groupOf[pile] = group;
  $("rules").replaceChildren(...paragraphs(description.rules).map((text) => element("p", "", text)));
}

export async function show(table, note = "") {
  const before = page.table;
  const same = before?.session === table.session;
  const old = same ? remember() : null;
  if (table.description) setGame(table.description);
  else if (!page.game || page.game.id !== table.game) setGame(await api("GET", `/api/games/${encodeURIComponent(table.game)}`));
  page.table = table;
  page.pileOf = Object.fromEntries(table.piles.map((pile) => [pile.name, pile]));
  page.selected = null;
  page.pending = null;
  page.hint = null;
  const address = `#session=${encodeURIComponent(table.session)}`;
  if (location.hash !== address) {  // another game is a step of the browser's history: Back returns to this one
    if (before && !same) history.pushState(null, "", address);
    else history.replaceState(null, "", address);
  }
  document.body.dataset.game = table.game;
  $("table").classList.remove("won-still");
  document.body.dataset.movesMade = table.moves_made;
  draw();
  glide(old);
  showControls();
  say(note);
  if (count(table)) showWin();
  keepLater();
}

function showControls() {
  const table = page.table;
  $("autoplay").checked = table.autoplay;
  const choice = $("game-choice");
  if (![...choice.options].some((option) => option.value === table.game)) {
    const option = element("option", "", page.game.name);  // until the list of games arrives
    option.value = table.game;
    choice.append(option);
  }
  if (document.activeElement !== choice) choice.value = table.game;
  $("info").textContent = `${page.game.name} — deal ${table.seed ?? "(no number)"}`;
  $("moves").textContent = movesWords(table);
  tick(0);
  $("undo").disabled = !table.can_undo;
  $("restart").disabled = !table.can_undo;
  $("redo").disabled = !table.can_redo;
  const result = $("result");
  result.hidden = !table.result;
  result.classList.toggle("won", table.result === "won");
  result.textContent = table.result === "won" ? `Won! ${table.message}` : table.message;

  const actions = $("actions");
  actions.replaceChildren();
  const byAction = new Map();
  for (const move of table.moves) {
    if (move.action) byAction.set(move.action, [...(byAction.get(move.action) || []), move]);
  }
  for (const [action, moves] of byAction) {
    const button = element("button", "", moves.length === 1 ? action : `${action}…`);
    button.type = "button";
    button.dataset.action = action;
    button.title = moves.length === 1 ? moves[0].words : `${action}: choose the card`;
    actions.append(button);
  }
}

// The player's moves (auto-play's are not counted).
function movesWords(table) {
  const moves = ownMoves(table);
  return `${moves} move${moves === 1 ? "" : "s"}`;
}

// The timer of the game in play: it runs from the first move to the end, while the page is seen.
export function tick(seconds) {
  const table = page.table;
  if (!table) return;
  if (seconds && clockRuns(table) && document.visibilityState === "visible") {
    addSeconds(table.session, seconds);
  }
  $("timer").textContent = timeText(secondsPlayed(table.session));
}

// The player's record at this game, in words (a draft's games are not counted).
function recordWords(table) {
  const stats = statistics()[table.game];
  if (!stats) return "";
  return ` You have won ${stats.won} of ${stats.played} game${stats.played === 1 ? "" : "s"} of ${page.game.name}; `
    + `${stats.streak} in a row.`;
}

function showWin() {
  const table = page.table;
  $("won-text").textContent = `${page.game.name}, deal ${table.seed ?? "(no number)"}: won in ${movesWords(table)} `
    + `and ${timeText(secondsPlayed(table.session))}.${recordWords(table)}`;
  celebrate().then(() => openDialog("won-dialog"));  // not waited for: a key or a press ends it at once
}

let keeping = null;
// Keeps the saved game in the browser, so that it resumes even if the server forgot it.
function keepLater() {
  clearTimeout(keeping);
  rememberGame(page.table);
  const key = page.table.session;
  keeping = setTimeout(async () => {
    try {
      const saved = await api("GET", sessionPath("/save", key));
      if (page.table?.session === key) rememberGame(page.table, saved);
    } catch {
      // the server forgot the game: what the browser kept stays
    }
  }, SAVE_AFTER_MS);
}

// What a request played, in words: the player's move first, then auto-play's.
function said(table) {
  return table.said ?? table.played;
}

function list(prefix, texts) {
  return texts.length ? `${prefix}: ${texts.join("; ")}.` : "";  // a move's words may hold a comma
}

// A request of a turn of `kind` (see memory.noteTurn), or of none.
async function request(method, suffix, describe, body, kind = null) {
  const table = await api(method, sessionPath(suffix), body);
  if (kind && (kind !== "auto" || table.played.length)) noteTurn(table, kind, table.played.length);
  await show(table, describe(said(table)));
}

export const play = (text) => request("POST", "/moves", (done) => [list("Played", done.slice(0, 1)),
  list("Then auto-play", done.slice(1))].filter(Boolean).join(" "), { move: text }, "play");
export const undo = () => request("POST", "/undo", (done) => list("Took back", done), undefined, "undo");
export const redo = () => request("POST", "/redo", (done) => list("Played again", done), undefined, "redo");
export const restart = () => request("POST", "/restart", () => "Back to the deal.", undefined, "restart");
export const autoplayNow = () => request("POST", "/autoplay", (done) => list("Auto-play", done)
  || "No move to the foundations is safe now.", undefined, "auto");
export const setAutoplay = (on) => request("PATCH", "", () => `Auto-play ${on ? "on" : "off"}.`, { autoplay: on });

export async function newGame(game, seed) {
  if (isDraft(game)) return dealDraftAgain();
  const body = { autoplay: $("autoplay").checked };
  if (game) body.game = game;
  if (seed !== "") body.seed = Number.isFinite(Number(seed)) ? Number(seed) : seed; // the server says what is wrong
  await showDealt(await api("POST", "/api/sessions", body));
}

// A new deal, and what auto-play played at once.
export async function showDealt(table) {
  if (table.played.length) noteTurn(table, "auto", table.played.length);  // the deal's auto-play, a turn of its own
  await show(table, list("Auto-play", said(table)));
}

// A draft's game is dealt by the rule editor, which holds its text: the player in the editor's frame
// asks the editor to deal the draft again, with a new seed; a player on its own deals a game of its own.
function dealDraftAgain() {
  if (window.parent === window) return newGame(undefined, "");
  window.parent.postMessage({ patience: "deal-draft-again" }, location.origin);
  say("The editor deals your draft again…");
}

export async function resume(key) {
  const table = await api("GET", sessionPath("?describe=true", key));
  takeBackGiveUp(table);
  await showResumed(table);
}

// A game of the address or kept here, shown again; a draft's game the editor has just dealt is new.
export async function showResumed(table) {
  if (!isDraft(table.game) || seen(table.session)) return show(table, "Your game, as you left it.");
  if (table.moves_made) noteTurn(table, "auto", table.moves_made);  // the deal's auto-play: no move of the player's
  await show(table, `A new deal of your draft, ${table.description.name}.`);
}

export async function showHint() {
  say("Thinking…");
  const found = await api("GET", sessionPath(settings.peek ? "/hint?peek=true" : "/hint"));
  page.selected = null;
  page.pending = null;
  page.hint = found.move;
  highlight();
  say(found.message);
}

// Why the cards picked up from `from` cannot go to `target`, as the rules say it.
export async function explain(from, target) {
  const query = new URLSearchParams({ source: from.pile, target, count: from.count });
  const answer = await api("GET", sessionPath(`/explain?${query}`));
  say(`${cardName(from.pile, from.count)} cannot go there: ${answer.message}`, !answer.legal);
}

export function startAction(action) {
  const moves = page.table.moves.filter((move) => move.action === action);
  if (moves.length === 1) return play(moves[0].text);
  page.selected = null;
  page.pending = action;
  highlight();
  say(`${action}: tap the card (${moves.length} can be chosen), or press Esc.`);
}
