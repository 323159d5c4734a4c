// @ts-check
// The turn alert: the tab's title says when it is this seat's turn, and, each if the player
// turns it on (kept in this browser), a short beep and a notification while the tab is hidden.

import { $ } from "./dom.js";
import { state } from "./state.js";

const SOUND = "splitpot.sound";
const NOTIFY = "splitpot.notify";
/** @type {AudioContext | null} */
let audio = null;
let alerted = "";

/** Whether the player turned this alert on in this browser. @param {string} key */
function isOn(key) {
  try {
    return localStorage.getItem(key) === "on";
  } catch {
    return false;
  }
}

/** @param {string} key @param {boolean} on */
function keep(key, on) {
  try {
    if (on) localStorage.setItem(key, "on");
    else localStorage.removeItem(key);
  } catch {
    // storage refused (a private window): the alert lasts as long as the page
  }
}

/** A short, soft beep made by WebAudio (no sound file); none where the browser has no WebAudio. */
function beep() {
  try {
    tone();
  } catch {
    // no WebAudio here: the title still says it
  }
}

function tone() {
  if (!audio) audio = new AudioContext();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  const wave = audio.createOscillator();
  const gain = audio.createGain();
  wave.frequency.value = 880;
  gain.gain.setValueAtTime(0.12, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
  wave.connect(gain).connect(audio.destination);
  wave.start();
  wave.stop(audio.currentTime + 0.25);
}

/** Whether it is this seat's turn now (never while it sits out: the table moves for it). */
export function myTurn() {
  const now = state.snap;
  const hand = now && now.hand;
  if (!now || !hand || !now.you || now.you.sitting_out || hand.you === null) return false;
  return !hand.view.finished && hand.view.to_act.includes(hand.you);
}

/** The title and the toggles as they are; a beep and a notification once per new turn. */
export function drawAlert() {
  const now = state.snap;
  if (!now) return;
  const mine = myTurn();
  document.title = mine ? "\u25cf Your turn \u2014 splitpot" : `splitpot \u2014 ${now.table.game} ${now.table.code}`;
  for (const [id, key] of [["sound-button", SOUND], ["notify-button", NOTIFY]]) {
    const node = $(id);
    node.classList.toggle("hidden", !now.you || (key === NOTIFY && !("Notification" in window)));
    node.setAttribute("aria-pressed", String(isOn(key)));
  }
  const hand = now.hand;
  const turn = mine && hand ? `${hand.number} ${hand.view.log.length}` : "";
  if (turn === alerted) return;
  alerted = turn;
  if (!turn) return;
  if (isOn(SOUND)) beep();
  if (isOn(NOTIFY) && document.hidden && "Notification" in window && Notification.permission === "granted") {
    try {
      new Notification("Your turn \u2014 splitpot", { body: `${now.table.title}, table ${now.table.code}`, tag: "splitpot-turn" });
    } catch {
      // a browser that shows notifications only from a service worker (Chrome on Android)
    }
  }
}

/** The header's two toggles: a sound (heard at once, so the player knows it), notifications. */
export function startAlert() {
  $("sound-button").addEventListener("click", () => {
    const on = !isOn(SOUND);
    keep(SOUND, on);
    if (on) beep(); // the click lets the page play sound from now on
    drawAlert();
  });
  $("notify-button").addEventListener("click", async () => {
    const on = !isOn(NOTIFY);
    if (on && "Notification" in window && Notification.permission !== "granted") {
      const answer = await Notification.requestPermission();
      if (answer !== "granted") {
        $("notify-button").title = "The browser refused notifications for this page";
        return;
      }
    }
    keep(NOTIFY, on);
    drawAlert();
  });
}
