"""What a table pays at NASDAQ sales (``splitpot.bots.market``): read from the log, counted once
per hand, and used by the equity bot to offer a card rather than discard it for nothing
(NASDAQ 5.2(c)) and to stay in a hand for its sales to come."""

from __future__ import annotations

import dataclasses

import pytest

from splitpot import variants
from splitpot.bots.equity import EquityBot
from splitpot.bots.market import Market, sale_turns_left, sales
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
    assert market.expect(5, 0.25) == -(5 * 0.75)  # nobody seen buying: the price is lost
    first = view(dealt(rules, *CHECKED, *SOLD), 3)
    market.observe(first, rules)
    market.observe(first, rules)  # the same hand seen again
    # two offers nobody bought before any is seen, and one sale for 15: 15 / 3 chips an offer,
    # unsold two times in three, the price of 5 lost but for a share of 1/4 of it
    assert market.expect(5, 0.25) == pytest.approx(15 / 3 - 2 / 3 * 5 * 0.75)
    later = view(dealt(rules, *CHECKED, *SOLD, *UNSOLD), 3)  # the same hand, later
    market.observe(later, rules)
    assert market.expect(5, 0.25) == pytest.approx(15 / 4 - 3 / 4 * 5 * 0.75)
    other = [*HANDS[:3], "TcJdQs3h3d9c6c"]  # p4 is dealt other cards: another hand
    market.observe(view(dealt(rules, *CHECKED, hands=other), 3), rules)  # the last one kept
    assert (market.offers, market.sold, market.received) == (2, 1, 15)


def _paying(bot: EquityBot) -> EquityBot:
    """Eight offers seen, four sold, 200 chips to their sellers."""
    bot.market.offers, bot.market.sold, bot.market.received = 8, 4, 200
    return bot


def test_where_the_table_pays_the_equity_bot_offers_its_card() -> None:
    # p1's turn to sell. At a table that has bought nothing it discards for nothing (5.2(c)).
    # Where offers brought 200 / (8 + 2) = 20 chips and went unsold 6 times in 10, an offer at
    # the lowest price (5) is worth 20 - 0.6 * 5 * 3/4 = 17.75: it asks that price.
    seen = view(dealt(variants.get("nasdaq7"), *CHECKED), 0)
    assert EquityBot(seed=1, samples=2000).act(seen).verb == "sd"
    sale = _paying(EquityBot(seed=1, samples=2000)).act(seen)
    assert (sale.verb, sale.amount) == ("sell", 5)
    stingy = EquityBot(seed=1, samples=2000)
    stingy.market.offers, stingy.market.sold, stingy.market.received = 8, 1, 10
    assert stingy.act(seen).verb == "sd"  # 10 / 10 - 0.9 * 5 * 3/4 < 0


def test_where_the_table_pays_the_equity_bot_stays_in_for_its_sales() -> None:
    # p4 holds no pair and no low to speak of, and faces a raise to 10 before any auction: it
    # folds. Where offers bring 20 - 0.6 * 5 * 2/3 = 18 chips (two opponents left), its two
    # turns to sell are worth 36 more than its share of the pot, and it calls.
    seen = view(dealt(variants.get("nasdaq7"), "p1 cbr 5", "p2 cbr 10", "p3 f"), 3)
    assert EquityBot(seed=1, samples=2000).act(seen).verb == "f"
    paying = _paying(EquityBot(seed=1, samples=2000))
    assert paying.act(seen).verb == "cc"
    assert paying.market.expect(5, 1 / 3) == pytest.approx(18)
