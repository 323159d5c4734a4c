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

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import NamedTuple
from weakref import WeakKeyDictionary, ref

from splitpot.actions import Action, Declaration
from splitpot.cards import Card
from splitpot.engine import legal_actions
from splitpot.errors import RulesError
from splitpot.phases.base import PHASES, Phase, phase_of
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
    """The view of ``reader`` (None: a spectator), built from what this point of the hand
    shows everyone (:class:`_Point`, once per point) and what the reader alone may see."""
    global _last
    seen = _last[1]
    if _last[0]() is not state:  # not the table viewed last: look it up
        found = _SEEN.get(state)
        seen = _SEEN[state] = _Seen(state.n) if found is None else found
        _last = (ref(state), seen)
    point = seen.point
    if point is None or point.position != state.position or point.finished != state.finished:
        point = seen.point = _Point(state)
    known = point.views.get(reader)
    if known is not None:
        return known
    seats = point.seats_for(state, reader)
    made = point.views[reader] = View(
        game=state.rules.name,
        seat=reader,
        seats=seats,
        common=point.common,
        pot=point.pot,
        street=state.street,
        to_act=point.legal.to_act,
        dealer=point.legal.dealer,
        options=point.legal.options.get(reader, ()) if reader is not None else (),
        finished=point.finished,
        awards=point.awards,
        log=seen.masked_log(state, reader, point.cut),
        offer=point.offer,
        step=point.step,
        rules=state.rules,
    )
    return made


class _Point:
    """What one point of the hand (a length of the log) shows every reader: the seats as the
    others see them, the legal actions, where the sealed part of the log begins; and the views
    made at this point, by reader (a view asked for twice is built once)."""

    __slots__ = (
        "awards",
        "bids",
        "common",
        "cut",
        "declared",
        "finished",
        "legal",
        "offer",
        "position",
        "pot",
        "seats",
        "step",
        "views",
    )

    def __init__(self, state: State) -> None:
        self.position = state.position
        self.finished = over = state.finished
        self.legal = legal_actions(state)
        phase = phase_of(state)
        self.cut = None if over else phase.secret_since(state)  # sealed moves from here on
        self.declared = declarations(state)
        self.bids = {} if over else phase.bids(state)  # the auction or sale under way
        self.offer = None if over else phase.offer(state)
        self.step = "" if over else phase.kind
        self.common = tuple(state.common)
        self.pot = state.pot
        self.awards = tuple(state.awards)
        self.views: dict[int | None, View] = {}
        self.seats: list[SeatView | None] = [None] * state.n  # as the others see them

    def seats_for(self, state: State, reader: int | None) -> tuple[SeatView, ...]:
        """Every seat as ``reader`` sees it: its own in full, the others as everyone does
        (each built once per point, when a view first needs it)."""
        known = self.seats
        stacks, bets, paid, folded, shown = (
            state.stacks,
            state.bets,
            state.paid,
            state.folded,
            state.shown,
        )
        hands, faceup, ups_of = state.hands, state.faceup, state.ups
        declared, bids, sealed = self.declared, self.bids, self.cut is not None
        out: list[SeatView] = []
        for s, public in enumerate(known):
            own = s == reader
            if public is not None and not own:
                out.append(public)
                continue
            if (folded[s] or shown[s] is False) and not own:
                # a folded or mucked hand leaves the table, its up cards too
                made = SeatView(s, stacks[s], bets[s], paid[s], folded[s], False, (), ())
            else:
                hand, ups = hands[s], ups_of[s]
                if own or shown[s] is True:
                    down = tuple([c for c, u in zip(hand, faceup[s], strict=True) if not u])
                else:
                    down = (None,) * (len(hand) - len(ups))
                said = declared.get(s)
                visible = own or not sealed
                made = SeatView(
                    s,
                    stacks[s],
                    bets[s],
                    paid[s],
                    folded[s],
                    shown[s] is True,
                    down,
                    tuple(ups),
                    said is not None,
                    said if visible else None,
                    s in bids,
                    bids.get(s) if visible else None,
                )
            if not own:
                known[s] = made
            out.append(made)
        return tuple(out)


_OPEN = frozenset(kind for kind, phase in PHASES.items() if type(phase).sight is Phase.sight)
"""The kinds of step whose actions everyone sees as they are (their phase hides nothing)."""


class _Seen:
    """A state's history as the phases say the table sees it (:meth:`Phase.sight`), extended
    as the log grows so that a view only restores what its reader may see: ``public`` is the
    spectator's history; ``own`` lists, per seat, the actions it sees in full; ``shows`` those
    the others see once it shows its hand; ``sealed`` sealed moves not yet revealed."""

    __slots__ = ("own", "point", "public", "sealed", "shows", "step", "upto")

    def __init__(self, n: int) -> None:
        self.point: _Point | None = None  # the point of the hand last viewed
        self.public: list[Action] = []
        self.own: list[list[int]] = [[] for _ in range(n)]
        self.shows: list[list[int]] = [[] for _ in range(n)]
        self.sealed: list[int] = []
        self.step = 0  # the step that logged public[upto - 1]
        self.upto = 0

    def catch_up(self, state: State) -> None:
        """Take in the actions logged since the last view, a step at a time."""
        log, began, steps = state.actions, state.step_began, state.rules.steps
        public, step, i, end = self.public, self.step, self.upto, len(log)
        while i < end:
            while step + 1 < len(began) and began[step + 1] <= i:
                step += 1
            stop = min(end, began[step + 1]) if step + 1 < len(began) else end
            phase = PHASES[steps[step].kind]
            if phase.kind in _OPEN:  # seen by all as it is
                public.extend(log[i:stop])
                i = stop
                continue
            for k in range(i, stop):
                action = log[k]
                sight = phase.sight(state, step, action, public)
                if sight is not None:
                    self.own[sight.owner].append(k)
                    if sight.until == "shown":
                        self.shows[sight.owner].append(k)
                    elif sight.until == "revealed":
                        self.sealed.append(k)
                    action = sight.public
                public.append(action)
            i = stop
        self.step, self.upto = step, end

    def reveal(self, log: Sequence[Action], cut: int | None) -> None:
        """Sealed moves before ``cut`` (all of them when nothing is sealed now) are revealed."""
        keep = []
        for i in self.sealed:
            if cut is None or i < cut:
                self.public[i] = log[i]
            else:
                keep.append(i)
        self.sealed = keep

    def masked_log(self, state: State, reader: int | None, cut: int | None) -> tuple[Action, ...]:
        """The history with every card the reader cannot see replaced by None, and the other
        seats' sealed moves since ``cut`` shown without what they were."""
        self.catch_up(state)
        log = state.actions
        if self.sealed:
            self.reveal(log, cut)
        shown = state.shown
        restore = [s for s in range(state.n) if shown[s] is True and s != reader]
        if reader is None and not restore:
            return tuple(self.public)
        out = self.public.copy()
        if reader is not None:
            for i in self.own[reader]:
                out[i] = log[i]
        for s in restore:  # a hand shown: the cards it holds, not those it bought away or sold
            hand = set(state.hands[s])
            for i in self.shows[s]:
                real, public = log[i], out[i]
                cards = [
                    r if r in hand else p for r, p in zip(real.cards, public.cards, strict=True)
                ]
                out[i] = real if cards == list(real.cards) else replace(public, cards=tuple(cards))
        return tuple(out)


_SEEN: WeakKeyDictionary[State, _Seen] = WeakKeyDictionary()
"""The views' cache: each state's history as seen, extended as its log grows."""
_last: tuple[Callable[[], State | None], _Seen] = (lambda: None, _Seen(0))
"""The state viewed last and its cache: a lookup without hashing."""
