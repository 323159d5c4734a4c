// @ts-check
// The chat: the players' and the spectators' apart, and the table's own lines (seats taken,
// rebuys, the host's changes) in both.

import { $, $input, badge, el } from "./dom.js";
import { showLines } from "./live.js";
import { send } from "./socket.js";
import { state } from "./state.js";

/**
 * Lines of chat come: kept once each, in order, the latest 200. True when one is the table's
 * own (a rebuy, a cash-out, a host's change: the ledger moves).
 * @param {import("./types.js").ChatLine[]} lines
 * @returns {boolean}
 */
export function addChat(lines) {
  let announced = false;
  for (const line of lines) {
    if (state.chat.some((l) => l.id === line.id)) continue;
    state.chat.push(line);
    if (line.room === "table") announced = true;
    else if (!$("tab-chat").classList.contains("on")) state.unread += 1;
  }
  state.chat.sort((a, b) => a.id - b.id);
  if (state.chat.length > 200) state.chat.splice(0, state.chat.length - 200);
  return announced;
}

/** Which room this page writes to: the players' for a seat's holder, else the spectators'. */
export function drawChatRoom() {
  const player = Boolean(state.snap && state.snap.you);
  $("chat-room").textContent = player
    ? "Players' chat: the players at the table read it; spectators do not."
    : "Spectators' chat: the other spectators read it; the players do not.";
  const name = $input("chat-name");
  name.classList.toggle("hidden", player);
  if (!player && !name.value) name.value = localStorage.getItem("splitpot.name") || "";
}

/** The lines of this page's room, drawn again only when they change. */
export function drawChat() {
  const box = $("chat-lines");
  const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
  // after taking or leaving a seat the other room's lines stay out of sight
  const room = state.snap && state.snap.you ? "players" : "spectators";
  const lines = state.chat.filter((line) => line.room === "table" || line.room === room);
  badge("chat-badge", state.unread);
  const key = `${room} ${lines.length} ${lines.length ? lines[lines.length - 1].id : 0}`;
  if (key === state.drawn.chat) return;
  state.drawn.chat = key;
  showLines(box, lines.map((line) => {
    const row = el("div", "", `line ${line.room}`);
    if (line.room === "table") row.textContent = line.text;
    else row.append(el("b", `${line.name}: `), line.text);
    return { key: String(line.id), node: row };
  }));
  if (atEnd) box.scrollTop = box.scrollHeight;
}

/** @param {SubmitEvent} event */
function sendChat(event) {
  event.preventDefault();
  const text = $input("chat-text").value.trim();
  if (!text) return;
  /** @type {{ type: "chat", text: string, name?: string }} */
  const message = { type: "chat", text };
  const name = $input("chat-name").value.trim();
  if (!(state.snap && state.snap.you) && name) message.name = name;
  send(message);
  $input("chat-text").value = "";
}

/** The chat's form. */
export function startChat() {
  $("chat-form").addEventListener("submit", sendChat);
}
