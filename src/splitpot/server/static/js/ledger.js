// @ts-check
// The ledger: what each player bought, cashed and holds, the settle-up, and this seat's rebuy
// and cash-out.

import { getJSON } from "./api.js";
import { $, $input, el } from "./dom.js";
import { send } from "./socket.js";
import { state } from "./state.js";

/** @param {number} n */
export const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** The ledger, fetched anew. */
export async function drawLedger() {
  /** @type {import("./types.js").Ledger} */
  let book;
  try {
    book = await getJSON(`/api/tables/${encodeURIComponent(state.code)}/ledger`);
  } catch (exc) {
    $("ledger-body").replaceChildren(el("div", exc instanceof Error ? exc.message : String(exc), "error"));
    return;
  }
  const money = book.chip_value !== null;
  const table = el("table", "", "ledger");
  const head = el("tr");
  for (const h of ["Player", "Bought", "Cashed", "At table", "Net"]) head.append(el("th", h));
  table.append(head);
  for (const p of book.players) {
    const row = el("tr");
    row.append(el("td", p.player), el("td", String(p.bought)), el("td", String(p.cashed)), el("td", String(p.on_table)));
    const net = el("td", signed(p.balance), p.balance < 0 ? "minus" : "");
    if (money) net.append(el("small", p.money || ""));
    if (!p.bot && p.settles !== p.balance) net.append(el("small", `settles ${signed(p.settles || 0)}`));
    row.append(net);
    table.append(row);
  }
  const parts = [el("div", `${book.hands} hand${book.hands === 1 ? "" : "s"}${money ? `; a chip is worth ${book.chip_value}` : ""}. Net: what each is up or down, counting the chips at the table as cashed out.`, "hint"), table];
  parts.push(el("h3", "Settle up"));
  if (!book.transfers.length) parts.push(el("div", "Nobody owes anything.", "hint"));
  for (const t of book.transfers) {
    parts.push(el("div", `${t.payer} pays ${t.payee} ${t.chips} chip${t.chips === 1 ? "" : "s"}${t.money ? ` (${t.money})` : ""}`, "transfer"));
  }
  if (book.transfers.length) parts.push(el("div", book.exact ? "The fewest transfers that square everyone." : "Greedy transfers (too many players to search for the fewest).", "hint"));
  if (book.players.some((p) => p.bot)) {
    /** @param {number} n */
    const chips = (n) => `${n} chip${n === 1 ? "" : "s"}`;
    const house = book.house === 0 ? "The house (the bots) is even." :
      `The house (the bots) ${book.house > 0 ? "won" : "lost"} ${chips(Math.abs(book.house))}.`;
    parts.push(el("div", house, "house-line"));
    parts.push(el("div", "Bots play for the house: the settle-up is among people, and a person's \u201csettles\u201d leaves out what they won from or lost to the bots.", "hint"));
  }
  $("ledger-body").replaceChildren(...parts);
  /** @type {HTMLAnchorElement} */ ($("ledger-csv")).href = `/api/tables/${encodeURIComponent(state.code)}/ledger.csv`;
}

/** This seat's rebuy: up to the table's most, between hands. */
export function drawRebuy() {
  const now = state.snap;
  const seat = now && now.you ? now.table.seats[now.you.seat] : null;
  $("rebuy-form").classList.toggle("hidden", !seat);
  if (!now || !seat) return;
  const room = Math.max(0, now.table.max_buy - seat.stack);
  const input = $input("rebuy-chips");
  input.max = String(room);
  if (!input.value || Number(input.value) > room) input.value = String(room || 1);
  const playing = Boolean(now.hand && !now.hand.view.finished && now.hand.you !== null);
  /** @type {HTMLButtonElement} */ ($("rebuy-button")).disabled = playing || room < 1;
  $("rebuy-note").textContent = playing ? "Rebuy between hands." : `Up to ${room} chips (a stack of at most ${now.table.max_buy}).`;
}

/** The rebuy's form and the cash-out. */
export function startLedger() {
  $("rebuy-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send({ type: "rebuy", chips: Number($input("rebuy-chips").value) });
  });
  $("leave-button").addEventListener("click", () => {
    if (confirm("Leave your seat and cash out every chip?")) send({ type: "leave" });
  });
}
