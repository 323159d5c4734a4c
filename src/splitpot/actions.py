"""Actions: one record per thing that happens at the table, by a player or by the dealer.

An :class:`Action` mirrors one line of a hand record (see ``hand-history.md``): the verb is
the PHH verb, so the log of a hand *is* its history and :mod:`splitpot.notation` only renders
it. Seats are 0-based here (``p1`` in a record is seat 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from splitpot.cards import Card

__all__ = ["DEALER_VERBS", "PLAYER_VERBS", "Action", "Declaration"]

Declaration = Literal["hi", "lo", "both"]

DEALER_VERBS: Final = frozenset({"dh", "db", "dl"})
"""Deal to a player (``seat`` is the player), deal common cards, lay out an auction."""
PLAYER_VERBS: Final = frozenset(
    {"pb", "cbr", "cc", "f", "sd", "sm", "bid", "pass", "pick", "sell", "buy", "up", "dec"}
)
"""Bring in, complete/bet/raise to, check/call, fold, discard (none: stand pat), show (none:
muck), bid, pass, pick from an auction, offer for sale, buy a replacement, turn up, declare."""


@dataclass(frozen=True, slots=True)
class Action:
    """One step of a hand.

    ``seat`` is the acting player, or for ``dh`` the player dealt to (None for ``db``/``dl``).
    ``cards`` holds the cards involved, ``None`` for a card nobody has seen (``??``).
    ``amount`` is a chip count: the total *to* for ``cbr``, the bid for ``bid``, the asking
    price for ``sell``. ``declaration`` is set for ``dec`` only.
    """

    verb: str
    seat: int | None = None
    cards: tuple[Card | None, ...] = ()
    amount: int | None = None
    declaration: Declaration | None = None

    @property
    def by_dealer(self) -> bool:
        """True for the dealer's steps (dealing, laying out an auction)."""
        return self.verb in DEALER_VERBS
