"""Turn-ups (NASDAQ ¶23, the seven-card version): every live player turns one down card of
their choice face up at the same moment.

Each player names a card (``pN up CARD``) in secret, in any order (hand-history.md: sealed
moves); when the last choice is in, every chosen card turns face up together. Views show the
other seats only that a seat has chosen until then.
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.actions import Action
from splitpot.cards import Card
from splitpot.phases.base import Phase, check_one_card, player, refuse, register, sealed_move
from splitpot.rules import Expose
from splitpot.state import Legal, Option, Sight, State

__all__ = ["ExposePhase", "ExposeRound"]

_RULE = "NASDAQ ¶23"


class ExposeRound:
    """Who has yet to choose, and the choices made so far (seat -> card; None: a card the
    record does not name)."""

    __slots__ = ("chosen", "pending", "since")

    def __init__(self, pending: list[int], since: int) -> None:
        self.pending = pending
        self.chosen: dict[int, Card | None] = {}
        self.since = since  # where the step begins in the log

    def copy(self) -> ExposeRound:
        new = ExposeRound(self.pending.copy(), self.since)
        new.chosen = self.chosen.copy()
        return new

    def snapshot(self) -> tuple[object, ...]:
        return (tuple(self.pending), tuple(sorted(self.chosen.items(), key=str)), self.since)


def _down(state: State, seat: int) -> tuple[Card, ...]:
    return tuple(c for c in state.down_cards(seat) if c is not None)


class ExposePhase(Phase[ExposeRound, Expose]):
    """Runs :class:`~splitpot.rules.Expose` steps."""

    kind = "expose"
    round_type = ExposeRound
    step_type = Expose

    def enter(self, state: State) -> None:
        live = [s for s in state.live() if state.down_cards(s)]
        state.phase_state = ExposeRound(live, state.position)

    def rule(self, state: State) -> str:
        return _RULE

    def done(self, state: State) -> bool:
        ps = self.round(state)
        return not ps.pending

    def legal(self, state: State) -> Legal:
        ps = self.round(state)
        return Legal(
            tuple(ps.pending),
            False,
            {s: (Option("up", cards=_down(state, s)),) for s in ps.pending},
        )

    def secret_since(self, state: State) -> int | None:
        ps = self.round(state)
        return ps.since if ps.pending else None

    def sight(
        self, state: State, step_index: int, action: Action, before: Sequence[Action]
    ) -> Sight | None:
        """The choices are sealed until the last is in, then turn up together (¶23)."""
        return sealed_move(action) if action.verb == "up" else None

    def check(self, state: State, action: Action) -> None:
        ps = self.round(state)
        seat = action.seat
        if action.verb != "up":
            raise refuse(
                f"every player turns a card face up now ('up CARD'), not {action.verb!r}",
                "turn_up_now",
                _RULE,
            )
        if seat is None or not 0 <= seat < state.n or seat not in state.live():
            raise refuse(f"{player(seat)} is not in the hand", "not_live", _RULE)
        if seat not in ps.pending:
            raise refuse(
                f"{player(seat)} has already chosen a card to turn up", "turned_twice", _RULE
            )
        check_one_card(seat, action, state.down_cards(seat), _RULE, " face down", shown=True)

    def perform(self, state: State, action: Action) -> None:
        ps = self.round(state)
        seat = action.seat
        assert seat is not None
        ps.pending.remove(seat)
        ps.chosen[seat] = action.cards[0]
        if ps.pending:
            return
        for s, card in ps.chosen.items():  # all at the same moment
            hand, faceup = state.hands[s], state.faceup[s]
            place = next(i for i, c in enumerate(hand) if c == card and not faceup[i])
            faceup[place] = True
            state.ups[s].append(card)


register(ExposePhase())
