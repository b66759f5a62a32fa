// The game picker: the games found as you type, by family, your favourites and recent games
// first; each game's summary and rules shown before it is dealt.

import { api } from "./api.js";
import { favourites, recentGames, toggleFavourite } from "./memory.js";
import { $, element, openDialog, paragraphs } from "./page.js";

const SHOWN_RECENT = 6;
let games = [];      // the API's list: {id, name, decks, difficulty, family, summary}
let chosen = null;   // the game whose rules are shown
let onDeal = null;   // what dealing the chosen game does

// Every word typed is in the game's name, id, family or summary.
function matches(game, words) {
  const text = `${game.name} ${game.id} ${game.family ?? ""} ${game.summary}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

function gameLine(game) {
  const item = element("li", "pick-line");
  const pick = element("button", "pick", game.name);
  pick.type = "button";
  pick.dataset.game = game.id;
  pick.setAttribute("aria-pressed", String(game.id === chosen?.id));
  const kept = favourites().includes(game.id);
  const star = element("button", "star", kept ? "★" : "☆");
  star.type = "button";
  star.dataset.star = game.id;
  star.setAttribute("aria-pressed", String(kept));
  star.setAttribute("aria-label", `favourite: ${game.name}`);
  star.title = kept ? "Take it off your favourites" : "Keep it among your favourites";
  item.append(pick, star);
  return item;
}

function section(title, list) {
  if (!list.length) return [];
  const heading = element("h3", "pick-family", `${title} (${list.length})`);
  const lines = element("ul", "pick-list");
  lines.append(...list.map(gameLine));
  return [heading, lines];
}

function byFamily(list) {
  const families = new Map();
  for (const game of list) {
    const family = game.family ?? "Other games";
    families.set(family, [...(families.get(family) || []), game]);
  }
  return [...families].sort(([a], [b]) => a.localeCompare(b));
}

function drawList() {
  const words = $("picker-search").value.toLowerCase().split(/\s+/).filter(Boolean);
  const found = games.filter((game) => matches(game, words));
  const byId = new Map(games.map((game) => [game.id, game]));
  const known = (ids) => ids.map((id) => byId.get(id)).filter(Boolean);
  const parts = words.length
    ? section("Found", found)
    : [...section("Favourites", known(favourites())), ...section("Recent", known(recentGames()).slice(0, SHOWN_RECENT)),
      ...byFamily(found).flatMap(([family, list]) => section(family, list))];
  $("picker-list").replaceChildren(...parts);
  $("picker-count").textContent = words.length ? `${found.length} of ${games.length} games` : `${games.length} games`;
}

async function showGame(id) {
  chosen = games.find((game) => game.id === id);
  drawList();
  const pack = `${chosen.decks} deck${chosen.decks > 1 ? "s" : ""}${chosen.difficulty ? `, ${chosen.difficulty}` : ""}`;
  $("picker-name").textContent = chosen.name;
  $("picker-summary").textContent = [chosen.summary, `${chosen.family ?? "Other games"}; ${pack}.`].filter(Boolean).join(" ");
  $("picker-rules").replaceChildren(element("p", "", "…"));
  $("picker-deal").disabled = false;
  const description = await api("GET", `/api/games/${encodeURIComponent(id)}`);
  if (chosen?.id === id) $("picker-rules").replaceChildren(...paragraphs(description.rules).map((text) => element("p", "", text)));
}

export function setGames(list) {
  games = list;
  if ($("picker-dialog").open) drawList();
}

export function openPicker(current) {
  $("picker-search").value = "";
  chosen = null;
  $("picker-deal").disabled = true;
  $("picker-name").textContent = "Choose a game";
  $("picker-summary").textContent = "Type to search; ★ keeps a game among your favourites.";
  $("picker-rules").replaceChildren();
  drawList();
  openDialog("picker-dialog");
  if (current && games.some((game) => game.id === current)) showGame(current);
  $("picker-search").focus();
}

export function wirePicker(deal) {
  onDeal = deal;
  $("picker-search").addEventListener("input", drawList);
  $("picker-list").addEventListener("click", (event) => {
    const star = event.target.closest("button[data-star]");
    if (star) {
      toggleFavourite(star.dataset.star);
      drawList();
      return;
    }
    const pick = event.target.closest("button[data-game]");
    if (pick) showGame(pick.dataset.game);
  });
  $("picker-deal").addEventListener("click", () => {
    $("picker-dialog").close();
    if (chosen) onDeal(chosen.id);
  });
}
