"""The one door into a hand: :func:`new_hand`, :func:`legal_actions`, :func:`apply`,
:func:`deal_next` and :func:`outcome`.

Every action is checked before anything changes, so a refused action leaves the state exactly as
it was. Dealer steps (deals, the referee's showdown) run by themselves when ``auto_deal`` is on;
otherwise the caller applies them (that is how records are replayed) or calls :func:`deal_next`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Final

from splitpot.actions import Action
from splitpot.cards import Deck, to_cards
from splitpot.errors import IllegalAction, RulesError
from splitpot.phases import PHASES
from splitpot.phases.base import AnyPhase, phase_of
from splitpot.rules import Rules
from splitpot.shuffle import deck_order
from splitpot.state import Award, Legal, Offer, Option, Outcome, Payment, State

__all__ = [
    "Award",
    "Legal",
    "Offer",
    "Option",
    "Outcome",
    "Payment",
    "State",
    "apply",
    "deal_next",
    "legal_actions",
    "new_hand",
    "outcome",
]

_OVER: Final = Legal((), False, {})


def new_hand(
    rules: Rules,
    stacks: Sequence[int],
    *,
    seed: int | None = None,
    deck: Deck | str | Iterable[int] | None = None,
    auto_deal: bool = True,
    antes: Sequence[int] | None = None,
    ante_trimming: bool = True,
) -> State:
    """Seat the players, post the antes and begin the first step.

    ``deck``: a :class:`Deck` or a card order (missing cards follow in id order); otherwise the
    deck is shuffled from ``seed`` exactly as ``Deck(seed=seed)`` (a seed is drawn at random
    when None, and kept in ``state.seed``).
    ``antes``: one per seat (PHH), default ``rules.ante``. ``ante_trimming`` (PHH
    ``ante_trimming_status``): antes count as bets, so they set side-pot levels and an
    unmatched part is returned; when false they are dead money in the main pot.
    """
    n = len(stacks)
    if not rules.min_players <= n <= rules.max_players:
        raise RulesError(
            f"{rules.name} seats {rules.min_players} to {rules.max_players} players, not {n}"
        )
    missing = {s.kind for s in rules.steps} - set(PHASES)
    if missing:
        raise RulesError(f"{rules.name}: no phase runs the step kind(s) {sorted(missing)}")
    chip_counts: Sequence[object] = stacks  # read as objects: compiled code would unbox an int
    for chips in chip_counts:
        if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
            raise RulesError(f"stacks must be positive whole numbers, not {chips!r}")
    if deck is None:
        if seed is None:
            seed = random.randrange(2**63)
        order = deck_order(seed)
    else:
        given = list(deck) if isinstance(deck, Deck) else list(to_cards(deck))
        seen = set(given)
        order = given + [c for c in range(52) if c not in seen]
    order.reverse()
    state = State(rules, list(stacks), seed, order)
    state.auto = auto_deal
    posted = tuple(rules.ante for _ in range(n)) if antes is None else tuple(antes)
    if len(posted) != n or any(
        isinstance(a, bool) or not isinstance(a, int) or a < 0 for a in posted
    ):
        raise RulesError(f"antes must be {n} whole numbers >= 0, one per seat: {posted!r}")
    state.antes = posted
    for seat, ante in enumerate(posted):
        if ante:
            state.put_in(seat, min(ante, state.stack(seat)))
    if ante_trimming:
        state.return_uncalled()
    else:
        state.dead = sum(state.paid)
        state.paid = [0] * n
        state.round_paid = [0] * n
        state.round_bets = [0] * n
        # dead antes are in the middle before anyone is all in: a seat all in on its ante
        # may win all of them
        state.all_in_at = [None if at is None else state.dead for at in state.all_in_at]
    state.close_round()  # the antes are the first round: a seat all in on its ante is capped
    state.bets = [0] * n
    state.begin_step()
    phase_of(state).enter(state)
    _settle(state)
    return state


def legal_actions(state: State) -> Legal:
    """Who the table waits on, what each may do, and whether the dealer is next.

    Worked out once per point of the hand and kept on the state (``State.cached_legal``):
    every change to a state appends to its log, so the log's length says whether the last
    answer still holds (a player's view asks again). The point and its answer are one tuple,
    read and written whole, so a reader on another thread gets an answer of a point, never one
    point's length with another's answer; the answer itself is read only.
    """
    if state.finished:
        return _OVER
    position = state.position
    cached = state.cached_legal
    if cached[0] == position:
        return cached[1]
    legal = phase_of(state).legal(state)
    state.cached_legal = (position, legal)
    return legal


def apply(state: State, action: Action) -> None:
    """Check ``action`` and carry it out; a refused action raises and changes nothing."""
    if state.finished:
        raise _over(state)
    phase = phase_of(state)
    verb = _well_formed(action)
    if verb is None:
        raise IllegalAction(
            f"{action!r} is not an Action", reason="not_an_action", rule=phase.rule(state)
        )
    if verb in ("dh", "db", "dl") and not phase.dealer_turn(state):
        raise IllegalAction(
            "the table waits on a player, not the dealer",
            reason="not_dealers_turn",
            rule=phase.rule(state),
        )
    phase.check(state, action)
    if state.before_change:
        state.changing()
    phase.perform(state, action)
    state.log_action(action)
    _settle(state, phase)


def _well_formed(action: object) -> str | None:
    """The action's verb when it is an :class:`Action` whose fields have their declared types
    (a dataclass does not check them; compiled phases would raise ``TypeError`` reading a
    wrong one), else None. Read as objects, so compiled code does not check them on the way;
    a bool passes as an int, as it does there."""
    if not isinstance(action, Action):
        return None
    verb, seat, cards, amount, declaration = _fields_of(action)
    if (
        isinstance(verb, str)
        and (seat is None or isinstance(seat, int))
        and isinstance(cards, tuple)
        and (amount is None or isinstance(amount, int))
        and (declaration is None or isinstance(declaration, str))
    ):
        return verb
    return None


_fields_of: Final = attrgetter("verb", "seat", "cards", "amount", "declaration")


def deal_next(state: State) -> Action:
    """Perform the next dealer or referee step and return what it logged.

    A deal step deals one player's cards (or the common card); at the showdown the referee shows
    every live hand not yet shown (one ``sm`` each), which awards the pots, and the last show is
    returned.
    """
    if state.finished:
        raise _over(state)
    phase = phase_of(state)
    if not phase.dealer_turn(state):
        raise IllegalAction(
            "the table waits on a player, not the dealer",
            reason="not_dealers_turn",
            rule=phase.rule(state),
        )
    if state.before_change:
        state.changing()
    action = phase.dealer_step(state)
    _settle(state, phase)
    return action


def outcome(state: State) -> Outcome:
    """The awards and each seat's net result; only once the hand is over."""
    if not state.finished:
        raise IllegalAction(
            "the hand is not over yet", reason="hand_not_over", rule=state.rules.cite("showdown")
        )
    net = tuple(now - start for now, start in zip(state.stacks, state.starting, strict=True))
    return Outcome(tuple(state.awards), net, tuple(state.payments), tuple(state.forfeits))


def _over(state: State) -> IllegalAction:
    """The refusal of anything after the pots are awarded (the game's showdown article)."""
    return IllegalAction("the hand is over", reason="hand_over", rule=state.rules.cite("showdown"))


def _settle(state: State, phase: AnyPhase | None = None) -> None:
    """Move past finished steps; with auto_deal, perform the dealer's steps as they come.
    ``phase``: the phase of the step under way, when the caller has it at hand."""
    if phase is None:
        phase = phase_of(state)
    while not state.finished:
        if phase.done(state):
            state.close_round()
            state.step_index += 1
            state.begin_step()
            phase = phase_of(state)
            phase.enter(state)
            continue
        if state.auto and phase.dealer_turn(state):
            phase.auto(state)
            continue
        return
