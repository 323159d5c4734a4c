// The lobby: make a table (game, seats, stakes, house rules, timer) or go to one by its code.

import { getJSON, keepName, keepToken, lastName, postJSON } from "./api.js";
import { field, option, valueOf } from "./form.js";

const $ = (id) => document.getElementById(id);
let catalogue = null;

function currentGame() {
  return catalogue.games.find((g) => g.name === $("game").value);
}

function seatChoices(index) {
  const select = document.createElement("select");
  select.id = `seat-${index}`;
  select.append(option("you", "You", index === 0));
  select.append(option("open", "Open for a friend", index === 1));
  for (const bot of catalogue.bots) {
    const label = { heuristic: "Bot (rules of thumb)", equity: "Bot (equity, strongest)", random: "Bot (random)", call: "Bot (always calls)" }[bot] || `Bot (${bot})`;
    select.append(option(`bot:${bot}`, label, index > 1 && bot === "heuristic"));
  }
  return select;
}

function renderSeats() {
  const box = $("seats");
  box.replaceChildren();
  const count = Number($("count").value);
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
  const count = $("count");
  const keep = Number(count.value) || 4;
  count.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    count.append(option(n, `${n} players`, n === Math.min(Math.max(keep, game.min_players), game.max_players)));
  }
  renderSeats();
  $("stakes").replaceChildren(...game.stakes.map((r) => field(r, `stake-${r.name}`)));
  $("house").replaceChildren(...game.house.map((r) => field(r, `house-${r.name}`)));
  $("stack").value = String(game.stack);
}

async function create(event) {
  event.preventDefault();
  const error = $("create-error");
  error.classList.add("hidden");
  const game = currentGame();
  const house = {};
  for (const input of document.querySelectorAll("#stakes [data-rule], #house [data-rule]")) {
    house[input.dataset.rule] = valueOf(input);
  }
  const seats = [];
  for (let i = 0; i < Number($("count").value); i++) seats.push($(`seat-${i}`).value);
  const name = $("name").value.trim();
  const options = { approve_seats: $("approve-seats").value === "true", odds: $("offer-odds").value === "true" };
  if ($("chip-value").value.trim()) options.chip_value = $("chip-value").value.trim();
  const body = { game: game.name, seats, house, options, stack: Number($("stack").value), timer: Number($("timer").value) };
  if (seats.includes("you")) body.name = name;
  try {
    if (seats.includes("you") && !name) throw new Error("type your name: it is what the table calls you");
    const made = await postJSON("/api/tables", body);
    if (made.token) keepToken(made.code, made.token);
    if (name) keepName(name);
    location.href = `/t/${made.code}`;
  } catch (exc) {
    error.textContent = exc.message;
    error.classList.remove("hidden");
  }
}

function join(event) {
  event.preventDefault();
  const code = $("code").value.trim().toUpperCase();
  if (code) location.href = `/t/${encodeURIComponent(code)}`;
}

async function start() {
  catalogue = await getJSON("/api/games");
  const select = $("game");
  for (const game of catalogue.games) select.append(option(game.name, `${game.title.split(":")[0]} (${game.name})`, game.name === "auction"));
  $("timer").value = String(catalogue.timer);
  $("name").value = lastName();
  select.addEventListener("change", renderGame);
  $("count").addEventListener("change", renderSeats);
  $("create").addEventListener("submit", create);
  $("join").addEventListener("submit", join);
  renderGame();
}

start();
