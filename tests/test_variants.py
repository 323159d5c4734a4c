"""The registry, Rules validation, and games from TOML (docs/variants.md)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from play import check_call
from splitpot import variants
from splitpot.actions import Action
from splitpot.cards import Deck
from splitpot.engine import apply, new_hand, outcome
from splitpot.errors import IllegalAction, RulesError
from splitpot.rules import Betting, Deal, Rules, Showdown, Step

DOC = Path(__file__).resolve().parents[1] / "docs" / "variants.md"


def test_games_by_name_code_and_alias() -> None:
    assert {"stud8", "stud", "razz", "stud5", "stud5hilo"} <= set(variants.names())
    assert variants.get("F7S/8") is variants.get("stud8")
    assert variants.get("f7s/8") is variants.get("stud8")
    assert variants.get("FR").name == "razz"
    assert variants.get("F5SHL").name == "stud5hilo"
    assert variants.get("seven-card stud").code == "F7S"


def test_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(RulesError, match=r"stud8 \(F7S/8\)"):
        variants.get("omaha")


def test_defaults_follow_the_house_rules() -> None:
    stud8 = variants.get("stud8")
    # docs/games.md, stud8: a5 low, qualifier 8, cards speak, fixed, 3 raises, heads-up uncapped.
    assert (stud8.low, stud8.qualifier, stud8.showdown, stud8.betting) == (
        "a5",
        8,
        "cards",
        "fixed",
    )
    assert (stud8.max_raises, stud8.heads_up_uncapped, stud8.no_check_raise) == (3, True, False)
    assert variants.get("stud5hilo").qualifier == 0  # docs/games.md: stud5buy, low a5 0
    assert (stud8.min_players, stud8.max_players) == (2, 8)
    assert variants.get("stud5").max_players == 10


@pytest.mark.parametrize(
    ("change", "option"),
    [
        ({"qualifier": 4}, "qualifier"),
        ({"low": "a6"}, "low"),
        ({"betting": "cap"}, "betting"),
        ({"max_raises": -1}, "max_raises"),
        ({"showdown": "guess"}, "showdown"),
        ({"odd_chip": "seat-order"}, "odd_chip"),
        ({"min_players": 1}, "min_players"),
        ({"big_bet": 1}, "big_bet"),
        ({"bring_in": 50}, "bring_in"),
        ({"high": False, "low": "none"}, "high"),
        ({"steps": (Deal("ddu"),)}, "showdown"),
    ],
)
def test_impossible_values_are_refused_by_name(change: dict[str, object], option: str) -> None:
    with pytest.raises(RulesError, match=option):
        dataclasses.replace(variants.get("stud8"), **change)  # type: ignore[arg-type]


def test_bad_steps_are_refused() -> None:
    with pytest.raises(RulesError, match="'d' \\(down\\) or 'u' \\(up\\)"):
        Deal("dx")
    with pytest.raises(RulesError, match="opener"):
        Betting("small", "left")
    with pytest.raises(RulesError, match=r"hands hold 1\.\.7"):
        Rules("eight", "", (Deal("dddd"), Deal("uuuu"), Showdown()))


def test_a_house_rule_change_is_data() -> None:
    rules = dataclasses.replace(variants.get("stud8"), qualifier=0, ante=3)
    state = new_hand(rules, [100, 100], seed=5)
    assert state.rules.qualifier == 0
    assert state.pot == 6


def _toml_examples() -> list[str]:
    return re.findall(r"```toml\n(.*?)```", DOC.read_text(), flags=re.S)


def _play_out(rules: Rules, players: int) -> list[int]:
    state = new_hand(rules, [200] * players, seed=11)
    check_call(state)
    assert sum(outcome(state).net) == 0
    return list(state.stacks)


def test_documented_toml_examples_load_and_play(tmp_path: Path) -> None:
    examples = _toml_examples()
    assert len(examples) == 2
    first = tmp_path / "first.toml"
    first.write_text(examples[0])
    any_low = variants.load_toml(first)
    assert any_low.name == "stud8-any-low"
    assert (any_low.qualifier, any_low.ante, any_low.big_bet) == (0, 5, 20)
    assert any_low.steps == variants.get("stud8").steps
    second = tmp_path / "second.toml"
    second.write_text(examples[1])
    six = variants.load_toml(second, register=True)
    assert variants.get("X6SHL") is six
    assert [type(s).__name__ for s in six.steps].count("Deal") == 4
    assert six.betting == "spread"
    assert sum(_play_out(six, 5)) == 1000
    assert sum(_play_out(any_low, 8)) == 1600


def test_toml_mistakes_name_the_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nbase = "stud8"\nqualifer = 0\n')
    with pytest.raises(RulesError, match="qualifer"):
        variants.load_toml(bad)
    bad.write_text('name = "x"\nbase = "stud8"\nqualifier = 3\n')
    with pytest.raises(RulesError, match="qualifier"):
        variants.load_toml(bad)
    bad.write_text('name = "x"\n[[steps]]\nkind = "juggle"\n')
    with pytest.raises(RulesError, match="kind"):
        variants.load_toml(bad)


@pytest.mark.parametrize("game", ["stud8", "stud", "razz", "stud5", "stud5hilo"])
def test_every_game_plays_at_full_table(game: str) -> None:
    rules = variants.get(game)
    assert sum(_play_out(rules, rules.max_players)) == 200 * rules.max_players


def test_a_seed_deals_the_same_order_as_deck() -> None:
    state = new_hand(variants.get("stud8"), [100, 100], seed=7)
    assert state.deck_order == tuple(Deck(seed=7))
    again = new_hand(variants.get("stud8"), [100, 100], seed=state.seed)
    assert again.log == state.log


def test_a_step_without_a_phase_is_refused() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Juggle(Step):
        kind = "juggle-test"

    rules = Rules("juggling", "", (Deal("ddu"), Juggle(), Showdown()))
    with pytest.raises(RulesError, match="juggle-test"):
        new_hand(rules, [10, 10])


def test_a_file_names_the_book_its_refusals_cite(tmp_path: Path) -> None:
    steps = '[[steps]]\nkind = "deal"\ncards = "dd"\n\n[[steps]]\nkind = "betting"\n'
    steps += 'opener = "dealer-left"\n\n[[steps]]\nkind = "showdown"\n'
    for book, cited in (("", "house rule opener"), ('book = "roberts"\n', "Robert's 4")):
        path = tmp_path / "game.toml"
        path.write_text(f'name = "two-down"\nbring_in = 0\n{book}{steps}')
        state = new_hand(variants.load_toml(path), [50, 50], seed=1)
        with pytest.raises(IllegalAction) as refused:
            apply(state, Action("cc", 1))  # p1 acts first
        assert refused.value.rule == cited
    # A TOML game based on a registered one keeps its book; an unknown book is refused.
    assert (
        dataclasses.replace(variants.get("stud8"), qualifier=0).book == variants.get("stud8").book
    )
    with pytest.raises(RulesError, match="book = 'hoyle' is not a book we hold"):
        dataclasses.replace(variants.get("stud8"), book="hoyle")  # type: ignore[arg-type]


def test_all_in_raise_is_validated() -> None:
    assert variants.get("nasdaq").all_in_raise == "half"  # the default everywhere
    with pytest.raises(RulesError, match="all_in_raise = 'most'"):
        dataclasses.replace(variants.get("stud8"), all_in_raise="most")
