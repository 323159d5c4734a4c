"""Errors the library raises on purpose are SplitpotErrors (errors.py), with the problem named."""

from __future__ import annotations

import ast
import builtins
from pathlib import Path

import pytest

import splitpot
from splitpot import bots, variants
from splitpot.cards import Deck
from splitpot.engine import new_hand
from splitpot.errors import RulesError, SplitpotError
from splitpot.phases.base import phase_of
from splitpot.sim import play_hands
from splitpot.views import table_view, view

SRC = Path(splitpot.__file__).parent
BUILTIN_ERRORS = {
    name
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, Exception)
} - {"NotImplementedError"}  # an abstract method's body, not an error of the library's


def _protocol_raises(tree: ast.AST) -> set[ast.AST]:
    """The raises inside a ``__getattr__``, which must raise AttributeError by Python's protocol
    (a module's, PEP 562: ``hasattr`` and ``from m import name`` rely on it)."""
    return {
        node
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef) and function.name == "__getattr__"
        for node in ast.walk(function)
        if isinstance(node, ast.Raise)
    }


def test_no_module_raises_a_builtin_error() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        allowed = _protocol_raises(tree)
        for node in ast.walk(tree):
            if node in allowed:
                continue
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                name = node.exc.func
                if isinstance(name, ast.Name) and name.id in BUILTIN_ERRORS:
                    found.append(f"{path.relative_to(SRC)}:{node.lineno} raises {name.id}")
    assert not found, found


def test_a_view_of_a_seat_not_at_the_table() -> None:
    state = new_hand(variants.get("stud8"), [100, 100], seed=1)
    with pytest.raises(RulesError, match="seat 5 is not at this table of 2"):
        view(state, 5)
    with pytest.raises(RulesError, match="seat -1 is not at this table of 2"):
        table_view(state, -1)


def test_simulate_with_stacks_for_the_wrong_number_of_bots() -> None:
    seated = [bots.get("call"), bots.get("call")]
    with pytest.raises(RulesError, match="3 stacks for 2 bots"):
        play_hands(variants.get("stud8"), seated, hands=1, seed=1, stacks=[100, 100, 100])


def test_dealing_more_cards_than_the_deck_holds() -> None:
    deck = Deck(seed=1)
    deck.deal(50)
    with pytest.raises(RulesError, match="cannot deal 3 cards: 2 left"):
        deck.deal(3)


def test_a_bot_asked_to_act_out_of_turn() -> None:
    state = new_hand(variants.get("stud8"), [100, 100], seed=1)
    waiting = phase_of(state).legal(state).to_act[0]
    idle = view(state, 1 - waiting)
    assert not idle.options
    with pytest.raises(SplitpotError, match="not this seat's turn"):
        bots.get("heuristic").act(idle)
