// The table in words: who, what each line of the hand's log means, the step under way.

import { cardsText } from "./cards.js";

const DECLARED = { hi: "high", lo: "low", both: "both ways" };
const BETTING = new Set(["pb", "cbr", "cc", "f"]);
const STEPS = {
  deal: "Dealing",
  betting: "Betting",
  auction: "Auction",
  sale: "Sale",
  buy: "Buy",
  expose: "Turn a card up",
  declare: "Declare",
  showdown: "Showdown",
};

export function declared(said) {
  return DECLARED[said] || said;
}

export function stepWords(view, table) {
  if (view.finished) return "The hand is over";
  let words = STEPS[view.step] || view.step;
  if (view.step === "auction") {
    const laid = view.log.filter((a) => a.startsWith("d dl")).length;
    words += ` ${laid} \u2014 ${anySealedBids(view) ? "sealed bids" : "picks, highest bid first"}`;
  } else if (view.step === "sale") {
    words += table.sealed.sale ? " \u2014 sealed bids" : " \u2014 open bids";
  } else if (view.step === "declare") {
    words += table.sealed.declare ? " \u2014 in secret, shown together" : " \u2014 in turn";
  }
  return words;
}

function anySealedBids(view) {
  return view.options.some((o) => o.verb === "bid") || view.seats.some((s) => s.has_bid && s.bid === null);
}

// Verbs as "you" says them: "You bid 5", not "You bids 5".
const YOU = {
  is: "are", has: "have", bids: "bid", picks: "pick", declares: "declare", folds: "fold",
  checks: "check", calls: "call", bets: "bet", raises: "raise", completes: "complete",
  brings: "bring", passes: "pass", offers: "offer", buys: "buy", stands: "stand",
  discards: "discard", turns: "turn", shows: "show", mucks: "muck", wins: "win", ties: "tie",
  scoops: "scoop", shares: "share",
};

export function says(who, words) {
  if (who !== "You") return `${who} ${words}`;
  const [first, ...rest] = words.split(" ");
  return ["You", YOU[first] || first, ...rest].join(" ");
}

function splitCards(text) {
  const out = [];
  for (let i = 0; i + 1 < text.length; i += 2) {
    const card = text.slice(i, i + 2);
    out.push(card === "??" ? null : card);
  }
  return out;
}

const CARD_VERBS = new Set(["pick", "buy", "up", "sd", "sm", "sell"]);

// A log entry as the server writes it, the line of a hand record ("p2 bid 5", "d dh p1 ??Kd";
// a sealed move not yet revealed has no amount: "p3 bid"), as an object.
export function parseLine(line) {
  const words = line.split(" ");
  if (words[0] === "d") {
    if (words[1] === "dh") return { verb: "dh", seat: Number(words[2].slice(1)) - 1, cards: splitCards(words[3] || ""), amount: null, declaration: null };
    return { verb: words[1], seat: null, cards: splitCards(words[2] || ""), amount: null, declaration: null };
  }
  const action = { verb: words[1], seat: Number(words[0].slice(1)) - 1, cards: [], amount: null, declaration: null };
  const rest = words.slice(2);
  if (action.verb === "cbr" || action.verb === "bid") {
    if (rest.length) action.amount = Number(rest[0]);
  } else if (action.verb === "dec") {
    if (rest.length) action.declaration = rest[0];
  } else if (CARD_VERBS.has(action.verb)) {
    if (rest.length && /^([2-9TJQKA][cdhs]|\?\?)+$/.test(rest[0])) action.cards = splitCards(rest.shift());
    if (action.verb === "sell" && rest.length) action.amount = Number(rest[0]);
  }
  return action;
}

// One log line in words, or null for lines not worth a line (a deal of down cards to another).
// ``shownUp(seat)``: the cards a seat that has shown its hand holds face up, null while it has
// not shown; the deals of a shown hand are logged with every card, down ones too.
export function describe(line, nameOf, you, round, shownUp = null) {
  const action = typeof line === "string" ? parseLine(line) : line;
  const who = action.seat === null ? "" : nameOf(action.seat);
  const cards = cardsText(action.cards);
  const hidden = action.cards.length === 0 || action.cards.includes(null);
  if (!BETTING.has(action.verb) && action.verb !== "dh") round.reset();
  switch (action.verb) {
    case "dh": {
      if (action.seat === you) return `You are dealt ${cards}`;
      const known = action.cards.filter((c) => c !== null);
      const showing = shownUp ? shownUp(action.seat) : null;
      if (!known.length) return null;
      if (!showing) return says(who, `is dealt ${cardsText(known)} up`);
      // the cards it still shows face up were dealt up; of the rest (dealt down, or dealt up
      // and sold since) nothing is claimed
      const up = known.filter((c) => showing.has(c));
      const rest = known.filter((c) => !showing.has(c));
      const parts = [];
      if (rest.length) parts.push(cardsText(rest));
      if (up.length) parts.push(`${cardsText(up)} up`);
      return says(who, `is dealt ${parts.join(" and ")}`);
    }
    case "dl": return `On offer: ${cards}`;
    case "db": return `Common card: ${cards}`;
    case "pb": round.bet(action.seat, round.bringIn); round.top = round.bringIn; round.brought = true;
      return says(who, `brings in`);
    case "cbr": {
      const word = round.top === 0 ? "bets" : (round.brought && round.raised === 0 ? "completes to" : "raises to");
      round.bet(action.seat, action.amount); round.top = action.amount; round.raised += 1;
      return says(who, `${word} ${action.amount}`);
    }
    case "cc": {
      const owed = round.top > (round.paid[action.seat] || 0);
      round.bet(action.seat, round.top);
      return says(who, `${owed ? "calls" : "checks"}`);
    }
    case "f": return says(who, `folds`);
    case "bid": return action.amount === null ? says(who, `has bid (sealed)`) : says(who, `bids ${action.amount}`);
    case "pass": return says(who, `passes`);
    case "pick": return says(who, `picks ${cards}`);
    case "sell": return says(who, `offers ${cards} for sale`) + (action.amount === null ? "" : `, asking ${action.amount}`);
    case "buy": return hidden ? says(who, `buys away a down card`) : says(who, `buys away ${cards}`);
    case "sd":
      if (action.cards.length === 0) return says(who, `stands pat`);
      return hidden ? says(who, `discards a card face down`) : says(who, `discards ${cards}`);
    case "up": return hidden ? says(who, `has chosen a card to turn up (sealed)`) : says(who, `turns up ${cards}`);
    case "dec": return action.declaration === null ? says(who, `has declared (sealed)`) : says(who, `declares ${declared(action.declaration)}`);
    case "sm": return action.cards.length ? says(who, `shows ${cards}`) : says(who, `mucks`);
    default: return says(who, `${action.verb}`);
  }
}

// What a betting round has seen so far, to tell a check from a call and a bet from a raise.
export class Round {
  constructor(bringIn) {
    this.bringIn = bringIn;
    this.reset();
  }
  reset() {
    this.top = 0;
    this.paid = {};
    this.brought = false;
    this.raised = 0;
  }
  bet(seat, amount) {
    this.paid[seat] = amount;
  }
}

export function raiseWord(view) {
  if (view.options.some((o) => o.verb === "pb")) return "Complete to";
  const top = Math.max(0, ...view.seats.map((s) => s.bet));
  return top === 0 ? "Bet" : "Raise to";
}
