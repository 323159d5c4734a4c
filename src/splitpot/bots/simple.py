"""Two simple bots: a calling station and a uniformly random player."""

from __future__ import annotations

from splitpot.actions import AMOUNT_VERBS, Action
from splitpot.bots.table import action_for
from splitpot.build import mypyc_attr
from splitpot.shuffle import below, seeded
from splitpot.state import Option
from splitpot.views import View

__all__ = ["CallBot", "RandomBot", "action_for"]


# Compiled: native classes that a Python class may still subclass (a bot of one's own).
@mypyc_attr(allow_interpreted_subclasses=True)
class CallBot:
    """Brings in when it must, otherwise checks or calls, and passes where it may rather than
    bid (a sale); never folds, never raises."""

    def act(self, view: View) -> Action:
        options = view.options  # two or three: looked through, not made into a mapping
        for verb in ("pb", "cc", "pass", "sm"):
            for option in options:
                if option.verb == verb:
                    return action_for(view, option)
        return action_for(view, options[0])


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot:
    """Takes a uniformly random legal option, with a uniformly random legal amount."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded(seed)  # random.Random(seed), made faster

    def act(self, view: View) -> Action:
        # Each draw is the one random.Random's choice and randint make (splitpot.shuffle.below).
        rng = self.rng
        options = view.options
        option: Option = options[below(rng, len(options))]
        amount = None
        if option.verb in AMOUNT_VERBS and option.min_amount is not None:
            if option.choices:
                amount = option.choices[below(rng, len(option.choices))]
            else:
                assert option.min_amount is not None
                assert option.max_amount is not None
                low = option.min_amount
                amount = low + below(rng, option.max_amount - low + 1)
        card = option.cards[below(rng, len(option.cards))] if option.cards else None
        declarations = option.declarations
        declaration = declarations[below(rng, len(declarations))] if declarations else None
        return action_for(view, option, amount, card=card, declaration=declaration)
