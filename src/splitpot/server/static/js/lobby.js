// @ts-check
// The lobby: make a table (game, seats, stakes, house rules, timer) or go to one by its code.

import { getJSON, keepName, keepToken, lastName, postJSON } from "./api.js";
import { $, $input } from "./dom.js";
import { field, option, valueOf, wholeOr } from "./form.js";

/** @typedef {import("./types.js").Catalogue} Catalogue */

/** @type {{ catalogue: Catalogue | null }} the games and bots, once the server has said */
const lobby = { catalogue: null };

/** @returns {Catalogue} */
function catalogue() {
  if (!lobby.catalogue) throw new Error("the games are not known yet");
  return lobby.catalogue;
}

/** The game chosen in the form. */
function currentGame() {
  const game = catalogue().games.find((g) => g.name === $input("game").value);
  if (!game) throw new Error(`no game ${$input("game").value}`);
  return game;
}

/** @param {number} index the seat's choices: you, a friend, a bot */
function seatChoices(index) {
  const select = document.createElement("select");
  select.id = `seat-${index}`;
  select.append(option("you", "You", index === 0));
  select.append(option("open", "Open for a friend", index === 1));
  /** @type {Record<string, string>} */
  const labels = { heuristic: "Bot (rules of thumb)", equity: "Bot (equity, strongest)", random: "Bot (random)", call: "Bot (always calls)" };
  for (const bot of catalogue().bots) {
    select.append(option(`bot:${bot}`, labels[bot] || `Bot (${bot})`, index > 1 && bot === "heuristic"));
  }
  return select;
}

function renderSeats() {
  const box = $("seats");
  box.replaceChildren();
  const count = Number($input("count").value);
  for (let i = 0; i < count; i++) {
    const row = document.createElement("div");
    row.className = "seat-row";
    const label = document.createElement("label");
    label.textContent = `Seat ${i + 1}`;
    label.htmlFor = `seat-${i}`;
    row.append(label, seatChoices(i));
    box.append(row);
  }
}

function renderGame() {
  const game = currentGame();
  $("game-title").textContent = game.title;
  const count = $input("count");
  const keep = Number(count.value) || 4;
  count.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    count.append(option(n, `${n} players`, n === Math.min(Math.max(keep, game.min_players), game.max_players)));
  }
  renderSeats();
  $("stakes").replaceChildren(...game.stakes.map((r) => field(r, `stake-${r.name}`)));
  $("house").replaceChildren(...game.house.map((r) => field(r, `house-${r.name}`)));
  $input("stack").value = String(game.stack);
}

/** The form's error, gone once the player changes what it was about (or tries again). */
function clearError() {
  const error = $("create-error");
  error.classList.add("hidden");
  error.textContent = "";
}

/** @param {SubmitEvent} event */
async function create(event) {
  event.preventDefault();
  const error = $("create-error");
  clearError();
  const game = currentGame();
  /** @type {Record<string, unknown>} */
  const house = {};
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("#stakes [data-rule], #house [data-rule]"))) {
    house[input.dataset.rule || ""] = valueOf(input);
  }
  const seats = [];
  for (let i = 0; i < Number($input("count").value); i++) seats.push($input(`seat-${i}`).value);
  const name = $input("name").value.trim();
  /** @type {Record<string, unknown>} */
  const options = { approve_seats: $input("approve-seats").value === "true", odds: $input("offer-odds").value === "true" };
  if ($input("chip-value").value.trim()) options.chip_value = $input("chip-value").value.trim();
  const bank = $input("time-bank").value.trim();
  if (bank) options.time_bank = wholeOr(bank);
  /** @type {Record<string, unknown>} */
  const body = { game: game.name, seats, house, options, stack: Number($input("stack").value), timer: Number($input("timer").value) };
  if (seats.includes("you")) body.name = name;
  try {
    if (seats.includes("you") && !name) throw new Error("type your name: it is what the table calls you");
    const made = await postJSON("/api/tables", body);
    if (made.token) keepToken(made.code, made.token);
    if (name) keepName(name);
    location.href = `/t/${made.code}`;
  } catch (exc) {
    error.textContent = exc instanceof Error ? exc.message : String(exc);
    error.classList.remove("hidden");
  }
}

/** @param {SubmitEvent} event */
function join(event) {
  event.preventDefault();
  const code = $input("code").value.trim().toUpperCase();
  if (code) location.href = `/t/${encodeURIComponent(code)}`;
}

async function start() {
  lobby.catalogue = await getJSON("/api/games");
  const select = $input("game");
  for (const game of catalogue().games) select.append(option(game.name, `${game.title.split(":")[0]} (${game.name})`, game.name === "auction"));
  $input("timer").value = String(catalogue().timer);
  $input("name").value = lastName();
  select.addEventListener("change", renderGame);
  $input("count").addEventListener("change", renderSeats);
  $("create").addEventListener("submit", create);
  $("create").addEventListener("input", clearError);
  $("create").addEventListener("change", clearError);
  addEventListener("pageshow", clearError); // back from a table: no error from before it
  $("join").addEventListener("submit", join);
  renderGame();
}

start();
