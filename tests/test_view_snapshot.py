"""A view is a snapshot of its point of the hand, however late its parts are read.

A view works out its seats, its history and the offer when first read (views.py); the engine
has the views of a point that are still held take what they show before it changes the state
(``State.before_change``). So a view read long after it was made must equal, field by field,
a view of a copy of the state made at the same point and read at once: never a later card,
bid or declaration, never a card its reader could not see then. Random hands of every game
under every house-rule mix of test_view_leaks.py; some parts are read before the next
change, the rest only once the hand is over.
"""

from __future__ import annotations

import pickle
import random

import pytest

from splitpot import bots, variants
from splitpot.engine import State, apply, deal_next, legal_actions, new_hand
from splitpot.errors import SplitpotError
from splitpot.rules import Rules
from splitpot.views import View, public_view, view
from test_view_leaks import random_action, tables


def look(state: State, reader: int | None) -> View:
    return public_view(state) if reader is None else view(state, reader)


def play(
    rules: Rules, rng: random.Random, auto: bool, drop_hooks: bool = False
) -> list[tuple[View, View]]:
    """One random hand: at every point, each seat's and the spectator's view of the state
    (read in part now or not at all) beside the view of a copy made then, read in full.
    ``drop_hooks``: each change is made with the readers' callbacks dropped, not run."""
    players = rng.randint(rules.min_players, min(rules.max_players, 6))
    stacks = [rng.choice([12, 60, 200]) for _ in range(players)]
    state = new_hand(rules, stacks, seed=rng.getrandbits(32), auto_deal=auto)
    pairs: list[tuple[View, View]] = []
    while True:
        frozen = state.copy()  # never changes: its views are what the point shows
        for reader in (*range(players), None):
            eager = look(frozen, reader)
            eager._asdict()  # every part worked out now
            late = look(state, reader)
            part = rng.randrange(8)  # which of the parts worked out later to read now
            if part & 1:
                _ = late.seats
            if part & 2:
                _ = late.log
            if part & 4:
                _ = late.offer
            pairs.append((late, eager))
        if state.finished:
            return pairs
        if drop_hooks:
            state.before_change.clear()
        if legal_actions(state).dealer:
            deal_next(state)
        else:
            apply(state, random_action(rng, state))


@pytest.mark.parametrize(("label", "rules"), tables(), ids=[label for label, _ in tables()])
def test_a_view_read_after_the_hand_shows_its_own_point(label: str, rules: Rules) -> None:
    rng = random.Random(f"snapshot {label}")
    for hand in range(4):
        pairs = play(rules, rng, auto=hand % 2 == 0)
        for i, (late, eager) in enumerate(pairs):  # the hand is over: read them now
            assert late.seats == eager.seats, (label, hand, i)
            assert late.log == eager.log, (label, hand, i)
            assert late.offer == eager.offer, (label, hand, i)
            assert late == eager, (label, hand, i)


def test_without_the_hook_a_late_view_cannot_be_read() -> None:
    # The check can fail: a state whose changes drop the views' callbacks instead of running
    # them leaves its unread views nothing true to show, and they say so.
    rules = variants.get("stud8")
    pairs = play(rules, random.Random(3), auto=True, drop_hooks=True)
    with pytest.raises(SplitpotError, match="changed without the engine"):
        _ = [late == eager for late, eager in pairs]


def test_a_view_is_a_value_like_the_named_tuple_it_was() -> None:
    # Read only, compared, hashed, replaced and pickled by its fields, whether or not its
    # parts were read.
    state = new_hand(variants.get("auction"), [60] * 4, seed=11)
    seen = view(state, 2)
    again = pickle.loads(pickle.dumps(seen))
    assert again == seen
    assert hash(again) == hash(seen)
    assert again.seats == seen.seats
    assert again.log == seen.log
    assert list(seen._asdict()) == list(View._fields)
    assert seen._replace(pot=7).pot == 7
    assert seen._replace(pot=7)._replace(pot=seen.pot) == seen
    assert repr(seen).startswith("View(game='auction', seat=2, seats=(SeatView(")
    pot = seen.pot
    with pytest.raises(AttributeError, match="'pot'"):  # no setter (pure), not writable (compiled)
        seen.pot = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        seen.more = 3  # type: ignore[attr-defined]
    assert seen.pot == pot
    fields = (seen.seats, seen.common, seen.pot, seen.street, seen.to_act, seen.dealer)
    rest = (seen.options, seen.finished, seen.awards, seen.log, seen.offer, seen.step)
    by_hand = View("auction", 2, *fields, *rest, seen.rules)
    assert by_hand == seen


def test_a_bot_reading_only_its_options_works_out_nothing_else() -> None:
    # A calling station reads its options, and its seat's cards only to show them (sm): in
    # whole hands of every game nothing else is worked out (the referee shows the hands), and
    # asked to show at a showdown left to the players it works out its seats only. Read through
    # View.unread, so the compiled build is checked the same way.
    call = bots.get("call")
    showdowns = []
    seen = 0
    for game in variants.names():
        for seed in range(3):
            state = new_hand(variants.get(game), [200] * 4, seed=seed, auto_deal=seed > 0)
            while not state.finished:
                legal = legal_actions(state)
                if legal.dealer and state.step.kind == "showdown":
                    showdowns.append(state)  # the first hand of each game: the players show
                    break
                if legal.dealer:
                    deal_next(state)
                else:
                    asked = view(state, legal.to_act[0])
                    move = call.act(asked)
                    assert asked.unread() == {"seats", "log", "offer"}, (game, seed)
                    apply(state, move)  # the views of this point still held fill in first
                    assert asked.unread() == set()
                    seen += 1
    assert seen > 100
    assert len(showdowns) == len(variants.names())
    for state in showdowns:
        seat = legal_actions(state).to_act[0]
        asked = view(state, seat)
        show = call.act(asked)
        assert show.verb == "sm"
        assert sorted(show.cards) == sorted(c for c in state.hands[seat] if c is not None)
        assert asked.unread() == {"log", "offer"}
        asked.whole()
        assert asked.unread() == set()
