"""splitpot.house: the house rules each game offers (names as in house-rules.md, the game's
values as defaults, a line of explanation each), and setting them."""

from __future__ import annotations

import dataclasses

import pytest

from splitpot import variants
from splitpot.errors import RulesError
from splitpot.house import offered, read_value, rule_keys, rule_value, stakes, with_house
from splitpot.rules import Rules

GAMES = variants.names()


@pytest.mark.parametrize("game", GAMES)
def test_every_offered_rule_is_a_field_with_the_games_value_as_default(game: str) -> None:
    rules = variants.get(game)
    names = [r.name for r in (*offered(rules), *stakes(rules))]
    assert len(names) == len(set(names))
    assert set(names) <= set(rule_keys())
    for rule in (*offered(rules), *stakes(rules)):
        assert rule.default == getattr(rules, rule.name), rule.name
        assert rule.explanation.endswith(".")
        assert "\n" not in rule.explanation
        assert len(rule.explanation) <= 100, rule.name
        if rule.kind == "choice":
            assert rule.default in rule.choices
            assert len(rule.labels) == len(rule.choices)
        if rule.kind in ("count-or-none", "prices"):
            assert rule.none_means  # what leaving it empty means


@pytest.mark.parametrize("game", GAMES)
def test_each_choice_offered_makes_a_valid_table(game: str) -> None:
    """Every value a menu offers is one Rules accepts, or that clashes with another rule of the
    game and is refused naming it: no low half in razz (nobody could win), or in a game played
    by declaration (nothing to declare)."""
    rules = variants.get(game)
    clashes = {("low", "none"): "nobody could win" if game == "razz" else "showdown = 'declare'"}
    for rule in offered(rules):
        for value in rule.choices:
            clash = clashes.get((rule.name, value))
            if clash and (game == "razz" or rules.showdown == "declare"):
                with pytest.raises(RulesError, match=clash):
                    with_house(rules, {rule.name: value})
                continue
            assert getattr(with_house(rules, {rule.name: value}), rule.name) == value


def test_the_rules_offered_follow_the_games_steps() -> None:
    offers = {g: {r.name for r in offered(variants.get(g))} for g in GAMES}
    assert {"min_bid", "max_bid", "showdown", "declare_both"} <= offers["auction"]
    assert not {"buy_prices", "sale_bidding"} & offers["auction"]
    assert {"buy_prices", "buy_first", "bet_before_buy"} <= offers["stud5buy"]
    assert {"sale_bidding", "min_price", "max_price", "excess_threshold"} <= offers["nasdaq"]
    assert "showdown" not in offers["stud"]  # high only: nothing to declare
    assert {"low", "qualifier", "betting", "max_raises"} <= offers["stud"]
    bring_ins = {g for g in GAMES if "bring_in" in {r.name for r in stakes(variants.get(g))}}
    assert "auction" not in bring_ins  # its one betting round has no bring-in
    assert {"stud8", "razz", "stud5buy"} <= bring_ins


def test_with_house_sets_the_stakes_together() -> None:
    # small 20 > big 10 would be refused one at a time; together they are a valid table
    rules = with_house(variants.get("stud8"), {"small_bet": 20, "big_bet": 40, "bring_in": 5})
    assert (rules.small_bet, rules.big_bet, rules.bring_in) == (20, 40, 5)


def test_with_house_refuses_unknown_options_and_impossible_values() -> None:
    base = variants.get("auction")
    with pytest.raises(RulesError, match="unknown house rule 'colour'"):
        with_house(base, {"colour": "red"})
    with pytest.raises(RulesError, match="qualifier"):
        with_house(base, {"qualifier": 3})
    with pytest.raises(RulesError, match="max_raises"):
        with_house(base, [("max_raises", -1)])


def test_values_read_as_the_command_line_writes_them() -> None:
    assert read_value("8") == 8
    assert read_value("true") is True
    assert read_value("[5, 10]") == [5, 10]
    assert read_value("declare") == "declare"
    assert rule_value("max_raises", "unlimited") is None
    assert rule_value("buy_prices", [5, 10]) == (5, 10)
    assert with_house(variants.get("stud8"), {"max_raises": "unlimited"}).max_raises is None


def test_rule_keys_are_every_field_but_the_games_identity() -> None:
    fields = {f.name for f in dataclasses.fields(Rules)}
    assert set(rule_keys()) == fields - {
        "name",
        "code",
        "steps",
        "min_players",
        "max_players",
        "book",
        "description",
    }
