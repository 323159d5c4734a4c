"""Pots: the main pot and side pots, and dividing a pot with Robert's odd chips.

Pure functions over integers, so the arithmetic can be tested on its own. A player all in is
eligible only for what was in the middle when its stack ran out — payments nobody has to match
(antes, buy prices, bids to sell first, unsold prices) included, even those made earlier in the
same step — plus what each player put in during that step that is matched by amount (bets of
the round under way, sealed bids revealed together) up to its own such amount (docs/games.md:
side pots). The state works out that "cap" per seat (:meth:`State.close_round`). Odd chips follow
docs/games.md (Robert's 8–9): the high half of a split pot gets the odd chip; tied hands share
a half with the remainder dealt one chip at a time in priority order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from splitpot.build import by_fields

__all__ = ["Pot", "divide", "high_card_key", "low_card_key", "side_pots", "split_halves"]


@dataclass(frozen=True, slots=True)
class Pot:
    """A main or side pot: its chips and the live seats that may win it."""

    amount: int
    eligible: tuple[int, ...]

    def __reduce__(self) -> tuple[type[Pot], tuple[object, ...]]:
        return by_fields(self)  # compiled: pickled by its constructor


def side_pots(total: int, caps: Sequence[int | None], live: Sequence[bool]) -> list[Pot]:
    """Split the ``total`` chips in the middle into a main pot and side pots.

    ``caps[s]`` is the most seat ``s`` can win because it went all in (see the module
    docstring and :meth:`State.close_round`); None for a seat not all in, which may win
    everything. Folded seats win nothing. Each cap of a live seat starts a new pot; pots with
    the same eligible seats are merged, and money nobody live may win joins the pot below it.
    """
    levels = sorted({min(c, total) for s, c in enumerate(caps) if c is not None and live[s]})
    pots: list[Pot] = []
    previous = 0
    for level in [*levels, total]:
        amount = level - previous
        if amount <= 0:
            continue
        eligible = tuple(
            s for s, c in enumerate(caps) if live[s] and (c is None or min(c, total) >= level)
        )
        previous = level
        if pots and (not eligible or pots[-1].eligible == eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        else:
            pots.append(Pot(amount, eligible or tuple(s for s in range(len(caps)) if live[s])))
    return pots


def split_halves(amount: int) -> tuple[int, int]:
    """High and low halves of a split pot; the odd chip goes high (docs/games.md: odd chips 1)."""
    low = amount // 2
    return amount - low, low


def divide(amount: int, winners_in_priority: Sequence[int]) -> list[tuple[int, int]]:
    """Share ``amount`` among tied winners listed in odd-chip priority order.

    Each gets an equal share; the remainder is dealt one chip at a time down the list, so no
    player receives more than one odd chip from one split (docs/games.md: odd chips 4).
    """
    k = len(winners_in_priority)
    share, extra = divmod(amount, k)
    return [(seat, share + (1 if i < extra else 0)) for i, seat in enumerate(winners_in_priority)]


def high_card_key(cards: Sequence[int]) -> int:
    """The player's highest card by suit, ace high (card ids already sort that way)."""
    return max(cards)


def low_card_key(cards: Sequence[int]) -> int:
    """The player's lowest card by suit, ace low: smaller is lower (odd chips rule 3)."""
    return min(c - 52 if c >= 48 else c for c in cards)
