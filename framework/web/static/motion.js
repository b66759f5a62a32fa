// Cards glide from where they were to where they are now ("first, last, invert, play"):
// the table is redrawn at once, then each card that changed place is shown moving there.
// The player's own cards go first, then what auto-play sent home, one card after another.
// A card turned face up where a face-down card was turns over. Any key or press finishes every
// glide at once; with reduced motion asked for (by the system or the settings), none is made.

import { page } from "./page.js";
import { lessMotion } from "./settings.js";

const GLIDE_MS = 180;
const NEXT_MS = 70;          // between cards auto-play sends home
const LONGEST_MS = 1200;     // however many there are
const TURN_MS = 260;
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

function place(card) {
  return { pile: card.dataset.pile, index: card.dataset.index, rect: card.getBoundingClientRect() };
}

// Where every card and pile of the table is now; null when nothing is to move.
export function remember() {
  if (lessMotion() || !page.table) return null;
  const cards = new Map();
  for (const card of document.querySelectorAll("#table .card[data-card]")) {
    cards.set(card.dataset.card, [...(cards.get(card.dataset.card) || []), place(card)]);
  }
  const piles = new Map();
  for (const pile of document.querySelectorAll("#table .pile")) {
    const view = page.pileOf[pile.dataset.pile];
    piles.set(pile.dataset.pile, { rect: pile.getBoundingClientRect(), count: view.down + view.cards.length });
  }
  const backs = new Set([...document.querySelectorAll("#table .card.back")].map(where));
  return { cards, piles, backs };
}

function where(card) {
  return `${card.dataset.pile} ${card.dataset.index}`;
}

// A card face up where a face-down card was: it turns over, from its back (edge on) to its face.
function turnOver(card) {
  card.classList.add("turning");
  const turn = card.animate([{ transform: "rotateY(90deg)" }, { transform: "none" }], { duration: TURN_MS, easing: "ease-out" });
  turn.onfinish = () => card.classList.remove("turning");
}

// Moves each card of the new table from its remembered place.
export function glide(old) {
  if (!old) return;
  const drawn = [...document.querySelectorAll("#table .card[data-card]")];
  const from = new Map();
  const unmatched = [];
  for (const card of drawn) {  // a card still where it was (even if the layout shifted it)
    const places = old.cards.get(card.dataset.card) || [];
    const same = places.findIndex((was) => was.pile === card.dataset.pile && was.index === card.dataset.index);
    if (same >= 0) from.set(card, places.splice(same, 1)[0].rect);
    else unmatched.push(card);
  }
  const emptied = shrunkPile(old);
  for (const card of unmatched) {  // a card that moved: the nearest copy of it that left its place
    if (old.backs.has(where(card))) {
      turnOver(card);
      continue;
    }
    const places = old.cards.get(card.dataset.card) || [];
    const pick = places.findIndex((was) => was.pile === card.dataset.pile);
    const was = places.splice(pick >= 0 ? pick : 0, 1)[0];
    if (was) from.set(card, was.rect);
    else if (emptied) from.set(card, emptied);  // turned up from the stock or a face-down card
  }
  const moving = [...from].filter(([card, rect]) => {
    const now = card.getBoundingClientRect();
    return Math.abs(now.left - rect.left) + Math.abs(now.top - rect.top) > 1;
  });
  const home = (card) => page.groupOf[card.dataset.pile]?.role === "foundation";
  const sent = moving.filter(([card]) => home(card)).sort(([a], [b]) => rank(a) - rank(b));
  const step = sent.length ? Math.min(NEXT_MS, LONGEST_MS / sent.length) : 0;
  const delays = new Map(sent.map(([card], index) => [card, index * step]));
  for (const [card, rect] of moving) {
    const now = card.getBoundingClientRect();
    card.classList.add("flying");
    const flight = card.animate(
      [{ transform: `translate(${rect.left - now.left}px, ${rect.top - now.top}px)` }, { transform: "none" }],
      { duration: GLIDE_MS, delay: delays.get(card) || 0, easing: "ease-out", fill: "backwards" });
    flight.onfinish = () => card.classList.remove("flying");
  }
}

function rank(card) {
  return RANKS.indexOf(card.querySelector(".rank")?.textContent);
}

// The place of the pile that lost the most cards (the stock dealing), where new faces come from.
function shrunkPile(old) {
  let best = null;
  let lost = 0;
  for (const [name, was] of old.piles) {
    const view = page.pileOf[name];
    const gone = view ? was.count - (view.down + view.cards.length) : 0;
    if (gone > lost) [best, lost] = [was.rect, gone];
  }
  return best;
}

// Ends every glide now: the player wants to go on.
export function land() {
  for (const flight of document.getAnimations()) flight.finish();
}
