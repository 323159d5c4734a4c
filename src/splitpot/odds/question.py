"""The question a seat's odds panel asks, from its view: the hands as the seat sees them, and
what it is choosing (a declaration, a buy). The terminal's panel (``splitpot.cli.panel``) and the
web table's (``splitpot.server.oddspanel``) ask it the same way, so their figures agree."""

from __future__ import annotations

from typing import NamedTuple

from splitpot.actions import Declaration
from splitpot.errors import OddsError
from splitpot.odds.situation import Situation, situation_from_view
from splitpot.rules import Rules
from splitpot.views import View

__all__ = ["Question", "question"]


class Question(NamedTuple):
    """What the panel's figures depend on: the hands as the seat sees them (``spot``, or why
    there are no odds, ``trouble``), the others' declarations it sees when it is to declare,
    and the pot and price when it is to buy."""

    spot: Situation | None
    trouble: str | None = None
    declared: tuple[Declaration | None, ...] | None = None
    buy: tuple[int, int] | None = None


def question(seen: View, rules: Rules) -> Question:
    """The question a seat's view asks the panel."""
    seat = seen.seat
    assert seat is not None, "the panel is a seat's"
    mine = seen.seats[seat]
    if seen.finished:
        return Question(None)  # nothing to show: the hand is decided
    if mine.folded:
        return Question(None, "you are out of this hand")
    if not (mine.down or mine.up):
        return Question(None, "once your cards are dealt")
    try:
        spot = situation_from_view(seen, rules)
    except OddsError as exc:
        words = str(exc)
        if words.startswith("odds need at least two hands"):
            words = "no other live hand"
        return Question(None, words)
    options = {o.verb: o for o in seen.options}
    declared = None
    if seen.step == "declare" and "dec" in options:
        declared = tuple(s.declaration for s in seen.seats)
    buy = None
    if "buy" in options and options["buy"].min_amount is not None:
        buy = (seen.pot, options["buy"].min_amount)
    return Question(spot, None, declared, buy)
