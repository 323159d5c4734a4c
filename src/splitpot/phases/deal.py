"""Dealing: each live player gets the step's cards, down or up, from the stub.

When the stub cannot serve every player the step either reshuffles the discards and burns into a
new stub (docs/games.md: running out of cards) or, in seven-card stud, deals one common card
face up that plays in every hand (Robert's stud rules; logged as ``d db``). Once no more betting
is possible, players may show their hands before the remaining cards come (``sm`` before
``d dh``, as records of real tables write it; docs/games.md: smaller rulings).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from splitpot.actions import Action
from splitpot.cards import CARDS, Card
from splitpot.phases.base import Phase, face, player, refuse, register
from splitpot.phases.showdown import check_early_show, show_early
from splitpot.rules import Deal
from splitpot.shuffle import shuffle
from splitpot.state import Legal, Sight, State
from splitpot.taking import again

__all__ = ["DealPhase"]


class DealRound:
    """Seats still to be dealt this step, or a common card still to come."""

    __slots__ = ("common", "pending")

    def __init__(self, pending: list[int], common: bool) -> None:
        self.pending = pending
        self.common = common

    def copy(self) -> DealRound:
        return DealRound(self.pending.copy(), self.common)

    def snapshot(self) -> tuple[object, ...]:
        return (tuple(self.pending), self.common)


def cards_left(state: State, step: Deal) -> int:
    """Cards the stub can still deal (unknown cards dealt in a replay count as gone)."""
    extra = len(state.discards) if step.shortage == "reshuffle" else 0
    return len(state.stub) - state.unknown_dealt + extra


class DealPhase(Phase[DealRound, Deal]):
    """Runs :class:`~splitpot.rules.Deal` steps."""

    kind = "deal"
    round_type = DealRound
    step_type = Deal
    dealer = True

    def enter(self, state: State) -> None:
        step = self.step(state)
        pending = state.live()
        common = False
        if step.shortage == "common" and len(state.stub) - state.unknown_dealt < len(pending):
            pending, common = [], True  # Robert's stud rules: one common card for everyone
        state.phase_state = DealRound(pending, common)

    def done(self, state: State) -> bool:
        ps = self.round(state)
        return not ps.pending and not ps.common

    def legal(self, state: State) -> Legal:
        return Legal((), True, {})

    def rule(self, state: State) -> str:
        return state.rules.cite("deal")

    def check(self, state: State, action: Action) -> None:
        ps = self.round(state)
        step = self.step(state)
        rule = state.rules.cite("deal")
        if action.verb == "sm":  # hands shown before the last cards (docs/games.md)
            check_early_show(state, action, rule)
            return
        if ps.common:
            if action.verb != "db" or len(action.cards) != 1:
                raise refuse(
                    "the stub cannot serve every player: deal one common card ('d db')",
                    "common_card_expected",
                    state.rules.cite("common"),
                )
        else:
            if action.verb != "dh":
                raise refuse(
                    f"the dealer deals to players now ('dh'), not {action.verb!r}",
                    "deal_expected",
                    rule,
                )
            if action.seat not in ps.pending:
                waiting = ", ".join(player(w) for w in ps.pending)
                raise refuse(
                    f"{player(action.seat)} is not waiting for cards (waiting: {waiting})",
                    "not_dealt_now",
                    rule,
                )
            if len(action.cards) != len(step.cards):
                raise refuse(
                    f"this street deals {len(step.cards)} card(s) to each player, "
                    f"not {len(action.cards)}",
                    "wrong_card_count",
                    rule,
                )
        known = [c for c in action.cards if c is not None]
        if len(set(known)) != len(known):
            raise refuse("a card is dealt twice in one action", "card_dealt_twice", rule)
        reuse = step.shortage == "reshuffle" and len(state.stub) - state.unknown_dealt < len(known)
        for c in known:
            if not isinstance(c, int) or not 0 <= c < 52:
                raise refuse(f"{face(c)} is not a card", "not_a_card", rule)
            if c not in state.stub and not (reuse and c in state.discards):
                raise refuse(f"{CARDS[c]} has already been dealt", "card_dealt_twice", rule)
        if len(action.cards) > cards_left(state, step):
            raise refuse("the stub has run out of cards", "deck_exhausted", rule)

    def perform(self, state: State, action: Action) -> None:
        if action.verb == "sm":
            show_early(state, action)
            return
        ps = self.round(state)
        dealt: list[Card | None] = []
        for c in action.cards:
            if c is None:
                state.unknown_dealt += 1
            else:
                _take(state, c)
            dealt.append(None if c is None else CARDS[c])
        if action.verb == "db":
            state.common.extend(dealt)
            ps.common = False
            return
        step = self.step(state)
        assert action.seat is not None
        state.hands[action.seat].extend(dealt)
        state.faceup[action.seat].extend(p == "u" for p in step.cards)
        state.dealt_up[action.seat].extend(p == "u" for p in step.cards)
        state.ups[action.seat].extend(c for c, p in zip(dealt, step.cards, strict=True) if p == "u")
        ps.pending.remove(action.seat)

    def sight(
        self, state: State, step_index: int, action: Action, before: Sequence[Action]
    ) -> Sight | None:
        """Cards dealt face down are seen by their seat, by the others once it shows them."""
        pattern = self.step(state, step_index).cards
        if action.verb != "dh" or action.seat is None or "d" not in pattern:
            return None
        cards = zip(action.cards, pattern, strict=True)
        return Sight(
            Action("dh", action.seat, tuple(c if p == "u" else None for c, p in cards)),
            action.seat,
            "shown",
        )

    def dealer_action(self, state: State) -> Action:
        ps = self.round(state)
        step = self.step(state)
        k = 1 if ps.common else len(step.cards)
        stub = state.stub
        if len(stub) < k:
            _reshuffle(state)
        if len(stub) < k:
            raise refuse(
                "the stub and the discards have run out", "deck_exhausted", self.rule(state)
            )
        cards = tuple(CARDS[c] for c in stub[: -k - 1 : -1])
        if ps.common:
            return Action("db", None, cards)
        return Action("dh", ps.pending[0], cards)

    def auto(self, state: State) -> None:
        """Deal the whole step from the stub in one go (auto_deal's fast path), logging it."""
        ps = self.round(state)
        step = self.step(state)
        k = len(step.cards)
        stub = state.stub
        if ps.common or len(stub) - state.unknown_dealt < k * len(ps.pending):
            super().auto(state)
            return
        flags = [p == "u" for p in step.cards]
        hands, faceup, ups, dealt_up = state.hands, state.faceup, state.ups, state.dealt_up
        log = state.log_action
        if k == 1:  # a street of one card each (most of them): no lists to build per seat
            up = flags[0]
            for seat in ps.pending:
                card = CARDS[stub.pop()]
                hands[seat].append(card)
                faceup[seat].append(up)
                dealt_up[seat].append(up)
                if up:
                    ups[seat].append(card)
                # one card of 52 to one of a few seats comes again: kept
                log(again(Action, "dh", seat, (card,), None, None))
            ps.pending = []
            return
        up_at = [i for i, up in enumerate(flags) if up]  # where the up cards are in a deal
        for seat in ps.pending:
            cards = tuple([CARDS[c] for c in stub[: -k - 1 : -1]])  # the top k, top first
            del stub[-k:]
            hands[seat].extend(cards)
            faceup[seat].extend(flags)
            dealt_up[seat].extend(flags)
            ups[seat].extend([cards[i] for i in up_at])
            log(Action("dh", seat, cards))  # three cards together seldom come again: made afresh
        ps.pending = []


def _take(state: State, card: int) -> None:
    stub = state.stub
    if stub and stub[-1] == card:
        stub.pop()
    elif card in stub:
        stub.remove(card)
    else:
        state.discards.remove(card)


def _reshuffle(state: State) -> None:
    """Shuffle the discards and burns under what is left of the stub (docs/games.md)."""
    if not state.discards:
        return
    if state.rng is None:  # its own generator, not the deck's: docs/fairness.md
        state.rng = random.Random(f"splitpot-reshuffle-v1:{state.seed}")
    fresh = state.discards
    shuffle(state.rng, fresh)
    state.stub[:0] = fresh
    state.discards = []


register(DealPhase())
