"""What a table pays at NASDAQ sales (``splitpot.bots.market``): read from the log, counted once
per hand, and used by the equity and heuristic bots to offer a card rather than discard it for
nothing (NASDAQ 5.2(c)) and to stay in a hand for its sales to come."""

from __future__ import annotations

import dataclasses
from typing import TypeVar

import pytest

from splitpot import variants
from splitpot.bots.equity import EquityBot
from splitpot.bots.heuristic import HeuristicBot
from splitpot.bots.market import Market, sale_turns_left, sales
from splitpot.bots.strategy import StrategyBot
from splitpot.bots.table import read
from splitpot.cards import parse_cards
from splitpot.engine import apply, new_hand
from splitpot.notation import parse_action
from splitpot.rules import Rules
from splitpot.state import State
from splitpot.views import view

HANDS = ["2c7d9hJcKc4s8d", "AhAd3c2d5h6s7s", "KdQdJhTd9d2h4c", "TcJdQs3h3d9c5s"]


def dealt(rules: Rules, *lines: str, hands: list[str] = HANDS) -> State:
    """A four-handed NASDAQ seven-card hand, seven cards down each from a stacked deck."""
    state = new_hand(rules, [1000] * 4, deck=[c for h in hands for c in parse_cards(h)])
    for line in lines:
        apply(state, parse_action(line))
    return state


CHECKED = ("p1 cc", "p2 cc", "p3 cc", "p4 cc")  # betting round 1, then the first auction round
SOLD = ("p1 sell 2c 5", "p2 bid 15", "p3 pass", "p4 pass", "p2 sd 2c")
UNSOLD = ("p2 sd 7s", "p3 sell Kd 5", "p4 pass", "p1 pass", "p2 pass", "p3 sd Kd")


def test_sales_are_read_from_the_log() -> None:
    # p1 asks 5 for 2c, p2 bids 15 and buys it (and discards it, as it may). With a threshold of
    # 10 the excess of 5 is split, the odd chip to the pot (NASDAQ ¶26): 12 to p1, 3 to the pot.
    # p2 discards for nothing (5.2(c)): not an offer. p3 asks 5 for Kd, nobody bids: unsold,
    # p3 pays 5 into the pot (¶10, 5.2(b)).
    rules = dataclasses.replace(variants.get("nasdaq7"), excess_threshold=10)
    state = dealt(rules, *CHECKED, *SOLD, *UNSOLD)
    assert [p.amount for p in state.payments] == [12]
    assert state.pot == 4 + 3 + 5
    for seat in range(4):
        seen = view(state, seat)
        assert sales(seen.log, rules) == [(5, True, 12), (5, False, 0)]
        # two auction rounds (5.2): p1, p2 and p3 have had their turn in the first, p4 not
        assert sale_turns_left(seen, rules) == (1 if seat < 3 else 2)


def test_a_market_counts_each_hand_once() -> None:
    rules = variants.get("nasdaq7")
    market = Market()
    assert market.expect(5, 0.25) == 5  # nothing seen: an offer sells at its price
    first = view(dealt(rules, *CHECKED, *SOLD), 3)
    market.observe(first, rules)
    market.observe(first, rules)  # the same hand seen again
    # two offers taken to sell at the price before any is seen, and one sale for 15:
    # (5 + 5 + 15) / 3 chips an offer, none unsold
    assert market.expect(5, 0.25) == pytest.approx(25 / 3)
    later = view(dealt(rules, *CHECKED, *SOLD, *UNSOLD), 3)  # the same hand, later
    market.observe(later, rules)
    # one unsold in four: its price of 5 lost but for a share of 1/4 of it
    assert market.expect(5, 0.25) == pytest.approx(25 / 4 - 1 / 4 * 5 * 0.75)
    other = [*HANDS[:3], "TcJdQs3h3d9c6c"]  # p4 is dealt other cards: another hand
    market.observe(view(dealt(rules, *CHECKED, hands=other), 3), rules)  # the last one kept
    assert (market.offers, market.sold, market.received) == (2, 1, 15)


B = TypeVar("B", bound=StrategyBot)


def _market(bot: B, offers: int, sold: int, received: int) -> B:
    """``bot`` having seen ``offers`` offers, ``sold`` of them sold for ``received`` chips."""
    bot.market.offers, bot.market.sold, bot.market.received = offers, sold, received
    return bot


def _bots() -> list[StrategyBot]:
    return [EquityBot(seed=1, samples=2000), HeuristicBot(seed=1)]


@pytest.mark.parametrize("index", [0, 1])
def test_where_the_table_pays_a_bot_offers_its_card(index: int) -> None:
    # p1's turn to sell, first of the table (5.2). With nothing seen, an offer at the lowest
    # price (5) is taken to sell at it (the prior: two such sales): worth 5 chips, more than
    # half of what p1's least needed card gives a buyer, so it asks that price rather than
    # discard for nothing (5.2(c)). Where offers brought 200 + 10 chips in 8 + 2 and went
    # unsold 4 times in 10, an offer is worth 21 - 0.4 * 5 * 3/4 = 19.5: it asks that price.
    # Where seven offers of eight went unsold, seven in ten with the prior's:
    # (10 + 10) / 10 - 0.7 * 5 * 3/4 < 0, it discards.
    seen = view(dealt(variants.get("nasdaq7"), *CHECKED), 0)
    fresh = _bots()[index].act(seen)
    assert (fresh.verb, fresh.amount) == ("sell", 5)
    sale = _market(_bots()[index], 8, 4, 200).act(seen)
    assert (sale.verb, sale.amount) == ("sell", 5)
    stingy = _market(_bots()[index], 8, 1, 10)
    assert stingy.offer_value(seen, read(seen), 5) == pytest.approx(20 / 10 - 0.7 * 5 * 0.75)
    assert stingy.act(seen).verb == "sd"


def test_where_the_table_pays_the_equity_bot_stays_in_for_its_sales() -> None:
    # p4 holds no pair and no low to speak of, and faces a raise to 10 before any auction. At a
    # table where offers go unsold (as above, -0.625 an offer) it folds. Where offers bring
    # 21 - 0.4 * 5 * 2/3 chips (two opponents left), its two turns to sell are worth 39 more
    # than its share of the pot, and it calls.
    seen = view(dealt(variants.get("nasdaq7"), "p1 cbr 5", "p2 cbr 10", "p3 f"), 3)
    assert _market(EquityBot(seed=1, samples=2000), 8, 1, 10).act(seen).verb == "f"
    paying = _market(EquityBot(seed=1, samples=2000), 8, 4, 200)
    assert paying.act(seen).verb == "cc"
    assert paying.market.expect(5, 1 / 3) == pytest.approx(21 - 0.4 * 5 * 2 / 3)
