"""The buy (OPR-207 Article 3): turns, prices, refusals, replacements up or down, what views show,
two rounds, side pots, and ten players running the stub out (docs/games.md: running out of
cards).

Stakes unless said: ante 1, bring-in 2, small bet 5, big bet 10 - so a buy costs 10.
"""

from __future__ import annotations

import dataclasses

import pytest

from splitpot import variants
from splitpot.actions import Action
from splitpot.cards import parse_cards
from splitpot.engine import State, apply, deal_next, legal_actions, new_hand, outcome
from splitpot.errors import IllegalAction, RulesError
from splitpot.notation import parse_action, read_phh, write_phh
from splitpot.records import house_rules, record_from_state, replay_to_end
from splitpot.views import public_view, view


def hand(stacks: list[int], *lines: str, **house: object) -> State:
    rules = dataclasses.replace(variants.get("stud5buy"), **house)  # type: ignore[arg-type]
    state = new_hand(rules, stacks, auto_deal=False)
    play(state, *lines)
    return state


def play(state: State, *lines: str) -> None:
    for line in lines:
        apply(state, parse_action(line))


def refused(state: State, line: str) -> IllegalAction:
    before = state.snapshot()
    with pytest.raises(IllegalAction) as caught:
        apply(state, parse_action(line))
    assert state.snapshot() == before  # a refusal changes nothing
    return caught.value


def finish(state: State) -> State:
    while not state.finished:
        deal_next(state)
    return state


# Three players to the buy: p1 9d | 4s 5c 6h Kh, p2 Qc | Qd 7c 7d 2h, p3 Jc | Ts 8c 3s As.
# Up 4s, Qd, Ts: p1 brings in; everyone calls, then checks (p2's queen, then pair, opens).
TO_BUY = (
    "d dh p1 9d4s", "d dh p2 QcQd", "d dh p3 JcTs", "p1 pb", "p2 cc", "p3 cc",
    "d dh p1 5c", "d dh p2 7c", "d dh p3 8c", "p2 cc", "p3 cc", "p1 cc",
    "d dh p1 6h", "d dh p2 7d", "d dh p3 3s", "p2 cc", "p3 cc", "p1 cc",
    "d dh p1 Kh", "d dh p2 2h", "d dh p3 As",
)  # fmt: skip


def test_each_player_in_turn_from_the_dealers_left() -> None:
    state = hand([100] * 3, *TO_BUY)
    legal = legal_actions(state)
    assert legal.to_act == (0,)  # OPR-207 3.1, buy_first = "dealer-left"
    stand, buy = legal.options[0]
    assert stand.verb == "sd"
    assert (buy.verb, buy.min_amount, buy.max_amount) == ("buy", 10, 10)  # the big bet (3.2)
    assert set(buy.cards) == set(parse_cards("9d4s5c6hKh"))
    play(state, "p1 buy Kh")
    assert state.paid[0] == 1 + 2 + 10  # ante, bring-in, the price: chips put in
    assert state.bets[0] == 0  # not a bet the others must call
    assert legal_actions(state).dealer  # the replacement comes at once
    assert refused(state, "p2 sd").reason == "replacement_owed"
    play(state, "d dh p1 3d")
    assert state.up_cards(0) == list(parse_cards("4s5c6h3d"))  # up for an upcard (3.3)
    assert legal_actions(state).to_act == (1,)


def test_refusals_cite_the_rule_book() -> None:
    state = hand([100] * 3, *TO_BUY)
    out_of_turn = refused(state, "p2 buy 2h")
    assert (out_of_turn.reason, out_of_turn.rule) == ("not_your_turn", "OPR-207 3.1")
    not_held = refused(state, "p1 buy Qc")
    assert not_held.reason == "card_not_held"
    assert "does not hold Qc" in not_held.message
    assert refused(state, "p1 cbr 10").reason == "buy_now"
    assert refused(state, "p1 sd Kh").reason == "discard_is_a_buy"
    play(state, "p1 sd")
    twice = refused(state, "p1 buy Kh")
    assert (twice.reason, twice.rule) == ("bought_twice", "OPR-207 3.4")


def test_a_player_who_cannot_pay_may_only_stand_pat() -> None:
    # p1 starts with 12: ante 1 and bring-in 2 leave 9, short of the price 10.
    state = hand([12, 100, 100], *TO_BUY)
    assert [o.verb for o in legal_actions(state).options[0]] == ["sd"]
    error = refused(state, "p1 buy Kh")
    assert error.reason == "cannot_afford"
    assert "OPR-207 3.2" in error.rule


def test_a_bought_hole_card_is_replaced_face_down_and_stays_hidden() -> None:
    state = hand([100] * 3, *TO_BUY, "p1 sd", "p2 buy Qc", "d dh p2 Ks")
    assert state.down_cards(1) == list(parse_cards("Ks"))  # down for the hole card (3.3)
    assert state.up_cards(1) == list(parse_cards("Qd7c7d2h"))
    for reader in (0, 2):
        seen = view(state, reader)
        assert seen.seats[1].down == (None,)
        assert seen.log[-2] == Action("buy", 1, (None,))  # which card went is not shown
        assert seen.log[-1] == Action("dh", 1, (None,))
    assert public_view(state).log[-1] == Action("dh", 1, (None,))
    mine = view(state, 1)
    assert mine.seats[1].down == parse_cards("Ks")
    assert mine.log[-2:] == state.log[-2:]
    # an upcard's buy and replacement are public
    play(state, "p3 buy Ts", "d dh p3 2d")
    assert public_view(state).log[-2:] == state.log[-2:]


def test_two_rounds_the_second_dearer() -> None:
    state = hand([100] * 3, *TO_BUY, buy_prices=[10, 20])
    assert state.rules.buy_prices == (10, 20)
    play(state, "p1 buy Kh", "d dh p1 3d", "p2 sd", "p3 sd")
    # round two (OPR-207 5): everyone may buy again, at 20
    assert legal_actions(state).to_act == (0,)
    assert legal_actions(state).options[0][1].min_amount == 20
    play(state, "p1 buy 9d", "d dh p1 2c", "p2 sd", "p3 buy Ts", "d dh p3 4d")
    assert state.paid == [1 + 2 + 10 + 20, 1 + 2, 1 + 2 + 20]
    assert state.step.kind == "betting"


@pytest.mark.parametrize("prices", [[20, 10], [10, 10], [5, 10, 20], [], [-1]])
def test_prices_are_validated(prices: list[int]) -> None:
    with pytest.raises(RulesError, match="buy_prices"):
        dataclasses.replace(variants.get("stud5buy"), buy_prices=prices)  # type: ignore[arg-type]


def test_bet_before_buy_adds_a_betting_round() -> None:
    rules = dataclasses.replace(variants.get("stud5buy"), bet_before_buy=True)
    kinds = [s.kind for s in rules.steps]
    assert kinds[-5:] == ["betting", "buy", "betting", "declare", "showdown"]
    assert kinds.count("betting") == 5
    assert dataclasses.replace(rules, bet_before_buy=False) == variants.get("stud5buy")
    state = hand([100] * 3, *TO_BUY, bet_before_buy=True)
    assert state.step.kind == "betting"  # OPR-207 2.3: the group bets before the buy
    play(state, "p2 cbr 10", "p3 cc", "p1 cc")
    assert state.step.kind == "buy"


@pytest.mark.parametrize(
    ("first", "seat"), [("dealer-left", 0), ("high-board", 1), ("low-board", 2)]
)
def test_who_buys_first(first: str, seat: int) -> None:
    # Boards: p1 4s5c6hKh, p2 Qd7c7d2h (a pair of sevens), p3 Ts8c3sAs. High board: p2's pair.
    # Low board (ace-to-five, highest card first; a pair counts against): p3's T-8-3-A beats
    # p1's K-6-5-4 and p2's pair. OPR-207 3.1: announced before the deal.
    state = hand([100] * 3, *TO_BUY, buy_first=first)
    assert legal_actions(state).to_act == (seat,)


def test_house_rules_of_the_buy_are_recorded_and_read_back() -> None:
    state = hand([100] * 3, *TO_BUY, buy_prices=[10, 20], buy_first="high-board")
    while not state.finished:
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
            continue
        seat = legal.to_act[0]
        option = legal.options[seat][0]
        if option.declarations:
            apply(state, Action("dec", seat, declaration="hi"))
        else:
            apply(state, Action(option.verb, seat))
    record = record_from_state(state)
    assert record.house_rules == {"buy_prices": [10, 20], "buy_first": "high-board"}
    assert house_rules(state.rules) == record.house_rules
    assert replay_to_end(record).stacks == state.stacks
    text = write_phh(record)  # through the file: buy_prices = [10, 20] in the _splitpot table
    assert "buy_prices = [\n" in text or "buy_prices = [10, 20]" in text
    assert replay_to_end(read_phh(text)).stacks == state.stacks


def test_the_buy_price_is_not_a_side_bet_only_the_buyer_can_win() -> None:
    # Heads-up p1 buys (10), p2 stands pat; p2 declares high and wins the high half; p1 low.
    # The pot is 2 antes + 2 x 2 + the buy 10 = 16: 8 and 8 - p2 is eligible for the buy money
    # although it put in less than p1 (OPR-207 3.2: the price is paid into the pot).
    lines = (
        "d dh p1 9d4s", "d dh p2 QcQd", "p1 pb", "p2 cc",
        "d dh p1 5c", "d dh p2 7c", "p2 cc", "p1 cc",
        "d dh p1 6h", "d dh p2 7d", "p2 cc", "p1 cc",
        "d dh p1 Kh", "d dh p2 2h", "p1 buy Kh", "d dh p1 3d", "p2 sd",
        "p2 cc", "p1 cc", "p1 dec lo", "p2 dec hi",
    )  # fmt: skip
    state = finish(hand([100, 100], *lines))
    assert [(a.seat, a.amount, a.half) for a in state.awards] == [(1, 8, "high"), (0, 8, "low")]
    assert state.stacks == (100 - 13 + 8, 100 - 3 + 8)


# --- ten players: everyone buys, the stub runs out ----------------------------------------------

# Five cards each for ten players (hole card first, then the upcards in the order dealt) leave a
# stub of two: 9c then 5d.
TEN = [
    "Kc Kd Kh Ks 2c",  # p1: four kings; buys away the 2c
    "Ac 2d 3h 4s Qc",  # p2: buys away the Qc for the wheel
    "As Ah Ad 3s 3d",
    "2s 2h 4h 4d 3c",
    "5s 5h 5c 6s 6h",
    "6d 6c 7s 7h 7d",
    "7c 8s 8h 8d 8c",  # p7: four eights
    "9s 9h 9d Ts Th",
    "Td Tc Js Jh Jd",
    "Jc Qs Qh Qd 4c",
]
# (card bought away, replacement): p1 and p2 take the last two cards of the stub; from p3 on the
# stub is empty and each replacement comes from the discards (docs/games.md).
BUYS = [
    ("2c", "9c"),
    ("Qc", "5d"),
    ("3d", "2c"),  # discards then: 2c Qc 3d
    ("3c", "Qc"),
    ("5s", "3d"),  # p5 buys its hole card: the 3d comes face down
    ("6c", "3c"),
    ("7c", "5s"),  # p7's hole card
    ("Th", "6c"),
    ("Td", "7c"),  # p9's hole card
    ("4c", "Th"),
]


def ten_player_deck() -> list[int]:
    cards = [parse_cards(h.replace(" ", "")) for h in TEN]
    order = [c for h in cards for c in h[:2]]  # first street: hole and first upcard each
    for street in range(2, 5):
        order += [h[street] for h in cards]
    return [*order, *parse_cards("9c5d")]


def test_ten_players_all_buy_and_the_discards_become_a_new_stub() -> None:
    # Up cards of the first street: Kd 2d Ah 2h 5h 6c 8s 9h Tc Qs - the 2d (diamonds below
    # hearts) brings in, everyone calls 2, then everyone checks. Every player buys for 10.
    # Final hands: p1 KcKdKhKs9c four kings; p2 Ac2d3h4s5d the wheel; the best other hand is
    # p7's four eights (5s 8s 8h 8d 8c), below the kings; nobody holds a straight flush.
    # p2 declares low, everyone else high: p1 wins high, p2 low.
    # Pot = 10 antes + 10 x 2 + 10 x 10 = 130: high 65, low 65.
    # p1, p2: 100 - 1 - 2 - 10 + 65 = 152; the others 100 - 13 = 87. 2 x 152 + 8 x 87 = 1000.
    state = new_hand(variants.get("stud5buy"), [100] * 10, deck=ten_player_deck(), auto_deal=False)
    buys = iter(BUYS)
    while not state.finished:
        legal = legal_actions(state)
        if state.step.kind == "buy" and not legal.dealer:
            seat = legal.to_act[0]
            gone, new = next(buys)
            play(state, f"p{seat + 1} buy {gone}", f"d dh p{seat + 1} {new}")
            continue
        if legal.dealer:
            deal_next(state)
            continue
        seat = legal.to_act[0]
        verbs = [o.verb for o in legal.options[seat]]
        if "dec" in verbs:
            apply(state, Action("dec", seat, declaration="lo" if seat == 1 else "hi"))
        else:
            apply(state, Action("pb" if "pb" in verbs else "cc", seat))
    assert state.log[10] == Action("pb", 1)  # p2 brought in
    assert state.stacks == (152, 152, *[87] * 8)
    assert [(a.seat, a.half) for a in state.awards] == [(0, "high"), (1, "low")]
    assert state.down_cards(4) == list(parse_cards("3d"))
    assert sorted(state.discards) == sorted(parse_cards("Td4c"))


def test_ten_players_dealt_by_the_engine_reshuffle_the_discards() -> None:
    # auto_deal: the engine deals every replacement, shuffling the discards into a new stub
    # when the stub is out; no card is ever in two places and the chips add up.
    for seed in range(5):
        state = new_hand(variants.get("stud5buy"), [100] * 10, seed=seed)
        while not state.finished:
            legal = legal_actions(state)
            seat = legal.to_act[0]
            options = {o.verb: o for o in legal.options[seat]}
            if "buy" in options:
                card = options["buy"].cards[-1]
                apply(state, Action("buy", seat, (card,)))
            elif "dec" in options:
                apply(state, Action("dec", seat, declaration="hi" if seat % 2 else "lo"))
            else:
                apply(state, Action("pb" if "pb" in options else "cc", seat))
            held = [c for h in state.hands for c in h if c is not None]
            assert len(held) == len(set(held))
            assert not set(held) & set(state.stub)
            assert not set(held) & set(state.discards)
        assert sum(a.verb == "buy" for a in state.log) == 10
        assert sum(outcome(state).net) == 0
        again = replay_to_end(record_from_state(state))
        assert again.stacks == state.stacks
