"""State.snapshot covers the whole state, so "a refused action changes nothing" sees any change."""

from __future__ import annotations

import random

import pytest

from play import check_call
from splitpot import variants
from splitpot.engine import State, legal_actions, new_hand
from splitpot.notation import load
from splitpot.records import replay
from splitpot.views import view
from test_side_pots import GOLDEN


class Different:
    """A value equal to nothing else, to put into one slot at a time."""

    def __eq__(self, other: object) -> bool:
        return other is self

    def __hash__(self) -> int:
        return id(self)


def different(value: object) -> object:
    """A value unequal to ``value`` and of its kind (a compiled State checks the kinds of its
    attributes): a number one more, a flag turned, a list or tuple one longer, 0 for nothing;
    anything else (the rules, a generator, a phase's bookkeeping) a Different."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, list):
        return [*value, Different()]
    if isinstance(value, tuple):
        return (*value, Different())
    return 0 if value is None else Different()


def mid_hand() -> State:
    """A NASDAQ hand part way through its sales (market, phase state and payments in use)."""
    (record,) = load(GOLDEN / "nasdaq-all-in-buyer-after-the-first-bid.phh")
    for index, state in enumerate(replay(record), 1):
        if index == 12:
            return state.copy()
    raise AssertionError


CACHES = ("cached_legal", "cached_phases", "cached_views")
ATTRIBUTES = getattr(State, "__mypyc_attrs__", None) or State.__slots__  # compiled, or pure
FIELDS = [n for n in ATTRIBUTES if n not in ("before_change", *CACHES)]
"""The state's values; ``before_change`` holds what its readers run before it changes, the
caches what the engine and the views worked out at this point."""


def test_the_caches_are_the_states_own_and_a_copy_starts_without_them() -> None:
    # The engine's legal actions and the views' history as seen live on the state (issue 26:
    # no module-level cache shared between threads); a copy may be changed without the engine,
    # so it works its own out.
    state = mid_hand()
    legal = legal_actions(state)
    view(state, 0)
    assert state.cached_legal == (state.position, legal)
    assert state.cached_views is not None
    assert [type(p).__name__ for p in state.cached_phases] == [
        f"{type(step).__name__}Phase" for step in state.rules.steps
    ]
    twin = state.copy()
    assert twin.cached_legal[0] != twin.position
    assert twin.cached_views is None
    assert twin.cached_phases == ()
    assert legal_actions(twin) == legal
    assert twin.cached_legal[1] is not legal
    assert twin.cached_phases == state.cached_phases


def test_what_readers_run_before_a_change_is_no_value_of_the_state() -> None:
    # A view taken leaves a callback in before_change: the snapshot does not see it (taking
    # a view changes nothing), a copy starts without it, and a change runs and clears it.
    state = mid_hand()
    before = state.snapshot()
    seen = view(state, 0)
    assert state.before_change
    assert state.snapshot() == before
    assert state.copy().before_change == []
    ran: list[int] = []
    state.before_change.append(lambda: ran.append(state.position))
    state.changing()
    assert ran == [len(state.log)]
    assert state.before_change == []
    assert seen.seats == view(state, 0).seats
    assert state.before_change  # the new view waits on the next change


@pytest.mark.parametrize("name", FIELDS)
def test_a_change_to_any_slot_shows_in_the_snapshot(name: str) -> None:
    state = mid_hand()
    before = state.snapshot()
    setattr(state, name, different(getattr(state, name)))
    assert state.snapshot() != before, f"snapshot() does not see {name}"


def test_changes_inside_the_slots_show_too() -> None:
    # The up cards and the cards as dealt (what issue 12 found missing), the reshuffle
    # generator's state, the seed, the order of the deck.
    state = mid_hand()
    before = state.snapshot()
    for change in (
        lambda s: s.ups[0].append(None),
        lambda s: s.dealt_up[1].append(True),
        lambda s: setattr(s, "seed", 7),
        lambda s: setattr(s, "deck_order", s.deck_order[::-1]),
        lambda s: setattr(s, "antes", (9, 9, 9)),
        lambda s: s.market.sold.__setitem__(0, not s.market.sold[0]),
        lambda s: s.all_in_at.__setitem__(0, 5),
    ):
        twin = state.copy()
        change(twin)
        assert twin.snapshot() != before
    seeded = state.copy()
    seeded.rng = random.Random(1)
    other = seeded.copy()
    assert other.snapshot() == seeded.snapshot()
    other.rng.random()  # type: ignore[union-attr]
    assert other.snapshot() != seeded.snapshot()


def test_the_caches_do_not_change_the_snapshot() -> None:
    state = new_hand(variants.get("stud8"), [100] * 3, seed=2)
    before = state.snapshot()
    legal_actions(state)  # fills the engine's cache
    view(state, 0)  # and the views'
    assert state.snapshot() == before
    check_call(state)
    assert state.snapshot() != before
