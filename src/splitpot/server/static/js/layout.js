// @ts-check
// The page around the fixed bar of moves at the bottom: the page's end kept clear of it, the
// hand's log no taller than the room above it (its newest lines are never under the bar), the
// declaration's advice brought into view when it is the seat's turn to declare, and on a phone
// the seat's own cards brought above the bar when a decision comes (eight seats push them below).

import { $ } from "./dom.js";
import { state } from "./state.js";

const SIDE_BY_SIDE = matchMedia("(min-width: 721px)");
const TALLEST_LOG = 420;
const SHORTEST_LOG = 140;
let advised = "";
let turned = "";

/** The log's height: what is left between its top and the bar, on a desktop's page at its top. */
function fitLog() {
  const log = $("log");
  const bar = $("controls").offsetHeight;
  document.documentElement.style.scrollPaddingBottom = `${bar + 12}px`;
  document.body.style.paddingBottom = `${bar + 12}px`;
  if (!SIDE_BY_SIDE.matches || log.offsetParent === null) {
    log.style.maxHeight = "";
    return;
  }
  const top = log.getBoundingClientRect().top + scrollY;
  const room = Math.floor(innerHeight - bar - 12 - top);
  log.style.maxHeight = `${Math.max(SHORTEST_LOG, Math.min(TALLEST_LOG, room))}px`;
  log.scrollTop = log.scrollHeight;
}

/** Once a declaration's turn: its advice (the odds panel's) scrolled above the bar. */
export function showAdvice() {
  const now = state.snap;
  if (!now) return;
  const view = now.hand ? now.hand.view : null;
  const you = now.hand ? now.hand.you : null;
  const deciding = view && you !== null && !view.finished && view.options.some((o) => o.verb === "dec");
  const advice = document.querySelector("#odds-body .advice");
  const key = deciding && now.hand ? `${now.hand.number}` : "";
  if (!deciding || !(advice instanceof HTMLElement) || key === advised) return;
  advised = key;
  advice.scrollIntoView({ block: "nearest" });
}

/** On a phone, once per decision: the seat's own cards scrolled above the bar when it hides them. */
export function showSeat() {
  const hand = state.snap ? state.snap.hand : null;
  const view = hand ? hand.view : null;
  const deciding = hand && view && hand.you !== null && !view.finished && view.options.length > 0;
  const key = deciding ? `${hand.number}:${view.log.length}` : "";
  if (!key || key === turned || SIDE_BY_SIDE.matches) return;
  turned = key;
  const seat = document.querySelector("#me .seat");
  if (!(seat instanceof HTMLElement)) return;
  const box = seat.getBoundingClientRect();
  const bar = $("controls").getBoundingClientRect().top;
  if (box.bottom > bar) scrollBy({ top: Math.min(box.top, box.bottom - bar + 8) });
  else if (box.top < 0) scrollBy({ top: box.top - 8 });
}

/** Fit the page to the bar now and whenever the bar, the side panels or the window change. */
export function startLayout() {
  // fitted on the next frame: a change made inside the observer would be a loop the browser reports
  const watch = new ResizeObserver(() => requestAnimationFrame(fitLog));
  watch.observe($("controls"));
  const side = document.querySelector(".side");
  if (side) watch.observe(side);
  addEventListener("resize", fitLog);
  // the odds come on their own message, after the snapshot that asked for the declaration
  new MutationObserver(showAdvice).observe($("odds-body"), { childList: true });
}
