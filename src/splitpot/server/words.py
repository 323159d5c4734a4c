"""The vocabulary the web page speaks, sent to it by the server (:func:`vocabulary`): each verb of
a hand's log (from :data:`splitpot.actions.VERBS`) with what it is and its words in the log and
on the buttons, the names of the steps and declarations, and how a verb reads after "You".

The page keeps no copy: a verb or step added here reaches it without an edit to its code. A
phrase may hold ``{cards}``, ``{amount}`` or ``{declaration}``, filled in by the page; the
variant ``""`` is the plain one.
"""

from __future__ import annotations

import functools
from typing import Any, Final

from splitpot.actions import VERBS
from splitpot.phases import PHASES

__all__ = ["DECLARATIONS", "LOG", "STEPS", "VERB_BUTTONS", "YOU", "vocabulary"]

LOG: Final[dict[str, dict[str, str]]] = {
    "dh": {"": "is dealt {cards}", "up": "{cards} up"},
    "db": {"": "Common card: {cards}"},
    "dl": {"": "On offer: {cards}"},
    "pb": {"": "brings in"},
    "cbr": {
        "bet": "bets {amount}",
        "raise": "raises to {amount}",
        "complete": "completes to {amount}",
    },
    "cc": {"check": "checks", "call": "calls"},
    "f": {"": "folds"},
    "bid": {"": "bids {amount}", "sealed": "has bid (sealed)"},
    "pass": {"": "passes"},
    "pick": {"": "picks {cards}"},
    "buy": {"": "buys away {cards}", "hidden": "buys away a down card"},
    "sell": {"": "offers {cards} for sale", "asking": ", asking {amount}"},
    "sd": {"": "discards {cards}", "hidden": "discards a card face down", "pat": "stands pat"},
    "up": {"": "turns up {cards}", "sealed": "has chosen a card to turn up (sealed)"},
    "dec": {"": "declares {declaration}", "sealed": "has declared (sealed)"},
    "sm": {"": "shows {cards}", "muck": "mucks"},
}
"""Each verb's line in the hand's log, after the mover's name (a dealer's step has no mover)."""

VERB_BUTTONS: Final[dict[str, dict[str, str]]] = {
    "pb": {"": "Bring in {amount}"},
    "cbr": {"bet": "Bet", "raise": "Raise to", "complete": "Complete to"},
    "cc": {"check": "Check", "call": "Call {amount}"},
    "f": {"": "Fold"},
    "bid": {"": "Bid"},
    "pass": {"": "Pass"},
    "pick": {"": "Pick"},
    "buy": {"": "Buy away ({amount})"},
    "sell": {"": "Sell"},
    "sd": {"": "Discard", "free": "Discard free", "pat": "Stand pat"},
    "up": {"": "Turn up"},
    "dec": {"hi": "High", "lo": "Low", "both": "Both ways"},
    "sm": {"": "Show", "muck": "Muck"},
}
"""Each player's verb on the page's buttons (a dealer's step has none)."""

STEPS: Final[dict[str, str]] = {
    "deal": "Dealing",
    "betting": "Betting",
    "auction": "Auction",
    "sale": "Sale",
    "buy": "Buy",
    "expose": "Turn a card up",
    "declare": "Declare",
    "showdown": "Showdown",
}
"""The name of each kind of step (``Phase.kind``)."""

DECLARATIONS: Final[dict[str, str]] = {"hi": "high", "lo": "low", "both": "both ways"}

YOU: Final[dict[str, str]] = {
    "is": "are", "has": "have", "bids": "bid", "picks": "pick", "declares": "declare",
    "folds": "fold", "checks": "check", "calls": "call", "bets": "bet", "raises": "raise",
    "completes": "complete", "brings": "bring", "passes": "pass", "offers": "offer",
    "buys": "buy", "stands": "stand", "discards": "discard", "turns": "turn", "shows": "show",
    "mucks": "muck", "wins": "win", "ties": "tie", "scoops": "scoop", "shares": "share",
}  # fmt: skip
"""A verb as "You" says it ("You bid 5", not "You bids 5"), the log's and the results' verbs."""


@functools.cache
def vocabulary() -> dict[str, Any]:
    """Everything the page says about verbs and steps, as JSON: each verb of
    :data:`~splitpot.actions.VERBS` with its facts, its log phrases and its buttons (a verb
    with no words here is said by its name), the steps, the declarations, "you" forms."""
    verbs = {
        name: {
            "meaning": verb.meaning,
            "dealer": verb.dealer,
            "betting": verb.betting,
            "amount": verb.amount,
            "card": verb.card,
            "sealed": verb.sealed_as,
            "log": LOG.get(name, {"": name}),
            "buttons": {} if verb.dealer else VERB_BUTTONS.get(name, {"": name}),
        }
        for name, verb in VERBS.items()
    }
    steps = {kind: STEPS.get(kind, kind) for kind in PHASES}
    return {"verbs": verbs, "steps": steps, "declarations": DECLARATIONS, "you": YOU}
