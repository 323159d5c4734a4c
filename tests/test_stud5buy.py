"""Five Card Stud High-Low with a Buy (OPR-207, docs/games.md ``stud5buy``): the game's shape and
defaults, the rule book's two examples as complete hands (tests/golden), the command line, and
random play under every combination of its house rules.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splitpot import variants
from splitpot.actions import Action
from splitpot.cli import main
from splitpot.engine import apply, deal_next, legal_actions, new_hand, outcome
from splitpot.errors import IllegalAction
from splitpot.notation import load
from splitpot.records import record_from_state, replay_to_end
from splitpot.rules import Betting
from splitpot.views import public_view, view

GOLDEN = Path(__file__).parent / "golden"


def test_the_game_and_its_defaults() -> None:
    rules = variants.get("F5SB")
    assert rules is variants.get("stud5buy")
    assert (rules.min_players, rules.max_players) == (2, 10)
    assert (rules.low, rules.qualifier, rules.high) == ("a5", 0, True)  # OPR-207 1.2
    assert (rules.showdown, rules.declare_both) == ("declare", False)  # 1.4, 4.2
    assert rules.declare_order == "simultaneous"
    assert rules.both_must == "win-or-tie"
    assert rules.prices == (rules.big_bet,)  # 3.2: a common price is one big bet
    assert (rules.buy_first, rules.bet_before_buy) == ("dealer-left", False)
    kinds = [s.kind for s in rules.steps]
    # 2.2: deal, betting, upcard, betting, upcard, betting, upcard, buy, final betting, declare
    assert kinds == [
        "deal", "betting", "deal", "betting", "deal", "betting", "deal",
        "buy", "betting", "declare", "showdown",
    ]  # fmt: skip
    bets = [s.bet for s in rules.steps if isinstance(s, Betting)]
    assert bets == ["small", "small", "big", "big"]  # docs/games.md: limits
    assert next(s.bring_in for s in rules.steps if isinstance(s, Betting))


def test_cards_speak_is_still_allowed() -> None:
    rules = dataclasses.replace(variants.get("stud5buy"), showdown="cards")  # OPR-207 4.4
    assert "declare" not in [s.kind for s in rules.steps]
    state = new_hand(rules, [100, 100], seed=3)
    while not state.finished:
        legal = legal_actions(state)
        seat = legal.to_act[0]
        verbs = [o.verb for o in legal.options[seat]]
        apply(state, Action("pb" if "pb" in verbs else ("sd" if "sd" in verbs else "cc"), seat))
    assert not any(a.verb == "dec" for a in state.log)
    assert sum(outcome(state).net) == 0


@pytest.mark.parametrize(
    ("name", "reasons"),
    [
        (
            "stud5buy-article3-buy-for-low.phh",
            [
                "declared high; wins the high half of the main pot with two pair, queens and "
                "sevens; the odd chip of the split to the high half (OPR-207 4.3)",
                "declared low; wins the low half of the main pot with nine-low 9-6-5-4-3",
            ],
        ),
        (
            "stud5buy-article4-buy-wins-high.phh",
            [
                "declared high; wins the high half of the main pot with full house, eights "
                "full of jacks; the odd chip of the split to the high half (OPR-207 4.3)",
                "declared low; wins the low half of the main pot with seven-low 7-6-5-4-3",
            ],
        ),
    ],
)
def test_the_rule_books_examples_as_complete_hands(name: str, reasons: list[str]) -> None:
    (record,) = load(GOLDEN / name)
    state = replay_to_end(record)
    assert state.finished
    assert state.stacks == record.finishing_stacks
    assert [a.reason for a in state.awards] == reasons
    # the record the engine writes replays to the same table
    assert replay_to_end(record_from_state(state)).stacks == state.stacks


def test_simulate_and_replay_from_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "hands.phhs"
    args = ["simulate", "--game", "stud5buy", "--players", "10", "--hands", "30"]
    result = runner.invoke(main, [*args, "--bots", "random", "--record", str(out), "--json"])
    assert result.exit_code == 0, result.output
    assert sum(json.loads(result.stdout)["net"]) == 0
    assert "buy" in out.read_text()
    replayed = runner.invoke(main, ["replay", "--check", "--json", str(out)])
    assert replayed.exit_code == 0, replayed.output
    lines = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert len(lines) == 30
    assert all(line["finished"] for line in lines)


def test_an_illegal_buy_in_a_record_stops_the_replay_with_the_rule(tmp_path: Path) -> None:
    text = (GOLDEN / "stud5buy-article3-buy-for-low.phh").read_text()
    bad = tmp_path / "bad.phh"
    bad.write_text(text.replace("'p1 buy Kh'", "'p1 buy Qc'"))
    result = CliRunner().invoke(main, ["replay", str(bad)])
    assert result.exit_code == 1
    assert "p1 buy Qc" in result.stderr
    assert "does not hold Qc" in result.stderr
    assert "OPR-207 3.2" in result.stderr


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.data(),
    st.integers(2, 10),
    st.sampled_from([None, (10,), (5, 10), (10, 25)]),
    st.sampled_from(["dealer-left", "high-board", "low-board"]),
    st.booleans(),
    st.sampled_from(["simultaneous", "in-turn"]),
    st.booleans(),
    st.sampled_from(["win-or-tie", "win-outright"]),
    st.booleans(),
)
def test_random_play_under_every_house_rule(
    data: st.DataObject,
    n: int,
    prices: tuple[int, ...] | None,
    first: str,
    bet_first: bool,
    order: str,
    both: bool,
    must: str,
    auto: bool,
) -> None:
    rules = dataclasses.replace(
        variants.get("stud5buy"),
        buy_prices=prices,
        buy_first=first,
        bet_before_buy=bet_first,
        declare_order=order,
        declare_both=both,
        both_must=must,
    )
    stacks = data.draw(st.lists(st.integers(1, 120), min_size=n, max_size=n))
    state = new_hand(rules, stacks, seed=data.draw(st.integers(0, 2**32)), auto_deal=auto)
    total = sum(stacks)
    while not state.finished:
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
            continue
        seat = data.draw(st.sampled_from(legal.to_act))
        option = data.draw(st.sampled_from(legal.options[seat]))
        if data.draw(st.integers(0, 4)) == 0:  # an illegal try first: refused, nothing changes
            before = state.snapshot()
            held = {c for c in state.hands[seat] if c is not None}
            stranger = next(c for c in range(52) if c not in held)
            other = (seat + 1) % state.n
            tries = [Action("buy", seat, (stranger,)), Action("buy", other, (stranger,))]
            if not both:
                tries.append(Action("dec", seat, declaration="both"))
            for bad in tries:
                with pytest.raises(IllegalAction):
                    apply(state, bad)
                assert state.snapshot() == before
        if option.verb == "cbr":
            assert option.min_amount is not None
            assert option.max_amount is not None
            choices = option.choices or range(option.min_amount, option.max_amount + 1)
            action = Action("cbr", seat, amount=data.draw(st.sampled_from(list(choices))))
        elif option.declarations:
            way = data.draw(st.sampled_from(option.declarations))
            action = Action("dec", seat, declaration=way)
        elif option.cards:
            action = Action(option.verb, seat, (data.draw(st.sampled_from(option.cards)),))
        else:
            action = Action(option.verb, seat)
        apply(state, action)
        assert sum(state.stacks) + state.pot == total
        held = [c for h in state.hands for c in h if c is not None]
        assert len(held) == len(set(held))
    assert sum(outcome(state).net) == 0
    assert sum(a.amount for a in state.awards) == sum(state.paid) + state.dead
    assert replay_to_end(record_from_state(state)).stacks == state.stacks


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(2, 10), st.booleans())
def test_views_never_show_another_seats_down_cards_or_sealed_declarations(
    data: st.DataObject, n: int, two_rounds: bool
) -> None:
    # Bought hole cards and their face-down replacements stay hidden (OPR-207 3.3, Article 6:
    # "a bought hole card stays hidden"); simultaneous declarations stay sealed until all are in.
    rules = dataclasses.replace(
        variants.get("stud5buy"), buy_prices=(10, 20) if two_rounds else None
    )
    state = new_hand(rules, [200] * n, seed=data.draw(st.integers(0, 2**32)))
    gone: list[set[int]] = [set() for _ in range(n)]  # hole cards bought away, per seat
    while not state.finished:
        for reader in range(n):
            seen = view(state, reader)
            visible = {c for s in seen.seats for c in (*s.down, *s.up) if c is not None}
            visible |= {c for a in seen.log for c in a.cards if c is not None}
            # a card once public (an upcard bought away, reshuffled, dealt again) is no secret
            ever = {c for a in public_view(state).log for c in a.cards if c is not None}
            for other in range(n):
                if other == reader:
                    continue
                down = {c for c in state.down_cards(other) if c is not None}
                assert not visible & (down - ever)
                # a hole card bought away stays hidden while nobody holds it again
                unheld = {c for c in gone[other] if c in state.discards or c in state.stub}
                assert not visible & (unheld - ever)
                if state.step.kind == "declare":
                    assert seen.seats[other].declaration is None
        legal = legal_actions(state)
        seat = data.draw(st.sampled_from(legal.to_act))
        option = data.draw(st.sampled_from(legal.options[seat]))
        if option.cards:
            card = data.draw(st.sampled_from(option.cards))
            if card in state.down_cards(seat):
                gone[seat].add(card)
            apply(state, Action("buy", seat, (card,)))
        elif option.declarations:
            apply(state, Action("dec", seat, declaration=option.declarations[0]))
        elif option.verb == "cbr":
            assert option.min_amount is not None
            apply(state, Action("cbr", seat, amount=option.min_amount))
        else:
            apply(state, Action(option.verb, seat))
