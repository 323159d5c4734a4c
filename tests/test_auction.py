"""Auction (OPR-657): the auction step, its refusals, its pots and its views, each test naming
the article it checks. Golden hands: tests/golden/auction-*.phh (replayed by
test_engine_replay.py and test_cli_replay.py)."""

from __future__ import annotations

import dataclasses
import json
import tomllib
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner

from play import refused
from splitpot import bots, variants
from splitpot.actions import Action
from splitpot.cards import Card
from splitpot.cli import main
from splitpot.engine import State, apply, legal_actions, new_hand, outcome
from splitpot.errors import IllegalAction, RulesError
from splitpot.notation import load, parse_action
from splitpot.records import (
    finish_showdown,
    house_rules,
    record_from_state,
    replay_to_end,
    rules_for,
)
from splitpot.rules import Auction, Deal, Rules, Showdown
from splitpot.sim import play_hand
from splitpot.state import Option
from splitpot.views import public_view, view

GOLDEN = Path(__file__).parent / "golden"
EXAMPLE = GOLDEN / "auction-article3-example.phh"
AUCTION = variants.get("auction")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def table(rules: Rules, stacks: list[int], lines: list[str], *, ante: int = 1) -> State:
    """A hand dealt by hand: the record's lines applied one by one (dealer steps included)."""
    state = new_hand(rules, stacks, auto_deal=False, antes=[ante] * len(stacks))
    for line in lines:
        apply(state, parse_action(line))
    return state


def one_auction(up: str, *, players: int = 2) -> Rules:
    """A test game: ``up`` cards dealt face up, then a single auction and a high-only showdown."""
    return Rules(
        "auction-test",
        "",
        (Deal(up), Auction(), Showdown()),
        max_players=7,
        ante=1,
        bring_in=0,
        small_bet=1,
        big_bet=2,
    )


def pick_order(state: State) -> list[int]:
    """Take the first card offered at each pick until the auction ends; who picked, in order."""
    order: list[int] = []
    while not state.finished:
        legal = legal_actions(state)
        if len(legal.to_act) != 1:
            break
        (seat,) = legal.to_act
        (option,) = legal.options[seat]
        if option.verb != "pick":
            break
        apply(state, Action("pick", seat, (option.cards[0],)))
        order.append(seat)
    finish_showdown(state)
    return order


# --------------------------------------------------------------------------- the game


def test_the_game_has_the_house_rules_defaults() -> None:
    # docs/games.md, Auction: antes, two down, five auctions (OPR-657 3.7), one spread-limit
    # round opened by the best hand showing, declaration high/low/both, both must win or tie.
    rules = variants.get("AUC")
    assert rules is AUCTION
    assert (rules.name, rules.code, rules.min_players, rules.max_players) == (
        "auction",
        "AUC",
        2,
        7,
    )
    kinds = [s.kind for s in rules.steps]
    assert kinds == ["deal", *["auction"] * 5, "betting", "declare", "showdown"]
    assert rules.steps[0] == Deal("dd")
    assert rules.betting == "spread"
    assert rules.steps[6].opener == "high-board"  # type: ignore[attr-defined]
    assert (rules.showdown, rules.declare_both, rules.both_must) == ("declare", True, "win-or-tie")
    assert (rules.low, rules.qualifier) == ("a5", 0)
    assert (rules.min_bid, rules.max_bid, rules.bid_minimum) == (None, None, rules.small_bet)
    # OPR-657 2.2: the minimum bid is the minimum bet unless the table agrees otherwise
    assert dataclasses.replace(rules, small_bet=3, big_bet=6).bid_minimum == 3
    assert dataclasses.replace(rules, min_bid=2).bid_minimum == 2
    assert dataclasses.replace(rules, showdown="cards").steps[-2].kind == "betting"


@pytest.mark.parametrize(
    ("change", "option"),
    [
        ({"min_bid": -1}, "min_bid"),
        ({"min_bid": "1"}, "min_bid"),
        ({"max_bid": 0}, "max_bid"),
        ({"min_bid": 5, "max_bid": 4}, "max_bid"),
        ({"max_players": 8}, "OPR-657 1.1"),  # 8 x 7 = 56 cards > 52
    ],
)
def test_impossible_bid_limits_are_refused_by_name(change: dict[str, object], option: str) -> None:
    # OPR-657 2.2 (a minimum and maybe a maximum bid), 1.1 (at most seven players)
    with pytest.raises(RulesError, match=option):
        dataclasses.replace(AUCTION, **change)


# --------------------------------------------------------------------------- Article 3 example


def example_until(last: str) -> dict[str, object]:
    """The golden example's record cut after the action ``last`` (the first time it occurs)."""
    record = tomllib.loads(EXAMPLE.read_text())
    actions = record["actions"]
    record["actions"] = actions[: actions.index(last) + 1]
    del record["finishing_stacks"]
    return record


def replay_json(tmp_path: Path, record: dict[str, object]) -> tuple[int, str, str]:
    path = tmp_path / "hand.phh"
    path.write_text(tomli_w.dumps(record))
    return run("replay", "--json", str(path))


def test_rule_book_example_through_the_cli(tmp_path: Path) -> None:
    # OPR-657 Article 3 example: A B C D = p1..p4 from the dealer's left; offer Ah 9s 9d 3c;
    # minimum bid 1 (the small bet); bids A 3, B 5, C 1, D 3.
    # Before the last fist opens nothing is in the pot but the antes: 4 x 1 = 4 (3.3).
    code, out, err = replay_json(tmp_path, example_until("p4 bid 3"))
    assert (code, err) == (0, "")
    info = json.loads(out)
    assert info["pot"] == 4
    assert info["stacks"] == [99, 99, 99, 99]
    assert info["to_act"] == [2]  # only B has not bid
    # Every fist open: all bids go into the pot (3.6): 4 + 3 + 5 + 1 + 3 = 16, i.e. pot + 12;
    # stacks 100 - 1 - bid: A 96, B 94, C 98, D 96. B bid the most and picks first (3.4).
    code, out, err = replay_json(tmp_path, example_until("p2 bid 5"))
    assert (code, err) == (0, "")
    info = json.loads(out)
    assert (info["pot"], info["stacks"], info["to_act"]) == (16, [96, 94, 98, 96], [2])
    # B, then A (tied with D at 3, nobody has up cards: nearer the dealer's left, 3.5), D, C.
    order = []
    for pick in ("p2 pick Ah", "p1 pick 9s", "p4 pick 9d"):
        code, out, _ = replay_json(tmp_path, example_until(pick))
        order.append(json.loads(out)["to_act"])
    assert order == [[1], [4], [3]]
    code, out, _ = replay_json(tmp_path, example_until("p3 pick 3c"))
    assert json.loads(out)["to_act"] == []  # the dealer lays out the second auction
    code, out, _ = replay_json(tmp_path, example_until("d dl 5sKh6c2h"))
    assert json.loads(out)["to_act"] == [1, 2, 3, 4]  # everyone's sealed bid is awaited


def test_rule_book_example_pick_out_of_order_is_refused(tmp_path: Path) -> None:
    # OPR-657 3.4: B (p2) bid highest and picks first; hand-history.md's example error line.
    record = example_until("p2 bid 5")
    record["actions"] = [*record["actions"], "p1 pick 9s"]  # type: ignore[list-item]
    code, out, err = replay_json(tmp_path, record)
    assert code == 1
    assert out == ""
    assert err.strip() == 'action 10 "p1 pick 9s": p2 picks first — highest bid (OPR-657 3.4)'


def test_rule_book_example_is_a_golden_record() -> None:
    # OPR-657 Article 3 example, played to the end (arithmetic in the file).
    code, out, err = run("replay", "--check", "--json", str(EXAMPLE))
    assert (code, err) == (0, "")
    assert json.loads(out)["stacks"] == [110, 109, 92, 89]


# --------------------------------------------------------------------------- ties (3.5)


def test_ties_pair_over_ace_high() -> None:
    # OPR-657 3.5: equal bids; p2's pair of fours showing beats p1's ace-king.
    state = table(one_auction("uu"), [20, 20], ["d dh p1 AsKd", "d dh p2 4c4d", "d dl 2h7c"])
    apply(state, parse_action("p1 bid 1"))
    apply(state, parse_action("p2 bid 1"))
    error = refused(state, "p1 pick 2h")
    assert (error.reason, error.rule) == ("not_your_pick", "OPR-657 3.5")
    assert error.message == "p2 picks first — equal bids, better hand showing"
    assert pick_order(state) == [1, 0]


def test_ties_two_pair_over_pair() -> None:
    # OPR-657 3.5: a partial hand compares by category first: 3-3-2-2 beats A-A-K-Q.
    state = table(
        one_auction("uuuu"), [20, 20], ["d dh p1 AhAdKcQs", "d dh p2 3c3d2h2s", "d dl 9c8c"]
    )
    apply(state, parse_action("p2 bid 1"))
    apply(state, parse_action("p1 bid 1"))
    assert pick_order(state) == [1, 0]


def test_ties_equal_hands_go_by_seat_and_suits_never_count() -> None:
    # OPR-657 3.5: p1 9-8 and p2 9-8 (better suits) show equal hands; p1 is nearer the dealer's
    # left. p3 bid more and picks first (3.4) despite the worst hand showing.
    state = table(
        one_auction("uu"),
        [20, 20, 20],
        ["d dh p1 9c8d", "d dh p2 9s8h", "d dh p3 3c2d", "d dl AsKsQs"],
    )
    for line in ("p2 bid 1", "p3 bid 2", "p1 bid 1"):
        apply(state, parse_action(line))
    error = refused(state, "p2 pick As")
    assert error.message == "p3 picks first — highest bid"
    apply(state, parse_action("p3 pick Ks"))
    error = refused(state, "p2 pick As")
    assert (
        error.message == "p1 picks first — equal bids and hands showing, nearer the dealer's left"
    )
    assert error.rule == "OPR-657 3.5"
    assert pick_order(state) == [0, 1]


def test_ties_by_ranks_within_a_category() -> None:
    # OPR-657 3.5: pair against pair, the higher pair first; then the kickers by rank.
    state = table(
        one_auction("uuu"),
        [20, 20, 20],
        ["d dh p1 5c5d2h", "d dh p2 5h5s3c", "d dh p3 KcKd2s", "d dl 7c8c9c"],
    )
    for line in ("p1 bid 1", "p2 bid 1", "p3 bid 1"):
        apply(state, parse_action(line))
    assert pick_order(state) == [2, 1, 0]  # kings; fives with a 3; fives with a 2


# --------------------------------------------------------------------------- refusals


def started() -> State:
    """The golden example's table just after the layout of the first auction."""
    state = new_hand(AUCTION, [100, 100, 100, 100], auto_deal=False)
    for line in ("d dh p1 KsKd", "d dh p2 2c4d", "d dh p3 7h8h", "d dh p4 QcJd"):
        apply(state, parse_action(line))
    return state


def test_the_dealer_lays_out_one_card_per_player() -> None:
    # OPR-657 3.1: as many cards face up as there are players.
    state = started()
    assert legal_actions(state).dealer
    assert refused(state, "p1 bid 1").reason == "layout_first"
    error = refused(state, "d dl Ah9s9d")
    assert (error.reason, error.rule) == ("wrong_card_count", "OPR-657 3.1")
    assert refused(state, "d dl AhKs9d3c").reason == "card_dealt_twice"  # Ks is p1's
    assert refused(state, "d dl Ah9s9d??").reason == "unknown_card"
    apply(state, parse_action("d dl Ah9s9d3c"))
    assert refused(state, "d dl 2h3h4h5h").reason == "not_dealers_turn"


def test_bids_below_the_minimum_above_the_maximum_or_twice_are_refused() -> None:
    # OPR-657 3.2: at least the minimum bet, at most an agreed maximum; one bid per auction.
    state = started()
    apply(state, parse_action("d dl Ah9s9d3c"))
    error = refused(state, "p1 bid 0")
    assert (error.reason, error.rule) == ("below_minimum_bid", "OPR-657 3.2")
    assert str(error) == "bid 0 is below the minimum bid 5 (OPR-657 3.2)"
    assert refused(state, "p1 bid 100").reason == "bid_exceeds_stack"  # 99 behind
    apply(state, parse_action("p1 bid 99"))  # all of it: no maximum by default
    error = refused(state, "p1 bid 5")
    assert (error.reason, error.rule) == ("bid_twice", "OPR-657 3.2")
    assert refused(state, "p9 bid 5").reason == "not_live"
    assert refused(state, "p2 cbr 5").reason == "auction_now"
    error = refused(state, "p2 pick Ah")  # 3.3: no choosing before the fists open
    assert (error.reason, error.rule) == ("bids_not_in", "OPR-657 3.3")
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="amount"):
        apply(state, Action("bid", 1))
    assert state.snapshot() == before

    capped = new_hand(dataclasses.replace(AUCTION, max_bid=8), [100, 100], auto_deal=False)
    for line in ("d dh p1 KsKd", "d dh p2 2c4d", "d dl Ah9s"):
        apply(capped, parse_action(line))
    assert legal_actions(capped).options[0] == (Option("bid", 5, 8),)
    error = refused(capped, "p1 bid 9")
    assert (error.reason, str(error)) == (
        "above_maximum_bid",
        "bid 9 is above the maximum bid 8 (OPR-657 3.2)",
    )


def test_picks_out_of_turn_twice_or_off_the_table_are_refused() -> None:
    # OPR-657 3.4: one card each, from those left, in the order of the bids.
    state = started()
    for line in ("d dl Ah9s9d3c", "p1 bid 5", "p2 bid 6", "p3 bid 5", "p4 bid 5"):
        apply(state, parse_action(line))
    assert legal_actions(state).to_act == (1,)
    offer = tuple(Card(c) for c in ("Ah", "9s", "9d", "3c"))
    assert legal_actions(state).options[1] == (Option("pick", cards=offer),)
    assert refused(state, "p2 pick Kh").reason == "card_not_on_offer"
    with pytest.raises(IllegalAction, match="exactly one card"):
        apply(state, Action("pick", 1, (Card("Ah"), Card("9s"))))
    assert refused(state, "p2 bid 6").reason == "bid_twice"
    error = refused(state, "p3 pick 9s")
    assert error.message == "p2 picks first — highest bid"
    apply(state, parse_action("p2 pick 9s"))
    assert refused(state, "p2 pick 9d").reason == "picked_twice"
    assert refused(state, "p1 pick 9s").reason == "card_not_on_offer"
    assert refused(state, "p5 pick 9d").reason == "not_live"
    # p1, p3, p4 tied at 5, nobody has up cards: by seat (3.5); the last takes the last card,
    # a one-card option (3.4).
    assert pick_order(state) == [0, 2, 3]
    assert [str(c) for c in state.up_cards(1)] == ["9s"]
    assert [len(state.up_cards(s)) for s in range(4)] == [1, 1, 1, 1]


# --------------------------------------------------------------------------- chips


def test_every_bid_goes_into_the_pot() -> None:
    # OPR-657 3.6: winner or not, every bid is in the pot once the fists open (3.3) and counts
    # as chips put in; it is not a bet to call in the betting round.
    state = started()
    for line in ("d dl Ah9s9d3c", "p1 bid 5", "p2 bid 9", "p3 bid 5"):
        apply(state, parse_action(line))
    assert state.pot == 4
    assert state.stacks == (99, 99, 99, 99)
    apply(state, parse_action("p4 bid 7"))
    assert state.pot == 4 + 5 + 9 + 5 + 7  # 30
    assert state.stacks == (94, 90, 94, 92)
    assert state.paid == [6, 10, 6, 8]
    assert state.bets == [0, 0, 0, 0]


def test_a_short_stack_bids_all_it_has_and_is_all_in() -> None:
    # OPR-657 3.2 and docs/games.md: a player who cannot cover the minimum bids everything.
    # Ante 1, minimum bid 5; p3 has 3 - 1 = 2 behind: its only bid is 2.
    # Auction 1 (offer 2c 7h 9d): p1 5, p2 5, p3 2 -> p1, p2 (tied, no up cards: by seat), p3.
    # Auction 2 (offer 3c 4h 5s): p3 has 0 and bids 0; p1 5, p2 5 -> p2 (7h beats 2c), p1, p3.
    # Paid: p1 1 + 5 + 5 = 11, p2 11, p3 1 + 2 = 3. Main pot 3 + 3 + 3 = 9 (p1 p2 p3), side
    # pot 8 + 8 = 16 (p1 p2). p3 AA wins the main pot, p1 KK the side pot over p2's QQ.
    # p1 50 - 11 + 16 = 55; p2 50 - 11 = 39; p3 3 - 3 + 9 = 9. 55 + 39 + 9 = 103.
    rules = dataclasses.replace(
        one_auction("dd"), steps=(Deal("dd"), Auction(), Auction(), Showdown()), small_bet=5,
        big_bet=10,
    )  # fmt: skip
    state = table(
        rules, [50, 50, 3], ["d dh p1 KsKd", "d dh p2 QsQd", "d dh p3 AsAd", "d dl 2c7h9d"]
    )
    assert legal_actions(state).options[2] == (Option("bid", 2, 2),)
    error = refused(state, "p3 bid 5")
    assert error.reason == "short_stack_bids_all"
    assert error.rule == "OPR-657 3.2, ruling: who cannot cover the minimum bid bids all it has"
    for line in ("p3 bid 2", "p1 bid 5", "p2 bid 5"):
        apply(state, parse_action(line))
    assert state.stacks == (44, 44, 0)
    assert pick_order(state) == [0, 1, 2]
    apply(state, parse_action("d dl 3c4h5s"))
    assert legal_actions(state).options[2] == (Option("bid", 0, 0),)
    for line in ("p1 bid 5", "p3 bid 0", "p2 bid 5"):
        apply(state, parse_action(line))
    assert pick_order(state) == [1, 0, 2]
    assert state.finished
    assert state.stacks == (55, 39, 9)
    assert sum(outcome(state).net) == 0


def test_unequal_bids_make_no_side_pot(tmp_path: Path) -> None:
    # OPR-657 3.6 and docs/games.md (side pots come from players all in): the golden example
    # with p2 declaring both. p2 paid 1 + 10 + 2 = 13, p1 12, p4 11, p3 8 (folded); nobody is
    # all in, so all 44 chips are one pot. p2 fails both (p1's king-high straight beats p2's
    # six-high straight, 4.3) and takes nothing - not even its 13th chip back; nobody else
    # declared low, so the whole pot goes high to p1 (docs/games.md).
    # p1 100 - 12 + 44 = 132; p2 100 - 13 = 87; p3 92; p4 89.
    record = tomllib.loads(EXAMPLE.read_text())
    record["actions"] = [
        "p2 dec both" if a == "p2 dec lo" else a
        for a in record["actions"]  # type: ignore[attr-defined]
    ]
    record["finishing_stacks"] = [132, 87, 92, 89]
    path = tmp_path / "both.phh"
    path.write_text(tomli_w.dumps(record))
    code, out, err = run("replay", "--check", "--json", str(path))
    assert (code, err) == (0, "")
    info = json.loads(out)
    assert [(a["player"], a["amount"]) for a in info["awards"]] == [(1, 44)]


# --------------------------------------------------------------------------- views (3.2-3.3)


def test_views_keep_bids_sealed_until_the_last_is_in() -> None:
    # OPR-657 3.2-3.3: bids are secret in a closed fist until all open together.
    state = started()
    apply(state, parse_action("d dl Ah9s9d3c"))
    apply(state, parse_action("p1 bid 7"))
    mine, theirs, spectator = view(state, 0), view(state, 1), public_view(state)
    assert (mine.seats[0].has_bid, mine.seats[0].bid) == (True, 7)
    assert (theirs.seats[0].has_bid, theirs.seats[0].bid) == (True, None)
    assert (spectator.seats[0].has_bid, spectator.seats[0].bid) == (True, None)
    assert theirs.seats[1].has_bid is False
    assert mine.log[-1] == Action("bid", 0, (), 7)
    assert theirs.log[-1] == spectator.log[-1] == Action("bid", 0)
    assert theirs.seats[0].stack == 99
    assert theirs.pot == 4
    assert theirs.to_act == (1, 2, 3)
    assert mine.to_act == (1, 2, 3)
    for line in ("p2 bid 5", "p3 bid 5", "p4 bid 5"):
        apply(state, parse_action(line))
    after = view(state, 1)
    assert [s.bid for s in after.seats] == [7, 5, 5, 5]
    assert [a.amount for a in after.log if a.verb == "bid"] == [7, 5, 5, 5]
    assert [a.amount for a in public_view(state).log if a.verb == "bid"] == [7, 5, 5, 5]
    for line in ("p1 pick Ah", "p2 pick 9s", "p3 pick 9d", "p4 pick 3c", "d dl 5sKh6c2h"):
        apply(state, parse_action(line))
    apply(state, parse_action("p3 bid 8"))
    seen = view(state, 0)
    assert [s.bid for s in seen.seats] == [None, None, None, None]  # a new auction
    assert [a.amount for a in seen.log if a.verb == "bid"] == [7, 5, 5, 5, None]
    assert [a.amount for a in view(state, 2).log if a.verb == "bid"] == [7, 5, 5, 5, 8]


def test_a_sealed_bid_changes_nothing_another_seat_sees() -> None:
    # OPR-657 3.2: two tables differing only in p1's sealed bid look alike to p2 and spectators.
    a, b = started(), started()
    for state, bid in ((a, 5), (b, 60)):
        apply(state, parse_action("d dl Ah9s9d3c"))
        apply(state, Action("bid", 0, amount=bid))
        apply(state, parse_action("p3 bid 6"))
    assert view(a, 1) == view(b, 1)
    assert view(a, 2) == view(b, 2)
    assert public_view(a) == public_view(b)
    assert view(a, 0) != view(b, 0)


# --------------------------------------------------------------------------- whole hands


def test_seven_players_use_49_of_52_cards() -> None:
    # OPR-657 1.1: seven players x (2 down + 5 auctions) = 49 cards; three stay in the stub.
    seated = [bots.get("call") for _ in range(7)]
    state = play_hand(AUCTION, seated, [1000] * 7, 11)
    assert state.finished
    assert [len(h) for h in state.hands] == [7] * 7
    assert [len(state.up_cards(s)) for s in range(7)] == [5] * 7  # OPR-657 3.7
    assert len({c for h in state.hands for c in h}) == 49
    assert len(state.stub) == 3
    assert sum(1 for a in state.log if a.verb == "dl") == 5
    assert all(len(a.cards) == 7 for a in state.log if a.verb == "dl")
    assert sum(state.stacks) == 7000


def test_eight_players_cannot_sit_down() -> None:
    # OPR-657 1.1: no more than seven.
    with pytest.raises(RulesError, match="2 to 7"):
        new_hand(AUCTION, [100] * 8)


def test_records_keep_the_bid_house_rules(tmp_path: Path) -> None:
    # docs/games.md: min_bid and max_bid are written in _splitpot and read back (OPR-657 2.2).
    rules = dataclasses.replace(AUCTION, min_bid=2, max_bid=9)
    assert house_rules(rules) == {"min_bid": 2, "max_bid": 9}
    seated = [bots.get("random", seed=s) for s in range(3)]
    state = play_hand(rules, seated, [60, 60, 60], 5)
    record = record_from_state(state)
    assert rules_for(record) == rules
    assert replay_to_end(record).stacks == state.stacks
    bids = [a.amount for a in state.log if a.verb == "bid"]
    assert bids
    assert all(a is not None and a <= 9 for a in bids)
    assert house_rules(AUCTION) == {}


def test_simulate_and_replay_from_the_command_line(tmp_path: Path) -> None:
    # hand-history.md: AUC records with d dl, bid and pick; every hand replays to its stacks.
    path = tmp_path / "run.phhs"
    code, out, err = run(
        "simulate", "--game", "auction", "--players", "5", "--hands", "8", "--seed", "4",
        "--bots", "random", "--json", "--record", str(path),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert sum(json.loads(out)["net"]) == 0
    records = load(path)
    assert len(records) == 8
    for record in records:
        assert record.variant == "AUC"
        verbs = {a.verb for a in record.actions}
        assert {"dl", "bid", "pick"} <= verbs
        assert replay_to_end(record).stacks == record.finishing_stacks
    code, out, err = run("replay", "--check", "--json", str(path))
    assert (code, err) == (0, "")
    assert len(out.splitlines()) == 8
