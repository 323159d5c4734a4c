// @ts-check
// The felt: the header and the table's rules, the seats around the oval (my own at the
// bottom), the pot, the step, the lot or card on offer, the result, the hand's log, the turn
// timers, and the cards a move may name (chosen by click or by keyboard).

import { myTurn } from "./alert.js";
import { cardElement } from "./cards.js";
import { drawResult, madeBy, marked } from "./result.js";
import { $, el, setText } from "./dom.js";
import { showLines } from "./live.js";
import { changed, snap, state } from "./state.js";
import { awardWords, declared, describeLog, forfeitWords, stepWords } from "./words.js";

/** @typedef {import("./types.js").View} View */

// --- who is who -------------------------------------------------------------------------------

/**
 * The engine seat (the hand's player index) sitting at table position `position`, if dealt in.
 * @param {number} position
 */
function engineSeatOf(position) {
  const hand = snap().hand;
  if (!hand) return null;
  const e = hand.players.findIndex((p) => p.seat === position);
  return e < 0 ? null : e;
}

/**
 * A hand's player by name: "You" for this page's seat.
 * @param {number} e the engine seat
 */
export function nameOf(e) {
  const hand = snap().hand;
  if (hand && hand.you === e) return "You";
  return hand && hand.players[e] ? hand.players[e].name : `p${e + 1}`;
}

// --- drawing ----------------------------------------------------------------------------------

/** The header, the rules, the seats, the centre and the log, from the snapshot. */
export function drawBoard() {
  const now = snap();
  const table = now.table;
  $("title").textContent = table.title;
  $("code").textContent = table.code;
  $("hand-no").textContent = now.hand ? `hand ${now.hand.number}` : "";
  /** @type {HTMLInputElement} */ ($("invite-link")).value = `${location.origin}/t/${table.code}`;
  const away = $("away-button");
  away.classList.toggle("hidden", !now.you);
  away.textContent = now.you && now.you.sitting_out ? "I'm back" : "Sit out";
  drawRules(table);
  drawSeats();
  drawCenter();
  drawLog();
}

/** @param {import("./types.js").TableInfo} table */
function drawRules(table) {
  const s = table.stakes;
  const parts = [`${table.game}`, `ante ${s.ante}`];
  if (s.bring_in) parts.push(`bring-in ${s.bring_in}`);
  parts.push(`bets ${s.small_bet}/${s.big_bet}`, `starting chips ${table.stack}`);
  parts.push(table.timer ? `${table.timer} s a turn` : "no turn timer");
  if (table.timer && table.options.time_bank) parts.push(`a time bank of ${table.options.time_bank} s each`);
  const house = Object.entries(table.house).filter(([k]) => !(k in s));
  if (house.length) parts.push("house rules: " + house.map(([k, v]) => `${k} = ${v === null ? "none" : v}`).join(", "));
  $("rules").textContent = parts.join(" \u00b7 ");
}

/**
 * How many of `count` other seats sit up each side of the centre; the rest sit along the top.
 * @param {number} count
 */
function sideCount(count) {
  if (count <= 2) return 0;
  if (count <= 5) return 1;
  return count <= 7 ? 2 : 3;
}

// The seats sit in the felt's grid (left column, top row, right column, my own at the bottom),
// in turn order from my left: laid out by the browser, so no seat can cover another, the pot or
// the page's side (a phone lists them in two columns).
function drawSeats() {
  const now = snap();
  const mine = now.you ? now.you.seat : null;
  const n = now.table.seats.length;
  const order = [];
  const start = mine === null ? 0 : mine + 1;
  for (let i = 0; i < n; i++) {
    const position = (start + i) % n;
    if (position !== mine) order.push(position);
  }
  const side = sideCount(order.length);
  const boxes = order.map((position) => seatBox(position, false));
  const left = el("div", "", "seats-left");
  const top = el("div", "", "seats-top");
  const right = el("div", "", "seats-right");
  left.append(...boxes.slice(0, side));
  top.append(...boxes.slice(side, boxes.length - side));
  right.append(...boxes.slice(boxes.length - side));
  const felt = $("felt");
  felt.dataset.seats = String(n);
  felt.classList.toggle("crowded", order.length >= 5);
  $("others").replaceChildren(left, top, right);
  $("me").replaceChildren(...(mine === null ? [] : [seatBox(mine, true)]));
}

/**
 * One seat: its name, stack and status, its cards and bet, its timer.
 * @param {number} position
 * @param {boolean} me
 */
function seatBox(position, me) {
  const now = snap();
  const info = now.table.seats[position];
  const hand = now.hand;
  const view = hand ? hand.view : null;
  const e = engineSeatOf(position);
  const seen = hand && view && e !== null && (!me || hand.you === e) ? view.seats[e] : null;
  const box = el("div", "", "seat");
  box.dataset.seat = String(position);
  box.setAttribute("role", "group");
  const who = el("div", "", "who");
  // a seat whose player left during the hand shows that player's hand until the next deal
  const player = seen && hand && e !== null ? hand.players[e] : null;
  const name = el("span", player ? player.name : (info.kind === "open" ? "Open seat" : info.name), "name");
  who.append(name);
  box.setAttribute("aria-label", me ? `${name.textContent}, you` : name.textContent || "");
  if (player ? player.bot !== null : info.kind === "bot") who.append(el("span", "bot", "tag "));
  if (me) who.append(el("span", "you", "tag you"));
  const stack = el("span", "", "stack");
  stack.textContent = info.kind === "open" ? "" : String(seen ? seen.stack : info.stack);
  who.append(stack);
  box.append(who);
  const status = el("div", "", "status");
  box.append(status);
  if (info.sitting_out) box.classList.add("away");
  if (!seen || !view || e === null) {
    const idle = hand ? "sits in next hand" : "ready for the deal";
    status.textContent = info.kind === "open" ? "free: share the link" : (info.sitting_out ? "sitting out" : idle);
    return box;
  }
  /** @type {(string | HTMLElement)[]} */
  const flags = [];
  if (seen.folded) { flags.push("folded"); box.classList.add("folded"); }
  if (seen.has_bid) flags.push(seen.bid === null ? el("span", "has bid \u2713", "sealed") : `bid ${seen.bid}`);
  if (seen.declared) flags.push(seen.declaration === null ? el("span", "has declared \u2713", "sealed") : `declares ${declared(seen.declaration)}`);
  if (info.kind === "human" && !info.connected) flags.push("disconnected");
  flags.forEach((flag, i) => {
    if (i) status.append(" \u00b7 ");
    status.append(flag);
  });
  if (!view.finished && view.to_act.includes(e)) box.classList.add("turn");
  if (view.finished && view.awards.some((a) => a.seat === e)) box.classList.add("winner");
  const cards = el("div", "", "cards");
  const choosable = me ? cardChoices() : new Set();
  const made = view.finished ? madeBy(view.awards, e) : new Map();
  seen.down.forEach((card) => cards.append(marked(choosableCard(card, { hole: me && card !== null && !seen.shown }, choosable), made)));
  if (seen.down.length && seen.up.length) cards.append(el("span", "", "gap"));
  seen.up.forEach((card) => cards.append(marked(choosableCard(card, {}, choosable), made)));
  box.append(cards);
  if (seen.bet) box.append(el("div", String(seen.bet), "bet"));
  if (me && seen.down.some((c) => c !== null) && !view.finished) {
    box.append(el("div", "blue edge: face down, only you see it", "hand-caption"));
  }
  if (state.timers[e] !== undefined) {
    const bar = el("div", "", "timer");
    bar.dataset.timer = String(e);
    bar.append(el("div"));
    box.append(bar);
    if (hand && hand.banks && hand.banks[String(e)] !== undefined) {
      const bank = el("div", "", "bank");
      bank.dataset.bank = String(e);
      box.append(bank);
    }
  }
  return box;
}

// --- choosing a card --------------------------------------------------------------------------

/**
 * A card, which is a toggle button when the move being made may name it.
 * @param {string | null} card
 * @param {{ hole?: boolean }} options
 * @param {Set<string>} choosable
 */
function choosableCard(card, options, choosable) {
  const node = cardElement(card, options);
  if (card && choosable.has(card)) {
    node.classList.add("choosable");
    if (card === state.chosen) node.classList.add("chosen");
    // a toggle button named by its text ("queen of diamonds"), no longer an image
    node.setAttribute("role", "button");
    node.removeAttribute("aria-label");
    node.setAttribute("aria-pressed", String(card === state.chosen));
    node.tabIndex = 0;
    node.addEventListener("click", () => choose(card));
    node.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault(); // a space would scroll the page
      choose(card);
    });
  }
  return node;
}

/** @param {string} card chosen, or unchosen when it was */
function choose(card) {
  state.chosen = state.chosen === card ? null : card;
  state.drawn.controls = "";
  changed();
}

/**
 * The card that has the focus, and where: each snapshot draws the cards anew.
 * @returns {{ where: string, card: string } | null}
 */
export function focusedCard() {
  const node = document.activeElement;
  if (!(node instanceof HTMLElement) || !node.dataset.card) return null;
  const where = node.closest("#me, #offer");
  return where ? { where: where.id, card: node.dataset.card } : null;
}

/**
 * The focus back on that card once it is drawn again, if it may still be chosen.
 * @param {{ where: string, card: string } | null} kept
 */
export function refocusCard(kept) {
  const node = kept && $(kept.where).querySelector(`.card.choosable[data-card="${kept.card}"]`);
  if (node instanceof HTMLElement) node.focus();
}

/**
 * The cards the move being made may name: the lot for a pick, the seat's own for the rest.
 * @param {"hand" | "lot"} [where]
 * @returns {Set<string>}
 */
function cardChoices(where = "hand") {
  const hand = snap().hand;
  const view = hand && hand.view;
  if (!view || view.finished) return new Set();
  /** @type {Set<string>} */
  const out = new Set();
  for (const option of view.options) {
    const lot = option.verb === "pick";
    if ((where === "lot") === lot) option.cards.forEach((c) => out.add(c));
  }
  return out;
}

// --- the centre -------------------------------------------------------------------------------

function drawCenter() {
  const hand = snap().hand;
  const view = hand ? hand.view : null;
  const paid = view ? view.awards.reduce((sum, a) => sum + a.amount, 0) : 0;
  $("pot").textContent = !view ? "" : (view.finished ? `Pot ${paid}` : `Pot ${view.pot}`);
  setText($("step"), view ? stepWords(view, snap().table) : "");
  $("step").dataset.step = view ? (view.finished ? "over" : view.step) : "";
  const offer = $("offer");
  const note = $("offer-note");
  offer.replaceChildren();
  note.textContent = "";
  if (view && view.offer) {
    const lot = cardChoices("lot");
    view.offer.cards.forEach((card) => offer.append(choosableCard(card, {}, lot)));
    if (view.offer.seller !== null) {
      let words = `For sale by ${nameOf(view.offer.seller)}`;
      if (view.offer.ask !== null) words += `, asking ${view.offer.ask}`;
      if (view.offer.high_bid !== null) words += `; best bid ${view.offer.high_bid} by ${nameOf(view.offer.high_bidder)}`;
      note.textContent = words;
    } else {
      note.textContent = "On offer";
    }
  }
  const made = view && view.finished ? madeBy(view.awards, null) : new Map();
  $("common").replaceChildren(...(view ? view.common.map((c) => marked(cardElement(c), made)) : []));
  // a live region (role="status"): its words change when the turn does, so they are read out
  const waiting = $("waiting");
  const you = snap().you;
  const away = Boolean(you && you.sitting_out);
  setText(waiting, view && view.finished && !away ? "" : waitingWords(view));
  waiting.classList.toggle("mine", myTurn());
  waiting.classList.toggle("away", away);
  drawResult(view, snap().hand, nameOf);
}

/** @param {View | null} view */
function waitingWords(view) {
  const now = snap();
  const hand = now.hand;
  if (now.you && now.you.sitting_out) return "You are sitting out: press I'm back to play";
  if (!view || !hand) {
    const seated = now.table.seats.filter((s) => s.kind !== "open").length;
    if (seated < 2) return "Waiting for players to sit down";
    if (!now.table.started && now.table.seats.some((s) => s.kind === "open")) return "Waiting for friends to take the open seats";
    return "Waiting for a player to connect";
  }
  if (view.finished) return now.table.paused ? "Hand over; the table is paused" : (state.nextAt === null ? "Hand over" : "Next hand soon");
  const names = view.to_act.filter((e) => e !== hand.you).map(nameOf);
  const mine = hand.you !== null && view.to_act.includes(hand.you);
  const sealed = view.seats.some((s) => s.has_bid || s.declared) || view.to_act.length > 1;
  if (mine) return names.length ? `Your turn (also waiting on ${names.join(", ")})` : "Your turn";
  if (!names.length) return "";
  return `Waiting on ${names.join(", ")}${sealed && view.to_act.length > 1 ? " (sealed: revealed when all are in)" : ""}`;
}

function drawLog() {
  const now = snap();
  const hand = now.hand;
  const box = $("log");
  if (!hand) {
    showLines(box, []);
    return;
  }
  /** @param {number} s */
  const shownUp = (s) => (hand.view.seats[s].shown ? new Set(hand.view.seats[s].up) : null);
  const lines = /** @type {string[]} */ (describeLog(hand.view.log, nameOf, hand.you, now.table.stakes.bring_in, shownUp).filter((w) => w));
  if (hand.view.finished) {
    for (const award of hand.view.awards) lines.push(awardWords(award, nameOf));
    for (const forfeit of hand.view.forfeits || []) lines.push(forfeitWords(forfeit, nameOf));
  }
  showLines(box, lines.map((text, i) => ({ key: `${hand.number} ${i} ${text}`, node: el("div", text) })), 80);
  box.scrollTop = box.scrollHeight;
}

// --- timers -----------------------------------------------------------------------------------

/** The turn timers' bars and the countdown to the next hand, as time passes. */
export function tick() {
  const now = performance.now();
  const table = state.snap ? state.snap.table : null;
  const total = table && table.timer ? table.timer * 1000 : 0;
  const banks = (state.snap && state.snap.hand && state.snap.hand.banks) || {};
  /** the turn's time left, and what of it is the seat's time bank (spent after the timer) @param {string} e */
  const left = (e) => {
    const all = Math.max(0, (state.timers[e] || now) - now);
    const bank = Math.min(all, banks[e] || 0);
    return { turn: all - bank, bank, all };
  };
  document.querySelectorAll("[data-timer]").forEach((bar) => {
    if (!(bar instanceof HTMLElement) || !(bar.firstChild instanceof HTMLElement)) return;
    const time = left(bar.dataset.timer || "");
    bar.firstChild.style.width = total ? `${Math.min(100, (100 * time.turn) / total)}%` : "0";
    bar.classList.toggle("low", time.all < 10000);
    bar.title = `${Math.ceil(time.all / 1000)} s left`;
  });
  document.querySelectorAll("[data-bank]").forEach((line) => {
    if (!(line instanceof HTMLElement)) return;
    const time = left(line.dataset.bank || "");
    const seconds = Math.ceil(time.bank / 1000);
    line.textContent = time.turn > 0 ? `time bank ${seconds} s` : `time bank running: ${seconds} s left`;
    line.classList.toggle("running", time.turn <= 0);
  });
  const next = document.getElementById("next-hand");
  if (next) next.textContent = state.nextAt === null ? "" : `Next hand in ${Math.max(0, Math.ceil((state.nextAt - now) / 1000))} s`;
}
