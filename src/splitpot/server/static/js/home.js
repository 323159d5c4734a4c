// The home game beside the table: the fair deal (the deck's root, this seat's value for its cut,
// whether it was mixed in), the odds panel, chat
// (players' and spectators' apart), the ledger and settle-up, the history with each hand's
// record and replay, and the host's controls. The server decides who may do what: a refusal
// comes back as an error and is shown like any other.

import { getJSON } from "./api.js";
import { cardElement } from "./cards.js";
import { closeDialog, openDialog } from "./dialog.js";
import { field, option, valueOf } from "./form.js";
import { showLines } from "./live.js";

const $ = (id) => document.getElementById(id);
let ctx = null; // { code, send, token(), showError }
let snap = null;
let games = null;
let odds = null; // the latest odds message for this seat
let refreshKey = "";
let refreshTimer = null;
let hostKey = "";
let unread = 0;
let chatKey = "";
const chatLines = [];
let replay = null;
let replayAt = 0;

export function startHome(context) {
  ctx = context;
  document.querySelectorAll(".tabs [data-tab]").forEach((tab) => tab.addEventListener("click", () => showTab(tab.dataset.tab)));
  document.querySelector(".tabs").addEventListener("keydown", moveTab);
  $("chat-form").addEventListener("submit", sendChat);
  $("odds-toggle").addEventListener("change", () => ctx.send({ type: "odds", on: $("odds-toggle").checked }));
  $("rebuy-form").addEventListener("submit", (event) => {
    event.preventDefault();
    ctx.send({ type: "rebuy", chips: Number($("rebuy-chips").value) });
  });
  $("leave-button").addEventListener("click", () => {
    if (confirm("Leave your seat and cash out every chip?")) ctx.send({ type: "leave" });
  });
  $("replay-prev").addEventListener("click", () => stepReplay(-1));
  $("replay-next").addEventListener("click", () => stepReplay(1));
  $("replay-close").addEventListener("click", closeReplay);
  $("fair-download").addEventListener("click", () => { if (snap && snap.hand) download(snap.hand.number); });
  getJSON("/api/games").then((data) => { games = data; hostKey = ""; if (snap) drawHost(); }).catch(() => {});
}

// --- messages ---------------------------------------------------------------------------------

export function homeReceive(message) {
  if (message.type === "chat") {
    let announced = false;
    for (const line of message.messages) {
      if (chatLines.some((l) => l.id === line.id)) continue;
      chatLines.push(line);
      if (line.room === "table") announced = true;
      else if (!$("tab-chat").classList.contains("on")) unread += 1;
    }
    chatLines.sort((a, b) => a.id - b.id);
    if (chatLines.length > 200) chatLines.splice(0, chatLines.length - 200);
    drawChat();
    if (announced) refreshSoon(); // a rebuy, a cash-out, a host's change: the ledger moves
    return true;
  }
  if (message.type === "odds") {
    odds = message;
    drawOdds();
    return true;
  }
  return false;
}

export function homeDraw(state) {
  snap = state;
  const hand = snap.hand;
  const key = JSON.stringify([snap.table.hands, hand && hand.view.finished, snap.you && snap.you.seat]);
  if (key !== refreshKey) {
    refreshKey = key;
    refreshSoon();
  }
  $("paused").classList.toggle("hidden", !snap.table.paused);
  $("storage").textContent = snap.table.storage || "";
  $("storage").classList.toggle("hidden", !snap.table.storage);
  $("host-tab").classList.toggle("hidden", !(snap.you && snap.you.host));
  const asked = snap.host ? snap.host.requests.length : 0;
  badge("host-badge", asked);
  if (!(snap.you && snap.you.host) && $("host-tab").classList.contains("on")) showTab("log");
  contribute();
  drawFair();
  drawOdds();
  drawChatRoom();
  drawChat();
  drawRebuy();
  drawHost();
}

function showTab(name) {
  document.querySelectorAll(".tabs [data-tab]").forEach((tab) => {
    const on = tab.dataset.tab === name;
    tab.classList.toggle("on", on);
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1; // one tab stop for the tab list: the arrows move within it
  });
  document.querySelectorAll("[data-pane]").forEach((pane) => pane.classList.toggle("hidden", pane.dataset.pane !== name));
  if (name === "chat") {
    unread = 0;
    drawChat();
  }
}

// The WAI-ARIA tabs pattern's keys: arrows to the previous or next tab (round), Home and End.
function moveTab(event) {
  const tabs = [...document.querySelectorAll(".tabs [data-tab]")].filter((tab) => !tab.classList.contains("hidden"));
  const at = tabs.indexOf(document.activeElement);
  if (at < 0) return;
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  const tab = tabs[(to + tabs.length) % tabs.length];
  showTab(tab.dataset.tab);
  tab.focus();
}

function badge(id, count) {
  const el = $(id);
  el.textContent = String(count);
  el.classList.toggle("hidden", !count);
}

function refreshSoon() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => { drawLedger(); drawHistory(); }, 250);
}

function authorized() {
  const token = ctx.token();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function el(tag, text = "", className = "") {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function small(text, onClick, extra = "quiet") {
  const b = el("button", text, extra);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

const signed = (n) => (n > 0 ? `+${n}` : String(n));
const percent = (v) => `${(100 * v.value).toFixed(1)}%`;

// --- fair dealing -----------------------------------------------------------------------------

// The value this page sent for each root it saw (docs/fairness.md): kept for the session, so a
// reload neither sends a second one nor forgets which was ours.
function sentFor(root) {
  try { return sessionStorage.getItem(`splitpot-value-${root}`); } catch { return null; }
}

function contribute() {
  const deal = snap.table.deal;
  if (!snap.you || !deal || sentFor(deal.commitment)) return;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const value = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  try { sessionStorage.setItem(`splitpot-value-${deal.commitment}`, value); } catch { /* private mode: sent once anyway */ }
  ctx.send({ type: "entropy", hand: deal.number, commitment: deal.commitment, value });
}

function drawFair() {
  const hand = snap.hand;
  const box = $("fair-body");
  const over = hand && hand.view.finished;
  const deal = snap.table.deal;
  $("fair-download").classList.toggle("hidden", !(over && hand.commitment));
  const lines = [];
  if (deal && (!hand || over)) {
    lines.push(el("div", `Hand ${deal.number}: the deck's root, committed before the deal:`));
    lines.push(el("code", deal.commitment, "hash"));
    const mine = sentFor(deal.commitment);
    if (mine) lines.push(el("div", `Your value for its cut: ${mine}`, "hint value"));
  }
  if (!hand || !hand.commitment) {
    if (!lines.length) lines.push(el("span", "Before each hand the server commits to its deck here."));
    box.replaceChildren(...lines);
    return;
  }
  if (hand.scheme === "splitpot-deal-v2") {
    box.replaceChildren(...drawCut(hand, over), ...lines);
    return;
  }
  lines.length = 0;
  lines.push(el("div", `Hand ${hand.number}: the deck's commitment (SHA-256), published before the deal:`));
  lines.push(el("code", hand.commitment, "hash"));
  if (hand.seed !== undefined) {
    lines.push(el("div", "Revealed now the hand is over:"));
    lines.push(el("code", `seed ${hand.seed}`, "hash"));
    lines.push(el("code", `secret ${hand.secret}`, "hash"));
    lines.push(el("div", "Download the record and run splitpot verify on it: same deck, same result.", "hint"));
  } else {
    lines.push(el("div", "The seed and secret are revealed when the hand ends.", "hint"));
  }
  box.replaceChildren(...lines);
}

// A v2 hand: its root, the values that cut the deck, and whether this page's was among them.
function drawCut(hand, over) {
  const lines = [el("div", `Hand ${hand.number}: dealt from the deck whose root was published before the deal:`)];
  lines.push(el("code", hand.commitment, "hash"));
  const given = hand.entropy.filter((v) => v).length;
  lines.push(el("div", `Cut by the values of ${given} player${given === 1 ? "" : "s"}.`));
  const mine = sentFor(hand.commitment);
  if (mine && hand.you !== null) {
    const mixed = hand.entropy[hand.you] === mine;
    lines.push(el("div", mixed ? `Your value was mixed in: ${mine}` : `Your value ${mine} is NOT among the hand's values.`, mixed ? "hint value" : "warning value"));
  }
  if (over) {
    const check = `splitpot verify --commitment ${hand.commitment}${mine && hand.you !== null ? ` --entropy ${mine}` : ""} FILE`;
    lines.push(el("div", "Download your record: it opens the cards you saw, no others. Check it with", "hint"));
    lines.push(el("code", check, "hash"));
  }
  return lines;
}

// --- the odds panel ---------------------------------------------------------------------------

function drawOdds() {
  if (!snap) return;
  const panel = $("odds-panel");
  const hand = snap.hand;
  const seated = snap.you && hand && hand.you !== null;
  panel.classList.toggle("hidden", !snap.you);
  if (!snap.you) return;
  const offered = Boolean(snap.table.options.odds);
  const toggle = $("odds-toggle");
  toggle.disabled = !offered;
  toggle.checked = Boolean(snap.you.odds);
  const body = $("odds-body");
  if (!offered) {
    body.replaceChildren(el("div", "Off at this table: the host decides (Host \u203a Options).", "hint"));
    return;
  }
  if (!snap.you.odds) {
    body.replaceChildren(el("div", "Hidden. Tick \u201cshow\u201d for your chances high, low and of scooping.", "hint"));
    return;
  }
  if (!seated || hand.view.finished) {
    body.replaceChildren(el("div", "Your chances show here while you play a hand.", "hint"));
    return;
  }
  if (!odds || odds.hand !== hand.number || odds.at !== hand.view.log.length) {
    const stale = odds && odds.hand === hand.number && !odds.none;
    if (!stale) {
      body.replaceChildren(el("div", "Working out your chances\u2026", "hint"));
      return;
    }
  }
  if (odds.none) {
    body.replaceChildren(el("div", odds.none, "hint"));
    return;
  }
  const grid = el("div", "", "odds-grid");
  for (const [label, key] of [["High", "high"], ["Low", "low"], ["Scoop", "scoop"], ["Share of pot", "share"]]) {
    const cell = el("div", "", "odds-cell");
    cell.append(el("span", label, "label"), el("b", percent(odds[key])));
    if (!odds.exact && odds[key].error) cell.append(el("span", `\u00b1${(100 * odds[key].error).toFixed(1)}`, "error-bar"));
    grid.append(cell);
  }
  const how = odds.exact ? `exact over ${odds.outcomes.toLocaleString("en")} ways the cards can fall` : `${odds.outcomes.toLocaleString("en")} random deals`;
  const parts = [grid, el("div", `Cards speak, from what you see; ${how}.`, "hint")];
  if (odds.advice) {
    const words = { hi: "high", lo: "low", both: "both ways" };
    const advice = el("div", "", "advice");
    advice.append(el("b", `Declare ${words[odds.advice.best] || odds.advice.best}`));
    const choices = Object.entries(odds.advice.choices).map(([d, v]) => `${words[d] || d} ${percent(v)}`);
    advice.append(el("div", `expected share: ${choices.join(" \u00b7 ")}`));
    advice.append(el("div", `if the others declare by: ${odds.advice.model}`, "hint"));
    parts.push(advice);
  }
  body.replaceChildren(...parts);
}

// --- chat -------------------------------------------------------------------------------------

function drawChatRoom() {
  const player = Boolean(snap.you);
  $("chat-room").textContent = player
    ? "Players' chat: the players at the table read it; spectators do not."
    : "Spectators' chat: the other spectators read it; the players do not.";
  $("chat-name").classList.toggle("hidden", player);
  if (!player && !$("chat-name").value) $("chat-name").value = localStorage.getItem("splitpot.name") || "";
}

function drawChat() {
  const box = $("chat-lines");
  const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
  // after taking or leaving a seat the other room's lines stay out of sight
  const room = snap && snap.you ? "players" : "spectators";
  const lines = chatLines.filter((line) => line.room === "table" || line.room === room);
  badge("chat-badge", unread);
  const key = `${room} ${lines.length} ${lines.length ? lines[lines.length - 1].id : 0}`;
  if (key === chatKey) return;
  chatKey = key;
  showLines(box, lines.map((line) => {
    const row = el("div", "", `line ${line.room}`);
    if (line.room === "table") row.textContent = line.text;
    else row.append(el("b", `${line.name}: `), line.text);
    return { key: String(line.id), node: row };
  }));
  if (atEnd) box.scrollTop = box.scrollHeight;
}

function sendChat(event) {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text) return;
  const message = { type: "chat", text };
  const name = $("chat-name").value.trim();
  if (!snap.you && name) message.name = name;
  ctx.send(message);
  $("chat-text").value = "";
}

// --- the ledger -------------------------------------------------------------------------------

async function drawLedger() {
  let book;
  try {
    book = await getJSON(`/api/tables/${encodeURIComponent(ctx.code)}/ledger`);
  } catch (exc) {
    $("ledger-body").replaceChildren(el("div", exc.message, "error"));
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
    if (money) net.append(el("small", p.money));
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
  $("ledger-body").replaceChildren(...parts);
  $("ledger-csv").href = `/api/tables/${encodeURIComponent(ctx.code)}/ledger.csv`;
}

function drawRebuy() {
  const seat = snap.you ? snap.table.seats[snap.you.seat] : null;
  $("rebuy-form").classList.toggle("hidden", !seat);
  if (!seat) return;
  const room = Math.max(0, snap.table.max_buy - seat.stack);
  const input = $("rebuy-chips");
  input.max = String(room);
  if (!input.value || Number(input.value) > room) input.value = String(room || 1);
  const playing = snap.hand && !snap.hand.view.finished && snap.hand.you !== null;
  $("rebuy-button").disabled = playing || room < 1;
  $("rebuy-note").textContent = playing ? "Rebuy between hands." : `Up to ${room} chips (a stack of at most ${snap.table.max_buy}).`;
}

// --- history and replays ----------------------------------------------------------------------

async function drawHistory() {
  let list;
  try {
    list = await getJSON(`/api/tables/${encodeURIComponent(ctx.code)}/hands`);
  } catch (exc) {
    $("history-body").replaceChildren(el("div", exc.message, "error"));
    return;
  }
  if (!list.hands.length) {
    $("history-body").replaceChildren(el("div", "No hand yet.", "hint"));
    return;
  }
  const rows = list.hands.slice().reverse().map((h) => {
    const row = el("div", "", "past");
    row.dataset.hand = String(h.number);
    row.append(el("b", `Hand ${h.number}`));
    if (h.void) row.append(el("div", `called off: ${h.void}`, "hint"));
    else if (!h.over) row.append(el("div", "under way", "hint"));
    else {
      row.append(el("div", h.players.map((name, i) => `${name} ${signed(h.net[i])}`).join(", "), "nets"));
      const buttons = el("div", "", "row");
      buttons.append(small("Replay", () => openReplay(h.number)), small("Record (PHH)", () => download(h.number)));
      row.append(buttons);
    }
    return row;
  });
  $("history-body").replaceChildren(...rows);
}

async function download(number) {
  const path = `/api/tables/${encodeURIComponent(ctx.code)}/hands/${number}/record`;
  const response = await fetch(path, { headers: authorized() });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    ctx.showError({ message: data.error || `the server answered ${response.status}` });
    return;
  }
  const blob = await response.blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `splitpot-${ctx.code}-hand-${number}.phh`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

async function openReplay(number) {
  const path = `/api/tables/${encodeURIComponent(ctx.code)}/hands/${number}/replay`;
  try {
    const response = await fetch(path, { headers: authorized() });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
    replay = data;
  } catch (exc) {
    ctx.showError({ message: exc.message });
    return;
  }
  replayAt = 0;
  drawReplay();
  openDialog($("replay-box"), $("replay-next"), closeReplay);
}

function closeReplay() {
  closeDialog($("replay-box"));
}

function stepReplay(by) {
  replayAt = Math.max(0, Math.min(replay.frames.length - 1, replayAt + by));
  drawReplay();
  // at the first or last street the button pressed turns off: the focus goes to the other one
  if (document.activeElement && document.activeElement.disabled) $(by < 0 ? "replay-next" : "replay-prev").focus();
}

function drawReplay() {
  const frame = replay.frames[replayAt];
  const last = replayAt === replay.frames.length - 1;
  const name = (e) => (e === replay.you ? "You" : replay.players[e].name);
  $("replay-title").textContent = `Hand ${replay.number}: ${last ? "the result" : `after street ${replayAt + 1}`} (${replayAt + 1} of ${replay.frames.length})`;
  $("replay-note").textContent = replay.you === null
    ? "As a spectator saw it: down cards only where they were shown."
    : "As you saw it: your own cards, what was face up, and the hands shown at the showdown.";
  const seats = frame.seats.map((seat) => {
    const row = el("div", "", `replay-seat${seat.folded ? " folded" : ""}`);
    const who = el("div", "", "who");
    who.append(el("b", name(seat.seat)), el("span", `${seat.stack}${seat.bet ? ` \u00b7 bet ${seat.bet}` : ""}${seat.folded ? " \u00b7 folded" : ""}`, "stack"));
    const cards = el("div", "", "cards");
    seat.cards.forEach((c) => cards.append(cardElement(c.card, { hole: !c.up && c.card !== null })));
    if (!seat.cards.length) cards.append(el("span", "cards not shown", "hint"));
    row.append(who, cards);
    return row;
  });
  const paid = frame.awards ? frame.awards.reduce((sum, a) => sum + a.amount, 0) : 0;
  const parts = [el("div", frame.awards ? `Pot ${paid}, paid out` : `Pot ${frame.pot}`, "pot")];
  if (frame.common.length) {
    const common = el("div", "", "cards");
    frame.common.forEach((c) => common.append(cardElement(c)));
    parts.push(common);
  }
  parts.push(...seats);
  if (frame.awards) for (const a of frame.awards) parts.push(el("div", `${name(a.seat)}: ${a.reason} (+${a.amount})`, "award"));
  $("replay-seats").replaceChildren(...parts);
  const start = replayAt ? replay.frames[replayAt - 1].upto : 0;
  const named = (line) => line.replace(/\bp(\d+)\b/g, (all, n) => (replay.players[n - 1] ? name(n - 1) : all));
  $("replay-log").replaceChildren(...replay.log.slice(start, frame.upto).map((line) => el("div", named(line))));
  $("replay-prev").disabled = replayAt === 0;
  $("replay-next").disabled = last;
}

// --- the host ---------------------------------------------------------------------------------

function host(message) {
  ctx.send({ type: "host", ...message });
}

function drawHost() {
  if (!(snap.you && snap.you.host)) return;
  const table = snap.table;
  // drawn again only when what it shows changes (not at every bet: a form being filled stays)
  const seats = table.seats.map((s) => [s.kind, s.name, s.bot]);
  const key = JSON.stringify([seats, snap.you.seat, table.paused, table.house, table.options, snap.host, Boolean(games)]);
  if (key === hostKey) return;
  hostKey = key;
  const parts = [];
  parts.push(el("h3", "The table"));
  const pause = small(table.paused ? "Resume the table" : "Pause the table", () => host({ do: table.paused ? "resume" : "pause" }), "");
  pause.dataset.host = table.paused ? "resume" : "pause";
  parts.push(pause, el("div", table.paused ? "Paused: no deal, no timer, no bot moves." : "Pausing stops the deal, the timers and the bots.", "hint"));

  parts.push(el("h3", "Seat requests"));
  const asked = snap.host ? snap.host.requests : [];
  if (!asked.length) parts.push(el("div", table.options.approve_seats ? "Nobody is waiting." : "Newcomers sit down at once (turn on \u201capprove seats\u201d below to vet them).", "hint"));
  for (const r of asked) {
    const row = el("div", "", "host-row");
    const yes = small("Approve", () => host({ do: "approve", request: r.id }), "primary");
    yes.dataset.approve = r.name;
    row.append(el("span", `${r.name} asks for a seat`), yes, small("Decline", () => host({ do: "decline", request: r.id })));
    parts.push(row);
  }

  parts.push(el("h3", "Seats"));
  for (const s of table.seats) {
    const row = el("div", "", "host-row");
    row.dataset.seat = String(s.seat);
    const mine = s.seat === snap.you.seat;
    const what = s.kind === "open" ? "open" : `${s.name}${s.kind === "bot" ? ` (bot: ${s.bot})` : ""}${mine ? " (you)" : ""}`;
    row.append(el("span", `Seat ${s.seat + 1}: ${what}`));
    if (s.kind === "open") {
      const pick = document.createElement("select");
      pick.setAttribute("aria-label", `bot for seat ${s.seat + 1}`);
      for (const bot of (games ? games.bots : ["heuristic"])) pick.append(option(bot, bot, bot === "heuristic"));
      const add = small("Add a bot", () => host({ do: "add_bot", seat: s.seat, bot: pick.value }));
      add.dataset.host = "add_bot";
      row.append(pick, add);
    } else if (!mine) {
      const remove = small(s.kind === "bot" ? "Remove the bot" : "Remove", () => {
        if (s.kind === "bot" || confirm(`Remove ${s.name}? Their chips go to the ledger as a cash-out.`)) host({ do: "remove", seat: s.seat });
      }, "danger");
      remove.dataset.host = "remove";
      row.append(remove);
    }
    parts.push(row);
  }

  const game = games && games.games.find((g) => g.name === table.game);
  if (game) {
    parts.push(el("h3", "Stakes and house rules"));
    parts.push(el("div", "Changes apply from the next hand and are announced in the chat.", "hint"));
    const form = el("form", "", "host-form");
    form.id = "host-house";
    for (const rule of [...game.stakes, ...game.house]) {
      const row = field(rule, `host-${rule.name}`);
      const input = row.querySelector("[data-rule]");
      const current = rule.name in table.house ? table.house[rule.name] : (rule.name in table.stakes ? table.stakes[rule.name] : rule.default);
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
      const house = {};
      for (const input of form.querySelectorAll("[data-rule]")) house[input.dataset.rule] = valueOf(input);
      host({ do: "house", house });
    });
    parts.push(form);
  }

  parts.push(el("h3", "Options"));
  const form = el("form", "", "host-form");
  form.id = "host-options";
  const flag = (name, label) => {
    const row = el("label", "", "check");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = name;
    box.checked = Boolean(table.options[name]);
    row.append(box, ` ${label}`);
    return row;
  };
  form.append(flag("approve_seats", "approve seats: a newcomer waits for you"), flag("odds", "offer the odds panel to the players"));
  const number = (name, label, value, placeholder) => {
    const row = el("div", "", "field");
    const input = document.createElement("input");
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
  const save = el("button", "Save the options", "primary");
  save.type = "submit";
  form.append(save);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const max = form.elements.max_buy.value.trim();
    host({
      do: "options",
      options: {
        approve_seats: form.elements.approve_seats.checked,
        odds: form.elements.odds.checked,
        max_buy: max === "" ? null : (/^\d+$/.test(max) ? Number(max) : max),
        chip_value: form.elements.chip_value.value.trim() || null,
      },
    });
  });
  parts.push(form);
  $("host-body").replaceChildren(...parts);
}
