// The table page: one WebSocket to the server, the table drawn from each snapshot, and the
// controls for the moves the engine offers this seat. Nothing here decides what is legal: the
// server checks every move and a refusal comes back with its rule.

import { forgetToken, keepName, keepToken, lastName, postJSON, tokenFor } from "./api.js";
import { cardElement, cardText } from "./cards.js";
import { closeDialog, openDialog } from "./dialog.js";
import { homeDraw, homeReceive, startHome } from "./home.js";
import { showLines } from "./live.js";
import { declared, describe, Round, says, stepWords } from "./words.js";

const $ = (id) => document.getElementById(id);
const code = decodeURIComponent(location.pathname.split("/").pop()).toUpperCase();
let token = tokenFor(code);
let socket = null;
let snap = null;
let sent = 0;
let acks = 0;
let watching = false;
let retry = 0;
let controlsKey = "";
let chosen = null; // the card picked for the move being made
let timers = {}; // engine seat -> performance.now() when its timer runs out
let nextAt = null;

// --- the connection ---------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(code)}`);
  banner("Connecting\u2026");
  socket.addEventListener("open", () => {
    retry = 0;
    sent = 0;
    acks = 0;
    banner(null);
    socket.send(JSON.stringify({ type: "hello", token }));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    banner("Connection lost \u2014 reconnecting\u2026");
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 400 * retry);
  });
}

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  socket.send(JSON.stringify(message));
}

function act(move) {
  if (!snap || !snap.hand) return;
  sent += 1;
  // the decision it answers: the hand and the point of its log seen (a move sent twice, from
  // two tabs or again after a reconnect, is refused once the seat has moved since)
  send({ type: "act", hand: snap.hand.number, at: snap.hand.view.log.length, ...move });
  chosen = null;
  controlsKey = "";
  $("buttons").querySelectorAll("button, input").forEach((el) => { el.disabled = true; });
  showError(null);
}

function receive(message) {
  if (message.acks !== undefined) acks = message.acks;
  if (message.type === "error" && String(message.reason).startsWith("entropy_")) return; // a value sent twice: kept once
  if (message.type === "error") {
    sent = acks; // a move refused or dropped: the controls come back
    if (message.reason === "bad_token") {
      forgetToken(code);
      token = null;
      watching = false;
    }
    showError(message);
    controlsKey = "";
    if (snap) draw();
    return;
  }
  if (homeReceive(message)) return;
  if (message.type !== "state") return;
  snap = message;
  const now = performance.now();
  timers = {};
  if (snap.hand) {
    for (const [seat, ms] of Object.entries(snap.hand.timers || {})) timers[seat] = now + ms;
  }
  nextAt = snap.next_in === undefined ? null : now + snap.next_in;
  draw();
}

function banner(text) {
  const el = $("connection");
  el.textContent = text || "";
  el.classList.toggle("hidden", !text);
}

function showError(message) {
  const el = $("error");
  el.replaceChildren();
  el.classList.toggle("hidden", !message);
  if (!message) return;
  el.append(message.message);
  if (message.rule) {
    const rule = document.createElement("span");
    rule.className = "rule";
    rule.textContent = `(${message.rule})`;
    el.append(rule);
  }
}

// --- who is who -------------------------------------------------------------------------------

function engineSeatOf(position) {
  const hand = snap.hand;
  if (!hand) return null;
  const e = hand.players.findIndex((p) => p.seat === position);
  return e < 0 ? null : e;
}

function nameOf(e) {
  const hand = snap.hand;
  if (hand && hand.you === e) return "You";
  return hand && hand.players[e] ? hand.players[e].name : `p${e + 1}`;
}

// --- drawing ----------------------------------------------------------------------------------

function draw() {
  const kept = focusedCard();
  const table = snap.table;
  document.title = `splitpot \u2014 ${table.game} ${table.code}`;
  $("title").textContent = table.title;
  $("code").textContent = table.code;
  $("hand-no").textContent = snap.hand ? `hand ${snap.hand.number}` : "";
  $("invite-link").value = `${location.origin}/t/${table.code}`;
  const away = $("away-button");
  away.classList.toggle("hidden", !snap.you);
  away.textContent = snap.you && snap.you.sitting_out ? "I'm back" : "Sit out";
  drawRules(table);
  drawSeats();
  drawCenter();
  drawLog();
  drawControls();
  drawJoin();
  homeDraw(snap);
  tick();
  refocusCard(kept);
}

function drawRules(table) {
  const s = table.stakes;
  const parts = [`${table.game}`, `ante ${s.ante}`];
  if (s.bring_in) parts.push(`bring-in ${s.bring_in}`);
  parts.push(`bets ${s.small_bet}/${s.big_bet}`, `starting chips ${table.stack}`);
  parts.push(table.timer ? `${table.timer} s a turn` : "no turn timer");
  const house = Object.entries(table.house).filter(([k]) => !(k in s));
  if (house.length) parts.push("house rules: " + house.map(([k, v]) => `${k} = ${v === null ? "none" : v}`).join(", "));
  $("rules").textContent = parts.join(" \u00b7 ");
}

function seatPositions(count) {
  // Around the top of the oval from lower left to lower right; my own seat sits at the bottom.
  const out = [];
  for (let i = 0; i < count; i++) {
    const angle = ((150 + ((i + 1) * 240) / (count + 1)) * Math.PI) / 180;
    out.push({ x: 50 + 42 * Math.cos(angle), y: 47 + 34 * Math.sin(angle) });
  }
  return out;
}

function drawSeats() {
  const table = snap.table;
  const mine = snap.you ? snap.you.seat : null;
  const n = table.seats.length;
  const order = [];
  const start = mine === null ? 0 : mine + 1;
  for (let i = 0; i < n; i++) {
    const position = (start + i) % n;
    if (position !== mine) order.push(position);
  }
  const spots = seatPositions(order.length);
  const others = order.map((position, i) => {
    const box = seatBox(position, false);
    box.style.left = `${spots[i].x}%`;
    box.style.top = `${spots[i].y}%`;
    return box;
  });
  $("others").replaceChildren(...others);
  $("me").replaceChildren(...(mine === null ? [] : [seatBox(mine, true)]));
}

function seatBox(position, me) {
  const info = snap.table.seats[position];
  const hand = snap.hand;
  const view = hand ? hand.view : null;
  const e = engineSeatOf(position);
  const inHand = e !== null && view && (!me || hand.you === e);
  const seen = inHand ? view.seats[e] : null;
  const box = document.createElement("div");
  box.className = "seat";
  box.dataset.seat = String(position);
  box.setAttribute("role", "group");
  const who = document.createElement("div");
  who.className = "who";
  const name = document.createElement("span");
  name.className = "name";
  // a seat whose player left during the hand shows that player's hand until the next deal
  const player = seen ? hand.players[e] : null;
  name.textContent = player ? player.name : (info.kind === "open" ? "Open seat" : info.name);
  who.append(name);
  box.setAttribute("aria-label", me ? `${name.textContent}, you` : name.textContent);
  if (player ? player.bot !== null : info.kind === "bot") who.append(tag("bot"));
  if (me) who.append(tag("you", "you"));
  const stack = document.createElement("span");
  stack.className = "stack";
  stack.textContent = info.kind === "open" ? "" : String(seen ? seen.stack : info.stack);
  who.append(stack);
  box.append(who);
  const status = document.createElement("div");
  status.className = "status";
  box.append(status);
  if (info.sitting_out) box.classList.add("away");
  if (!seen) {
    const idle = hand ? "sits in next hand" : "ready for the deal";
    status.textContent = info.kind === "open" ? "free: share the link" : (info.sitting_out ? "sitting out" : idle);
    return box;
  }
  const flags = [];
  if (seen.folded) { flags.push("folded"); box.classList.add("folded"); }
  if (seen.has_bid) flags.push(seen.bid === null ? sealedFlag("has bid") : `bid ${seen.bid}`);
  if (seen.declared) flags.push(seen.declaration === null ? sealedFlag("has declared") : `declares ${declared(seen.declaration)}`);
  if (info.kind === "human" && !info.connected) flags.push("disconnected");
  flags.forEach((flag, i) => {
    if (i) status.append(" \u00b7 ");
    status.append(flag);
  });
  if (!view.finished && view.to_act.includes(e)) box.classList.add("turn");
  if (view.finished && view.awards.some((a) => a.seat === e)) box.classList.add("winner");
  const cards = document.createElement("div");
  cards.className = "cards";
  const choosable = me ? cardChoices() : new Set();
  seen.down.forEach((card) => cards.append(choosableCard(card, { hole: me && card !== null && !seen.shown }, choosable)));
  if (seen.down.length && seen.up.length) cards.append(spacer());
  seen.up.forEach((card) => cards.append(choosableCard(card, {}, choosable)));
  box.append(cards);
  if (seen.bet) {
    const bet = document.createElement("div");
    bet.className = "bet";
    bet.textContent = String(seen.bet);
    box.append(bet);
  }
  if (me && seen.down.some((c) => c !== null) && !view.finished) {
    const note = document.createElement("div");
    note.className = "hand-caption";
    note.textContent = "blue edge: face down, only you see it";
    box.append(note);
  }
  if (timers[e] !== undefined) {
    const bar = document.createElement("div");
    bar.className = "timer";
    bar.dataset.timer = String(e);
    bar.append(document.createElement("div"));
    box.append(bar);
  }
  return box;
}

function tag(text, extra = "") {
  const el = document.createElement("span");
  el.className = `tag ${extra}`;
  el.textContent = text;
  return el;
}

function sealedFlag(text) {
  const el = document.createElement("span");
  el.className = "sealed";
  el.textContent = `${text} \u2713`;
  return el;
}

function spacer() {
  const el = document.createElement("span");
  el.className = "gap";
  return el;
}

function choosableCard(card, options, choosable) {
  const el = cardElement(card, options);
  if (card && choosable.has(card)) {
    el.classList.add("choosable");
    if (card === chosen) el.classList.add("chosen");
    // a toggle button named by its text ("queen of diamonds"), no longer an image
    el.setAttribute("role", "button");
    el.removeAttribute("aria-label");
    el.setAttribute("aria-pressed", String(card === chosen));
    el.tabIndex = 0;
    el.addEventListener("click", () => choose(card));
    el.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault(); // a space would scroll the page
      choose(card);
    });
  }
  return el;
}

function choose(card) {
  chosen = chosen === card ? null : card;
  controlsKey = "";
  draw();
}

// The card that has the focus, and where: each snapshot draws the cards anew.
function focusedCard() {
  const el = document.activeElement;
  const where = el && el.dataset && el.dataset.card ? el.closest("#me, #offer") : null;
  return where ? { where: where.id, card: el.dataset.card } : null;
}

// The focus back on that card once it is drawn again, if it may still be chosen.
function refocusCard(kept) {
  const el = kept && $(kept.where).querySelector(`.card.choosable[data-card="${kept.card}"]`);
  if (el) el.focus();
}

// The cards the move being made may name: the lot for a pick, the seat's own for the rest.
function cardChoices(where = "hand") {
  const view = snap.hand && snap.hand.view;
  if (!view || view.finished) return new Set();
  const out = new Set();
  for (const option of view.options) {
    const lot = option.verb === "pick";
    if ((where === "lot") === lot) option.cards.forEach((c) => out.add(c));
  }
  return out;
}

function drawCenter() {
  const hand = snap.hand;
  const view = hand ? hand.view : null;
  const paid = view ? view.awards.reduce((sum, a) => sum + a.amount, 0) : 0;
  $("pot").textContent = !view ? "" : (view.finished ? `Pot ${paid}` : `Pot ${view.pot}`);
  setText($("step"), view ? stepWords(view, snap.table) : "");
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
  $("common").replaceChildren(...(view ? view.common.map((c) => cardElement(c)) : []));
  // a live region (role="status"): its words change when the turn does, so they are read out
  const waiting = $("waiting");
  setText(waiting, view && view.finished ? "" : waitingWords(view));
  waiting.classList.toggle("mine", Boolean(view && !view.finished && hand.you !== null && view.to_act.includes(hand.you)));
  drawResult(view);
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function waitingWords(view) {
  const hand = snap.hand;
  if (!view) {
    const seated = snap.table.seats.filter((s) => s.kind !== "open").length;
    if (seated < 2) return "Waiting for players to sit down";
    if (!snap.table.started && snap.table.seats.some((s) => s.kind === "open")) return "Waiting for friends to take the open seats";
    return "Waiting for a player to connect";
  }
  if (view.finished) return snap.table.paused ? "Hand over; the table is paused" : (nextAt === null ? "Hand over" : "Next hand soon");
  const names = view.to_act.filter((e) => e !== hand.you).map(nameOf);
  const mine = hand.you !== null && view.to_act.includes(hand.you);
  const sealed = view.seats.some((s) => s.has_bid || s.declared) || view.to_act.length > 1;
  if (mine) return names.length ? `Your turn (also waiting on ${names.join(", ")})` : "Your turn";
  if (!names.length) return "";
  return `Waiting on ${names.join(", ")}${sealed && view.to_act.length > 1 ? " (sealed: revealed when all are in)" : ""}`;
}

function drawResult(view) {
  const box = $("result");
  box.replaceChildren();
  box.classList.toggle("hidden", !(view && view.finished));
  if (!view || !view.finished) return;
  const title = document.createElement("h3");
  title.textContent = `Hand ${snap.hand.number}: the result`;
  box.append(title);
  for (const award of view.awards) {
    const line = document.createElement("div");
    line.className = "award";
    const who = document.createElement("b");
    const name = nameOf(award.seat);
    who.textContent = name;
    line.append(who, says(name, `${award.reason} (+${award.amount})`).slice(name.length));
    box.append(line);
  }
  const nets = view.seats.map((s, e) => {
    const net = s.stack - snap.hand.starting[e];
    return `${nameOf(e)} ${net > 0 ? "+" : ""}${net}`;
  });
  const net = document.createElement("div");
  net.className = "next";
  net.textContent = `Net: ${nets.join(", ")}`;
  box.append(net);
  const next = document.createElement("div");
  next.className = "next";
  next.id = "next-hand";
  box.append(next);
}

function drawLog() {
  const hand = snap.hand;
  const box = $("log");
  if (!hand) {
    showLines(box, []);
    return;
  }
  const round = new Round(snap.table.stakes.bring_in);
  const lines = [];
  const shownUp = (s) => (hand.view.seats[s].shown ? new Set(hand.view.seats[s].up) : null);
  for (const action of hand.view.log) {
    const words = describe(action, nameOf, hand.you, round, shownUp);
    if (words) lines.push(words);
  }
  if (hand.view.finished) {
    for (const award of hand.view.awards) lines.push(says(nameOf(award.seat), `${award.reason} (+${award.amount})`));
  }
  showLines(box, lines.map((text, i) => {
    const el = document.createElement("div");
    el.textContent = text;
    return { key: `${hand.number} ${i} ${text}`, node: el };
  }), 80);
  box.scrollTop = box.scrollHeight;
}

// --- the controls -----------------------------------------------------------------------------

function drawControls() {
  const hand = snap.hand;
  const view = hand ? hand.view : null;
  const key = JSON.stringify([hand && hand.number, view && view.options, chosen, snap.you, snap.request, watching, acks >= sent, view && view.finished]);
  if (key === controlsKey) return;
  controlsKey = key;
  // the focus was on a move just made (or nowhere): it goes to the new moves, never from elsewhere
  const active = document.activeElement;
  const adrift = !active || active === document.body || $("controls").contains(active);
  buildControls(hand, view);
  if (adrift) focusMoves();
}

// The first move that is safe to press (never Fold), else the first card to choose.
function focusMoves() {
  const controls = [...$("buttons").querySelectorAll("button, input")].filter((el) => !el.disabled);
  const safe = (el) => el.dataset.verb !== "f";
  const target = controls.find((el) => el.dataset.verb && safe(el)) ||
    document.querySelector("#offer .card.choosable, #me .card.choosable") || controls.find(safe) || controls[0];
  if (target) target.focus();
}

function buildControls(hand, view) {
  const hint = $("hint");
  const row = $("buttons");
  row.replaceChildren();
  hint.className = "hint";
  if (!snap.you && snap.request) {
    hint.textContent = "You have asked for a seat: the host will let you in. Meanwhile you watch.";
    return;
  }
  if (!snap.you) {
    hint.textContent = "You are watching: you see what every spectator sees, never a card face down.";
    if (snap.table.seats.some((s) => s.kind !== "human")) row.append(button("Take a seat", () => { watching = false; drawJoin(true); }));
    return;
  }
  if (snap.you.sitting_out) {
    hint.textContent = "You are sitting out: the table checks or folds for you and deals you out of new hands.";
    row.append(button("I'm back", () => send({ type: "back" }), "primary"));
    return;
  }
  if (!view || hand.you === null) {
    const open = snap.table.seats.filter((s) => s.kind === "open").length;
    if (!view && open && !snap.table.started) {
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
  if (acks < sent) {
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
  buildMoves(view, row, hint);
}

function button(text, onClick, extra = "", verb = "") {
  const el = document.createElement("button");
  el.type = "button";
  el.textContent = text;
  if (extra) el.className = extra;
  if (verb) el.dataset.verb = verb;
  el.addEventListener("click", onClick);
  return el;
}

function amountPicker(option, label, verb, extra = {}) {
  // A number within the legal range (and a slider), and the button that makes the move.
  const box = document.createElement("span");
  box.className = "amount";
  if (option.choices.length) {
    for (const amount of option.choices) box.append(button(`${label} ${amount}`, () => act({ verb, amount, ...extra }), "primary", verb));
    return box;
  }
  if (option.min === option.max) {
    box.append(button(`${label} ${option.min}`, () => act({ verb, amount: option.min, ...extra }), "primary", verb));
    return box;
  }
  const number = document.createElement("input");
  number.type = "number";
  number.min = String(option.min);
  number.max = String(option.max);
  number.value = String(option.min);
  number.dataset.amount = verb;
  number.setAttribute("aria-label", `${label} amount, ${option.min} to ${option.max}`);
  const slider = document.createElement("input");
  slider.type = "range";
  slider.min = String(option.min);
  slider.max = String(option.max);
  slider.value = String(option.min);
  slider.setAttribute("aria-label", `${label} amount`);
  const go = button(`${label} ${option.min}`, () => act({ verb, amount: Number(number.value), ...extra }), "primary", verb);
  const sync = (value) => {
    number.value = String(value);
    slider.value = String(value);
    go.textContent = `${label} ${value}`;
  };
  slider.addEventListener("input", () => sync(slider.value));
  number.addEventListener("input", () => { go.textContent = `${label} ${number.value}`; slider.value = number.value; });
  const least = button("min", () => sync(option.min), "quiet");
  const most = button(`max ${option.max}`, () => sync(option.max), "quiet");
  box.append(least, slider, number, most, go);
  return box;
}

function buildMoves(view, row, hint) {
  const by = {};
  for (const option of view.options) (by[option.verb] = by[option.verb] || []).push(option);
  const table = snap.table;
  const words = [];
  const round = new Round(table.stakes.bring_in);
  for (const action of view.log) describe(action, nameOf, snap.hand.you, round);
  if (by.f) row.append(button("Fold", () => act({ verb: "f" }), "danger", "f"));
  if (by.cc) {
    const due = by.cc[0].min || 0;
    row.append(button(due ? `Call ${due}` : "Check", () => act({ verb: "cc" }), "", "cc"));
  }
  if (by.pb) row.append(button(`Bring in ${by.pb[0].min}`, () => act({ verb: "pb" }), "", "pb"));
  if (by.cbr) {
    const label = by.pb || (round.brought && round.raised === 0) ? "Complete to" : (round.top === 0 ? "Bet" : "Raise to");
    row.append(amountPicker(by.cbr[0], label, "cbr"));
    words.push("Your turn to bet.");
  }
  if (by.bid) {
    const sealed = view.step === "auction" || table.sealed.sale;
    row.append(amountPicker(by.bid[0], "Bid", "bid"));
    words.push(view.step === "auction" ? "Bid for a card of the lot: highest bid picks first; every bid goes to the pot." :
      (view.offer ? "Bid for the card on sale: the best bid is paid to the seller." : "Bid for the right to sell first."));
    if (sealed) {
      words.push("Sealed: the others see only that you bid, until all bids are in.");
      hint.classList.add("sealed");
    }
  }
  if (by.pass) row.append(button("Pass", () => act({ verb: "pass" }), "", "pass"));
  if (by.pick) {
    words.push(chosen ? `Pick ${cardText(chosen)}?` : "Choose a card from the lot: click it.");
    row.append(cardMove("Pick", "pick", by.pick[0]));
  }
  if (by.buy) {
    words.push(`Buy: choose a card to throw away and pay ${by.buy[0].min} for a new one, or stand pat.`);
    row.append(cardMove(`Buy away (${by.buy[0].min})`, "buy", by.buy[0]));
  }
  if (by.sell) {
    words.push("Sell: choose one of your cards to offer the table.");
    row.append(sellMove(by.sell));
  }
  if (by.sd) {
    const discard = by.sd[0];
    if (!discard.cards.length) row.append(button("Stand pat", () => act({ verb: "sd" }), "", "sd"));
    else {
      words.push(by.sell ? "Or discard a card face down for nothing." : "Discard one card face down.");
      row.append(cardMove(by.sell ? "Discard free" : "Discard", "sd", discard));
    }
  }
  if (by.up) {
    words.push("Choose a down card to turn face up; all turn up together.");
    hint.classList.add("sealed");
    row.append(cardMove("Turn up", "up", by.up[0]));
  }
  if (by.dec) {
    const secret = table.sealed.declare;
    words.push(secret ? "Declare: in secret, shown when everyone has declared." : "Declare, in turn: everyone sees it at once.");
    if (secret) hint.classList.add("sealed");
    const labels = { hi: "High", lo: "Low", both: "Both ways" };
    for (const said of by.dec[0].declarations) {
      const el = button(labels[said] || said, () => act({ verb: "dec", declaration: said }), "primary", "dec");
      el.dataset.declaration = said;
      row.append(el);
    }
  }
  if (by.sm) {
    row.append(button("Show", () => act({ verb: "sm", show: true }), "primary", "sm"));
    row.append(button("Muck", () => act({ verb: "sm", show: false }), "", "sm"));
  }
  const known = new Set(["f", "cc", "pb", "cbr", "bid", "pass", "pick", "buy", "sell", "sd", "up", "dec", "sm"]);
  for (const option of view.options) {
    if (!known.has(option.verb)) row.append(button(option.verb, () => act({ verb: option.verb, amount: option.min, card: option.cards[0] }), "", option.verb));
  }
  hint.textContent = words.join(" ");
}

function cardMove(label, verb, option) {
  const text = chosen && option.cards.includes(chosen) ? `${label} ${cardText(chosen)}` : `${label}: choose a card`;
  const el = button(text, () => act({ verb, card: chosen }), "primary", verb);
  el.disabled = !(chosen && option.cards.includes(chosen));
  return el;
}

function sellMove(options) {
  const box = document.createElement("span");
  box.className = "amount";
  const priced = options.find((o) => o.min !== null);
  const free = options.find((o) => o.min === null);
  const ok = chosen && options[0].cards.includes(chosen);
  let price = null;
  if (priced) {
    price = document.createElement("input");
    price.type = "number";
    price.min = String(priced.min);
    price.max = String(priced.max);
    price.placeholder = free ? "no price" : String(priced.min);
    if (!free) price.value = String(priced.min);
    price.dataset.amount = "sell";
    price.setAttribute("aria-label", `asking price, ${priced.min} to ${priced.max}${free ? ", or none" : ""}`);
    const label = document.createElement("span");
    label.textContent = "asking";
    box.append(label, price);
  }
  const go = button(ok ? `Sell ${cardText(chosen)}` : "Sell: choose a card", () => {
    const text = price ? price.value.trim() : "";
    act({ verb: "sell", card: chosen, amount: text === "" ? null : Number(text) });
  }, "primary", "sell");
  go.disabled = !ok;
  box.append(go);
  return box;
}

// --- joining ----------------------------------------------------------------------------------

function drawJoin(force = false) {
  const box = $("join-box");
  const show = force || (!token && !watching && !snap.you);
  if (!show) {
    closeDialog(box);
    return;
  }
  const table = snap.table;
  $("join-title").textContent = `Table ${table.code}: ${table.title}`;
  const list = $("seat-list");
  list.replaceChildren(...table.seats.map((s) => {
    const line = document.createElement("div");
    const what = s.kind === "open" ? "free" : (s.kind === "bot" ? `${s.name}, a bot (gives up the seat from the next hand)` : s.name);
    line.textContent = `Seat ${s.seat + 1}: ${what}`;
    return line;
  }));
  const free = table.seats.some((s) => s.kind !== "human");
  $("take-seat").disabled = !free;
  if (!free) $("join-title").textContent += " \u2014 every seat is taken";
  const name = $("join-name");
  if (!name.value) name.value = lastName();
  openDialog(box, free ? name : $("watch"), watch);
}

function watch() {
  watching = true;
  closeDialog($("join-box"));
}

async function takeSeat(event) {
  event.preventDefault();
  const error = $("join-error");
  error.classList.add("hidden");
  const name = $("join-name").value.trim();
  try {
    if (!name) throw new Error("type your name: it is what the table calls you");
    const joined = await postJSON(`/api/tables/${encodeURIComponent(code)}/join`, { name });
    keepToken(code, joined.token);
    keepName(name);
    token = joined.token;
    closeDialog($("join-box"));
    socket.close(); // reconnect, saying hello with the new token
  } catch (exc) {
    error.textContent = exc.message;
    error.classList.remove("hidden");
  }
}

// --- timers -----------------------------------------------------------------------------------

function tick() {
  const now = performance.now();
  const total = snap && snap.table.timer ? snap.table.timer * 1000 : 0;
  document.querySelectorAll("[data-timer]").forEach((bar) => {
    const left = Math.max(0, (timers[bar.dataset.timer] || now) - now);
    bar.firstChild.style.width = total ? `${(100 * left) / total}%` : "0";
    bar.classList.toggle("low", left < 10000);
    bar.title = `${Math.ceil(left / 1000)} s left`;
  });
  const next = document.getElementById("next-hand");
  if (next) next.textContent = nextAt === null ? "" : `Next hand in ${Math.max(0, Math.ceil((nextAt - now) / 1000))} s`;
}

function start() {
  $("join-form").addEventListener("submit", takeSeat);
  $("watch").addEventListener("click", watch);
  $("away-button").addEventListener("click", () => send({ type: snap.you && snap.you.sitting_out ? "back" : "sit_out" }));
  $("invite-button").addEventListener("click", async () => {
    $("invite").classList.toggle("hidden");
    const link = $("invite-link");
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
      $("invite-button").textContent = "Link copied";
      setTimeout(() => { $("invite-button").textContent = "Invite"; }, 2000);
    } catch {
      // no clipboard here: the link stays selected in the panel
    }
  });
  setInterval(() => { if (snap) tick(); }, 250);
  // the controls sit fixed at the bottom: keep the page's end clear of them
  new ResizeObserver(() => { document.body.style.paddingBottom = `${$("controls").offsetHeight + 12}px`; }).observe($("controls"));
  startHome({ code, send, token: () => token, showError });
  connect();
}

start();
