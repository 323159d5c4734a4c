"""What goes over the WebSocket: everything a connection receives, and its messages read strictly.

:func:`view_json` is the one place a :class:`~splitpot.views.View` becomes JSON. It writes the
fields it knows one by one and any field added to ``View`` later through :func:`plain`, so a
new field reaches the page without a change here and never breaks the encoding. Only views
(``views.view`` / ``views.public_view``) are ever encoded: never a state.

:func:`read_message` turns a client's text into a :class:`Message` or raises :class:`WireError`
with a one-line reason: not JSON, too long, an unknown type or field, a value of the wrong kind.

The messages a connection receives (``state``, ``chat``, ``error``, ``odds``, ``pong``) are
written here and only here (:func:`state_message` and its parts), from values the table hands
over: this module knows the protocol, the table knows what each connection may see.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import unicodedata
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from splitpot.actions import PLAYER_VERBS, Action
from splitpot.cards import CARDS, Card, parse_card
from splitpot.engine import Award, Offer, Option
from splitpot.errors import InvalidNotation, WireError
from splitpot.fairness import Shuffle
from splitpot.notation import format_action
from splitpot.rules import Rules
from splitpot.server.players import Dealt, SeatRequest
from splitpot.server.store import SeatData
from splitpot.views import SeatView, View

__all__ = [
    "MAX_CHAT",
    "MAX_MESSAGE",
    "PONG",
    "Message",
    "WireError",
    "chat_json",
    "chat_message",
    "error_message",
    "hand_json",
    "log_line",
    "odds_message",
    "plain",
    "read_message",
    "state_message",
    "table_json",
    "view_json",
]

MAX_MESSAGE: Final = 4096
"""The longest message a client may send, in characters (a move is well under 200)."""
MAX_CHIPS: Final = 10**12
_TYPES: Final[dict[str, frozenset[str]]] = {
    "hello": frozenset({"token"}),
    "act": frozenset({"verb", "amount", "card", "declaration", "show", "hand"}),
    "sit_out": frozenset(),
    "back": frozenset(),
    "start": frozenset(),
    "ping": frozenset(),
    "chat": frozenset({"text", "name"}),
    "rebuy": frozenset({"chips"}),
    "leave": frozenset(),
    "odds": frozenset({"on"}),
    "host": frozenset({"do", "seat", "request", "bot", "house", "options"}),
}
MAX_CHAT: Final = 300
"""The longest line of chat, in characters."""
HOST_ACTIONS: Final = (
    "approve",
    "decline",
    "remove",
    "pause",
    "resume",
    "house",
    "options",
    "add_bot",
)
_DECLARATIONS: Final = ("hi", "lo", "both")


@dataclass(frozen=True, slots=True)
class Message:
    """A client message: its ``type`` and its checked fields (for ``act``: the move)."""

    type: str
    token: str | None = None
    verb: str = ""
    amount: int | None = None
    card: Card | None = None
    declaration: str | None = None
    show: bool = True
    hand: int | None = None
    text: str = ""
    name: str | None = None
    chips: int | None = None
    on: bool = True
    do: str = ""
    seat: int | None = None
    request: int | None = None
    bot: str | None = None
    settings: dict[str, Any] | None = None
    """For ``host``: the ``house`` or ``options`` object, checked by the table."""

    def action(self, seat: int, shown: tuple[Card | None, ...] = ()) -> Action:
        """The move as the engine takes it, for ``seat`` (the connection's own, never the
        client's say); ``shown``: the seat's cards, for a show at the showdown."""
        if self.verb == "sm":
            return Action("sm", seat, shown if self.show else ())
        if self.declaration is not None:
            return Action(self.verb, seat, declaration=self.declaration)  # type: ignore[arg-type]
        cards = (self.card,) if self.card is not None else ()
        return Action(self.verb, seat, cards, self.amount)


def _whole(name: str, value: object, *, low: int = 0, high: int = MAX_CHIPS) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise WireError(f"'{name}' must be a whole number from {low} to {high}, not {value!r}")
    return value


def _optional_whole(
    data: Mapping[str, Any], name: str, *, low: int = 0, high: int = MAX_CHIPS
) -> int | None:
    """The message's field ``name``: absent (None), or a whole number from low to high."""
    value = data.get(name)
    return None if value is None else _whole(name, value, low=low, high=high)


def read_message(text: str | bytes) -> Message:
    """A client's message, checked field by field; WireError says what is wrong with it."""
    if not isinstance(text, str):
        raise WireError("send text messages (JSON), not binary ones")
    if len(text) > MAX_MESSAGE:
        raise WireError(
            f"message of {len(text)} characters is too long (at most {MAX_MESSAGE})", "too_long"
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise WireError("the message is not JSON") from None
    if not isinstance(data, dict):
        raise WireError("the message must be a JSON object with a 'type'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _TYPES:
        raise WireError(f"unknown message type {kind!r}; use one of {', '.join(_TYPES)}")
    extra = sorted(set(data) - _TYPES[kind] - {"type"})
    if extra:
        raise WireError(f"a {kind!r} message has no field {extra[0]!r}")
    if kind == "hello":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or not 0 < len(token) <= 200):
            raise WireError("'token' must be the text the table gave you, or null")
        return Message("hello", token=token)
    if kind == "act":
        return _read_act(data)
    if kind == "chat":
        return _read_chat(data)
    if kind == "rebuy":
        return Message("rebuy", chips=_whole("chips", data.get("chips"), low=1))
    if kind == "odds":
        on = data.get("on")
        if not isinstance(on, bool):
            raise WireError(f"'on' must be true or false, not {on!r}")
        return Message("odds", on=on)
    if kind == "host":
        return _read_host(data)
    return Message(kind)


def _read_chat(data: Mapping[str, Any]) -> Message:
    text = data.get("text")
    if not isinstance(text, str):
        raise WireError("'text' must be the line of chat, as text")
    text = " ".join(text.split())
    if not text:
        raise WireError("a line of chat needs some text")
    if len(text) > MAX_CHAT:
        raise WireError(f"a line of chat has at most {MAX_CHAT} characters, not {len(text)}")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in text):
        raise WireError("a line of chat may not hold control characters")
    name = data.get("name")
    if name is not None:
        if not isinstance(name, str) or not 0 < len(name.strip()) <= 24:
            raise WireError("'name' (a spectator's) has 1 to 24 characters")
        name = " ".join(name.split())
        if any(unicodedata.category(ch).startswith("C") for ch in name):
            raise WireError("a name may not hold control characters")
    return Message("chat", text=text, name=name)


def _read_host(data: Mapping[str, Any]) -> Message:
    do = data.get("do")
    if not isinstance(do, str) or do not in HOST_ACTIONS:
        raise WireError(f"'do' must be one of {', '.join(HOST_ACTIONS)}, not {do!r}")
    seat = _optional_whole(data, "seat", high=99)
    request = _optional_whole(data, "request", high=2**62)
    bot = data.get("bot")
    if bot is not None and (not isinstance(bot, str) or len(bot) > 32):
        raise WireError(f"'bot' must name a bot, not {bot!r}")
    settings = data.get("house" if do == "house" else "options")
    if do in ("house", "options") and not isinstance(settings, dict):
        raise WireError(
            f"a host's {do!r} needs '{'house' if do == 'house' else 'options'}': an object"
        )
    return Message(
        "host",
        do=do,
        seat=seat,
        request=request,
        bot=bot,
        settings=settings if do in ("house", "options") else None,
    )


def _read_act(data: Mapping[str, Any]) -> Message:
    verb = data.get("verb")
    if not isinstance(verb, str) or verb not in PLAYER_VERBS:
        raise WireError(f"'verb' must be one of {', '.join(sorted(PLAYER_VERBS))}, not {verb!r}")
    amount = _optional_whole(data, "amount")
    card = data.get("card")
    if card is not None:
        if not isinstance(card, str):
            raise WireError(f"'card' must be a card such as 'Ah', not {card!r}")
        try:
            card = parse_card(card)
        except InvalidNotation as exc:
            raise WireError(f"'card': {exc}") from None
    declaration = data.get("declaration")
    if declaration is not None and declaration not in _DECLARATIONS:
        raise WireError(f"'declaration' must be one of hi, lo, both, not {declaration!r}")
    show = data.get("show", True)
    if not isinstance(show, bool):
        raise WireError(f"'show' must be true or false, not {show!r}")
    hand = _optional_whole(data, "hand", low=1)
    return Message("act", verb=verb, amount=amount, card=card, declaration=declaration,
                   show=show, hand=hand)  # fmt: skip


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


def _award(award: Award) -> dict[str, Any]:
    return {"seat": award.seat, "amount": award.amount, "half": award.half, "reason": award.reason}


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
        "awards": [_award(a) for a in seen.awards],
        "log": [log_line(a) for a in seen.log],
        "offer": _offer(seen.offer),
        "step": seen.step,
    }
    return _with_rest(seen, known)


def _with_rest(value: Any, known: dict[str, Any]) -> dict[str, Any]:
    """``known`` plus every other field of the named tuple ``value``, encoded plainly."""
    for name in value._fields:
        if name not in known:
            known[name] = plain(getattr(value, name))
    return known


def plain(value: Any) -> Any:
    """Any value a view may hold, as JSON: cards as text, tuples and named tuples as lists and
    objects, dataclasses (a game's rules) by their fields; anything else by its text."""
    if value is None or isinstance(value, bool | str | float):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, int):
        return value
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
    options: dict[str, Any],
    seats: Sequence[SeatData],
    connected: Container[int],
) -> dict[str, Any]:
    """The table as anyone may know it: game, stakes and rules, seats and who holds them
    (``connected``: the seats whose holder has a connection open; a bot always does)."""
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
    }


def hand_json(
    *,
    number: int,
    players: Sequence[Dealt],
    starting: Sequence[int],
    you: int | None,
    seen: View,
    timers: dict[str, int],
    shuffle: Shuffle | None,
) -> dict[str, Any]:
    """A hand as engine seat ``you`` sees it (None: a spectator), with the milliseconds left
    on each turn timer, and its commitment (and once it is over its seed and secret)."""
    out: dict[str, Any] = {
        "number": number,
        "players": [{"seat": p.seat, "name": p.name, "bot": p.bot} for p in players],
        "starting": list(starting),
        "you": you,
        "view": view_json(seen),
        "timers": timers,
    }
    if shuffle is not None:
        out["commitment"] = shuffle.commitment
        if seen.finished:
            out.update(seed=shuffle.seed, secret=shuffle.secret)
    return out


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
) -> str:
    """The whole table as one connection may see it: the table and the hand (``table`` and
    ``hand`` encoded already: connections share them), who the connection is, how many of
    its moves were answered, when the next hand is dealt, the seat request it waits on, and
    for the host the requests waiting."""
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
    return (
        f'{{"type": "state", "table": {table}, "you": {json.dumps(you)}, '
        f'"acks": {acks}, "hand": {hand}{extra}}}'
    )
