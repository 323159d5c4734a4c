"""Action text and PHH records: every verb round trips, malformed input is refused."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from splitpot.actions import Action
from splitpot.cards import parse_card
from splitpot.errors import InvalidNotation, RecordError
from splitpot.notation import (
    HandRecord,
    format_action,
    load,
    parse_action,
    read_phh,
    read_phhs,
    write_phh,
    write_phhs,
)

DATA = Path(__file__).parent / "data" / "phh"  # 30 real WSOP hands: data/phh/README.md
WSOP = sorted(DATA.glob("*.phh"))

C = parse_card

# Every verb of hand-history.md, with the Action it stands for (seats 0-based).
LINES = [
    ("d dh p1 5d2sAd", Action("dh", 0, (C("5d"), C("2s"), C("Ad")))),
    ("d dh p3 ????Ad", Action("dh", 2, (None, None, C("Ad")))),
    ("d dh p10 Th", Action("dh", 9, (C("Th"),))),
    ("d db 7c", Action("db", None, (C("7c"),))),
    ("d dl AhKd2c", Action("dl", None, (C("Ah"), C("Kd"), C("2c")))),
    ("p2 pb", Action("pb", 1)),
    ("p4 cbr 200000", Action("cbr", 3, amount=200000)),
    ("p1 cc", Action("cc", 0)),
    ("p5 f", Action("f", 4)),
    ("p1 sd", Action("sd", 0)),
    ("p1 sd 2c3d", Action("sd", 0, (C("2c"), C("3d")))),
    (
        "p1 sm Ac8dAsTh3cTs7c",
        Action("sm", 0, tuple(map(C, ["Ac", "8d", "As", "Th", "3c", "Ts", "7c"]))),
    ),
    ("p2 sm", Action("sm", 1)),
    ("p2 sm ??Kd", Action("sm", 1, (None, C("Kd")))),
    ("p3 bid 0", Action("bid", 2, amount=0)),
    ("p3 bid 25", Action("bid", 2, amount=25)),
    ("p4 pass", Action("pass", 3)),
    ("p1 pick 9s", Action("pick", 0, (C("9s"),))),
    ("p2 sell Qh", Action("sell", 1, (C("Qh"),))),
    ("p2 sell Qh 10", Action("sell", 1, (C("Qh"),), 10)),
    ("p6 buy 2d", Action("buy", 5, (C("2d"),))),
    ("p7 up As", Action("up", 6, (C("As"),))),
    ("p1 dec hi", Action("dec", 0, declaration="hi")),
    ("p2 dec lo", Action("dec", 1, declaration="lo")),
    ("p3 dec both", Action("dec", 2, declaration="both")),
]


@pytest.mark.parametrize(("text", "action"), LINES)
def test_every_verb_parses_and_formats_back(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert format_action(action) == text


def test_comments_are_ignored() -> None:
    assert parse_action("p3 cbr 500 # all in, with feeling") == Action("cbr", 2, amount=500)
    assert parse_action("  p1   cc  #") == Action("cc", 0)


def test_lower_case_ranks_are_accepted() -> None:
    assert parse_action("d dh p1 ahkd") == Action("dh", 0, (C("Ah"), C("Kd")))


MALFORMED = [
    "",
    "# only a comment",
    "p1",
    "d",
    "x1 cc",
    "p0 cc",
    "p-1 cc",
    "P1 cc",
    "p1 check",
    "p1 cc 5",
    "p1 f now",
    "p1 pb 2",
    "p1 cbr",
    "p1 cbr x",
    "p1 cbr -5",
    "p1 cbr 1.5",
    "p1 cbr 5 6",
    "p1 bid",
    "p1 pass 3",
    "p1 pick",
    "p1 pick AhKd",
    "p1 pick 1h",
    "p1 sell",
    "p1 sell Qh ten",
    "p1 sell Qh 1 2",
    "p1 buy ??Ah",
    "p1 up",
    "p1 dec",
    "p1 dec high",
    "p1 dec hi lo",
    "p1 sm Ah Kd",
    "p1 sm AhAh",
    "p1 sd A",
    "d dh 5d2sAd",
    "d dh p1",
    "d dh px Ah",
    "d dh p1 5d2sA",
    "d dh p1 Xx",
    "d db",
    "d dl",
    "d dx Ah",
    "d cc",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_actions_are_refused_quoting_the_text(text: str) -> None:
    with pytest.raises(InvalidNotation) as info:
        parse_action(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize(
    "action",
    [Action("cbr", 0), Action("bid", 1), Action("dec", 0), Action("zz", 0), Action("cc")],
)
def test_incomplete_actions_cannot_be_formatted(action: Action) -> None:
    with pytest.raises(InvalidNotation):
        format_action(action)


# --------------------------------------------------------------------------- records


@pytest.mark.parametrize("path", WSOP, ids=lambda p: p.name)
def test_wsop_records_round_trip_with_every_field(path: Path) -> None:
    text = path.read_text()
    record = read_phh(text)
    original = tomllib.loads(text)
    written = write_phh(record)
    assert tomllib.loads(written) == original
    assert list(tomllib.loads(written)) == list(original)  # same field order too
    assert read_phh(written) == record
    assert load(path) == [record]
    assert record.players == tuple(original["players"])
    assert record.finishing_stacks == tuple(original["finishing_stacks"])
    assert record.ante_trimming_status is True
    assert [format_action(a) for a in record.actions] == original["actions"]
    assert "_splitpot" not in written  # plain PHH


def test_phhs_round_trip(tmp_path: Path) -> None:
    records = [read_phh(p.read_text()) for p in WSOP[:3]]
    text = write_phhs(records)
    assert text.startswith("[1]\n")
    assert read_phhs(text) == records
    path = tmp_path / "three.phhs"
    path.write_text(text)
    assert load(path) == records


def _base() -> dict[str, object]:
    return tomllib.loads((DATA / "wsop-2023-43-10.phh").read_text())


def _toml_of(table: dict[str, object]) -> str:
    import tomli_w

    return tomli_w.dumps(table)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"variant": None}, "variant"),
        ({"variant": "XYZ"}, "variant"),
        ({"variant": 7}, "variant"),
        ({"antes": None}, "antes"),
        ({"antes": [1, 2]}, "antes"),
        ({"antes": "50"}, "antes"),
        ({"bring_in": None}, "bring_in"),
        ({"bring_in": "1"}, "bring_in"),
        ({"bring_in": True}, "bring_in"),
        ({"small_bet": None}, "small_bet"),
        ({"big_bet": -1}, "big_bet"),
        ({"starting_stacks": None}, "starting_stacks"),
        ({"starting_stacks": [1.5, 2, 3, 4, 5]}, "starting_stacks"),
        ({"finishing_stacks": [1, 2, 3]}, "finishing_stacks"),
        ({"actions": None}, "actions"),
        ({"actions": "p1 cc"}, "actions"),
        ({"players": ["a", "b"]}, "players"),
        ({"seed": "x"}, "seed"),
        ({"ante_trimming_status": 1}, "ante_trimming_status"),
        ({"_splitpot": {"version": 2}}, "_splitpot"),
    ],
)
def test_malformed_records_name_the_field(change: dict[str, object], field: str) -> None:
    table = _base()
    for key, value in change.items():
        if value is None:
            del table[key]
        else:
            table[key] = value
    with pytest.raises(RecordError, match=repr(field)):
        read_phh(_toml_of(table))


def test_malformed_action_in_a_record_names_its_index() -> None:
    table = _base()
    table["actions"] = ["d dh p1 5d2sAd", "p1 cbr lots"]
    with pytest.raises(RecordError, match=r'^action 2 "p1 cbr lots": .*\(hand-history\.md\)$'):
        read_phh(_toml_of(table))


def test_not_toml() -> None:
    with pytest.raises(RecordError, match="TOML"):
        read_phh("variant = ")


def test_splitpot_table_and_seed_are_kept() -> None:
    record = HandRecord(
        variant="F5SHL",
        antes=(1, 1),
        bring_in=1,
        small_bet=2,
        big_bet=4,
        starting_stacks=(100, 100),
        actions=(Action("dh", 0, (C("Ah"), C("2c"))),),
        house_rules={"qualifier": 8, "max_raises": 4},
        seed=42,
    )
    text = write_phh(record)
    table = tomllib.loads(text)
    assert table["_splitpot"] == {"version": 1, "qualifier": 8, "max_raises": 4}
    assert table["seed"] == 42
    assert "_splitpot = { version = 1, " in text
    assert read_phh(text) == record


def test_non_plain_variant_is_marked_even_with_default_rules() -> None:
    record = HandRecord("F5S", (1, 1), 1, 2, 4, (10, 10), ())
    assert tomllib.loads(write_phh(record))["_splitpot"] == {"version": 1}


def test_any_other_field_survives_a_round_trip() -> None:
    text = (
        (DATA / "wsop-2023-43-10.phh").read_text()
        + "\n"
        + (
            "time = 12:34:56\n"
            "url = 'https://example.org/a \"quoted\" path'\n"
            "_note = { by = 'Zoë', tags = ['odd', \"it's\"], nested = { level = 2 } }\n"
            "'odd key' = 1.5\n"
            "time_banks = [30, 30, 30, 30, 30]\n"
        )
    )
    record = read_phh(text)
    assert record.fields["_note"]["by"] == "Zoë"
    assert tomllib.loads(write_phh(record)) == tomllib.loads(text)
