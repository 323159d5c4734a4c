"""The environment's numbers: a seat's view as a fixed-length vector, and a discrete action
space with a mask of the seat's legal options (docs/research.md: "The encoding").

Everything here reads what :mod:`splitpot.views` projects for the seat (a
:class:`~splitpot.views.View` or the :class:`~splitpot.views.TableView` the environment
observes) and its options only, so an observation never holds what the seat may not know. The
vector's length depends on the number of seats only (:func:`observation_size`); every value
lies in [0, 1] (chips are divided by the chips at the table, counts by their most).

Discrete actions, ``B = BUCKETS`` (10)::

    0 fold (f)        1 check or call (cc)   2 bring in (pb)    3 pass (pass)
    4 stand pat (sd)  5 declare high         6 declare low      7 declare both
    RAISE + j         complete, bet or raise to amount bucket j (cbr), j < B
    BID + j           bid amount bucket j (bid), j < B
    PICK + c          pick card c from an auction (pick), c = card id 0..51
    BUY + c           buy: throw card c away for a replacement (buy)
    DISCARD + c       discard card c face down (sd CARD: NASDAQ)
    TURN_UP + c       turn card c face up (up)
    SELL + c·(B+1) + k  offer card c for sale: k = 0 without an asking price, k = 1 + j at
                      price bucket j

Amount bucket ``j`` of a range ``lo..hi`` names ``lo + round(j·(hi − lo)/(B − 1))``; where the
option allows only some amounts (fixed limit with an open pair: the small or the big bet)
bucket ``j`` names ``choices[round(j·(len − 1)/(B − 1))]``. A bucket naming the same amount as
a lower one is masked, so each legal amount has one index.
"""

from __future__ import annotations

import operator
from array import array
from functools import lru_cache
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from splitpot.actions import Action
from splitpot.errors import EnvError
from splitpot.state import Option
from splitpot.views import TableView, View

__all__ = [
    "ACTIONS",
    "BID",
    "BUCKETS",
    "BUY",
    "DISCARD",
    "PICK",
    "RAISE",
    "SELL",
    "SIMPLE",
    "STEP_KINDS",
    "TURN_UP",
    "action_mask",
    "bucket_amounts",
    "decode",
    "describe",
    "encode",
    "legal_indices",
    "masked",
    "observation_size",
]

BUCKETS: Final = 10
SIMPLE: Final = ("f", "cc", "pb", "pass", "sd", "hi", "lo", "both")
"""Actions 0..7: fold, check/call, bring in, pass, stand pat, declare high, low, both."""
RAISE: Final = len(SIMPLE)
BID: Final = RAISE + BUCKETS
PICK: Final = BID + BUCKETS
BUY: Final = PICK + 52
DISCARD: Final = BUY + 52
TURN_UP: Final = DISCARD + 52
SELL: Final = TURN_UP + 52
ACTIONS: Final = SELL + 52 * (BUCKETS + 1)
"""The size of the discrete action space (808)."""
_CARD_BLOCKS: Final = {"pick": PICK, "buy": BUY, "sd": DISCARD, "up": TURN_UP}
_DECLARE: Final = {"hi": 5, "lo": 6, "both": 7}
_WAYS: Final = {"hi": 7, "lo": 8, "both": 9}
"""Where a seat's declaration goes among its fields, counted from its stack (104)."""
_RANGES: Final = {"cc": 0, "cbr": 1, "bid": 3, "sell": 5}
"""Where each ranged option's least (and most) amount goes among the last seven fields."""

STEP_KINDS: Final = ("deal", "betting", "auction", "buy", "sale", "expose", "declare", "showdown")
"""The step kinds of the one-hot step field, in order."""
SEAT_FIELDS: Final = 52 + 52 + 14
"""Per seat: up cards (52), down cards the reader sees (52), then stack, bet, paid in, folded,
shown, unseen down cards / 7, declared, declared high, low, both, has bid, bid, to act, seat
number / (n − 1)."""


def observation_size(players: int) -> int:
    """The length of an observation vector at a table of ``players``."""
    return players * SEAT_FIELDS + 2 + len(STEP_KINDS) + 52 + 52 + 2 * players + 3 + 7


@lru_cache(maxsize=4096)
def bucket_amounts(option: Option) -> tuple[int | None, ...]:
    """The amount each bucket names for a ranged option, None where masked (a repeat)."""
    lo, hi = option.min_amount, option.max_amount
    assert lo is not None
    assert hi is not None
    out: list[int | None] = []
    seen: set[int] = set()
    for j in range(BUCKETS):
        if option.choices:
            amount = option.choices[round(j * (len(option.choices) - 1) / (BUCKETS - 1))]
        else:
            amount = lo + round(j * (hi - lo) / (BUCKETS - 1))
        out.append(None if amount in seen else amount)
        seen.add(amount)
    return tuple(out)


@lru_cache(maxsize=4096)
def action_mask(options: tuple[Option, ...]) -> npt.NDArray[np.int8]:
    """1 for every action index the options allow, 0 elsewhere (read-only: it is shared by
    every question with the same options)."""
    mask = np.zeros(ACTIONS, dtype=np.int8)
    for option in options:
        verb = option.verb
        if verb == "cbr" or verb == "bid":
            base = RAISE if verb == "cbr" else BID
            for j, amount in enumerate(bucket_amounts(option)):
                if amount is not None:
                    mask[base + j] = 1
        elif verb == "sell":
            ks = (
                [0]
                if option.min_amount is None
                else [1 + j for j, a in enumerate(bucket_amounts(option)) if a is not None]
            )
            for card in option.cards:
                start = SELL + int(card) * (BUCKETS + 1)
                for k in ks:
                    mask[start + k] = 1
        elif option.declarations:
            for way in option.declarations:
                mask[_DECLARE[way]] = 1
        elif option.cards and verb in _CARD_BLOCKS:
            base = _CARD_BLOCKS[verb]
            for card in option.cards:
                mask[base + int(card)] = 1
        elif verb in SIMPLE:
            mask[SIMPLE.index(verb)] = 1
    mask.flags.writeable = False
    return mask


def legal_indices(options: tuple[Option, ...]) -> tuple[int, ...]:
    """The action indices the options allow, in order: the ones of :func:`action_mask` (an
    agent that samples among them needs no numpy)."""
    return masked(options)[1]


@lru_cache(maxsize=4096)
def masked(options: tuple[Option, ...]) -> tuple[npt.NDArray[np.int8], tuple[int, ...]]:
    """:func:`action_mask` and :func:`legal_indices` of the options at once (one look-up
    where both are wanted: the environment's every turn)."""
    mask = action_mask(options)
    return mask, tuple(np.flatnonzero(mask).tolist())


def _option(
    options: tuple[Option, ...], verb: str, *, priced: bool | None = None, cards: bool = False
) -> Option:
    for option in options:
        if option.verb != verb or (cards and not option.cards):
            continue
        if priced is None or (option.min_amount is not None) == priced:
            return option
    raise EnvError(f"no {verb!r} option now")


def decode(
    index: int | np.integer[Any],
    seat: int,
    options: tuple[Option, ...],
    mask: npt.NDArray[np.int8] | None = None,
) -> Action:
    """The action that index ``index`` names for ``seat`` given its options (and their
    :func:`action_mask`, when at hand); a SplitpotError when the index is no whole number
    (numpy's integers are), out of range or masked."""
    try:
        at = operator.index(index)  # numpy's integers too: compiled code takes only an int
    except TypeError:
        raise EnvError(f"action {index!r} is not an index (a whole number)") from None
    if mask is None:
        mask = action_mask(options)
    if not 0 <= at < ACTIONS or not mask[at]:
        raise EnvError(f"action {at} is not legal now ({describe(at)})")
    if at < RAISE:
        word = SIMPLE[at]
        if word in _DECLARE:
            return Action("dec", seat, declaration=word)  # type: ignore[arg-type]
        return Action(word, seat)
    if at < PICK:
        verb = "cbr" if at < BID else "bid"
        j = at - (RAISE if verb == "cbr" else BID)
        return Action(verb, seat, amount=bucket_amounts(_option(options, verb))[j])
    if at < SELL:
        block = (at - PICK) // 52
        verb = ("pick", "buy", "sd", "up")[block]
        offered = _option(options, verb, cards=True).cards
        wanted = (at - PICK) % 52
        return Action(verb, seat, (next(c for c in offered if int(c) == wanted),))
    c, k = divmod(at - SELL, BUCKETS + 1)
    option = _option(options, "sell", priced=k > 0)
    card = next(x for x in option.cards if int(x) == c)
    price = None if k == 0 else bucket_amounts(option)[k - 1]
    return Action("sell", seat, (card,), price)


def describe(index: int) -> str:
    """The action an index names, in words (for errors and rendering)."""
    from splitpot.cards import CARDS

    if not 0 <= index < ACTIONS:
        return f"out of 0..{ACTIONS - 1}"
    if index < RAISE:
        return ("fold", "check/call", "bring in", "pass", "stand pat", "declare high",
                "declare low", "declare both")[index]  # fmt: skip
    if index < PICK:
        what = "bet/raise" if index < BID else "bid"
        return f"{what}, amount bucket {(index - RAISE) % BUCKETS}"
    if index < SELL:
        verb = ("pick", "buy", "discard", "turn up")[(index - PICK) // 52]
        return f"{verb} {CARDS[(index - PICK) % 52]}"
    c, k = divmod(index - SELL, BUCKETS + 1)
    return f"sell {CARDS[c]}" + ("" if k == 0 else f", price bucket {k - 1}")


def encode(view: View | TableView, total: int) -> npt.NDArray[np.float32]:
    """The view of ``view.seat`` as a vector (layout: :data:`SEAT_FIELDS` per seat, seats
    from the reader round the table, then the table's fields); ``total`` is the chips at the
    table (the chip scale).

    The non-zero values are written one by one into a fresh copy of a blank (an
    ``array.array`` of C floats, zeros but for the seats' numbers: a Python store into it costs
    a fraction of one into a numpy array), which numpy then reads without copying; the agent
    may keep what it was given."""
    seats = view.seats
    n = len(seats)
    me = view.seat
    assert me is not None, "a spectator has no observation"
    scale = 1.0 / max(1, total)
    to_act = view.to_act
    out = array("f", _blank(n, me))
    base = 0
    for seat in seats[me:] + seats[:me]:  # from the reader round the table
        number, stack, bet, paid, folded, shown, down, up, declared, way, has_bid, bid = seat
        for card in up:
            if card is not None:
                out[base + card] = 1.0
        unseen = down.count(None)
        if unseen < len(down):  # cards the reader sees (its own, a hand shown)
            for card in down:
                if card is not None:
                    out[base + 52 + card] = 1.0
        base += 104
        out[base] = stack * scale
        if bet:
            out[base + 1] = bet * scale
        if paid:
            out[base + 2] = paid * scale
        if folded:
            out[base + 3] = 1.0
        if shown:
            out[base + 4] = 1.0
        out[base + 5] = unseen / 7
        if declared:
            out[base + 6] = 1.0
            if way is not None:
                out[base + _WAYS[way]] = 1.0
        if has_bid:
            out[base + 10] = 1.0
            if bid is not None:
                out[base + 11] = bid * scale
        if number in to_act:
            out[base + 12] = 1.0
        base += SEAT_FIELDS - 104
    g = n * SEAT_FIELDS
    out[g] = view.pot * scale
    out[g + 1] = min(view.street, 8) / 8
    if view.step in STEP_KINDS:
        out[g + 2 + STEP_KINDS.index(view.step)] = 1.0
    g += 2 + len(STEP_KINDS)
    for card in view.common:
        if card is not None:
            out[g + card] = 1.0
    g += 52
    offer = view.offer
    if offer is not None:
        for card in offer.cards:
            out[g + card] = 1.0
        g += 52
        if offer.seller is not None:
            out[g + (offer.seller - me) % n] = 1.0
        if offer.high_bidder is not None:
            out[g + n + (offer.high_bidder - me) % n] = 1.0
        if offer.ask is not None:
            out[g + 2 * n] = offer.ask * scale
        if offer.high_bid is not None:
            out[g + 2 * n + 1] = offer.high_bid * scale
        g += 2 * n + 2
    else:
        g += 52 + 2 * n + 2
    if view.finished:
        out[g] = 1.0
    g += 1
    for option in view.options:
        lo, hi = option.min_amount, option.max_amount
        place = _RANGES.get(option.verb)
        if place is None or lo is None or hi is None:
            continue
        out[g + place] = min(1.0, lo * scale)
        if place:
            out[g + place + 1] = min(1.0, hi * scale)
    return np.frombuffer(out, dtype=np.float32)


@lru_cache(maxsize=128)
def _blank(players: int, reader: int) -> array[float]:
    """An observation of ``reader`` at a table of ``players`` before anything is written:
    zeros but for each seat's number, which depends only on where the seat sits (copied for
    each vector)."""
    out = array("f", bytes(4 * observation_size(players)))
    last = max(1, players - 1)
    for k in range(players):
        out[(k + 1) * SEAT_FIELDS - 1] = (reader + k) % players / last
    return out
