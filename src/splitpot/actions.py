"""Actions: one record per thing that happens at the table, by a player or by the dealer.

An :class:`Action` mirrors one line of a hand record (see ``hand-history.md``): the verb is
the PHH verb, so the log of a hand *is* its history and :mod:`splitpot.notation` only renders
it. Seats are 0-based here (``p1`` in a record is seat 0).

:data:`VERBS` is the one table of what each verb is (the step kinds it is taken at, whether it
bets, names an amount or a card, may be sealed); the sets of verbs every module uses are drawn
from it, and :meth:`Action.taking` turns a seat's option into the action that takes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, Protocol

from splitpot.build import by_fields
from splitpot.cards import Card
from splitpot.taking import taking

__all__ = [
    "AMOUNT_VERBS",
    "BETTING_VERBS",
    "CARD_VERBS",
    "DEALER_VERBS",
    "PLAYER_VERBS",
    "SEALED_VERBS",
    "VERBS",
    "Action",
    "Declaration",
    "Offered",
    "Verb",
]

Declaration = Literal["hi", "lo", "both"]


@dataclass(frozen=True, slots=True)
class Verb:
    """What one PHH verb is: the step kinds (``Phase.kind``) it is taken at, who takes it,
    and what its action names besides the seat."""

    name: str
    steps: tuple[str, ...]
    meaning: str
    dealer: bool = False
    """The dealer's step (deals, an auction's layout), never a player's choice."""
    betting: bool = False
    """A move of a betting round, seen by everyone at once."""
    amount: bool = False
    """The action names an amount from the option's range (``sell``: its asking price, none
    for a sale with no price)."""
    card: bool = False
    """The action names one of the option's cards (``sd``: none to stand pat)."""
    sealed_as: str = ""
    """Not empty for a move that may be sealed (the others see that a seat moved, not what,
    until all are in): what the others see, "the others will see only that you ..."."""

    def __reduce__(self) -> tuple[type[Verb], tuple[object, ...]]:
        return by_fields(self)  # compiled: pickled by its constructor


VERBS: Final[dict[str, Verb]] = {
    v.name: v
    for v in (
        Verb("dh", ("deal", "buy"), "deal to a player (a replacement at a buy)", dealer=True),
        Verb("db", ("deal",), "deal common cards", dealer=True),
        Verb("dl", ("auction",), "lay out an auction's cards", dealer=True),
        Verb("pb", ("betting",), "bring in", betting=True),
        Verb("cbr", ("betting",), "complete, bet or raise to", betting=True, amount=True),
        Verb("cc", ("betting",), "check or call", betting=True),
        Verb("f", ("betting",), "fold", betting=True),
        Verb("bid", ("auction", "sale"), "bid", amount=True, sealed_as="bid"),
        Verb("pass", ("auction", "sale"), "pass", sealed_as="bid"),
        Verb("pick", ("auction",), "pick a card from the auction (OPR-657 3.4)", card=True),
        Verb("buy", ("buy",), "buy a replacement for a card (OPR-207 3.2)", card=True),
        Verb("sell", ("sale",), "offer a card for sale (NASDAQ ¶8)", amount=True, card=True),
        Verb("sd", ("buy", "sale"), "discard (no card: stand pat)", card=True),
        Verb("up", ("expose",), "turn a card up", card=True, sealed_as="turned a card up"),
        Verb("dec", ("declare",), "declare high, low or both (if allowed)", sealed_as="declared"),
        Verb("sm", ("showdown", "deal"), "show (no cards: muck)"),
    )
}
"""Every verb of a hand's log (hand-history.md), by name."""

DEALER_VERBS: Final = frozenset(v.name for v in VERBS.values() if v.dealer)
"""Deal to a player (``seat`` is the player), deal common cards, lay out an auction."""
PLAYER_VERBS: Final = frozenset(v.name for v in VERBS.values() if not v.dealer)
"""Bring in, complete/bet/raise to, check/call, fold, discard (none: stand pat), show (none:
muck), bid, pass, pick from an auction, offer for sale, buy a replacement, turn up, declare."""
BETTING_VERBS: Final = frozenset(v.name for v in VERBS.values() if v.betting)
"""The moves of a betting round: bring in, complete/bet/raise, check/call, fold."""
AMOUNT_VERBS: Final = frozenset(v.name for v in VERBS.values() if v.amount)
"""Verbs whose action names an amount chosen from the option's range."""
CARD_VERBS: Final = frozenset(v.name for v in VERBS.values() if v.card)
"""Verbs whose action names one of the option's cards."""
SEALED_VERBS: Final = frozenset(v.name for v in VERBS.values() if v.sealed_as)
"""Moves that may be sealed: hidden from the other seats until the last is in."""


class Offered(Protocol):
    """What :meth:`Action.taking` reads of an option (``splitpot.state.Option``)."""

    @property
    def verb(self) -> str: ...
    @property
    def min_amount(self) -> int | None: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def declarations(self) -> tuple[Declaration, ...]: ...


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

    def __init__(
        self,
        verb: str,
        seat: int | None = None,
        cards: tuple[Card | None, ...] = (),
        amount: int | None = None,
        declaration: Declaration | None = None,
    ) -> None:
        # What the dataclass's own __init__ does, each field set through its slot rather than
        # object.__setattr__ (an action is made at every deal: about 40 % less time). The
        # fields are taken as given; the engine refuses a wrongly typed one (not_an_action).
        _set_verb(self, verb)
        _set_seat(self, seat)
        _set_cards(self, cards)
        _set_amount(self, amount)
        _set_declaration(self, declaration)

    def __reduce__(self) -> tuple[type[Action], tuple[object, ...]]:
        return by_fields(self)  # compiled: pickled by its constructor

    @property
    def by_dealer(self) -> bool:
        """True for the dealer's steps (dealing, laying out an auction)."""
        return self.verb in DEALER_VERBS

    @classmethod
    def taking(
        cls,
        option: Offered,
        seat: int,
        amount: int | None = None,
        *,
        card: Card | None = None,
        declaration: Declaration | None = None,
        hand: tuple[Card | None, ...] = (),
    ) -> Action:
        """The action by which ``seat`` takes ``option``: at ``amount`` (default: the least)
        for a verb that names one, naming ``card`` (default: the first the option offers) or
        ``declaration`` (likewise); ``sm`` shows ``hand``, the seat's cards."""
        return taking(cls, VERBS, option, seat, amount, card, declaration, hand)


_set_verb, _set_seat, _set_cards, _set_amount, _set_declaration = (
    vars(Action)[name].__set__ for name in ("verb", "seat", "cards", "amount", "declaration")
)
"""The setters of Action's slots (member descriptors): they write a frozen instance's field."""
