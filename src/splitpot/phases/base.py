"""What every phase module provides, the registry of phases by step kind, and shared helpers.

A phase runs one kind of step (deal, betting, showdown; later auction, sale, buy, expose,
declare). It knows its legal actions, checks an action without changing anything, and performs
a checked action. Adding a kind of step is adding a module that calls :func:`register`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Generic, TypeVar

from splitpot.actions import Action
from splitpot.cards import CARDS, Card, format_cards
from splitpot.errors import IllegalAction, RulesError
from splitpot.rules import Step
from splitpot.state import Award, Legal, Offer, Option, Round, Sight, State
from splitpot.taking import kept

__all__ = [
    "PHASES",
    "NoRound",
    "Phase",
    "check_one_card",
    "face",
    "finish_uncontested",
    "offered",
    "option",
    "phase_of",
    "player",
    "refuse",
    "register",
    "sealed_move",
]

R = TypeVar("R", bound=Round, covariant=True)
S = TypeVar("S", bound=Step, covariant=True)


class NoRound:
    """The round state of a phase that keeps none (the showdown reads the table itself)."""

    __slots__ = ()

    def copy(self) -> NoRound:
        return self

    def snapshot(self) -> tuple[object, ...]:
        return ()


class Phase(Generic[R, S]):
    """Base of the phase objects; one instance per kind of step, holding no state of its own.

    ``Phase[R, S]`` runs steps of type ``S`` (``step_type``) and keeps a round state of type
    ``R`` (``round_type``) in ``state.phase_state``; :meth:`round` and :meth:`step` are the
    checked ways in, so a phase never reads another's bookkeeping by mistake.
    """

    kind: ClassVar[str] = ""
    dealer: ClassVar[bool] = False
    """True for steps the dealer or referee performs (auto_deal runs them by themselves)."""
    round_type: type[R]
    step_type: type[S]

    def round(self, state: State) -> R:
        """This step's round state, checked to be the phase's own."""
        ps = state.phase_state
        if not isinstance(ps, self.round_type):
            raise RulesError(
                f"the {self.kind} phase keeps a {self.round_type.__name__}, "
                f"but the state holds a {type(ps).__name__}"
            )
        return ps

    def step(self, state: State, index: int | None = None) -> S:
        """The step under way (or step ``index``), checked to be one this phase runs."""
        return state.step_as(self.step_type, index)

    def sight(
        self, state: State, step_index: int, action: Action, before: Sequence[Action]
    ) -> Sight | None:
        """How the table sees ``action``, which this phase logged during step ``step_index``:
        None when everyone sees it as it is. ``before``: the history up to it as a spectator
        saw it. Views compose these answers; a phase that logs hidden cards or sealed moves
        says so here, and nowhere else."""
        return None

    def enter(self, state: State) -> None:
        """Set up ``state.phase_state`` as the step begins (it may already be done)."""
        state.phase_state = NoRound()

    def done(self, state: State) -> bool:
        """True when the step needs nothing more."""
        raise NotImplementedError

    def legal(self, state: State) -> Legal:
        """Who may act now and what each may do."""
        raise NotImplementedError

    def check(self, state: State, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is allowed now; never change state."""
        raise NotImplementedError

    def perform(self, state: State, action: Action) -> None:
        """Carry out an action already checked (mutates ``state``; does not log it)."""
        raise NotImplementedError

    def rule(self, state: State) -> str:
        """The article of this game's book that governs the step under way (what a refusal of
        an action that has no place in the step cites)."""
        return state.rules.cite("turn")

    def dealer_turn(self, state: State) -> bool:
        """True when the dealer (not a player) acts next; a step that mixes both (a buy and
        its replacement) answers from the state, others by their ``dealer`` flag."""
        return self.dealer

    def secret_since(self, state: State) -> int | None:
        """While this step collects sealed moves (sealed bids, simultaneous declarations or
        turn-ups): where in the log the sealed part begins; the players' moves from there on
        are hidden from the other seats (views). None when nothing is sealed."""
        return None

    def bids(self, state: State) -> dict[int, int]:
        """The bids made so far in the auction or sale under way, by seat."""
        return {}

    def offer(self, state: State) -> Offer | None:
        """What lies on the table for sale or auction now, if anything."""
        return None

    def dealer_action(self, state: State) -> Action:
        """The dealer's next action for this step (cards from the stub, a referee's show)."""
        raise refuse(
            "the table waits on a player, not the dealer", "not_dealers_turn", self.rule(state)
        )

    def dealer_step(self, state: State) -> Action:
        """One call of ``deal_next``: perform and log the dealer's next action, return it."""
        action = self.dealer_action(state)
        self.perform(state, action)
        state.log_action(action)
        return action

    def auto(self, state: State) -> None:
        """Run this dealer step to its end by itself (auto_deal), logging every action."""
        while not self.done(state) and not state.finished:
            action = self.dealer_action(state)
            self.perform(state, action)
            state.log_action(action)


AnyPhase = Phase[Round, Step]
"""A phase of any kind (the engine and views look them up by the step's kind)."""

PHASES: dict[str, AnyPhase] = {}
"""Phase objects by step kind (``Step.kind``)."""


def register(phase: AnyPhase) -> AnyPhase:
    """Make ``phase`` run every step whose ``kind`` matches."""
    PHASES[phase.kind] = phase
    return phase


def phase_of(state: State) -> AnyPhase:
    """The phase running the step under way (the phase of each step is looked up once per
    state and kept on it: ``State.cached_phases``)."""
    phases = state.cached_phases
    if not phases:
        phases = state.cached_phases = tuple(PHASES[step.kind] for step in state.rules.steps)
    return phases[state.step_index]  # type: ignore[no-any-return]  # a phase, put there above


_OPTIONS: dict[tuple[str, int, int, tuple[int, ...]], Option] = {}
"""The options :func:`option` made, by their fields (:func:`~splitpot.taking.kept`)."""
_OFFERS: dict[tuple[object, ...], Offer] = {}
"""The offers :func:`offered` made, by their fields (likewise)."""


def option(verb: str, low: int, high: int, choices: tuple[int, ...] = ()) -> Option:
    """The option ``verb`` from ``low`` to ``high`` (a bet, a call, a bid): the same immutable
    value again while it stays the same, rather than a new one at every point."""
    key = (verb, low, high, choices)
    found = _OPTIONS.get(key)
    if found is None:
        found = kept(_OPTIONS, key, Option(verb, low, high, choices))
    return found


def offered(
    cards: tuple[Card, ...],
    seller: int | None = None,
    ask: int | None = None,
    high_bid: int | None = None,
    high_bidder: int | None = None,
) -> Offer:
    """What lies on the table for sale or auction, as :meth:`Phase.offer` answers it: an
    immutable value that every view asks for, reused while it stays the same."""
    key = (cards, seller, ask, high_bid, high_bidder)
    found = _OFFERS.get(key)
    if found is None:
        found = kept(_OFFERS, key, Offer(cards, seller, ask, high_bid, high_bidder))
    return found


_SEALED: dict[tuple[str, int], Sight] = {}


def sealed_move(action: Action, looks_like: str = "") -> Sight:
    """A sealed move (a bid, a declaration, a turn-up): the others see only that the seat has
    acted (as ``looks_like``, by default its verb) until the step reveals them together.
    One immutable answer per verb and seat, reused by every view."""
    seat = action.seat
    assert seat is not None
    key = (looks_like or action.verb, seat)
    sight = _SEALED.get(key)
    if sight is None:
        sight = _SEALED[key] = Sight(Action(key[0], seat), seat, "revealed")
    return sight


def player(seat: int | None) -> str:
    """A seat as hand records and players name it: seat 0 is ``p1``."""
    return "nobody" if seat is None else f"p{seat + 1}"


def refuse(message: str, reason: str, rule: str) -> IllegalAction:
    """An :class:`IllegalAction` to raise."""
    return IllegalAction(message, reason=reason, rule=rule)


def check_one_card(
    seat: int,
    action: Action,
    held: Sequence[Card | None],
    rule: str,
    where: str = "",
    *,
    shown: bool = False,
) -> None:
    """Refuse unless ``action`` names exactly one of the ``held`` cards (``??`` only while
    some of them are unknown, as in a record, and never for a card the action shows face up:
    ``shown``); ``where`` says which cards ("face down")."""
    if len(action.cards) != 1:
        raise refuse(f"'{action.verb}' names exactly one card", "one_card", rule)
    card = action.cards[0]
    if card is None:
        if shown:
            raise refuse(
                f"'{action.verb}' shows the card face up: name it, not '??'", "unknown_card", rule
            )
        if None not in held:
            raise refuse(f"{player(seat)}'s cards are known: name the card", "unknown_card", rule)
        return
    if card not in held:
        known = format_cards(sorted(c for c in held if c is not None))
        raise refuse(
            f"{player(seat)} does not hold {face(card)}{where} (holds {known})",
            "card_not_held",
            rule,
        )


def face(card: object) -> str:
    """A card as people write it (``9s``); anything else as it was given."""
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52:
        return str(CARDS[card])
    return repr(card)


def finish_uncontested(state: State, why: str) -> None:
    """Give every chip in the middle to the one live seat and end the hand."""
    state.return_uncalled()
    (seat,) = state.live()
    amount = sum(state.paid) + state.dead
    state.pay(seat, amount)
    state.awards.append(Award(seat, amount, "all", f"wins uncontested: every other player {why}"))
    state.finished = True
    state.phase_state = NoRound()
