"""Cards and decks.

A card is an ``int`` from 0 to 51: ``4 * (rank - 2) + suit`` with suits ``c d h s`` = 0..3, so
``2c`` is 0 and ``As`` is 51. :class:`Card` is that int with a readable face; anything that
takes cards accepts plain ints, :class:`Card` objects or text such as ``"AhKd9s"``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from numbers import Integral
from typing import Final, TypeAlias

from splitpot.errors import InvalidNotation, RulesError
from splitpot.shuffle import shuffle

__all__ = [
    "CARDS",
    "RANKS",
    "SUITS",
    "Card",
    "CardsLike",
    "Deck",
    "format_cards",
    "parse_card",
    "parse_cards",
    "to_cards",
]

RANKS: Final = "23456789TJQKA"
"""Rank characters, index 0 = deuce, 12 = ace."""
SUITS: Final = "cdhs"
"""Suit characters in id order (clubs lowest, spades highest: the order used for bring-ins)."""

_RANK_NAMES: Final = {"10": "T"}


class Card(int):
    """One card of the 52: an int with a rank, a suit and a two-character face."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 52:
            raise InvalidNotation(f"card id {value!r} is not an integer from 0 to 51")
        return CARDS[value]

    @property
    def rank(self) -> int:
        """2..14 (ace is 14)."""
        return int(self) // 4 + 2

    @property
    def suit(self) -> int:
        """0..3 for clubs, diamonds, hearts, spades."""
        return int(self) % 4

    def __str__(self) -> str:
        return RANKS[int(self) >> 2] + SUITS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _make(value: int) -> Card:
    return int.__new__(Card, value)


CARDS: Final[tuple[Card, ...]] = tuple(_make(i) for i in range(52))
"""The 52 cards in id order; ``CARDS[51]`` is the ace of spades."""

_BY_FACE: Final[dict[str, Card]] = {str(c): c for c in CARDS}

CardsLike: TypeAlias = str | Iterable[int]
"""What card-taking functions accept: text (``"AhKd"``), or ids / :class:`Card` objects."""


def parse_card(text: str) -> Card:
    """Read one card such as ``"Ah"`` or ``"td"`` (rank case-insensitive, ``10`` for ten)."""
    face = text.strip()
    rank, suit = face[:-1], face[-1:]
    rank = _RANK_NAMES.get(rank, rank).upper()
    card = _BY_FACE.get(rank + suit.lower())
    if card is None or len(rank) != 1:
        raise InvalidNotation(
            f"{text!r} is not a card: write a rank from {RANKS} then a suit from {SUITS}, "
            "such as 'Ah'"
        )
    return card


def parse_cards(text: str, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Read cards written together or apart: ``"AhKd9s"``, ``"Ah Kd 9s"``, ``"Ah,Kd"``."""
    compact = "".join(text.replace(",", " ").split())
    cards: list[Card] = []
    i = 0
    while i < len(compact):
        width = 3 if compact.startswith("10", i) else 2
        chunk = compact[i : i + width]
        if len(chunk) < width:
            raise InvalidNotation(f"{text!r}: {chunk!r} at position {i} is not a whole card")
        try:
            cards.append(parse_card(chunk))
        except InvalidNotation:
            raise InvalidNotation(
                f"{text!r}: {chunk!r} at position {i} is not a card "
                f"(a rank from {RANKS} then a suit from {SUITS})"
            ) from None
        i += width
    if not allow_duplicates:
        _check_unique(cards, text)
    return tuple(cards)


def _check_unique(cards: Sequence[int], source: object) -> None:
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        dup = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise InvalidNotation(f"{source!r}: card {CARDS[dup]} appears more than once")


def to_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Normalise text, ids or :class:`Card` objects to a tuple of cards, checking each one."""
    if isinstance(cards, str):
        return parse_cards(cards, allow_duplicates=allow_duplicates)
    out: list[Card] = []
    items: Iterable[object] = cards  # checked one by one: callers pass anything
    for c in items:
        if type(c) is Card:  # one of CARDS, the only cards there are: nothing to check
            out.append(c)
        elif type(c) is int and 0 <= c < 52:
            out.append(CARDS[c])
        # Any integer type (numpy's too) but bool, which is a flag, not a card.
        elif isinstance(c, bool) or not isinstance(c, Integral) or not 0 <= int(c) < 52:
            raise InvalidNotation(f"{c!r} is not a card (ids run from 0 to 51, or write 'Ah')")
        else:
            out.append(CARDS[int(c)])
    if not allow_duplicates and len(set(out)) != len(out):
        _check_unique(out, [str(c) for c in out])
    return tuple(out)


def format_cards(cards: Iterable[int]) -> str:
    """Write cards together, as hand records do: ``"AhKd9s"``."""
    return "".join(str(CARDS[c]) for c in cards)


class Deck:
    """An ordered stub of cards, shuffled reproducibly from a seed.

    ``Deck(seed=7)`` always deals the same cards in the same order (``random.Random`` with an
    int seed is stable across Python versions). ``Deck(cards=...)`` stacks the deck in the
    order given, which replays and tests use.
    """

    __slots__ = ("_cards", "_next")

    def __init__(self, *, seed: int | None = None, cards: CardsLike | None = None) -> None:
        if cards is not None:
            order = list(to_cards(cards))
        else:
            order = list(CARDS)
            shuffle(random.Random(seed), order)  # the deck of docs/fairness.md
        self._cards: list[Card] = order
        self._next = 0

    def __len__(self) -> int:
        """Cards left to deal."""
        return len(self._cards) - self._next

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards[self._next :])

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        """Take the next ``n`` cards off the top."""
        if n < 0 or n > len(self):
            raise RulesError(f"cannot deal {n} cards: {len(self)} left in the deck")
        start = self._next
        self._next += n
        return tuple(self._cards[start : self._next])

    def peek(self, n: int = 1) -> tuple[Card, ...]:
        """The next ``n`` cards, without dealing them."""
        return tuple(self._cards[self._next : self._next + n])
