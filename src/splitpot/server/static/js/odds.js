// @ts-check
// The odds panel: this seat's chances high, low and of scooping, and advice at the
// declaration, where the table offers it and the player has it on.

import { cardText } from "./cards.js";
import { $, $input, el } from "./dom.js";
import { send } from "./socket.js";
import { state } from "./state.js";

/** @param {import("./types.js").Chance} v */
const percent = (v) => `${(100 * v.value).toFixed(1)}%`;

/** The panel, from the snapshot and the latest odds for this seat. */
export function drawOdds() {
  const now = state.snap;
  if (!now) return;
  const panel = $("odds-panel");
  const hand = now.hand;
  panel.classList.toggle("hidden", !now.you);
  if (!now.you) return;
  const offered = Boolean(now.table.options.odds);
  const toggle = $input("odds-toggle");
  toggle.disabled = !offered;
  if (state.oddsWanted === Boolean(now.you.odds) || !offered) state.oddsWanted = null;
  toggle.checked = state.oddsWanted ?? Boolean(now.you.odds);
  const body = $("odds-body");
  if (!offered) {
    body.replaceChildren(el("div", "Off at this table: the host decides (Host \u203a Options).", "hint"));
    return;
  }
  if (!now.you.odds) {
    body.replaceChildren(el("div", "Hidden. Tick \u201cshow\u201d for your chances high, low and of scooping.", "hint"));
    return;
  }
  if (!hand || hand.you === null || hand.view.finished) {
    body.replaceChildren(el("div", "Your chances show here while you play a hand.", "hint"));
    return;
  }
  const odds = state.odds;
  const current = odds && odds.hand === hand.number && odds.at === hand.view.log.length;
  const stale = odds && odds.hand === hand.number && !odds.none;
  if (!odds || !(current || stale)) {
    body.replaceChildren(el("div", "Working out your chances\u2026", "hint"));
    return;
  }
  if (odds.none) {
    body.replaceChildren(el("div", odds.none, "hint"));
    return;
  }
  const grid = el("div", "", "odds-grid");
  /** @type {[string, "high" | "low" | "scoop" | "share"][]} */
  const cells = [["High", "high"], ["Low", "low"], ["Scoop", "scoop"], ["Share of pot", "share"]];
  for (const [label, key] of cells) {
    const cell = el("div", "", "odds-cell");
    cell.append(el("span", label, "label"), el("b", percent(odds[key])));
    if (!odds.exact && odds[key].error) cell.append(el("span", `\u00b1${(100 * odds[key].error).toFixed(1)}`, "error-bar"));
    grid.append(cell);
  }
  const how = odds.exact ? `exact over ${odds.outcomes.toLocaleString("en")} ways the cards can fall` : `${odds.outcomes.toLocaleString("en")} random deals`;
  const parts = [grid, el("div", `Cards speak, from what you see; ${how}.`, "hint")];
  // the buy is still to come: no figure is a promise, a card bought (anyone's) changes them
  if (odds.before_buys) parts.unshift(el("div", "Before the buys: the hands as they stand now. A card bought, yours or another\u2019s, changes these.", "before-buys"));
  if (odds.buy && odds.buy.length) parts.push(buyAdvice(odds.buy));
  if (odds.advice) {
    const words = state.words ? state.words.declarations : {};
    const advice = el("div", "", "advice");
    advice.append(el("b", `Declare ${words[odds.advice.best] || odds.advice.best}`));
    const choices = Object.entries(odds.advice.choices).map(([d, v]) => `${words[d] || d} ${percent(v)}`);
    advice.append(el("div", `expected share: ${choices.join(" \u00b7 ")}`));
    advice.append(el("div", `if the others declare by: ${odds.advice.model}`, "hint"));
    parts.push(advice);
  }
  body.replaceChildren(...parts);
}

/**
 * The advice at the buy, best first: stand pat, or the card to buy away, and what it is worth
 * (the server's figures, the terminal's advice).
 * @param {import("./types.js").BuyOption[]} buys
 */
function buyAdvice(buys) {
  const [best, ...rest] = buys;
  const pat = buys.find((o) => o.card === null) || best;
  /** @param {number | null} w */
  const chips = (w) => `${(w || 0) >= 0 ? "+" : "\u2212"}${Math.abs(w || 0).toFixed(1)} chips`;
  const box = el("div", "", "advice buy-advice");
  if (best.card === null) {
    box.append(el("b", "Stand pat"));
    const other = rest[0];
    if (other && other.card) box.append(el("div", `best buy: ${cardText(other.card)}, expected share ${percent(other.share)} vs ${percent(pat.share)} standing pat, worth ${chips(other.worth)}`));
  } else {
    box.append(el("b", `Buy away ${cardText(best.card)}`));
    box.append(el("div", `expected share ${percent(best.share)} vs ${percent(pat.share)} standing pat, worth ${chips(best.worth)}`));
  }
  box.append(el("div", "if the others stand pat", "hint"));
  return box;
}

/** The player's own switch. */
export function startOdds() {
  const toggle = $input("odds-toggle");
  toggle.addEventListener("change", () => {
    state.oddsWanted = toggle.checked;
    send({ type: "odds", on: toggle.checked });
  });
}
