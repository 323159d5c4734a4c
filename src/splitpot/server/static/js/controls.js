// @ts-check
// The bar of moves at the bottom: the moves the engine offers this seat (their words the
// server's), amounts within the legal range, cards chosen on the felt, and the hint that says
// what the moment asks. Nothing here decides what is legal: the server checks every move.

import { cardText } from "./cards.js";
import { $, button, el } from "./dom.js";
import { send } from "./socket.js";
import { snap, state } from "./state.js";
import { nameOf } from "./board.js";
import { openJoin } from "./join.js";
import { phrase, Round, describe } from "./words.js";

/** @typedef {import("./types.js").Option} Option */
/** @typedef {import("./types.js").View} View */

/**
 * Send a move answering the decision shown: its hand and the point of its log seen (a move
 * sent twice, from two tabs or again after a reconnect, is refused once the seat has moved).
 * @param {{ verb: string, [field: string]: unknown }} move
 */
function act(move) {
  const hand = snap().hand;
  if (!hand) return;
  state.sent += 1;
  send({ type: "act", hand: hand.number, at: hand.view.log.length, ...move });
  state.chosen = null;
  state.drawn.controls = "";
  $("buttons").querySelectorAll("button, input").forEach((node) => {
    /** @type {HTMLButtonElement | HTMLInputElement} */ (node).disabled = true;
  });
  showError(null);
}

/**
 * The error line over the moves: a refusal with its rule (null: none).
 * @param {import("./types.js").Problem | null} problem
 */
export function showError(problem) {
  const box = $("error");
  box.replaceChildren();
  box.classList.toggle("hidden", !problem);
  if (!problem) return;
  box.append(problem.message);
  if (problem.rule) box.append(el("span", `(${problem.rule})`, "rule"));
}

/**
 * The last card of a lot is the only pick: chosen already, so one press of Pick takes it (the
 * button still confirms, by mouse or keyboard).
 */
export function chooseOnlyCard() {
  const hand = state.snap && state.snap.hand;
  const view = hand && hand.view;
  if (!view || view.finished || state.chosen !== null) return;
  const picks = view.options.filter((o) => o.verb === "pick");
  if (picks.length === 1 && picks[0].cards.length === 1) state.chosen = picks[0].cards[0];
}

/** The moves, drawn again only when what they depend on changes (a half-typed bid stays). */
export function drawControls() {
  const now = snap();
  const hand = now.hand;
  const view = hand ? hand.view : null;
  const key = JSON.stringify([hand && hand.number, view && view.options, state.chosen, now.you, now.request, state.watching, state.acks >= state.sent, view && view.finished]);
  if (key === state.drawn.controls) return;
  state.drawn.controls = key;
  // the focus was on a move just made (or nowhere): it goes to the new moves, never from elsewhere
  const active = document.activeElement;
  const adrift = !active || active === document.body || $("controls").contains(active);
  buildControls();
  if (adrift) focusMoves();
}

// The first move that is safe to press (never Fold), else the first card to choose.
function focusMoves() {
  const controls = /** @type {(HTMLButtonElement | HTMLInputElement)[]} */ ([...$("buttons").querySelectorAll("button, input")]).filter((node) => !node.disabled);
  /** @param {HTMLElement} node */
  const safe = (node) => node.dataset.verb !== "f";
  const card = /** @type {HTMLElement | null} */ (document.querySelector("#offer .card.choosable, #me .card.choosable"));
  const target = controls.find((node) => node.dataset.verb && safe(node)) || card || controls.find(safe) || controls[0];
  if (target) target.focus();
}

function buildControls() {
  const now = snap();
  const hand = now.hand;
  const view = hand ? hand.view : null;
  const hint = $("hint");
  const row = $("buttons");
  row.replaceChildren();
  hint.className = "hint";
  if (!now.you && now.request) {
    hint.textContent = "You have asked for a seat: the host will let you in. Meanwhile you watch.";
    return;
  }
  if (!now.you) {
    hint.textContent = "You are watching: you see what every spectator sees, never a card face down.";
    if (now.table.seats.some((s) => s.kind !== "human")) row.append(button("Take a seat", () => { state.watching = false; openJoin(true); }));
    return;
  }
  if (now.you.sitting_out) {
    hint.textContent = "You are sitting out (your turn timer ran out, or you chose to): the table checks or folds for you and deals you out of new hands until you are back.";
    hint.classList.add("sealed");
    row.append(button("I'm back", () => send({ type: "back" }), "primary"));
    return;
  }
  if (!view || !hand || hand.you === null) {
    const open = now.table.seats.filter((s) => s.kind === "open").length;
    if (!view && open && !now.table.started) {
      hint.textContent = `Waiting for friends: ${open} open seat${open > 1 ? "s" : ""}. Share the link (Invite), or start now; whoever comes later sits in from the next hand.`;
      row.append(button("Deal now", () => send({ type: "start" }), "primary", "start"));
      return;
    }
    hint.textContent = view ? "You sit in from the next hand." : "Waiting for the first hand.";
    return;
  }
  if (view.finished) {
    hint.textContent = "The hand is over.";
    return;
  }
  if (state.acks < state.sent) {
    hint.textContent = "Sending your move\u2026";
    return;
  }
  if (!view.options.length) {
    hint.textContent = view.to_act.length ? "Not your turn." : "";
    const me = view.seats[hand.you];
    if (me && (me.has_bid || me.declared) && view.to_act.length) {
      hint.textContent = "Your move is in, sealed: the others see only that you moved, until everyone has.";
      hint.classList.add("sealed");
    }
    return;
  }
  buildMoves(view, hand.you, row, hint);
}

/**
 * A number within the legal range (and a slider), and the button that makes the move.
 * @param {Option} option
 * @param {string} label
 * @param {string} verb
 */
function amountPicker(option, label, verb) {
  const box = el("span", "", "amount");
  const least = option.min || 0;
  const most = option.max || 0;
  if (option.choices.length) {
    for (const amount of option.choices) box.append(button(`${label} ${amount}`, () => act({ verb, amount }), "primary", verb));
    return box;
  }
  if (least === most) {
    box.append(button(`${label} ${least}`, () => act({ verb, amount: least }), "primary", verb));
    return box;
  }
  const number = el("input");
  number.type = "number";
  number.min = String(least);
  number.max = String(most);
  number.value = String(least);
  number.dataset.amount = verb;
  number.setAttribute("aria-label", `${label} amount, ${least} to ${most}`);
  const slider = el("input");
  slider.type = "range";
  slider.min = String(least);
  slider.max = String(most);
  slider.value = String(least);
  slider.setAttribute("aria-label", `${label} amount`);
  const go = button(`${label} ${least}`, () => act({ verb, amount: Number(number.value) }), "primary", verb);
  /** @param {number | string} value */
  const sync = (value) => {
    number.value = String(value);
    slider.value = String(value);
    go.textContent = `${label} ${value}`;
  };
  slider.addEventListener("input", () => sync(slider.value));
  number.addEventListener("input", () => { go.textContent = `${label} ${number.value}`; slider.value = number.value; });
  box.append(button("min", () => sync(least), "quiet"), slider, number, button(`max ${most}`, () => sync(most), "quiet"), go);
  return box;
}

/**
 * The moves offered, grouped by verb, each with its button; the hint says what they do.
 * @param {View} view
 * @param {number} you the engine seat
 * @param {HTMLElement} row
 * @param {HTMLElement} hint
 */
function buildMoves(view, you, row, hint) {
  /** @type {Record<string, Option[]>} */
  const by = {};
  for (const option of view.options) (by[option.verb] = by[option.verb] || []).push(option);
  const table = snap().table;
  const words = [];
  const round = new Round(table.stakes.bring_in);
  for (const action of view.log) describe(action, nameOf, you, round);
  /** @type {(verb: string, variant?: string, amount?: number | null) => string} */
  const label = (verb, variant = "", amount = null) => phrase(verb, "buttons", variant, { amount });
  /** @type {Set<string>} */
  const done = new Set();
  /** @param {string} verb */
  const offered = (verb) => {
    done.add(verb);
    return by[verb];
  };
  if (offered("f")) row.append(button(label("f"), () => act({ verb: "f" }), "danger", "f"));
  if (offered("cc")) {
    const due = by.cc[0].min || 0;
    row.append(button(label("cc", due ? "call" : "check", due), () => act({ verb: "cc" }), "", "cc"));
  }
  if (offered("pb")) row.append(button(label("pb", "", by.pb[0].min), () => act({ verb: "pb" }), "", "pb"));
  if (offered("cbr")) {
    const variant = by.pb || (round.brought && round.raised === 0) ? "complete" : (round.top === 0 ? "bet" : "raise");
    row.append(amountPicker(by.cbr[0], label("cbr", variant), "cbr"));
    words.push("Your turn to bet.");
  }
  if (offered("bid")) {
    const sealed = view.step === "auction" || table.sealed.sale;
    row.append(amountPicker(by.bid[0], label("bid"), "bid"));
    words.push(view.step === "auction" ? "Bid for a card of the lot: highest bid picks first; every bid goes to the pot." :
      (view.offer ? "Bid for the card on sale: the best bid is paid to the seller." : "Bid for the right to sell first."));
    if (sealed) {
      words.push("Sealed: the others see only that you bid, until all bids are in.");
      hint.classList.add("sealed");
    }
  }
  if (offered("pass")) row.append(button(label("pass"), () => act({ verb: "pass" }), "", "pass"));
  if (offered("pick")) {
    words.push(state.chosen ? `Pick ${cardText(state.chosen)}?` : "Choose a card from the lot: click it.");
    row.append(cardMove(label("pick"), "pick", by.pick[0]));
  }
  if (offered("buy")) {
    words.push(`Buy: choose a card to throw away and pay ${by.buy[0].min} for a new one, or stand pat.`);
    row.append(cardMove(label("buy", "", by.buy[0].min), "buy", by.buy[0]));
  }
  if (offered("sell")) {
    words.push("Sell: choose one of your cards to offer the table.");
    row.append(sellMove(by.sell));
  }
  if (offered("sd")) {
    const discard = by.sd[0];
    if (!discard.cards.length) row.append(button(label("sd", "pat"), () => act({ verb: "sd" }), "", "sd"));
    else {
      words.push(by.sell ? "Or discard a card face down for nothing." : "Discard one card face down.");
      row.append(cardMove(label("sd", by.sell ? "free" : ""), "sd", discard));
    }
  }
  if (offered("up")) {
    words.push("Choose a down card to turn face up; all turn up together.");
    hint.classList.add("sealed");
    row.append(cardMove(label("up"), "up", by.up[0]));
  }
  if (offered("dec")) {
    const secret = table.sealed.declare;
    words.push(secret ? "Declare: in secret, shown when everyone has declared." : "Declare, in turn: everyone sees it at once.");
    if (secret) hint.classList.add("sealed");
    for (const said of by.dec[0].declarations) {
      const node = button(label("dec", said), () => act({ verb: "dec", declaration: said }), "primary", "dec");
      node.dataset.declaration = said;
      row.append(node);
    }
  }
  if (offered("sm")) {
    row.append(button(label("sm"), () => act({ verb: "sm", show: true }), "primary", "sm"));
    row.append(button(label("sm", "muck"), () => act({ verb: "sm", show: false }), "", "sm"));
  }
  // a verb the page has no special controls for: one button, in the server's words
  for (const option of view.options) {
    if (done.has(option.verb)) continue;
    row.append(button(label(option.verb, "", option.min), () => act({ verb: option.verb, amount: option.min, card: option.cards[0] }), "", option.verb));
  }
  hint.textContent = words.join(" ");
}

/**
 * A move naming the card chosen on the felt, ready once one is.
 * @param {string} label
 * @param {string} verb
 * @param {Option} option
 */
function cardMove(label, verb, option) {
  const chosen = state.chosen;
  const ok = chosen !== null && option.cards.includes(chosen);
  const node = button(ok ? `${label} ${cardText(chosen)}` : `${label}: choose a card`, () => act({ verb, card: state.chosen }), "primary", verb);
  node.disabled = !ok;
  return node;
}

/**
 * A sale: the card chosen, and an asking price where one may (or must) be named.
 * @param {Option[]} options
 */
function sellMove(options) {
  const box = el("span", "", "amount");
  const priced = options.find((o) => o.min !== null);
  const free = options.find((o) => o.min === null);
  const chosen = state.chosen;
  const ok = chosen !== null && options[0].cards.includes(chosen);
  /** @type {HTMLInputElement | null} */
  let price = null;
  if (priced) {
    price = el("input");
    price.type = "number";
    price.min = String(priced.min);
    price.max = String(priced.max);
    price.placeholder = free ? "no price" : String(priced.min);
    if (!free) price.value = String(priced.min);
    price.dataset.amount = "sell";
    price.setAttribute("aria-label", `asking price, ${priced.min} to ${priced.max}${free ? ", or none" : ""}`);
    box.append(el("span", "asking"), price);
  }
  const sell = phrase("sell", "buttons");
  const go = button(ok ? `${sell} ${cardText(chosen)}` : `${sell}: choose a card`, () => {
    const text = price ? price.value.trim() : "";
    act({ verb: "sell", card: state.chosen, amount: text === "" ? null : Number(text) });
  }, "primary", "sell");
  go.disabled = !ok;
  box.append(go);
  return box;
}
