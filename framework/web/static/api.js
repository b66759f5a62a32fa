// Talking to the server: one JSON request at a time, in the order the player asked.

import { page, say } from "./page.js";

export async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch {  // no answer at all: the server is gone, or the network; the game stays on the table
    throw new Error("The server cannot be reached (stopped, or the network is down): your game stays as it is "
      + "here; try again when it is back.");
  }
  const data = await response.json().catch(() => ({ detail: response.statusText }));
  if (!response.ok) throw new Error(data.detail || `${response.status} ${response.statusText}`);
  return data;
}

export function sessionPath(suffix = "", key = page.table.session) {
  return `/api/sessions/${encodeURIComponent(key)}${suffix}`;
}

// One thing at a time: a click, a drop or a key waits for the request before it.
let queue = Promise.resolve();
export function act(task) {
  queue = queue.then(task).catch((error) => say(error.message, true));
  return queue;
}
