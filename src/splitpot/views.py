"""What a seat may know: its own down cards, everyone's up cards, chips, whose turn, its options.

:func:`view` is the only projection of a state that leaves the core for a player, and
:func:`public_view` the one for spectators; neither ever holds a card its reader cannot see
(down cards of others until shown, the stub), so swapping hidden cards never changes them.
"""

from __future__ import annotations

from typing import NamedTuple

from splitpot.actions import Action
from splitpot.cards import Card
from splitpot.engine import legal_actions
from splitpot.state import Award, Option, State

__all__ = ["SeatView", "View", "public_view", "view"]


class SeatView(NamedTuple):
    """One seat as the reader sees it; ``down`` holds None for each card the reader cannot see.

    A folded or mucked hand shows no cards (except to its own seat); the log keeps what was
    dealt face up.
    """

    seat: int
    stack: int
    bet: int
    paid: int
    folded: bool
    shown: bool
    down: tuple[Card | None, ...]
    up: tuple[Card | None, ...]


class View(NamedTuple):
    """The table from one seat (``seat`` None: a spectator)."""

    game: str
    seat: int | None
    seats: tuple[SeatView, ...]
    common: tuple[Card | None, ...]
    pot: int
    street: int
    to_act: tuple[int, ...]
    dealer: bool
    options: tuple[Option, ...]
    finished: bool
    awards: tuple[Award, ...]
    log: tuple[Action, ...]


def view(state: State, seat: int) -> View:
    """What ``seat`` may know now."""
    if not 0 <= seat < state.n:
        raise ValueError(f"seat {seat} is not at this table of {state.n}")
    return _project(state, seat)


def public_view(state: State) -> View:
    """What a spectator may know now: no down cards until shown."""
    return _project(state, None)


def _project(state: State, reader: int | None) -> View:
    legal = legal_actions(state)
    stacks, bets, paid, folded, shown = (
        state._stacks,
        state.bets,
        state.paid,
        state.folded,
        state.shown,
    )
    seats = []
    for s in range(state.n):
        if (folded[s] or shown[s] is False) and s != reader:
            # a folded or mucked hand leaves the table, its up cards too
            seats.append(SeatView(s, stacks[s], bets[s], paid[s], folded[s], False, (), ()))
            continue
        hand, faceup = state.hands[s], state.faceup[s]
        if s == reader or shown[s] is True:
            down = tuple([c for c, u in zip(hand, faceup, strict=True) if not u])
        else:
            down = (None,) * (len(hand) - len(state.ups[s]))
        up = tuple(state.ups[s])
        seats.append(
            SeatView(s, stacks[s], bets[s], paid[s], folded[s], shown[s] is True, down, up)
        )
    options = legal.options.get(reader, ()) if reader is not None else ()
    return View(
        game=state.rules.name,
        seat=reader,
        seats=tuple(seats),
        common=tuple(state.common),
        pot=state.pot,
        street=state.street,
        to_act=legal.to_act,
        dealer=legal.dealer,
        options=options,
        finished=state.finished,
        awards=tuple(state.awards),
        log=_masked_log(state, reader),
    )


class _PublicLog:
    """The history as a spectator sees it, extended as the log grows (so a view is cheap), and
    where each seat's deals sit in it (to unmask them for that seat, or once shown)."""

    __slots__ = ("actions", "deals", "dealt", "upto")

    def __init__(self, n: int) -> None:
        self.actions: list[Action] = []
        self.dealt = [0] * n
        self.deals: list[list[int]] = [[] for _ in range(n)]
        self.upto = 0

    def copy(self) -> _PublicLog:
        new = _PublicLog(0)
        new.actions = self.actions.copy()
        new.dealt = self.dealt.copy()
        new.deals = [d.copy() for d in self.deals]
        new.upto = self.upto
        return new

    def catch_up(self, state: State) -> None:
        log = state._log
        for i in range(self.upto, len(log)):
            action = log[i]
            seat = action.seat
            if action.verb == "dh" and seat is not None:
                start = self.dealt[seat]
                k = len(action.cards)
                self.dealt[seat] = start + k
                self.deals[seat].append(i)
                flags = state.faceup[seat][start : start + k]
                if not all(flags):
                    hidden = zip(action.cards, flags, strict=True)
                    action = Action("dh", seat, tuple(c if up else None for c, up in hidden))
            self.actions.append(action)
        self.upto = len(log)


def _masked_log(state: State, reader: int | None) -> tuple[Action, ...]:
    """The history with every card the reader cannot see replaced by None."""
    public: _PublicLog | None = state.public
    if public is None:
        public = state.public = _PublicLog(state.n)
    public.catch_up(state)
    seen = [s for s in range(state.n) if s == reader or state.shown[s] is True]
    if not seen:
        return tuple(public.actions)
    out = public.actions.copy()
    log = state._log
    for s in seen:
        for i in public.deals[s]:
            out[i] = log[i]
    return tuple(out)
