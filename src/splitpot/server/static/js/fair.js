// @ts-check
// The fair deal (docs/fairness.md): the root of the next hand's deck, committed before the
// deal; this page's value for its cut, sent once; whether it was mixed in; how to check.

import { $, el } from "./dom.js";
import { send } from "./socket.js";
import { snap } from "./state.js";

/**
 * The value this page sent for the root it saw: kept for the session, so a reload neither sends
 * a second one nor forgets which was ours.
 * @param {string} root
 */
function sentFor(root) {
  try { return sessionStorage.getItem(`splitpot-value-${root}`); } catch { return null; }
}

/** A seat's holder sends its value for the next hand's cut, once per root. */
export function contribute() {
  const now = snap();
  const deal = now.table.deal;
  if (!now.you || !deal || sentFor(deal.commitment)) return;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const value = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  try { sessionStorage.setItem(`splitpot-value-${deal.commitment}`, value); } catch { /* private mode: sent once anyway */ }
  send({ type: "entropy", hand: deal.number, commitment: deal.commitment, value });
}

/** The fair-deal panel. */
export function drawFair() {
  const now = snap();
  const hand = now.hand;
  const box = $("fair-body");
  const over = Boolean(hand && hand.view.finished);
  const deal = now.table.deal;
  $("fair-download").classList.toggle("hidden", !(over && hand && hand.commitment));
  /** @type {HTMLElement[]} */
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
    box.replaceChildren(...drawCut(hand, hand.commitment, over), ...lines);
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

/**
 * A v2 hand: its root, the values that cut the deck, and whether this page's was among them.
 * @param {import("./types.js").Hand} hand
 * @param {string} root
 * @param {boolean} over
 */
function drawCut(hand, root, over) {
  /** @type {HTMLElement[]} */
  const lines = [el("div", `Hand ${hand.number}: dealt from the deck whose root was published before the deal:`)];
  lines.push(el("code", root, "hash"));
  const given = hand.entropy.filter((v) => v).length;
  lines.push(el("div", `Cut by the values of ${given} player${given === 1 ? "" : "s"}.`));
  const mine = sentFor(root);
  if (mine && hand.you !== null) {
    const used = hand.entropy[hand.you];
    if (used === mine) lines.push(el("div", `Your value was mixed in: ${mine}`, "hint value"));
    // none of yours: it came after the deal, which a value cannot change (the server's deck, cut
    // by the others' values, is the deal); another value in your place is a warning
    else if (!used) lines.push(el("div", `Your value ${mine} arrived after this hand was dealt, so this hand was cut without it; your page sends one for each next deck.`, "hint value"));
    else lines.push(el("div", `Your value ${mine} is NOT the one the hand was cut with.`, "warning value"));
  }
  if (over) {
    const check = `splitpot verify --commitment ${root}${mine && hand.you !== null ? ` --entropy ${mine}` : ""} FILE`;
    lines.push(el("div", "Download your record: it opens the cards you saw, no others. Check it with", "hint"));
    lines.push(el("code", check, "hash"));
  }
  return lines;
}
