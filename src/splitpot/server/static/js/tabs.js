// @ts-check
// The side panel's tabs (hand, chat, ledger, history, host) by the WAI-ARIA tabs pattern.

import { drawChat } from "./chat.js";
import { state } from "./state.js";

/** @returns {HTMLElement[]} */
function tabs() {
  return [...document.querySelectorAll(".tabs [data-tab]")].filter((tab) => tab instanceof HTMLElement);
}

/**
 * Show the tab `name` and its panel (the chat's: its unread lines are read).
 * @param {string} name
 */
export function showTab(name) {
  for (const tab of tabs()) {
    const on = tab.dataset.tab === name;
    tab.classList.toggle("on", on);
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1; // one tab stop for the tab list: the arrows move within it
  }
  document.querySelectorAll("[data-pane]").forEach((pane) => {
    if (pane instanceof HTMLElement) pane.classList.toggle("hidden", pane.dataset.pane !== name);
  });
  if (name === "chat") {
    state.unread = 0;
    drawChat();
  }
}

/**
 * The WAI-ARIA tabs pattern's keys: arrows to the previous or next tab (round), Home and End.
 * @param {KeyboardEvent} event
 */
function moveTab(event) {
  const shown = tabs().filter((tab) => !tab.classList.contains("hidden"));
  const at = shown.indexOf(/** @type {HTMLElement} */ (document.activeElement));
  if (at < 0) return;
  /** @type {Record<string, number>} */
  const keys = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: shown.length - 1 };
  const to = keys[event.key];
  if (to === undefined) return;
  event.preventDefault();
  const tab = shown[(to + shown.length) % shown.length];
  showTab(tab.dataset.tab || "log");
  tab.focus();
}

/** The tabs' clicks and keys. */
export function startTabs() {
  for (const tab of tabs()) tab.addEventListener("click", () => showTab(tab.dataset.tab || "log"));
  const list = document.querySelector(".tabs");
  if (list instanceof HTMLElement) list.addEventListener("keydown", moveTab);
}
