// @ts-check
// The host's panel: pause and resume, seat requests, seats (bots in, players out), stakes and
// house rules, and the home game's options. The server decides who may do what.

import { getJSON } from "./api.js";
import { $, badge, button, el } from "./dom.js";
import { field, option, valueOf, wholeOr } from "./form.js";
import { send } from "./socket.js";
import { state } from "./state.js";
import { showTab } from "./tabs.js";

/** @param {Record<string, unknown>} message a host's command */
function host(message) {
  send({ type: "host", ...message });
}

/** The host's tab (shown to the host only) and its badge of requests waiting. */
export function drawHostTab() {
  const now = state.snap;
  if (!now) return;
  const hosting = Boolean(now.you && now.you.host);
  $("host-tab").classList.toggle("hidden", !hosting);
  badge("host-badge", now.host ? now.host.requests.length : 0);
  if (!hosting && $("host-tab").classList.contains("on")) showTab("log");
}

/** The host's panel, drawn again only when what it shows changes (a form being filled stays). */
export function drawHost() {
  const now = state.snap;
  if (!now || !(now.you && now.you.host)) return;
  const you = now.you;
  const table = now.table;
  const seats = table.seats.map((s) => [s.kind, s.name, s.bot]);
  const key = JSON.stringify([seats, you.seat, table.paused, table.house, table.options, now.host, Boolean(state.games)]);
  if (key === state.drawn.host) return;
  state.drawn.host = key;
  /** @type {HTMLElement[]} */
  const parts = [];
  const requests = requestRows(now);
  if (now.host && now.host.requests.length) parts.push(...requests);
  parts.push(el("h3", "The table"));
  const pause = button(table.paused ? "Resume the table" : "Pause the table", () => host({ do: table.paused ? "resume" : "pause" }));
  pause.dataset.host = table.paused ? "resume" : "pause";
  parts.push(pause, el("div", table.paused ? "Paused: no deal, no timer, no bot moves." : "Pausing stops the deal, the timers and the bots.", "hint"));

  if (!(now.host && now.host.requests.length)) parts.push(...requests);

  parts.push(el("h3", "Seats"));
  for (const s of table.seats) {
    const row = el("div", "", "host-row");
    row.dataset.seat = String(s.seat);
    const mine = s.seat === you.seat;
    const what = s.kind === "open" ? "open" : `${s.name}${s.kind === "bot" ? ` (bot: ${s.bot})` : ""}${mine ? " (you)" : ""}`;
    row.append(el("span", `Seat ${s.seat + 1}: ${what}`));
    if (s.kind === "open") {
      const pick = el("select");
      pick.setAttribute("aria-label", `bot for seat ${s.seat + 1}`);
      for (const bot of (state.games ? state.games.bots : ["heuristic"])) pick.append(option(bot, bot, bot === "heuristic"));
      const add = button("Add a bot", () => host({ do: "add_bot", seat: s.seat, bot: pick.value }), "quiet");
      add.dataset.host = "add_bot";
      row.append(pick, add);
    } else if (!mine) {
      const remove = button(s.kind === "bot" ? "Remove the bot" : "Remove", () => {
        if (s.kind === "bot" || confirm(`Remove ${s.name}? Their chips go to the ledger as a cash-out.`)) host({ do: "remove", seat: s.seat });
      }, "danger");
      remove.dataset.host = "remove";
      row.append(remove);
    }
    parts.push(row);
  }
  const game = state.games && state.games.games.find((g) => g.name === table.game);
  if (game) parts.push(...houseForm(game, table));
  parts.push(el("h3", "Options"), optionsForm(table));
  $("host-body").replaceChildren(...parts);
}

/**
 * The seat requests waiting on the host, each with Approve and Decline (first in the panel
 * while someone waits).
 * @param {import("./types.js").Snapshot} now
 */
function requestRows(now) {
  const parts = [el("h3", "Seat requests")];
  const asked = now.host ? now.host.requests : [];
  if (!asked.length) parts.push(el("div", now.table.options.approve_seats ? "Nobody is waiting." : "Newcomers sit down at once (turn on \u201capprove seats\u201d below to vet them).", "hint"));
  for (const r of asked) {
    const row = el("div", "", "host-row");
    const yes = button("Approve", () => host({ do: "approve", request: r.id }), "primary");
    yes.dataset.approve = r.name;
    row.append(el("span", `${r.name} asks for a seat`), yes, button("Decline", () => host({ do: "decline", request: r.id }), "quiet"));
    parts.push(row);
  }
  return parts;
}

/**
 * The stakes and house rules, as the table plays them now, to change from the next hand.
 * @param {import("./types.js").Game} game
 * @param {import("./types.js").TableInfo} table
 */
function houseForm(game, table) {
  const form = el("form", "", "host-form");
  form.id = "host-house";
  for (const rule of [...game.stakes, ...game.house]) {
    const row = field(rule, `host-${rule.name}`);
    const input = /** @type {HTMLInputElement} */ (row.querySelector("[data-rule]"));
    /** @type {Record<string, unknown>} */
    const stakes = table.stakes;
    const current = rule.name in table.house ? table.house[rule.name] : (rule.name in stakes ? stakes[rule.name] : rule.default);
    if (input.dataset.kind === "bool") input.value = String(Boolean(current));
    else if (current === null) input.value = "";
    else input.value = Array.isArray(current) ? current.join(", ") : String(current);
    form.append(row);
  }
  const apply = el("button", "Change the rules", "primary");
  apply.type = "submit";
  form.append(apply);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    /** @type {Record<string, unknown>} */
    const house = {};
    for (const input of form.querySelectorAll("[data-rule]")) {
      const rule = /** @type {HTMLInputElement} */ (input);
      house[rule.dataset.rule || ""] = valueOf(rule);
    }
    host({ do: "house", house });
  });
  return [el("h3", "Stakes and house rules"), el("div", "Changes apply from the next hand and are announced in the chat.", "hint"), form];
}

/**
 * The home game's options: approving seats, the odds panel, the most after a rebuy, a chip's worth.
 * @param {import("./types.js").TableInfo} table
 */
function optionsForm(table) {
  const form = el("form", "", "host-form");
  form.id = "host-options";
  /** @type {(name: "approve_seats" | "odds", label: string) => HTMLElement} */
  const flag = (name, label) => {
    const row = el("label", "", "check");
    const box = el("input");
    box.type = "checkbox";
    box.name = name;
    box.checked = Boolean(table.options[name]);
    row.append(box, ` ${label}`);
    return row;
  };
  form.append(flag("approve_seats", "approve seats: a newcomer waits for you"), flag("odds", "offer the odds panel to the players"));
  /** @type {(name: string, label: string, value: unknown, placeholder: string) => HTMLElement} */
  const number = (name, label, value, placeholder) => {
    const row = el("div", "", "field");
    const input = el("input");
    input.type = "text";
    input.name = name;
    input.id = `host-${name}`;
    input.value = value === null ? "" : String(value);
    input.placeholder = placeholder;
    const tag = el("label", label);
    tag.htmlFor = input.id;
    row.append(tag, input);
    return row;
  };
  form.append(number("max_buy", "most chips after a rebuy", table.options.max_buy, `the buy-in, ${table.stack}`));
  form.append(number("chip_value", "a chip is worth", table.options.chip_value, "no money value"));
  form.append(number("time_bank", "time bank, seconds", table.options.time_bank || 0, "0: none"));
  const save = el("button", "Save the options", "primary");
  save.type = "submit";
  form.append(save);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    /** @param {string} name */
    const input = (name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
    const max = input("max_buy").value.trim();
    host({
      do: "options",
      options: {
        approve_seats: input("approve_seats").checked,
        odds: input("odds").checked,
        max_buy: max === "" ? null : wholeOr(max),
        chip_value: input("chip_value").value.trim() || null,
        time_bank: wholeOr(input("time_bank").value.trim() || "0"),
      },
    });
  });
  return form;
}

/** The first seat request waiting, scrolled into view with the focus on its Approve button. */
function bringRequest() {
  const first = document.querySelector("#host-body [data-approve]");
  if (!(first instanceof HTMLElement)) return;
  first.scrollIntoView({ block: "center" });
  first.focus({ preventScroll: true });
}

/** The games and bots, for the forms; the host's tab, opened with requests waiting, shows them. */
export function startHost() {
  $("host-tab").addEventListener("click", () => {
    if (state.snap && state.snap.host && state.snap.host.requests.length) bringRequest();
  });
  getJSON("/api/games").then((data) => {
    state.games = data;
    state.drawn.host = "";
    if (state.snap) drawHost();
  }).catch(() => {});
}
