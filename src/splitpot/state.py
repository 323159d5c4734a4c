"""The table's state: seats, cards up and down, stacks, bets, the stub, the step under way, the log.

:class:`State` is mutable on purpose: ``engine.apply`` validates an action and then changes the
state in place (cheap), and :meth:`State.copy` gives an independent copy on demand. The value
types that leave the engine (:class:`Option`, :class:`Legal`, :class:`Award`,
:class:`Outcome`) live here so that phases and the engine share them. A state also carries
the engine's and the views' caches of its own point of the hand (``cached_legal``,
``cached_views``): no values of the hand, never copied, and never shared with another state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Literal, NamedTuple, Protocol, Self, TypeVar

from splitpot.actions import Action, Declaration
from splitpot.build import by_fields, dataclass_init
from splitpot.cards import Card
from splitpot.errors import RulesError
from splitpot.rules import Rules, Step

__all__ = [
    "Award",
    "Forfeit",
    "Legal",
    "Offer",
    "Option",
    "Outcome",
    "Payment",
    "Round",
    "Sight",
    "State",
]

Half = Literal["high", "low", "all"]
_READ_ONLY: Final = MappingProxyType
S = TypeVar("S", bound=Step)


class Round(Protocol):
    """A phase's bookkeeping kept in the state (the step's round, the sale steps' market):
    copied with the state and compared by its snapshot."""

    def copy(self) -> Self: ...

    def snapshot(self) -> tuple[object, ...]: ...


@dataclass(frozen=True, slots=True)
class Option:
    """One thing a seat may do: ``verb`` with an amount in ``[min_amount, max_amount]``.

    ``("cbr", 4, 4)``: complete/bet/raise *to* 4; ``("cc", 2, 2)``: call 2 more (0 = check);
    ``("pb", 1, 1)``: bring in; ``("f", None, None)``: fold; ``("sm", None, None)``: show or
    muck. ``choices``, when not empty, lists the only amounts allowed in the range (fixed limit
    with an open pair on fourth street: the small or the big bet). ``cards``, when not empty,
    lists the cards the action may name, one of them (a card to pick, buy away, discard, sell
    or turn up); ``declarations`` the ways a seat may declare (``"hi"``, ``"lo"``, ``"both"``).
    """

    verb: str
    min_amount: int | None = None
    max_amount: int | None = None
    choices: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    declarations: tuple[Declaration, ...] = ()

    def __init__(
        self,
        verb: str,
        min_amount: int | None = None,
        max_amount: int | None = None,
        choices: tuple[int, ...] = (),
        cards: tuple[Card, ...] = (),
        declarations: tuple[Declaration, ...] = (),
    ) -> None:
        # compiled only: the pure build's is the dataclass's (build.dataclass_init)
        self.verb = verb  # type: ignore[misc]
        self.min_amount = min_amount  # type: ignore[misc]
        self.max_amount = max_amount  # type: ignore[misc]
        self.choices = choices  # type: ignore[misc]
        self.cards = cards  # type: ignore[misc]
        self.declarations = declarations  # type: ignore[misc]

    def __reduce__(self) -> tuple[type[Option], tuple[object, ...]]:
        return by_fields(self)  # compiled: pickled by its constructor


class Legal:
    """Who the table waits on and what each may do; ``dealer``: the dealer's step is next.

    A value like its fields (equal by them, pickled by them), and read only: its fields are
    properties, and ``options`` a read-only proxy of the mapping it is made with, which its
    maker lets go of, since the engine hands the same answer to every reader of a point.
    One is made at every point of every hand: compiled, a native class whose fields are
    set without ``object.__setattr__``."""

    __slots__ = ("_dealer", "_options", "_to_act")

    def __init__(
        self, to_act: tuple[int, ...], dealer: bool, options: Mapping[int, tuple[Option, ...]]
    ) -> None:
        self._to_act = to_act
        self._dealer = dealer
        self._options = options if type(options) is _READ_ONLY else _READ_ONLY(options)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats the table waits on."""
        return self._to_act

    @property
    def dealer(self) -> bool:
        """The dealer's step is next."""
        return self._dealer

    @property
    def options(self) -> Mapping[int, tuple[Option, ...]]:
        """What each seat of ``to_act`` may do (read only)."""
        return self._options

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Legal):
            return NotImplemented
        return (self._to_act, self._dealer, self._options) == (
            other._to_act,
            other._dealer,
            other._options,
        )

    __hash__ = None  # type: ignore[assignment]  # its options are a mapping

    def __repr__(self) -> str:
        options = dict(self._options)
        return f"Legal(to_act={self._to_act!r}, dealer={self._dealer!r}, options={options!r})"

    def __reduce__(self) -> tuple[type[Legal], tuple[object, ...]]:
        # a mapping proxy does not pickle or deep-copy: the options go as a dict, read only again
        return (Legal, (self._to_act, self._dealer, dict(self._options)))


@dataclass(frozen=True, slots=True)
class Offer:
    """Cards on the table for sale or auction: an auction's layout still to be picked
    (``seller`` None), or the card a NASDAQ seller shows with the asking price (``ask``) and,
    where bids are open, the best bid so far and its bidder."""

    cards: tuple[Card, ...]
    seller: int | None = None
    ask: int | None = None
    high_bid: int | None = None
    high_bidder: int | None = None

    def __reduce__(self) -> tuple[type[Offer], tuple[object, ...]]:
        return by_fields(self)  # compiled: pickled by its constructor


class Sight(NamedTuple):
    """How the table sees one logged action, as the phase that logged it says (views compose
    these): the others see ``public``; ``owner`` sees the action itself, and so do the others
    once ``until`` — ``"shown"``: the owner shows its hand; ``"revealed"``: the sealed part of
    its step is over (the last sealed move is in); ``"never"``."""

    public: Action
    owner: int
    until: Literal["shown", "revealed", "never"]


@dataclass(frozen=True, slots=True)
class Award:
    """Chips paid from a pot to a seat, for the ``half`` it won, with the reason in words."""

    seat: int
    amount: int
    half: Half
    reason: str

    def __init__(self, seat: int, amount: int, half: Half, reason: str) -> None:
        # compiled only: the pure build's is the dataclass's (build.dataclass_init)
        self.seat = seat  # type: ignore[misc]
        self.amount = amount  # type: ignore[misc]
        self.half = half  # type: ignore[misc]
        self.reason = reason  # type: ignore[misc]

    def __reduce__(self) -> tuple[type[Award], tuple[object, ...]]:
        return by_fields(self)  # compiled: pickled by its constructor


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A seat that declared both ways and failed one of them, so takes nothing of a pot: the
    reason in words (the half it lost and to whom, the rule), and the seats that beat it."""

    seat: int
    reason: str
    beaten_by: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Payment:
    """Chips one player paid another (NASDAQ: a buyer pays the seller, ¶9), not into the pot."""

    payer: int
    payee: int
    amount: int
    reason: str

    def __reduce__(self) -> tuple[type[Payment], tuple[object, ...]]:
        return by_fields(self)  # compiled: pickled by its constructor


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a hand: every award, each seat's net (chips it ends with minus chips it
    began with, so payments between players count), and those payments."""

    awards: tuple[Award, ...]
    net: tuple[int, ...]
    payments: tuple[Payment, ...] = ()
    forfeits: tuple[Forfeit, ...] = ()

    def __init__(
        self,
        awards: tuple[Award, ...],
        net: tuple[int, ...],
        payments: tuple[Payment, ...] = (),
        forfeits: tuple[Forfeit, ...] = (),
    ) -> None:
        # compiled only: the pure build's is the dataclass's (build.dataclass_init)
        self.awards = awards  # type: ignore[misc]
        self.net = net  # type: ignore[misc]
        self.payments = payments  # type: ignore[misc]
        self.forfeits = forfeits  # type: ignore[misc]

    def __reduce__(self) -> tuple[type[Outcome], tuple[object, ...]]:
        return by_fields(self)  # compiled: pickled by its constructor


dataclass_init(Option)
dataclass_init(Award)
dataclass_init(Outcome)


_SLOTS: Final = (
    "_log",
    "_stacks",
    "all_in_at",
    "antes",
    "auto",
    "awards",
    "before_change",
    "bets",
    "cached_legal",
    "cached_phases",
    "cached_views",
    "caps",
    "common",
    "dead",
    "dealt_up",
    "deck_order",
    "discards",
    "faceup",
    "finished",
    "folded",
    "forfeits",
    "hands",
    "market",
    "n",
    "paid",
    "payments",
    "phase_state",
    "position",
    "rng",
    "round_bets",
    "round_paid",
    "rules",
    "seed",
    "shown",
    "starting",
    "step_began",
    "step_index",
    "street",
    "stub",
    "unknown_dealt",
    "ups",
)
"""The slots of State, read by its copy (a compiled class has no ``__slots__`` to read)."""


# Compiled, a native class: its attributes are C fields, read by the compiled phases without
# a lookup; no weak references to it (a native class has none), copied by its slots.
class State:
    """Everything about one hand in progress. Read it through properties and views."""

    __slots__ = _SLOTS

    def __init__(self, rules: Rules, stacks: list[int], seed: int | None, stub: list[int]) -> None:
        n = len(stacks)
        self.rules = rules
        self.seed = seed
        self.n = n
        self.starting: tuple[int, ...] = tuple(stacks)
        self._stacks = list(stacks)
        self.bets = [0] * n
        self.paid = [0] * n
        self.antes: tuple[int, ...] = (0,) * n
        self.dead = 0  # antes kept out of side-pot levels (PHH ante_trimming_status = false)
        self.folded = [False] * n
        self.shown: list[bool | None] = [None] * n  # None: not yet; True shown; False mucked
        self.hands: list[list[Card | None]] = [[] for _ in range(n)]
        self.faceup: list[list[bool]] = [[] for _ in range(n)]
        self.ups: list[list[Card | None]] = [[] for _ in range(n)]  # up cards, kept as dealt
        self.dealt_up: list[list[bool]] = [[] for _ in range(n)]  # each card dealt: up or down
        self.common: list[Card | None] = []
        self.stub = stub  # next card to deal is stub[-1]
        self.deck_order: tuple[int, ...] = tuple(reversed(stub))
        self.discards: list[int] = []
        self.unknown_dealt = 0
        self.rng: random.Random | None = None
        self.step_index = 0
        self.step_began: list[int] = []  # where each step played so far began in the log
        self.phase_state: Round | None = None  # the bookkeeping of the phase of steps[step_index]
        self._log: list[Action] = []
        # How many actions the log holds: every change to a state appends to it (log_action
        # counts it here), so this names the point of the hand (what the engine's and views'
        # caches are keyed by). Kept, not counted at every read: read at every point, often.
        self.position = 0
        self.finished = False
        self.awards: list[Award] = []
        self.forfeits: list[Forfeit] = []  # "both" declarers who took nothing, and why
        self.auto = True
        self.street = 0
        # Side pots (docs/games.md): chips each seat put in during the current step, the part
        # of them the others match by amount (bets, bids revealed together), for each seat that
        # went all in during the step what it may win of everything else in the middle, and the
        # most each seat that went all in can win.
        self.round_paid = [0] * n
        self.round_bets = [0] * n
        self.all_in_at: list[int | None] = [None] * n
        self.caps: list[int | None] = [None] * n
        self.payments: list[Payment] = []  # chips paid from player to player (NASDAQ)
        self.market: Round | None = None  # what sale steps remember between them
        # run by the engine before it changes the state: readers keeping a snapshot of this
        # point (views not yet worked out in full) take it now (not a value of the state)
        self.before_change: list[Callable[[], None]] = []
        # the engine's last answer of legal actions and the point (position) it holds for
        self.cached_legal: tuple[int, Legal] = _UNASKED
        # the views' record of this hand as seen, owned by splitpot.views (None: not viewed)
        self.cached_views: object = None
        # the phase running each step of the rules, owned by splitpot.phases (empty: not asked)
        self.cached_phases: tuple[Any, ...] = ()

    # --- what the contract promises ------------------------------------------------------

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind, per seat (not counting chips in the middle)."""
        return tuple(self._stacks)

    @property
    def pot(self) -> int:
        """Every chip in the middle, current-round bets included (0 once awarded)."""
        if self.finished:
            return 0
        total = self.dead
        for chips in self.paid:  # a loop, not sum(): compiled, it adds native ints in place
            total += chips
        return total

    @property
    def log(self) -> tuple[Action, ...]:
        """Every applied action and dealer step, in order."""
        return tuple(self._log)

    @property
    def actions(self) -> Sequence[Action]:
        """The log itself, read only and not copied (the core's readers on the hot path)."""
        return self._log

    def stack(self, seat: int) -> int:
        """Chips behind for one seat."""
        return self._stacks[seat]

    @property
    def step(self) -> Step:
        """The step under way."""
        return self.rules.steps[self.step_index]

    def begin_step(self) -> None:
        """Note that the step ``step_index`` begins here in the log."""
        self.step_began.append(self.position)

    def step_as(self, kind: type[S], index: int | None = None) -> S:
        """The step under way (or step ``index``), checked to be a ``kind``: how a phase
        reads its own step."""
        at = self.step_index if index is None else index
        step = self.rules.steps[at]
        if not isinstance(step, kind):
            raise RulesError(f"step {at} is a {type(step).__name__}, not a {kind.__name__}")
        return step

    def live(self) -> list[int]:
        """Seats still contesting the pot (not folded, not mucked)."""
        shown = self.shown
        return [s for s, f in enumerate(self.folded) if not f and shown[s] is not False]

    def up_cards(self, seat: int) -> list[Card | None]:
        """The seat's face-up cards, in the order dealt."""
        return self.ups[seat]

    def down_cards(self, seat: int) -> list[Card | None]:
        """The seat's face-down cards, in the order dealt."""
        return [c for c, up in zip(self.hands[seat], self.faceup[seat], strict=True) if not up]

    def copy(self) -> State:
        """An independent copy (lists copied; cards, rules and actions are immutable)."""
        # a table of none, then every value; its caches and callbacks stay the new ones: a copy
        # may be changed without the engine
        new = State(self.rules, [], self.seed, [])
        for name in _FIELDS:
            setattr(new, name, getattr(self, name))
        new._stacks = self._stacks.copy()
        new.bets = self.bets.copy()
        new.paid = self.paid.copy()
        new.round_paid = self.round_paid.copy()
        new.round_bets = self.round_bets.copy()
        new.all_in_at = self.all_in_at.copy()
        new.caps = self.caps.copy()
        new.folded = self.folded.copy()
        new.shown = self.shown.copy()
        new.hands = [h.copy() for h in self.hands]
        new.faceup = [f.copy() for f in self.faceup]
        new.ups = [u.copy() for u in self.ups]
        new.dealt_up = [d.copy() for d in self.dealt_up]
        new.common = self.common.copy()
        new.stub = self.stub.copy()
        new.discards = self.discards.copy()
        new.step_began = self.step_began.copy()
        new._log = self._log.copy()
        new.awards = self.awards.copy()
        new.forfeits = self.forfeits.copy()
        new.payments = self.payments.copy()
        if self.market is not None:
            new.market = self.market.copy()
        if self.rng is not None:
            new.rng = random.Random()
            new.rng.setstate(self.rng.getstate())
        if self.phase_state is not None:
            new.phase_state = self.phase_state.copy()
        return new

    def snapshot(self) -> tuple[object, ...]:
        """Every value of the state, comparable with ==: lists as tuples, the reshuffle
        generator by its state, the phase's and market's bookkeeping by their own snapshots.
        Tests use it to prove that a refused action changed nothing. (The engine's and the
        views' caches and ``before_change`` are no values of the hand: left out.)"""
        return tuple((name, _comparable(getattr(self, name))) for name in _FIELDS)

    # --- chips -------------------------------------------------------------------------------

    def put_in(self, seat: int, amount: int) -> None:
        """Move chips from a seat's stack to its bet in front of it (matched by amount)."""
        stacks = self._stacks
        stacks[seat] -= amount
        self.bets[seat] += amount
        self.paid[seat] += amount
        self.round_paid[seat] += amount
        self.round_bets[seat] += amount
        if not stacks[seat]:
            self._went_all_in(seat)

    def pay_in(self, seat: int, amount: int, *, matched: bool = False) -> None:
        """Chips from a seat's stack into the pot that are not a bet to call: a price or a bid
        nobody has to match, or (``matched``) sealed bids revealed together, which the others
        match by amount for side pots (docs/games.md: side pots)."""
        stacks = self._stacks
        stacks[seat] -= amount
        self.paid[seat] += amount
        self.round_paid[seat] += amount
        if matched:
            self.round_bets[seat] += amount
        if not stacks[seat]:
            self._went_all_in(seat)

    def _went_all_in(self, seat: int) -> None:
        """A seat's stack is empty: it may win everything in the middle now except what the
        others match by amount in this step, which :meth:`close_round` adds up to its own."""
        if self.caps[seat] is None and self.all_in_at[seat] is None:
            self.all_in_at[seat] = sum(self.paid) + self.dead - sum(self.round_bets)

    def pay(self, seat: int, amount: int) -> None:
        """Give chips to a seat's stack (awards, returned bets)."""
        self._stacks[seat] += amount

    def return_uncalled(self) -> None:
        """Give back the part of the biggest bet nobody matched (Robert's: an uncalled bet);
        a seat that gets chips back this way was not all in after all."""
        bets = self.bets
        top = max(bets)
        if top == 0:
            return
        seat = bets.index(top)
        second = max(b for s, b in enumerate(bets) if s != seat) if self.n > 1 else 0
        excess = top - second
        if excess > 0:
            bets[seat] -= excess
            self.paid[seat] -= excess
            self.round_paid[seat] -= excess
            self.round_bets[seat] -= excess
            self._stacks[seat] += excess
            self.all_in_at[seat] = None

    def close_round(self) -> None:
        """End a round of contributions (a step, or the antes): fix what each seat that went
        all in during it may win (docs/games.md: side pots): everything in the middle when its
        stack ran out — payments nobody has to match included, even earlier in the step — plus
        what each player put in during the step that is matched by amount (bets, bids revealed
        together), up to the seat's own such amount.

        A seat all in earlier that has chips again (paid for a card it sold, NASDAQ) and put
        some in during this round may win, on top of its earlier limit, what each player put
        in during this round up to its own amount (ruling: what it matched, nothing more).
        """
        paid, bets = self.round_paid, self.round_bets
        caps = self.caps
        for seat in range(self.n):
            cap = caps[seat]
            if cap is None:
                at = self.all_in_at[seat]
                if at is not None:
                    own = bets[seat]
                    caps[seat] = at + sum(min(b, own) for b in bets)
            elif paid[seat]:
                own = paid[seat]
                caps[seat] = cap + sum(min(p, own) for p in paid)
        self.round_paid = [0] * self.n
        self.round_bets = [0] * self.n
        self.all_in_at = [None] * self.n

    def transfer(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """Chips from one player's stack straight to another's (not through the pot)."""
        self._stacks[payer] -= amount
        self._stacks[payee] += amount
        self.payments.append(Payment(payer, payee, amount, reason))
        if not self._stacks[payer]:
            self._went_all_in(payer)

    def changing(self) -> None:
        """The state is about to change (the engine calls this): run ``before_change``'s
        callbacks and clear it."""
        callbacks, self.before_change = self.before_change, []
        for callback in callbacks:
            callback()

    def log_action(self, action: Action) -> None:
        """Append to the history (``position`` counts it)."""
        self._log.append(action)
        self.position += 1


_NOT_VALUES: Final = ("before_change", "cached_legal", "cached_phases", "cached_views")
_FIELDS: Final = tuple(name for name in _SLOTS if name not in _NOT_VALUES)
"""The slots that hold the state's values."""
_UNASKED: tuple[int, Legal] = (-1, Legal((), False, {}))
"""The engine's cache before its first answer: a point no state is at."""


def _comparable(value: object) -> object:
    """``value`` as something == can compare and nothing can change: lists as tuples, a
    generator by its state, bookkeeping objects by their ``snapshot()``."""
    if isinstance(value, list):
        return tuple(_comparable(v) for v in value)
    if isinstance(value, random.Random):
        return value.getstate()
    snapshot = getattr(value, "snapshot", None)
    return snapshot() if callable(snapshot) else value
