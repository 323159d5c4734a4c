"""Golden situations worked out by hand from the rules: who brings in, who acts first, what each
seat may do (completion, the cap, heads-up, open pairs), the common card, razz.

Stakes unless said: ante 1, bring-in 2, small bet 5, big bet 10 (the registry's defaults).
"""

from __future__ import annotations

import dataclasses

import pytest

from play import check_call
from splitpot import variants
from splitpot.actions import Action
from splitpot.cards import parse_cards
from splitpot.engine import (
    State,
    apply,
    deal_next,
    legal_actions,
    new_hand,
    outcome,
)
from splitpot.errors import IllegalAction
from splitpot.state import Option
from test_engine_replay import action_of


def table(game: str, stacks: list[int], *lines: str, **rules: object) -> State:
    """A hand dealt and played from PHH-style lines ('d dh p1 AhKd2c', 'p1 pb'...)."""
    state = new_hand(
        dataclasses.replace(variants.get(game), **rules),  # type: ignore[arg-type]
        stacks,
        auto_deal=False,
    )
    play(state, *lines)
    return state


def play(state: State, *lines: str) -> None:
    for line in lines:
        apply(state, action_of(line))


def options(state: State) -> dict[int, tuple[Option, ...]]:
    return legal_actions(state).options


def verbs(state: State, seat: int) -> dict[str, tuple[int | None, int | None]]:
    return {o.verb: (o.min_amount, o.max_amount) for o in options(state)[seat]}


# --- bring-in (Robert's 4) --------------------------------------------------------------------


def test_bring_in_goes_to_the_lowest_card_by_suit() -> None:
    # Up cards 2s, 2c, 2d: clubs are the lowest suit, so p2 (seat 1) brings in.
    state = table("stud8", [100] * 3, "d dh p1 KcKd2s", "d dh p2 QcQd2c", "d dh p3 JcJd2d")
    legal = legal_actions(state)
    assert legal.to_act == (1,)
    # The bring-in (2) or a completion to the small bet (5); no fold, no check (Robert's 4).
    assert verbs(state, 1) == {"pb": (2, 2), "cbr": (5, 5)}
    with pytest.raises(IllegalAction) as refused:
        apply(state, Action("f", 1))
    assert refused.value.reason == "bring_in_required"


def test_ace_counts_high_for_the_bring_in() -> None:
    # Up cards As and 3h: the ace is high for the bring-in, so the 3h brings in.
    state = table("stud", [100] * 2, "d dh p1 KcKdAs", "d dh p2 QcQd3h")
    assert legal_actions(state).to_act == (1,)


def test_after_the_bring_in_players_call_it_or_complete() -> None:
    state = table("stud8", [100] * 3, "d dh p1 KcKd2s", "d dh p2 QcQd2c", "d dh p3 JcJd2d", "p2 pb")
    # p3 faces the bring-in of 2: fold, call 2, or complete to the small bet 5.
    assert verbs(state, 2) == {"f": (None, None), "cc": (2, 2), "cbr": (5, 5)}
    play(state, "p3 cbr 5")
    # p1 faces the completion: a raise is a full small bet more, to 10.
    assert verbs(state, 0) == {"f": (None, None), "cc": (5, 5), "cbr": (10, 10)}
    with pytest.raises(IllegalAction) as refused:
        apply(state, Action("cbr", 0, amount=9))
    assert refused.value.reason == "wrong_amount"


def test_bring_in_may_complete() -> None:
    state = table(
        "stud8", [100] * 3, "d dh p1 KcKd2s", "d dh p2 QcQd2c", "d dh p3 JcJd2d", "p2 cbr 5"
    )
    assert verbs(state, 2) == {"f": (None, None), "cc": (5, 5), "cbr": (10, 10)}
    assert state.pot == 3 + 5


# --- the cap and heads-up (house rules max_raises, heads_up_uncapped; Robert's Rules) ----------


def test_a_bet_and_three_raises_cap_the_round() -> None:
    # 4 players: bring-in 2, completion 5 (the bet), raises to 10, 15, 20: capped at 4 bets.
    deal = ("d dh p1 KcKd2s", "d dh p2 QcQd2c", "d dh p3 JcJd2d", "d dh p4 TcTd9s")
    state = table("stud8", [100] * 4, *deal, "p2 pb", "p3 cbr 5", "p4 cbr 10", "p1 cbr 15")
    assert "cbr" in verbs(state, 1)
    play(state, "p2 cbr 20")
    # p3 faces 20 with 5 in: call 15 or fold, no raise.
    assert verbs(state, 2) == {"f": (None, None), "cc": (15, 15)}
    with pytest.raises(IllegalAction) as refused:
        apply(state, Action("cbr", 2, amount=25))
    assert refused.value.reason == "raises_capped"
    assert "max_raises" in refused.value.rule


def test_heads_up_raising_is_uncapped() -> None:
    # Two players: the completion and three raises reach the cap while heads-up: no cap.
    state = table("stud8", [500] * 2, "d dh p1 KcKd2s", "d dh p2 QcQd2c", "p2 pb", "p1 cbr 5")
    play(state, "p2 cbr 10", "p1 cbr 15", "p2 cbr 20")
    assert verbs(state, 0)["cbr"] == (25, 25)
    play(state, "p1 cbr 25", "p2 cbr 30")
    assert verbs(state, 0)["cbr"] == (35, 35)


def test_heads_up_only_if_heads_up_before_the_cap() -> None:
    deal = ("d dh p1 KcKd2s", "d dh p2 QcQd2c", "d dh p3 JcJd2d")
    state = table("stud8", [500] * 3, *deal, "p2 pb", "p3 cbr 5", "p1 cbr 10", "p2 cbr 15")
    play(state, "p3 cbr 20", "p1 f")  # capped with three players; a fold does not uncap
    assert "cbr" not in verbs(state, 1)


def test_heads_up_uncapped_is_a_house_rule() -> None:
    state = table(
        "stud8",
        [500] * 2,
        "d dh p1 KcKd2s",
        "d dh p2 QcQd2c",
        "p2 pb",
        "p1 cbr 5",
        heads_up_uncapped=False,
    )
    play(state, "p2 cbr 10", "p1 cbr 15", "p2 cbr 20")
    assert "cbr" not in verbs(state, 0)


def test_no_check_raise() -> None:
    deal = ("d dh p1 KcKd2s", "d dh p2 QcQd2c", "d dh p3 JcJd2d")
    plain = table("stud8", [100] * 3, *deal, "p2 pb", "p3 cc", "p1 cbr 5", "p2 cc")
    # p3 called the bring-in: without the house rule p3 may raise now; with it, only call.
    assert verbs(plain, 2)["cbr"] == (10, 10)
    strict = table(
        "stud8", [100] * 3, *deal, "p2 pb", "p3 cc", "p1 cbr 5", "p2 cc", no_check_raise=True
    )
    assert verbs(strict, 2) == {"f": (None, None), "cc": (3, 3)}


# --- who acts first from fourth street (Robert's 4) -------------------------------------------


def test_high_hand_showing_acts_first_ties_to_the_first_from_the_dealer() -> None:
    # Fourth street boards: p1 9-4, p2 K-7, p3 K-7 (tie: p2 is first clockwise from the dealer).
    state = table(
        "stud8",
        [100] * 3,
        "d dh p1 2c3c9s",
        "d dh p2 4c5cKs",
        "d dh p3 6c7cKh",
        "p1 pb",
        "p2 cc",
        "p3 cc",
        "d dh p1 4d",
        "d dh p2 7d",
        "d dh p3 7h",
    )
    assert legal_actions(state).to_act == (1,)


def test_an_all_in_high_hand_acts_as_if_checked() -> None:
    # p2 shows K-K on fourth street but is all in: the next seat clockwise acts (p3).
    state = table(
        "stud8",
        [100, 3, 100],
        "d dh p1 2c3c9s",
        "d dh p2 4c5cKs",
        "d dh p3 6c7cQh",
        "p1 pb",
        "p2 cc",
        "p3 cc",
        "d dh p1 4d",
        "d dh p2 Kd",
        "d dh p3 7h",
    )
    assert state.stacks[1] == 0
    assert legal_actions(state).to_act == (2,)


# --- stud: an open pair on fourth street (Robert's seven-card stud) ------------------------


FOURTH_WITH_PAIR = (
    "d dh p1 9s3c2d",
    "d dh p2 4c5c7s",
    "d dh p3 6c8cKh",
    "p1 pb",
    "p2 cc",
    "p3 cc",
    "d dh p1 4d",
    "d dh p2 7d",
    "d dh p3 Qh",
)


def test_stud_open_pair_on_fourth_allows_the_big_bet() -> None:
    state = table("stud", [100] * 3, *FOURTH_WITH_PAIR)
    assert legal_actions(state).to_act == (1,)  # the pair of sevens is the high board
    (bet,) = [o for o in options(state)[1] if o.verb == "cbr"]
    assert (bet.min_amount, bet.max_amount, bet.choices) == (5, 10, (5, 10))
    with pytest.raises(IllegalAction):
        apply(state, Action("cbr", 1, amount=7))  # the small or the big bet, nothing between
    play(state, "p2 cbr 10")
    assert verbs(state, 2)["cbr"] == (20, 20)  # once the big bet is made, raises are big


def test_stud8_open_pair_does_not_change_the_limit() -> None:
    state = table("stud8", [100] * 3, *FOURTH_WITH_PAIR)
    assert verbs(state, 1)["cbr"] == (5, 5)


# --- razz: highest card brings in, lowest board acts first -----------------------------------


def test_razz_bring_in_is_the_highest_card_ace_low_by_suit() -> None:
    # Up cards Kd, Ks, Ac: the ace is low; kings tie, spades beat diamonds: p2 brings in.
    state = table("razz", [100] * 3, "d dh p1 2c3cKd", "d dh p2 4c5cKs", "d dh p3 6c7cAc")
    assert legal_actions(state).to_act == (1,)


def test_razz_lowest_board_acts_first() -> None:
    # Fourth street: p1 K-2, p2 K-K (a pair is bad), p3 A-8: p3's 8-A is the lowest board.
    state = table(
        "razz",
        [100] * 3,
        "d dh p1 2c3cKd",
        "d dh p2 4c5cKs",
        "d dh p3 6c7cAc",
        "p2 pb",
        "p3 cc",
        "p1 cc",
        "d dh p1 2d",
        "d dh p2 Kh",
        "d dh p3 8c",
    )
    assert legal_actions(state).to_act == (2,)


# --- eight players: a common card on seventh street (Robert's stud rules) --------------------


def test_eight_players_share_a_common_card_on_seventh() -> None:
    # 8 x 6 = 48 cards reach sixth street; 4 are left for 8 players, so one common card.
    # p1 holds As Ah Ad; the common card (the 49th) is the Ac: four aces for p1.
    rest = [c for c in range(52) if c not in parse_cards("AsAhAdAcKs")]
    order = list(parse_cards("AsAh")) + rest[:1] + rest[1:22]  # third street: 3 cards each
    order += list(parse_cards("Ad")) + rest[22:29]  # fourth
    order += rest[29:45]  # fifth and sixth
    order += list(parse_cards("Ac"))  # the common card
    state = new_hand(variants.get("stud"), [100] * 8, deck=order)
    check_call(state)
    commons = [a for a in state.log if a.verb == "db"]
    assert commons == [Action("db", None, parse_cards("Ac"))]
    assert all(len(hand) == 6 for hand in state.hands)
    # Pot: antes 8 + the bring-in 2 called by 7 = 8 + 16 = 24, all to p1's four aces.
    (award,) = outcome(state).awards
    assert (award.seat, award.amount) == (0, 24)
    assert "four of a kind, aces" in award.reason
    assert state.stacks[0] == 100 - 3 + 24


# --- all-in rules (Robert's Rules: all-in; docs/games.md: side pots) --------------------------


SHORT_ALL_IN = (
    *("d dh p1 KcKd2c", "d dh p2 QcQd5h", "d dh p3 JcJd6h", "p1 pb", "p2 cc", "p3 cc"),
    *("d dh p1 Ah", "d dh p2 7s", "d dh p3 8s", "p1 cbr 5"),
)


def test_an_all_in_raise_of_half_a_bet_reopens_the_betting() -> None:
    # Antes 1; third street p1 (2c) brings in 2, both call; p2 has 11 - 3 = 8 behind.
    # Fourth: p1's A-2 shows highest and bets 5; p2 raises all in to 8: 3 more, at least half
    # of the bet of 5 (Robert's betting 6), so it counts as a full raise.
    state = table("stud8", [100, 11, 100], *SHORT_ALL_IN, "p2 cbr 8")
    assert state.stacks[1] == 0
    # p3 may raise a full bet over it: 8 + 5 = 13.
    assert verbs(state, 2) == {"f": (None, None), "cc": (8, 8), "cbr": (13, 13)}
    play(state, "p3 cc")
    # p1 already acted, but the full raise reopens the betting: call 3 or raise to 13.
    assert verbs(state, 0) == {"f": (None, None), "cc": (3, 3), "cbr": (13, 13)}


def test_a_short_all_in_raise_does_not_reopen_the_betting() -> None:
    # As above with p2 one chip shorter: all in to 7 is 2 more, less than half of 5.
    state = table("stud8", [100, 10, 100], *SHORT_ALL_IN, "p2 cbr 7")
    assert state.stacks[1] == 0
    # p3 has not acted: call 7, or complete the raise to a full bet over p1's 5 (10).
    assert verbs(state, 2) == {"f": (None, None), "cc": (7, 7), "cbr": (10, 10)}
    play(state, "p3 cc")
    # p1 already acted and faces only the short raise: call 2 or fold, no raise.
    assert verbs(state, 0) == {"f": (None, None), "cc": (2, 2)}
    with pytest.raises(IllegalAction) as refused:
        apply(state, Action("cbr", 0, amount=12))
    assert (refused.value.reason, refused.value.rule) == ("not_reopened", "Robert's betting 6")


def test_under_the_full_rule_only_a_full_raise_reopens() -> None:
    # House rule all_in_raise = "full": p2's all-in to 8 (3 more) is short of a full raise.
    state = table("stud8", [100, 11, 100], *SHORT_ALL_IN, "p2 cbr 8", all_in_raise="full")
    # p3 has not acted: call 8, or complete to a full bet over p1's 5 (10).
    assert verbs(state, 2) == {"f": (None, None), "cc": (8, 8), "cbr": (10, 10)}
    play(state, "p3 cc")
    assert verbs(state, 0) == {"f": (None, None), "cc": (3, 3)}
    with pytest.raises(IllegalAction) as refused:
        apply(state, Action("cbr", 0, amount=13))
    assert (refused.value.reason, refused.value.rule) == (
        "not_reopened",
        "house rule all_in_raise",
    )


def test_deal_next_at_the_showdown_shows_every_live_hand() -> None:
    lines = ["d dh p1 KcKd2s", "d dh p2 QcQd2c", "p2 pb", "p1 cc"]
    for street in ("Ah3h", "Kh4h", "Qs5s", "9h9c"):
        lines += [f"d dh p1 {street[:2]}", f"d dh p2 {street[2:]}", "p1 cc", "p2 cc"]
    state = table("stud", [100, 100], *lines)
    assert legal_actions(state).dealer
    last = deal_next(state)
    assert state.finished
    assert [a.verb for a in state.log[-2:]] == ["sm", "sm"]
    assert last == state.log[-1]
    # p1: kings (KcKd + Kh) beat queens; pot = antes 2 + 2 x 2 = 6; each put in 3: +3, -3.
    assert outcome(state).net == (3, -3)


def test_unknown_cards_cannot_be_judged() -> None:
    lines = ["d dh p1 ????2s", "d dh p2 QcQd2c", "p2 pb", "p1 cc"]
    for street in ("Ah3h", "Kh4h", "Qs5s", "??9c"):
        p1, p2 = street[:2], street[2:]
        lines += [f"d dh p1 {p1}", f"d dh p2 {p2}", "p1 cc", "p2 cc"]
    state = table("stud", [100, 100], *lines)
    before = state.snapshot()
    with pytest.raises(IllegalAction) as refused:
        deal_next(state)
    assert refused.value.reason == "unknown_cards"
    assert state.snapshot() == before
    play(state, "p1 sm KcKd2sAhKhQs9h")  # the show fills in the unknown cards
    deal_next(state)
    assert outcome(state).net == (3, -3)


def test_antes_without_trimming_are_dead_money() -> None:
    # PHH ante_trimming_status = false: antes sit in the main pot outside the side-pot levels.
    rules = variants.get("stud")
    state = new_hand(rules, [1, 100, 100], seed=3, ante_trimming=False)
    assert state.stacks[0] == 0
    assert (state.pot, state.dead, state.paid) == (3, 3, [0, 0, 0])
    # With trimming (the records' default) a lone full ante is trimmed to the matched amount.
    trimmed = new_hand(rules, [10, 10], seed=3, antes=[1, 3])
    assert trimmed.stacks == (9, 9)
    assert trimmed.pot == 2


def test_discards_are_reshuffled_when_the_stub_runs_out() -> None:
    # Ten players, seven cards each: 30 on the first deal; three fold (9 discards); 7 x 4 = 28
    # more would need 58 cards, so the last 6 come from the discards, shuffled
    # (docs/games.md: running out of cards).
    from splitpot.rules import Betting, Deal, Rules, Showdown

    rules = Rules(
        "ten-handed-seven",
        "",
        (
            Deal("ddu"),
            Betting("small", "low-card", bring_in=True),
            Deal("uu"),
            Betting("small"),
            Deal("uu"),
            Betting("big"),
            Showdown(),
        ),
        max_players=10,
    )
    state = new_hand(rules, [100] * 10, seed=4)
    folded: list[int] = []
    while not state.finished:
        legal = legal_actions(state)
        seat = legal.to_act[0]
        verbs_now = [o.verb for o in legal.options[seat]]
        if "f" in verbs_now and len(folded) < 3:
            folded.append(seat)
            apply(state, Action("f", seat))
        else:
            apply(state, Action(next(v for v in verbs_now if v in ("pb", "cc")), seat))
    live = [s for s in range(10) if s not in folded]
    held = [c for s in live for c in state.hands[s]]
    assert all(len(state.hands[s]) == 7 for s in live)
    assert len(held) == len(set(held)) == 49  # 7 live hands of 7
    reused = set(held) & {c for s in folded for c in state.hands[s]}
    assert len(reused) == 6
    assert sum(state.stacks) == 1000


def test_copy_is_independent() -> None:
    state = new_hand(variants.get("stud8"), [100] * 3, seed=1)
    before = state.snapshot()
    twin = state.copy()
    seat = legal_actions(twin).to_act[0]
    apply(twin, Action("pb", seat))
    assert state.snapshot() == before
    apply(state, Action("pb", seat))
    assert state.snapshot() == twin.snapshot()
