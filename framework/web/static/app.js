// The web player's page: draws any game from its layout hint and its state, and plays it
// through the JSON API. It knows no game: everything comes from /api/games/{game} (the
// groups and how to draw them) and from the table the API sends after each request
// (the piles, the legal moves, the result).

const FAN_DOWN = 24;         // px of a face-up card left showing in a column
const FAN_DOWN_HIDDEN = 10;  // the same for a face-down card
const FAN_DOWN_ROOM = 380;   // a longer column is squeezed into this height
const FAN_RIGHT = 24;        // px of a card left showing in a row
const DRAG_START = 5;        // px the pointer must travel before a press becomes a drag

const $ = (id) => document.getElementById(id);

const page = {
  game: null,      // the game's description (GET /api/games/{game})
  table: null,     // the game in play (the API's table view)
  groupOf: {},     // pile name -> its group
  pileOf: {},      // pile name -> the pile in the table view
  selected: null,  // {pile, count}: the cards picked up by a click
  pending: null,   // an action waiting for the card it applies to
  hint: null,      // the move the last hint suggested, shown until the next change
};

// --- talking to the server ------------------------------------------------------------------

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ detail: response.statusText }));
  if (!response.ok) throw new Error(data.detail || `${response.status} ${response.statusText}`);
  return data;
}

function sessionPath(suffix = "") {
  return `/api/sessions/${encodeURIComponent(page.table.session)}${suffix}`;
}

// One thing at a time: a click, a drop or a key waits for the request before it.
let queue = Promise.resolve();
function act(task) {
  queue = queue.then(task).catch((error) => say(error.message, true));
  return queue;
}

function say(text, error = false) {
  const message = $("message");
  message.textContent = text;
  message.classList.toggle("error", error);
}

// --- the game in play -------------------------------------------------------------------------

async function show(table, note = "") {
  if (!page.game || page.game.id !== table.game) {
    page.game = await api("GET", `/api/games/${encodeURIComponent(table.game)}`);
    page.groupOf = {};
    for (const group of page.game.groups) for (const pile of group.piles) page.groupOf[pile] = group;
    $("rules").textContent = page.game.rules;
  }
  if (page.table?.session !== table.session) $("game-choice").value = table.game; // not while the player chooses
  page.table = table;
  page.pileOf = Object.fromEntries(table.piles.map((pile) => [pile.name, pile]));
  page.selected = null;
  page.pending = null;
  page.hint = null;
  history.replaceState(null, "", `#session=${encodeURIComponent(table.session)}`);
  document.body.dataset.game = table.game;
  document.body.dataset.movesMade = table.moves_made;
  draw();
  showControls();
  say(note);
}

function showControls() {
  const table = page.table;
  $("autoplay").checked = table.autoplay;
  $("info").textContent = `${page.game.name} — deal ${table.seed ?? "(no number)"} — ${table.moves_made} move${table.moves_made === 1 ? "" : "s"} made`;
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
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = action;
    button.textContent = moves.length === 1 ? action : `${action}…`;
    button.title = moves.length === 1 ? moves[0].text : `${action}: choose the card`;
    button.addEventListener("click", () => act(() => startAction(action, moves)));
    actions.append(button);
  }
}

function played(prefix, texts) {
  return texts.length ? `${prefix}: ${texts.join(", ")}` : "";
}

async function request(method, suffix, describe, body) {
  const table = await api(method, sessionPath(suffix), body);
  await show(table, describe(table.played));
}

const play = (text) => request("POST", "/moves", (done) => [played("Played", done.slice(0, 1)), played("auto-play", done.slice(1))].filter(Boolean).join("; "), { move: text });
const undo = () => request("POST", "/undo", (done) => played("Undone", done));
const redo = () => request("POST", "/redo", (done) => played("Redone", done));
const restart = () => request("POST", "/restart", () => "Back to the deal.");
const autoplayNow = () => request("POST", "/autoplay", (done) => played("Auto-play", done) || "No move to the foundations is safe now.");

async function newGame(game, seed) {
  const body = { game, autoplay: $("autoplay").checked };
  if (seed !== "") body.seed = Number.isFinite(Number(seed)) ? Number(seed) : seed; // the server says what is wrong
  const table = await api("POST", "/api/sessions", body);
  await show(table, played("Auto-play", table.played));
}

async function showHint() {
  say("Thinking…");
  const found = await api("GET", sessionPath("/hint"));
  page.selected = null;
  page.pending = null;
  page.hint = found.move;
  highlight();
  say(found.message);
}

async function startAction(action, moves) {
  if (moves.length === 1) return play(moves[0].text);
  page.selected = null;
  page.pending = action;
  highlight();
  say(`${action}: click the card (${moves.length} can be chosen), or press Esc.`);
}

// --- which cards move where -------------------------------------------------------------------

// A move the hand makes: cards taken from a pile on the table to another pile. The stock's
// actions (deal, fill, …) are made by clicking the stock or a button instead.
function byHand(move) {
  return move.source && move.target && page.groupOf[move.source].role !== "stock" && (!move.action || move.count === 1);
}

// Two cards that leave together (a pair, written as its two piles) may be taken either way round.
function isPair(move) {
  return Boolean(move.action) && move.text === `${move.source} ${move.target}`;
}

function movesFrom(pile, count) {
  const own = page.table.moves.filter((move) => byHand(move) && move.source === pile && move.count === count);
  const other = count !== 1 ? [] : page.table.moves
    .filter((move) => isPair(move) && move.target === pile && page.groupOf[move.target].role !== "stock")
    .map((move) => ({ ...move, source: move.target, target: move.source }));
  return own.concat(other);
}

function moveTo(from, target) {
  const moves = movesFrom(from.pile, from.count).filter((move) => move.target === target);
  return moves.find((move) => !move.action) || moves[0];
}

function freePiles() {
  const moves = page.table.moves;
  const pairs = moves.filter(isPair);
  return new Set([...moves.filter((move) => !move.action).map((move) => move.source),
    ...pairs.map((move) => move.source), ...pairs.map((move) => move.target)]);
}

function size(pile) {
  return pile.down + pile.cards.length;
}

// --- drawing ----------------------------------------------------------------------------------

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function draw() {
  const free = freePiles();
  const rows = page.game.layout.map((names) => {
    const row = element("div", "layout-row");
    for (const name of names) row.append(drawGroup(page.game.groups.find((group) => group.name === name), free));
    return row;
  });
  $("table").replaceChildren(...rows);
  highlight();
}

function drawGroup(group, free) {
  const box = element("div", "group");
  box.dataset.group = group.name;
  box.append(element("div", "group-name", group.name));
  let holder;
  let names = group.piles;
  let ahead = new Set();
  if (group.columns) {
    holder = element("div", "grid");
    holder.style.gridTemplateColumns = `repeat(${group.columns}, var(--card-w))`;
    const cells = gridCells(group);
    names = names.slice(0, cells.shown);
    ahead = new Set(names.slice(cells.dealt));
  } else if (group.rows_of) {
    holder = element("div", "rows");
    let start = 0;
    for (const length of group.rows_of) {
      const row = element("div", "row");
      for (const name of names.slice(start, start + length)) row.append(drawPile(group, page.pileOf[name], free));
      holder.append(row);
      start += length;
    }
    box.append(holder);
    return box;
  } else {
    holder = element("div", "piles");
    if (group.fan === "right") holder.style.flexDirection = "column";
  }
  for (const name of names) {
    const drawn = drawPile(group, page.pileOf[name], free);
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

function drawPile(group, pile, free) {
  const shown = element("div", group.fan ? `pile fan-${group.fan}` : "pile");
  shown.dataset.pile = pile.name;
  shown.title = pile.name;
  const total = size(pile);
  if (!total) {
    shown.classList.add(group.columns ? "gap" : "empty");
    const suit = group.suits ? group.suits[group.piles.indexOf(pile.name)] : "";
    shown.append(element("span", "empty-mark", suit));
  }
  const blocked = group.columns && !free.has(pile.name);
  const face = (index) => {
    const made = index < pile.down ? element("div", "card back") : cardElement(pile.cards[index - pile.down]);
    made.dataset.pile = pile.name;
    made.dataset.index = index;
    if (index >= pile.down && movesFrom(pile.name, total - index).length) made.classList.add("movable");
    if (blocked && index >= pile.down) made.classList.add("blocked");
    return made;
  };
  if (group.fan === "down") {
    const step = (index) => (index < pile.down ? FAN_DOWN_HIDDEN : FAN_DOWN);
    let height = 0;
    for (let index = 0; index < total - 1; index++) height += step(index);
    const squeeze = height > FAN_DOWN_ROOM ? FAN_DOWN_ROOM / height : 1;
    let top = 0;
    for (let index = 0; index < total; index++) {
      const card = face(index);
      card.style.top = `${top}px`;
      shown.append(card);
      top += step(index) * squeeze;
    }
    shown.style.height = `calc(var(--card-h) + ${Math.min(height, FAN_DOWN_ROOM)}px)`;
  } else if (group.fan === "right") {
    for (let index = 0; index < total; index++) {
      const card = face(index);
      card.style.left = `${index * FAN_RIGHT}px`;
      shown.append(card);
    }
    shown.style.width = `calc(var(--card-w) + ${Math.max(total - 1, 0) * FAN_RIGHT}px)`;
  } else if (total) {
    shown.append(face(total - 1));
    if (total > 1) shown.append(element("span", "count", String(total)));
  }
  if (page.table.moves.some((move) => !byHand(move) && (move.source === pile.name || move.target === pile.name))) {
    shown.classList.add("clickable");
  }
  return shown;
}

function cardElement(card) {
  const made = element("div", `card ${card.red ? "red" : "black"}`);
  made.dataset.card = card.text;
  made.setAttribute("aria-label", `${card.rank}${card.suit}`);
  const corner = element("span", "corner");
  corner.append(element("span", "rank", card.rank), element("span", "suit", card.suit));
  made.append(corner, element("span", "pip", card.suit));
  return made;
}

// Marks the selected cards and the piles they (or a pending action) can go to.
function highlight() {
  const table = $("table");
  for (const marked of table.querySelectorAll(".selected, .target, .hinted")) marked.classList.remove("selected", "target", "hinted");
  let targets = [];
  if (page.selected) {
    const { pile, count } = page.selected;
    const from = size(page.pileOf[pile]) - count;
    for (const card of table.querySelectorAll(`.card[data-pile="${CSS.escape(pile)}"]`)) {
      if (Number(card.dataset.index) === from) card.classList.add("selected");
    }
    targets = movesFrom(pile, count).map((move) => move.target);
  } else if (page.pending) {
    targets = page.table.moves.filter((move) => move.action === page.pending).map((move) => move.source);
  }
  for (const name of targets) table.querySelector(`.pile[data-pile="${CSS.escape(name)}"]`)?.classList.add("target");
  if (page.hint) {
    const { source, target, count, action } = page.hint;
    const from = size(page.pileOf[source]) - count;
    const cards = [...table.querySelectorAll(`.card[data-pile="${CSS.escape(source)}"]`)];
    const moving = action ? cards.slice(-1) : cards.filter((card) => Number(card.dataset.index) >= from);
    for (const card of moving) card.classList.add("hinted");
    if (!moving.length) table.querySelector(`.pile[data-pile="${CSS.escape(source)}"]`)?.classList.add("hinted");
    if (target) table.querySelector(`.pile[data-pile="${CSS.escape(target)}"]`)?.classList.add("hinted");
  }
}

// --- the hand: clicks, double-clicks, drags ---------------------------------------------------

function placeOf(target) {
  const card = target.closest(".card[data-pile]");
  const pile = target.closest(".pile[data-pile]");
  if (!pile) return null;
  const view = page.pileOf[pile.dataset.pile];
  const index = card ? Number(card.dataset.index) : null;
  return { pile: view.name, count: index === null ? null : size(view) - index, card };
}

async function clickAt(place) {
  const moves = page.table.moves;
  if (page.pending) {
    const move = moves.find((candidate) => candidate.action === page.pending && candidate.source === place.pile);
    page.pending = null;
    if (move) return play(move.text);
    highlight();
    return say("Nothing chosen.");
  }
  if (page.selected) {
    const move = moveTo(page.selected, place.pile);
    if (move) return play(move.text);
    const again = page.selected.pile === place.pile && page.selected.count === place.count;
    page.selected = null;
    if (again) return highlight();
  }
  if (place.count !== null && movesFrom(place.pile, place.count).length) {
    page.selected = { pile: place.pile, count: place.count };
    highlight();
    return say("");
  }
  const actions = moves.filter((move) => !byHand(move) && (move.source === place.pile || move.target === place.pile));
  highlight();
  if (new Set(actions.map((move) => move.text)).size === 1) return play(actions[0].text);
  if (place.card && !place.card.classList.contains("back")) say(`${place.card.getAttribute("aria-label")} cannot move now.`);
}

async function sendHome(place) {
  const move = movesFrom(place.pile, place.count).find((candidate) => !candidate.action && page.groupOf[candidate.target].role === "foundation");
  if (move) return play(move.text);
  say(`No foundation takes ${place.card.getAttribute("aria-label")} now.`);
}

let drag = null;         // the press that may become a drag
let skipClick = false;   // the click that ends a drag is not a click

function startDrag(event) {
  const place = placeOf(event.target);
  if (event.button !== 0 || !place?.card?.classList.contains("movable")) return;
  drag = { place, x: event.clientX, y: event.clientY, ghost: null };
}

function moveDrag(event) {
  if (!drag) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.ghost) {
    if (Math.hypot(dx, dy) < DRAG_START) return;
    page.pending = null;
    page.selected = { pile: drag.place.pile, count: drag.place.count };
    highlight();
    drag.ghost = ghostOf(drag.place);
    document.body.append(drag.ghost);
  }
  drag.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
}

// The picked-up cards, copied where they lie, to follow the pointer.
function ghostOf(place) {
  const ghost = element("div", "ghost");
  const from = size(page.pileOf[place.pile]) - place.count;
  const cards = [...$("table").querySelectorAll(`.card[data-pile="${CSS.escape(place.pile)}"]`)].filter((card) => Number(card.dataset.index) >= from);
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

function endDrag(event) {
  if (!drag) return;
  const { place, ghost } = drag;
  drag = null;
  if (!ghost) return; // a press without a drag: the click handler deals with it
  ghost.remove();
  skipClick = true;
  setTimeout(() => { skipClick = false; }, 0);
  const under = document.elementFromPoint(event.clientX, event.clientY)?.closest(".pile[data-pile]");
  const move = under ? moveTo(place, under.dataset.pile) : undefined;
  act(async () => {
    if (move) return play(move.text);
    page.selected = null;
    draw();
    if (under && under.dataset.pile !== place.pile) say(`${place.card.getAttribute("aria-label")} cannot go there.`);
  });
}

function wireTable() {
  const table = $("table");
  table.addEventListener("pointerdown", startDrag);
  document.addEventListener("pointermove", moveDrag);
  document.addEventListener("pointerup", endDrag);
  table.addEventListener("click", (event) => {
    const place = placeOf(event.target);
    if (skipClick || !place) return;
    act(() => clickAt(place));
  });
  table.addEventListener("dblclick", (event) => {
    const place = placeOf(event.target);
    if (place?.card && place.count !== null) act(() => sendHome(place));
  });
}

// --- the controls -----------------------------------------------------------------------------

function download(name, text) {
  const link = element("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

const KEYS = {
  u: () => undo(), y: () => redo(), a: () => autoplayNow(), r: () => restart(), h: () => showHint(),
};

function wireControls() {
  $("new-game").addEventListener("submit", (event) => {
    event.preventDefault();
    act(() => newGame($("game-choice").value, $("seed").value.trim()));
  });
  $("undo").addEventListener("click", () => act(undo));
  $("redo").addEventListener("click", () => act(redo));
  $("restart").addEventListener("click", () => act(restart));
  $("autoplay-now").addEventListener("click", () => act(autoplayNow));
  $("hint").addEventListener("click", () => act(showHint));
  $("autoplay").addEventListener("change", () => act(() => request("PATCH", "", () => "", { autoplay: $("autoplay").checked })));
  $("save").addEventListener("click", () => act(async () => {
    const saved = await api("GET", sessionPath("/save"));
    download(`${page.table.game}-${page.table.seed ?? "game"}.json`, JSON.stringify(saved, null, 1));
    say("Saved.");
  }));
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
    if (event.key === "Escape") {
      page.selected = null;
      page.pending = null;
      page.hint = null;
      return highlight();
    }
    if (event.target.closest("input, select, textarea") || event.altKey || event.metaKey) return;
    let key = event.key.toLowerCase();
    if (event.ctrlKey) key = { z: event.shiftKey ? "y" : "u", y: "y" }[key];
    else if (event.shiftKey) return;
    if (!KEYS[key] || !page.table) return;
    event.preventDefault();
    act(KEYS[key]);
  });
}

async function start() {
  wireTable();
  wireControls();
  const games = await api("GET", "/api/games");
  $("game-choice").replaceChildren(...games.map((game) => {
    const option = element("option", "", `${game.name} (${game.decks} deck${game.decks > 1 ? "s" : ""}${game.difficulty ? `, ${game.difficulty}` : ""})`);
    option.value = game.id;
    return option;
  }));
  const key = new URLSearchParams(location.hash.slice(1)).get("session");
  if (key) {
    try {
      return await show(await api("GET", `/api/sessions/${encodeURIComponent(key)}`));
    } catch {
      // the server no longer has that game: start a new one
    }
  }
  if (games.length) await newGame(games[0].id, "");
  else say("No game can be loaded: see `patience list`.", true);
}

act(start);
