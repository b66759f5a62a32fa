// How big the cards are: the game's layout rows, measured in card widths, made to fit the
// window from a 360 px phone to a 2560 px screen. Sizes are CSS variables on the table, so
// the style sheet draws everything from them.

import { $ } from "./page.js";

const RATIO = 1.4;          // a card's height over its width
const PILE_GAP = 0.1;              // between the piles of a group, in card widths
const GROUP_GAP = 0.35;            // between the groups of a row
const GRID_GAP = 0.06;             // between the cells of a grid
const FAN_RIGHT = 0.3;      // of a card left showing in a row fanned right
const ROWS_OVERLAP = 0.55;  // how much of a card the next of centred rows covers
const FAN_DOWN_ROOM = 1.7;         // card heights a fanned column is given before it squeezes
export const WASTE_SHOWN = 3;      // a waste fanned right shows its top three cards
const MIN_WIDTH = 24;              // px: below this, the table scrolls sideways instead
const MAX_WIDTH = 150;             // px: a big screen gets big cards, not giant ones
const MIN_RANK = 12;               // px: a rank stays readable
const UP_LEAST = Math.ceil(MIN_RANK * 1.15) + 3;  // px of a face-up card a squeezed column shows: its rank
const DOWN_LEAST = 3;              // px of a face-down card a squeezed column shows
const LABEL = 18;                  // px: a group's name over it
const TABLE_MARGIN = 6;            // px: the table's own margin in the page

// How many cards a pile fanned right is given room for: a waste always has room for its three.
function shownInRow(group, pile) {
  return group.role === "waste" ? WASTE_SHOWN : pile.down + pile.cards.length;
}

// A group's size in card widths: how wide and how tall it is drawn.
function groupUnits(group, pileOf) {
  const count = group.piles.length;
  const side = (piles) => piles + (piles - 1) * PILE_GAP;
  if (group.columns) {
    const rows = Math.ceil(count / group.columns);
    return { wide: group.columns + (group.columns - 1) * GRID_GAP, tall: rows * RATIO + (rows - 1) * GRID_GAP };
  }
  if (group.rows_of) {
    const rows = group.rows_of.length;
    return { wide: side(Math.max(...group.rows_of)), tall: RATIO * (1 + (1 - ROWS_OVERLAP) * (rows - 1)) };
  }
  if (group.fan === "right") {
    const longest = Math.max(1, ...group.piles.map((name) => shownInRow(group, pileOf[name])));
    return { wide: 1, spread: longest - 1, tall: count * RATIO + (count - 1) * PILE_GAP };
  }
  return { wide: side(count), tall: RATIO, fanned: group.fan === "down" };
}

// The px a column of `pile` needs below its top card, squeezed as far as it may be.
function leastFan(pile) {
  return pile.down * DOWN_LEAST + Math.max(0, pile.cards.length - 1) * UP_LEAST;
}

// The card width that fits the table in the space under the toolbar, and the sizes that follow:
// as wide as the widest row lets it be, then smaller until the rows fit the height too (a
// column may squeeze its fan down to the ranks of its cards).
export function fit(game, pileOf) {
  const table = $("table");
  const groups = Object.fromEntries(game.groups.map((group) => [group.name, group]));
  const rows = game.layout.map((row) => {
    const sizes = row.map((name) => groupUnits(groups[name], pileOf));
    const fans = row.filter((name) => groups[name].fan === "down")
      .flatMap((name) => groups[name].piles.map((pile) => leastFan(pileOf[pile])));
    return {
      wide: sizes.reduce((sum, one) => sum + one.wide, 0) + GROUP_GAP * (sizes.length - 1),
      spread: sizes.reduce((sum, one) => sum + (one.spread || 0), 0),
      tall: Math.max(...sizes.map((one) => one.tall)),
      fanned: sizes.some((one) => one.fanned),
      fan: Math.max(0, ...fans),
    };
  });
  const holder = getComputedStyle(table.parentElement);
  const inside = table.parentElement.clientWidth - parseFloat(holder.paddingLeft) - parseFloat(holder.paddingRight);
  const room = { width: inside - 2 * TABLE_MARGIN, height: window.innerHeight - table.getBoundingClientRect().top - 8 };
  const widthAt = (width) => Math.max(...rows.map((row) => row.wide * width + row.spread * rightStep(width)));
  const heightAt = (width) => rows.reduce((sum, row) => sum + LABEL + 10 + Math.max(row.tall * width,
    row.fanned ? RATIO * width + Math.max((FAN_DOWN_ROOM - 1) * RATIO * width, row.fan) : 0), 0);
  let width = MAX_WIDTH;
  while (width > MIN_WIDTH && (widthAt(width) > room.width || heightAt(width) > room.height)) width -= 1;
  const height = Math.round(width * RATIO);
  const rank = rankAt(width);
  const sizes = {
    width,
    height,
    rank,
    up: Math.round(height * 0.26),           // of a face-up card left showing in a column
    down: Math.max(4, Math.round(height * 0.1)),
    right: rightStep(width),
  };
  const style = table.style;
  style.setProperty("--card-w", `${width}px`);
  style.setProperty("--card-h", `${height}px`);
  style.setProperty("--rank", `${rank}px`);
  style.setProperty("--pip", `${Math.round(width * 0.48)}px`);
  style.setProperty("--gap", `${Math.max(3, Math.round(width * PILE_GAP))}px`);
  style.setProperty("--group-gap", `${Math.max(8, Math.round(width * GROUP_GAP))}px`);
  style.setProperty("--grid-gap", `${Math.max(2, Math.round(width * GRID_GAP))}px`);
  return sizes;
}

function rankAt(width) {
  return Math.max(MIN_RANK, Math.min(26, Math.round(width * 0.27)));
}

// Of a card left showing in a row fanned right: a share of the card, and never less than its rank and suit.
function rightStep(width) {
  return Math.max(Math.round(width * FAN_RIGHT), Math.ceil(rankAt(width) * 2.2));
}

// The rank size that shows whole in a column step of `step` px.
export function rankFor(step, sizes) {
  return Math.max(MIN_RANK, Math.min(sizes.rank, Math.floor((step - 3) / 1.15)));
}

// The steps of a column that fits in `room` px below its top card, squeezed evenly down to
// the least steps that keep each rank readable (a longer column then makes the page scroll).
export function columnSteps(pile, sizes, room) {
  const natural = (pile.down * sizes.down) + Math.max(0, pile.cards.length - 1) * sizes.up;
  const least = leastFan(pile);
  if (natural <= room) return { down: sizes.down, up: sizes.up };
  if (least >= room) return { down: DOWN_LEAST, up: UP_LEAST };
  const squeeze = (room - least) / (natural - least);
  return { down: DOWN_LEAST + (sizes.down - DOWN_LEAST) * squeeze, up: UP_LEAST + (sizes.up - UP_LEAST) * squeeze };
}
