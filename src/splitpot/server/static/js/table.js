// @ts-check
// The table page: the socket feeds the state holder through a handler per message type; each
// change draws the felt, the moves, the join dialog and the home game's panels from it.
// Nothing here decides what is legal: the server checks every move and a refusal comes back
// with its rule. docs/web.md ("The page's code") maps the modules.

import { drawAlert, startAlert } from "./alert.js";
import { drawBoard, focusedCard, refocusCard, tick } from "./board.js";
import { drawChat, drawChatRoom, startChat } from "./chat.js";
import { chooseOnlyCard, drawControls } from "./controls.js";
import { $, $input } from "./dom.js";
import { contribute, drawFair } from "./fair.js";
import { refreshSoon, receive } from "./handlers.js";
import { startHistory } from "./history.js";
import { drawHost, drawHostTab, startHost } from "./host.js";
import { openJoin, startJoin } from "./join.js";
import { showSeat, startLayout } from "./layout.js";
import { drawRebuy, startLedger } from "./ledger.js";
import { drawOdds, startOdds } from "./odds.js";
import { connect, send } from "./socket.js";
import { onChange, snap, state } from "./state.js";
import { startTabs } from "./tabs.js";

/** The whole page from the snapshot; the focus stays on the card that had it. */
function draw() {
  const kept = focusedCard();
  chooseOnlyCard();
  drawBoard();
  drawControls();
  openJoin();
  drawHome();
  drawAlert();
  tick();
  refocusCard(kept);
  showSeat();
}

/** The home game's panels: banners, the host's tab, the fair deal, odds, chat, rebuy, host. */
function drawHome() {
  const now = snap();
  const hand = now.hand;
  // a new hand, its end, a seat taken or left: the ledger and the history move
  const key = JSON.stringify([now.table.hands, hand && hand.view.finished, now.you && now.you.seat]);
  if (key !== state.drawn.refresh) {
    state.drawn.refresh = key;
    refreshSoon();
  }
  $("paused").classList.toggle("hidden", !now.table.paused);
  $("storage").textContent = now.table.storage || "";
  $("storage").classList.toggle("hidden", !now.table.storage);
  drawHostTab();
  contribute();
  drawFair();
  drawOdds();
  drawChatRoom();
  drawChat();
  drawRebuy();
  drawHost();
}

/** The header's buttons: sit out or come back, and the invite link (copied where it may be). */
function startHeader() {
  $("away-button").addEventListener("click", () => send({ type: state.snap && state.snap.you && state.snap.you.sitting_out ? "back" : "sit_out" }));
  $("invite-button").addEventListener("click", async () => {
    $("invite").classList.toggle("hidden");
    const link = $input("invite-link");
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
      $("invite-button").textContent = "Link copied";
      setTimeout(() => { $("invite-button").textContent = "Invite"; }, 2000);
    } catch {
      // no clipboard here: the link stays selected in the panel
    }
  });
}

function start() {
  startHeader();
  startAlert();
  startJoin();
  startTabs();
  startChat();
  startOdds();
  startLedger();
  startHistory();
  startHost();
  onChange(draw);
  setInterval(() => { if (state.snap) tick(); }, 250);
  startLayout();
  connect(receive);
}

start();
