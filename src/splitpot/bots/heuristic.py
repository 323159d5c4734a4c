"""A rule-based bot, and the reading of a view and the choice of an action both strong bots share.

:func:`read` turns a seat's :class:`~splitpot.views.View` into a :class:`Table`: the seat's own
cards, every card it has seen (its own, all up cards, the cards named in the masked log: auction
layouts, picks, cards shown for sale), each live opponent's known cards (a card it bought at a
NASDAQ sale counts as kept: it paid for it), how many of its cards are unknown and how many it
threw away by choice, and how many cards every live player is still to be dealt (learnt from
the steps of the table's game, ``view.rules``: its stakes and house rules as played there).

:class:`StrategyBot` chooses among the view's options from an :class:`Estimate` of the seat's
chances (P(high), P(low), P(scoop), expected share of the pot and the best declaration): it
bets, raises, calls or folds against pot odds, bids at auctions and sales by how much a card
improves its chances, picks, buys, sells, discards and declares. Any verb it does not know gets
a safe legal choice (check/call, pass, stand pat, the first option). Subclasses supply
:meth:`StrategyBot.estimate`; :class:`HeuristicBot` estimates with rules of thumb about made
hands and draws, the equity bot (:mod:`splitpot.bots.equity`) by Monte Carlo.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from splitpot.actions import Action, Declaration
from splitpot.bots.simple import action_for
from splitpot.cards import CARDS
from splitpot.errors import RulesError, SplitpotError
from splitpot.hands import CATEGORY_NAMES, high_category, high_value, low_value
from splitpot.rules import Auction, Deal, Rules, Sale
from splitpot.state import Option
from splitpot.views import View

__all__ = [
    "Estimate",
    "HeuristicBot",
    "Opponent",
    "StrategyBot",
    "Table",
    "cards_to_come",
    "final_cards",
    "held_cards",
    "read",
    "table_rules",
]

_BETTING = frozenset({"pb", "cc", "cbr", "f"})
_TWO_PAIR = high_value("2c2d3c3d4h")  # the weakest two pair: a declare-game "high" hand
_PAIR_OF_TENS = high_value("TcTd2c3h4s")


class Opponent(NamedTuple):
    """A live opponent as the reader sees it: the cards it can see, how many it cannot, how
    many times it has bet or raised this hand, and how many bets it has called."""

    seat: int
    known: tuple[int, ...]
    unknown: int
    raises: int = 0
    calls: int = 0
    discarded: int = 0
    """Cards it has thrown away or sold by choice (NASDAQ): what it holds is the best of more
    cards than it holds."""


class Table(NamedTuple):
    """What a seat knows, in the shape the bots reason with (card ids, not Card objects)."""

    rules: Rules
    seat: int
    mine: tuple[int, ...]
    common: tuple[int, ...]
    dead: frozenset[int]
    opponents: tuple[Opponent, ...]
    to_come: int
    pot: int
    stack: int


class Estimate(NamedTuple):
    """A seat's chances at the showdown: P(win high), P(win low), P(scoop), the expected share
    of the pot, and the declaration that gets the most of it (declare games)."""

    high: float
    low: float
    scoop: float
    share: float
    declaration: Declaration = "hi"


def final_cards(rules: Rules) -> int:
    """Cards the game deals to each player: its deals, and one card per auction (OPR-657 3.4)."""
    dealt = 0
    for step in rules.steps:
        if isinstance(step, Deal):
            dealt += len(step.cards)
        elif isinstance(step, Auction):
            dealt += 1
    return dealt


def held_cards(rules: Rules) -> int:
    """Cards each player holds at the showdown: what it is dealt less one card per sale it
    makes (NASDAQ ¶13: five of six; 5.2: five of seven). High and low then come from the same
    cards, unlike stud's best five of seven for each half."""
    rounds = sum(1 for s in rules.steps if isinstance(s, Sale) and s.sellers == "round")
    once = any(isinstance(s, Sale) and s.sellers != "round" for s in rules.steps)
    return final_cards(rules) - rounds - once


def cards_to_come(view: View, rules: Rules) -> int:
    """Cards every live player is still to be dealt: the game's total less what the reader has
    received (deals, common cards, picks; a bought replacement only replaces, OPR-207 3.3)."""
    seat = view.seat
    received = 0
    previous: Action | None = None
    for action in view.log:
        if action.verb == "db":
            received += len(action.cards)
        elif action.seat == seat:
            if action.verb == "dh":
                replacement = previous is not None and previous.verb == "buy"
                replacement = replacement and previous is not None and previous.seat == seat
                if not replacement:
                    received += len(action.cards)
            elif action.verb == "pick":
                received += 1
        previous = action
    return max(0, final_cards(rules) - received)


def table_rules(view: View) -> Rules:
    """The rules the view's table plays by (``view.rules``: its stakes and house rules, or the
    game of a TOML file), never the registry's game of the same name."""
    if view.rules is None:
        raise SplitpotError(
            f"a view of {view.game!r} without its rules: build views with splitpot.views.view"
        )
    return view.rules


def read(view: View, rules: Rules | None = None) -> Table:
    """The seat's knowledge, from its view only (views never hold a card it cannot see);
    ``rules`` (default: the view's) the game it reasons by."""
    seat = view.seat
    assert seat is not None, "a spectator does not act"
    rules = rules if rules is not None else table_rules(view)
    me = view.seats[seat]
    mine = tuple(int(c) for c in (*me.down, *me.up) if c is not None)
    common = tuple(int(c) for c in view.common if c is not None)
    dead: set[int] = set(mine) | set(common)
    raises = [0] * len(view.seats)
    calls = [0] * len(view.seats)
    chose = [0] * len(view.seats)  # cards each seat discarded or sold by choice
    facing = False  # a bet stands in the betting round under way
    bought: dict[int, list[int]] = {}  # NASDAQ: cards each seat bought, kept as far as known
    offered: tuple[int, int] | None = None  # the seller and the card on the table
    for action in view.log:
        dead.update(int(c) for c in action.cards if c is not None)
        if action.verb not in _BETTING:
            facing = False
        if action.seat is None:
            continue
        if action.verb == "cbr":
            raises[action.seat] += 1
            facing = True
        elif action.verb == "cc" and facing:
            calls[action.seat] += 1
        elif action.verb == "sell" and action.cards and action.cards[0] is not None:
            offered = (action.seat, int(action.cards[0]))
            for cards in bought.values():
                if offered[1] in cards:
                    cards.remove(offered[1])
        elif action.verb == "sd" and action.cards:
            chose[action.seat] += 1
            if offered is not None and action.seat != offered[0]:
                # the buyer discards: it bought the card (¶9), and the seller let it go
                bought.setdefault(action.seat, []).append(offered[1])
                chose[offered[0]] += 1
            offered = None
    if view.offer is not None:
        dead.update(int(c) for c in view.offer.cards)
    opponents = []
    for other in view.seats:
        if other.seat == seat:
            continue
        dead.update(int(c) for c in (*other.down, *other.up) if c is not None)
        if other.folded or (other.shown is False and not other.down and not other.up):
            continue
        known = tuple(int(c) for c in (*other.down, *other.up) if c is not None)
        unknown = sum(c is None for c in (*other.down, *other.up))
        extra = [c for c in bought.get(other.seat, []) if c not in known][:unknown]
        known, unknown = (*known, *extra), unknown - len(extra)  # it paid for them: kept
        if known or unknown:
            opponents.append(
                Opponent(
                    other.seat,
                    known,
                    unknown,
                    raises[other.seat],
                    calls[other.seat],
                    chose[other.seat],
                )
            )
    return Table(
        rules,
        seat,
        mine,
        common,
        frozenset(dead),
        tuple(opponents),
        cards_to_come(view, rules),
        view.pot,
        me.stack,
    )


def _options(view: View, verb: str) -> list[Option]:
    return [o for o in view.options if o.verb == verb]


class StrategyBot:
    """Chooses actions from :meth:`estimate`; subclasses say how the chances are estimated."""

    raise_factor = 1.35
    """Raise with a share of the pot above ``raise_factor`` / (players in the hand)."""
    call_margin = 1.1
    """Call when the share of the pot after calling is worth ``call_margin`` times the call."""
    sale_bid_fraction = 0.5
    """At a NASDAQ sale, bid up to this part of what the card adds to the hand's worth."""
    ask_margin = 2.0
    """Name an asking price only for a card worth this many times the lowest price."""
    lead_factor = 0.0
    """When nobody has bet, bet with a share of the pot above ``lead_factor`` / (players in
    the hand), for what the others fold (0: only by ``raise_factor``)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    # --- what subclasses provide -------------------------------------------------------------

    def estimate(self, table: Table, mine: tuple[int, ...], to_come: int) -> Estimate:
        """The seat's chances if it held ``mine`` and were still to be dealt ``to_come``."""
        raise NotImplementedError

    def compare(
        self, table: Table, hands: Sequence[tuple[tuple[int, ...], int]], budget: float = 1.0
    ) -> list[Estimate]:
        """:meth:`estimate` of several candidate hands (``(cards, to_come)`` each); the equity
        bot overrides it to share one sample among them, ``budget`` the part of the decision's
        thinking it may spend."""
        return [self.estimate(table, cards, come) for cards, come in hands]

    def thresholds(self, table: Table) -> tuple[float, float]:
        """``raise_factor`` and ``call_margin`` for this decision."""
        return self.raise_factor, self.call_margin

    def offer_value(self, view: View, table: Table, price: int) -> float:
        """Chips a seat expects from offering a card nobody much wants at ``price`` (NASDAQ:
        the bids are paid to it, ¶9; unsold it pays the price into the pot, ¶10). Here none:
        a card worth little is given away for nothing instead where the rules allow."""
        return 0.0

    def staying_value(self, view: View, table: Table) -> float:
        """Chips a seat expects to take by staying in the hand besides its share of the pot
        (its sales still to come); none here."""
        return 0.0

    # --- the protocol --------------------------------------------------------------------------

    def act(self, view: View) -> Action:
        """The action to take now, always one of the view's options."""
        verbs = {o.verb for o in view.options}
        if not verbs:
            raise RulesError("no options: it is not this seat's turn")
        if verbs == {"sm"}:
            return action_for(view, view.options[0])
        table = read(view)
        if "dec" in verbs:
            return self._declare(view, table)
        if "pick" in verbs:
            return self._pick(view, table)
        if "buy" in verbs:
            return self._buy(view, table)
        if "sell" in verbs:
            return self._sell(view, table)
        if "sd" in verbs and any(o.cards for o in _options(view, "sd")):
            return self._discard(view, table, _options(view, "sd")[0])
        if "up" in verbs:
            return self._turn_up(view, table)
        if "bid" in verbs:
            return self._bid(view, table)
        if verbs & _BETTING:
            return self._bet(view, table)
        return self._safe(view)

    # --- choices -------------------------------------------------------------------------------

    def _safe(self, view: View) -> Action:
        """A legal choice that costs nothing if it can: check/call, pass, stand pat, else the
        first option."""
        for verb in ("cc", "pass", "sd", "pb", "sm"):
            for option in _options(view, verb):
                return action_for(view, option)
        return action_for(view, view.options[0])

    def _declare(self, view: View, table: Table) -> Action:
        """Declare the way that gets the most of the pot (OPR-207 4.2, OPR-657 4.2-4.3)."""
        option = _options(view, "dec")[0]
        chances = self.estimate(table, table.mine, table.to_come)
        allowed = option.declarations
        declaration = chances.declaration if chances.declaration in allowed else allowed[0]
        if declaration == "both" and "both" not in allowed:
            declaration = "hi" if chances.high >= chances.low else "lo"
        return action_for(view, option, declaration=declaration)

    def _pick(self, view: View, table: Table) -> Action:
        """Take the card on offer that helps most (OPR-657 3.4)."""
        option = _options(view, "pick")[0]
        cards = [int(c) for c in option.cards]
        if len(cards) == 1:
            return action_for(view, option, card=option.cards[0])
        come = max(0, table.to_come - 1)
        chances = self.compare(table, [((*table.mine, c), come) for c in cards])
        best = max(range(len(cards)), key=lambda i: (chances[i].share, -cards[i]))
        return action_for(view, option, card=option.cards[best])

    def _bid(self, view: View, table: Table) -> Action:
        """Bid at an auction by how much the best card on offer beats an average one; on a card
        for sale by what it adds to the hand; pass for the right to sell first."""
        bids = _options(view, "bid")
        passes = _options(view, "pass")
        option = bids[0]
        low, high = option.min_amount, option.max_amount
        if low is None or high is None:
            return action_for(view, option)
        offer = view.offer
        if offer is None:  # the right to sell first (NASDAQ): not worth paying for
            return action_for(view, passes[0]) if passes else action_for(view, option, low)
        cards = [int(c) for c in offer.cards]
        if offer.seller is None and len(cards) > 1:  # an auction's layout (OPR-657 3.2)
            come = max(0, table.to_come - 1)
            chances = self.compare(table, [((*table.mine, c), come) for c in cards])
            shares = sorted(e.share for e in chances)
            gain = shares[-1] - sum(shares) / len(shares)
            pot = table.pot + 2 * len(cards) * table.rules.small_bet
            value = gain * pot / max(0.2, 1.0 - shares[-1])  # bids go into the pot (3.6)
            amount = low + round(value)
            return action_for(view, option, max(low, min(high, amount, low + table.stack // 4)))
        # a card for sale (NASDAQ): paid to the seller, so it must add more than it costs
        now, after = self.compare(
            table, [(table.mine, table.to_come), ((*table.mine, *cards), table.to_come)]
        )
        value = (after.share - now.share) * (table.pot + 4 * table.rules.big_bet)
        floor = max(low, offer.ask or 0)
        worth = value * self.sale_bid_fraction
        if worth < floor or floor > high:
            return action_for(view, passes[0]) if passes else action_for(view, option, low)
        amount = max(floor, min(high, round(worth), table.stack // 4))
        return action_for(view, option, amount)

    def _buy(self, view: View, table: Table) -> Action:
        """Buy away the card whose replacement most improves the hand, when the gain in the
        pot beats the price; otherwise stand pat (OPR-207 3.2)."""
        option = _options(view, "buy")[0]
        stand = [o for o in _options(view, "sd") if not o.cards]
        price = option.min_amount or 0
        held = [int(c) for c in option.cards if c is not None]
        hands = [(table.mine, table.to_come)]
        hands += [(tuple(x for x in table.mine if x != c), table.to_come + 1) for c in held]
        chances = self.compare(table, hands)
        pot = table.pot + (1 + len(table.opponents)) * table.rules.big_bet
        best = max(range(len(held)), key=lambda i: chances[i + 1].share) if held else -1
        gains = best >= 0 and (
            chances[best + 1].share * (pot + price) - price > chances[0].share * pot
        )
        if gains or not stand:
            card = CARDS[held[best]] if best >= 0 else None
            return action_for(view, option, price, card=card)
        return action_for(view, stand[0])

    def _sell(self, view: View, table: Table) -> Action:
        """Offer a card the hand misses little (:meth:`_card_to_sell`), priced by what it is
        worth to the opponent it helps most (:meth:`sale_value`): a card worth ``ask_margin``
        times the lowest price is offered at a third of its worth, at least that price (the
        bids are paid to the seller, NASDAQ ¶9); a card worth less goes without a price where
        that is allowed (¶8), or is discarded for nothing where that is allowed (5.2(c)),
        rather than risk paying its price into the pot unsold (¶10) — unless what the table
        pays for such offers (:meth:`offer_value`) beats what the card gives a buyer."""
        sells = _options(view, "sell")
        cards = [int(c) for c in sells[0].cards]
        card, worth = self._card_to_sell(table, cards)
        priced = [o for o in sells if o.min_amount is not None]
        unpriced = [o for o in sells if o.min_amount is None]
        discard = [o for o in _options(view, "sd") if o.cards]
        if priced:
            low, high = priced[0].min_amount, priced[0].max_amount
            assert low is not None
            assert high is not None
            worth = self.sale_value(table, card) if worth is None else worth
            if worth >= self.ask_margin * low or not (unpriced or discard):
                ask = max(low, min(high, round(worth / 3)))
                return action_for(view, priced[0], ask, card=CARDS[card])
            if not unpriced and self.offer_value(view, table, low) > 0.5 * worth:
                return action_for(view, priced[0], low, card=CARDS[card])  # the table pays
        if unpriced:
            return action_for(view, unpriced[0], card=CARDS[card])
        return action_for(view, discard[0], card=CARDS[card])

    def _card_to_sell(self, table: Table, cards: list[int]) -> tuple[int, float | None]:
        """Of the three cards the hand misses least, the one whose loss to the hand plus half
        its worth to the others (a buyer keeps about half of it) costs least; with its worth
        (:meth:`sale_value`) where that was weighed."""
        if len(cards) == 1:
            return cards[0], None
        hands = [(tuple(x for x in table.mine if x != c), table.to_come) for c in cards]
        chances = self.compare(table, hands, budget=0.5)  # and half for what they are worth
        pot = table.pot + (1 + len(table.opponents)) * table.rules.big_bet
        order = sorted(range(len(cards)), key=lambda i: (-chances[i].share, cards[i]))[:3]
        best = max(chances[i].share for i in order)

        worth = {i: self.sale_value(table, cards[i]) for i in order}

        def cost(i: int) -> float:
            return (best - chances[i].share) * pot + 0.5 * worth[i]

        chosen = min(order, key=lambda i: (cost(i), cards[i]))
        return cards[chosen], worth[chosen]

    def sale_value(self, table: Table, card: int) -> float:
        """Chips the card is worth to the opponent it helps most: how much it raises that
        opponent's chances, times the pot and a round of bets to come. Rules of thumb here:
        aces and small cards make lows, aces and faces make high pairs."""
        rank = card // 4 + 2
        low = {14: 1.0, 2: 0.9, 3: 0.8, 4: 0.7, 5: 0.6, 6: 0.4, 7: 0.3, 8: 0.2}.get(rank, 0.0)
        high = {14: 1.0, 13: 0.6, 12: 0.4, 11: 0.3}.get(rank, 0.1)
        rules = table.rules
        appeal = max(low if rules.low != "none" else 0.0, high if rules.high else 0.0)
        pot = table.pot + (1 + len(table.opponents)) * rules.big_bet
        return 0.15 * appeal * pot

    def _discard(self, view: View, table: Table, option: Option) -> Action:
        """Discard the card the hand misses least."""
        card = self._least_needed(table, [int(c) for c in option.cards])
        return action_for(view, option, card=CARDS[card])

    def _least_needed(self, table: Table, cards: list[int]) -> int:
        if len(cards) == 1:
            return cards[0]
        hands = [(tuple(x for x in table.mine if x != c), table.to_come) for c in cards]
        chances = self.compare(table, hands)
        return cards[max(range(len(cards)), key=lambda i: (chances[i].share, cards[i]))]

    def _turn_up(self, view: View, table: Table) -> Action:
        """Turn up the card that tells the others least: the one the hand misses least."""
        option = _options(view, "up")[0]
        card = self._least_needed(table, [int(c) for c in option.cards])
        return action_for(view, option, card=CARDS[card])

    def _bet(self, view: View, table: Table) -> Action:
        """Raise with more than a fair share, call when the pot pays for it, else fold."""
        chances = self.estimate(table, table.mine, table.to_come)
        share = chances.share
        live = 1 + len(table.opponents)
        calls = _options(view, "cc")
        raises = _options(view, "cbr")
        folds = _options(view, "f")
        brings = _options(view, "pb")
        to_call = calls[0].min_amount or 0 if calls else 0
        me = view.seats[table.seat]
        size = table.rules.big_bet
        raise_factor, call_margin = self.thresholds(table)
        raise_at = max(0.55 if live == 2 else 0.28, raise_factor / live)
        if to_call == 0 and self.lead_factor:  # nobody has bet: bet for the folds it wins
            raise_at = min(raise_at, self.lead_factor / live)
        if raises and share >= raise_at and me.bet < 3 * size + 3 * (share >= 0.8) * size:
            option = raises[0]
            low, high = option.min_amount, option.max_amount
            assert low is not None
            assert high is not None
            amount = low
            if high > low:
                if option.choices:
                    amount = max(option.choices) if share >= raise_at + 0.1 else low
                else:
                    pot_sized = view.pot + 2 * to_call + me.bet
                    amount = max(low, min(high, round(pot_sized * share)))
            return action_for(view, option, amount)
        if brings:
            return action_for(view, brings[0])
        if not calls:
            return self._safe(view)
        if to_call == 0 or not folds:
            return action_for(view, calls[0])
        value = share * (view.pot + to_call) + self.staying_value(view, table)
        if value >= to_call * call_margin:
            return action_for(view, calls[0])
        return action_for(view, folds[0])


class HeuristicBot(StrategyBot):
    """Plays by rules of thumb: made hands and draws for high and low, street by street.

    Its chances come from the hand's category (a pair, two pair, trips...), its flush draws,
    the count of distinct low cards it holds and still needs, and whether an opponent's up
    cards already beat it, thinned out by the number of opponents. Deterministic: ties in its
    choices are broken by card ids, never at random.
    """

    def estimate(self, table: Table, mine: tuple[int, ...], to_come: int) -> Estimate:
        """Chances by rules of thumb (no sampling: the same table gives the same answer). More
        than seven cards (a NASDAQ buyer before its discard): the best hand without one."""
        if len(mine) + len(table.common) > 7:
            fewer = [mine[:i] + mine[i + 1 :] for i in range(len(mine))]
            return max((self.estimate(table, f, to_come) for f in fewer), key=lambda e: e.share)
        rules = table.rules
        cards = (*mine, *table.common)
        opponents = max(1, len(table.opponents))
        boards = [o.known for o in table.opponents if o.known]
        high = _high_strength(cards, to_come, boards) if rules.high else 0.0
        low = _low_strength(rules, cards, to_come, boards) if rules.low != "none" else 0.0
        spread = opponents / 2
        ph, pl = high**spread, low**spread
        if not rules.high:
            return Estimate(0.0, pl, pl, pl, "lo")
        if rules.low == "none":
            return Estimate(ph, 0.0, ph, ph, "hi")
        scoop = ph * pl
        if rules.showdown == "declare":
            # against about half the field: the others go the other way
            half = opponents / 4
            hi, lo = 0.55 * high**half, 0.55 * low**half
            declaration = _declaration(rules, cards, ph, pl)
            share = {"hi": hi, "lo": lo, "both": scoop}[declaration]
            return Estimate(ph, pl, scoop, share, declaration)
        no_low = _no_low_likely(rules, cards, to_come)
        share = ph if no_low else 0.5 * (ph + pl)
        return Estimate(ph, pl, scoop, share, "hi" if ph >= pl else "lo")


def _declaration(rules: Rules, cards: Sequence[int], ph: float, pl: float) -> Declaration:
    """The usual rule of thumb (OPR-207 4.2, OPR-657 4.2): low with a made low (five low
    cards) and less than two pair, or with no pair and nothing above a nine; high with a pair
    or better; both only with a strong high and a strong low where the house allows it."""
    if not cards:
        return "hi" if ph >= pl else "lo"
    value = high_value(list(cards))
    lows = {_a5(c) for c in cards if _a5(c) <= (rules.qualifier or 8)}
    if rules.declare_both and ph > 0.8 and pl > 0.8:
        return "both"
    if len(lows) >= 5 and value < _TWO_PAIR:
        return "lo"
    if _category(list(cards)) >= 1:
        return "hi"
    top = max(_a5(c) for c in cards)
    return "lo" if top <= 9 else "hi"


def _no_low_likely(rules: Rules, cards: Sequence[int], to_come: int) -> bool:
    """Whether a qualifying low is out of reach for the reader (Robert's: 8-or-better)."""
    if not rules.qualifier:
        return False
    lows = {_a5(c) for c in cards if _a5(c) <= rules.qualifier}
    return len(lows) + to_come < 5


def _a5(card: int) -> int:
    rank = card // 4 + 2
    return 1 if rank == 14 else rank


def _high_strength(cards: Sequence[int], to_come: int, boards: list[tuple[int, ...]]) -> float:
    """Rough chance that the hand wins high against one opponent: its category (a pair is
    worth more when the game deals only five cards), its flush draws, and whether an
    opponent's up cards already beat it."""
    if not cards:
        return 0.3
    value = high_value(list(cards))
    category = _category(list(cards))
    top = max(c // 4 + 2 for c in cards)
    if len(cards) + to_come <= 5:  # five-card games
        base = (0.0, 0.6, 0.85, 0.93, 0.95, 0.96, 0.98, 0.99, 0.99)[category]
        if category == 0:
            base = 0.3 + 0.05 * (top - 11) if top > 11 else 0.2
        elif category == 1 and value >= _PAIR_OF_TENS:
            base = 0.7
    elif category >= 2:
        base = (0.0, 0.0, 0.62, 0.76, 0.82, 0.86, 0.93, 0.97, 0.99)[category]
    elif category == 1:
        base = 0.5 if value >= _PAIR_OF_TENS else 0.4
    else:
        base = 0.2 + 0.02 * (top - 10) if top > 10 else 0.15
    if to_come and len(cards) + to_come > 5:
        suits = [sum(1 for c in cards if c % 4 == s) for s in range(4)]
        flush = max(suits)
        if flush >= 4:
            base = max(base, 0.55)
        elif flush == 3 and len(cards) <= 4 and to_come >= 3:
            base = max(base, 0.35)
    for board in boards:
        if high_value(list(board)) > value:
            base *= 0.6
            break
    return base


def _category(cards: list[int]) -> int:
    return CATEGORY_NAMES.index(high_category(high_value(cards)))


def _low_strength(
    rules: Rules, cards: Sequence[int], to_come: int, boards: list[tuple[int, ...]]
) -> float:
    """Rough chance that the hand wins low against one opponent: distinct low cards held and
    needed; a made low by its top card (ace-to-five, OPR-657 1.3)."""
    limit = rules.qualifier or 8
    lows = sorted({_a5(c) for c in cards if _a5(c) <= limit})
    if len(cards) + to_come <= 5 and not rules.qualifier:  # five cards, every hand has a low
        unpaired = len(lows) == len(cards)
        if unpaired:
            base = min(0.9, 0.5 + 0.08 * len(cards))
        elif len(lows) == len(cards) - 1:
            base = 0.3 if to_come else 0.2
        else:
            base = 0.08
    elif len(lows) >= 5:
        top = lows[4]
        base = 0.92 if top <= 6 else 0.8 if top == 7 else 0.66 if top == 8 else 0.55
    else:
        need = 5 - len(lows)
        if need > to_come:
            if rules.qualifier:
                return 0.0
            value = low_value(list(cards), qualifier=0) if cards else 0
            base = 0.12 if value else 0.08  # no good low, only a poor one
        else:
            base = 0.12 * len(lows) + (0.1 if need < to_come else 0.0)
    for board in boards:
        their = {_a5(c) for c in board if _a5(c) <= limit}
        if len(their) == len(board) >= len(lows) and board and max(their) < (lows or [99])[-1]:
            base *= 0.75
            break
    return base
