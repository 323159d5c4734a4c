"""How a seat's choice of an option becomes the action that takes it: the work of
:meth:`Action.taking <splitpot.actions.Action.taking>`, which every bot's move goes through
(compiled in the compiled build).

It knows actions only as it is given them: the class to build and the table of verbs, which
:mod:`splitpot.actions` (a later module) passes. What a caller passes is read as an object and
built into the action as it is, never refused here (compiled code would check a declared type
on entry, with ``TypeError``): the engine refuses a wrongly typed action with
``IllegalAction``, in both builds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final, Protocol, TypeVar

from splitpot.cards import Card

__all__ = ["again", "kept", "taking"]

_A = TypeVar("_A")
_K = TypeVar("_K")
_V = TypeVar("_V")


class _Option(Protocol):
    """What is read of an option (``splitpot.state.Option``), as objects."""

    @property
    def verb(self) -> object: ...
    @property
    def min_amount(self) -> object: ...
    @property
    def cards(self) -> Sequence[object]: ...
    @property
    def declarations(self) -> Sequence[object]: ...


class _Verb(Protocol):
    """What is read of a verb (``splitpot.actions.Verb``): whether its action names an amount."""

    @property
    def amount(self) -> bool: ...


def taking(
    make: Callable[..., _A],
    verbs: Mapping[str, _Verb],
    option: _Option,
    seat: object,
    amount: object = None,
    card: object = None,
    declaration: object = None,
    hand: object = (),
) -> _A:
    """The action ``make(verb, seat, cards, amount, declaration)`` by which ``seat`` takes
    ``option``: at ``amount`` (default: the least) for a verb of ``verbs`` that names one,
    naming ``card`` (default: the first the option offers) or ``declaration`` (likewise);
    ``sm`` shows ``hand``."""
    verb = option.verb
    if verb == "sm":
        return make("sm", seat, hand)
    if option.declarations:
        return again(make, verb, seat, (), None, declaration or option.declarations[0])
    named = (card if card is not None else option.cards[0],) if option.cards else ()
    facts = verbs.get(verb) if isinstance(verb, str) else None
    if facts is not None and facts.amount:
        chosen = option.min_amount if amount is None else amount
        return again(make, verb, seat, named, chosen, None)
    return again(make, verb, seat, named, None, None)


def again(
    make: Callable[..., _A],
    verb: object,
    seat: object,
    cards: tuple[object, ...],
    amount: object,
    declaration: object,
) -> _A:
    """The action ``make(verb, seat, cards, amount, declaration)``: the one made before while it
    is still kept (actions are values, and the same few come again and again: a check, a call,
    a bid of the minimum, a card from a layout, a card dealt), else a new one. Only fields of
    exactly their own types are looked up: ``True``, ``1.0`` or a plain ``int`` for a card
    equal a kept action's field, but are not it (the engine refuses the first two); and
    what is no string where a string belongs may not even be hashable."""
    if (
        type(verb) is not str
        or type(seat) is not int
        or (amount is not None and type(amount) is not int)
        or (declaration is not None and type(declaration) is not str)
    ):
        return make(verb, seat, cards, amount, declaration)
    for card in cards:
        if type(card) is not Card:
            return make(verb, seat, cards, amount, declaration)
    key = (make, verb, seat, cards, amount, declaration)
    found = _TAKEN.get(key)
    if found is None:
        found = kept(_TAKEN, key, make(verb, seat, cards, amount, declaration))
    return found  # type: ignore[return-value]  # made by ``make`` under this very key


def kept(cache: dict[_K, _V], key: _K, value: _V) -> _V:
    """Keep ``value`` under ``key`` in ``cache`` (a value made when a lookup missed), emptying
    the cache first when it has grown large; ``value`` back. The engine's caches of immutable
    values asked for again and again (actions here, options and offers in the phases) all
    keep this way; a hit is their own dictionary lookup, with no call."""
    if len(cache) > 8192:
        cache.clear()
    cache[key] = value
    return value


_TAKEN: Final[dict[tuple[object, ...], object]] = {}
"""The actions :func:`taking` made, by class and fields (emptied when it grows large)."""
