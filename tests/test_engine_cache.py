"""The engine's cache of legal actions: one answer per point of each hand, never another
table's or an older point's, however the tables are played in turn; kept on each state, not in
a module's globals that threads would share (issue 26)."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

import pytest

from play import passive, states_alive
from splitpot import engine, variants, views
from splitpot.engine import apply, deal_next, legal_actions, new_hand
from splitpot.phases.base import phase_of
from splitpot.state import State


def fresh(state: State) -> object:
    """The phase's own answer, worked out now (no cache)."""
    return phase_of(state).legal(state)


@pytest.mark.parametrize("game", ["stud8", "auction", "nasdaq"])
def test_tables_played_in_turn_get_their_own_answers(game: str) -> None:
    rules = variants.get(game)
    tables = [new_hand(rules, [rules.big_bet * 20] * 4, seed=seed) for seed in (1, 2, 3)]
    moves = 0
    while not all(t.finished for t in tables):
        for turn, state in enumerate(tables):
            if state.finished:
                continue
            # ask about every table, this one last, then this one again: each answer is its own
            for other in [*tables[turn + 1 :], *tables[:turn], state]:
                if not other.finished:
                    assert legal_actions(other) == fresh(other)
            legal = legal_actions(state)
            assert legal_actions(state) is legal  # asked again at the same point: kept
            if legal.dealer:
                deal_next(state)
            else:
                apply(state, passive(state, legal.to_act[0]))
            moves += 1
    assert moves > 3 * 10  # every table played a whole hand


def test_a_copy_is_answered_for_its_own_point() -> None:
    rules = variants.get("stud8")
    state = new_hand(rules, [100] * 4, seed=5)
    before = legal_actions(state)
    twin = state.copy()
    apply(state, passive(state, before.to_act[0]))
    assert legal_actions(twin) == before  # the copy is still at the old point
    assert legal_actions(state) == fresh(state) != before


def test_the_cache_keeps_no_table_alive() -> None:
    rules = variants.get("stud8")
    first = new_hand(rules, [100] * 4, seed=6)
    legal_actions(first)
    second = new_hand(rules, [100] * 4, seed=7)
    legal_actions(second)
    held = states_alive()
    del first
    assert states_alive() == held - 1
    legal_actions(second)
    del second  # the table asked about last is not kept either
    assert states_alive() == held - 2


def test_each_point_is_worked_out_once_with_two_tables_in_turn() -> None:
    # The legal actions are worked out once per point of each hand (issue 19): a table's
    # answer is kept while another table is asked about.
    rules = variants.get("auction")
    one, two = (new_hand(rules, [200] * 4, seed=seed) for seed in (4, 5))
    first = legal_actions(one)
    assert legal_actions(two) is legal_actions(two)
    assert legal_actions(one) is first


@pytest.mark.parametrize("module", [engine, views])
def test_the_caches_live_on_the_state_not_in_the_module(module: ModuleType) -> None:
    # No `global` statement and no module-level weak dictionary of states: what one thread
    # caches can never be read back by another as its own table's.
    source = Path(module.__file__ or "").with_name(module.__name__.rsplit(".", 1)[1] + ".py")
    tree = ast.parse(source.read_text(encoding="utf-8"))  # the compiled build ships it too
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.Global)]
    assert "WeakKeyDictionary" not in ast.unparse(tree)
    state = new_hand(variants.get("stud8"), [100] * 4, seed=8)
    legal_actions(state)
    views.view(state, 0)
    assert state.cached_legal[0] == state.position
    assert state.cached_views is not None
