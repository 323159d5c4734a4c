"""Replaying records through the engine: the WSOP hands reach their finishing stacks, partial
and showdown-less records settle as the spec says, refused actions name the action and rule."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from splitpot import bots, variants
from splitpot.actions import Action
from splitpot.engine import legal_actions
from splitpot.errors import RecordError
from splitpot.notation import HandRecord, load, parse_action, read_phh, write_phh
from splitpot.records import record_from_state, replay, replay_to_end, rules_for
from splitpot.sim import play_hand

DATA = Path(__file__).parent / "data" / "phh"  # 30 real WSOP hands: data/phh/README.md
WSOP = sorted(DATA.glob("*.phh"))


def wsop(name: str) -> HandRecord:
    (record,) = load(DATA / name)
    return record


@pytest.mark.parametrize("path", WSOP, ids=lambda p: p.name)
def test_wsop_hands_reach_their_finishing_stacks(path: Path) -> None:
    (record,) = load(path)
    state = replay_to_end(record)
    assert state.finished
    assert state.stacks == record.finishing_stacks
    assert state.pot == 0


def test_replay_yields_after_every_action() -> None:
    record = wsop("wsop-2023-43-10.phh")
    assert sum(1 for _ in replay(record)) == len(record.actions)


def test_a_partial_record_stands_where_it_stopped() -> None:
    # wsop-2023-43-10: five antes of 50,000, then p2 brings in for 50,000 and p3 is next.
    record = wsop("wsop-2023-43-10.phh")
    partial = dataclasses.replace(record, actions=record.actions[:6], finishing_stacks=None)
    state = replay_to_end(partial)
    assert not state.finished
    assert state.pot == 5 * 50_000 + 50_000
    assert state.stacks == (2_550_000, 11_150_000, 4_425_000, 6_625_000, 4_650_000)
    assert legal_actions(state).to_act == (2,)


def test_a_record_without_show_lines_is_settled_by_the_referee() -> None:
    record = wsop("wsop-2023-43-48.phh")
    assert [a.verb for a in record.actions[-2:]] == ["sm", "sm"]
    shorter = dataclasses.replace(record, actions=record.actions[:-2])
    state = replay_to_end(shorter)
    assert state.finished
    assert state.stacks == record.finishing_stacks


def test_a_refused_action_names_its_index_text_and_rule() -> None:
    record = wsop("wsop-2023-43-48.phh")
    actions = list(record.actions)
    assert actions[7] == parse_action("p5 cbr 250000")  # completing the 75,000 bring-in
    actions[7] = parse_action("p5 cbr 300000")  # a fixed-limit completion is to 250,000
    with pytest.raises(RecordError) as info:
        replay_to_end(dataclasses.replace(record, actions=tuple(actions)))
    message = str(info.value)
    assert message.startswith('action 8 "p5 cbr 300000": ')
    assert message.endswith(")")
    assert "\n" not in message


def test_an_action_out_of_turn_is_refused() -> None:
    record = wsop("wsop-2023-43-48.phh")
    actions = list(record.actions)
    actions[6] = parse_action("p5 f")  # p4 is to act after the bring-in
    with pytest.raises(RecordError, match=r'^action 7 "p5 f": .+\(.+\)$'):
        replay_to_end(dataclasses.replace(record, actions=tuple(actions)))


def test_house_rules_from_the_splitpot_table() -> None:
    record = wsop("wsop-2023-43-48.phh")
    loose = dataclasses.replace(record, house_rules={"qualifier": 0, "max_raises": "unlimited"})
    rules = rules_for(loose)
    assert rules.qualifier == 0
    assert rules.max_raises is None
    assert rules.bring_in == 75_000
    assert rules.big_bet == 500_000
    text = write_phh(loose)
    assert tomllib.loads(text)["_splitpot"] == {
        "version": 1,
        "qualifier": 0,
        "max_raises": "unlimited",
    }
    with pytest.raises(RecordError, match="'_splitpot'"):
        rules_for(dataclasses.replace(record, house_rules={"colour": "red"}))
    with pytest.raises(RecordError, match="'_splitpot'"):
        rules_for(dataclasses.replace(record, house_rules={"qualifier": 4}))


@pytest.mark.parametrize("game", ["stud8", "stud", "razz", "stud5", "stud5hilo"])
def test_played_hands_are_recorded_and_replay_to_the_same_stacks(game: str) -> None:
    rules = dataclasses.replace(variants.get(game), qualifier=0) if game == "stud8" else None
    rules = rules or variants.get(game)
    seated = [bots.get("random", seed=seat) for seat in range(4)]
    for seed in range(15):
        state = play_hand(rules, seated, [200] * 4, seed)
        record = record_from_state(state, players=["a", "b", "c", "d"])
        assert record.finishing_stacks == state.stacks
        assert record.seed == seed
        assert record.variant == rules.code
        again = read_phh(write_phh(record))
        assert again == record
        assert replay_to_end(again).stacks == state.stacks
        if game == "stud8":
            assert again.house_rules == {"qualifier": 0}


def test_record_of_a_running_hand_has_no_finishing_stacks() -> None:
    from splitpot.engine import new_hand

    state = new_hand(variants.get("stud8"), [100, 100, 100], seed=3)
    record = record_from_state(state, event="test")
    assert record.finishing_stacks is None
    assert record.fields == {"event": "test"}
    assert [a.verb for a in record.actions] == ["dh", "dh", "dh"]
    assert replay_to_end(record).log == state.log


def test_unknown_cards_wait_for_their_owner_at_the_showdown() -> None:
    record = wsop("wsop-2023-43-48.phh")
    hidden = tuple(
        Action("dh", a.seat, (None,) * len(a.cards)) if a.verb == "dh" and a.seat == 0 else a
        for a in record.actions[:-2]
    )
    state = replay_to_end(dataclasses.replace(record, actions=hidden))
    assert not state.finished
    assert legal_actions(state).to_act == (0, 4)  # p1's cards are unknown: nobody is shown
    assert state.pot == 4_825_000


TRIM = """variant = "F7S"
ante_trimming_status = {flag}
antes = [10, 10, 10]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [5, 100, 100]
actions = ["d dh p1 AcAdAh", "d dh p2 KcKdKh", "d dh p3 2c3d4h", "p3 pb", "p2 f",
  "d dh p1 2s", "d dh p3 3s", "d dh p1 5s", "d dh p3 6s", "d dh p1 7c", "d dh p3 8c",
  "d dh p1 9c", "d dh p3 Tc"]
"""


@pytest.mark.parametrize(
    ("flag", "stacks"),
    [
        # Antes are bets: p1 (all in for 5) is eligible for 3 x 5 = 15; p3's 2-chip bring-in
        # is uncalled and comes back; the other 2 x 5 are p3's alone. p1's trip aces win 15.
        ("true", (15, 90, 100)),
        # Antes are dead money: all 25 are in the main pot that p1 wins.
        ("false", (25, 90, 90)),
    ],
)
def test_ante_trimming_status_is_honoured(flag: str, stacks: tuple[int, ...]) -> None:
    state = replay_to_end(read_phh(TRIM.format(flag=flag)))
    assert state.finished
    assert state.stacks == stacks
