"""Both builds (pure Python, and the engine compiled by mypyc) say which they are and refuse
wrongly typed input with the same errors (issue 29)."""

from __future__ import annotations

import os
from dataclasses import FrozenInstanceError, dataclass
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES

import pytest
from click.testing import CliRunner

from splitpot import Action, IllegalAction, RulesError, apply, legal_actions, new_hand, variants
from splitpot.build import COMPILED, compiled_modules, dataclass_init, describe
from splitpot.cli import main

EXPECTED = os.environ.get("SPLITPOT_EXPECT_BUILD", "")
"""Set by .ci/run to "compiled" or "pure", so a build that silently fell back is caught."""


def test_the_version_names_the_build_that_runs() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0, result.output
    version, build = result.output.splitlines()
    assert version.startswith("splitpot, version ")
    assert build == f"build: {describe()}"
    loaded = {
        name
        for name in COMPILED
        if (import_module(name).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
    }
    assert set(compiled_modules()) == loaded
    if loaded:
        assert build.startswith(f"build: compiled (mypyc): {len(loaded)} of {len(COMPILED)}")
        assert all(name.removeprefix("splitpot.") in build for name in loaded)
    else:
        assert build == "build: pure Python"


@pytest.mark.skipif(not EXPECTED, reason="SPLITPOT_EXPECT_BUILD not set (.ci/run sets it)")
def test_the_build_is_the_one_asked_for() -> None:
    assert EXPECTED in ("compiled", "pure")
    assert set(compiled_modules()) == (set(COMPILED) if EXPECTED == "compiled" else set())


def _mid_hand() -> tuple[object, int]:
    state = new_hand(variants.get("stud8"), [100] * 4, seed=1)
    return state, legal_actions(state).to_act[0]


def _wrong_actions(seat: int) -> list[object]:
    return [
        "f",
        None,
        5,
        ("cc", seat),
        Action("pb", "1"),  # type: ignore[arg-type]
        Action("cbr", seat, (), "10"),  # type: ignore[arg-type]
        Action("sm", seat, "As"),  # type: ignore[arg-type]
        Action(5, seat),  # type: ignore[arg-type]
        Action("dec", seat, (), None, 3),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize("index", range(9))
def test_a_wrongly_typed_action_is_refused_with_the_table_unchanged(index: int) -> None:
    # Compiled code checks types on entry (TypeError); the engine refuses first, in both builds.
    state, seat = _mid_hand()
    wrong = _wrong_actions(seat)[index]
    before = state.snapshot()  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="is not an Action") as refused:
        apply(state, wrong)  # type: ignore[arg-type]
    assert refused.value.reason == "not_an_action"
    assert state.snapshot() == before  # type: ignore[attr-defined]


@pytest.mark.parametrize("stacks", [["100"] * 4, [100.5] * 4, [True] * 4, [100, 100, None, 100]])
def test_wrongly_typed_stacks_are_a_rules_error(stacks: list[object]) -> None:
    with pytest.raises(RulesError, match="stacks must be positive whole numbers"):
        new_hand(variants.get("stud8"), stacks, seed=1)  # type: ignore[arg-type]


def test_a_frozen_value_s_own_init_must_take_its_fields() -> None:
    # build.dataclass_init: the pure build swaps a class's own __init__ for the dataclass's,
    # so the two must agree; one that does not is refused when its module is imported.
    @dataclass(frozen=True)
    class Good:
        a: int
        b: str = "x"

        def __init__(self, a: int, b: str = "x") -> None:
            self.a = a  # type: ignore[misc]  # compiled: a native store
            self.b = b  # type: ignore[misc]

    @dataclass(frozen=True)
    class Bad:
        a: int
        b: str = "x"

        def __init__(self, a: int, b: str = "y") -> None:
            self.a = a  # type: ignore[misc]
            self.b = b  # type: ignore[misc]

    dataclass_init(Good)
    assert Good(1) == Good(1, "x")
    with pytest.raises(FrozenInstanceError):
        Good(1).a = 2  # type: ignore[misc]
    with pytest.raises(AssertionError, match="differs from its fields"):
        dataclass_init(Bad)
