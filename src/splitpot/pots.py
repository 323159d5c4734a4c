"""Pots: contributions into a main pot and side pots, and dividing a pot with Robert's odd chips.

Pure functions over integers, so the arithmetic can be tested on its own. A player all in is
eligible only for what each other player put in up to the same amount (house-rules.md: side
pots). Odd chips follow house-rules.md (Robert's 8–9): the high half of a split pot gets the odd
chip; tied hands share a half with the remainder dealt one chip at a time in priority order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Pot", "divide", "high_card_key", "low_card_key", "side_pots", "split_halves"]


@dataclass(frozen=True, slots=True)
class Pot:
    """A main or side pot: its chips and the live seats that may win it."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(paid: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """Split what each seat put in into pots by all-in level; ``dead`` chips (antes kept out of
    the levels) form the first pot, which every live seat may win.

    Folded seats' chips count toward every level they reached but make them eligible for
    nothing. Consecutive pots with the same eligible seats are merged. A level nobody live
    reached joins the pot below it.
    """
    pots: list[Pot] = []
    if dead:
        pots.append(Pot(dead, tuple(s for s in range(len(paid)) if live[s])))
    previous = 0
    for level in sorted({p for p in paid if p > 0}):
        amount = sum(min(p, level) - min(p, previous) for p in paid)
        eligible = tuple(s for s, p in enumerate(paid) if live[s] and p >= level)
        previous = level
        if pots and (not eligible or pots[-1].eligible == eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        elif eligible:
            pots.append(Pot(amount, eligible))
        else:  # nobody live reached even the first level (cannot happen after a fold-win)
            pots.append(Pot(amount, tuple(s for s in range(len(paid)) if live[s])))
    return pots


def split_halves(amount: int) -> tuple[int, int]:
    """High and low halves of a split pot; the odd chip goes high (house-rules.md: odd chips 1)."""
    low = amount // 2
    return amount - low, low


def divide(amount: int, winners_in_priority: Sequence[int]) -> list[tuple[int, int]]:
    """Share ``amount`` among tied winners listed in odd-chip priority order.

    Each gets an equal share; the remainder is dealt one chip at a time down the list, so no
    player receives more than one odd chip from one split (house-rules.md: odd chips 4).
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
