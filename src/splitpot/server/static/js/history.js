// @ts-check
// The table's history: each hand's result, its record (PHH) to download, and its replay
// street by street as this reader saw it.

import { getJSON } from "./api.js";
import { cardElement } from "./cards.js";
import { closeDialog, openDialog } from "./dialog.js";
import { $, button, el } from "./dom.js";
import { showError } from "./controls.js";
import { signed } from "./ledger.js";
import { madeBy, madeHands, marked } from "./result.js";
import { snap, state } from "./state.js";
import { awardWords, describeLog, forfeitWords } from "./words.js";

/**
 * The seat token as the record's and replay's readers need it.
 * @returns {Record<string, string>}
 */
function authorized() {
  const token = state.token;
  return token ? { Authorization: `Bearer ${token}` } : {};
}

const table = () => `/api/tables/${encodeURIComponent(state.code)}`;

/** The list of hands, fetched anew. */
export async function drawHistory() {
  /** @type {{ hands: import("./types.js").PastHand[] }} */
  let list;
  try {
    list = await getJSON(`${table()}/hands`);
  } catch (exc) {
    $("history-body").replaceChildren(el("div", exc instanceof Error ? exc.message : String(exc), "error"));
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
      buttons.append(button("Replay", () => openReplay(h.number), "quiet"), button("Record (PHH)", () => download(h.number), "quiet"));
      row.append(buttons);
    }
    return row;
  });
  $("history-body").replaceChildren(...rows);
}

/**
 * Download hand `number`'s record as this reader may have it.
 * @param {number} number
 */
export async function download(number) {
  const response = await fetch(`${table()}/hands/${number}/record`, { headers: authorized() });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    showError({ message: data.error || `the server answered ${response.status}` });
    return;
  }
  const blob = await response.blob();
  const link = el("a");
  link.href = URL.createObjectURL(blob);
  link.download = `splitpot-${state.code}-hand-${number}.phh`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

/** @param {number} number */
async function openReplay(number) {
  try {
    const response = await fetch(`${table()}/hands/${number}/replay`, { headers: authorized() });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
    state.replay = data;
  } catch (exc) {
    showError({ message: exc instanceof Error ? exc.message : String(exc) });
    return;
  }
  state.replayAt = 0;
  drawReplay();
  openDialog($("replay-box"), $("replay-next"), closeReplay);
}

function closeReplay() {
  closeDialog($("replay-box"));
}

/** @param {number} by streets forward (negative: back) */
function stepReplay(by) {
  if (!state.replay) return;
  state.replayAt = Math.max(0, Math.min(state.replay.frames.length - 1, state.replayAt + by));
  drawReplay();
  // at the first or last street the button pressed turns off: the focus goes to the other one
  const active = document.activeElement;
  if (active instanceof HTMLButtonElement && active.disabled) $(by < 0 ? "replay-next" : "replay-prev").focus();
}

function drawReplay() {
  const replay = state.replay;
  if (!replay) return;
  const at = state.replayAt;
  const frame = replay.frames[at];
  const last = at === replay.frames.length - 1;
  /** @param {number} e */
  const name = (e) => (e === replay.you ? "You" : replay.players[e].name);
  $("replay-title").textContent = `Hand ${replay.number}: ${last ? "the result" : `after street ${at + 1}`} (${at + 1} of ${replay.frames.length})`;
  $("replay-note").textContent = replay.you === null
    ? "As a spectator saw it: down cards only where they were shown."
    : "As you saw it: your own cards, what was face up, and the hands shown at the showdown.";
  const seats = frame.seats.map((seat) => {
    const row = el("div", "", `replay-seat${seat.folded ? " folded" : ""}`);
    const who = el("div", "", "who");
    who.append(el("b", name(seat.seat)), el("span", `${seat.stack}${seat.bet ? ` \u00b7 bet ${seat.bet}` : ""}${seat.folded ? " \u00b7 folded" : ""}`, "stack"));
    const cards = el("div", "", "cards");
    const made = madeBy(frame.awards || [], seat.seat);
    seat.cards.forEach((c) => cards.append(marked(cardElement(c.card, { hole: !c.up && c.card !== null }), made)));
    if (!seat.cards.length) cards.append(el("span", "cards not shown", "hint"));
    row.append(who, cards);
    return row;
  });
  const paid = frame.awards ? frame.awards.reduce((sum, a) => sum + a.amount, 0) : 0;
  /** @type {HTMLElement[]} */
  const parts = [el("div", frame.awards ? `Pot ${paid}, paid out` : `Pot ${frame.pot}`, "pot")];
  if (frame.common.length) {
    const common = el("div", "", "cards");
    const made = madeBy(frame.awards || [], null);
    frame.common.forEach((c) => common.append(marked(cardElement(c), made)));
    parts.push(common);
  }
  parts.push(...seats);
  if (frame.awards) for (const a of frame.awards) parts.push(el("div", awardWords(a, name), "award"), ...madeHands(a));
  if (frame.forfeits) for (const f of frame.forfeits) parts.push(el("div", forfeitWords(f, name), "forfeit"));
  $("replay-seats").replaceChildren(...parts);
  const start = at ? replay.frames[at - 1].upto : 0;
  // the live log's words, each line read with the lines before it (a call from a check)
  const end = replay.frames[replay.frames.length - 1].seats;
  /** @param {number} s a seat whose down cards the end shows (not the reader's): its up cards */
  const shownUp = (s) => (s !== replay.you && end[s].cards.some((c) => !c.up && c.card !== null)
    ? new Set(end[s].cards.filter((c) => c.up).map((c) => c.card)) : null);
  const said = describeLog(replay.log, name, replay.you, snap().table.stakes.bring_in, shownUp).slice(start, frame.upto);
  $("replay-log").replaceChildren(...said.filter((line) => line !== null).map((line) => el("div", line)));
  /** @type {HTMLButtonElement} */ ($("replay-prev")).disabled = at === 0;
  /** @type {HTMLButtonElement} */ ($("replay-next")).disabled = last;
}

/** The replay's buttons and the fair-deal panel's download. */
export function startHistory() {
  $("replay-prev").addEventListener("click", () => stepReplay(-1));
  $("replay-next").addEventListener("click", () => stepReplay(1));
  $("replay-close").addEventListener("click", closeReplay);
  $("fair-download").addEventListener("click", () => { if (state.snap && state.snap.hand) download(state.snap.hand.number); });
}
