// @ts-check
// The lobby's HTTP API, and the seat tokens this browser keeps (one per table, in localStorage).

/**
 * GET `path`'s JSON; its `error` (or the status) as an Error when it refuses.
 * @param {string} path
 * @returns {Promise<any>}
 */
export async function getJSON(path) {
  const response = await fetch(path, { headers: { Accept: "application/json" } });
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

/**
 * POST `body` as JSON to `path`; the JSON it answers, or its `error` as an Error.
 * @param {string} path
 * @param {object} body
 * @returns {Promise<any>}
 */
export async function postJSON(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

const KEY = "splitpot.seats";

/** @returns {Record<string, string>} the seat tokens this browser keeps, by table code */
function seats() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

/** @param {string} code */
export function tokenFor(code) {
  return seats()[code] || null;
}

/** @param {string} code @param {string} token */
export function keepToken(code, token) {
  const all = seats();
  all[code] = token;
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** @param {string} code */
export function forgetToken(code) {
  const all = seats();
  delete all[code];
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function lastName() {
  return localStorage.getItem("splitpot.name") || "";
}

/** @param {string} name */
export function keepName(name) {
  localStorage.setItem("splitpot.name", name);
}
