// Drawing the table: the game's layout rows, each group as its hints say, and the marks on
// it (the selection, where it can go, the hint). The page knows no game: everything comes
// from the game's description and the table the API sent.

import { columnSteps, fit, rankFor, underTable, WASTE_SHOWN } from "./layout.js";
import { movesFrom, byHand } from "./rules.js";
import { $, cardWords, element, page, pileElement, pileWords, size } from "./page.js";

let sizes = null;  // the card sizes of the last drawing

export function draw() {
  const gridRows = Object.fromEntries(page.game.groups.filter((group) => group.columns && group.fan !== "right")
    .map((group) => [group.name, gridCells(group).shown / group.columns]));
  sizes = fit(page.game, gridRows);
  const focused = document.activeElement?.closest?.("#table .pile")?.dataset.pile;
  const rows = page.game.layout.map((names) => {
    const row = element("div", "layout-row");
    for (const name of names) row.append(drawGroup(page.game.groups.find((group) => group.name === name)));
    return row;
  });
  $("table").replaceChildren(...rows);
  fanColumns(rows);
  setFocusable(focused || page.focus);
  if (focused) pileElement(focused)?.focus({ preventScroll: true });
  highlight();
  performance.mark("patience:table");  // benchmarks/web_speed.py reads it
}

function drawGroup(group) {
  const box = element("div", "group");
  box.dataset.group = group.name;
  box.dataset.role = group.role;
  box.append(element("div", "group-name", group.name));
  if (group.rows_of) {
    const holder = element("div", "rows");
    let start = 0;
    for (const length of group.rows_of) {
      const row = element("div", "row");
      for (const name of group.piles.slice(start, start + length)) row.append(drawPile(group, page.pileOf[name]));
      holder.append(row);
      start += length;
    }
    box.append(holder);
    return box;
  }
  let names = group.piles;
  let ahead = new Set();
  const across = sizes.across[group.name];
  let holder;
  if (group.columns) {
    holder = element("div", "grid");
    const cells = gridCells(group);
    names = names.slice(0, cells.shown);
    ahead = new Set(names.slice(cells.dealt));
  } else if (across > 1 && across < group.piles.length) {
    holder = element("div", "piles lines");  // a long group, in lines
  } else {
    holder = element("div", group.fan === "right" && across === 1 ? "piles stacked" : "piles");
  }
  if (holder.classList.contains("grid") || holder.classList.contains("lines")) {
    holder.style.gridTemplateColumns = `repeat(${across}, max-content)`;
  }
  for (const name of names) {
    const drawn = drawPile(group, page.pileOf[name]);
    if (ahead.has(name)) drawn.classList.replace("gap", "ahead");
    holder.append(drawn);
  }
  box.append(holder);
  return box;
}

// The grid's cells down to the last row with a card (its gaps are gaps), and the cells of
// the rows below it down to one where a move can put a card (shown as room ahead).
function gridCells(group) {
  const targets = new Set(page.table.moves.map((move) => move.target));
  const rowEnd = (index) => (Math.floor(index / group.columns) + 1) * group.columns;
  let cards = 0;
  let reached = 0;
  group.piles.forEach((name, index) => {
    if (size(page.pileOf[name])) cards = rowEnd(index);
    if (targets.has(name)) reached = rowEnd(index);
  });
  return { dealt: cards, shown: Math.max(cards, reached, group.columns) };
}

function drawPile(group, pile) {
  const shown = element("div", group.fan ? `pile fan-${group.fan}` : "pile");
  shown.dataset.pile = pile.name;
  shown.setAttribute("role", "button");
  shown.tabIndex = -1;
  const total = size(pile);
  if (!total) {
    shown.classList.add(group.columns ? "gap" : "empty");
    const suit = group.suits ? group.suits[group.piles.indexOf(pile.name)] : "";
    const mark = element("span", "empty-mark", `${pile.takes || ""}${suit}`);
    if (pile.takes) mark.title = `takes ${pile.takes}`;
    shown.append(mark);
  }
  const face = (index) => {
    const made = index < pile.down ? element("div", "card back") : cardElement(pile.cards[index - pile.down]);
    made.dataset.pile = pile.name;
    made.dataset.index = index;
    if (index >= pile.down && movesFrom(pile.name, total - index).length) made.classList.add("movable");
    if (pile.blocked && index >= pile.down) made.classList.add("blocked");
    return made;
  };
  if (group.fan === "down") {
    for (let index = 0; index < total; index++) shown.append(face(index), " ");
  } else if (group.fan === "right") {
    const first = Math.max(0, total - (group.role === "waste" ? WASTE_SHOWN : sizes.shownRight[group.name]));
    for (let index = first; index < total; index++) {
      const card = face(index);
      card.style.left = `${(index - first) * sizes.right}px`;
      shown.append(card, " ");
    }
    // A row keeps the room of the most cards it shows (a waste its three): nothing beside it moves.
    const room = (group.role === "waste" ? WASTE_SHOWN : Math.min(sizes.shownRight[group.name], group.room.most)) - 1;
    shown.style.width = `calc(var(--card-w) + ${Math.max(room, 0) * sizes.right}px)`;
    if (first) shown.append(element("span", "count", String(total)));
  } else if (total) {
    shown.append(face(total - 1), " ");
    if (total > 1) shown.append(element("span", "count", String(total)));
  }
  if (page.table.moves.some((move) => !byHand(move) && (move.source === pile.name || move.target === pile.name))) {
    shown.classList.add("clickable");
  }
  shown.setAttribute("aria-label", pileLabel(group, pile, shownText(shown)));
  return shown;
}

// The corner marks of the cards a pile shows, as they read from left to right and top to bottom
// ("K♠ Q♥"): its name holds them, so that what a player sees is what a voice control can say.
// (The drawing keeps a space between its cards, so that the page's own text reads the same.)
function shownText(shown) {
  return [...shown.querySelectorAll(".corner")].map((corner) => corner.textContent).join(" ");
}

// What a screen reader says of a pile: where it is, and the cards that show.
function pileLabel(group, pile, seen) {
  const where = pileWords(pile.name).replace(/^the /, "");
  const total = size(pile);
  if (!total) return `${where}: empty${pile.takes ? `, takes ${pile.takes}` : ""}`;
  const parts = [seen, `${total} card${total === 1 ? "" : "s"}`].filter(Boolean);
  if (pile.down && pile.cards.length) parts.push(`${pile.down} face down`);
  if (pile.cards.length) {
    const showing = group.fan === "down" ? pile.cards.map(cardWords).join(", ") : cardWords(pile.cards.at(-1));
    parts.push(`${group.fan === "down" ? "face up" : "top"}: ${showing}`);
  } else {
    parts.push("face down");
  }
  if (pile.blocked) parts.push("blocked");
  return `${where}: ${parts.join("; ")}`;
}

function cardElement(card) {
  const made = element("div", `card ${card.red ? "red" : "black"}`);
  made.dataset.card = card.text;
  made.dataset.suit = card.suit;  // for the four-colour deck
  made.setAttribute("aria-hidden", "true");  // the pile's label says the cards
  const corner = element("span", "corner");
  corner.append(element("span", "rank", card.rank), element("span", "suit", card.suit));
  made.append(corner, element("span", "pip", card.suit));
  return made;
}

// Lays out the columns' cards: fanned down as far as the window lets them, then squeezed
// (the rows below a column keep their room).
function fanColumns(rows) {
  const under = underTable();
  const below = rows.map((_, index) => rows.slice(index + 1).reduce((sum, row) => sum + row.offsetHeight + 10, under));
  rows.forEach((row, index) => {
    for (const holder of row.querySelectorAll(".group")) {
      const group = page.groupOf[holder.querySelector(".pile")?.dataset.pile];
      if (group?.fan === "down") fanGroup(holder, group, below[index]);
    }
  });
}

// Lays out one group's columns, each line of them given an even share of the height left (none
// where the window has none: the columns then squeeze as far as they may, and the page scrolls).
// Each line keeps the room its longest column may come to need, so that nothing below it moves.
function fanGroup(holder, group, below) {
  const lines = Math.ceil(group.piles.length / sizes.across[group.name]);
  const top = holder.querySelector(".pile").getBoundingClientRect().top + window.scrollY;
  const share = (window.innerHeight - below - top - 10) / lines;
  const room = Math.max(0, share - sizes.height - 10);
  const longest = group.room.down * sizes.down + Math.max(0, group.room.most - group.room.down - 1) * sizes.up;
  const line = `${sizes.height + Math.min(room, longest)}px`;
  const piles = holder.querySelector(".piles");
  piles.style.minHeight = line;
  piles.style.gridAutoRows = `minmax(${line}, auto)`;
  for (const shown of holder.querySelectorAll(".pile.fan-down")) {
    const pile = page.pileOf[shown.dataset.pile];
    const steps = columnSteps(pile, sizes, room);
    if (steps.up < sizes.up) shown.style.setProperty("--rank", `${rankFor(steps.up, sizes)}px`);
    let offset = 0;
    for (const card of shown.querySelectorAll(".card")) {
      card.style.top = `${offset}px`;
      offset += Number(card.dataset.index) < pile.down ? steps.down : steps.up;
    }
    const last = shown.querySelector(".card:last-of-type");
    shown.style.height = `${sizes.height + (last ? parseFloat(last.style.top) : 0)}px`;
  }
}

// One pile of the table takes the Tab key; the arrow keys move from it to the others.
export function setFocusable(name) {
  const target = (name && pileElement(name)) || $("table").querySelector(".pile");
  if (!target) return;
  for (const shown of $("table").querySelectorAll(".pile[tabindex='0']")) shown.tabIndex = -1;
  target.tabIndex = 0;
  page.focus = target.dataset.pile;
}

// Marks the selected cards and the piles they (or a pending action) can go to.
export function highlight() {
  const table = $("table");
  for (const marked of table.querySelectorAll(".selected, .target, .hinted")) marked.classList.remove("selected", "target", "hinted");
  for (const pressed of table.querySelectorAll("[aria-pressed]")) pressed.removeAttribute("aria-pressed");
  let targets = [];
  if (page.selected) {
    const { pile, count } = page.selected;
    const from = size(page.pileOf[pile]) - count;
    for (const card of table.querySelectorAll(`.card[data-pile="${CSS.escape(pile)}"]`)) {
      if (Number(card.dataset.index) === from) card.classList.add("selected");
    }
    pileElement(pile)?.setAttribute("aria-pressed", "true");
    targets = movesFrom(pile, count).map((move) => move.target);
  } else if (page.pending) {
    targets = page.table.moves.filter((move) => move.action === page.pending).map((move) => move.source);
  }
  for (const name of targets) pileElement(name)?.classList.add("target");
  if (page.hint) {
    const { source, target, count, action } = page.hint;
    const from = size(page.pileOf[source]) - count;
    const cards = [...table.querySelectorAll(`.card[data-pile="${CSS.escape(source)}"]`)];
    const moving = action ? cards.slice(-1) : cards.filter((card) => Number(card.dataset.index) >= from);
    for (const card of moving) card.classList.add("hinted");
    if (!moving.length) pileElement(source)?.classList.add("hinted");
    if (target) pileElement(target)?.classList.add("hinted");
  }
}
