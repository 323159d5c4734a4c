"""The heuristic and equity bots play by the table's rules (``View.rules``): house rules that
differ from the game's defaults (qualifier, declaration, "both", stakes) change their play, and
a game from a TOML file is played by that file's rules, not by a registered game's.

Each situation is dealt from a stacked deck and played passively (check, call) up to the
decision under test; the expected choice is worked out from the cards in each test.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from play import passive
from splitpot import variants
from splitpot.actions import Action
from splitpot.bots.equity import EquityBot
from splitpot.bots.heuristic import HeuristicBot
from splitpot.bots.strategy import StrategyBot
from splitpot.bots.table import final_cards, read
from splitpot.cards import parse_cards
from splitpot.engine import apply, legal_actions, new_hand
from splitpot.errors import SplitpotError
from splitpot.notation import parse_action
from splitpot.rules import Auction, Betting, Deal, Rules
from splitpot.state import State
from splitpot.views import View, view

BOTS: list[Callable[[], StrategyBot]] = [lambda: EquityBot(seed=1), HeuristicBot]


def stacked(rules: Rules, hands: list[str], layouts: tuple[str, ...] = ()) -> list[int]:
    """A deck order that deals each seat its ``hands`` cards in the game's order (every deal
    step serves the seats in turn), then lays out ``layouts`` at the auctions."""
    cards = [list(parse_cards(h)) for h in hands]
    spreads = [list(parse_cards(x)) for x in layouts]
    order: list[int] = []
    for step in rules.steps:
        if isinstance(step, Deal):
            for mine in cards:
                order += [mine.pop(0) for _ in step.cards]
        elif isinstance(step, Auction):
            order += spreads.pop(0)
    return order


def until(
    state: State, stop: Callable[[State], bool], act: Callable[[State, int], Action]
) -> State:
    """Play ``state`` with ``act`` until ``stop`` holds."""
    while not stop(state):
        apply(state, act(state, legal_actions(state).to_act[0]))
    return state


def last_round(rules: Rules, hands: list[str], stacks: int = 1000) -> State:
    """Every card dealt, everyone checking and calling, up to the last betting round."""
    state = new_hand(rules, [stacks] * len(hands), deck=stacked(rules, hands))
    last = max(i for i, s in enumerate(rules.steps) if isinstance(s, Betting))
    return until(state, lambda s: s.step_index == last, passive)


def declaring(state: State) -> View:
    """Play on passively to seat 0's declaration; its view."""
    until(state, lambda s: _verb(s) == "dec", passive)
    return view(state, 0)


def _verb(state: State) -> str:
    """The verb of seat 0's first option, "" when it has none."""
    options = legal_actions(state).options.get(0, ())
    return options[0].verb if options else ""


def stud8(**house: object) -> Rules:
    return dataclasses.replace(variants.get("stud8"), **house)  # type: ignore[arg-type]


# --- qualifier ---------------------------------------------------------------------------------

# p1: 9h 7c down, 6d 4s 3h Kc up, Qd down: a 9-7-6-4-3 low and king high. p2 shows Ks Kd Qs Js:
# a pair of kings beats king high; its low needs five ranks below p1's nine and shows three
# ranks above it (K, Q, J), so p1's low beats any low p2 can hold. With no qualifier p1 wins
# the low half for certain and loses the high: half the pot. At 8-or-better nobody has a low,
# the high takes the whole pot and p1 has nothing (Robert's 8).
NINE_LOW = ["9h7c6d4s3hKcQd", "2c2dKsKdQsJs5c"]


def facing_a_river_bet(rules: Rules) -> View:
    state = last_round(rules, NINE_LOW)
    apply(state, parse_action("p2 cbr 10"))  # the kings open the last round (high board)
    return view(state, 0)


def test_with_no_qualifier_a_nine_low_is_a_low() -> None:
    for make in BOTS:
        bot = make()
        open_low = facing_a_river_bet(stud8(qualifier=0))
        assert open_low.rules is not None
        assert open_low.rules.qualifier == 0
        table = read(open_low)
        assert bot.estimate(table, table.mine, table.to_come).low > 0
        eight = read(facing_a_river_bet(stud8()))
        assert bot.estimate(eight, eight.mine, eight.to_come).low == 0


def test_equity_calls_for_half_the_pot_with_no_qualifier_and_folds_at_eight_or_better() -> None:
    # Half of a pot of 16 + 10 against a call of 10 pays; nothing at 8-or-better does not.
    open_low = facing_a_river_bet(stud8(qualifier=0))
    table = read(open_low)
    chances = EquityBot(seed=1).estimate(table, table.mine, 0)
    assert (chances.high, chances.low, chances.share) == (0.0, 1.0, 0.5)
    assert EquityBot(seed=1).act(open_low).verb == "cc"
    assert EquityBot(seed=1).act(facing_a_river_bet(stud8())).verb == "f"


# --- declaration ---------------------------------------------------------------------------

# p1: Ah 2h down, 3h 4h 5h Kc up, Qd down: a five-high straight flush and the best low, A-2-3-4-5.
# p2 shows 2s 3d 6c 7s: it goes low with a low showing and no pair. Its best high (a straight at
# most, with 4s 5s down) is below a straight flush, its best low (7-6-3-2-A) above p1's: p1 wins
# both halves. Declaring "both" takes the pot; "high" only half, since p2 takes the low half.
WHEEL = ["Ah2h3h4h5hKcQd", "9cTc2s3d6c7s8d"]


@pytest.mark.parametrize("make", BOTS)
def test_at_a_declaration_house_rule_the_bots_declare_both_when_the_house_allows_it(
    make: Callable[[], StrategyBot],
) -> None:
    both = declaring(last_round(stud8(showdown="declare", declare_both=True), WHEEL))
    assert both.options[0].declarations == ("hi", "lo", "both")
    assert make().act(both).declaration == "both"
    table = read(both)
    assert make().estimate(table, table.mine, 0).declaration == "both"


@pytest.mark.parametrize("make", BOTS)
def test_where_the_house_forbids_both_the_bots_never_reckon_on_it(
    make: Callable[[], StrategyBot],
) -> None:
    # Auction allows "both" (OPR-657 4.2); the house here does not. p1 bids one more than the
    # minimum at every auction and so picks first (3.4): the hearts and Kc Qd, p2 the rest.
    # p1 holds Ah2h down and 3h4h5hKcQd up, p2 8d 9c down and 2s3d6c7d8c up: p1 wins both
    # halves, and without "both" a declaration takes half the pot.
    layouts = ("3h2s", "4h3d", "5h6c", "Kc7d", "Qd8c")
    for allowed in (True, False):
        rules = dataclasses.replace(variants.get("auction"), declare_both=allowed)
        deck = stacked(rules, ["Ah2h", "8d9c"], layouts)
        state = new_hand(rules, [1000, 1000], deck=deck)

        def bid_high(state: State, seat: int) -> Action:
            option = legal_actions(state).options[seat][0]
            if option.verb == "bid" and seat == 0:
                assert option.min_amount is not None
                return Action("bid", 0, amount=option.min_amount + 1)
            if option.verb == "pick" and seat == 0:
                want = [c for c in option.cards if c in parse_cards("3h4h5hKcQd")]
                return Action("pick", 0, (want[0],))
            return passive(state, seat)

        until(state, lambda s: _verb(s) == "dec", bid_high)
        assert tuple(state.hands[0]) == parse_cards("Ah2h3h4h5hKcQd")
        seen = declaring(state)
        table = read(seen)
        chances = make().estimate(table, table.mine, 0)
        if allowed:
            assert chances.declaration == "both"
        else:
            assert chances.declaration != "both"
            assert seen.options[0].declarations == ("hi", "lo")
            assert make().act(seen).declaration in ("hi", "lo")


# --- stakes --------------------------------------------------------------------------------

# p1: As Ks down, Qs Js Ts 2c up, 3d down: a royal flush, unbeatable. p2 shows Kc Kd 9h 8h and
# opens the river. At 50/100 p1 raises the bet to 200; re-raised to 300, it raises again: the
# bots stop raising at three big bets (six with the nuts), and 200 is two big bets of 100. Read
# at the registry's 5/10 stakes it would be twenty big bets and the bot would only call.
ROYAL = ["AsKsQsJsTs2c3d", "4c4dKcKd9h8h5c"]


@pytest.mark.parametrize("make", BOTS)
def test_raises_are_counted_in_the_tables_big_bets(make: Callable[[], StrategyBot]) -> None:
    rules = stud8(ante=5, bring_in=10, small_bet=50, big_bet=100)
    state = last_round(rules, ROYAL, stacks=5000)
    apply(state, parse_action("p2 cbr 100"))
    first = make().act(view(state, 0))
    assert (first.verb, first.amount) == ("cbr", 200)
    apply(state, first)
    apply(state, parse_action("p2 cbr 300"))
    again = make().act(view(state, 0))
    assert (again.verb, again.amount) == ("cbr", 400)


# --- a game from a file --------------------------------------------------------------------

SIX_CARD_RAZZ = """
name = "six-card-razz"
code = "X6R"
description = "Six-card razz: two down and one up, two more up, one down; ace-to-five low"
high = false
low = "a5"

[[steps]]
kind = "deal"
cards = "ddu"

[[steps]]
kind = "betting"
bet = "small"
opener = "high-card"
bring_in = true

[[steps]]
kind = "deal"
cards = "u"

[[steps]]
kind = "betting"
bet = "small"
opener = "low-board"

[[steps]]
kind = "deal"
cards = "u"

[[steps]]
kind = "betting"
bet = "big"
opener = "low-board"

[[steps]]
kind = "deal"
cards = "d"

[[steps]]
kind = "betting"
bet = "big"
opener = "low-board"

[[steps]]
kind = "showdown"
"""

# p1: Kc Kd down, Ks Qc Qd up, Jh down: kings full, and at razz (low only) three ranks, the
# worst hand there is. p2 shows 2s 3d 4c. Six cards in all: at the last round none is to come.
# Read as stud8 (the registry's fallback for an unknown name) it would be a full house with a
# seventh card to come.
FULL_HOUSE = ["KcKdKsQcQdJh", "8c9d2s3d4c6h"]


@pytest.mark.parametrize("make", BOTS)
def test_a_game_from_a_file_is_played_by_the_files_rules(
    make: Callable[[], StrategyBot], tmp_path: Path
) -> None:
    path = tmp_path / "six-card-razz.toml"
    path.write_text(SIX_CARD_RAZZ, encoding="utf-8")
    rules = variants.load_toml(path)
    assert rules.name not in variants.names()
    state = last_round(rules, FULL_HOUSE)
    apply(state, parse_action("p2 cbr 10"))  # the best low showing opens
    seen = view(state, 0)
    assert seen.rules == rules
    table = read(seen)
    assert (final_cards(table.rules), table.to_come) == (6, 0)
    chances = make().estimate(table, table.mine, 0)
    assert chances.high == 0.0
    assert chances.share < 0.5  # less than an even chance heads-up
    assert make().act(seen).verb == "f"


def test_a_view_without_rules_is_refused_by_name() -> None:
    seen = view(last_round(stud8(), NINE_LOW), 1)._replace(rules=None)
    for make in BOTS:
        with pytest.raises(SplitpotError, match="'stud8' without its rules"):
            make().act(seen)


# --- five-card stud high-low: a low of high cards -------------------------------------------

# p1: 9h down, 6d 5s 3c 2h up: a 9-6-5-3-2 low and nine high. p2 shows Kd Kc 7d Qs (kings),
# p3 Tc Th 8s 4d (tens), p4 Jc 9c 8c 7h (a queen-high low at best, with its Qh down). With no
# qualifier (stud5hilo) every hand has a low; p1's beats the others' (a pair of tens, a queen,
# a pair of kings), so it holds half the pot for certain. Against one random hand, five
# unpaired cards up to a nine make the better low 97 times in 100 (half of all hands hold a
# pair; of the unpaired few stop below ten). Facing the kings' bet of 10 after two calls, half
# of the pot of 42 + 10 pays that call twice over: the heuristic stays in (it counted a
# nine-low as no better than a pair before, and folded).
NINE_LOW_FIVE = ["9h6d5s3c2h", "AsKdKc7dQs", "JdTcTh8s4d", "QhJc9c8c7h"]


def test_in_five_card_stud_high_low_the_heuristic_stays_in_with_a_nine_low() -> None:
    rules = variants.get("stud5hilo")
    state = last_round(rules, NINE_LOW_FIVE)
    for line in ("p2 cbr 10", "p3 cc", "p4 cc"):
        apply(state, parse_action(line))
    seen = view(state, 0)
    table = read(seen)
    assert HeuristicBot().estimate(table, table.mine, 0).low >= 0.9
    assert HeuristicBot().act(seen).verb in ("cc", "cbr")
