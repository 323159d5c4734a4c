"""Every real WSOP hand in tests/data/phh replays to its finishing_stacks (hand-history.md).

The records are read with tomllib and their actions translated minimally here; the notation
module's parser will take this over.
"""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from splitpot import variants
from splitpot.actions import Action
from splitpot.cards import Card, parse_card
from splitpot.engine import State, apply, deal_next, legal_actions, new_hand, outcome

DATA = Path(__file__).parent / "data" / "phh"  # 30 real WSOP hands: data/phh/README.md
RECORDS = sorted(DATA.glob("*.phh"))
GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.phh"))


def cards_of(text: str) -> tuple[Card | None, ...]:
    """'AhKd??' -> (Ah, Kd, None)."""
    return tuple(
        None if text[i : i + 2] == "??" else parse_card(text[i : i + 2])
        for i in range(0, len(text), 2)
    )


def action_of(line: str) -> Action:
    """One PHH action line as an Action (seats 0-based)."""
    words = line.split("#")[0].split()
    if words[0] == "d":
        if words[1] in ("db", "dl"):  # dl: an auction's cards (OPR-657 3.1)
            return Action(words[1], None, cards_of(words[2]))
        return Action("dh", int(words[2][1:]) - 1, cards_of(words[3]))
    seat, verb = int(words[0][1:]) - 1, words[1]
    if verb in ("cbr", "bid"):
        return Action(verb, seat, amount=int(words[2]))
    if verb in ("pick", "buy", "up"):  # one card (up: NASDAQ ¶23)
        return Action(verb, seat, cards_of(words[2]))
    if verb in ("sm", "sd"):  # cards shown, or discarded (none: muck, stand pat)
        return Action(verb, seat, cards_of(words[2]) if len(words) > 2 else ())
    if verb == "sell":  # a card and maybe its asking price (NASDAQ ¶8)
        price = int(words[3]) if len(words) > 3 else None
        return Action("sell", seat, cards_of(words[2]), price)
    if verb == "dec":
        return Action("dec", seat, declaration=words[2])  # type: ignore[arg-type]
    return Action(verb, seat)


def replay(record: dict[str, object]) -> State:
    """Build the hand from a PHH table and apply every action, then let the referee finish."""
    rules = dataclasses.replace(
        variants.get(str(record["variant"])),
        ante=0,
        bring_in=int(record.get("bring_in", 0)),  # type: ignore[call-overload]
        small_bet=int(record["small_bet"]),  # type: ignore[call-overload]
        big_bet=int(record["big_bet"]),  # type: ignore[call-overload]
        **{  # house rules (the table's version is not one)
            k: v
            for k, v in record.get("_splitpot", {}).items()  # type: ignore[attr-defined]
            if k != "version"
        },
    )
    state = new_hand(
        rules,
        list(record["starting_stacks"]),  # type: ignore[call-overload]
        antes=list(record["antes"]),  # type: ignore[call-overload]
        auto_deal=False,
        ante_trimming=bool(record.get("ante_trimming_status", False)),
    )
    for line in record["actions"]:  # type: ignore[attr-defined]
        apply(state, action_of(line))
    while not state.finished:
        assert legal_actions(state).dealer, "the record stops while a player must act"
        deal_next(state)
    return state


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record_reaches_finishing_stacks(path: Path) -> None:
    record = tomllib.loads(path.read_text())
    state = replay(record)
    assert list(state.stacks) == record["finishing_stacks"]
    result = outcome(state)
    assert sum(result.net) == 0  # chips are conserved
    assert all(award.reason for award in result.awards)


def test_every_stud_hand_of_the_event_is_here() -> None:
    # The data set's 83 televised hands of that final table, numbered 1-85, are dealt in the
    # event's rotation; its stud, razz and stud hi-lo hands are these 30 (data/phh/README.md).
    stud = [*range(5, 12), 69, *range(71, 76)]
    razz = [*range(20, 27), 83, 84, 85]
    stud8 = [*range(48, 55)]
    expected = {f"wsop-2023-43-{n}" for n in stud + razz + stud8}
    assert {p.stem for p in RECORDS} == expected
    codes = {p.stem: tomllib.loads(p.read_text())["variant"] for p in RECORDS}
    assert sorted(codes.values()).count("F7S") == len(stud)
    assert sorted(codes.values()).count("FR") == len(razz)
    assert sorted(codes.values()).count("F7S/8") == len(stud8)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_hand_reaches_hand_worked_stacks(path: Path) -> None:
    """tests/golden: hands worked out by hand from the rules (arithmetic in each file)."""
    record = tomllib.loads(path.read_text())
    state = replay(record)
    assert list(state.stacks) == record["finishing_stacks"]
    assert sum(outcome(state).net) == 0
