"""splitpot.house: the house rules each game offers (names as in house-rules.md, the game's
values as defaults, a line of explanation each), and setting them."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from splitpot import variants
from splitpot.errors import RulesError
from splitpot.house import offered, read_value, rule_keys, rule_value, stakes, with_house
from splitpot.rules import Declare, Rules

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


def setting(rules: Rules, name: str, value: object) -> dict[str, object]:
    """The change that sets one option: a declaration's rule at a cards-speak table comes with
    showdown = declare, which it needs."""
    if name in Declare.house_rules and rules.showdown != "declare":
        return {"showdown": "declare", name: value}
    return {name: value}


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
            assert getattr(with_house(rules, setting(rules, rule.name, value)), rule.name) == value


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


@pytest.mark.parametrize(
    ("game", "option", "value", "kind"),
    [
        ("stud8", "buy_prices", (5,), "buy"),  # OPR-207 Article 3: only a game with a buy
        ("stud8", "bet_before_buy", True, "buy"),
        ("stud8", "min_bid", 3, "auction"),  # OPR-657 Article 3: only a game with auctions
        ("nasdaq", "max_bid", 9, "auction"),
        ("auction", "sale_bidding", "sealed", "sale"),  # NASDAQ: only a game with sales
        ("stud5buy", "excess_threshold", 20, "sale"),
        ("stud", "declare_both", True, "declare"),  # high only: nothing to declare
        ("razz", "declare_order", "in-turn", "declare"),
    ],
)
def test_a_house_rule_no_step_of_the_game_uses_is_refused(
    game: str, option: str, value: object, kind: str
) -> None:
    rules = variants.get(game)
    takes = ", ".join(rules.takes())
    message = (
        f"house rule {option} = {value!r}: {game} has no {kind} step that uses it; it takes {takes}"
    )
    with pytest.raises(RulesError) as refused:
        with_house(rules, {option: value})
    assert str(refused.value) == message
    assert "\n" not in message
    assert option not in rules.takes()
    if kind != "declare":  # a game without such a step cannot even be built with it
        with pytest.raises(RulesError, match=option):
            dataclasses.replace(rules, **{option: value})


def test_a_game_file_with_an_option_no_step_uses_is_refused(tmp_path: Path) -> None:
    game = tmp_path / "mine.toml"
    game.write_text('name = "mine"\nbase = "stud8"\nmin_bid = 3\n', encoding="utf-8")
    with pytest.raises(RulesError, match="min_bid = 3: mine has no auction step"):
        variants.load_toml(game)


@pytest.mark.parametrize("game", GAMES)
def test_offered_lists_only_what_the_game_takes_and_each_option_is_accepted(game: str) -> None:
    rules = variants.get(game)
    names = {rule.name for rule in offered(rules)} | {rule.name for rule in stakes(rules)}
    assert names <= set(rules.takes())
    for rule in offered(rules):  # the game's own value is always accepted
        change = setting(rules, rule.name, rule.default)
        assert getattr(with_house(rules, change), rule.name) == rule.default


def test_a_split_game_takes_the_declaration_rules_with_cards_speak() -> None:
    # stud8 plays cards speak, but showdown = declare adds the declaration (docs/games.md), so
    # its house rules are the game's too, set together or one by one.
    rules = with_house(variants.get("stud8"), {"showdown": "declare", "declare_both": True})
    assert rules.declare_both
    assert [s.kind for s in rules.steps][-2:] == ["declare", "showdown"]


@pytest.mark.parametrize(
    ("option", "value"),
    [("declare_both", False), ("declare_order", "in-turn"), ("both_must", "win-outright")],
)
def test_a_declaration_rule_at_a_cards_speak_table_is_refused(option: str, value: object) -> None:
    # stud8 is cards speak (Robert's Rules): nothing is declared, so a declaration's rule would
    # change nothing at the table the host asked for; with showdown = declare it is taken.
    stud8 = variants.get("stud8")
    with pytest.raises(RulesError) as refused:
        with_house(stud8, {option: value})
    assert str(refused.value) == (
        f"house rule {option} = {value!r}: stud8 is played cards speak, with nothing to "
        "declare; it needs showdown = declare"
    )
    declaring = with_house(stud8, {"showdown": "declare", option: value})
    assert getattr(declaring, option) == value


def test_an_option_named_at_its_default_is_still_refused_where_no_step_uses_it() -> None:
    # "open" is the default of sale_bidding, but stud8 has no sale: naming it is a mistake.
    with pytest.raises(RulesError, match="sale_bidding = 'open': stud8 has no sale step"):
        with_house(variants.get("stud8"), {"sale_bidding": "open"})
