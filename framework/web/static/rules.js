// Which cards move where: the legal moves the API sent, as the hand sees them.

import { page } from "./page.js";

// A move the hand makes: cards taken from a pile on the table to another pile. The stock's
// actions (deal, fill, …) are made by clicking the stock or a button instead.
export function byHand(move) {
  return move.source && move.target && page.groupOf[move.source].role !== "stock" && (!move.action || move.count === 1);
}

// Two cards that leave together (a pair, written as its two piles) may be taken either way round.
function isPair(move) {
  return Boolean(move.action) && move.text === `${move.source} ${move.target}`;
}

export function movesFrom(pile, count) {
  const own = page.table.moves.filter((move) => byHand(move) && move.source === pile && move.count === count);
  const other = count !== 1 ? [] : page.table.moves
    .filter((move) => isPair(move) && move.target === pile && page.groupOf[move.target].role !== "stock")
    .map((move) => ({ ...move, source: move.target, target: move.source }));
  return own.concat(other);
}

// How many cards may be picked up from `pile`, fewest first.
export function pickable(pile) {
  const counts = page.table.moves.filter((move) => byHand(move) && move.source === pile).map((move) => move.count);
  if (page.table.moves.some((move) => isPair(move) && move.target === pile)) counts.push(1);
  return [...new Set(counts)].sort((a, b) => a - b);
}

export function moveTo(from, target) {
  const moves = movesFrom(from.pile, from.count).filter((move) => move.target === target);
  return moves.find((move) => !move.action) || moves[0];
}

// The moves of a pile that the hand does not carry: turning the stock, an action on a card.
export function actionsAt(pile) {
  return page.table.moves.filter((move) => !byHand(move) && (move.source === pile || move.target === pile));
}

export function toFoundation(pile, count) {
  return movesFrom(pile, count).find((move) => !move.action && page.groupOf[move.target].role === "foundation");
}
