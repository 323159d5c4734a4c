// Cards as elements: a face (rank, suit in its colour) or a back; ids as the server writes them ("Ah").

const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const RANK_NAMES = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };

export function rankText(card) {
  return RANK_NAMES[card[0]] || card[0];
}

export function cardText(card) {
  return card ? rankText(card) + SUITS[card[1]] : "??";
}

export function cardLabel(card) {
  return card ? `${rankText(card)} of ${SUIT_NAMES[card[1]]}` : "a card face down";
}

export function cardsText(cards) {
  return cards.map(cardText).join(" ");
}

export function cardElement(card, { hole = false } = {}) {
  const el = document.createElement("div");
  if (!card) {
    el.className = "card back";
    el.setAttribute("aria-label", "a card face down");
    return el;
  }
  el.className = `card ${card[1]}${hole ? " hole" : ""}`;
  el.dataset.card = card;
  el.setAttribute("aria-label", cardLabel(card) + (hole ? " (down)" : ""));
  el.title = cardLabel(card) + (hole ? ", face down: only you see it" : "");
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = rankText(card);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = SUITS[card[1]];
  const big = document.createElement("span");
  big.className = "big";
  big.textContent = SUITS[card[1]];
  el.append(rank, pip, big);
  return el;
}
