// The hand: mouse, pen and touch through one path of pointer events (drag, tap to pick up,
// tap to put down, double tap to a foundation), and the keyboard on the table (arrow keys
// between piles, Enter or Space to pick up and put down, F to a foundation).

import { act } from "./api.js";
import { explain, play } from "./game.js";
import { land } from "./motion.js";
import { $, cardName, element, page, pileWords, say, size } from "./page.js";
import { actionsAt, movesFrom, moveTo, pickable, toFoundation } from "./rules.js";
import { highlight, setFocusable } from "./table.js";

const DRAG_START = 6;      // px the pointer must travel before a press becomes a drag
const DOUBLE_TAP_MS = 400;

function placeOf(target) {
  const card = target?.closest?.(".card[data-pile]");
  const pile = target?.closest?.(".pile[data-pile]");
  if (!pile) return null;
  const view = page.pileOf[pile.dataset.pile];
  const index = card ? Number(card.dataset.index) : null;
  return { pile: view.name, count: index === null ? null : size(view) - index, card };
}

function select(pile, count) {
  page.selected = { pile, count };
  page.pending = null;
  highlight();
  const where = movesFrom(pile, count).length;
  say(`${cardName(pile, count)}${count > 1 ? ` and ${count - 1} more` : ""} picked up: it can go to ${where} place${where === 1 ? "" : "s"}.`);
}

// A tap or a click on a place of the table (or Enter on a pile: no card then).
function tapAt(place) {
  if (page.pending) {
    const move = page.table.moves.find((candidate) => candidate.action === page.pending && candidate.source === place.pile);
    page.pending = null;
    highlight();
    return move ? play(move.text) : say("Nothing chosen.");
  }
  if (page.selected) {
    const from = page.selected;
    const move = moveTo(from, place.pile);
    if (move) return play(move.text);
    page.selected = null;
    highlight();
    if (from.pile === place.pile) return say("");  // the same cards again: put them down
    if (place.count !== null && movesFrom(place.pile, place.count).length) select(place.pile, place.count);
    return explain(from, place.pile);
  }
  if (place.count !== null && movesFrom(place.pile, place.count).length) return select(place.pile, place.count);
  const actions = actionsAt(place.pile);
  if (new Set(actions.map((move) => move.text)).size === 1) return play(actions[0].text);
  highlight();
  if (place.card && !place.card.classList.contains("back")) say(`${cardName(place.pile, place.count)} cannot move now.`);
}

function sendHome(place) {
  const move = toFoundation(place.pile, place.count);
  if (move) return play(move.text);
  page.selected = null;
  highlight();
  say(`No foundation takes ${cardName(place.pile, place.count)} now.`);
}

// --- pointers -------------------------------------------------------------------------------

let press = null;     // the press that may become a drag: {place, id, x, y, ghost}
let lastTap = null;   // {table, pile, count, at}: a second tap soon after on the same cards is a double tap

function down(event) {
  performance.mark("patience:input");  // benchmarks/web_speed.py reads it
  land();
  if (press || (event.pointerType === "mouse" && event.button !== 0)) return;
  const place = placeOf(event.target);
  if (!place) return;
  press = { place, id: event.pointerId, x: event.clientX, y: event.clientY, ghost: null };
  $("table").setPointerCapture(event.pointerId);  // its release comes here, even outside the table
  if (place.card?.classList.contains("movable")) event.preventDefault();  // no text selection, no focus change
}

function drag(event) {
  if (!press || event.pointerId !== press.id || !press.place.card?.classList.contains("movable")) return;
  const dx = event.clientX - press.x;
  const dy = event.clientY - press.y;
  if (!press.ghost) {
    if (Math.hypot(dx, dy) < DRAG_START) return;
    page.pending = null;
    page.selected = { pile: press.place.pile, count: press.place.count };
    highlight();
    press.ghost = ghostOf(press.place);
    document.body.append(press.ghost);
  }
  press.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
}

function up(event) {
  if (!press || event.pointerId !== press.id) return;
  const { place, ghost } = press;
  press = null;
  if (!ghost) return tap(place);
  putBack(ghost);
  const under = document.elementFromPoint(event.clientX, event.clientY)?.closest(".pile[data-pile]");
  const from = page.selected;
  const move = under ? moveTo(from, under.dataset.pile) : undefined;
  act(async () => {
    if (move) return play(move.text);
    page.selected = null;
    highlight();
    if (under && under.dataset.pile !== place.pile) return explain(from, under.dataset.pile);
  });
}

// A drag that the browser took over (a scroll, a second finger) or that lost its pointer:
// the cards go back where they were.
function cancel(event) {
  if (!press || event.pointerId !== press.id) return;
  if (press.ghost) {
    putBack(press.ghost);
    page.selected = null;
    highlight();
  }
  press = null;
}

function putBack(ghost) {
  ghost.remove();
  for (const card of $("table").querySelectorAll(".card.dragging")) card.classList.remove("dragging");
}

function tap(place) {
  const now = performance.now();
  const double = lastTap && lastTap.table === page.table && lastTap.pile === place.pile
    && lastTap.count === place.count && now - lastTap.at < DOUBLE_TAP_MS;  // the same cards, nothing played between
  lastTap = double ? null : { table: page.table, pile: place.pile, count: place.count, at: now };
  setFocusable(place.pile);
  if (double && place.count !== null && toFoundation(place.pile, place.count)) return act(() => sendHome(place));
  act(() => tapAt(place));
}

// The picked-up cards, copied where they lie, to follow the pointer.
function ghostOf(place) {
  const ghost = element("div", "ghost");
  ghost.style.setProperty("--card-w", $("table").style.getPropertyValue("--card-w"));
  ghost.style.setProperty("--card-h", $("table").style.getPropertyValue("--card-h"));
  ghost.style.setProperty("--rank", $("table").style.getPropertyValue("--rank"));
  ghost.style.setProperty("--pip", $("table").style.getPropertyValue("--pip"));
  const from = size(page.pileOf[place.pile]) - place.count;
  const cards = [...$("table").querySelectorAll(`.card[data-pile="${CSS.escape(place.pile)}"]`)]
    .filter((card) => Number(card.dataset.index) >= from);
  const origin = cards[0].getBoundingClientRect();
  ghost.style.left = `${origin.left}px`;
  ghost.style.top = `${origin.top}px`;
  for (const card of cards) {
    const where = card.getBoundingClientRect();
    const copy = card.cloneNode(true);
    copy.classList.remove("selected");
    copy.style.left = `${where.left - origin.left}px`;
    copy.style.top = `${where.top - origin.top}px`;
    ghost.append(copy);
    card.classList.add("dragging");
  }
  return ghost;
}

// --- keys -----------------------------------------------------------------------------------

function piles() {
  return [...$("table").querySelectorAll(".pile[data-pile]")];
}

function centre(shown) {
  const box = shown.getBoundingClientRect();
  return { x: box.left + box.width / 2, top: box.top };
}

// The pile the arrow key goes to from `shown`: the next or previous one in reading order,
// or the nearest one in the line of piles above or below.
function pileBeside(shown, key) {
  const all = piles();
  const at = all.indexOf(shown);
  if (key === "ArrowRight") return all[(at + 1) % all.length];
  if (key === "ArrowLeft") return all[(at - 1 + all.length) % all.length];
  const here = centre(shown);
  const lines = all.map((other) => ({ other, ...centre(other) }))
    .filter(({ top }) => (key === "ArrowDown" ? top > here.top + 4 : top < here.top - 4));
  if (!lines.length) return shown;
  const nearestTop = key === "ArrowDown" ? Math.min(...lines.map(({ top }) => top)) : Math.max(...lines.map(({ top }) => top));
  const line = lines.filter(({ top }) => Math.abs(top - nearestTop) < 4);
  return line.reduce((best, one) => (Math.abs(one.x - here.x) < Math.abs(best.x - here.x) ? one : best)).other;
}

// Enter or Space on a pile: put the cards in hand there, or pick up its top card; Enter again
// on the same pile picks up one more card of its run each time, then puts them down.
function activate(name) {
  if (page.selected?.pile === name && !page.pending) {
    const more = pickable(name).find((count) => count > page.selected.count);
    if (more) return select(name, more);
    page.selected = null;
    highlight();
    return say("Put down.");
  }
  if (page.selected || page.pending) return tapAt({ pile: name, count: null, card: null });
  const counts = pickable(name);
  if (counts.length) return select(name, counts[0]);
  const actions = actionsAt(name);
  if (new Set(actions.map((move) => move.text)).size === 1) return play(actions[0].text);
  say(`Nothing in ${pileWords(name)} can move now.`);
}

function key(event) {
  const shown = event.target.closest?.(".pile[data-pile]");
  if (!shown || event.altKey || event.ctrlKey || event.metaKey) return;
  land();
  let next = null;
  if (event.key.startsWith("Arrow")) next = pileBeside(shown, event.key);
  else if (event.key === "Home") next = piles()[0];
  else if (event.key === "End") next = piles().at(-1);
  if (next) {
    event.preventDefault();
    setFocusable(next.dataset.pile);
    next.focus();
    return;
  }
  const name = shown.dataset.pile;
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    act(() => activate(name));
  } else if (event.key.toLowerCase() === "f" && !event.shiftKey) {
    event.preventDefault();
    event.stopPropagation();
    const count = page.selected?.pile === name ? page.selected.count : 1;
    act(() => sendHome({ pile: name, count }));
  }
}

export function wireHand() {
  const table = $("table");
  table.addEventListener("pointerdown", down);
  table.addEventListener("pointermove", drag);
  table.addEventListener("pointerup", up);
  table.addEventListener("pointercancel", cancel);
  table.addEventListener("lostpointercapture", (event) => { if (press?.ghost) cancel(event); });
  table.addEventListener("keydown", key);
  table.addEventListener("focusin", (event) => {
    const shown = event.target.closest?.(".pile[data-pile]");
    if (shown) setFocusable(shown.dataset.pile);
  });
  window.addEventListener("blur", () => press && cancel({ pointerId: press.id }));
}
