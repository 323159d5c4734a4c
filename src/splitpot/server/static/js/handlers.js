// @ts-check
// What the page does with each message the socket brings: one handler per message type, each
// changing the state holder and drawing what that changes.

import { forgetToken } from "./api.js";
import { addChat, drawChat } from "./chat.js";
import { showError } from "./controls.js";
import { drawHistory } from "./history.js";
import { drawLedger } from "./ledger.js";
import { drawOdds } from "./odds.js";
import { changed, state } from "./state.js";

/** @typedef {import("./types.js").Message} Message */

/** Draw the ledger and the history again soon (a burst of changes draws them once). */
export function refreshSoon() {
  clearTimeout(state.refreshTimer);
  state.refreshTimer = setTimeout(() => { drawLedger(); drawHistory(); }, 250);
}

/**
 * @type {{ [T in Message["type"]]: (message: Extract<Message, { type: T }>) => void }}
 */
const handlers = {
  state(message) {
    if (message.words) state.words = message.words;
    state.snap = message;
    const now = performance.now();
    state.timers = {};
    if (message.hand) {
      for (const [seat, ms] of Object.entries(message.hand.timers || {})) state.timers[seat] = now + ms;
    }
    state.nextAt = message.next_in === undefined ? null : now + message.next_in;
    changed();
  },
  error(message) {
    if (String(message.reason).startsWith("entropy_")) return; // a value sent twice: kept once
    state.sent = state.acks; // a move refused or dropped: the controls come back
    if (message.reason === "bad_token") {
      forgetToken(state.code);
      state.token = null;
      state.watching = false;
    }
    showError(message);
    state.drawn.controls = "";
    changed();
  },
  chat(message) {
    const announced = addChat(message.messages);
    drawChat();
    if (announced) refreshSoon(); // a rebuy, a cash-out, a host's change: the ledger moves
  },
  odds(message) {
    state.odds = message;
    drawOdds();
  },
  pong() {},
};

/**
 * A message from the server, to its type's handler (a type the page does not know is let be).
 * @param {Message} message
 */
export function receive(message) {
  if (message.acks !== undefined) state.acks = message.acks;
  const handle = /** @type {((message: Message) => void) | undefined} */ (handlers[message.type]);
  if (handle) handle(message);
}
