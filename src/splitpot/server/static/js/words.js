// @ts-check
// The table in words: what each line of the hand's log means, the step under way, a move's
// button. The words themselves are the server's (the first snapshot's `words`, kept in the
// state holder): this module only picks which of a verb's phrases fits and fills it in.

import { cardsText } from "./cards.js";
import { state } from "./state.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {{ verb: string, seat: number | null, cards: (string | null)[], amount: number | null, declaration: string | null }} Line */

/**
 * A verb's phrase: `where` ("log" or "buttons"), its `variant` ("" the plain one) with
 * {cards}, {amount} and {declaration} filled in; a verb the server has no words for is said by
 * its name.
 * @param {string} verb
 * @param {"log" | "buttons"} where
 * @param {string} [variant]
 * @param {Record<string, string | number | null>} [values]
 * @returns {string}
 */
export function phrase(verb, where, variant = "", values = {}) {
  const known = state.words ? state.words.verbs[verb] : undefined;
  const said = known ? known[where] : undefined;
  const text = (said && (said[variant] ?? said[""])) ?? verb;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

/**
 * A declaration in words ("both ways").
 * @param {string} said
 */
export function declared(said) {
  return (state.words && state.words.declarations[said]) || said;
}

/**
 * Whether a verb is a move of a betting round.
 * @param {string} verb
 */
function betting(verb) {
  return Boolean(state.words && state.words.verbs[verb] && state.words.verbs[verb].betting);
}

/**
 * The step under way in words ("Auction 2 — sealed bids").
 * @param {View} view
 * @param {import("./types.js").TableInfo} table
 */
export function stepWords(view, table) {
  if (view.finished) return "The hand is over";
  let words = (state.words && state.words.steps[view.step]) || view.step;
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

/** @param {View} view */
function anySealedBids(view) {
  return view.options.some((o) => o.verb === "bid") || view.seats.some((s) => s.has_bid && s.bid === null);
}

/**
 * `who` followed by `words`, the verb as "You" says it ("You bid 5", not "You bids 5").
 * @param {string} who
 * @param {string} words
 */
export function says(who, words) {
  if (who !== "You") return `${who} ${words}`;
  const [first, ...rest] = words.split(" ");
  return ["You", (state.words && state.words.you[first]) || first, ...rest].join(" ");
}

/** @param {string} text */
function splitCards(text) {
  const out = [];
  for (let i = 0; i + 1 < text.length; i += 2) {
    const card = text.slice(i, i + 2);
    out.push(card === "??" ? null : card);
  }
  return out;
}

const CARD_RUN = /^([2-9TJQKA][cdhs]|\?\?)+$/;

/**
 * A log entry as the server writes it, the line of a hand record ("p2 bid 5", "d dh p1 ??Kd";
 * a sealed move not yet revealed has no amount: "p3 bid"), as an object: after the verb come
 * cards, an amount, a declaration, each known by its shape.
 * @param {string} line
 * @returns {Line}
 */
export function parseLine(line) {
  const words = line.split(" ");
  if (words[0] === "d") {
    if (words[1] === "dh") return { verb: "dh", seat: Number(words[2].slice(1)) - 1, cards: splitCards(words[3] || ""), amount: null, declaration: null };
    return { verb: words[1], seat: null, cards: splitCards(words[2] || ""), amount: null, declaration: null };
  }
  /** @type {Line} */
  const action = { verb: words[1], seat: Number(words[0].slice(1)) - 1, cards: [], amount: null, declaration: null };
  for (const word of words.slice(2)) {
    if (CARD_RUN.test(word)) action.cards = splitCards(word);
    else if (/^-?\d+$/.test(word)) action.amount = Number(word);
    else action.declaration = word;
  }
  return action;
}

/**
 * One log line in words, or null for lines not worth a line (a deal of down cards to another).
 * `shownUp(seat)`: the cards a seat that has shown its hand holds face up, null while it has
 * not shown; the deals of a shown hand are logged with every card, down ones too.
 * @param {string} line
 * @param {(seat: number) => string} nameOf
 * @param {number | null} you
 * @param {Round} round
 * @param {((seat: number) => Set<string | null> | null) | null} [shownUp]
 * @returns {string | null}
 */
export function describe(line, nameOf, you, round, shownUp = null) {
  const action = parseLine(line);
  const verb = action.verb;
  const who = action.seat === null ? "" : nameOf(action.seat);
  const cards = cardsText(action.cards);
  const hidden = action.cards.length === 0 || action.cards.includes(null);
  /** @param {string} [variant] @param {Record<string, string | number | null>} [values] */
  const said = (variant = "", values = { cards }) => says(who, phrase(verb, "log", variant, values));
  if (!betting(verb) && verb !== "dh") round.reset();
  switch (verb) {
    case "dh": {
      if (action.seat === you) return said();
      const known = /** @type {string[]} */ (action.cards.filter((c) => c !== null));
      const showing = shownUp && action.seat !== null ? shownUp(action.seat) : null;
      if (!known.length) return null;
      const up = (/** @type {string[]} */ some) => phrase(verb, "log", "up", { cards: cardsText(some) });
      if (!showing) return said("", { cards: up(known) });
      // the cards it still shows face up were dealt up; of the rest (dealt down, or dealt up
      // and sold since) nothing is claimed
      const ups = known.filter((c) => showing.has(c));
      const rest = known.filter((c) => !showing.has(c));
      const parts = [];
      if (rest.length) parts.push(cardsText(rest));
      if (ups.length) parts.push(up(ups));
      return said("", { cards: parts.join(" and ") });
    }
    case "dl":
    case "db": return phrase(verb, "log", "", { cards });
    case "pb": {
      const seat = /** @type {number} */ (action.seat);
      round.bet(seat, round.bringIn); round.top = round.bringIn; round.brought = true;
      return said();
    }
    case "cbr": {
      const amount = action.amount || 0;
      const variant = round.top === 0 ? "bet" : (round.brought && round.raised === 0 ? "complete" : "raise");
      round.bet(/** @type {number} */ (action.seat), amount); round.top = amount; round.raised += 1;
      return said(variant, { amount });
    }
    case "cc": {
      const seat = /** @type {number} */ (action.seat);
      const owed = round.top > (round.paid[seat] || 0);
      round.bet(seat, round.top);
      return said(owed ? "call" : "check");
    }
    case "bid": return said(action.amount === null ? "sealed" : "", { amount: action.amount });
    case "sell": return said() + (action.amount === null ? "" : phrase(verb, "log", "asking", { amount: action.amount }));
    case "buy": return said(hidden ? "hidden" : "");
    case "sd": return said(action.cards.length === 0 ? "pat" : (hidden ? "hidden" : ""));
    case "up": return said(hidden ? "sealed" : "");
    case "dec": return said(action.declaration === null ? "sealed" : "", { declaration: declared(action.declaration || "") });
    case "sm": return said(action.cards.length ? "" : "muck");
    default: return said("", { cards, amount: action.amount, declaration: action.declaration });
  }
}

/**
 * A hand's log in words, one entry a line (null: a line not worth one), each line read with
 * what the lines before it said: the live log and the replay both say a hand this way.
 * @param {string[]} log
 * @param {(seat: number) => string} nameOf
 * @param {number | null} you
 * @param {number} bringIn
 * @param {((seat: number) => Set<string | null> | null) | null} [shownUp]
 * @returns {(string | null)[]}
 */
export function describeLog(log, nameOf, you, bringIn, shownUp = null) {
  const round = new Round(bringIn);
  return log.map((line) => describe(line, nameOf, you, round, shownUp));
}

/**
 * What an award paid, in words ("You win the high with ... (+40)").
 * @param {import("./types.js").Award} award
 * @param {(seat: number) => string} nameOf
 */
export function awardWords(award, nameOf) {
  return says(nameOf(award.seat), `${award.reason} (+${award.amount})`);
}

/**
 * Why a "both" declarer took nothing, in words ("Bob declared both ways and lost the low to
 * you: forfeits the main pot, ...").
 * @param {import("./types.js").Forfeit} forfeit
 * @param {(seat: number) => string} nameOf
 */
export function forfeitWords(forfeit, nameOf) {
  return says(nameOf(forfeit.seat), forfeit.reason);
}

// What a betting round has seen so far, to tell a check from a call and a bet from a raise.
export class Round {
  /** @param {number} bringIn */
  constructor(bringIn) {
    this.bringIn = bringIn;
    this.top = 0;
    /** @type {Record<number, number>} */
    this.paid = {};
    this.brought = false;
    this.raised = 0;
  }

  reset() {
    this.top = 0;
    this.paid = {};
    this.brought = false;
    this.raised = 0;
  }

  /** @param {number} seat @param {number} amount */
  bet(seat, amount) {
    this.paid[seat] = amount;
  }
}
