"""The question the odds answer: which cards each hand holds, which it does not show, how many
it is still to be dealt, and which cards are out of play.

A :class:`Situation` is built from explicit hands (:func:`situation`, text such as
``"xx xx 7h Kd"`` where ``xx`` is a card not seen) or from what one seat sees at the table
(:func:`situation_from_view`). Cards still to come follow the game's steps: every deal and
every auction lot gives each hand one card more (OPR-657 3.4: a lot still to come is one more
unknown card); a buy replaces a card (OPR-207 3.3); NASDAQ deals every card at the start, so its
hands stand as they are (NASDAQ ¶13: they end with five of six, 5.2: five of seven).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from splitpot import variants
from splitpot.cards import CARDS, RANKS, SUITS, Card, CardsLike, parse_card, to_cards
from splitpot.errors import InvalidNotation, OddsError
from splitpot.rules import Auction, Buy, Deal, Rules, Sale
from splitpot.views import View

__all__ = [
    "Hand",
    "OddsError",
    "Situation",
    "final_cards",
    "parse_hand",
    "situation",
    "situation_from_view",
]

MAX_HAND = 7
"""The hand evaluator values one to seven cards (splitpot.hands)."""
_UNSEEN = ("xx", "??")


class Hand(NamedTuple):
    """One hand: the cards seen (up cards, and down cards its reader may see) and how many of
    the cards it holds are not seen."""

    cards: tuple[Card, ...]
    unknown: int = 0

    @property
    def size(self) -> int:
        """Cards it holds now."""
        return len(self.cards) + self.unknown

    def __str__(self) -> str:
        return " ".join(["xx"] * self.unknown + [*map(str, self.cards)])


@dataclass(frozen=True, slots=True)
class Situation:
    """Hands (by number, or by seat when read from a view), the cards each is still to be
    dealt, the cards out of play and the common cards, under a game's rules."""

    rules: Rules
    hands: tuple[Hand, ...]
    to_come: tuple[int, ...]
    dead: tuple[Card, ...] = ()
    common: tuple[Card, ...] = ()
    seats: tuple[int, ...] = ()
    """The seat of each hand (read from a view), else 0, 1, 2..."""
    reader: int | None = None
    """The index (in ``hands``) of the hand whose seat is looking, if any."""

    @property
    def draws(self) -> tuple[int, ...]:
        """Cards each hand is missing: those not seen and those still to come."""
        return tuple(h.unknown + c for h, c in zip(self.hands, self.to_come, strict=True))

    def unseen(self) -> tuple[Card, ...]:
        """The cards that may still fall: all but the hands' seen cards, the dead and common."""
        used = {int(c) for h in self.hands for c in h.cards} | set(self.dead) | set(self.common)
        return tuple(c for c in CARDS if c not in used)


def final_cards(rules: Rules) -> int:
    """Cards each player is dealt in all: every deal, and one per auction (OPR-657 3.4)."""
    return sum(len(s.cards) if isinstance(s, Deal) else isinstance(s, Auction) for s in rules.steps)


def _sells(rules: Rules) -> bool:
    """NASDAQ: every card is dealt at the start and hands shrink by sales (NASDAQ ¶13)."""
    return any(isinstance(s, Sale) for s in rules.steps)


def parse_hand(text: str | Hand) -> Hand:
    """Read a hand such as ``"As 2d 4c"`` or ``"xx xx 7h"`` (``xx``: a card not seen)."""
    if isinstance(text, Hand):
        return text
    compact = "".join(text.replace(",", " ").split())
    cards: list[Card] = []
    unknown = 0
    i = 0
    while i < len(compact):
        width = 3 if compact.startswith("10", i) else 2
        chunk = compact[i : i + width]
        if chunk.lower() in _UNSEEN:
            unknown += 1
        else:
            try:
                cards.append(parse_card(chunk))
            except InvalidNotation:
                raise InvalidNotation(
                    f"{text!r}: {chunk!r} at position {i} is not a card (a rank from {RANKS} "
                    f"then a suit from {SUITS}, or xx for a card not seen)"
                ) from None
        i += width
    return Hand(tuple(cards), unknown)


def _rules(game: Rules | str) -> Rules:
    return game if isinstance(game, Rules) else variants.get(game)


def situation(
    game: Rules | str,
    hands: Sequence[str | Hand | CardsLike],
    *,
    dead: CardsLike = (),
    common: CardsLike = (),
    to_come: Sequence[int] | None = None,
) -> Situation:
    """Explicit hands under a game (a name or :class:`Rules`), checked against the game.

    ``to_come`` (cards each hand is still to be dealt) defaults to what the game's steps still
    deal a hand of that size; at NASDAQ hands stand as they are. In games that deal every
    player alike, every hand must hold as many cards (write ``xx`` for a card not seen); at
    Auction a hand may be a lot ahead, picked while others are still to pick."""
    rules = _rules(game)
    parsed = tuple(parse_hand(h) if isinstance(h, str | Hand) else Hand(to_cards(h)) for h in hands)
    return _checked(
        rules, parsed, to_cards(dead), to_cards(common), to_come, tuple(range(len(parsed)))
    )


def _checked(
    rules: Rules,
    hands: tuple[Hand, ...],
    dead: tuple[Card, ...],
    common: tuple[Card, ...],
    to_come: Sequence[int] | None,
    seats: tuple[int, ...],
    reader: int | None = None,
) -> Situation:
    if len(hands) < 2:
        raise OddsError(f"odds need at least two hands, not {len(hands)}")
    if len(hands) > rules.max_players:
        raise OddsError(f"{rules.name} seats at most {rules.max_players} players, not {len(hands)}")
    _check_unique(hands, dead, common)
    most = final_cards(rules)
    room = most + _sells(rules)  # a NASDAQ buyer holds a card more until it discards (¶9)
    for number, hand in enumerate(hands, 1):
        if hand.size + len(common) > room:
            raise OddsError(
                f"hand {number} ({hand}) holds {hand.size + len(common)} cards: {rules.name} "
                f"deals {most}"
            )
    if to_come is None:
        to_come = _to_come(rules, hands, common, most)
    elif len(to_come) != len(hands) or any(c < 0 for c in to_come):
        raise OddsError(f"to_come gives {list(to_come)} for {len(hands)} hands")
    for number, (hand, come) in enumerate(zip(hands, to_come, strict=True), 1):
        if hand.size + come + len(common) > MAX_HAND:
            raise OddsError(
                f"hand {number} would hold more than {MAX_HAND} cards (odds are for 1 to "
                f"{MAX_HAND})"
            )
        if hand.size + come + len(common) == 0:
            raise OddsError(f"hand {number} holds no cards and none are to come")
    result = Situation(rules, hands, tuple(to_come), dead, common, seats, reader)
    missing, left = sum(result.draws), len(result.unseen())
    if missing > left:
        raise OddsError(f"the hands are missing {missing} cards but only {left} are left unseen")
    return result


def _to_come(
    rules: Rules, hands: tuple[Hand, ...], common: tuple[Card, ...], most: int
) -> tuple[int, ...]:
    if _sells(rules):
        return (0,) * len(hands)  # NASDAQ hands as they stand: every card is dealt at the start
    sizes = {h.size for h in hands}
    auctions = any(isinstance(s, Auction) for s in rules.steps)
    if len(sizes) > 1 and not auctions:  # mid-auction, some have picked their lot already
        first = hands[0].size
        other = next(n for n, h in enumerate(hands, 1) if h.size != first)
        raise OddsError(
            f"hand 1 holds {first} cards and hand {other} {hands[other - 1].size}: on a street "
            f"every {rules.name} hand holds as many (write xx for a card not seen)"
        )
    return tuple(most - h.size - len(common) for h in hands)


def _check_unique(
    hands: tuple[Hand, ...], dead: tuple[Card, ...], common: tuple[Card, ...]
) -> None:
    where: dict[int, str] = {}
    groups = [(f"hand {n}", h.cards) for n, h in enumerate(hands, 1)]
    for name, cards in [*groups, ("the dead cards", dead), ("the common cards", common)]:
        for card in cards:
            if card in where:
                raise InvalidNotation(
                    f"card {CARDS[card]} is given twice ({where[card]} and {name})"
                )
            where[card] = name


# --- from a seat's view ------------------------------------------------------------------------


def situation_from_view(view: View, rules: Rules | None = None) -> Situation:
    """The live hands as the view's seat sees them (a spectator's view works too).

    Every card the view shows that no live hand holds is dead (folded hands, discards seen,
    cards bought away), but an auction layout still on the table, whose cards are about to be
    dealt out. At NASDAQ a card bought at a sale counts as kept by its buyer (it paid for it)
    and a card that went unsold as thrown away by its seller, unless seen again later."""
    rules = rules if rules is not None else variants.get(view.game)
    seen: set[int] = {int(c) for c in view.common if c is not None}
    for action in view.log:
        seen.update(int(c) for c in action.cards if c is not None)
    holders = _sale_holders(view)
    visible = {int(c) for s in view.seats for c in (*s.down, *s.up) if c is not None}
    hands: list[Hand] = []
    seats: list[int] = []
    reader = None
    for seat in view.seats:
        cards = [int(c) for c in (*seat.down, *seat.up) if c is not None]
        seen.update(cards)
        if seat.folded or not (seat.down or seat.up):
            continue
        unknown = sum(c is None for c in seat.down)
        kept = [c for c, s in holders.items() if s == seat.seat and c not in visible][:unknown]
        if seat.seat == view.seat:
            reader = len(hands)
        hands.append(Hand(to_cards([*cards, *kept]), unknown - len(kept)))
        seats.append(seat.seat)
    common = tuple(CARDS[c] for c in view.common if c is not None)
    held = {int(c) for h in hands for c in h.cards} | set(common)
    on_table = set()
    if view.offer is not None and view.offer.seller is None:
        on_table = {int(c) for c in view.offer.cards}  # an auction layout, not yet anyone's
    dead = tuple(CARDS[c] for c in sorted(seen - held - on_table))
    most = 0 if _sells(rules) else final_cards(rules)
    come = [max(0, most - h.size - len(common)) for h in hands]
    return _checked(rules, tuple(hands), dead, common, come, tuple(seats), reader)


def _sale_holders(view: View) -> dict[int, int]:
    """NASDAQ: who holds each card shown at a sale, as far as the log tells (¶8-¶10)."""
    holders: dict[int, int] = {}
    offered: tuple[int, int] | None = None  # (seller, card)
    for action in view.log:
        if action.seat is None:
            continue
        if action.verb == "sell" and action.cards and action.cards[0] is not None:
            offered = (action.seat, int(action.cards[0]))
            holders[offered[1]] = action.seat
        elif action.verb == "sd" and offered is not None:
            seller, card = offered
            if action.seat == seller:
                holders.pop(card, None)  # unsold: taken as the card its seller discards
            else:
                holders[card] = action.seat  # bought, and taken as kept
            offered = None
    if offered is not None and (view.offer is None or int(view.offer.cards[0]) != offered[1]):
        # sold, the buyer's discard to come: the buyer is the one holding a card more
        sizes = {s.seat: len(s.down) + len(s.up) for s in view.seats if not s.folded}
        most = max(sizes.values())
        buyers = [s for s, n in sizes.items() if n == most]
        if len(buyers) == 1:
            holders[offered[1]] = buyers[0]
        else:
            holders.pop(offered[1])
    return holders


def buy_game(rules: Rules) -> bool:
    """Whether the game has a buy (OPR-207 Article 3)."""
    return any(isinstance(s, Buy) for s in rules.steps)
