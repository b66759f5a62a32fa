// The first table, asked for as soon as the page starts, while its other modules load: the
// game named in the address or played last here, else a new visitor's first deal. This module
// imports nothing, so it runs at once; app.js takes the answer (or goes on without it).

export const LAST = "patience.last";  // where memory.js keeps the last game: {session, game, saved}

function lastSession() {
  try {
    return JSON.parse(localStorage.getItem(LAST))?.session ?? null;
  } catch {
    return null;
  }
}

const address = new URLSearchParams(location.hash.slice(1));
const key = address.get("session") || (address.has("game") ? null : lastSession());

// A shared deal (#game=klondike&seed=7): dealt anew; a seed that is not a number is a named deal.
function sharedDeal() {
  const seed = address.get("seed");
  const deal = { game: address.get("game") };
  if (seed) deal.seed = Number.isFinite(Number(seed)) ? Number(seed) : seed;
  return JSON.stringify(deal);
}

// Whether the first request resumes a game (else it deals a new visitor's first game, or a shared deal).
export const resuming = Boolean(key);
// The server's answer to it; app.js reads it.
export const answer = (key
  ? fetch(`/api/sessions/${encodeURIComponent(key)}?describe=true`)
  : fetch("/api/sessions", { method: "POST", headers: { "Content-Type": "application/json" },
    body: address.has("game") ? sharedDeal() : "{}" })
).catch(() => null);
