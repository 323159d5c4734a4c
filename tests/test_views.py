"""Views: a seat sees its own down cards and everyone's up cards, never the stub or others' down
cards until they are shown (architecture.md: hidden information is a projection)."""

from __future__ import annotations

import dataclasses

import pytest

from splitpot import variants
from splitpot.cards import parse_cards
from splitpot.engine import deal_next, new_hand
from splitpot.views import public_view, view
from test_engine_golden import table


def test_a_seat_sees_its_own_down_cards_and_every_up_card() -> None:
    state = table("stud8", [100] * 3, "d dh p1 KcKd2s", "d dh p2 QcQd2c", "d dh p3 JcJd2d")
    mine = view(state, 0)
    assert mine.seats[0].down == parse_cards("KcKd")
    assert mine.seats[1].down == (None, None)
    assert [s.up for s in mine.seats] == [parse_cards("2s"), parse_cards("2c"), parse_cards("2d")]
    assert mine.to_act == (1,)
    assert mine.options == ()
    theirs = view(state, 1)
    assert [o.verb for o in theirs.options] == ["pb", "cbr"]
    assert theirs.pot == state.pot == 3


def test_the_log_hides_other_seats_down_cards() -> None:
    state = table("stud8", [100] * 2, "d dh p1 KcKd2s", "d dh p2 QcQd2c")
    log = view(state, 0).log
    assert log[0].cards == parse_cards("KcKd2s")
    assert log[1].cards == (None, None, parse_cards("2c")[0])
    assert public_view(state).log[0].cards == (None, None, parse_cards("2s")[0])


def test_spectators_see_no_down_cards_until_shown() -> None:
    lines = [
        "d dh p1 KcKd2s", "d dh p2 QcQd2c", "p2 pb", "p1 cc",
        *[x for street in ("Ah3h", "Kh4h", "Qs5s", "9h9c") for x in (
            f"d dh p1 {street[:2]}", f"d dh p2 {street[2:]}", "p1 cc", "p2 cc"
        )],
    ]  # fmt: skip
    state = table("stud", [100] * 2, *lines[:-2])
    assert all(card is None for seat in public_view(state).seats for card in seat.down)
    state = table("stud", [100] * 2, *lines)  # checked down: the referee shows both hands
    assert all(card is None for seat in public_view(state).seats for card in seat.down)
    while not state.finished:
        deal_next(state)
    shown = public_view(state)
    assert shown.seats[0].down == parse_cards("KcKd9h")
    assert shown.awards


def test_no_such_seat() -> None:
    state = table("stud8", [100] * 2, "d dh p1 KcKd2s", "d dh p2 QcQd2c")
    with pytest.raises(ValueError, match="seat 5"):
        view(state, 5)


def test_a_view_carries_the_tables_rules_house_rules_and_all() -> None:
    """Not the registry's game of the same name: a bot reads stakes and house rules here."""
    house = dataclasses.replace(variants.get("stud8"), qualifier=0, small_bet=50, big_bet=100)
    state = new_hand(house, [1000] * 2, seed=1)
    assert view(state, 1).rules == house != variants.get("stud8")
    assert public_view(state).rules is state.rules
    assert view(state, 0).game == "stud8"
