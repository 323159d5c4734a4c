"""What a seat may know: its own down cards, everyone's up cards, chips, whose turn, its options.

:func:`view` is the only projection of a state that leaves the core for a player (with
:func:`table_view`, its table without the history), and :func:`public_view` the one for
spectators; none ever holds a card its reader cannot see (down cards of others until shown,
the stub), so swapping hidden cards never changes them.
A simultaneous declaration (``declare_order = "simultaneous"``) is likewise hidden from the
other seats — they see only that the seat has declared — until every live player has declared.
Sealed bids at an auction (OPR-657 3.2–3.3) or a sale, and simultaneous turn-ups, likewise:
the others see only that a seat has acted until the last is in. Cards discarded face down are
seen by their seat only. Each phase says how the table sees the actions it logs
(:meth:`~splitpot.phases.base.Phase.sight`) and where its sealed part begins; this module only
composes those answers.

A view is made cheaply and works out its seats, history and offer when first read (most bots
read only their options); the engine has the views of a point still held take what they show
before it changes the state (``State.before_change``), so a view read late still shows its own
point of the hand, never a later one (tests/test_view_snapshot.py). A table view works out
every part at once, for a reader that reads all of it at every turn (the environment's
observations): nothing of it is left for later. :meth:`View.whole` does the same for a view.

Threads: a state is played and viewed (:func:`view`, ``legal_actions``, ``apply``) by one
thread at a time — the one that owns the table. A view made there may be read on any other
thread, and that is safe by design: the parts not yet worked out are worked out under the
state's lock, which the engine's ``before_change`` takes too before the state changes, so a
reader never sees a point half changed and the record of the history as seen is extended by
one thread at a time (tests/test_view_threads.py). A view that leaves the owner's task should
still be whole (:meth:`View.whole`, as the server hands them to its worker threads): then it
holds no reference to the live state and its reader never waits on the table. The caches live
on the state (``State.cached_views``), not in this module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from threading import RLock
from typing import Any, ClassVar, Final, NamedTuple, TypeVar
from weakref import ReferenceType, ref

from splitpot.actions import Action, Declaration
from splitpot.build import mypyc_attr
from splitpot.cards import Card
from splitpot.engine import legal_actions
from splitpot.errors import RulesError, ViewError
from splitpot.phases.base import PHASES, Phase, phase_of
from splitpot.phases.declare import declarations
from splitpot.rules import Rules
from splitpot.state import Award, Forfeit, Offer, Option, State

__all__ = ["SeatView", "TableView", "View", "public_view", "table_view", "view"]


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


_seat_view: Callable[[tuple[object, ...]], SeatView] = partial(tuple.__new__, SeatView)
"""A SeatView from its twelve values in order, without the named tuple's Python-level
``__new__`` (the views make one per seat per point of the hand)."""


class TableView(NamedTuple):
    """What a seat may know now of the table, its history left out: each field is the same
    as the :class:`View`'s of that name (:func:`table_view`)."""

    seat: int
    seats: tuple[SeatView, ...]
    common: tuple[Card | None, ...]
    pot: int
    street: int
    to_act: tuple[int, ...]
    options: tuple[Option, ...]
    finished: bool
    offer: Offer | None
    step: str


_table_view: Callable[[tuple[object, ...]], TableView] = partial(tuple.__new__, TableView)
"""A TableView from its values in order (as :data:`_seat_view`: one per observation)."""

_FIELDS: Final = (
    "game",
    "seat",
    "seats",
    "common",
    "pot",
    "street",
    "to_act",
    "dealer",
    "options",
    "finished",
    "awards",
    "log",
    "offer",
    "step",
    "rules",
    "forfeits",
)
_UNREAD: Final = Offer(())
"""An offer not worked out yet (a real one always holds a card): compared by identity."""
_PARTS: Final = ("seats", "log", "offer")
"""The parts a view works out when first read (:meth:`View.unread`)."""
T = TypeVar("T")


# Compiled, a native class: its fields are C fields, set without a lookup. Read only by having
# no setters; the parts worked out when first read are kept by a _Parts, which its point holds
# weakly (a native class takes no weak reference).
class View:
    """The table from one seat (``seat`` None: a spectator); ``offer``: the cards lying on
    the table for auction or sale, if any; ``step``: the kind of step under way (``"deal"``,
    ``"betting"``, ``"auction"``, ``"sale"``...; ``""`` once the hand is over);
    ``forfeits``: once it is over, each "both" declarer who failed and took nothing of a pot.

    ``rules``: the table's game as it is played — stakes and house rules included, a game
    from a TOML file too — where ``game`` is only its name. :func:`view` always fills it in;
    None only in a view built by hand without it.

    A value, like the named tuple it was: read only, ``_fields``, ``_replace``, ``_asdict``,
    equality and hashing by the fields, pickled by them. Made by :func:`view`, its costly
    parts (``seats``, ``log``, ``offer``) are worked out when first read — a bot that reads
    only its options does not pay for them — and always as they were at the point of the
    hand the view was made at: before the engine changes the state, the views of that point
    still held take what they show (``State.before_change``). :meth:`whole` works them out
    at once, for a view that leaves the thread playing the table."""

    __slots__ = (
        "_awards",
        "_common",
        "_dealer",
        "_finished",
        "_forfeits",
        "_game",
        "_options",
        "_parts",
        "_pot",
        "_rules",
        "_seat",
        "_step",
        "_street",
        "_to_act",
    )
    _fields: ClassVar[tuple[str, ...]] = _FIELDS

    def __init__(
        self,
        game: str,
        seat: int | None,
        seats: tuple[SeatView, ...],
        common: tuple[Card | None, ...],
        pot: int,
        street: int,
        to_act: tuple[int, ...],
        dealer: bool,
        options: tuple[Option, ...],
        finished: bool,
        awards: tuple[Award, ...],
        log: tuple[Action, ...],
        offer: Offer | None = None,
        step: str = "",
        rules: Rules | None = None,
        forfeits: tuple[Forfeit, ...] = (),
        parts: _Parts | None = None,
    ) -> None:
        """The fields in the order of ``_fields`` (``parts``: the parts still to work out,
        instead of ``seats``, ``log`` and ``offer``, for :func:`view`)."""
        self._game = game
        self._seat = seat
        self._common = common
        self._pot = pot
        self._street = street
        self._to_act = to_act
        self._dealer = dealer
        self._options = options
        self._finished = finished
        self._awards = awards
        self._step = step
        self._rules = rules
        self._forfeits = forfeits
        self._parts = _Parts(seat, seats, log, offer, None) if parts is None else parts

    @property
    def game(self) -> str:
        """The game's name."""
        return self._game

    @property
    def seat(self) -> int | None:
        """The reader's seat (None: a spectator)."""
        return self._seat

    @property
    def common(self) -> tuple[Card | None, ...]:
        """Cards in the middle for everyone."""
        return self._common

    @property
    def pot(self) -> int:
        """Every chip in the middle."""
        return self._pot

    @property
    def street(self) -> int:
        """The street being played."""
        return self._street

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats to act now."""
        return self._to_act

    @property
    def dealer(self) -> bool:
        """The dealer acts next (no seat)."""
        return self._dealer

    @property
    def options(self) -> tuple[Option, ...]:
        """What the reader may do now."""
        return self._options

    @property
    def finished(self) -> bool:
        """The hand is over."""
        return self._finished

    @property
    def awards(self) -> tuple[Award, ...]:
        """Who won what, once the hand is over."""
        return self._awards

    @property
    def step(self) -> str:
        """The kind of step under way."""
        return self._step

    @property
    def rules(self) -> Rules | None:
        """The table's game as it is played."""
        return self._rules

    @property
    def forfeits(self) -> tuple[Forfeit, ...]:
        """The "both" declarers who took nothing, and why."""
        return self._forfeits

    @property
    def seats(self) -> tuple[SeatView, ...]:
        """Every seat as the reader sees it (worked out when first read)."""
        return self._parts.read_seats()

    @property
    def log(self) -> tuple[Action, ...]:
        """The history as the reader saw it (worked out when first read)."""
        return self._parts.read_log()

    @property
    def offer(self) -> Offer | None:
        """What lies on the table for sale or auction (worked out when first read)."""
        return self._parts.read_offer()

    def unread(self) -> frozenset[str]:
        """The parts (``"seats"``, ``"log"``, ``"offer"``) not worked out yet: what a reader
        that never asked for them did not pay for."""
        parts = self._parts
        left = (parts.seats is None, parts.history is None, parts.offer is _UNREAD)
        return frozenset(name for name, no in zip(_PARTS, left, strict=True) if no)

    def whole(self) -> View:
        """This view with every part worked out now, holding nothing of the live state any
        more: a value that may leave the thread playing the table. Returns the view itself."""
        self._parts.fill()
        return self

    def _asdict(self) -> dict[str, Any]:
        """The fields by name, in order."""
        return {name: getattr(self, name) for name in _FIELDS}

    def _replace(self, **changes: Any) -> View:
        """A copy with ``changes`` made (as a named tuple's ``_replace``)."""
        return View(**{**self._asdict(), **changes})

    def _values(self) -> tuple[object, ...]:
        """The fields in order, every part worked out (what == , hash and pickle use)."""
        return tuple(getattr(self, name) for name in _FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS)
        return f"View({fields})"

    def __reduce__(self) -> tuple[type[View], tuple[object, ...]]:
        return (View, self._values())


# Compiled, but a Python class: the point holds it weakly.
@mypyc_attr(native_class=False)
class _Parts:
    """A view's parts worked out when first read — ``seats``, ``history`` and ``offer``,
    None (``_UNREAD`` for the offer) until then — and where they come from: ``source``, the
    point of the hand, the history as seen and the state, until every part is worked out.
    The views of one reader at one point share it; the point holds it weakly, so the parts
    of a view nobody holds any more are never worked out."""

    __slots__ = ("__weakref__", "history", "offer", "reader", "seats", "source")

    def __init__(
        self,
        reader: int | None,
        seats: tuple[SeatView, ...] | None,
        history: tuple[Action, ...] | None,
        offer: Offer | None,
        source: tuple[_Point, _Seen, State] | None,
    ) -> None:
        self.reader = reader
        self.seats = seats
        self.history = history
        self.offer = offer
        self.source = source

    def read_seats(self) -> tuple[SeatView, ...]:
        seats = self.seats
        return self.work_out("seats", None, _seats_of) if seats is None else seats

    def read_log(self) -> tuple[Action, ...]:
        log = self.history
        return self.work_out("history", None, _log_of) if log is None else log

    def read_offer(self) -> Offer | None:
        offer = self.offer
        return self.work_out("offer", _UNREAD, _offer_of) if offer is _UNREAD else offer

    def work_out(
        self, slot: str, unread: object, work: Callable[[int | None, _Point, _Seen, State], T]
    ) -> T:
        """Work out the part in ``slot`` (``unread`` until then) from the state, still at the
        view's point, under the state's lock (whatever thread reads it)."""
        source = self.source
        if source is not None:
            point, seen, state = source
            with seen.lock:
                value = getattr(self, slot)
                if value is not unread:  # worked out meanwhile by another thread
                    return value  # type: ignore[no-any-return]
                if state.position != point.position:
                    raise ViewError("a view's state changed without the engine: view it again")
                value = work(self.reader, point, seen, state)
                setattr(self, slot, value)
                return value
        # the source is dropped only once every part is worked out (fill)
        return getattr(self, slot)  # type: ignore[no-any-return]

    def fill(self) -> None:
        """Work out every part not yet read and drop the state (it is about to change, or the
        view leaves the thread that plays it)."""
        source = self.source
        if source is not None:
            with source[1].lock:
                self.read_seats()
                self.read_log()
                self.read_offer()
                self.source = None


def _seats_of(reader: int | None, point: _Point, seen: _Seen, state: State) -> tuple[SeatView, ...]:
    return point.seats_for(state, reader)


def _log_of(reader: int | None, point: _Point, seen: _Seen, state: State) -> tuple[Action, ...]:
    return seen.masked_log(state, reader, point.facts(state).cut)


def _offer_of(reader: int | None, point: _Point, seen: _Seen, state: State) -> Offer | None:
    return point.offer(state)


def view(state: State, seat: int) -> View:
    """What ``seat`` may know now."""
    if not 0 <= seat < state.n:
        raise RulesError(f"seat {seat} is not at this table of {state.n}")
    return _project(state, seat)


def public_view(state: State) -> View:
    """What a spectator may know now: no down cards until shown."""
    return _project(state, None)


def table_view(state: State, seat: int) -> TableView:
    """What ``seat`` may know now of the table — the fields of :func:`view` but the game, the
    dealer's turn, the awards, the history and the rules — every part worked out at once: a
    value that never changes, for a reader that reads all of it at every turn."""
    if not 0 <= seat < state.n:
        raise RulesError(f"seat {seat} is not at this table of {state.n}")
    point, _ = _point_of(state)
    legal = point.legal
    options = legal.options
    return _table_view(
        (
            seat,
            point.seats_for(state, seat),
            point.common,
            point.pot,
            state.street,
            legal.to_act,
            options[seat] if seat in options else (),  # noqa: SIM401 (a proxy's get is slower)
            point.finished,
            point.offer(state),
            point.step,
        )
    )


def _point_of(state: State) -> tuple[_Point, _Seen]:
    """This point of the hand as every reader sees it (made at the first view of the point),
    and the state's history as seen (both kept on the state: ``State.cached_views``)."""
    seen = state.cached_views
    if not isinstance(seen, _Seen):
        seen = state.cached_views = _Seen(state.n)
    point = seen.point
    position = state.position
    if point is None or point.position != position or point.finished != state.finished:
        point = seen.point = _Point(state, seen.lock, position)
        state.before_change.append(point)  # called before the state changes: it freezes
    return point, seen


def _project(state: State, reader: int | None) -> View:
    """The view of ``reader`` (None: a spectator), built from what this point of the hand
    shows everyone (:class:`_Point`, once per point); its seats and history are left to be
    worked out when first read, or by the point before the state changes."""
    point, seen = _point_of(state)
    known = point.views.get(reader)
    parts = known() if known is not None else None
    if parts is None:  # the first view of this reader here, or nobody holds the others now
        # made field by field: a Python class's call through __init__ costs twice as much
        parts = _Parts.__new__(_Parts)
        parts.reader = reader
        parts.seats = parts.history = None
        parts.offer = _UNREAD
        parts.source = (point, seen, state)
        point.views[reader] = ref(parts)
    legal = point.legal
    options = legal.options
    return View(
        state.rules.name,
        reader,
        (),
        point.common,
        point.pot,
        state.street,
        legal.to_act,
        legal.dealer,
        options[reader]
        if reader is not None and reader in options
        else (),  # a proxy's get is slower
        point.finished,
        point.awards,
        (),
        _UNREAD,
        point.step,
        state.rules,
        point.forfeits,
        parts,
    )


class _Facts(NamedTuple):
    """What a point shows of the sealed and declared: where the sealed part of the log begins,
    the declarations made, the bids of the auction or sale under way."""

    cut: int | None
    declared: dict[int, Declaration]
    bids: dict[int, int]


class _Point:
    """What one point of the hand (a length of the log) shows every reader: the legal actions
    and the table's facts at once, the seats as the others see them and the sealed facts when
    a view first needs them; and the parts of the views made at this point, by reader, kept
    weakly (a view asked for twice shares them; a view nobody holds is never worked out).

    Its caches are filled by whichever thread reads first; two threads filling one at once
    (a table view beside a view read on another thread) put in the same value."""

    __slots__ = (
        "_facts",
        "_offer",
        "awards",
        "common",
        "finished",
        "forfeits",
        "legal",
        "lock",
        "position",
        "pot",
        "seats",
        "step",
        "views",
    )

    def __init__(self, state: State, lock: RLock, position: int) -> None:
        """The point ``state`` is at now (``position``: its length of the log)."""
        self.lock = lock  # the state's: its views' readers take it (no reference back to _Seen)
        self.position = position
        self.finished = over = state.finished
        asked = state.cached_legal  # the engine's answer here, when a player has asked already
        self.legal = asked[1] if asked[0] == position and not over else legal_actions(state)
        self.step = "" if over else phase_of(state).kind
        # empty until a common card, the awards or a forfeit (no call for an empty tuple)
        self.common = tuple(state.common) if state.common else ()
        self.pot = state.pot
        self.awards = tuple(state.awards) if state.awards else ()
        self.forfeits = tuple(state.forfeits) if state.forfeits else ()
        self.views: dict[int | None, ReferenceType[_Parts]] = {}
        self.seats: list[SeatView | None] | None = None  # as the others see them, when asked
        self._facts: _Facts | None = None
        self._offer: Offer | None = _UNREAD

    def __call__(self) -> None:
        """Freeze: the state is about to change (the point is in :attr:`State.before_change`),
        so the views of this point still held by someone work out what they have not yet read,
        as it is now; under the state's lock, so a reader on another thread has finished or
        waits. (A view nobody holds any more, or one already whole, has no reader left to wait
        for.)"""
        views = self.views
        for made in views.values():
            alive = made()
            if alive is not None and alive.source is not None:
                with self.lock:
                    for still in views.values():
                        alive = still()
                        if alive is not None:
                            alive.fill()
                break
        views.clear()
        self.position = -1  # passed: the next view makes a new point, and waits on it

    def offer(self, state: State) -> Offer | None:
        """The offer on the table at this point (``state`` still at it)."""
        offer = self._offer
        if offer is _UNREAD:
            offer = self._offer = None if self.finished else phase_of(state).offer(state)
        return offer

    def facts(self, state: State) -> _Facts:
        """The sealed and declared facts of this point (``state`` still at it)."""
        facts = self._facts
        if facts is None:
            if self.finished:
                facts = _Facts(None, declarations(state), {})
            else:
                phase = phase_of(state)
                facts = _Facts(phase.secret_since(state), declarations(state), phase.bids(state))
            self._facts = facts
        return facts

    def seats_for(self, state: State, reader: int | None) -> tuple[SeatView, ...]:
        """Every seat as ``reader`` sees it: its own in full, the others as everyone does
        (each built once per point, when a view first needs it)."""
        known = self.seats
        if known is None:
            known = self.seats = [None] * state.n
        stacks, bets, paid, folded, shown = (
            state.stacks,
            state.bets,
            state.paid,
            state.folded,
            state.shown,
        )
        hands, faceup, ups_of = state.hands, state.faceup, state.ups
        facts = self.facts(state)
        declared, bids, sealed = facts.declared, facts.bids, facts.cut is not None
        out: list[SeatView] = []
        for s, public in enumerate(known):
            own = s == reader
            if public is not None and not own:
                out.append(public)
                continue
            gone = folded[s]
            showing = shown[s]
            if (gone or showing is False) and not own:
                # a folded or mucked hand leaves the table, its up cards too
                made = _seat_view(
                    (s, stacks[s], bets[s], paid[s], gone, False, (), (), False, None, False, None)
                )
            else:
                hand, ups = hands[s], ups_of[s]
                if own or showing is True:
                    down = tuple([c for c, u in zip(hand, faceup[s], strict=True) if not u])
                else:
                    down = (None,) * (len(hand) - len(ups))
                said = declared.get(s)
                visible = own or not sealed
                made = _seat_view(
                    (
                        s,
                        stacks[s],
                        bets[s],
                        paid[s],
                        gone,
                        showing is True,
                        down,
                        tuple(ups),
                        said is not None,
                        said if visible else None,
                        s in bids,
                        bids.get(s) if visible else None,
                    )
                )
            if not own:
                known[s] = made
            out.append(made)
        return tuple(out)


_OPEN: Final = frozenset(kind for kind, phase in PHASES.items() if type(phase).sight is Phase.sight)
"""The kinds of step whose actions everyone sees as they are (their phase hides nothing)."""


class _Seen:
    """A state's history as the phases say the table sees it (:meth:`Phase.sight`), extended
    as the log grows so that a view only restores what its reader may see: ``public`` is the
    spectator's history; ``own`` lists, per seat, the actions it sees in full; ``shows`` those
    the others see once it shows its hand; ``sealed`` sealed moves not yet revealed. ``lock``
    is held while a view works out a part and while the point's views are frozen."""

    __slots__ = ("lock", "own", "point", "public", "sealed", "shows", "step", "upto")

    def __init__(self, n: int) -> None:
        self.lock = RLock()  # reentrant: freezing a point works out its views' parts
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
