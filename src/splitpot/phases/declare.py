"""The declaration: every live player declares high, low or (where allowed) both.

``declare_order = "simultaneous"``: every live player declares in secret, in any order, and the
declarations take effect together when the last is in (hand-history.md: sealed moves);
views show other seats only as "has declared" until then. ``"in-turn"``: one at a time from the
first live seat left of the dealer, each seen at once. ``declare_both`` offers "both". Refusals
cite the game's own book (OPR-207 4.2, OPR-657 4.2-4.3, NASDAQ ¶15 or ¶24) or the house rule.
The showdown reads the declarations back from the log (:func:`declarations`).
"""

from __future__ import annotations

from collections.abc import Sequence

from splitpot.actions import Action, Declaration
from splitpot.phases.base import Phase, player, refuse, register, sealed_move
from splitpot.rules import Declare
from splitpot.state import Legal, Option, Sight, State

__all__ = ["DeclarePhase", "choices", "declarations"]

_ONE_WAY: tuple[Declaration, ...] = ("hi", "lo")
_BOTH_WAYS: tuple[Declaration, ...] = ("hi", "lo", "both")


class DeclareRound:
    """Who still has to declare, in order (in turn: the head of the list is next)."""

    __slots__ = ("pending", "since")

    def __init__(self, pending: list[int], since: int) -> None:
        self.pending = pending
        self.since = since  # where the step begins in the log

    def copy(self) -> DeclareRound:
        return DeclareRound(self.pending.copy(), self.since)

    def snapshot(self) -> tuple[object, ...]:
        return (tuple(self.pending), self.since)


def choices(state: State) -> tuple[Declaration, ...]:
    """The declarations the house rules allow."""
    return _BOTH_WAYS if state.rules.declare_both else _ONE_WAY


def declarations(state: State) -> dict[int, Declaration]:
    """Each seat's declaration so far this hand (from the log; the last ``dec`` of a seat)."""
    found: dict[int, Declaration] = {}
    if state.rules.showdown != "declare":  # no declaration step (Rules adds one for declare)
        return found
    steps = state.rules.steps
    began = state.step_began
    for k in range(min(len(began), len(steps))):  # only a declaration step holds them
        if steps[k].kind != "declare":
            continue
        end = began[k + 1] if k + 1 < len(began) else state.position
        for action in state.actions[began[k] : end]:
            if action.verb == "dec" and action.seat is not None and action.declaration:
                found[action.seat] = action.declaration
    return found


class DeclarePhase(Phase[DeclareRound, Declare]):
    """Runs the :class:`~splitpot.rules.Declare` step."""

    kind = "declare"
    round_type = DeclareRound
    step_type = Declare

    def rule(self, state: State) -> str:
        return state.rules.cite("declare")

    def enter(self, state: State) -> None:
        # seat order = clockwise from the dealer
        state.phase_state = DeclareRound(state.live(), state.position)

    def secret_since(self, state: State) -> int | None:
        """Simultaneous declarations are sealed until the last is in (OPR-207 4.2)."""
        ps = self.round(state)
        return ps.since if _simultaneous(state) and ps.pending else None

    def sight(
        self, state: State, step_index: int, action: Action, before: Sequence[Action]
    ) -> Sight | None:
        """Simultaneous declarations are seen when the last is in; in turn, at once."""
        return sealed_move(action) if action.verb == "dec" and _simultaneous(state) else None

    def done(self, state: State) -> bool:
        ps = self.round(state)
        return not ps.pending

    def legal(self, state: State) -> Legal:
        ps = self.round(state)
        option = (Option("dec", declarations=choices(state)),)
        seats = tuple(ps.pending) if _simultaneous(state) else (ps.pending[0],)
        return Legal(seats, False, dict.fromkeys(seats, option))

    def check(self, state: State, action: Action) -> None:
        ps = self.round(state)
        seat = action.seat
        rules = state.rules
        if action.verb != "dec":
            raise refuse(
                f"players declare now ('dec hi', 'dec lo'), not {action.verb!r}",
                "declare_now",
                rules.cite("declare"),
            )
        if seat is None or not 0 <= seat < state.n or seat not in state.live():
            raise refuse(
                f"{player(seat)} is not a live player and cannot declare",
                "not_live",
                rules.cite("declare_order"),
            )
        if seat not in ps.pending:
            raise refuse(
                f"{player(seat)} has already declared",
                "declared_twice",
                rules.cite("declare_order"),
            )
        allowed = choices(state)
        if action.declaration not in allowed:
            if action.declaration == "both":
                raise refuse(
                    "declaring both ways is not allowed at this table (declare_both = false)",
                    "both_not_allowed",
                    rules.cite("declare_both"),
                )
            ways = ", ".join(allowed[:-1]) + f" or {allowed[-1]}"
            raise refuse(
                f"declare {ways} ('dec {allowed[0]}'), not {action.declaration!r}",
                "bad_declaration",
                rules.cite("declare"),
            )
        if not _simultaneous(state) and seat != ps.pending[0]:
            raise refuse(
                f"it is {player(ps.pending[0])}'s turn to declare, not {player(seat)}'s",
                "not_your_turn",
                rules.cite("declare_order"),
            )

    def perform(self, state: State, action: Action) -> None:
        ps = self.round(state)
        assert action.seat is not None
        ps.pending.remove(action.seat)


def _simultaneous(state: State) -> bool:
    return state.rules.declare_order == "simultaneous"


register(DeclarePhase())
