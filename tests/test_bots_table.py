"""``cards_to_come``: how many cards a seat is still to be dealt, checked at every point of a
hand of every game against counts worked out from the rules (not from the function itself)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from splitpot import variants
from splitpot.actions import Action
from splitpot.bots.simple import CallBot
from splitpot.bots.table import action_for, cards_to_come
from splitpot.engine import apply, deal_next, legal_actions, new_hand
from splitpot.rules import Betting, Buy, Deal, Rules, Showdown
from splitpot.views import View, view

SEAT = 0
"""The seat whose view is read after every step of the hand."""


def _buyer(seen: View) -> Action:
    """A calling station that buys at every buy (the first card offered), so replacements
    are dealt."""
    for option in seen.options:
        if option.verb == "buy":
            return action_for(seen, option)
    return CallBot().act(seen)


def _to_come(rules: Rules) -> tuple[list[tuple[str, int]], tuple[Action, ...]]:
    """Seat 0's ``(step, cards to come)`` after every step of a hand four players call (and
    buy) through, each change listed once; and the hand's log."""
    state = new_hand(rules, [1000] * 4, seed=3)
    seen: list[tuple[str, int]] = []
    while True:
        mine = view(state, SEAT)
        point = (mine.step, cards_to_come(mine, rules))
        if not seen or seen[-1] != point:
            seen.append(point)
        if state.finished:
            return seen, tuple(state.log)
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
        else:
            apply(state, _buyer(view(state, legal.to_act[0])))


# Seven-card stud (stud, razz, stud8): two down and one up on third street, one up on fourth,
# fifth and sixth, one down on seventh (Robert's 6 names the streets): 7 cards, 3 at the first
# betting round, so 7-3 = 4, then 3, 2, 1 and 0 still to come at the five betting rounds.
SEVEN_STUD = [("betting", 4), ("betting", 3), ("betting", 2), ("betting", 1), ("betting", 0)]
# Five-card stud: one down and one up, then three ups (OPR-207 2.2): 5 cards, 2 at the first
# betting round, so 3, 2, 1 and 0 at the four betting rounds.
FIVE_STUD = [("betting", 3), ("betting", 2), ("betting", 1), ("betting", 0)]
END = [("", 0)]
"""The showdown is settled as the last betting round or declaration ends: a finished hand's
view has no step."""


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        ("stud", [*SEVEN_STUD, *END]),
        ("razz", [*SEVEN_STUD, *END]),
        ("stud8", [*SEVEN_STUD, *END]),
        ("stud5", [*FIVE_STUD, *END]),
        ("stud5hilo", [*FIVE_STUD, *END]),
        # With a buy (OPR-207 2.2): betting after 2, 3 and 4 cards (3, 2, 1 to come), the fourth
        # upcard with no betting, then the buy with all 5 dealt: 0, and still 0 once the seat
        # has bought (a replacement replaces the card it discarded, OPR-207 3.2-3.3).
        (
            "stud5buy",
            [
                ("betting", 3),
                ("betting", 2),
                ("betting", 1),
                ("buy", 0),
                ("betting", 0),
                ("declare", 0),
                *END,
            ],
        ),
        # Auction: two down (OPR-657 2.1), then one card per auction (3.4), five auctions (3.7):
        # 7 cards. At the first auction 7-2 = 5 to come; each pick of seat 0 takes one off, so
        # 4, 3, 2, 1 at the next auctions and 0 after the fifth pick, still in that auction.
        (
            "auction",
            [
                ("auction", 5),
                ("auction", 4),
                ("auction", 3),
                ("auction", 2),
                ("auction", 1),
                ("auction", 0),
                ("betting", 0),
                ("declare", 0),
                *END,
            ],
        ),
        # NASDAQ: six cards, all dealt before the first sale (NASDAQ ¶5); a card bought at a sale
        # is the seller's, not a deal (¶9): 0 to come from the first sale to the end, through
        # one sale and betting round per player (¶11, ¶13), four here.
        ("nasdaq", [("sale", 0), ("betting", 0)] * 4 + END),
        # nasdaq7: seven cards dealt at once, likewise: 0 through its betting round, two rounds
        # of sales each with a betting round (NASDAQ ¶22), four turn-ups each with a betting
        # round (¶23) and the declaration (¶24).
        (
            "nasdaq7",
            [("betting", 0), ("sale", 0), ("betting", 0), ("sale", 0), ("betting", 0)]
            + [("expose", 0), ("betting", 0)] * 4
            + [("declare", 0), *END],
        ),
    ],
)
def test_cards_to_come_in_every_game(game: str, expected: list[tuple[str, int]]) -> None:
    seen, _ = _to_come(variants.get(game))
    assert seen == expected


def test_a_replacement_bought_before_the_last_deal_is_not_a_card_dealt() -> None:
    # A five-card game whose buy comes before the last upcard: one down and one up, an upcard,
    # the buy, the last upcard. At the buy 3 of 4 cards are dealt: 1 to come, and still 1 after
    # seat 0 bought (its replacement only replaces, OPR-207 3.3), 0 after the last upcard.
    stud5buy = variants.get("stud5buy")
    steps = (
        Deal("du"),
        Betting("small", "low-card", bring_in=True),
        Deal("u"),
        Buy(),
        Deal("u"),
        Betting("big", "high-board"),
        Showdown(),
    )
    rules = replace(stud5buy, name="early-buy", steps=steps, showdown="cards")
    seen, log = _to_come(rules)
    assert seen == [("betting", 2), ("buy", 1), ("betting", 0), *END]
    assert any(a.verb == "buy" and a.seat == SEAT for a in log)  # the case the count is about
