"""Robert's general rules on betting and raising in limit games (docs/games.md: betting in
limit games), worked by hand: the cap among players who are not all in, the half-bet rule
(house rule all_in_raise), short all-ins that add up to a full raise, and a bet or raise nobody
can match in full.

Most cases use a bare fixed-limit game — two cards down, one betting round at the big bet of 10
opened by p1 (the dealer's left), no antes — so that the stacks alone decide who is all in.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from play import is_legal, refused
from splitpot import variants
from splitpot.actions import Action
from splitpot.engine import State, apply, legal_actions, new_hand, outcome
from splitpot.errors import IllegalAction
from splitpot.notation import load, parse_action
from splitpot.records import house_rules, replay_to_end
from splitpot.rules import Betting, Deal, Rules, Showdown
from splitpot.state import Option

GOLDEN = Path(__file__).parent / "golden"

LIMIT = Rules(
    "bare-limit",
    "",
    (Deal("dd"), Betting("big", "dealer-left"), Showdown()),
    ante=0,
    bring_in=0,
    small_bet=5,
    big_bet=10,
)


def hand(stacks: list[int], *lines: str, rules: Rules = LIMIT, **house: object) -> State:
    """The bare game dealt (auto deal), then the betting ``lines`` applied."""
    state = new_hand(dataclasses.replace(rules, **house), stacks, seed=1)  # type: ignore[arg-type]
    for line in lines:
        apply(state, parse_action(line))
    return state


def cbr(state: State, seat: int) -> list[tuple[int | None, int | None, tuple[int, ...]]]:
    """The complete/bet/raise options of ``seat``: (min, max, choices) each."""
    return [
        (o.min_amount, o.max_amount, o.choices)
        for o in legal_actions(state).options[seat]
        if o.verb == "cbr"
    ]


# --- the cap counts players who are not all in (Robert's betting 3-4) ------------------------


def test_with_two_players_with_chips_the_round_is_uncapped() -> None:
    # p2 is all in for 7 (a call of less than the bet). p1 bets 10, p3 raises to 20, p1 to 30,
    # p3 to 40: the bet and three raises, but only p1 and p3 have chips left: no cap.
    state = hand([100, 7, 100], "p1 cbr 10", "p2 cc", "p3 cbr 20", "p1 cbr 30", "p3 cbr 40")
    assert state.stacks[1] == 0
    assert cbr(state, 0) == [(50, 50, ())]
    apply(state, parse_action("p1 cbr 50"))
    assert cbr(state, 2) == [(60, 60, ())]


def test_with_three_players_with_chips_the_cap_holds() -> None:
    # The same raises with p2 still holding chips (p2 calls 10 and 30): capped at 40.
    state = hand(
        [100, 100, 100], "p1 cbr 10", "p2 cc", "p3 cbr 20", "p1 cbr 30", "p2 cc", "p3 cbr 40"
    )
    assert cbr(state, 0) == []
    error = refused(state, "p1 cbr 50")
    assert (error.reason, error.rule) == ("raises_capped", "house rule max_raises")


def test_the_raise_that_reaches_the_cap_may_leave_two_players_with_chips() -> None:
    # p1 bets 10, p2 raises to 20, p3 raises all in to 30 (its whole stack), p1 raises to 40:
    # the fourth bet, with p1 and p2 the only players with chips: uncapped, p2 may make it 50.
    state = hand([100, 100, 30], "p1 cbr 10", "p2 cbr 20", "p3 cbr 30", "p1 cbr 40")
    assert state.stacks[2] == 0
    assert cbr(state, 1) == [(50, 50, ())]


def test_heads_up_uncapped_off_keeps_the_cap() -> None:
    state = hand(
        [100, 7, 100],
        *("p1 cbr 10", "p2 cc", "p3 cbr 20", "p1 cbr 30", "p3 cbr 40"),
        heads_up_uncapped=False,
    )
    assert cbr(state, 0) == []


# --- the half-bet rule (Robert's betting 6, house rule all_in_raise) ------------------------


def test_an_all_in_bet_of_half_a_bet_may_be_raised_a_full_bet_over_it() -> None:
    # p1 bets all in for 6 at a big bet of 10: 6 >= 5, so it is a full bet; p2 may call 6 or
    # raise to 6 + 10 = 16.
    state = hand([6, 100, 100], "p1 cbr 6")
    assert cbr(state, 1) == [(16, 16, ())]
    error = refused(state, "p2 cbr 10")
    assert error.reason == "wrong_amount"
    assert error.rule == "house rule betting, house rule all_in_raise"
    # Under all_in_raise = "full" the 6 is short of the bet: p2 completes it to 10.
    full = hand([6, 100, 100], "p1 cbr 6", all_in_raise="full")
    assert cbr(full, 1) == [(10, 10, ())]


def test_fifth_street_at_five_ten_an_all_in_of_six_may_be_raised_to_sixteen() -> None:
    # Stud hi-lo, antes 1, bring-in 2, 5/10. p1 (2c) brings in, p2 and p3 call: p1 has 9 - 3 = 6
    # behind. Fourth: p1's 2-A is high and checks, so do the others. Fifth (big bet 10): p1's
    # A-A pair bets all in for 6; p2 may raise to 16 (Robert's betting 6).
    lines = (
        *("d dh p1 KcKd2c", "d dh p2 QcQd5h", "d dh p3 JcJd6h", "p1 pb", "p2 cc", "p3 cc"),
        *("d dh p1 Ah", "d dh p2 7s", "d dh p3 8s", "p1 cc", "p2 cc", "p3 cc"),
        *("d dh p1 Ad", "d dh p2 9s", "d dh p3 Ts", "p1 cbr 6"),
    )
    state = new_hand(variants.get("stud8"), [9, 100, 100], auto_deal=False)
    for line in lines:
        apply(state, parse_action(line))
    assert state.stacks[0] == 0
    assert cbr(state, 1) == [(16, 16, ())]
    assert refused(state, "p2 cbr 10").rule == "Robert's 6, Robert's betting 6"


def test_less_than_half_does_not_reopen_for_players_who_acted() -> None:
    # p1 bets 10; p2 raises all in to 14 (4 more, less than half of 10): p3, yet to act, may
    # fold, call 14 or complete the raise to 20; p1 already acted: call 4 or fold.
    state = hand([100, 14, 100], "p1 cbr 10", "p2 cbr 14")
    assert cbr(state, 2) == [(20, 20, ())]
    apply(state, parse_action("p3 cc"))
    assert [o.verb for o in legal_actions(state).options[0]] == ["f", "cc"]
    error = refused(state, "p1 cbr 24")
    assert (error.reason, error.rule) == ("not_reopened", "house rule all_in_raise")


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_for_those_raised_that_much() -> None:
    # p1 bets 10; p2 all in to 14 (+4); p3 calls 14; p4 all in to 18 (+4); p5 all in to 20 (+2).
    # Each is short of half a bet, but together they raise p1's 10 by a full bet (to 20).
    state = hand(
        [100, 14, 100, 18, 20, 100],
        *("p1 cbr 10", "p2 cbr 14", "p3 cc", "p4 cbr 18", "p5 cbr 20"),
    )
    # p6 has not acted: a raise is a full bet over 20.
    assert cbr(state, 5) == [(30, 30, ())]
    apply(state, parse_action("p6 cc"))
    # p1 acted on 10 and faces 10 more: reopened.
    assert cbr(state, 0) == [(30, 30, ())]
    apply(state, parse_action("p1 cc"))
    # p3 acted on p2's 14 and faces 6 more: not reopened.
    assert cbr(state, 2) == []
    assert refused(state, "p3 cbr 30").reason == "not_reopened"


def test_a_completion_over_a_short_all_in_reopens_only_for_those_it_raises_a_full_bet() -> None:
    # p1 bets 10; p2 all in to 14 (short); p3 calls 14; p4 completes the raise to 20. p1 faces
    # 10 more than its bet: it may raise to 30. p3 called 14 and faces 6: it may only call.
    state = hand([100, 14, 100, 100], "p1 cbr 10", "p2 cbr 14", "p3 cc", "p4 cbr 20")
    assert cbr(state, 0) == [(30, 30, ())]
    apply(state, parse_action("p1 cc"))
    assert cbr(state, 2) == []


def test_a_short_all_in_is_not_one_of_the_raises_of_the_cap() -> None:
    # p1 10, p2 all in to 14 (short, not a raise), p3 completes to 20, p1 30, p3 40: the bet and
    # three raises (10, 20, 30, 40) with p1, p3 and p4 holding chips: capped.
    state = hand(
        [100, 14, 100, 100],
        *("p1 cbr 10", "p2 cbr 14", "p3 cbr 20", "p4 cc", "p1 cbr 30", "p3 cbr 40", "p4 cc"),
    )
    assert cbr(state, 0) == []


def test_spread_limit_half_of_the_smallest_legal_raise() -> None:
    # Spread 5 to 10. p1 bets 8, so the smallest raise is 8. p2 raises all in to 12 (4 more,
    # half of 8): a full raise under "half"; p3 may raise by 8 to 10 more: 20 to 22.
    rules = dataclasses.replace(LIMIT, betting="spread")
    state = hand([100, 12, 100], "p1 cbr 8", "p2 cbr 12", rules=rules)
    assert cbr(state, 2) == [(20, 22, ())]
    apply(state, parse_action("p3 cc"))
    assert cbr(state, 0) == [(20, 22, ())]  # reopened for p1
    # Under "full" the 12 is short of 16: p3 completes (8 + 8 = 16) or raises up to 12 + 10.
    full = hand([100, 12, 100], "p1 cbr 8", "p2 cbr 12", rules=rules, all_in_raise="full")
    assert cbr(full, 2) == [(16, 22, ())]
    apply(full, parse_action("p3 cc"))
    assert cbr(full, 0) == []


# --- a bet or raise nobody can match in full -------------------------------------------------


def test_a_raise_may_stop_where_the_last_opponent_is_all_in() -> None:
    # Bet 600 at a big bet of 600 (full raise: to 1,200). p1 has 750 in all: p2 may raise to
    # anything from 750 (p1 all in) to 1,200; the part p1 cannot call comes back.
    rules = dataclasses.replace(LIMIT, small_bet=300, big_bet=600)
    state = hand([750, 5000], "p1 cbr 600", rules=rules)
    assert cbr(state, 1) == [(750, 1200, ())]
    error = refused(state, "p2 cbr 700")
    assert error.reason == "wrong_amount"
    assert "750 to 1200" in error.message
    short, full = state.copy(), state.copy()
    apply(short, Action("cbr", 1, amount=750))
    apply(full, Action("cbr", 1, amount=1200))
    for table in (short, full):
        assert [o.verb for o in legal_actions(table).options[0]] == ["f", "cc"]
        apply(table, Action("cc", 0))
        assert table.finished
    # Either way p1 puts in 750 and p2 750: the pot is 1,500 and p2's extra 450 came back.
    assert outcome(short).net == outcome(full).net
    assert sorted(outcome(short).net) == [-750, 750]


def test_a_bet_nobody_can_call_in_full_is_taken_from_the_last_stack_up() -> None:
    # p2 has 4 in all: p1 may bet 4 to 10; a bet of 3 is refused (p2 could call it and play on
    # nothing, but 3 is no legal bet: the smallest is what puts p2 all in).
    state = hand([100, 4])
    assert cbr(state, 0) == [(4, 10, ())]
    assert refused(state, "p1 cbr 3").reason == "wrong_amount"


def test_with_an_open_pair_both_bets_are_offered_from_the_last_stack() -> None:
    # Up cards: p1 7c7d (an open pair: the small bet 5 or the big bet 10); p2 has 7 in all.
    # The small bet is a bet p2 can call; the big one is taken from 7 (p2 all in) up to 10.
    rules = Rules(
        "open-pair",
        "",
        (Deal("uu"), Betting("small", "dealer-left", open_pair=True), Showdown()),
        ante=0,
        bring_in=0,
    )
    state = new_hand(rules, [100, 7], deck="7c7d2s3h", auto_deal=True)
    options = [o for o in legal_actions(state).options[0] if o.verb == "cbr"]
    assert options == [Option("cbr", 5, 5), Option("cbr", 7, 10)]
    assert refused(state, "p1 cbr 6").reason == "wrong_amount"


def test_a_record_raising_to_the_last_opponents_stack_replays() -> None:
    # tests/golden/stud-raise-to-all-in.phh: "p2 cbr 750" over a 600 bet (the full raise: 1,200).
    (record,) = load(GOLDEN / "stud-raise-to-all-in.phh")
    assert replay_to_end(record).stacks == record.finishing_stacks
    short, full = parse_action("p2 cbr 750"), parse_action("p2 cbr 1200")
    assert short in record.actions
    actions = tuple(full if a == short else a for a in record.actions)  # the same action
    assert replay_to_end(dataclasses.replace(record, actions=actions)).stacks == (1900, 9050)


@pytest.mark.parametrize("rule", ["half", "full"])
def test_all_in_raise_is_a_house_rule_of_records(rule: str) -> None:
    rules = dataclasses.replace(variants.get("stud8"), all_in_raise=rule)
    assert house_rules(rules) == ({} if rule == "half" else {"all_in_raise": "full"})


@pytest.mark.parametrize("game", ["stud8", "stud", "razz", "stud5hilo", "auction", "nasdaq"])
@pytest.mark.parametrize("rule", ["half", "full"])
def test_the_options_say_exactly_which_amounts_are_taken(game: str, rule: str) -> None:
    # At every betting decision of random hands from short stacks, every amount from 0 to one
    # past the seat's all-in is tried on a copy: the engine takes exactly those the options
    # admit (docs/games.md: the legal options are the rules, stated).
    rules = dataclasses.replace(variants.get(game), all_in_raise=rule)
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = new_hand(rules, [rng.randint(4, 40) for _ in range(4)], seed=seed)
        while not state.finished:
            legal = legal_actions(state)
            seat = legal.to_act[0]
            options = legal.options[seat]
            if state.step.kind == "betting":
                top = state.stacks[seat] + state.bets[seat] + 1
                for amount in range(top + 1):
                    twin = state.copy()
                    try:
                        apply(twin, Action("cbr", seat, amount=amount))
                        taken = True
                    except IllegalAction:
                        taken = False
                    assert taken == is_legal(state, Action("cbr", seat, amount=amount)), amount
                checked += 1
            option = rng.choice(options)
            amount = rng.choice(option.choices) if option.choices else option.max_amount
            if option.verb in ("bid", "sell"):  # the least: chips are for the betting
                amount = option.min_amount
            apply(
                state,
                Action(
                    option.verb,
                    seat,
                    option.cards[:1],
                    amount if option.verb in ("cbr", "bid", "sell") else None,
                    option.declarations[0] if option.declarations else None,
                ),
            )
    assert checked >= 10  # betting decisions tried amount by amount
