// @ts-check
// The table's WebSocket: connect (saying hello with the seat's token), reconnect after a loss,
// send, and hand each message to the handler of its type.

import { $ } from "./dom.js";
import { state } from "./state.js";

/** @typedef {import("./types.js").Message} Message */

/** @type {{ socket: WebSocket | null, retry: number }} the connection and the failed tries */
const link = { socket: null, retry: 0 };

/**
 * Open the connection; `receive` gets every message, parsed.
 * @param {(message: Message) => void} receive
 */
export function connect(receive) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(state.code)}`);
  link.socket = socket;
  banner("Connecting\u2026");
  socket.addEventListener("open", () => {
    link.retry = 0;
    state.sent = 0;
    state.acks = 0;
    banner(null);
    socket.send(JSON.stringify({ type: "hello", token: state.token }));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    banner("Connection lost \u2014 reconnecting\u2026");
    link.retry = Math.min(link.retry + 1, 5);
    setTimeout(() => connect(receive), 400 * link.retry);
  });
}

/**
 * Send a message, if the connection is open (a move lost with it comes back as controls).
 * @param {object} message
 */
export function send(message) {
  const socket = link.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify(message));
}

/** Close the connection: it opens again at once, saying hello with the token now kept. */
export function reconnect() {
  if (link.socket) link.socket.close();
}

/** @param {string | null} text the connection's banner (null: none) */
function banner(text) {
  const node = $("connection");
  node.textContent = text || "";
  node.classList.toggle("hidden", !text);
}
