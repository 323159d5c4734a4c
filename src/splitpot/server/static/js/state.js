// @ts-check
// The one state holder of the table page: the snapshot the socket brought (kept once, read by
// every module), the vocabulary, this page's own state (its moves in flight, the card chosen,
// chat, odds, the replay open) and what each panel last drew. Handlers change it; `changed()`
// asks for a redraw.

import { tokenFor } from "./api.js";

/** @typedef {import("./types.js").Snapshot} Snapshot */

const code = decodeURIComponent(location.pathname.split("/").pop() || "").toUpperCase();

export const state = {
  /** the table's code, from the page's address */
  code,
  /** @type {string | null} the seat token this browser keeps for the table */
  token: tokenFor(code),
  /** @type {Snapshot | null} the latest snapshot */
  snap: null,
  /** @type {import("./types.js").Words | null} the server's vocabulary (the first snapshot's) */
  words: null,
  /** moves sent, and moves the server has answered (applied or refused) */
  sent: 0,
  acks: 0,
  /** the seat's holder chose to watch (the join dialog stays closed) */
  watching: false,
  /** @type {string | null} the card picked for the move being made */
  chosen: null,
  /** @type {Record<string, number>} engine seat -> performance.now() when its timer runs out */
  timers: {},
  /** @type {number | null} performance.now() when the next hand is dealt */
  nextAt: null,
  /** @type {import("./types.js").OddsMessage | null} the latest odds for this seat */
  odds: null,
  /** @type {boolean | null} the odds switch as the player last set it, until a snapshot
   * agrees (a snapshot sent before the server read the switch would turn it back) */
  oddsWanted: null,
  /** @type {import("./types.js").ChatLine[]} the chat's lines, oldest first (at most 200) */
  chat: [],
  /** lines of chat come while the chat tab was closed */
  unread: 0,
  /** @type {import("./types.js").Catalogue | null} the games and bots (for the host's forms) */
  games: null,
  /** @type {import("./types.js").Replay | null} the hand being replayed, and its street */
  replay: null,
  replayAt: 0,
  /** @type {ReturnType<typeof setTimeout> | undefined} the ledger and history's redraw */
  refreshTimer: undefined,
  /** what each panel drew last: it draws again only when its key changes */
  drawn: { controls: "", host: "", chat: "", refresh: "" },
};

/** @type {(() => void)[]} */
const listeners = [];

/**
 * Call `draw` whenever the state changes.
 * @param {() => void} draw
 */
export function onChange(draw) {
  listeners.push(draw);
}

/** The state changed: draw the page again (when there is a snapshot to draw). */
export function changed() {
  if (!state.snap) return;
  for (const draw of listeners) draw();
}

/**
 * The snapshot (a module that draws runs only once one has come).
 * @returns {Snapshot}
 */
export function snap() {
  if (!state.snap) throw new Error("no snapshot yet");
  return state.snap;
}
