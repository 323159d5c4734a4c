"""The heuristic and equity bots: only legal actions in every game (hypothesis-driven hands and
hand-made NASDAQ situations), reproducible strength, a view-only equity bot, the think budget
(a deadline) and the fixed sample count (no clock)."""

from __future__ import annotations

import json
import re
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play import play_bots
from splitpot import bots, variants
from splitpot.actions import AMOUNT_VERBS, Action
from splitpot.bots.equity import EquityBot, _values
from splitpot.bots.heuristic import HeuristicBot
from splitpot.bots.strategy import StrategyBot
from splitpot.bots.table import cards_to_come, final_cards, held_cards, read
from splitpot.cards import parse_cards
from splitpot.engine import apply, legal_actions, new_hand
from splitpot.hands import high_value, low_value
from splitpot.sim import mean_ci, play_rotating
from splitpot.state import Offer, Option, State
from splitpot.views import SeatView, View, view

GAMES = variants.names()
NAMES = ("equity", "heuristic", "random", "call")
SAMPLES = 200  # deals per decision, no clock: reproducible, and the tests stay fast


def _legal(action: Action, options: tuple[Option, ...]) -> bool:
    """Whether ``action`` takes one of ``options`` as it allows (amount, card, declaration)."""
    for option in options:
        if option.verb != action.verb:
            continue
        ranged = option.min_amount is not None and option.max_amount is not None
        if action.verb in AMOUNT_VERBS and ranged:
            assert option.min_amount is not None
            assert option.max_amount is not None
            if action.amount is None or not option.min_amount <= action.amount <= option.max_amount:
                continue
            if option.choices and action.amount not in option.choices:
                continue
        elif action.amount is not None:
            continue  # an amount where the option takes none (a sale with no price)
        named = len(action.cards) == 1 and action.cards[0] in option.cards
        if option.cards and action.verb != "sm" and not named:
            continue
        if option.declarations and action.declaration not in option.declarations:
            continue
        return True
    return False


def play_checked(game: str, names: list[str], seed: int, stack: int) -> State:
    """One hand; every bot action must be one of its options and accepted by the engine."""
    rules = variants.get(game)
    seated = [bots.get(name, seed=seed + s, samples=SAMPLES) for s, name in enumerate(names)]
    state = new_hand(rules, [stack] * len(names), seed=seed)
    for seen, action in play_bots(state, seated):
        assert _legal(action, seen.options), (names[seen.seat or 0], action, seen.options)
    assert sum(state.stacks) == stack * len(names)
    return state


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_strong_bots_never_act_illegally(game: str, data: st.DataObject) -> None:
    rules = variants.get(game)
    players = data.draw(st.integers(rules.min_players, rules.max_players), "players")
    names = data.draw(st.lists(st.sampled_from(NAMES), min_size=players, max_size=players))
    if not {"equity", "heuristic"} & set(names):
        names[0] = "equity"
    seed = data.draw(st.integers(0, 2**32), "seed")
    # short stacks go all in at bring-ins, bids and buys (docs/games.md: side pots)
    stack = data.draw(st.sampled_from((3, 12, 60, 1000)), "stack")
    play_checked(game, names, seed, stack)


# --- NASDAQ-like situations: every option verb handled, even before the game exists -------


def _view(options: tuple[Option, ...], *, offer: Offer | None = None, game: str = "stud8") -> View:
    hand = parse_cards("AhKh7c7d2s3s")
    me = SeatView(0, 500, 0, 10, False, False, tuple(hand), ())
    others = tuple(SeatView(s, 500, 0, 10, False, False, (None,) * 6, ()) for s in range(1, 4))
    return View(
        game=game,
        seat=0,
        seats=(me, *others),
        common=(),
        pot=40,
        street=1,
        to_act=(0,),
        dealer=False,
        options=options,
        finished=False,
        awards=(),
        log=(Action("dh", 0, tuple(hand)),),
        offer=offer,
        rules=variants.get(game),
    )


HAND = tuple(parse_cards("AhKh7c7d2s3s"))
SITUATIONS = {
    "first-seller bidding": _view((Option("bid", 5, 500), Option("pass"))),
    "sell with or without a price": _view(
        (Option("sell", 5, 500, cards=HAND), Option("sell", cards=HAND))
    ),
    "sell at a price or discard (nasdaq7)": _view(
        (Option("sell", 5, 500, cards=HAND), Option("sd", cards=HAND))
    ),
    "bid on a card for sale": _view(
        (Option("bid", 5, 500), Option("pass")),
        offer=Offer(tuple(parse_cards("Qh")), seller=2, ask=5),
    ),
    "bid on a great card for sale": _view(
        (Option("bid", 20, 500), Option("pass")),
        offer=Offer(tuple(parse_cards("7h")), seller=1, ask=20, high_bid=15, high_bidder=3),
    ),
    "discard after a sale": _view((Option("sd", cards=(*HAND, *parse_cards("Qh"))),)),
    "turn up": _view((Option("up", cards=HAND),)),
    "an unknown verb": _view((Option("swap", cards=HAND), Option("pass"))),
    "only an unknown verb": _view((Option("swap", cards=HAND),)),
}


@pytest.mark.parametrize("name", ["equity", "heuristic"])
@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_every_verb_gets_a_legal_answer(name: str, situation: str) -> None:
    seen = SITUATIONS[situation]
    action = bots.get(name, seed=1, samples=SAMPLES).act(seen)
    assert action.seat == 0
    assert _legal(action, seen.options), action


def _selling(card: str, game: str) -> View:
    """A seller's turn where only ``card`` may be offered: with or without a price (nasdaq),
    or at a price or discarded for nothing (nasdaq7, NASDAQ 5.2(c))."""
    only = tuple(parse_cards(card))
    other = Option("sell", cards=only) if game == "nasdaq" else Option("sd", cards=only)
    return _view((Option("sell", 5, 500, cards=only), other), game=game)


def test_sellers_price_a_card_by_its_worth_to_the_others() -> None:
    # An ace makes lows and high pairs: the heuristic asks a third of its worth, at least the
    # minimum price. A nine helps nobody much: no price (NASDAQ ¶8); at nasdaq7, where a price
    # is required, the lowest (5) while the table is taken to pay it (nothing seen yet: the
    # market's prior), a free discard (5.2(c)) where offers have gone unsold, rather than
    # risk paying an unsold card's price into the pot (¶10).
    bot = HeuristicBot()
    for game in ("nasdaq", "nasdaq7"):
        ace = bot.act(_selling("Ah", game))
        worth = bot.sale_value(read(_selling("Ah", game)), int(parse_cards("Ah")[0]))
        assert worth >= HeuristicBot.ask_margin * 5
        assert (ace.verb, ace.amount) == ("sell", max(5, round(worth / 3)))
    assert bot.act(_selling("9c", "nasdaq")) == Action("sell", 0, tuple(parse_cards("9c")))
    assert bot.act(_selling("9c", "nasdaq7")) == Action("sell", 0, tuple(parse_cards("9c")), 5)
    bot.market.offers = 8  # eight offers seen, none sold
    assert bot.act(_selling("9c", "nasdaq7")) == Action("sd", 0, tuple(parse_cards("9c")))
    # The equity bot prices from the buyer's seat by Monte Carlo, by the same rules.
    for game in ("nasdaq", "nasdaq7"):
        for card in ("Ah", "9c"):
            seen = _selling(card, game)
            (only,) = parse_cards(card)
            worth = EquityBot(seed=3, samples=SAMPLES).sale_value(read(seen), int(only))
            sale = EquityBot(seed=3, samples=SAMPLES).act(seen)
            if worth >= EquityBot.ask_margin * 5:
                assert (sale.verb, sale.amount) == ("sell", max(5, round(worth / 3)))
            elif game == "nasdaq":
                assert (sale.verb, sale.amount) == ("sell", None)
            else:  # the lowest price where the table is taken to pay it (5) beats half its worth
                assert (sale.verb, sale.amount) == (("sell", 5) if worth < 10 else ("sd", None))


def test_discards_keep_the_pair() -> None:
    for bot in (HeuristicBot(), EquityBot(seed=3, samples=SAMPLES)):
        discard = bot.act(SITUATIONS["discard after a sale"])
        assert discard.verb == "sd"
        assert discard.cards[0] not in parse_cards("7c7d")  # a pair is not thrown away


# --- reading a view ------------------------------------------------------------------------


def test_read_removes_every_card_the_seat_has_seen() -> None:
    rules = variants.get("auction")
    state = new_hand(rules, [500] * 4, seed=4)
    while not state.finished:
        legal = legal_actions(state)
        seat = legal.to_act[0]
        seen = view(state, seat)
        table = read(seen)
        assert table.to_come == cards_to_come(seen, rules)
        visible = {c for a in state.log for c in a.cards if c is not None} - {
            c for s in range(4) if s != seat for c in state.down_cards(s)
        }
        assert visible <= table.dead
        assert not table.dead & {c for s in range(4) if s != seat for c in state.down_cards(s)}
        if seen.options[0].verb == "dec":
            break
        apply(state, bots.get("call").act(seen))
    assert final_cards(rules) == 7  # two down and five auctions (OPR-657 2.1, 3.7)
    assert table.to_come == 0


def _swap_hidden(game: str, seed: int) -> tuple[State, State]:
    """Two hands dealt alike but for one of seat 1's down cards (a card from the bottom of the
    stub, never dealt four-handed, takes its place)."""
    rules = variants.get(game)
    a = new_hand(rules, [300] * 4, seed=seed)
    order = list(a.deck_order)
    hidden = a.down_cards(1)[0]
    assert hidden is not None
    i, j = order.index(hidden), len(order) - 1
    order[i], order[j] = order[j], order[i]
    b = new_hand(rules, [300] * 4, deck=order)
    assert a.down_cards(1) != b.down_cards(1)
    return a, b


@pytest.mark.parametrize("game", ["stud8", "auction", "stud5buy"])
def test_equity_decides_from_its_view_only(game: str) -> None:
    """Hidden cards swapped: the same views, so the same decisions from the same seed."""
    a, b = _swap_hidden(game, seed=21)
    caller = bots.get("call")
    decisions = 0
    while not a.finished:
        legal = legal_actions(a)
        seat = legal.to_act[0]
        seen_a, seen_b = view(a, seat), view(b, seat)
        if seat != 1:
            assert seen_a == seen_b
        if seat == 0:
            first = EquityBot(seed=9, samples=SAMPLES).act(seen_a)
            second = EquityBot(seed=9, samples=SAMPLES).act(seen_b)
            assert first == second
            decisions += 1
        action = caller.act(seen_a)
        apply(a, action)
        apply(b, action)
        if any(x.verb == "sm" for x in a.log):
            break
    assert decisions >= 3


def test_equity_sees_what_matters() -> None:
    """Not a constant: a made hand bets where a hopeless one checks (so the tests above can
    fail)."""
    rules = variants.get("stud")
    table_strong = read(_view((Option("cc", 0, 0), Option("cbr", 10, 10)), game="stud"))
    bot = EquityBot(seed=1)
    strong = bot.estimate(table_strong, tuple(parse_cards("AhAdAcKsKh")), 0)
    weak = bot.estimate(table_strong, tuple(parse_cards("2h3d4c8s9h")), 0)
    assert strong.share > 0.9 > 0.1 > weak.share
    assert rules.high


@pytest.mark.parametrize(
    ("game", "dealt", "held"),
    [
        ("stud8", 7, 7),  # seven cards, the best five for each half (Robert's 7)
        ("stud5buy", 5, 5),  # a bought card replaces one (OPR-207 3.3)
        ("auction", 7, 7),  # two down and five auctions (OPR-657 2.1, 3.7)
        ("nasdaq", 6, 5),  # six dealt, one sold or discarded (NASDAQ ¶5, ¶13)
        ("nasdaq7", 7, 5),  # seven dealt, one card gone at each of two auctions (5.2, ¶23)
    ],
)
def test_held_cards(game: str, dealt: int, held: int) -> None:
    rules = variants.get(game)
    assert (final_cards(rules), held_cards(rules)) == (dealt, held)


def test_a_kept_hand_plays_both_halves_with_the_same_five_cards() -> None:
    """A♣2♦3♥4♠K♣K♦ holds a pair of kings and a king-high low, but not in the same five
    cards: kept to five, it is either A234K (a king-high low, no pair) or KK with three of
    A234 (the pair, and a low spoilt by it). Against three rivals the pair is worth more."""
    rules = variants.get("nasdaq")
    row = np.array([[int(c) for c in parse_cards("Ac2d3h4sKcKd")]])
    high, low = _values(rules, row, 5, 3)
    kings = [high_value(parse_cards(f"KcKd{x}")) for x in ("2d3h4s", "Ac3h4s", "Ac2d4s", "Ac2d3h")]
    assert int(high[0]) in kings
    five = next(f for f in combinations(parse_cards("Ac2d3h4sKcKd"), 5) if high_value(f) == high[0])
    assert int(low[0]) == low_value(five, qualifier=0)
    assert int(low[0]) < low_value(parse_cards("Ac2d3h4sKc"), qualifier=0)
    # the best of six for each half separately (what stud counts) would claim both
    both = _values(rules, row)
    assert int(both[0][0]) == max(kings)
    assert int(both[1][0]) > int(low[0])


@given(st.lists(st.permutations(range(52)), min_size=1, max_size=20))
@settings(max_examples=30, deadline=None)
def test_kept_values_are_one_five_card_hand(decks: list[list[int]]) -> None:
    """Every kept row's high and low are those of one five of its cards (NASDAQ ¶13)."""
    rules = variants.get("nasdaq")
    for k in (6, 7):
        rows = np.array([deck[:k] for deck in decks])
        high, low = _values(rules, rows, 5, 2)
        for row, h, lo in zip(rows.tolist(), high.tolist(), low.tolist(), strict=True):
            fives = {(high_value(f), low_value(f, qualifier=0)) for f in combinations(row, 5)}
            assert (h, lo) in fives


class Counting:
    """Stands in for the equity bot's generator: counts the deals drawn, batch by batch."""

    def __init__(self) -> None:
        self.rows: list[int] = []
        self.rng = np.random.default_rng(1)

    def permuted(self, array: np.ndarray, axis: int) -> np.ndarray:
        self.rows.append(array.shape[0])
        return self.rng.permuted(array, axis=axis)


def _counted(bot: EquityBot) -> Counting:
    counter = Counting()
    bot.np_rng = counter  # type: ignore[assignment]
    return counter


def test_kept_hands_draw_fewer_deals_within_the_budget() -> None:
    """Three NASDAQ opponents with six unseen cards each cost six evaluations a deal (one per
    five kept), the reader's five cards one: about a quarter of the deals of a stud table of
    the same size, where every hand costs one."""
    drawn: dict[str, int] = {}
    for game in ("stud8", "nasdaq"):
        table = read(_view((Option("cc", 0, 0),), game=game))
        bot = EquityBot(seed=1, samples=5000)
        counter = _counted(bot)
        bot.estimate(table, HAND[:5], 0)
        drawn[game] = sum(counter.rows)
        assert len(counter.rows) > 1  # in batches
    assert drawn["stud8"] == 5000
    assert drawn["nasdaq"] == int(5000 / ((3 * 6 + 1) / 4))


def test_think_sets_the_most_deals_a_decision_draws() -> None:
    assert EquityBot(think=0.01).samples < EquityBot().samples < EquityBot(think=0.2).samples
    assert EquityBot(think=0).samples > 0
    assert EquityBot(think=0.2, samples=300).samples == 300
    assert bots.get("equity", think=0.2, samples=300).samples == 300  # type: ignore[attr-defined]


class Clock:
    """A stand-in for ``perf_counter``: ``step`` seconds pass at every reading."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.readings = 100.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now


def test_a_timed_decision_stops_at_its_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock is read between batches, and a batch is no larger than fits in the time left
    at the pace of the batches before it. A budget of 1/16 s allows 6,250 deals: a frozen
    clock lets the decision draw them all; on a clock where 1/64 s passes at each reading
    (each batch takes 1/64 s) it stops at its deadline; a decision already past its deadline
    draws the fewest (48). Binary fractions of a second keep the readings exact."""
    seen = _view((Option("f"), Option("cc", 10, 10), Option("cbr", 20, 20)), game="stud8")
    drawn = {}
    for think, step in ((1 / 16, 0.0), (1 / 16, 1 / 64), (1 / 16 + 1 / 128, 1 / 64), (1 / 16, 1)):
        monkeypatch.setattr("splitpot.bots.equity.perf_counter", Clock(step))
        bot = EquityBot(seed=1, think=think)
        counter = _counted(bot)
        bot.act(seen)
        drawn[think, step] = counter.rows
    batch = drawn[1 / 16, 0.0][0]
    assert sum(drawn[1 / 16, 0.0]) == 6250
    # act reads 100 + 1/64 and sets the deadline 1/16 later, at 100 + 5/64. The batches read
    # 2/64 (before the first), 3/64 and 4/64 (after the first and second): time left; 5/64
    # after the third: none. Three batches.
    assert drawn[1 / 16, 1 / 64] == [batch] * 3
    # Half a reading more: after the third batch 1/128 s is left, less than a whole batch
    # takes at that pace: a fourth, smaller batch, then none.
    *whole, last = drawn[1 / 16 + 1 / 128, 1 / 64]
    assert whole == [batch] * 3
    assert 48 <= last < batch
    assert drawn[1 / 16, 1] == [48]


def test_a_fixed_sample_count_never_reads_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_clock() -> float:
        raise AssertionError("read the clock")

    monkeypatch.setattr("splitpot.bots.equity.perf_counter", no_clock)
    seen = _view((Option("f"), Option("cc", 10, 10), Option("cbr", 20, 20)), game="stud8")
    first = EquityBot(seed=4, samples=700).act(seen)
    assert EquityBot(seed=4, samples=700).act(seen) == first


# --- strength, reduced ---------------------------------------------------------------------


def _match(seed: int) -> list[tuple[int, ...]]:
    rules = variants.get("stud8")
    lineup = [bots.get(n, seed=seed + j, samples=500) for j, n in enumerate(NAMES)]
    return play_rotating(rules, lineup, hands=240, seed=seed, stacks=100 * rules.big_bet)


def test_reduced_strength_check_reproduces_and_beats_random() -> None:
    first = _match(5)
    assert _match(5) == first
    means = {n: mean_ci([r[j] for r in first], block=4)[0] for j, n in enumerate(NAMES)}
    assert abs(sum(means.values())) < 1e-9  # zero-sum
    assert means["heuristic"] > means["random"]
    assert means["equity"] > means["random"]
    assert means["equity"] > 0


def test_rotation_gives_every_bot_every_seat() -> None:
    class Seat(StrategyBot):
        """Records the seats it was dealt into, then checks or calls."""

        def __init__(self) -> None:
            super().__init__(0)
            self.seats: set[int] = set()

        def act(self, view: View) -> Action:
            assert view.seat is not None
            self.seats.add(view.seat)
            return self._safe(view)

    lineup = [Seat() for _ in range(4)]
    results = play_rotating(variants.get("razz"), lineup, hands=8, seed=1, stacks=100)
    assert all(bot.seats == {0, 1, 2, 3} for bot in lineup)
    assert all(sum(r) == 0 for r in results)


def test_mean_ci() -> None:
    assert mean_ci([]) == (0.0, 0.0)
    assert mean_ci([3]) == (3.0, 0.0)
    mean, half = mean_ci([1, -1] * 50)
    assert mean == 0
    assert 0.19 < half < 0.2
    assert mean_ci([1, -1] * 50, block=2) == (0.0, 0.0)


# --- the documentation's example -----------------------------------------------------------


def test_own_bot_example_in_the_docs_runs() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "bots.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- example -->\s*```python\n(.*?)```", doc, re.S)
    assert found, "docs/bots.md has lost its example"
    namespace: dict[str, object] = {}
    try:
        exec(compile(found.group(1), "docs/bots.md", "exec"), namespace)
        assert "pair" in bots.names()
        net = namespace["net"]
        assert isinstance(net, list)
        assert len(net) == 4
        assert sum(net) == 0
    finally:
        bots._REGISTRY.pop("pair", None)


# --- the command line ----------------------------------------------------------------------


def test_simulate_takes_the_new_bots_and_samples() -> None:
    from click.testing import CliRunner

    from splitpot.cli import main

    args = ["simulate", "--game", "razz", "--players", "4", "--hands", "30", "--seed", "3"]
    args += ["--bots", "equity,heuristic,random,call", "--samples", "200"]
    runner = CliRunner()
    first = runner.invoke(main, [*args, "--json"])
    assert first.exit_code == 0, first.output
    result = json.loads(first.stdout)
    assert list(result) == ["hands", "seconds", "net"]
    assert sum(result["net"]) == 0
    again = runner.invoke(main, [*args, "--json"])
    assert json.loads(again.stdout)["net"] == result["net"]
    readable = runner.invoke(main, args)
    assert readable.exit_code == 0
    assert "equity" in readable.stdout
    assert "95% CI" in readable.stdout
    bad = runner.invoke(main, [*args[:-1], "-1"])
    assert bad.exit_code == 2
