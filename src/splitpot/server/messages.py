"""What a client sends: each WebSocket message read strictly into a :class:`Message`, and each
lobby request's JSON body read with the same care.

:func:`read_message` turns a client's text into a :class:`Message` or raises :class:`WireError`
with a one-line reason: not JSON, too long, nested too deeply, an unknown type or field, a value
of the wrong kind. Each type is a msgspec ``Struct`` declaring its fields' kinds and ranges.
:func:`read_body` reads a request's body: whatever a client sends, nothing nested deeper than
MAX_DEPTH reaches the code that reads it. What a connection receives is written in
:mod:`splitpot.server.wire`.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal, Union, get_args

import msgspec
from msgspec import Meta, Struct

from splitpot.actions import PLAYER_VERBS, Action, Declaration
from splitpot.cards import Card, parse_card
from splitpot.errors import InvalidNotation, WireError
from splitpot.fairness import FairnessError, check_entropy

__all__ = [
    "HOST_ACTIONS",
    "MAX_CHAT",
    "MAX_DEPTH",
    "MAX_MESSAGE",
    "Message",
    "WireError",
    "read_body",
    "read_message",
    "too_deep",
]

MAX_MESSAGE: Final = 4096
"""The longest message a client may send, in characters (a move is well under 200)."""
MAX_DEPTH: Final = 16
"""The deepest nesting of objects and arrays read from a client (a request or a host's
``house``/``options``; a new table's is 3 levels deep)."""
MAX_CHIPS: Final = 10**12
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
    at: int | None = None
    """For ``act``: the length of the hand's log the move answers (the decision it was for)."""
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
    commitment: str | None = None
    value: str | None = None
    """For ``entropy``: the root the value is for, and the player's value (docs/fairness.md)."""

    def action(self, seat: int, shown: tuple[Card | None, ...] = ()) -> Action:
        """The move as the engine takes it, for ``seat`` (the connection's own, never the
        client's say); ``shown``: the seat's cards, for a show at the showdown."""
        if self.verb == "sm":
            return Action("sm", seat, shown if self.show else ())
        if self.declaration is not None:
            return Action(self.verb, seat, declaration=self.declaration)  # type: ignore[arg-type]
        cards = (self.card,) if self.card is not None else ()
        return Action(self.verb, seat, cards, self.amount)


# --- reading a client's message: each type a Struct declaring its fields' kinds and ranges ----
# (msgspec refuses a bool, float or text for a number and any field not declared; _say words its
# complaint as ours). By hand: a chat line's characters, and a host's "house"/"options" object.

_Chips = Annotated[int, Meta(ge=0, le=MAX_CHIPS)]
_Count = Annotated[int, Meta(ge=1, le=MAX_CHIPS)]


class _Kind(Struct, tag_field="type", forbid_unknown_fields=True):
    """A client's message as sent: each subclass is one ``type``, with the fields it takes."""


class _Hello(_Kind, tag="hello"):
    token: Annotated[str, Meta(min_length=1, max_length=200)] | None = None


class _Act(_Kind, tag="act"):
    verb: Literal[tuple(sorted(PLAYER_VERBS))]  # type: ignore[valid-type]
    hand: _Count  # the decision the move answers: the hand, and the length of its log seen
    at: _Chips
    amount: _Chips | None = None
    card: Card | None = None
    declaration: Declaration | None = None
    show: bool = True


class _Chat(_Kind, tag="chat"):
    text: str
    name: str | None = None


class _Rebuy(_Kind, tag="rebuy"):
    chips: _Count


class _Odds(_Kind, tag="odds"):
    on: bool


class _Host(_Kind, tag="host"):
    do: Literal[HOST_ACTIONS]  # type: ignore[valid-type]
    seat: Annotated[int, Meta(ge=0, le=99)] | None = None
    request: Annotated[int, Meta(ge=0, le=2**62)] | None = None
    bot: Annotated[str, Meta(max_length=32)] | None = None
    house: dict[str, Any] | None = None
    options: dict[str, Any] | None = None


class _Entropy(_Kind, tag="entropy"):
    hand: _Count  # the hand the value is for, under the root it names
    commitment: str
    value: str


def _bare(tag: str) -> type[_Kind]:
    """A message with no fields but its type."""
    return type(tag, (_Kind,), {}, tag=tag)


_BARE: Final = ("sit_out", "back", "start", "ping", "leave")
_KINDS: Final[tuple[type[_Kind], ...]] = (
    _Hello,
    _Act,
    _Chat,
    _Rebuy,
    _Odds,
    _Host,
    _Entropy,
    *map(_bare, _BARE),
)
_TAGS: Final = ", ".join(str(k.__struct_config__.tag) for k in _KINDS)
_CHOICES: Final = {
    "verb": sorted(PLAYER_VERBS),
    "do": HOST_ACTIONS,
    "declaration": get_args(Declaration),
}


def _read_card(kind: type, value: object) -> Card:
    """msgspec's hook for a field declared as a Card: a card written as text, such as 'Ah'
    (InvalidNotation is a ValueError, which msgspec reports as the field's problem)."""
    if kind is Card and isinstance(value, str):
        return parse_card(value)
    raise InvalidNotation(f"expected a card such as 'Ah', not {_shown(value)}")


_ANY_KIND: Final = Union[_KINDS]  # noqa: UP007 (listed at run time)
_READER: Final = msgspec.json.Decoder[_Kind](_ANY_KIND, dec_hook=_read_card)


def read_message(text: str | bytes) -> Message:
    """A client's message, read into its declared type; WireError says what is wrong with it."""
    if not isinstance(text, str):
        raise WireError("send text messages (JSON), not binary ones")
    if len(text) > MAX_MESSAGE:
        raise WireError(
            f"message of {len(text)} characters is too long (at most {MAX_MESSAGE})", "too_long"
        )
    try:
        read = _READER.decode(text)
    except msgspec.ValidationError as exc:
        raise WireError(_say(str(exc), text)) from None
    except msgspec.DecodeError:
        raise WireError("the message is not JSON") from None
    except RecursionError:  # deeper than msgspec goes (in a host's house or options)
        raise WireError(f"the message is nested too deeply (at most {MAX_DEPTH} levels)") from None
    if isinstance(read, _Chat):
        return _chat(read.text, read.name)
    fields = msgspec.structs.asdict(read)
    if isinstance(read, _Entropy):
        for name in ("commitment", "value"):
            try:
                check_entropy(fields[name])
            except FairnessError:
                raise WireError(
                    f"'{name}' must be 64 lower-case hex digits, not {_shown(fields[name])}"
                ) from None
    if isinstance(read, _Host):
        given = {"house": fields.pop("house"), "options": fields.pop("options")}
        if read.do in given:
            fields["settings"] = given[read.do]
            if fields["settings"] is None:
                raise WireError(f"a host's {read.do!r} needs {read.do!r}: an object")
            if too_deep(fields["settings"]):
                raise WireError(f"{read.do!r} is nested too deeply (at most {MAX_DEPTH} levels)")
    return Message(str(read.__struct_config__.tag), **fields)


def read_body(body: bytes) -> dict[str, Any]:
    """A request's body: a JSON object nested at most MAX_DEPTH levels deep; WireError says
    what is wrong with it (a body nested deeper than Python's recursion allows included)."""
    deep = WireError(f"the request is nested too deeply (at most {MAX_DEPTH} levels)")
    try:
        data = json.loads(body)
    except RecursionError:  # deeper than json.loads goes
        raise deep from None
    except ValueError:
        raise WireError("the request is not JSON") from None
    if too_deep(data):
        raise deep
    if not isinstance(data, dict):
        raise WireError("the request must be a JSON object")
    return data


def too_deep(value: object) -> bool:
    """``value`` (read from JSON) holds objects or arrays nested more than MAX_DEPTH levels
    deep: the code that reads it never recurses so far. Walked without recursing."""
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        inside = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        for child in inside:
            if isinstance(child, dict | list):
                if depth >= MAX_DEPTH:
                    return True
                todo.append((child, depth + 1))
    return False


def _say(problem: str, text: str = "") -> str:
    """msgspec's complaint (``Expected `int` >= 0 - at `$.amount```) in one line of ours;
    ``text``: the message, for the words of a number of chips a player got wrong."""
    what, _, where = problem.partition(" - at `$")
    field = where[1:].partition("`")[0].partition("[")[0] or None
    if field in ("amount", "chips") and what.startswith("Expected `int"):
        return _chips_words(field, what, text)
    if what.startswith("Expected `object`") and field is None:
        return "the message must be a JSON object with a 'type'"
    if field == "type" or what == "Object missing required field `type`":
        given = what.partition("Invalid value ")[2] or (
            "None" if "missing" in what else "(not text)"
        )
        return f"unknown message type {_shown(given)}; use one of {_TAGS}"
    if what.startswith(("Object contains unknown field", "Object missing required field")):
        name = _shown(what.split("`", 1)[1][:-1])
        return f"the message {'has no field' if 'unknown' in what else 'needs'} '{name}'"
    if field in _CHOICES and what.startswith("Invalid enum value "):
        given = _shown(what.removeprefix("Invalid enum value "))
        return f"'{field}' must be one of {', '.join(_CHOICES[field])}, not {given}"
    what = what.replace(" | null", "").replace("`", "")
    return f"'{field}': {_shown(what[:1].lower() + what[1:], 200)}"


_AMOUNTS: Final = {"bid": "a bid", "cbr": "a bet or raise", "sell": "an asking price"}
"""What a move's ``amount`` is, in a player's words, by its verb."""


def _chips_words(field: str, what: str, text: str) -> str:
    """A number of chips a player got wrong (-3, 2.5, too many), in words a player reads:
    ``a bid is a whole number of chips, 0 or more, not -3``."""
    try:
        sent = json.loads(text)
    except (ValueError, RecursionError):
        sent = None
    sent = sent if isinstance(sent, dict) else {}
    if field == "chips":
        noun, least = "a rebuy", 1
    else:
        noun, least = _AMOUNTS.get(str(sent.get("verb")), "an amount"), 0
    given = _shown(json.dumps(sent.get(field)))
    if "<=" in what:
        return f"{noun} of {given} chips is more than any table holds (at most {MAX_CHIPS:,})"
    return f"{noun} is a whole number of chips, {least} or more, not {given}"


def _shown(value: object, width: int = 40) -> str:
    """``value`` as it may appear in one line of error: control characters escaped, clipped."""
    text = value if isinstance(value, str) else repr(value)
    text = text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text
    return text if len(text) <= width else text[: width - 1] + "…"


def _chat(text: str, name: str | None) -> Message:
    """A line of chat (spaces folded) and a spectator's name: printable and not too long."""
    text = " ".join(text.split())
    if not text:
        raise WireError("a line of chat needs some text")
    if len(text) > MAX_CHAT:
        raise WireError(f"a line of chat has at most {MAX_CHAT} characters, not {len(text)}")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in text):
        raise WireError("a line of chat may not hold control characters")
    if name is not None:
        if not 0 < len(name.strip()) <= 24:
            raise WireError("'name' (a spectator's) has 1 to 24 characters")
        name = " ".join(name.split())
        if any(unicodedata.category(ch).startswith("C") for ch in name):
            raise WireError("a name may not hold control characters")
    return Message("chat", text=text, name=name)
