"""Declarations: the Declare step, its refusals, secrecy in views, and the showdown by declaration
(docs/games.md: declare_order, declare_both, both_must, a half nobody can take; OPR-207 4.2-4.3).

Stakes unless said: ante 1, bring-in 2, small bet 5, big bet 10 (the registry's defaults).
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splitpot import variants
from splitpot.engine import State, apply, deal_next, legal_actions, new_hand, outcome
from splitpot.errors import IllegalAction, RulesError
from splitpot.notation import parse_action
from splitpot.phases.showdown import contenders
from splitpot.records import record_from_state, replay_to_end
from splitpot.rules import Declare, Showdown
from splitpot.state import Forfeit
from splitpot.views import public_view, view


def hand(game: str, stacks: list[int], *lines: str, **house: object) -> State:
    """A hand at ``game`` with house rules, dealt and played from record lines."""
    rules = dataclasses.replace(variants.get(game), **house)
    state = new_hand(rules, stacks, auto_deal=False)
    for line in lines:
        apply(state, parse_action(line))
    return state


def finish(state: State) -> State:
    while not state.finished:
        deal_next(state)
    return state


def refused(state: State, line: str) -> IllegalAction:
    before = state.snapshot()
    with pytest.raises(IllegalAction) as caught:
        apply(state, parse_action(line))
    assert state.snapshot() == before  # a refusal changes nothing
    return caught.value


# A heads-up stud5buy hand up to the declaration: p1 3c4d5h7s6c (a seven-low, and a straight),
# p2 JcJs8d8h2c (two pair). Up cards 4d and Js: p1's 4d brings in, p2 calls; then checks.
TO_DECLARE = (
    "d dh p1 3c4d", "d dh p2 JcJs", "p1 pb", "p2 cc",
    "d dh p1 5h", "d dh p2 8d", "p2 cc", "p1 cc",
    "d dh p1 7s", "d dh p2 8h", "p2 cc", "p1 cc",
    "d dh p1 6c", "d dh p2 2c", "p1 sd", "p2 sd", "p2 cc", "p1 cc",
)  # fmt: skip


# --- the step and its house rules ------------------------------------------------------------


def test_any_game_may_declare_through_its_house_rules() -> None:
    stud8 = variants.get("stud8")
    declared = dataclasses.replace(stud8, showdown="declare")
    kinds = [s.kind for s in declared.steps]
    assert kinds[-2:] == ["declare", "showdown"]
    assert kinds.count("declare") == 1
    # back to cards speak: the step goes again, and the game is stud8 again
    assert dataclasses.replace(declared, showdown="cards") == stud8
    # a game that lists the step itself is the same game
    listed = dataclasses.replace(stud8, steps=(*stud8.steps[:-1], Declare(), Showdown()))
    assert dataclasses.replace(listed, showdown="declare") == declared


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("declare_order", "clockwise", "declare_order"),
        ("both_must", "win", "both_must"),
        ("declare_both", "yes", "declare_both"),
        ("showdown", "chips", "showdown"),
    ],
)
def test_bad_declaration_house_rules_are_named(option: str, value: object, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        dataclasses.replace(variants.get("stud5buy"), **{option: value})


def test_a_game_without_two_halves_cannot_declare() -> None:
    with pytest.raises(RulesError, match="high-low"):
        dataclasses.replace(variants.get("stud"), showdown="declare")


# --- in turn ---------------------------------------------------------------------------------


def test_in_turn_from_the_dealers_left_each_seen_at_once() -> None:
    state = hand("stud5buy", [100, 100], *TO_DECLARE, declare_order="in-turn")
    legal = legal_actions(state)
    assert legal.to_act == (0,)  # p1: first live seat left of the dealer (docs/games.md)
    assert legal.options[0][0].declarations == ("hi", "lo")  # declare_both = false (OPR-207 4.2)
    wrong = refused(state, "p2 dec hi")
    assert wrong.reason == "not_your_turn"
    assert "p1's turn" in wrong.message
    apply(state, parse_action("p1 dec lo"))
    # in turn, a declaration is public at once
    assert view(state, 1).seats[0].declaration == "lo"
    assert public_view(state).log[-1].declaration == "lo"
    assert refused(state, "p1 dec hi").reason == "declared_twice"


def test_declaring_both_where_not_allowed_is_refused_with_the_rule() -> None:
    state = hand("stud5buy", [100, 100], *TO_DECLARE)
    error = refused(state, "p1 dec both")
    assert error.reason == "both_not_allowed"
    assert "OPR-207 4.2" in error.rule


def test_a_folded_player_cannot_declare_and_others_cannot_bet_now() -> None:
    lines = list(TO_DECLARE)
    state = hand("stud5buy", [100, 100, 100], *lines[:2], "d dh p3 KcKd", *lines[2:4], "p3 f")
    # p3 folded on the first round; play on to the declaration
    for line in lines[4:]:
        apply(state, parse_action(line))
    assert refused(state, "p3 dec hi").reason == "not_live"
    assert refused(state, "p1 cc").reason == "declare_now"


# --- simultaneous: secrecy -------------------------------------------------------------------


def test_a_simultaneous_declaration_stays_secret_until_all_are_in() -> None:
    state = hand("stud5buy", [100, 100, 100], *TO_DECLARE[:2], "d dh p3 KcKd")
    for line in (*TO_DECLARE[2:4], "p3 cc"):
        apply(state, parse_action(line))
    for line in (
        "d dh p1 5h", "d dh p2 8d", "d dh p3 Ks", "p3 cc", "p1 cc", "p2 cc",
        "d dh p1 7s", "d dh p2 8h", "d dh p3 Qd", "p3 cc", "p1 cc", "p2 cc",
        "d dh p1 6c", "d dh p2 2c", "d dh p3 9h", "p1 sd", "p2 sd", "p3 sd",
        "p3 cc", "p1 cc", "p2 cc",
    ):  # fmt: skip
        apply(state, parse_action(line))
    assert legal_actions(state).to_act == (0, 1, 2)  # everyone at once, in any order
    apply(state, parse_action("p2 dec lo"))
    for reader in (0, 2):
        seen = view(state, reader)
        assert seen.seats[1].declared
        assert seen.seats[1].declaration is None
        assert seen.log[-1].verb == "dec"
        assert seen.log[-1].declaration is None
    spectator = public_view(state)
    assert spectator.seats[1].declared
    assert spectator.seats[1].declaration is None
    assert view(state, 1).seats[1].declaration == "lo"  # one's own, at once
    assert view(state, 1).log[-1].declaration == "lo"
    apply(state, parse_action("p1 dec lo"))
    assert view(state, 2).seats[0].declaration is None
    assert view(state, 2).seats[1].declaration is None
    assert not view(state, 2).seats[2].declared
    apply(state, parse_action("p3 dec hi"))  # the last one: all are revealed together
    seen = view(state, 2)
    assert [s.declaration for s in seen.seats] == ["lo", "lo", "hi"]
    assert [a.declaration for a in public_view(state).log if a.verb == "dec"] == ["lo", "lo", "hi"]


# --- the showdown by declaration -------------------------------------------------------------


def test_a_declaration_decides_which_half_a_hand_contests() -> None:
    # p1's 7-6-5-4-3 is also a straight, which beats p2's two pair for high; declaring low it
    # takes only the low half. Pot 2 antes + 2 x 2 = 6: high 3, low 3.
    state = finish(hand("stud5buy", [100, 100], *TO_DECLARE, "p1 dec lo", "p2 dec hi"))
    awards = [(a.seat, a.amount, a.half) for a in state.awards]
    assert awards == [(1, 3, "high"), (0, 3, "low")]
    assert state.awards[1].reason.startswith("declared low; wins the low half")


def test_nobody_declares_low_so_the_high_declarers_take_the_whole_pot() -> None:
    # Both declare high: p1's straight 7-high beats p2's jacks and eights, the whole pot of 6.
    state = finish(hand("stud5buy", [100, 100], *TO_DECLARE, "p1 dec hi", "p2 dec hi"))
    assert [(a.seat, a.amount, a.half) for a in state.awards] == [(0, 6, "all")]
    assert "nobody can take the other half" in state.awards[0].reason


def test_every_live_player_declares_both_and_fails() -> None:
    # docs/games.md "a half nobody can take": p1 (three kings) wins high, p2 (7-5-4-3-2) wins
    # low; each declared both and failed the other half, so nobody can take either half and
    # the pot is split among the live players, odd chip by rule 2 (highest card by suit).
    # Up cards Kd, 3d, Th: p2's 3d brings in 2, p3 folds, p1 calls; checks to the end.
    # Pot = 3 antes + 2 + 2 = 7 = 4 + 3; p1's Ac outranks p2's 7c: p1 4, p2 3.
    # p1: 100 - 3 + 4 = 101; p2: 100 - 3 + 3 = 100; p3: 100 - 1 = 99.
    lines = (
        "d dh p1 AcKd", "d dh p2 2c3d", "d dh p3 JdTh", "p2 pb", "p3 f", "p1 cc",
        "d dh p1 Ks", "d dh p2 4h", "p1 cc", "p2 cc",
        "d dh p1 Kh", "d dh p2 5s", "p1 cc", "p2 cc",
        "d dh p1 Qc", "d dh p2 7c", "p1 sd", "p2 sd", "p1 cc", "p2 cc",
        "p1 dec both", "p2 dec both",
    )  # fmt: skip
    state = finish(hand("stud5buy", [100, 100, 100], *lines, declare_both=True))
    assert state.stacks == (101, 100, 99)
    assert [(a.seat, a.amount) for a in state.awards] == [(0, 4), (1, 3)]
    assert all("nobody can take either half" in a.reason for a in state.awards)
    must = "forfeits the main pot, as a declarer of both must win or tie both ways"
    rule = "(house rule both_must)"
    assert outcome(state).forfeits == (
        Forfeit(0, f"declared both ways and lost the low to p2: {must} {rule}", (1,)),
        Forfeit(1, f"declared both ways and lost the high to p1: {must} {rule}", (0,)),
    )


def test_a_both_declarer_who_loses_the_low_is_told_why_it_takes_nothing() -> None:
    # TO_DECLARE: p2 (jacks and eights, no low) declares both, p1 (7-6-5-4-3) low: p2 wins the
    # high but loses the low to p1, so forfeits the pot, which p1 takes whole.
    state = finish(
        hand("stud5buy", [100, 100], *TO_DECLARE, "p1 dec lo", "p2 dec both", declare_both=True)
    )
    assert [(a.seat, a.amount) for a in state.awards] == [(0, 6)]
    (forfeit,) = outcome(state).forfeits
    assert forfeit == Forfeit(
        1,
        "declared both ways and lost the low to p1: forfeits the main pot, as a declarer of "
        "both must win or tie both ways (house rule both_must)",
        (0,),
    )
    assert view(state, 1).forfeits == (forfeit,)  # every reader sees why
    assert public_view(state).forfeits == (forfeit,)
    outright = finish(
        hand(
            "stud5buy", [100, 100], *TO_DECLARE, "p1 dec lo", "p2 dec both",
            declare_both=True, both_must="win-outright",
        )
    )  # fmt: skip
    assert (
        outcome(outright)
        .forfeits[0]
        .reason.endswith("must win both ways outright (house rule both_must)")
    )


def test_the_rule_a_forfeit_cites_is_the_games_book() -> None:
    auction = variants.get("auction")
    assert auction.cite("both_must") == "OPR-657 4.3"
    strict = dataclasses.replace(auction, both_must="win-outright")
    assert strict.cite("both_must") == "OPR-657 4.3, house rule both_must"
    assert variants.get("stud5buy").cite("both_must") == "house rule both_must"


def test_a_low_declarer_all_in_wins_only_the_main_pot() -> None:
    # p1 (14 chips) goes all in on the third round and declares low with 7-6-4-3-2; p3 declares
    # low with 8-7-6-5-4 after buying away the 9d for the 7d; p2 declares high with two pair.
    # Round 1: p1's 3d brings in 2, p2 completes to 5, p3 calls, p1 calls 3 (8 behind).
    # Round 2: p2 (Kd Qs) bets 5, p3 and p1 call (p1: 3 behind).
    # Round 3: p2 (pair of queens) bets 10, p3 calls, p1 calls all in for 3.
    # Buy: p1 (nothing behind) may only stand pat; p2 stands pat; p3 pays 10 for the 7d.
    # Final round: p2 bets 10, p3 calls.
    # Paid: p1 1+5+5+3 = 14; p2 1+5+5+10+10 = 31; p3 1+5+5+10+10+10 = 41. Total 86.
    # Main pot 3 x 14 = 42 (all three): high 21 to p2, low 21 to p1 (7-6-4-3-2 beats 8-7-6-5-4).
    # Side pot 86 - 42 = 44 (p2, p3 - p3's buy is not a bet, it is p2's to win too): high 22
    # to p2, low 22 to p3.
    # p1: 0 + 21 = 21; p2: 100 - 31 + 21 + 22 = 112; p3: 100 - 41 + 22 = 81.
    lines = (
        "d dh p1 2c3d", "d dh p2 KcKd", "d dh p3 4h9d",
        "p1 pb", "p2 cbr 5", "p3 cc", "p1 cc",
        "d dh p1 4c", "d dh p2 Qs", "d dh p3 5s", "p2 cbr 5", "p3 cc", "p1 cc",
        "d dh p1 6d", "d dh p2 Qh", "d dh p3 6h", "p2 cbr 10", "p3 cc", "p1 cc",
        "d dh p1 7c", "d dh p2 Js", "d dh p3 8s",
    )  # fmt: skip
    state = hand("stud5buy", [14, 100, 100], *lines)
    assert [o.verb for o in legal_actions(state).options[0]] == ["sd"]  # cannot pay 10
    for line in ("p1 sd", "p2 sd", "p3 buy 9d", "d dh p3 7d", "p2 cbr 10", "p3 cc"):
        apply(state, parse_action(line))
    for line in ("p3 dec lo", "p1 dec lo", "p2 dec hi"):
        apply(state, parse_action(line))
    finish(state)
    assert state.stacks == (21, 112, 81)
    assert [(a.seat, a.amount, a.half) for a in state.awards] == [
        (1, 21, "high"),
        (0, 21, "low"),
        (1, 22, "high"),
        (2, 22, "low"),
    ]
    assert "side pot 1" in state.awards[3].reason
    assert sum(outcome(state).net) == 0


# --- both_must, case by case (contenders: the winners of each half of one pot) ---------------

# Values: bigger is better; a low of None does not qualify.
HIGHS = {0: 90, 1: 50, 2: 50, 3: 10}
LOWS: dict[int, int | None] = {0: None, 1: 40, 2: 70, 3: 70}


@pytest.mark.parametrize("must", ["win-or-tie", "win-outright"])
def test_both_winning_both_halves_outright_scoops(must: str) -> None:
    highs, lows = {0: 9, 1: 5}, {0: 9, 1: 5}
    assert contenders((0, 1), {0: "both", 1: "lo"}, highs, lows, must) == ([0], [0])


def test_both_tying_one_half_win_or_tie_keeps_its_share() -> None:
    # Seat 1 (both) ties seat 2 (hi) for high and wins low alone: it passes; high is shared.
    declared = {1: "both", 2: "hi", 3: "lo"}
    highs, lows = {1: 50, 2: 50, 3: 10}, {1: 70, 2: 40, 3: 60}
    assert contenders((1, 2, 3), declared, highs, lows, "win-or-tie") == ([1, 2], [1])


def test_both_tying_one_half_win_outright_fails_and_leaves_both_halves() -> None:
    # The same table under win-outright: seat 1 fails and takes nothing; high goes to seat 2
    # alone, low to the best remaining low declarer, seat 3.
    declared = {1: "both", 2: "hi", 3: "lo"}
    highs, lows = {1: 50, 2: 50, 3: 10}, {1: 70, 2: 40, 3: 60}
    assert contenders((1, 2, 3), declared, highs, lows, "win-outright") == ([2], [3])


@pytest.mark.parametrize("must", ["win-or-tie", "win-outright"])
def test_both_losing_a_half_fails_whatever_the_convention(must: str) -> None:
    # Seat 1 (both) has the best high but seat 3 (lo) the best low: seat 1 is out of both
    # halves, so the high half goes to seat 2, the next best high declarer.
    declared = {1: "both", 2: "hi", 3: "lo"}
    highs, lows = {1: 90, 2: 50, 3: 10}, {1: 40, 2: 10, 3: 70}
    assert contenders((1, 2, 3), declared, highs, lows, must) == ([2], [3])


def test_both_without_a_qualifying_low_fails() -> None:
    declared = {0: "both", 1: "hi"}
    assert contenders((0, 1), declared, HIGHS, LOWS, "win-or-tie") == ([1], [])


def test_two_both_declarers_tying_both_ways() -> None:
    # Equal hands both ways: win-or-tie, both pass and share both halves (the whole pot);
    # win-outright, both fail and nobody can take either half.
    declared = {2: "both", 3: "both"}
    highs, lows = {2: 50, 3: 50}, {2: 70, 3: 70}
    assert contenders((2, 3), declared, highs, lows, "win-or-tie") == ([2, 3], [2, 3])
    assert contenders((2, 3), declared, highs, lows, "win-outright") == ([], [])


def test_failed_declarers_are_removed_together() -> None:
    # Seats 0 and 1 declare both; 0 has the best high, 1 the best low: both fail, and the
    # halves go to the one-way declarers, seat 2 (high) and seat 3 (low).
    declared = {0: "both", 1: "both", 2: "hi", 3: "lo"}
    highs, lows = {0: 90, 1: 80, 2: 50, 3: 10}, {0: 60, 1: 90, 2: 10, 3: 50}
    assert contenders((0, 1, 2, 3), declared, highs, lows, "win-or-tie") == ([2], [3])


def test_both_winning_outright_scoops_a_full_hand() -> None:
    # TO_DECLARE: p1's 7-6-5-4-3 is a straight (beats p2's jacks and eights) and the only low
    # declared. p1 declares both under win-outright and wins each half alone: it scoops the 6.
    state = finish(
        hand(
            "stud5buy",
            [100, 100],
            *TO_DECLARE,
            "p1 dec both",
            "p2 dec hi",
            declare_both=True,
            both_must="win-outright",
        )
    )
    assert [(a.seat, a.amount, a.half) for a in state.awards] == [(0, 6, "all")]
    assert state.awards[0].reason.startswith("declared both ways; scoops")


# --- random play --------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.data(),
    st.integers(2, 8),
    st.sampled_from(["simultaneous", "in-turn"]),
    st.booleans(),
    st.sampled_from(["win-or-tie", "win-outright"]),
)
def test_stud8_with_a_declaration_plays_to_the_end(
    data: st.DataObject, n: int, order: str, both: bool, must: str
) -> None:
    rules = dataclasses.replace(
        variants.get("stud8"),
        showdown="declare",
        declare_order=order,
        declare_both=both,
        both_must=must,
    )
    stacks = data.draw(st.lists(st.integers(1, 150), min_size=n, max_size=n))
    state = new_hand(rules, stacks, seed=data.draw(st.integers(0, 2**32)))
    while not state.finished:
        legal = legal_actions(state)
        seat = data.draw(st.sampled_from(legal.to_act))
        option = data.draw(st.sampled_from(legal.options[seat]))
        if option.declarations and data.draw(st.booleans()):  # something illegal first
            before = state.snapshot()
            other = (seat + 1) % state.n
            bad = f"p{seat + 1} dec both" if not both else f"p{seat + 1} cc"
            if order == "in-turn":
                bad = f"p{other + 1} dec hi" if other not in legal.to_act else bad
            with pytest.raises(IllegalAction):
                apply(state, parse_action(bad))
            assert state.snapshot() == before
        if option.verb == "cbr":
            assert option.min_amount is not None
            assert option.max_amount is not None
            amount = data.draw(st.integers(option.min_amount, option.max_amount))
            if option.choices:
                amount = data.draw(st.sampled_from(option.choices))
            apply(state, parse_action(f"p{seat + 1} cbr {amount}"))
        elif option.declarations:
            way = data.draw(st.sampled_from(option.declarations))
            apply(state, parse_action(f"p{seat + 1} dec {way}"))
        else:
            apply(state, parse_action(f"p{seat + 1} {option.verb}"))
        assert sum(state.stacks) + state.pot == sum(stacks)
    assert sum(outcome(state).net) == 0
    assert all(a.reason for a in state.awards)


def test_a_declared_stud8_hand_is_recorded_with_its_house_rules_and_replays() -> None:
    rules = dataclasses.replace(variants.get("stud8"), showdown="declare", declare_order="in-turn")
    state = new_hand(rules, [100] * 4, seed=11)
    while not state.finished:
        legal = legal_actions(state)
        seat = legal.to_act[0]
        option = legal.options[seat][0]
        if option.declarations:
            apply(state, parse_action(f"p{seat + 1} dec {'lo' if seat % 2 else 'hi'}"))
        else:
            verbs = [o.verb for o in legal.options[seat]]
            apply(state, parse_action(f"p{seat + 1} {'pb' if 'pb' in verbs else 'cc'}"))
    record = record_from_state(state)
    assert record.house_rules == {"showdown": "declare", "declare_order": "in-turn"}
    assert [a.declaration for a in state.log if a.verb == "dec"] == ["hi", "lo", "hi", "lo"]
    again = replay_to_end(record)
    assert again.stacks == state.stacks
    assert again.awards == state.awards
