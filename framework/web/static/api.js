// Talking to the server: one JSON request at a time, in the order the player asked.

import { page, say } from "./page.js";

export async function api(method, path, body) {
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

export function sessionPath(suffix = "", key = page.table.session) {
  return `/api/sessions/${encodeURIComponent(key)}${suffix}`;
}

// One thing at a time: a click, a drop or a key waits for the request before it.
let queue = Promise.resolve();
export function act(task) {
  queue = queue.then(task).catch((error) => say(error.message, true));
  return queue;
}
