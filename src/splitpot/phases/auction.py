"""The auction (OPR-657 Article 3): cards laid out, sealed bids, picks in order of the bids.

The dealer lays out one card face up per player in the hand (``d dl CARDS``, 3.1). Every player
then bids in secret (``pN bid X``, 3.2–3.3), in any order: at least ``min_bid`` (by default the
small bet) and at most ``max_bid`` if set; a player whose stack cannot cover the minimum bids all
of it and is all in (docs/games.md). When the last bid is in, the bids are revealed, every bid
goes into the pot (3.6) and the pick order is fixed: highest bid first (3.4); equal bids by the
better poker hand among the bidders' up cards — partial hands by category then ranks, suits never
count — then nearer the dealer's left (3.5). Each bidder in turn takes one card from those left
(``pN pick CARD``); the last bidder's only option is the last card, which they pick the same
way (a forced one-card option, so the record shows who took what).

A bid counts as chips the bidder put in (side pots) but is not a bet: the betting round that
follows starts from nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.actions import Action
from splitpot.cards import CARDS, Card, format_cards
from splitpot.hands import high_value
from splitpot.phases.base import (
    Phase,
    face,
    offered,
    option,
    player,
    refuse,
    register,
    sealed_move,
)
from splitpot.phases.deal import _take
from splitpot.rules import Auction
from splitpot.state import Legal, Offer, Option, Sight, State

__all__ = ["AuctionPhase", "AuctionRound"]

_RULE_LAYOUT = "OPR-657 3.1"
_RULE_BID = "OPR-657 3.2"
_RULE_REVEAL = "OPR-657 3.3"
_RULE_PICK = "OPR-657 3.4"
_RULE_TIE = "OPR-657 3.5"
_RULE_SHORT = "OPR-657 3.2, ruling: who cannot cover the minimum bid bids all it has"


class AuctionRound:
    """One auction: who takes part, the cards on offer, the sealed bids and the pick order."""

    __slots__ = ("bidders", "bidding", "bids", "laid_at", "offer", "order", "revealed")

    def __init__(self, bidders: list[int], n: int) -> None:
        self.bidders = bidders  # the players in the hand, each gets a card
        self.offer: list[Card] | None = None  # None until the dealer lays the cards out
        self.laid_at = -1  # where the layout (d dl) sits in the log
        self.bids: list[int | None] = [None] * n
        # each bidder's option, fixed at the layout: no stack changes until the reveal
        self.bidding: dict[int, tuple[Option, ...]] = {}
        self.revealed = False
        self.order: list[int] = []  # after the reveal: seats still to pick, the next first

    def copy(self) -> AuctionRound:
        new = AuctionRound(self.bidders.copy(), 0)
        new.offer = None if self.offer is None else self.offer.copy()
        new.laid_at = self.laid_at
        new.bids = self.bids.copy()
        new.bidding = self.bidding.copy()
        new.revealed = self.revealed
        new.order = self.order.copy()
        return new

    def snapshot(self) -> tuple[object, ...]:
        offer = None if self.offer is None else tuple(self.offer)
        return (
            tuple(self.bidders),
            offer,
            self.laid_at,
            tuple(self.bids),
            tuple(sorted(self.bidding.items())),
            self.revealed,
            tuple(self.order),
        )

    def waiting(self) -> list[int]:
        """Bidders whose bid is not in yet."""
        return [s for s in self.bidders if self.bids[s] is None]


def _showing(state: State, seat: int) -> int:
    """The high value of the seat's up cards, a partial hand (-1 when it has none): category
    then ranks, suits never count (OPR-657 3.5)."""
    up = [c for c in state.ups[seat] if c is not None]
    return high_value(up) if up else -1


class AuctionPhase(Phase[AuctionRound, Auction]):
    """Runs :class:`~splitpot.rules.Auction` steps."""

    kind = "auction"
    round_type = AuctionRound
    step_type = Auction

    def enter(self, state: State) -> None:
        state.phase_state = AuctionRound(state.live(), state.n)

    def done(self, state: State) -> bool:
        ps = self.round(state)
        return ps.revealed and not ps.order

    def dealer_turn(self, state: State) -> bool:
        ps = state.phase_state
        return isinstance(ps, AuctionRound) and ps.offer is None

    def legal(self, state: State) -> Legal:
        ps = self.round(state)
        if ps.offer is None:
            return Legal((), True, {})
        if not ps.revealed:
            waiting = ps.waiting()
            bidding = ps.bidding
            return Legal(tuple(waiting), False, {s: bidding[s] for s in waiting})
        seat = ps.order[0]
        return Legal((seat,), False, {seat: (Option("pick", cards=tuple(ps.offer)),)})

    def rule(self, state: State) -> str:
        ps = state.phase_state
        if not isinstance(ps, AuctionRound) or ps.offer is None:
            return _RULE_LAYOUT
        return _RULE_PICK if ps.revealed else _RULE_BID

    def secret_since(self, state: State) -> int | None:
        """Bids are sealed from the layout until the last is in (OPR-657 3.2-3.3)."""
        ps = self.round(state)
        return None if ps.offer is None or ps.revealed else ps.laid_at

    def bids(self, state: State) -> dict[int, int]:
        ps = self.round(state)
        return {s: b for s, b in enumerate(ps.bids) if b is not None}

    def offer(self, state: State) -> Offer | None:
        ps = self.round(state)
        return None if not ps.offer else offered(tuple(ps.offer))

    def sight(
        self, state: State, step_index: int, action: Action, before: Sequence[Action]
    ) -> Sight | None:
        """Bids are sealed until the last is in (OPR-657 3.2-3.3)."""
        return sealed_move(action) if action.verb == "bid" else None

        # --- checking --------------------------------------------------------------------------

    def check(self, state: State, action: Action) -> None:
        ps = self.round(state)
        verb = action.verb  # read once: an action is a Python object, each read a lookup
        if ps.offer is None:
            if verb != "dl":
                raise refuse(
                    "the dealer lays out the auction's cards first ('d dl CARDS')",
                    "layout_first",
                    _RULE_LAYOUT,
                )
            self._check_layout(state, ps, action)
            return
        if verb == "dl":
            raise refuse(
                "the table waits on a player, not the dealer", "not_dealers_turn", self.rule(state)
            )
        seat = action.seat
        if seat is None or not 0 <= seat < state.n or seat not in ps.bidders:
            raise refuse(
                f"{player(seat)} is not a player in this auction",
                "not_live",
                _RULE_BID,
            )
        if verb == "bid":
            self._check_bid(state, ps, seat, action)
        elif verb == "pick":
            self._check_pick(state, ps, seat, action)
        else:
            now = "pick a card ('pick CARD')" if ps.revealed else "bid ('bid X')"
            rule = _RULE_PICK if ps.revealed else _RULE_BID
            raise refuse(f"at an auction players {now} now, not {verb!r}", "auction_now", rule)

    def _check_layout(self, state: State, ps: AuctionRound, action: Action) -> None:
        want = len(ps.bidders)
        if len(action.cards) != want:
            raise refuse(
                f"an auction lays out one card per player in the hand: {want}, "
                f"not {len(action.cards)}",
                "wrong_card_count",
                _RULE_LAYOUT,
            )
        seen: set[int] = set()
        for c in action.cards:
            if c is None:
                raise refuse(
                    "the auction's cards lie face up: name each one, not '??'",
                    "unknown_card",
                    _RULE_LAYOUT,
                )
            if not isinstance(c, int) or not 0 <= c < 52:
                raise refuse(f"{c!r} is not a card", "not_a_card", _RULE_LAYOUT)
            if c in seen:
                raise refuse("a card is laid out twice", "card_dealt_twice", _RULE_LAYOUT)
            seen.add(c)
            if c not in state.stub:
                raise refuse(f"{CARDS[c]} has already been dealt", "card_dealt_twice", _RULE_LAYOUT)
        if len(state.stub) - state.unknown_dealt < want:
            raise refuse("the stub has run out of cards", "deck_exhausted", _RULE_LAYOUT)

    def _check_bid(self, state: State, ps: AuctionRound, seat: int, action: Action) -> None:
        if ps.bids[seat] is not None:
            raise refuse(f"{player(seat)} has already bid in this auction", "bid_twice", _RULE_BID)
        amount = action.amount
        if isinstance(amount, bool) or not isinstance(amount, int) or action.cards:
            raise refuse("a bid names its amount ('bid X'), no cards", "amount_required", _RULE_BID)
        stack = state.stack(seat)
        least = state.rules.bid_minimum
        if stack < least:
            if amount != stack:
                raise refuse(
                    f"{player(seat)} has {stack} behind, less than the minimum bid {least}: "
                    f"bid all {stack} (all in)",
                    "short_stack_bids_all",
                    _RULE_SHORT,
                )
            return
        if amount < least:
            raise refuse(
                f"bid {amount} is below the minimum bid {least}", "below_minimum_bid", _RULE_BID
            )
        most = state.rules.max_bid
        if most is not None and amount > most:
            raise refuse(
                f"bid {amount} is above the maximum bid {most}", "above_maximum_bid", _RULE_BID
            )
        if amount > stack:
            raise refuse(
                f"bid {amount} is more than the {stack} {player(seat)} has behind",
                "bid_exceeds_stack",
                _RULE_BID,
            )

    def _check_pick(self, state: State, ps: AuctionRound, seat: int, action: Action) -> None:
        if not ps.revealed:
            waiting = ", ".join(player(s) for s in ps.waiting())
            raise refuse(
                f"nobody picks before every bid is in (waiting on {waiting})",
                "bids_not_in",
                _RULE_REVEAL,
            )
        if seat not in ps.order:
            raise refuse(
                f"{player(seat)} has already picked in this auction", "picked_twice", _RULE_PICK
            )
        first = ps.order[0]
        if seat != first:
            why, rule = self._precedence(state, ps, first, seat)
            raise refuse(f"{player(first)} picks first — {why}", "not_your_pick", rule)
        assert ps.offer is not None
        if len(action.cards) != 1 or action.cards[0] is None:
            raise refuse("a pick names exactly one card on offer", "one_card", _RULE_PICK)
        card = action.cards[0]
        if card not in ps.offer:
            offer = format_cards(sorted(ps.offer))
            raise refuse(
                f"{face(card)} is not on offer (on offer: {offer})",
                "card_not_on_offer",
                _RULE_PICK,
            )

    def _precedence(
        self, state: State, ps: AuctionRound, first: int, other: int
    ) -> tuple[str, str]:
        """Why ``first`` picks before ``other``, and the article that says so."""
        if ps.bids[first] != ps.bids[other]:
            return "highest bid", _RULE_PICK
        if _showing(state, first) != _showing(state, other):
            return "equal bids, better hand showing", _RULE_TIE
        return "equal bids and hands showing, nearer the dealer's left", _RULE_TIE

    # --- performing --------------------------------------------------------------------------

    def perform(self, state: State, action: Action) -> None:
        ps = self.round(state)
        verb = action.verb  # read once, as in check
        if verb == "dl":
            laid = action.cards
            for c in laid:
                assert c is not None
                _take(state, c)
            ps.offer = [CARDS[c] for c in laid if c is not None]
            ps.laid_at = state.position
            # each bidder's smallest and largest bid (a short stack: exactly all of it)
            least, top = state.rules.bid_minimum, state.rules.max_bid
            bidding: dict[int, tuple[Option, ...]] = {}
            for s in ps.bidders:
                stack = state.stack(s)
                if stack < least:  # cannot cover the minimum: bids all it has, all in
                    bidding[s] = (option("bid", stack, stack),)
                else:
                    most = stack if top is None else min(stack, top)
                    bidding[s] = (option("bid", least, most),)
            ps.bidding = bidding
            return
        seat = action.seat
        assert seat is not None
        if verb == "bid":
            ps.bids[seat] = action.amount
            if not ps.waiting():
                self._reveal(state, ps)
            return
        card = action.cards[0]
        assert card is not None
        assert ps.offer is not None
        ps.offer.remove(card)
        state.hands[seat].append(CARDS[card])
        state.faceup[seat].append(True)
        state.ups[seat].append(CARDS[card])
        ps.order.pop(0)

    def _reveal(self, state: State, ps: AuctionRound) -> None:
        """Every bid is in: into the pot with them (3.6), and the pick order (3.4–3.5)."""
        paid: dict[int, int] = {}
        for seat in ps.bidders:
            bid = ps.bids[seat]
            assert bid is not None
            paid[seat] = bid
            state.pay_in(seat, bid, matched=True)  # revealed together: matched by amount
        bids = list(paid.values())
        # the hands showing only order equal bids (3.5): worked out for those alone
        showing = {s: _showing(state, s) if bids.count(paid[s]) > 1 else 0 for s in ps.bidders}
        ps.order = sorted(ps.bidders, key=lambda s: (-paid[s], -showing[s], s))
        ps.revealed = True

    def dealer_action(self, state: State) -> Action:
        ps = self.round(state)
        if ps.offer is not None:
            raise refuse(
                "the table waits on a player, not the dealer", "not_dealers_turn", self.rule(state)
            )
        k = len(ps.bidders)
        stub = state.stub
        if len(stub) - state.unknown_dealt < k:
            raise refuse("the stub has run out of cards", "deck_exhausted", _RULE_LAYOUT)
        return Action("dl", None, tuple(CARDS[c] for c in stub[: -k - 1 : -1]))

    def auto(self, state: State) -> None:
        """Lay out the auction's cards (auto_deal); then the table waits on the bidders."""
        if self.dealer_turn(state) and not state.finished:
            action = self.dealer_action(state)
            self.perform(state, action)
            state.log_action(action)


register(AuctionPhase())
