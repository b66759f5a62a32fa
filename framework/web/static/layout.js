// How big the cards are: the game's layout rows, measured in card widths, made to fit the
// window from a 360 px phone to a 2560 px screen. Sizes are CSS variables on the table, so
// the style sheet draws everything from them.
//
// A group too long for the screen may be laid out in lines: its piles side by side in
// several lines (a tableau of 24 columns as two lines of 12), or its rows fanned right side
// by side (18 fans as three columns of six). That is chosen once per game and window size,
// only where one line would shrink the cards below a comfortable size, or for rows fanned
// right, where side by side gives wider cards; so the table does not rearrange itself
// during play.

import { $ } from "./page.js";

const RATIO = 1.4;                 // a card's height over its width
const PILE_GAP = 0.1;              // between the piles of a group, in card widths
const GROUP_GAP = 0.35;            // between the groups of a row
const GRID_GAP = 0.06;             // between the cells of a grid
const FAN_RIGHT = 0.3;             // of a card left showing in a row fanned right
const ROWS_OVERLAP = 0.55;         // how much of a card the next of centred rows covers
const FAN_DOWN_ROOM = 1.7;         // card heights a fanned column is given before it squeezes
export const WASTE_SHOWN = 3;      // a waste fanned right shows its top three cards
const MOST_FANNED_RIGHT = 13;      // a longer row fanned right shows its top cards, and their count
const MIN_WIDTH = 24;              // px: below this, the table scrolls instead
const MOST_COSTS = 0.2;            // of the card width, at most, that room for the longest columns may take
const COMFORTABLE = 40;            // px: a narrower card makes a long group try lines
const NARROW = 36;                 // px: a narrower card shows its suit under its rank
const MAX_WIDTH = 150;             // px: a big screen gets big cards, not giant ones
const MIN_RANK = 12;               // px: a rank stays readable
const UP_LEAST = Math.ceil(MIN_RANK * 1.15) + 3;  // px of a face-up card a squeezed column shows: its rank
const DOWN_LEAST = 3;              // px of a face-down card a squeezed column shows
const LABEL = 18;                  // px: a group's name over it
const TABLE_MARGIN = 6;            // px: the table's own margin in the page

const chosen = new Map();  // "game width×height" -> {group name: piles side by side}

// How many cards a row fanned right is sized for: a waste its three, another row its deal (it
// shows more, with their count, as far as the room the layout leaves it holds).
function shownInRow(group) {
  return group.role === "waste" ? WASTE_SHOWN : Math.min(MOST_FANNED_RIGHT, Math.max(1, group.room.dealt));
}

// The px a column of the group needs below its top card, squeezed as far as it may be, holding
// the most cards the game gives it room for (`plan` "most") or those of its deal ("dealt"):
// never the cards it holds now, so that the layout stays put.
function leastFan(group, plan) {
  return squeezed(group.room.down, group.room[plan] - group.room.down);
}

// The px below its top card of a column of `down` face-down and `up` face-up cards, squeezed as far as it may be.
function squeezed(down, up) {
  return down * DOWN_LEAST + Math.max(0, up - 1) * UP_LEAST;
}

function side(piles, gap = PILE_GAP) {
  return piles + (piles - 1) * gap;
}

// A group's size with `across` piles side by side: its width in card widths (and the cards
// fanned right across it), its height in card widths, and its fanned columns' lines.
function groupUnits(group, across, plan = "most") {
  const count = group.piles.length;
  const longest = shownInRow(group);
  const fan = group.fan === "down" ? leastFan(group, plan) : 0;
  if (group.rows_of) {
    const rows = group.rows_of.length;
    return { wide: side(Math.max(...group.rows_of)), spread: 0, tall: RATIO * (1 + (1 - ROWS_OVERLAP) * (rows - 1)),
      lines: 0, fan };
  }
  const gap = group.columns ? GRID_GAP : PILE_GAP;
  const lines = group.shownRows ?? Math.ceil(count / across);
  return {
    wide: side(across, gap),
    spread: group.fan === "right" ? across * (longest - 1) : 0,
    tall: group.fan === "down" ? 0 : lines * RATIO + (lines - 1) * gap,
    lines: group.fan === "down" ? lines : 0,
    fan,
  };
}

// The piles side by side each group may have: a grid's columns, a row of piles or columns in
// one line, rows fanned right one above the other; and, for a long group, its other lines.
function choices(group) {
  const count = group.piles.length;
  if (group.columns && group.fan !== "right") return [group.columns];  // a grid's places are part of its rules
  if (group.rows_of) return [0];
  const first = group.columns || (group.fan === "right" ? 1 : count);
  const others = new Set();
  for (let lines = 1; lines <= count; lines++) others.add(Math.ceil(count / lines));  // lines as even as can be
  others.delete(first);
  return [first, ...others];
}

function rankAt(width) {
  return Math.max(MIN_RANK, Math.min(26, Math.round(width * 0.27)));
}

// Of a card left showing in a row fanned right: a share of the card, and never less than its rank and suit.
function rightStep(width) {
  return Math.max(Math.round(width * FAN_RIGHT), Math.ceil(rankAt(width) * 2.2));
}

// The widest card (in px) with which the layout fits `room`, each group with `across[name]` piles side by side
// and its columns as long as `plan` says.
function widest(game, groups, across, room, plan) {
  const rows = game.layout.map((row) => {
    const sizes = row.map((name) => groupUnits(groups[name], across[name], plan));
    return {
      wide: sizes.reduce((sum, one) => sum + one.wide, 0) + GROUP_GAP * (sizes.length - 1),
      spread: sizes.reduce((sum, one) => sum + one.spread, 0),
      sizes,
    };
  });
  const widthAt = (width) => Math.max(...rows.map((row) => row.wide * width + row.spread * rightStep(width)));
  const groupHeight = (one, width) => Math.max(one.tall * width,
    one.lines * (RATIO * width + Math.max((FAN_DOWN_ROOM - 1) * RATIO * width, one.fan)));
  const heightAt = (width) => rows.reduce(
    (sum, row) => sum + LABEL + 10 + Math.max(...row.sizes.map((one) => groupHeight(one, width))), 0);
  let width = MAX_WIDTH;
  while (width > MIN_WIDTH && (widthAt(width) > room.width || heightAt(width) > room.height)) width -= 1;
  const sideways = rows.reduce((sum, row) => sum + Math.max(0, row.wide * width + row.spread * rightStep(width)
    - room.width), 0);
  return width - sideways / room.width;  // of layouts that overflow at the least width, the one that overflows least
}

// The widest card with which the layout fits `room` with every column as long as it may grow,
// unless that costs the cards more than a fifth of the width the columns as dealt would give
// them (and makes them narrower than is comfortable): then that much narrower (a column growing
// longer than its room then squeezes, and past that the page scrolls).
function planned(game, groups, across, room) {
  const most = widest(game, groups, across, room, "most");
  const dealt = widest(game, groups, across, room, "dealt");
  return Math.max(most, Math.min(dealt, Math.max(COMFORTABLE, dealt * (1 - MOST_COSTS))));
}

// How many cards each row fanned right shows: as many as the room its row leaves it holds.
function fannedRight(game, groups, across, room, width) {
  const shown = {};
  for (const row of game.layout) {
    for (const name of row) {
      if (groups[name].fan !== "right" || groups[name].role === "waste") continue;
      const others = row.filter((other) => other !== name)
        .map((other) => groupUnits(groups[other], across[other]))
        .reduce((sum, one) => sum + (one.wide + GROUP_GAP) * width + one.spread * rightStep(width), 0);
      const perPile = (room.width - others) / across[name] - PILE_GAP * width;
      shown[name] = Math.max(WASTE_SHOWN, Math.min(MOST_FANNED_RIGHT, Math.floor((perPile - width) / rightStep(width)) + 1));
    }
  }
  return shown;
}

// How many piles side by side each group has in this window: one line each, unless that
// makes the cards narrower than is comfortable; then, group by group, the lines that give
// the widest cards. Rows fanned right are always set side by side where that gives wider
// cards: Beleaguered Castle's eight rows one above the other made a desktop's cards smaller
// than a tablet's.
function arrange(game, groups, room) {
  const grids = game.groups.map((group) => groups[group.name].shownRows ?? "").join(",");
  const key = `${game.id} ${room.width}×${room.height} ${grids}`;
  if (chosen.has(key)) return chosen.get(key);
  const across = Object.fromEntries(game.groups.map((group) => [group.name, choices(group)[0]]));
  const narrow = planned(game, groups, across, room) < COMFORTABLE;
  for (const group of game.groups.filter((one) => narrow || one.fan === "right")) {
    let best = planned(game, groups, across, room);
    for (const option of choices(group).slice(1)) {
      const tried = planned(game, groups, { ...across, [group.name]: option }, room);
      if (tried > best) [best, across[group.name]] = [tried, option];
    }
  }
  chosen.set(key, across);
  return across;
}

// The px of the page under the table (its margin, the footer): the table leaves it room in the window.
export function underTable() {
  return document.body.getBoundingClientRect().bottom - $("table").getBoundingClientRect().bottom;
}

// The card width that fits the table in the space under the toolbar, a grid sized for the rows it
// shows (`gridRows`: a grid grows, and its cards may shrink, only when a row is added), and the sizes that follow:
// as wide as the widest row lets it be, then smaller until the rows fit the height too (a
// column may squeeze its fan down to the ranks of its cards).
export function fit(game, gridRows) {
  const table = $("table");
  const groups = Object.fromEntries(game.groups.map((group) => [group.name, { ...group, shownRows: gridRows[group.name] }]));
  const holder = getComputedStyle(table.parentElement);
  const inside = table.parentElement.clientWidth - parseFloat(holder.paddingLeft) - parseFloat(holder.paddingRight);
  const room = { width: inside - 2 * TABLE_MARGIN, height: window.innerHeight - table.getBoundingClientRect().top - 8 - underTable() };
  const across = arrange(game, groups, room);
  const width = Math.ceil(planned(game, groups, across, room));
  const height = Math.round(width * RATIO);
  const rank = rankAt(width);
  const style = table.style;
  style.setProperty("--card-w", `${width}px`);
  style.setProperty("--card-h", `${height}px`);
  style.setProperty("--rank", `${rank}px`);
  style.setProperty("--pip", `${Math.round(width * 0.48)}px`);
  style.setProperty("--gap", `${Math.max(3, Math.round(width * PILE_GAP))}px`);
  style.setProperty("--group-gap", `${Math.max(8, Math.round(width * GROUP_GAP))}px`);
  style.setProperty("--grid-gap", `${Math.max(2, Math.round(width * GRID_GAP))}px`);
  table.classList.toggle("narrow", width < NARROW);  // a corner too narrow for "10♥" in one line: the suit goes under
  return {
    width,
    height,
    rank,
    up: Math.max(UP_LEAST, Math.round(height * 0.26)),  // of a face-up card left showing in a column
    down: Math.max(4, Math.round(height * 0.1)),
    right: rightStep(width),
    across,
    shownRight: fannedRight(game, groups, across, room, width),
  };
}

// The rank size that shows whole in a column step of `step` px.
export function rankFor(step, sizes) {
  return Math.max(MIN_RANK, Math.min(sizes.rank, Math.floor((step - 3) / 1.15)));
}

// The steps of a column that fits in `room` px below its top card, squeezed evenly down to
// the least steps that keep each rank readable (a longer column then makes the page scroll).
export function columnSteps(pile, sizes, room) {
  const natural = (pile.down * sizes.down) + Math.max(0, pile.cards.length - 1) * sizes.up;
  const least = squeezed(pile.down, pile.cards.length);
  if (natural <= room) return { down: sizes.down, up: sizes.up };
  if (least >= room) return { down: DOWN_LEAST, up: UP_LEAST };
  const squeeze = (room - least) / (natural - least);
  return { down: DOWN_LEAST + (sizes.down - DOWN_LEAST) * squeeze, up: UP_LEAST + (sizes.up - UP_LEAST) * squeeze };
}
