// What the browser keeps between visits: each game's statistics, the time spent on each
// game in play, and the last game (its key, and its saved form in case the server forgot it).
// Storage that is full or forbidden costs only the memory, never the game.

import { LAST } from "./first.js";

const STATS = "patience.stats";    // game id -> {played, won, streak, bestStreak, bestSeconds, bestMoves}
const PLAYS = "patience.plays";    // session key -> {game, counted, over, seconds}
const PLAYS_KEPT = 50;
const RECENT = "patience.recent";  // game ids, the last played first
const RECENT_KEPT = 12;
const FAVOURITES = "patience.favourites";  // game ids, in the order they were chosen

function read(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // full or forbidden: the game goes on without its memory
  }
}

function emptyStats() {
  return { played: 0, won: 0, streak: 0, bestStreak: 0, bestSeconds: null, bestMoves: null };
}

export function statistics() {
  return read(STATS, {});
}

export function forgetStatistics() {
  write(STATS, {});
}

function play(key) {
  return read(PLAYS, {})[key];
}

// Whether a game id is a draft's, dealt from the rule editor: played as any game, but never counted.
export function isDraft(game) {
  return String(game).startsWith("draft:");
}

// Whether this browser has shown the game in play of this key before.
export function seen(key) {
  return Boolean(play(key));
}

// The record of a game in play; a new one for a game first seen now.
function playOf(table) {
  return play(table.session) || { game: table.game, counted: false, over: false, seconds: 0, dealt: table.moves_made,
    auto: [], redoAuto: [] };
}

// What a turn did to auto-play's moves, turn by turn: [[...] taken back to redo, [...] in play].
const TURNS = {
  play: (record, moves) => record.auto.push(moves - 1),
  auto: (record, moves) => record.auto.push(moves),
  undo: (record) => record.redoAuto.push(record.auto.pop() ?? 0),
  redo: (record) => record.auto.push(record.redoAuto.pop() ?? 0),
  restart: (record) => record.redoAuto.push(...record.auto.splice(0).reverse()),
};

// Notes a turn of `kind` (play, auto, undo, redo, restart) that played or took back `moves` moves.
export function noteTurn(table, kind, moves) {
  const record = playOf(table);
  record.auto ??= [];  // a record kept before auto-play's moves were: its moves all the player's
  record.redoAuto ??= [];
  TURNS[kind](record, moves);
  keepPlay(table.session, record);
}

// The moves the player made (auto-play's left out).
export function ownMoves(table) {
  const auto = play(table.session)?.auto ?? [];
  return Math.max(0, table.moves_made - auto.reduce((sum, moves) => sum + moves, 0));
}

// A game kept here, loaded again from its saved form under a new key (the server had forgotten it):
// its record (counted or not, auto-play's moves, its time) goes on under the new key.
export function renamePlay(oldKey, newKey) {
  const plays = read(PLAYS, {});
  const record = plays[oldKey];
  if (!record) return;
  delete plays[oldKey];
  write(PLAYS, plays);
  keepPlay(newKey, record);
}

function keepPlay(key, record) {
  const plays = read(PLAYS, {});
  delete plays[key];
  plays[key] = record;  // the newest last, so the oldest go first
  const keys = Object.keys(plays);
  for (const old of keys.slice(0, Math.max(0, keys.length - PLAYS_KEPT))) delete plays[old];
  write(PLAYS, plays);
}

function changeStats(game, change) {
  if (isDraft(game)) return;  // a draft changes as it is written: its games say nothing of the player
  const stats = statistics();
  stats[game] = { ...emptyStats(), ...stats[game] };
  change(stats[game]);
  write(STATS, stats);
}

// A game counts as played from the player's first move (not auto-play's at the deal); a win
// or a loss is counted once.
// Returns true when this table is a win not counted before.
export function count(table) {
  const record = playOf(table);
  let won = false;
  if (!record.counted && table.moves_made > record.dealt) {
    record.counted = true;
    changeStats(table.game, (stats) => { stats.played += 1; });
  }
  if (record.counted && !record.over && table.result) {
    record.over = true;
    won = table.result === "won";
    changeStats(table.game, (stats) => {
      if (won) {
        stats.won += 1;
        stats.streak += 1;
        stats.bestStreak = Math.max(stats.bestStreak, stats.streak);
        stats.bestSeconds = Math.min(stats.bestSeconds ?? Infinity, Math.round(record.seconds));
        stats.bestMoves = Math.min(stats.bestMoves ?? Infinity, ownMoves(table));
      } else {
        stats.streak = 0;
      }
    });
  }
  keepPlay(table.session, record);
  return won;
}

// Whether leaving this game now would give it up: a move made, and not over.
export function underWay(table) {
  const record = play(table.session);
  return Boolean(record?.counted && !record.over && !table.result);
}

// The game is given up for another: a loss, as far as the streak goes.
export function giveUp(table) {
  const record = play(table.session);
  if (!record?.counted || record.over) return;
  record.over = true;
  record.streakBefore = statistics()[table.game]?.streak ?? 0;
  keepPlay(table.session, record);
  changeStats(table.game, (stats) => { stats.streak = 0; });
}

// A game given up for another comes back (Back, or its address): it was not lost after all, so
// its streak is given back, unless a game of it was counted since, and its end counts again.
export function takeBackGiveUp(table) {
  const record = play(table.session);
  if (record?.streakBefore === undefined || table.result) return;
  record.over = false;
  changeStats(table.game, (stats) => {
    if (stats.streak === 0) stats.streak = record.streakBefore;
  });
  delete record.streakBefore;
  keepPlay(table.session, record);
}

// Whether the timer of this game runs: from the player's first move to the end.
export function clockRuns(table) {
  const record = play(table.session);
  return Boolean(record?.counted && !table.result);
}

export function secondsPlayed(key) {
  return play(key)?.seconds || 0;
}

export function addSeconds(key, seconds) {
  const record = play(key);
  if (!record) return;
  record.seconds += seconds;
  keepPlay(key, record);
}

export function lastGame() {
  return read(LAST, null);
}

export function recentGames() {
  return read(RECENT, []);
}

export function favourites() {
  return read(FAVOURITES, []);
}

export function toggleFavourite(game) {
  const kept = favourites();
  write(FAVOURITES, kept.includes(game) ? kept.filter((id) => id !== game) : [...kept, game]);
}

export function rememberGame(table, saved) {
  const recent = recentGames();
  if (recent[0] !== table.game) write(RECENT, [table.game, ...recent.filter((id) => id !== table.game)].slice(0, RECENT_KEPT));
  const last = lastGame();
  const same = last?.session === table.session;
  write(LAST, { session: table.session, game: table.game, saved: saved ?? (same ? last.saved : null) });
}

export function timeText(seconds) {
  const whole = Math.floor(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = String(Math.floor(whole / 60) % 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${minutes.padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}
