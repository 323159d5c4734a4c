// @ts-check
// Cards as elements: a face (rank, suit in its colour) or a back; ids as the server writes them ("Ah").

/** @type {Record<string, string>} */
const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
/** @type {Record<string, string>} */
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
/** @type {Record<string, string>} */
const RANK_NAMES = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
// what a screen reader says: "queen of diamonds"
/** @type {Record<string, string>} */
const RANK_WORDS = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" };
const BACK = "face-down card";

/** @param {string} card */
export function rankText(card) {
  return RANK_NAMES[card[0]] || card[0];
}

/** @param {string | null} card */
export function cardText(card) {
  return card ? rankText(card) + SUITS[card[1]] : "??";
}

/** @param {string | null} card */
export function cardLabel(card) {
  return card ? `${RANK_WORDS[card[0]] || card[0]} of ${SUIT_NAMES[card[1]]}` : BACK;
}

// The card's name as the page says it: a seat's own down card says that only its player sees it.
/**
 * @param {string | null} card
 * @param {{ hole?: boolean }} [options]
 */
export function cardName(card, { hole = false } = {}) {
  return cardLabel(card) + (card && hole ? ", face down, only you see it" : "");
}

/** @param {(string | null)[]} cards */
export function cardsText(cards) {
  return cards.map(cardText).join(" ");
}

/**
 * @param {string | null} card
 * @param {{ hole?: boolean }} [options]
 * @returns {HTMLElement}
 */
export function cardElement(card, { hole = false } = {}) {
  // an image with a name for screen readers; its rank and pips are decoration
  const el = document.createElement("div");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(card, { hole }));
  el.title = cardName(card, { hole });
  if (!card) {
    el.className = "card back";
    return el;
  }
  el.className = `card ${card[1]}${hole ? " hole" : ""}`;
  el.dataset.card = card;
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = rankText(card);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = SUITS[card[1]];
  const big = document.createElement("span");
  big.className = "big";
  big.textContent = SUITS[card[1]];
  for (const part of [rank, pip, big]) part.setAttribute("aria-hidden", "true");
  // the name as text too, for a card that is a button (a button's name is its text)
  const name = document.createElement("span");
  name.className = "sr-only";
  name.textContent = cardName(card, { hole });
  el.append(rank, pip, big, name);
  return el;
}
