"""What a seat may know: its own down cards, everyone's up cards, chips, whose turn, its options.

:func:`view` is the only projection of a state that leaves the core for a player, and
:func:`public_view` the one for spectators; neither ever holds a card its reader cannot see
(down cards of others until shown, the stub), so swapping hidden cards never changes them.
A simultaneous declaration (``declare_order = "simultaneous"``) is likewise hidden from the
other seats — they see only that the seat has declared — until every live player has declared.
Sealed bids at an auction (OPR-657 3.2–3.3) or a sale, and simultaneous turn-ups, likewise:
the others see only that a seat has acted until the last is in (the phase says where the sealed
part of the log begins). Cards discarded face down are seen by their seat only.
"""

from __future__ import annotations

from typing import NamedTuple
from weakref import WeakKeyDictionary

from splitpot.actions import Action, Declaration
from splitpot.cards import Card
from splitpot.engine import legal_actions
from splitpot.errors import RulesError
from splitpot.phases.base import phase_of
from splitpot.phases.declare import declarations
from splitpot.rules import Rules
from splitpot.state import Award, Offer, Option, State

__all__ = ["SeatView", "View", "public_view", "view"]


class SeatView(NamedTuple):
    """One seat as the reader sees it; ``down`` holds None for each card the reader cannot see.

    A folded or mucked hand shows no cards (except to its own seat); the log keeps what was
    dealt face up. ``declared``: the seat has declared; ``declaration``: what, when the reader
    may know it (its own at once; others' once every simultaneous declaration is in).
    """

    seat: int
    stack: int
    bet: int
    paid: int
    folded: bool
    shown: bool
    down: tuple[Card | None, ...]
    up: tuple[Card | None, ...]
    declared: bool = False
    declaration: Declaration | None = None
    has_bid: bool = False
    bid: int | None = None


class View(NamedTuple):
    """The table from one seat (``seat`` None: a spectator); ``offer``: the cards lying on
    the table for auction or sale, if any; ``step``: the kind of step under way (``"deal"``,
    ``"betting"``, ``"auction"``, ``"sale"``...; ``""`` once the hand is over).

    ``rules``: the table's game as it is played — stakes and house rules included, a game
    from a TOML file too — where ``game`` is only its name. :func:`view` always fills it in;
    None only in a view built by hand without it."""

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
    offer: Offer | None = None
    step: str = ""
    rules: Rules | None = None


def view(state: State, seat: int) -> View:
    """What ``seat`` may know now."""
    if not 0 <= seat < state.n:
        raise RulesError(f"seat {seat} is not at this table of {state.n}")
    return _project(state, seat)


def public_view(state: State) -> View:
    """What a spectator may know now: no down cards until shown."""
    return _project(state, None)


def _project(state: State, reader: int | None) -> View:
    legal = legal_actions(state)
    stacks, bets, paid, folded, shown = (
        state.stacks,
        state.bets,
        state.paid,
        state.folded,
        state.shown,
    )
    seats = []
    phase = phase_of(state)
    over = state.finished
    cut = None if over else phase.secret_since(state)  # sealed moves from here on
    declared = declarations(state)
    bid_of = {} if over else phase.bids(state)  # the auction or sale under way
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
        said = declared.get(s)
        visible = s == reader or cut is None
        seats.append(
            SeatView(
                s,
                stacks[s],
                bets[s],
                paid[s],
                folded[s],
                shown[s] is True,
                down,
                up,
                said is not None,
                said if visible else None,
                s in bid_of,
                bid_of.get(s) if visible else None,
            )
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
        finished=over,
        awards=tuple(state.awards),
        log=_masked_log(state, reader, cut),
        offer=None if over else phase.offer(state),
        step="" if over else phase.kind,
        rules=state.rules,
    )


_SEALED_VERBS = frozenset({"bid", "pass", "dec", "up"})
"""Moves hidden from the other seats while their step is sealed (shown as "has acted")."""


class _PublicLog:
    """The history as a spectator sees it, extended as the log grows (so a view is cheap), and
    where each seat's hidden cards sit in it: ``deals`` are unmasked for the seat and once it
    shows its hand, ``private`` (face-down discards) only for the seat."""

    __slots__ = ("actions", "deals", "dealt", "owed", "private", "showing", "upto")

    def __init__(self, n: int) -> None:
        self.actions: list[Action] = []
        self.showing: list[set[Card | None]] = [set() for _ in range(n)]  # each seat's up cards
        self.owed: dict[int, bool] = {}  # seat -> its bought replacement is dealt face up
        self.dealt = [0] * n
        self.deals: list[list[int]] = [[] for _ in range(n)]
        self.private: list[list[int]] = [[] for _ in range(n)]
        self.upto = 0

    def copy(self) -> _PublicLog:
        new = _PublicLog(0)
        new.actions = self.actions.copy()
        new.dealt = self.dealt.copy()
        new.deals = [d.copy() for d in self.deals]
        new.private = [p.copy() for p in self.private]
        new.showing = [u.copy() for u in self.showing]
        new.owed = self.owed.copy()
        new.upto = self.upto
        return new

    def catch_up(self, state: State) -> None:
        log = state.actions
        for i in range(self.upto, len(log)):
            action = log[i]
            seat = action.seat
            if action.verb == "dh" and seat is not None and seat in self.owed:
                # a bought replacement: up for an upcard, down for the hole card (OPR-207 3.3)
                self.deals[seat].append(i)
                if self.owed.pop(seat):
                    self.showing[seat].update(action.cards)
                else:
                    action = Action("dh", seat, (None,) * len(action.cards))
            elif action.verb == "buy" and seat is not None:
                up = all(c is not None and c in self.showing[seat] for c in action.cards)
                self.showing[seat].difference_update(action.cards)
                self.owed[seat] = up
                if not up:  # the hole card is discarded unseen
                    self.deals[seat].append(i)
                    action = Action("buy", seat, (None,) * len(action.cards))
            elif action.verb == "dh" and seat is not None:
                start = self.dealt[seat]
                k = len(action.cards)
                self.dealt[seat] = start + k
                self.deals[seat].append(i)
                flags = state.dealt_up[seat][start : start + k]
                pairs = zip(action.cards, flags, strict=True)
                self.showing[seat].update(c for c, up in pairs if up)
                if not all(flags):
                    hidden = zip(action.cards, flags, strict=True)
                    action = Action("dh", seat, tuple(c if up else None for c, up in hidden))
            elif action.verb == "sd" and seat is not None and action.cards:
                self.private[seat].append(i)  # a discard face down (NASDAQ)
                action = Action("sd", seat, (None,) * len(action.cards))
            elif action.verb == "up" and seat is not None:
                self.showing[seat].update(action.cards)
            self.actions.append(action)
        self.upto = len(log)


_PUBLIC: WeakKeyDictionary[State, _PublicLog] = WeakKeyDictionary()
"""The views' cache: each state's public history, extended as its log grows."""


def _masked_log(state: State, reader: int | None, cut: int | None) -> tuple[Action, ...]:
    """The history with every card the reader cannot see replaced by None, and the other
    seats' sealed moves since ``cut`` shown without what they were."""
    public = _PUBLIC.get(state)
    if public is None:
        public = _PUBLIC[state] = _PublicLog(state.n)
    public.catch_up(state)
    seen = [s for s in range(state.n) if s == reader or state.shown[s] is True]
    if not seen and cut is None:
        return tuple(public.actions)
    out = public.actions.copy()
    log = state.actions
    for s in seen:
        for i in public.deals[s]:
            out[i] = log[i]
    if reader is not None:
        for i in public.private[reader]:
            out[i] = log[i]
    if cut is not None:
        for i in range(cut, len(log)):
            action = log[i]
            if action.verb in _SEALED_VERBS and action.seat not in (None, reader):
                out[i] = Action("bid" if action.verb == "pass" else action.verb, action.seat)
    return tuple(out)
