"""Two simple bots: a calling station and a uniformly random player."""

from __future__ import annotations

import random

from splitpot.actions import Action, Declaration
from splitpot.cards import Card
from splitpot.state import Option
from splitpot.views import View

__all__ = ["AMOUNT_VERBS", "CallBot", "RandomBot", "action_for"]

AMOUNT_VERBS = frozenset({"cbr", "bid", "sell"})
"""Verbs whose action names an amount chosen from the option's range (a ``sell`` option
without a range is a sale with no asking price)."""


def action_for(
    view: View,
    option: Option,
    amount: int | None = None,
    *,
    card: Card | None = None,
    declaration: Declaration | None = None,
) -> Action:
    """The action that takes ``option`` in ``view``'s seat: at ``amount`` for a ranged option,
    naming ``card`` (default: the first it offers) or ``declaration`` (likewise)."""
    seat = view.seat
    assert seat is not None, "a spectator's view has no options"
    verb = option.verb
    if verb == "sell":
        price = option.min_amount if amount is None else amount
        return Action(verb, seat, (card if card is not None else option.cards[0],), price)
    if verb in AMOUNT_VERBS:
        return Action(verb, seat, amount=option.min_amount if amount is None else amount)
    if verb == "sm":
        mine = view.seats[seat]
        return Action("sm", seat, mine.down + mine.up)
    if option.declarations:
        return Action(verb, seat, declaration=declaration or option.declarations[0])
    if option.cards:
        return Action(verb, seat, (card if card is not None else option.cards[0],))
    return Action(verb, seat)


class CallBot:
    """Brings in when it must, otherwise checks or calls, and passes where it may rather than
    bid (a sale); never folds, never raises."""

    def act(self, view: View) -> Action:
        options = {o.verb: o for o in view.options}
        for verb in ("pb", "cc", "pass", "sm"):
            if verb in options:
                return action_for(view, options[verb])
        return action_for(view, view.options[0])


class RandomBot:
    """Takes a uniformly random legal option, with a uniformly random legal amount."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        rng = self.rng
        option: Option = rng.choice(view.options)
        amount = None
        if option.verb in AMOUNT_VERBS and option.min_amount is not None:
            if option.choices:
                amount = rng.choice(option.choices)
            else:
                assert option.min_amount is not None
                assert option.max_amount is not None
                amount = rng.randint(option.min_amount, option.max_amount)
        card = rng.choice(option.cards) if option.cards else None
        declaration = rng.choice(option.declarations) if option.declarations else None
        return action_for(view, option, amount, card=card, declaration=declaration)
