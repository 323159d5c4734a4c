"""Auction articles not covered elsewhere: the deal (OPR-657 2.1), seven cards and one betting
round (1.2, 3.7, 4.1) and how declarations are made (4.2). Expected values follow from the
rule book and docs/games.md, not from the engine's output."""

from __future__ import annotations

import dataclasses

from splitpot import bots, variants
from splitpot.engine import apply, deal_next, legal_actions, new_hand
from splitpot.state import State
from splitpot.views import view


def play_until(state: State, kind: str) -> None:
    """Let calling stations play (bid the minimum, pick the first card, check or call) until
    the step of ``kind`` begins."""
    seated = [bots.get("call") for _ in range(state.n)]
    while not state.finished and state.step.kind != kind:
        legal = legal_actions(state)
        if legal.dealer:
            deal_next(state)
            continue
        seat = legal.to_act[0]
        apply(state, seated[seat].act(view(state, seat)))


def test_each_player_antes_and_gets_two_cards_down_to_look_at() -> None:
    # OPR-657 2.1: everyone antes (1 each: pot 4) and is dealt two cards face down, which the
    # player may look at; nobody else sees them.
    state = new_hand(variants.get("auction"), [100] * 4, seed=3)
    assert state.step.kind == "auction"
    assert state.pot == 4
    for seat in range(4):
        mine = view(state, seat).seats[seat]
        assert len(mine.down) == 2
        assert None not in mine.down
        assert mine.up == ()
        other = view(state, (seat + 1) % 4).seats[seat]
        assert other.down == (None, None)


def test_seven_cards_each_then_one_betting_round() -> None:
    # OPR-657 1.2, 3.7, 4.1: the five auctions leave everyone two down and five up, seven in
    # all; then exactly one betting round, after the last auction, and no other.
    rules = variants.get("auction")
    kinds = [step.kind for step in rules.steps]
    assert kinds.count("betting") == 1
    last_auction = len(kinds) - 1 - kinds[::-1].index("auction")
    assert kinds.index("betting") == last_auction + 1
    state = new_hand(rules, [100] * 5, seed=8)
    play_until(state, "betting")
    for seat in range(5):
        mine = view(state, seat).seats[seat]
        assert (len(mine.down), len(mine.up)) == (2, 5)


def test_declarations_are_simultaneous_by_default_or_in_turn_by_agreement() -> None:
    # OPR-657 4.2: the method is agreed before play. Simultaneous (docs/games.md default):
    # every live player is asked at once. In turn: one at a time, the first from the
    # dealer's left (p1).
    for order, waiting in (("simultaneous", (0, 1, 2)), ("in-turn", (0,))):
        rules = dataclasses.replace(variants.get("auction"), declare_order=order)
        state = new_hand(rules, [100] * 3, seed=5)
        play_until(state, "declare")
        assert state.step.kind == "declare"
        legal = legal_actions(state)
        assert legal.to_act == waiting
        assert {d for o in legal.options[0] for d in o.declarations} == {"hi", "lo", "both"}
