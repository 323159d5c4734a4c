"""The ledger (docs/ledger.md): entries and balances worked by hand, refusals that change
nothing, the settle-up against an independent brute force, CSV, and ``splitpot ledger``."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from itertools import combinations
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from splitpot import variants
from splitpot.bots import CallBot, RandomBot
from splitpot.cli import main
from splitpot.ledger import (
    EXACT_LIMIT,
    Entry,
    Ledger,
    LedgerError,
    Settlement,
    Transfer,
    _greedy,
    among_people,
    chip_value,
    from_entries,
    from_records,
    money,
    settle,
)
from splitpot.notation import HandRecord, load, write_phhs
from splitpot.sim import play_hands

DATA = Path(__file__).parent / "data"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


# --------------------------------------------------------------------------- the settle-up


def root(parent: dict[int, int], p: int) -> int:
    """The representative of ``p``'s connected part (union-find without shortcuts)."""
    while parent[p] != p:
        p = parent[p]
    return p


def fewest_by_brute_force(balances: Sequence[int]) -> int:
    """The fewest transfers, by trying every set of pairs, smallest first: a set of transfers
    can square the balances exactly when each connected part of its players adds up to zero
    (within a connected part any amounts can be routed along its edges)."""
    players = [i for i, b in enumerate(balances) if b]
    pairs = list(combinations(players, 2))
    for count in range(len(players) + 1):
        for edges in combinations(pairs, count):
            parent = {p: p for p in players}
            for a, b in edges:
                parent[root(parent, a)] = root(parent, b)
            parts: dict[int, int] = {}
            for p in players:
                parts[root(parent, p)] = parts.get(root(parent, p), 0) + balances[p]
            if not any(parts.values()):
                return count
    raise AssertionError("balances that add up to zero always settle")


def check_squares(balances: Mapping[str, int], settlement: Settlement) -> None:
    """Every transfer is positive, from a player who owes to one who is owed, and together
    they bring every balance to zero."""
    left = dict(balances)
    for t in settlement.transfers:
        assert t.chips > 0
        assert balances[t.payer] < 0 < balances[t.payee]
        left[t.payer] += t.chips
        left[t.payee] -= t.chips
    assert not any(left.values()), left


def zero_sum(values: list[int]) -> dict[str, int]:
    """Name the values and add the one that makes them add up to zero."""
    values = [*values, -sum(values)]
    return {f"p{i + 1}": v for i, v in enumerate(values)}


def assert_fewest(balances: dict[str, int]) -> None:
    """The settle-up squares ``balances``, exactly, in as few transfers as brute force finds."""
    settlement = settle(balances)
    assert settlement.exact
    check_squares(balances, settlement)
    assert len(settlement.transfers) == fewest_by_brute_force(list(balances.values()))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-40, 40), min_size=1, max_size=5))
def test_the_settle_up_is_as_short_as_brute_force_finds(values: list[int]) -> None:
    assert_fewest(zero_sum(values))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-3, 3), min_size=5, max_size=6))
def test_many_small_balances_that_split_into_groups(values: list[int]) -> None:
    # Small amounts make many zero-sum groups, the case the exact search is for.
    assert_fewest(zero_sum(values))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=15))
def test_any_balances_adding_up_to_zero_are_squared(values: list[int]) -> None:
    balances = zero_sum(values)
    settlement = settle(balances)
    check_squares(balances, settlement)
    owed = sum(1 for b in balances.values() if b)
    assert len(settlement.transfers) <= max(owed - 1, 0)


def test_worked_example_where_biggest_to_biggest_is_not_fewest() -> None:
    # ann +6, bob +4 are owed; cy -4, dee -3, eve -3 owe. Biggest debtor to biggest creditor:
    # cy pays ann 4 (ann +2), dee pays bob 3 (bob +1), eve pays ann 2 (eve -1), eve pays bob 1:
    # 4 transfers. But {bob, cy} and {ann, dee, eve} each add up to zero: 1 + 2 = 3 transfers.
    balances = {"ann": 6, "bob": 4, "cy": -4, "dee": -3, "eve": -3}
    assert len(_greedy(list(balances.items()))) == 4
    settlement = settle(balances)
    check_squares(balances, settlement)
    assert sorted((t.payer, t.payee, t.chips) for t in settlement.transfers) == [
        ("cy", "bob", 4),
        ("dee", "ann", 3),
        ("eve", "ann", 3),
    ]


def test_worked_examples() -> None:
    # One winner: each loser pays them.
    one = settle({"ann": 50, "bob": -20, "cy": -30})
    assert sorted((t.payer, t.payee, t.chips) for t in one.transfers) == [
        ("bob", "ann", 20),
        ("cy", "ann", 30),
    ]
    # Two pairs that cancel: two transfers, not three.
    pairs = settle({"ann": 10, "bob": -10, "cy": 20, "dee": -20})
    assert sorted((t.payer, t.payee, t.chips) for t in pairs.transfers) == [
        ("bob", "ann", 10),
        ("dee", "cy", 20),
    ]
    # No group smaller than everyone adds up to zero: n - 1 = 4 transfers.
    assert len(settle({"a": 3, "b": 3, "c": -2, "d": -2, "e": -2}).transfers) == 4
    # Nothing owed, nothing paid; zero balances take no part.
    assert settle({"a": 0, "b": 0}).transfers == ()
    assert settle({}).transfers == ()


def test_balances_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(LedgerError, match=r"balances add up to \+5, not 0"):
        settle({"a": 10, "b": -5})


def test_above_the_exact_limit_the_settle_up_is_greedy_but_squares() -> None:
    # 22 players owed or owing, in pairs that cancel plus a few that do not.
    values = [i for i in range(1, EXACT_LIMIT // 2 + 1) for i in (i, -i)] + [7, 5, -12]
    balances = {f"p{i}": v for i, v in enumerate(values)}
    assert len(balances) > EXACT_LIMIT
    settlement = settle(balances)
    assert not settlement.exact
    check_squares(balances, settlement)
    # The cancelling pairs are found: one transfer each, and 2 for the three left over.
    assert len(settlement.transfers) == EXACT_LIMIT // 2 + 2


def test_the_exact_limit_itself_is_searched_exactly() -> None:
    values = [1, -1] * (EXACT_LIMIT // 2)
    settlement = settle({f"p{i}": v for i, v in enumerate(values)})
    assert settlement.exact
    assert len(settlement.transfers) == EXACT_LIMIT // 2


# --------------------------------------------------------------------------- the ledger


def evening() -> Ledger:
    """ann and bob buy 100, cy 50; three hands; bob rebuys 50; cy leaves with what is left."""
    book = Ledger()
    book.buy_in("ann", 100)
    book.buy_in("bob", 100)
    book.buy_in("cy", 50)
    book.hand({"ann": 30, "bob": -20, "cy": -10})
    book.buy_in("bob", 50)
    book.hand({"ann": -40, "bob": 60, "cy": -20})
    book.cash_out("cy")  # 50 - 10 - 20 = 20
    book.hand({"ann": 10, "bob": -10})
    return book


def test_a_worked_evening() -> None:
    book = evening()
    assert book.seated == {"ann": 100, "bob": 180}  # 100+30-40+10, 100-20+50+60-10
    assert [(e.kind, e.player, e.chips, e.hand) for e in book.entries if e.kind != "hand"] == [
        ("buy-in", "ann", 100, None),
        ("buy-in", "bob", 100, None),
        ("buy-in", "cy", 50, None),
        ("rebuy", "bob", 50, None),
        ("cash-out", "cy", 20, None),
    ]
    rows = {s.player: (s.bought, s.cashed, s.won, s.on_table, s.hands) for s in book.standings()}
    assert rows == {
        "ann": (100, 0, 0, 100, 3),
        "bob": (150, 0, 30, 180, 3),
        "cy": (50, 20, -30, 0, 2),
    }
    # ann: 100 back for 100; bob: 180 for 150; cy: 20 for 50.
    assert book.balances() == {"ann": 0, "bob": 30, "cy": -30}
    assert [(t.payer, t.payee, t.chips) for t in book.settle().transfers] == [("cy", "bob", 30)]
    book.cash_out("bob", 80)
    assert book.seated == {"ann": 100, "bob": 100}
    assert book.balances() == {"ann": 0, "bob": 30, "cy": -30}  # cashing out changes no balance


def test_a_newcomer_is_given_a_name_nobody_in_the_ledger_has_had() -> None:
    book = evening()  # cy has cashed out (and left), ann and bob are seated
    assert book.unused_name("dee") == "dee"
    assert book.unused_name("cy") == "cy (2)"  # cy left: a newcomer is not her
    assert book.unused_name("CY") == "CY (2)"  # letter case aside
    book.buy_in(book.unused_name("cy"), 40)
    assert book.unused_name("cy") == "cy (3)"
    assert book.unused_name("cy (2)") == "cy (2) (2)"
    assert [e.kind for e in book.entries if e.player.startswith("cy")] == [
        "buy-in",
        "hand",
        "hand",
        "cash-out",
        "buy-in",  # the newcomer's own, not a rebuy of cy's
    ]
    assert book.balances()["cy (2)"] == 0
    assert book.balances()["cy"] == -30


@pytest.mark.parametrize(
    ("step", "words"),
    [
        (lambda b: b.cash_out("ann", 101), "ann cashes out 101 chips but has 100 on the table"),
        (lambda b: b.cash_out("cy"), "cy is not at the table"),
        (lambda b: b.cash_out("ann", -1), "a cash-out must be a whole number of chips"),
        (lambda b: b.hand({"ann": 5, "bob": -4}), r"hand 4: the results add up to \+1, not 0"),
        (lambda b: b.hand({"ann": 5, "cy": -5}), "hand 4: cy is not at the table"),
        (lambda b: b.hand({"ann": 181, "bob": -181}), "bob loses 181 chips with 180 on the"),
        (lambda b: b.hand({"ann": 1.5, "bob": -1.5}), "is not whole chips"),
        (lambda b: b.buy_in("dee", 0), "a buy-in is at least 1 chip"),
        (lambda b: b.buy_in("dee", True), "a buy-in must be a whole number"),
        (lambda b: b.buy_in("", 10), "a player is named by a non-empty string"),
    ],
)
def test_refused_entries_change_nothing(step: object, words: str) -> None:
    book = evening()
    before = (book.entries, book.seated, book.hands)
    with pytest.raises(LedgerError, match=words):
        step(book)  # type: ignore[operator]
    assert (book.entries, book.seated, book.hands) == before


def stacks_record(
    players: Sequence[str], starting: Sequence[int], finishing: Sequence[int] | None, hand: int
) -> HandRecord:
    """A hand as the ledger reads it: who played, with what, and what they ended with."""
    n = len(players)
    return HandRecord(
        variant="F7S/8",
        antes=(1,) * n,
        bring_in=1,
        small_bet=2,
        big_bet=4,
        starting_stacks=tuple(starting),
        actions=(),
        finishing_stacks=None if finishing is None else tuple(finishing),
        fields={"players": list(players), "hand": hand},
    )


def a_session() -> list[HandRecord]:
    return [
        stacks_record(["ann", "bob", "cy"], [100, 100, 100], [130, 80, 90], 1),
        # bob tops up 80 -> 100: a rebuy of 20.
        stacks_record(["ann", "bob", "cy"], [130, 100, 90], [100, 150, 70], 2),
        # cy has left with 70; dee sits down with 200; ann takes 20 off (100 -> 80).
        stacks_record(["ann", "bob", "dee"], [80, 150, 200], [80, 100, 250], 3),
    ]


def test_a_session_from_records_worked_by_hand() -> None:
    book = from_records(a_session())
    assert [(e.kind, e.player, e.chips) for e in book.entries if e.kind != "hand"] == [
        ("buy-in", "ann", 100),
        ("buy-in", "bob", 100),
        ("buy-in", "cy", 100),
        ("rebuy", "bob", 20),
        ("cash-out", "cy", 70),
        ("cash-out", "ann", 20),
        ("buy-in", "dee", 200),
        ("cash-out", "ann", 80),
        ("cash-out", "bob", 100),
        ("cash-out", "dee", 250),
    ]
    # ann: bought 100, took home 20 + 80; bob: 120 for 100; cy: 100 for 70; dee: 200 for 250.
    assert book.balances() == {"ann": 0, "bob": -20, "cy": -30, "dee": 50}
    won = {s.player: s.won for s in book.standings()}
    assert won == {"ann": 30 - 30 + 0, "bob": -20 + 50 - 50, "cy": -10 - 20, "dee": 50}
    assert sorted((t.payer, t.payee, t.chips) for t in book.settle().transfers) == [
        ("bob", "dee", 20),
        ("cy", "dee", 30),
    ]
    assert book.seated == {}
    still = from_records(a_session(), close=False)
    assert still.seated == {"ann": 80, "bob": 100, "dee": 250}
    assert still.balances() == book.balances()


def test_records_whose_chips_do_not_add_up_are_refused() -> None:
    records = a_session()
    records[1] = stacks_record(["ann", "bob", "cy"], [130, 100, 90], [100, 150, 75], 2)
    with pytest.raises(LedgerError, match=r"hand 2: finishing_stacks hold \+5 chips more"):
        from_records(records)


def test_a_name_on_two_seats_is_told_apart_by_seat() -> None:
    # splitpot play names each bot by its kind: "heuristic" can sit in two seats.
    book = from_records([stacks_record(["you", "bot", "bot"], [10, 10, 10], [12, 8, 10], 1)])
    assert book.balances() == {"you": 2, "bot (p2)": -2, "bot (p3)": 0}


def test_a_record_without_finishing_stacks_is_replayed() -> None:
    wsop = load(DATA / "phh" / "wsop-2023-43-10.phh")[0]
    bare = HandRecord(**{**wsop.__dict__, "finishing_stacks": None})
    assert from_records([bare]).balances() == from_records([wsop]).balances()
    names = wsop.players or ()
    nets = [f - s for f, s in zip(wsop.finishing_stacks or (), wsop.starting_stacks, strict=True)]
    assert from_records([wsop]).balances() == dict(zip(names, nets, strict=True))


def test_a_simulated_session_balances_to_what_each_seat_won(tmp_path: Path) -> None:
    # simulate deals every hand from fresh stacks: the ledger counts top-ups as rebuys and
    # take-offs as cash-outs, and the balances are the chips each seat won over the hands.
    path = tmp_path / "run.phhs"
    rules = variants.get("stud8")
    bots = [RandomBot(1), CallBot(), RandomBot(2)]
    won = play_hands(rules, bots, hands=25, seed=5, stacks=200, record=path)
    book = from_records(load(path))
    assert list(book.balances().values()) == won
    assert book.hands == 25
    code, out, _ = run("ledger", str(path))
    assert code == 0
    assert "Every hand began from the same stacks" in out
    code, out, _ = run("ledger", str(DATA / "fairness" / "stud5buy-ten-handed.phhs"))
    assert code == 0
    assert "Every hand began" not in out  # stacks carry over there


def test_csv_export(tmp_path: Path) -> None:
    book = from_records(a_session())
    out = io.StringIO()
    book.write_csv(out, Decimal("0.25"))
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert list(rows[0]) == ["kind", "hand", "player", "to", "chips", "money"]
    assert len(rows) == len(book.entries) + 4 + 2  # entries, four balances, two transfers
    assert rows[0] == {
        "kind": "buy-in",
        "hand": "",
        "player": "ann",
        "to": "",
        "chips": "100",
        "money": "25.00",
    }
    hands = [r for r in rows if r["kind"] == "hand"]
    assert [(r["hand"], r["player"], r["chips"]) for r in hands[:3]] == [
        ("1", "ann", "30"),
        ("1", "bob", "-20"),
        ("1", "cy", "-10"),
    ]
    balances = {r["player"]: (r["chips"], r["money"]) for r in rows if r["kind"] == "balance"}
    assert balances == {
        "ann": ("0", "0.00"),
        "bob": ("-20", "-5.00"),
        "cy": ("-30", "-7.50"),
        "dee": ("50", "12.50"),
    }
    transfers = [(r["player"], r["to"], r["chips"], r["money"]) for r in rows[-2:]]
    assert sorted(transfers) == [("bob", "dee", "20", "5.00"), ("cy", "dee", "30", "7.50")]
    plain = io.StringIO()
    book.write_csv(plain)
    assert plain.getvalue().splitlines()[0] == "kind,hand,player,to,chips"


def test_csv_cells_that_would_start_a_formula_are_written_as_text() -> None:
    """A name a spreadsheet would run as a formula (OWASP, CSV injection) is written with a
    leading apostrophe, in the player and the payee columns alike; other names as they are."""
    book = Ledger()
    names = ["=1+2", "+SUM(A1)", "-2+3", "@cmd", "\tTab", "\rCr", "ann"]
    for name in names:
        book.buy_in(name, 10)
    book.hand({"=1+2": 50, "+SUM(A1)": -10, "-2+3": -10, "@cmd": -10, "\tTab": -10, "\rCr": -10})
    out = io.StringIO()
    book.write_csv(out)
    rows = list(csv.DictReader(io.StringIO(out.getvalue(), newline="")))
    buyers = [r["player"] for r in rows if r["kind"] == "buy-in"]
    assert buyers == ["'=1+2", "'+SUM(A1)", "'-2+3", "'@cmd", "'\tTab", "' Cr", "ann"]
    assert len(out.getvalue().splitlines()) == len(rows) + 1  # a row is one line
    transfers = [(r["player"], r["to"], r["chips"]) for r in rows if r["kind"] == "transfer"]
    assert ("'+SUM(A1)", "'=1+2", "10") in transfers
    assert all(r["player"][0] not in "=+-@\t\r" for r in rows)
    assert all(r["to"][:1] not in ("=", "+", "-", "@", "\t", "\r") for r in rows)
    assert [r["chips"] for r in rows if r["kind"] == "balance" and r["player"] == "'-2+3"] == [
        "-10"
    ]


@pytest.mark.parametrize(
    ("chips", "value", "shown"),
    [
        (30, "0.25", "7.50"),  # 30 x 0.25 = 7.5, shown with cents
        (-29, "0.5", "-14.50"),
        (7, "1", "7.00"),
        (3, "0.001", "0.003"),  # a finer chip keeps its places
        (1000, "2.5", "2500.00"),
    ],
)
def test_money_is_exact_with_at_least_cents(chips: int, value: str, shown: str) -> None:
    assert str(money(chips, Decimal(value))) == shown


@pytest.mark.parametrize("text", ["0", "-1", "abc", "nan", "inf", ""])
def test_a_chip_value_must_be_a_positive_number(text: str) -> None:
    with pytest.raises(LedgerError, match="a chip's value is a positive number"):
        chip_value(text)


def test_the_ledger_command(tmp_path: Path) -> None:
    path = tmp_path / "evening.phhs"
    path.write_text(write_phhs(a_session()), encoding="utf-8")
    out_csv = tmp_path / "ledger.csv"
    code, out, err = run("ledger", str(path), "--csv", str(out_csv), "--chip-value", "0.25")
    assert (code, err) == (0, "")
    assert "Settle up: 2 transfers (the fewest possible)." in out
    assert "bob pays dee 20 chips (5.00)" in out
    assert "cy pays dee 30 chips (7.50)" in out
    assert f"CSV written to {out_csv}" in out
    assert out_csv.read_text(encoding="utf-8").startswith("kind,hand,player,to,chips,money\n")


def test_the_ledger_command_on_the_ten_handed_session() -> None:
    code, out, _ = run("ledger", str(DATA / "fairness" / "stud5buy-ten-handed.phhs"))
    assert code == 0
    assert "3 hands, 10 players" in out


def test_the_ledger_command_refuses_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "evening.phhs"
    path.write_text(write_phhs(a_session()), encoding="utf-8")
    code, _, err = run("ledger", str(path), "--chip-value", "free")
    assert code == 2
    assert "a chip's value is a positive number" in err
    bad = tmp_path / "bad.phhs"
    bad.write_text("[1]\nvariant = 3\n", encoding="utf-8")
    code, out, err = run("ledger", str(bad))
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1
    assert "field 'variant' has the wrong type" in err
    records = a_session()
    records[0] = stacks_record(["ann", "bob", "cy"], [100, 100, 100], [130, 80, 95], 1)
    bad.write_text(write_phhs(records), encoding="utf-8")
    code, _, err = run("ledger", str(bad))
    assert code == 1
    assert "hand 1: finishing_stacks hold +5 chips more" in err


def test_the_pages_example_runs_as_its_comments_say() -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "ledger.md").read_text("utf-8")
    (code,) = re.findall(r"```python\n(.*?)```", page, re.S)
    space: dict[str, object] = {}
    exec(code, space)
    book = space["book"]
    assert isinstance(book, Ledger)
    assert book.balances() == {"ann": 30, "bob": -30}
    assert [(t.payer, t.payee, t.chips) for t in book.settle().transfers] == [("bob", "ann", 30)]
    assert "{'ann': 30, 'bob': -30}" in code
    assert "Transfer(payer='bob', payee='ann', chips=30)" in code


def test_a_ledger_rebuilt_from_its_rows_is_the_same() -> None:
    for book in (evening(), from_records(a_session())):
        again = from_entries(book.entries)
        assert again.entries == book.entries
        assert (again.seated, again.balances(), again.hands) == (
            book.seated,
            book.balances(),
            book.hands,
        )
    with pytest.raises(LedgerError, match="'tip' is not a kind of ledger entry"):
        from_entries([Entry("tip", "ann", 5)])  # type: ignore[arg-type]
    # Rows are checked again: a cash-out nobody could make is refused.
    with pytest.raises(LedgerError, match="ann cashes out 150 chips but has 100"):
        from_entries([Entry("buy-in", "ann", 100), Entry("cash-out", "ann", 150)])


# --------------------------------------------------------------------------- bots: the house's


@pytest.mark.parametrize(
    ("hand", "people"),
    [
        # Dov (a bot) takes Finn's 55: nobody owes anybody
        ({"Finn": -55, "Dov (bot)": 55}, {"Finn": 0}),
        # the bot lost 10 of the 30 Ann won: Finn pays Ann only the 20 he lost
        ({"Ann": 30, "Finn": -20, "Dov (bot)": -10}, {"Ann": 20, "Finn": -20}),
        # bots lost 30 of the 60 won: the 30 Finn lost go 2:1 to Ann and Bob
        (
            {"Ann": 40, "Bob": 20, "Finn": -30, "Dov (bot)": -30},
            {"Ann": 20, "Bob": 10, "Finn": -30},
        ),
        # bots won 32 of the 40 lost: Ann's 8 come 3:1 from Finn and Gus
        ({"Finn": -30, "Gus": -10, "Ann": 8, "Dov (bot)": 32}, {"Finn": -6, "Gus": -2, "Ann": 8}),
        # 10 chips three ways: 4, 3, 3 (the odd chip to the first on a tie)
        (
            {"Ann": 10, "Bob": 10, "Cy": 10, "Finn": -10, "Dov (bot)": -20},
            {"Ann": 4, "Bob": 3, "Cy": 3, "Finn": -10},
        ),
        # two bots, one up and one down: the house is all of them together, even here
        ({"Ann": 5, "Finn": -5, "Dov (bot)": 7, "Esme (bot)": -7}, {"Ann": 5, "Finn": -5}),
        ({"Ann": 5, "Finn": -5}, {"Ann": 5, "Finn": -5}),  # no bot: the hand as it was
    ],
)
def test_a_hand_among_people_worked_by_hand(hand: dict[str, int], people: dict[str, int]) -> None:
    assert among_people(hand) == people
    assert sum(people.values()) == 0


def test_bots_chips_are_the_houses_and_the_settle_up_is_among_people() -> None:
    book = Ledger()
    for player in ("Ann", "Finn", "Dov (bot)"):
        book.buy_in(player, 100)
    book.hand({"Ann": 10, "Finn": -65, "Dov (bot)": 55}, 1)  # Finn pays Ann 10; Dov takes 55
    book.hand({"Ann": -20, "Finn": 30, "Dov (bot)": -10}, 2)  # Ann pays Finn 20; Dov pays 10
    book.cash_out("Dov (bot)")
    assert book.balances() == {"Ann": -10, "Finn": -35, "Dov (bot)": 45}
    settles = {s.player: s.settles for s in book.standings()}
    assert settles == {"Ann": -10, "Finn": 10, "Dov (bot)": None}
    assert book.house() == 45
    assert book.settle().transfers == (Transfer("Ann", "Finn", 10),)
    out = io.StringIO()
    book.write_csv(out)
    rows = [
        (r["kind"], r["player"], r["to"], r["chips"])
        for r in csv.DictReader(io.StringIO(out.getvalue()))
    ]
    assert ("settles", "Finn", "", "10") in rows
    assert ("house", "the house", "", "45") in rows
    assert [r for r in rows if r[0] == "transfer"] == [("transfer", "Ann", "Finn", "10")]
    again = from_entries(book.entries)  # as a server rebuilds it
    assert again.settle() == book.settle()


def test_a_second_bot_of_the_same_name_is_a_line_of_its_own() -> None:
    book = Ledger()
    book.buy_in("Dov (bot)", 100)
    book.cash_out("Dov (bot)")
    assert book.unused_name("Dov", mark=" (bot)") == "Dov (2)"
    assert book.unused_name("Dov") == "Dov"  # a person called Dov is not the bot
