// @ts-check
// The result of a hand: its awards, the cards that made each winning hand (listed in the result,
// marked where they lie on the felt), the "both" declarers who forfeited and why, the nets.

import { cardElement } from "./cards.js";
import { $, el } from "./dom.js";
import { awardWords, forfeitWords } from "./words.js";

/** @typedef {import("./types.js").Award} Award */
/** @typedef {import("./types.js").View} View */

/**
 * The cards that made the winning hands of a finished hand, each with the halves it made
 * ("high", "low"): those of engine seat `e`'s awards, or (no seat) of every award.
 * @param {Award[]} awards
 * @param {number | null} e
 * @returns {Map<string, string[]>}
 */
export function madeBy(awards, e) {
  /** @type {Map<string, string[]>} */
  const out = new Map();
  for (const award of awards) {
    if (e !== null && award.seat !== e) continue;
    for (const [half, cards] of Object.entries(award.cards || {})) {
      for (const card of cards || []) {
        if (card === null) continue;
        const halves = out.get(card) || [];
        if (!halves.includes(half)) halves.push(half);
        out.set(card, halves);
      }
    }
  }
  return out;
}

/**
 * A card marked (class "made", its name saying so) when it made a winning hand.
 * @param {HTMLElement} node
 * @param {Map<string, string[]>} made
 */
export function marked(node, made) {
  const halves = node.dataset.card ? made.get(node.dataset.card) : undefined;
  if (!halves) return node;
  node.classList.add("made");
  const words = `, in the winning ${halves.join(" and ")} hand`;
  node.title += words;
  if (node.hasAttribute("aria-label")) node.setAttribute("aria-label", node.getAttribute("aria-label") + words);
  return node;
}

/**
 * The cards that made an award's hand, a row for each half it won (the result's and the replay's).
 * @param {Award} award
 * @returns {HTMLElement[]}
 */
export function madeHands(award) {
  const rows = [];
  for (const [half, cards] of Object.entries(award.cards || {})) {
    if (!cards || !cards.length) continue;
    const row = el("div", "", "made-hand");
    row.dataset.seat = String(award.seat);
    row.dataset.half = half;
    row.append(el("span", `${half} hand`, "hint"));
    const shown = el("div", "", "cards");
    cards.forEach((c) => shown.append(cardElement(c)));
    row.append(shown);
    rows.push(row);
  }
  return rows;
}

/**
 * The result box: each award with the cards that made its hand, each forfeit, the nets.
 * @param {View | null} view
 * @param {import("./types.js").Hand | null} hand
 * @param {(seat: number) => string} nameOf
 */
export function drawResult(view, hand, nameOf) {
  const box = $("result");
  box.replaceChildren();
  box.classList.toggle("hidden", !(view && view.finished));
  if (!view || !view.finished || !hand) return;
  box.append(el("h3", `Hand ${hand.number}: the result`));
  for (const award of view.awards) {
    const line = el("div", "", "award");
    const name = nameOf(award.seat);
    line.append(el("b", name), awardWords(award, nameOf).slice(name.length));
    box.append(line);
    box.append(...madeHands(award));
  }
  // a "both" declarer who took nothing, and why
  for (const forfeit of view.forfeits || []) box.append(el("div", forfeitWords(forfeit, nameOf), "forfeit"));
  const nets = view.seats.map((s, e) => {
    const net = s.stack - hand.starting[e];
    return `${nameOf(e)} ${net > 0 ? "+" : ""}${net}`;
  });
  box.append(el("div", `Net: ${nets.join(", ")}`, "next"));
  const next = el("div", "", "next");
  next.id = "next-hand";
  box.append(next);
}
