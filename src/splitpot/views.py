"""What a seat may know: its own down cards, everyone's up cards, chips, whose turn, its options.

:func:`view` is the only projection of a state that leaves the core for a player, and
:func:`public_view` the one for spectators; neither ever holds a card its reader cannot see
(down cards of others until shown, the stub), so swapping hidden cards never changes them.
A simultaneous declaration (``declare_order = "simultaneous"``) is likewise hidden from the
other seats — they see only that the seat has declared — until every live player has declared.
Sealed bids at an auction (OPR-657 3.2–3.3) or a sale, and simultaneous turn-ups, likewise:
the others see only that a seat has acted until the last is in. Cards discarded face down are
seen by their seat only. Each phase says how the table sees the actions it logs
(:meth:`~splitpot.phases.base.Phase.sight`) and where its sealed part begins; this module only
composes those answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple
from weakref import WeakKeyDictionary

from splitpot.actions import Action, Declaration
from splitpot.cards import Card
from splitpot.engine import legal_actions
from splitpot.errors import RulesError
from splitpot.phases.base import PHASES, phase_of
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


class _Seen:
    """A state's history as the phases say the table sees it (:meth:`Phase.sight`), extended
    as the log grows so that a view only restores what its reader may see: ``public`` is the
    spectator's history; ``own`` lists, per seat, the actions it sees in full; ``shows`` those
    the others see once it shows its hand; ``sealed`` sealed moves not yet revealed."""

    __slots__ = ("own", "public", "sealed", "shows", "step", "upto")

    def __init__(self, n: int) -> None:
        self.public: list[Action] = []
        self.own: list[list[int]] = [[] for _ in range(n)]
        self.shows: list[list[int]] = [[] for _ in range(n)]
        self.sealed: list[int] = []
        self.step = 0  # the step that logged public[upto - 1]
        self.upto = 0

    def catch_up(self, state: State) -> None:
        log, began, steps = state.actions, state.step_began, state.rules.steps
        public, step = self.public, self.step
        for i in range(self.upto, len(log)):
            while step + 1 < len(began) and began[step + 1] <= i:
                step += 1
            action = log[i]
            sight = PHASES[steps[step].kind].sight(state, step, action, public)
            if sight is not None:
                self.own[sight.owner].append(i)
                if sight.until == "shown":
                    self.shows[sight.owner].append(i)
                elif sight.until == "revealed":
                    self.sealed.append(i)
                action = sight.public
            public.append(action)
        self.step, self.upto = step, len(log)

    def reveal(self, log: Sequence[Action], cut: int | None) -> None:
        """Sealed moves before ``cut`` (all of them when nothing is sealed now) are revealed."""
        keep = []
        for i in self.sealed:
            if cut is None or i < cut:
                self.public[i] = log[i]
            else:
                keep.append(i)
        self.sealed = keep


_SEEN: WeakKeyDictionary[State, _Seen] = WeakKeyDictionary()
"""The views' cache: each state's history as seen, extended as its log grows."""


def _masked_log(state: State, reader: int | None, cut: int | None) -> tuple[Action, ...]:
    """The history with every card the reader cannot see replaced by None, and the other
    seats' sealed moves since ``cut`` shown without what they were."""
    seen = _SEEN.get(state)
    if seen is None:
        seen = _SEEN[state] = _Seen(state.n)
    seen.catch_up(state)
    log = state.actions
    if seen.sealed:
        seen.reveal(log, cut)
    restore = [s for s in range(state.n) if state.shown[s] is True and s != reader]
    if reader is None and not restore:
        return tuple(seen.public)
    out = seen.public.copy()
    if reader is not None:
        for i in seen.own[reader]:
            out[i] = log[i]
    for s in restore:  # a hand shown: the cards it holds, not those it bought away or sold
        hand = set(state.hands[s])
        for i in seen.shows[s]:
            real, public = log[i], out[i]
            cards = [r if r in hand else p for r, p in zip(real.cards, public.cards, strict=True)]
            out[i] = real if cards == list(real.cards) else replace(public, cards=tuple(cards))
    return tuple(out)
