// @ts-check
// Joining: the dialog that offers a newcomer a seat (or to watch), and taking the seat, after
// which the connection opens again saying hello with the seat's token.

import { keepName, keepToken, lastName, postJSON } from "./api.js";
import { closeDialog, openDialog } from "./dialog.js";
import { $, $input, el } from "./dom.js";
import { reconnect } from "./socket.js";
import { snap, state } from "./state.js";

/**
 * The join dialog: open for a page with no seat that has not chosen to watch (or when asked).
 * @param {boolean} [force]
 */
export function openJoin(force = false) {
  const now = snap();
  const box = $("join-box");
  const show = force || (!state.token && !state.watching && !now.you);
  if (!show) {
    closeDialog(box);
    return;
  }
  const table = now.table;
  $("join-title").textContent = `Table ${table.code}: ${table.title}`;
  $("seat-list").replaceChildren(...table.seats.map((s) => {
    const what = s.kind === "open" ? "free" : (s.kind === "bot" ? `${s.name}, a bot (gives up the seat from the next hand)` : s.name);
    return el("div", `Seat ${s.seat + 1}: ${what}`);
  }));
  const free = table.seats.some((s) => s.kind !== "human");
  /** @type {HTMLButtonElement} */ ($("take-seat")).disabled = !free;
  if (!free) $("join-title").textContent += " \u2014 every seat is taken";
  const name = $input("join-name");
  if (!name.value) name.value = lastName();
  openDialog(box, free ? name : $("watch"), watch);
}

/** The newcomer watches: the dialog closes and stays closed. */
function watch() {
  state.watching = true;
  closeDialog($("join-box"));
}

/** @param {SubmitEvent} event */
async function takeSeat(event) {
  event.preventDefault();
  const error = $("join-error");
  error.classList.add("hidden");
  const name = $input("join-name").value.trim();
  try {
    if (!name) throw new Error("type your name: it is what the table calls you");
    const joined = await postJSON(`/api/tables/${encodeURIComponent(state.code)}/join`, { name });
    keepToken(state.code, joined.token);
    keepName(name);
    state.token = joined.token;
    closeDialog($("join-box"));
    reconnect(); // saying hello with the new token
  } catch (exc) {
    error.textContent = exc instanceof Error ? exc.message : String(exc);
    error.classList.remove("hidden");
  }
}

/** The dialog's buttons. */
export function startJoin() {
  $("join-form").addEventListener("submit", takeSeat);
  $("watch").addEventListener("click", watch);
}
