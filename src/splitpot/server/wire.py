"""What goes over the WebSocket to a connection: every message it receives, written here only.

:func:`view_json` is the one place a :class:`~splitpot.views.View` becomes JSON. It writes the
fields it knows one by one and any field added to ``View`` later through :func:`plain`, so a
new field reaches the page without a change here and never breaks the encoding. Only views
(``views.view`` / ``views.public_view``) are ever encoded: never a state.

The messages a connection receives (``state``, ``chat``, ``error``, ``odds``, ``pong``) are
written here and only here (:func:`state_message` and its parts), from values the table hands
over: this module knows the protocol, the table knows what each connection may see. What a
client sends is read in :mod:`splitpot.server.messages`.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Container, Iterable, Mapping, Sequence
from typing import Any, Final, Literal

from splitpot.actions import Action
from splitpot.cards import CARDS, Card
from splitpot.engine import Award, Offer, Option
from splitpot.hands import best_five
from splitpot.notation import format_action
from splitpot.rules import Rules
from splitpot.server.players import Dealt, SeatRequest
from splitpot.server.refusals import addressed
from splitpot.server.store import SeatData
from splitpot.server.words import vocabulary
from splitpot.state import Forfeit
from splitpot.views import SeatView, View

__all__ = [
    "PONG",
    "award_json",
    "chat_json",
    "chat_message",
    "error_message",
    "forfeits_json",
    "hand_json",
    "log_line",
    "odds_message",
    "plain",
    "state_message",
    "table_json",
    "view_json",
    "words_json",
]


def chat_json(chat: Any) -> dict[str, Any]:
    """A stored line of chat (:class:`~splitpot.server.store.Chat`) as the page gets it: the
    text as it was typed (the page shows it as text, never as HTML)."""
    return {
        "id": chat.id,
        "room": chat.room,
        "name": chat.name,
        "text": chat.text,
        "at": chat.at.isoformat(timespec="seconds") if chat.at is not None else None,
    }


# --- a view as JSON ---------------------------------------------------------------------------


_FACES: Final = tuple(str(c) for c in CARDS)


def _card(card: Card | int | None) -> str | None:
    return None if card is None else _FACES[card]


def _cards(cards: tuple[Card | int | None, ...]) -> list[str | None]:
    return [_card(c) for c in cards]


def log_line(action: Action) -> str:
    """One entry of the (masked) log as its hand-record line (``p2 bid 5``, ``d dh p1 ??Kd``,
    ``??`` for a card the reader cannot see); a sealed bid or declaration not yet revealed is
    written without what it was (``p3 bid``, ``p3 dec``).

    Every snapshot of a hand repeats its log, so lines are remembered by the action's value
    (equal actions make equal lines, in any hand at any table): the most recently used
    ``LINES_KEPT`` of them, so memory stays bounded however long the server runs."""
    if action.verb in ("bid", "dec") and action.amount is None and action.declaration is None:
        return f"p{(action.seat or 0) + 1} {action.verb}"
    return _line(action)


LINES_KEPT: Final = 16_384
"""Lines remembered (a table's hand under way has a hundred or so; a few megabytes in all)."""


@functools.lru_cache(maxsize=LINES_KEPT)
def _line(action: Action) -> str:
    return format_action(action)


def _option(option: Option) -> dict[str, Any]:
    return {
        "verb": option.verb,
        "min": option.min_amount,
        "max": option.max_amount,
        "choices": list(option.choices),
        "cards": _cards(option.cards),
        "declarations": list(option.declarations),
    }


def _seat(seat: SeatView) -> dict[str, Any]:
    known = {
        "seat": seat.seat,
        "stack": seat.stack,
        "bet": seat.bet,
        "paid": seat.paid,
        "folded": seat.folded,
        "shown": seat.shown,
        "down": _cards(seat.down),
        "up": _cards(seat.up),
        "declared": seat.declared,
        "declaration": seat.declaration,
        "has_bid": seat.has_bid,
        "bid": seat.bid,
    }
    return _with_rest(seat, known)


def award_json(award: Award, seen: View) -> dict[str, Any]:
    """An award as the page gets it, with the cards that made its hand where ``seen`` (the
    reader's view of the finished hand) shows them."""
    return {
        "seat": award.seat,
        "amount": award.amount,
        "half": award.half,
        "reason": award.reason,
        "cards": winning_cards(award, seen),
    }


_NO_HAND: Final = re.compile(r"\buncontested\b|^shares ")
"""An award no hand won: the others folded, or a pot nobody could take, shared."""
_SPEAKING: Final[dict[tuple[bool, bool], tuple[Literal["high", "low"], ...]]] = {
    (True, True): ("high", "low"),
    (True, False): ("high",),
    (False, True): ("low",),
    (False, False): (),
}
_DECLARED_HALVES: Final[dict[str, tuple[Literal["high", "low"], ...]]] = {
    "hi": ("high",),
    "lo": ("low",),
    "both": ("high", "low"),
}


def winning_cards(award: Award, seen: View) -> dict[str, list[str | None]]:
    """The cards that made the winning hand of ``award``, by half (``high``, ``low``), for
    the page to mark: only where the reader sees every card of the seat (a hand shown, or
    their own), and only the halves it won (its declaration, or by the cards)."""
    rules = seen.rules
    seat = seen.seats[award.seat]
    own = [*seat.down, *seat.up]
    if rules is None or not own or None in own or _NO_HAND.search(award.reason):
        return {}
    cards = [c for c in (*own, *seen.common) if c is not None]
    halves: tuple[Literal["high", "low"], ...]
    if award.half in ("high", "low"):
        halves = ("high",) if award.half == "high" else ("low",)
    elif seat.declaration is not None:
        halves = _DECLARED_HALVES[seat.declaration]
    else:  # cards speak: a whole pot is the high's, the low's where there is no high, or both
        halves = _SPEAKING[(rules.high, rules.low != "none")]
    out: dict[str, list[str | None]] = {}
    for half in halves:
        best = best_five(cards, half=half, ranking=rules.low, qualifier=rules.qualifier)
        if best is not None:
            out[half] = _cards(best)
    return out


def _offer(offer: Offer | None) -> dict[str, Any] | None:
    if offer is None:
        return None
    return {
        "cards": _cards(offer.cards),
        "seller": offer.seller,
        "ask": offer.ask,
        "high_bid": offer.high_bid,
        "high_bidder": offer.high_bidder,
    }


def view_json(seen: View) -> dict[str, Any]:
    """``seen`` as JSON, field by field; fields added to View later are encoded by
    :func:`plain`."""
    known = {
        "game": seen.game,
        "seat": seen.seat,
        "seats": [_seat(s) for s in seen.seats],
        "common": _cards(seen.common),
        "pot": seen.pot,
        "street": seen.street,
        "to_act": list(seen.to_act),
        "dealer": seen.dealer,
        "options": [_option(o) for o in seen.options],
        "finished": seen.finished,
        "awards": [award_json(a, seen) for a in seen.awards],
        "log": [log_line(a) for a in seen.log],
        "offer": _offer(seen.offer),
        "step": seen.step,
        "rules": rules_json(seen.rules),
    }
    return _with_rest(seen, known)


RULES_KEPT: Final = 1024
"""Games remembered as JSON (one a live table; a hand holds its table's for its whole life)."""

_RULES: dict[int, tuple[Any, Any]] = {}


def rules_json(rules: Any) -> Any:
    """A hand's rules as JSON (:func:`plain`), worked out once per rules object: every
    snapshot of every seat repeats them, and encoding them was half a view's cost. Kept by
    the object's identity (the object held with it, so the identity is not reused) for the
    ``RULES_KEPT`` most recent; the JSON is shared, so it is never changed after."""
    if rules is None:
        return None
    found = _RULES.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    if len(_RULES) >= RULES_KEPT:
        del _RULES[next(iter(_RULES))]  # the first kept
    encoded = plain(rules)
    _RULES[id(rules)] = (rules, encoded)
    return encoded


def _with_rest(value: Any, known: dict[str, Any]) -> dict[str, Any]:
    """``known`` plus every other field of the named tuple ``value``, encoded plainly."""
    for name in value._fields:
        if name not in known:
            known[name] = plain(getattr(value, name))
    return known


EXACT: Final = 2**53
"""The largest whole number a JavaScript number holds exactly: any beyond goes as text."""


def plain(value: Any) -> Any:
    """Any value a view may hold, as JSON: cards as text, whole numbers beyond ``EXACT`` as
    text, tuples and named tuples as lists and objects, dataclasses (a game's rules) by their
    fields; anything else by its text."""
    if value is None or isinstance(value, bool | str | float):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, int):
        return value if -EXACT <= value <= EXACT else str(value)
    if isinstance(value, Action):
        return log_line(value)
    if hasattr(value, "_fields"):
        return {name: plain(getattr(value, name)) for name in value._fields}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        kind = getattr(value, "kind", None)
        if isinstance(kind, str) and "kind" not in out:
            out["kind"] = kind  # a step's kind is a class constant
        return out
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list | set | frozenset):
        return [plain(v) for v in value]
    return str(value)


# --- what a connection receives ----------------------------------------------------------------

PONG: Final = json.dumps({"type": "pong"})
"""The answer to a ``ping``."""


@functools.cache
def words_json() -> str:
    """The page's vocabulary (:func:`splitpot.server.words.vocabulary`), encoded once."""
    return json.dumps(vocabulary())


def error_message(message: str, reason: str, rule: str, acks: int) -> str:
    """What was wrong with a client's message (``reason``: a stable code; ``rule``: the rule
    book's section, if any), with how many of its moves were answered."""
    fields = {"type": "error", "message": message, "reason": reason, "rule": rule, "acks": acks}
    return json.dumps(fields)


def chat_message(lines: Iterable[Any]) -> str:
    """Stored lines of chat or of the table's log (:func:`chat_json` each), as one message."""
    return json.dumps({"type": "chat", "messages": [chat_json(c) for c in lines]})


def odds_message(hand: int, at: int, panel: Mapping[str, Any]) -> str:
    """A seat's odds panel at hand ``hand`` after ``at`` lines of its log."""
    return json.dumps({"type": "odds", "hand": hand, "at": at, **panel})


def table_json(
    *,
    code: str,
    game: str,
    rules: Rules,
    house: dict[str, Any],
    stack: int,
    timer: int,
    hands: int,
    started: bool,
    host: int | None,
    hosted: bool,
    paused: bool,
    storage: str | None,
    options: dict[str, Any],
    seats: Sequence[SeatData],
    connected: Container[int],
    deal: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The table as anyone may know it: game, stakes and rules, seats and who holds them
    (``connected``: the seats whose holder has a connection open; a bot always does;
    ``storage``: while the table is paused for its database, the line that says so), and
    ``deal``, the next hand's number and the root of its deck, committed before the deal."""
    return {
        "code": code,
        "game": game,
        "title": rules.description or rules.name,
        "house": house,
        "stakes": {k: getattr(rules, k) for k in ("ante", "bring_in", "small_bet", "big_bet")},
        "sealed": {  # which moves are made in secret at this table
            "sale": rules.sale_bidding == "sealed",
            "declare": rules.declare_order == "simultaneous",
        },
        "stack": stack,
        "timer": timer,
        "hands": hands,
        "started": started,
        "host": host,
        "hosted": hosted,
        "paused": paused,
        "storage": storage,
        "options": options,
        "max_buy": options["max_buy"] or stack,
        "seats": [
            {
                "seat": s.position,
                "kind": s.kind,
                "name": s.name,
                "bot": s.bot,
                "stack": s.stack,
                "sitting_out": s.sitting_out,
                "connected": s.kind == "bot" or s.position in connected,
            }
            for s in seats
        ],
        "deal": None if deal is None else dict(deal),
    }


def forfeits_json(
    forfeits: Sequence[Forfeit], you: int | None, names: Sequence[str]
) -> list[dict[str, Any]]:
    """Each "both" declarer who took nothing of a pot, with the reason as engine seat ``you``
    reads it: the seats that beat them by name (``you`` for the reader), and those seats."""
    reader = -1 if you is None else you
    return [
        {
            "seat": f.seat,
            "reason": addressed(f.reason, reader, names),
            "beaten_by": list(f.beaten_by),
        }
        for f in forfeits
    ]


def hand_json(
    *,
    number: int,
    players: Sequence[Dealt],
    starting: Sequence[int],
    you: int | None,
    seen: View,
    timers: dict[str, int],
    fair: Mapping[str, Any],
    banks: Mapping[str, int] | None = None,
) -> dict[str, Any]:
    """A hand as engine seat ``you`` sees it (None: a spectator), with the milliseconds left
    on each turn (its timer, then the player's time bank), the milliseconds left in each
    player's time bank (``banks``: empty without one), and what its fair deal publishes
    (``fair``: the commitment, and the players' values or, for a v1 hand once it is over, its
    seed and secret)."""
    shown = view_json(seen)
    shown["forfeits"] = forfeits_json(seen.forfeits, you, [p.name for p in players])
    return {
        "number": number,
        "players": [{"seat": p.seat, "name": p.name, "bot": p.bot} for p in players],
        "starting": list(starting),
        "you": you,
        "view": shown,
        "timers": timers,
        "banks": dict(banks or {}),
        **fair,
    }


def state_message(
    *,
    table: str,
    hand: str,
    seat: SeatData | None,
    host: bool,
    odds: bool,
    acks: int,
    next_in: int | None,
    request: int | None,
    requests: Sequence[SeatRequest] | None,
    words: bool = False,
) -> str:
    """The whole table as one connection may see it: the table and the hand (``table`` and
    ``hand`` encoded already: connections share them), who the connection is, how many of
    its moves were answered, when the next hand is dealt, the seat request it waits on, for
    the host the requests waiting, and with ``words`` (a connection's first snapshot) the
    page's vocabulary."""
    you = None
    if seat is not None:
        you = {
            "seat": seat.position,
            "name": seat.name,
            "sitting_out": seat.sitting_out,
            "host": host,
            "odds": odds,
        }
    extra = "" if next_in is None else f', "next_in": {next_in}'
    if request is not None:
        extra += ', "request": ' + json.dumps({"id": request, "status": "waiting"})
    if requests is not None:
        asked = [{"id": r.id, "name": r.name} for r in requests]
        extra += ', "host": ' + json.dumps({"requests": asked})
    if words:
        extra += ', "words": ' + words_json()
    return (
        f'{{"type": "state", "table": {table}, "you": {json.dumps(you)}, '
        f'"acks": {acks}, "hand": {hand}{extra}}}'
    )
