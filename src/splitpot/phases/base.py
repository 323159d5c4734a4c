"""What every phase module provides, the registry of phases by step kind, and shared helpers.

A phase runs one kind of step (deal, betting, showdown; later auction, sale, buy, expose,
declare). It knows its legal actions, checks an action without changing anything, and performs
a checked action. Adding a kind of step is adding a module that calls :func:`register`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from splitpot.actions import Action
from splitpot.cards import CARDS, Card, format_cards
from splitpot.errors import IllegalAction
from splitpot.state import Award, Legal, Offer, State

__all__ = [
    "PHASES",
    "Phase",
    "check_one_card",
    "face",
    "finish_uncontested",
    "player",
    "refuse",
    "register",
]


class Phase:
    """Base of the phase objects; one instance per kind of step, holding no state of its own."""

    kind: ClassVar[str] = ""
    dealer: ClassVar[bool] = False
    """True for steps the dealer or referee performs (auto_deal runs them by themselves)."""

    def enter(self, state: State) -> None:
        """Set up ``state.phase_state`` as the step begins (it may already be done)."""
        state.phase_state = None

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
        state._log.append(action)
        return action

    def auto(self, state: State) -> None:
        """Run this dealer step to its end by itself (auto_deal), logging every action."""
        while not self.done(state) and not state.finished:
            action = self.dealer_action(state)
            self.perform(state, action)
            state._log.append(action)


PHASES: dict[str, Phase] = {}
"""Phase objects by step kind (``Step.kind``)."""


def register(phase: Phase) -> Phase:
    """Make ``phase`` run every step whose ``kind`` matches."""
    PHASES[phase.kind] = phase
    return phase


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
    state.phase_state = None
