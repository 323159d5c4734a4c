"""Reading a client's message strictly (docs/web.md, "Reading messages"): each bad one refused
in one line that names the problem, each good one read into its fields."""

from __future__ import annotations

import json
from typing import Any

import pytest

from splitpot.cards import parse_card
from splitpot.server.messages import MAX_MESSAGE, Message, WireError, read_body, read_message

_DEEP = 2000
"""Levels of nesting that still fit in MAX_MESSAGE characters as ``[[...]]``."""


def _msg(**fields: Any) -> str:
    return json.dumps(fields)


def _nested(levels: int) -> Any:
    """An array inside an array, ``levels`` deep."""
    value: Any = []
    for _ in range(levels - 1):
        value = [value]
    return value


def _act(**fields: Any) -> str:
    """A move for hand 3 at the 17th line of its log, unless told."""
    return json.dumps({"type": "act", "hand": 3, "at": 17, **fields})


BAD: list[tuple[str, str, str]] = [
    # not JSON, or not an object
    ("not json", "bad_message", "not JSON"),
    ("", "bad_message", "not JSON"),
    ('{"type": "ping"', "bad_message", "not JSON"),
    ("{'type': 'ping'}", "bad_message", "not JSON"),
    ("[1, 2]", "bad_message", "JSON object"),
    ('"ping"', "bad_message", "JSON object"),
    ("5", "bad_message", "JSON object"),
    ("null", "bad_message", "JSON object"),
    # the type: missing, unknown, not text
    ('{"verb": "bid"}', "bad_message", "unknown message type None"),
    (_msg(type="shout"), "bad_message", "unknown message type 'shout'"),
    (_msg(type="Ping"), "bad_message", "unknown message type 'Ping'"),
    (_msg(type=5), "bad_message", "unknown message type"),
    (_msg(type="sh\nout"), "bad_message", "unknown message type"),
    (_msg(type=None), "bad_message", "unknown message type"),
    # a field the type has not
    (_msg(type="act", verb="bid", amount=5, seat=1), "bad_message", "no field 'seat'"),
    (_msg(type="ping", pad="x"), "bad_message", "no field 'pad'"),
    (_msg(type="hello", token="t", seat=0), "bad_message", "no field 'seat'"),
    ('{"type": "ping", "p\\nad": 1}', "bad_message", "no field"),
    # a field missing
    (_msg(type="act"), "bad_message", "'verb'"),
    (_msg(type="rebuy"), "bad_message", "'chips'"),
    (_msg(type="odds"), "bad_message", "'on'"),
    (_msg(type="chat"), "bad_message", "'text'"),
    (_msg(type="host"), "bad_message", "'do'"),
    (_msg(type="host", do="house"), "bad_message", "'house'"),
    (_msg(type="host", do="options", house={}), "bad_message", "'options'"),
    # whole numbers: no bool, float or text stands for one
    (
        _msg(type="act", verb="bid", amount=True),
        "bad_message",
        "a bid is a whole number of chips, 0 or more, not true",
    ),
    (
        _msg(type="act", verb="bid", amount=5.0),
        "bad_message",
        "a bid is a whole number of chips, 0 or more, not 5.0",
    ),
    (
        _msg(type="act", verb="bid", amount="5"),
        "bad_message",
        'a bid is a whole number of chips, 0 or more, not "5"',
    ),
    (
        _msg(type="act", verb="bid", amount=[5]),
        "bad_message",
        "a bid is a whole number of chips, 0 or more, not [5]",
    ),
    (
        '{"type": "act", "verb": "bid", "amount": 1e30}',
        "bad_message",
        "a bid is a whole number of chips, 0 or more, not 1e+30",
    ),
    ('{"type": "act", "verb": "bid", "amount": NaN}', "bad_message", ""),
    (_msg(type="act", verb="cc", hand=False), "bad_message", "'hand'"),
    (
        _msg(type="rebuy", chips=True),
        "bad_message",
        "a rebuy is a whole number of chips, 1 or more",
    ),
    (
        _msg(type="rebuy", chips=50.0),
        "bad_message",
        "a rebuy is a whole number of chips, 1 or more",
    ),
    (_msg(type="host", do="remove", seat=True), "bad_message", "'seat'"),
    (_msg(type="host", do="remove", seat="1"), "bad_message", "'seat'"),
    (_msg(type="host", do="approve", request=3.0), "bad_message", "'request'"),
    # whole numbers out of range
    (
        _msg(type="act", verb="bid", amount=-1),
        "bad_message",
        "a bid is a whole number of chips, 0 or more, not -1",
    ),
    (
        _msg(type="act", verb="cbr", amount=10**12 + 1),
        "bad_message",
        "a bet or raise of 1000000000001 chips is more than any table holds "
        "(at most 1,000,000,000,000)",
    ),
    (_msg(type="act", verb="sell", amount=10**30), "bad_message", "an asking price of 1"),
    (_msg(type="act", verb="bid", amount=10**1000), "bad_message", "a bid of 1"),
    (_msg(type="act", verb="cc", hand=0), "bad_message", "'hand'"),
    (_msg(type="act", verb="cc", at=17), "bad_message", "needs 'hand'"),
    (_msg(type="act", verb="cc", hand=1), "bad_message", "needs 'at'"),
    (_act(verb="cc", at=-1), "bad_message", "'at': expected int >= 0"),
    (_act(verb="cc", at=True), "bad_message", "'at'"),
    (_act(verb="cc", at="17"), "bad_message", "'at'"),
    (_act(verb="cc", at=10**13), "bad_message", "'at'"),
    (
        _msg(type="rebuy", chips=0),
        "bad_message",
        "a rebuy is a whole number of chips, 1 or more, not 0",
    ),
    (_msg(type="host", do="remove", seat=100), "bad_message", "'seat'"),
    (_msg(type="host", do="remove", seat=-1), "bad_message", "'seat'"),
    (_msg(type="host", do="approve", request=2**62 + 1), "bad_message", "'request'"),
    # choices, flags, cards
    (_msg(type="act", verb="steal"), "bad_message", "'verb' must be one of"),
    (_msg(type="act", verb=5), "bad_message", "'verb'"),
    (_msg(type="act", verb="st\neal"), "bad_message", "'verb'"),
    (_msg(type="act", verb="pick", card="Zz"), "bad_message", "'card'"),
    (_msg(type="act", verb="pick", card=7), "bad_message", "'card'"),
    (_msg(type="act", verb="pick", card=""), "bad_message", "'card'"),
    (_msg(type="act", verb="dec", declaration="up"), "bad_message", "'declaration'"),
    (_msg(type="act", verb="dec", declaration=True), "bad_message", "'declaration'"),
    (_msg(type="act", verb="sm", show="yes"), "bad_message", "'show'"),
    (_msg(type="act", verb="sm", show=1), "bad_message", "'show'"),
    (_msg(type="act", verb="sm", show=None), "bad_message", "'show'"),
    (_msg(type="odds", on=1), "bad_message", "'on'"),
    (_msg(type="odds", on="true"), "bad_message", "'on'"),
    (_msg(type="host", do="steal"), "bad_message", "'do' must be one of"),
    (_msg(type="host", do=5), "bad_message", "'do'"),
    (_msg(type="host", do="house", house="x"), "bad_message", "'house'"),
    (_msg(type="host", do="house", house=[]), "bad_message", "'house'"),
    # text: its kind and its length
    (_msg(type="hello", token=5), "bad_message", "'token'"),
    (_msg(type="hello", token=""), "bad_message", "'token'"),
    (_msg(type="hello", token="t" * 201), "bad_message", "'token'"),
    (_msg(type="host", do="add_bot", bot=5), "bad_message", "'bot'"),
    (_msg(type="host", do="add_bot", bot="b" * 33), "bad_message", "'bot'"),
    (_msg(type="chat", text=5), "bad_message", "'text'"),
    (_msg(type="chat", text=" \t "), "bad_message", "needs some text"),
    (_msg(type="chat", text="x" * 301), "bad_message", "at most 300"),
    (_msg(type="chat", text="ring\u0007"), "bad_message", "control characters"),
    (_msg(type="chat", text="zero\u200bwidth"), "bad_message", "control characters"),
    ('{"type": "chat", "text": "half \\ud800"}', "bad_message", ""),  # not JSON or not text
    (_msg(type="chat", text="hi", name=5), "bad_message", "'name'"),
    (_msg(type="chat", text="hi", name="  "), "bad_message", "'name'"),
    (_msg(type="chat", text="hi", name="n" * 25), "bad_message", "'name'"),
    (_msg(type="chat", text="hi", name="a\u0000b"), "bad_message", "control characters"),
    # nesting deep enough to exhaust a recursive reader, yet short enough to be read
    ("[" * _DEEP + "]" * _DEEP, "bad_message", ""),
    ('{"type": "ping", "pad": ' + "[" * _DEEP + "]" * _DEEP + "}", "bad_message", ""),
    (
        '{"type": "host", "do": "house", "house": {"a": ' + "[" * _DEEP + "]" * _DEEP + "}}",
        "bad_message",
        "nested too deeply",
    ),
    # nesting a recursive reader takes, deeper than the code that reads the settings should go
    (_msg(type="host", do="house", house={"a": _nested(16)}), "bad_message", "nested too deeply"),
    (_msg(type="host", do="options", options={"b": _nested(16)}), "bad_message", "too deeply"),
    (_msg(type="host", do="house", house={"a": _nested(900)}), "bad_message", "nested too deeply"),
    # too long to read at all
    ("[" * 16_000 + "]" * 16_000, "too_long", "too long"),
    ('{"type": "ping", "pad": "' + "x" * MAX_MESSAGE + '"}', "too_long", "too long"),
    ('{"type": "ping"}' + " " * MAX_MESSAGE, "too_long", "too long"),
]
"""Messages a strict reader refuses, the reason it gives and words its one line holds."""


@pytest.mark.parametrize(("sent", "reason", "words"), BAD)
def test_a_bad_message_is_refused_in_one_line_that_says_why(
    sent: str, reason: str, words: str
) -> None:
    with pytest.raises(WireError) as refused:
        read_message(sent)
    assert refused.value.reason == reason
    assert words in refused.value.message
    assert "\n" not in refused.value.message
    assert len(refused.value.message) < 300


def test_a_binary_message_is_refused() -> None:
    with pytest.raises(WireError, match="not binary"):
        read_message(b'{"type": "ping"}')


GOOD: list[tuple[str, Message]] = [
    (_msg(type="ping"), Message("ping")),
    (
        '{"verb": "bid", "amount": 5, "at": 17, "hand": 3, "type": "act"}',
        Message("act", verb="bid", amount=5, hand=3, at=17),
    ),
    (_msg(type="hello", token=None), Message("hello")),
    (_msg(type="hello"), Message("hello")),
    (_msg(type="hello", token="abc"), Message("hello", token="abc")),
    (_act(verb="cc", at=0), Message("act", verb="cc", hand=3, at=0)),
    (_act(verb="bid", amount=0), Message("act", verb="bid", amount=0, hand=3, at=17)),
    (_act(verb="bid", amount=10**12), Message("act", verb="bid", amount=10**12, hand=3, at=17)),
    (_act(verb="bid", amount=None), Message("act", verb="bid", hand=3, at=17)),
    (
        _act(verb="pick", card="Ah"),
        Message("act", verb="pick", card=parse_card("Ah"), hand=3, at=17),
    ),
    (
        _act(verb="dec", declaration="lo"),
        Message("act", verb="dec", declaration="lo", hand=3, at=17),
    ),
    (_act(verb="sm", show=False), Message("act", verb="sm", show=False, hand=3, at=17)),
    (_msg(type="sit_out"), Message("sit_out")),
    (_msg(type="back"), Message("back")),
    (_msg(type="start"), Message("start")),
    (_msg(type="leave"), Message("leave")),
    (
        _msg(type="chat", text="  good \t luck  ", name=" Bo   Bo "),
        Message("chat", text="good luck", name="Bo Bo"),
    ),
    (_msg(type="chat", text="é" * 300), Message("chat", text="é" * 300)),
    (_msg(type="rebuy", chips=1), Message("rebuy", chips=1)),
    (_msg(type="odds", on=False), Message("odds", on=False)),
    (
        _msg(type="host", do="house", house={"ante": 2}),
        Message("host", do="house", settings={"ante": 2}),
    ),
    (
        _msg(type="host", do="options", options={"approve_seats": True}, house={"ante": 2}),
        Message("host", do="options", settings={"approve_seats": True}),
    ),
    (_msg(type="host", do="pause", house={"ante": 2}), Message("host", do="pause")),
    (
        _msg(type="host", do="options", options={"a": _nested(14)}),
        Message("host", do="options", settings={"a": _nested(14)}),
    ),
    (
        _msg(type="host", do="approve", request=2**62, seat=99),
        Message("host", do="approve", request=2**62, seat=99),
    ),
    (
        _msg(type="host", do="add_bot", bot="heuristic", seat=None),
        Message("host", do="add_bot", bot="heuristic"),
    ),
]
"""Messages a strict reader takes, and what it makes of each."""


@pytest.mark.parametrize(("sent", "read"), GOOD)
def test_a_good_message_is_read_into_its_fields(sent: str, read: Message) -> None:
    assert read_message(sent) == read


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"[" * 16_000, "nested too deeply"),  # deeper than json.loads goes
        (b"[" * 3000 + b"]" * 3000, "nested too deeply"),
        (json.dumps({"house": {"ante": _nested(900)}}).encode(), "nested too deeply"),
        (json.dumps({"game": _nested(16)}).encode(), "nested too deeply"),
        (b"not json", "not JSON"),
        (b'{"name": "\xff"}', "not JSON"),  # not UTF-8
        (b"[1, 2]", "JSON object"),
    ],
)
def test_a_request_body_that_cannot_be_read_is_refused_in_one_line(body: bytes, words: str) -> None:
    with pytest.raises(WireError) as refused:
        read_body(body)
    assert words in refused.value.message
    assert "\n" not in refused.value.message


def test_a_request_body_nested_to_the_limit_is_read() -> None:
    spec = {"game": "stud5buy", "house": {"buy_prices": _nested(14)}}
    assert read_body(json.dumps(spec).encode()) == spec
