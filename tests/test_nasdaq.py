"""NASDAQ (pagat.com; docs/games.md: NASDAQ): every rule the book states, by paragraph (``¶n``:
the n-th paragraph after the title, listed in the citation index of docs/games.md; the
seven-card version's labelled sentences by label), its refusals and its views. Golden hands
worked out by hand: tests/golden/nasdaq*.phh (replayed to their stacks by
test_engine_replay.py and test_cli_replay.py); the tests below stop them part-way to look at
the table."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from play import refused
from splitpot import bots, variants
from splitpot.cli import main, render
from splitpot.engine import State, apply, legal_actions, new_hand, outcome
from splitpot.errors import RulesError
from splitpot.notation import load, parse_action
from splitpot.records import finish_showdown, rules_for, start
from splitpot.state import Option
from splitpot.views import public_view, view

ROOT = Path(__file__).resolve().parents[1]
GAMES_DOC = ROOT / "docs" / "games.md"
GOLDEN = Path(__file__).parent / "golden"
OPEN = GOLDEN / "nasdaq-open-sale-unsold-both-ways.phh"
SEALED = GOLDEN / "nasdaq-sealed-excess-fold-skips.phh"
ALL_IN = GOLDEN / "nasdaq-all-in-seller-rebuys.phh"
SEVEN = GOLDEN / "nasdaq7-two-rounds-turn-ups-declare.phh"
NASDAQ = variants.get("nasdaq")
NASDAQ7 = variants.get("nasdaq7")


def upto(path: Path, last: str, nth: int = 1) -> State:
    """The golden hand played through the ``nth`` occurrence of the line ``last``."""
    (record,) = load(path)
    state = start(record)
    seen = 0
    for action in record.actions:
        apply(state, action)
        if action == parse_action(last):
            seen += 1
            if seen == nth:
                finish_showdown(state)  # the referee shows the hands when only that is left
                return state
    raise AssertionError(f"{last!r} is not in {path.name}")


def options(state: State, seat: int) -> tuple[Option, ...]:
    return legal_actions(state).options[seat]


def cards_held(state: State, seat: int) -> int:
    return len(state.hands[seat])


# --------------------------------------------------------------------------- citations


def citation_index() -> dict[int, tuple[str, str]]:
    """docs/games.md's NASDAQ citation index: paragraph number -> (its label, what it is about)."""
    section = GAMES_DOC.read_text(encoding="utf-8").split("\n## NASDAQ citation index\n")[1]
    section = section.split("\n## ")[0]
    entries = re.findall(
        r"^- \*\*¶(\d+)\*\*(?: \((5\.2\([a-c]\))\))?: (.+?)(?=^- |\Z)", section, re.M | re.S
    )
    return {int(n): (label, " ".join(about.split())) for n, label, about in entries}


def cited_paragraphs() -> dict[int, list[str]]:
    """Every ``¶n`` (and range ``¶n–m``) the code, tests and docs cite, with where."""
    files = [*(ROOT / "src").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
    files += [*(ROOT / "tests" / "golden").glob("*.phh"), ROOT / "README.md"]
    files += [p for p in (ROOT / "docs").glob("*.md") if p != GAMES_DOC]
    cited: dict[int, list[str]] = {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        for first, last in re.findall(r"¶(\d+)(?:\s?[–-]\s?¶?(\d+))?", text):
            for n in range(int(first), int(last or first) + 1):
                cited.setdefault(n, []).append(str(path.relative_to(ROOT)))
    return cited


def test_the_citation_index_lists_every_paragraph_of_the_page_once() -> None:
    index = citation_index()
    assert sorted(index) == list(range(1, 27))  # the page has 26 paragraphs after its title
    # The labelled paragraphs anchor the count: 5.2(a)-(c) are the 19th to 21st.
    labels = {n: label for n, (label, _) in index.items() if label}
    assert labels == {19: "5.2(a)", 20: "5.2(b)", 21: "5.2(c)"}


def test_every_paragraph_the_code_cites_is_in_the_citation_index() -> None:
    cited, index = cited_paragraphs(), citation_index()
    assert {6, 7, 8, 9, 10, 12, 13, 18, 23} <= set(cited)  # the refusals of phases/ cite these
    unknown = {n: where for n, where in cited.items() if n not in index}
    assert not unknown, f"cited but not in docs/games.md's NASDAQ citation index: {unknown}"


@pytest.mark.parametrize(
    ("paragraph", "words"),
    [
        (2, "at most eight players"),
        (4, "no low ranking"),
        (5, "six cards are dealt face down"),
        (6, "right to sell first"),
        (7, "left of the dealer sells first"),
        (8, "may name a minimum price"),
        (9, "paid to the seller"),
        (10, "pays the minimum price"),
        (11, "opened by the buyer"),
        (12, "three raises"),
        (13, "five cards"),
        (14, "split the pot"),
        (15, "chip declare"),
        (16, "odd chip"),
        (17, "opened left of the dealer"),
        (18, "asking price"),
        (19, "the buyer pays the seller"),
        (20, "pays the asking price into the pot"),
        (21, "free face-down discard"),
        (22, "second auction round"),
        (23, "face up at the same time"),
        (24, "chip declare"),
        (25, "maximum sale price"),
        (26, "excess"),
    ],
)
def test_the_paragraphs_we_cite_are_about_what_we_cite_them_for(paragraph: int, words: str) -> None:
    assert words in citation_index()[paragraph][1]


# --------------------------------------------------------------------------- the games


def test_the_games_have_the_house_rules_defaults() -> None:
    for rules in (NASDAQ, NASDAQ7):
        assert (rules.low, rules.qualifier) == ("a5", 0)  # ¶4: the dealer's call, a5 here
        assert (rules.betting, rules.max_raises) == ("fixed", 3)  # ¶12, ¶17
        assert rules.no_check_raise  # ¶12, ¶17
        assert not rules.heads_up_uncapped
        assert rules.declare_both  # ¶15 "where the group allows it"
        assert rules.sale_bidding == "open"
        assert rules.price_minimum == rules.small_bet  # min_price: the small bet
        assert rules.max_price is None  # ¶25: only some groups
        assert rules.excess_threshold is None  # ¶26: only some groups
    assert NASDAQ.showdown == "cards"  # ¶14; a chip declare is the alternative (¶15)
    assert NASDAQ7.showdown == "declare"  # ¶24
    assert (NASDAQ.max_players, NASDAQ7.max_players) == (8, 7)  # ¶2; seven cards each
    assert variants.get("NQ6") is NASDAQ
    assert variants.get("NQ7") is NASDAQ7


def test_up_to_eight_players_are_dealt_six_cards_face_down_after_the_ante() -> None:
    # ¶2, ¶5: 8 x 6 = 48 cards from one deck; everyone antes.
    state = new_hand(NASDAQ, [50] * 8, seed=1)
    assert state.pot == 8
    for seat in range(8):
        assert cards_held(state, seat) == 6
        assert view(state, seat).seats[seat].up == ()
        assert None not in view(state, seat).seats[seat].down
        assert view(state, (seat + 1) % 8).seats[seat].down == (None,) * 6
    with pytest.raises(RulesError, match="2 to 8 players"):
        new_hand(NASDAQ, [50] * 9)
    with pytest.raises(RulesError, match="2 to 7 players"):
        new_hand(NASDAQ7, [50] * 8)


def test_impossible_sale_options_are_refused_by_name() -> None:
    with pytest.raises(RulesError, match="sale_bidding"):
        dataclasses.replace(NASDAQ, sale_bidding="dutch")
    with pytest.raises(RulesError, match="max_price"):
        dataclasses.replace(NASDAQ, min_price=10, max_price=5)
    with pytest.raises(RulesError, match="excess_threshold"):
        dataclasses.replace(NASDAQ, excess_threshold=-1)


# --------------------------------------------------------------------------- the six-card game


def test_the_highest_bidder_pays_the_pot_and_sells_first() -> None:
    # ¶6: p1 2, p2 3, p3 passes, p1 passes: p2 pays 3 into the pot and sells.
    state = upto(OPEN, "p1 pass")
    assert state.pot == 3 + 3
    assert state.stacks == (99, 96, 99)
    assert legal_actions(state).to_act == (1,)
    assert {o.verb for o in options(state, 1)} == {"sell"}


def test_open_bids_go_clockwise_and_must_top_the_last() -> None:
    # house rule sale_bidding = "open": from the dealer's left when bidding to sell first.
    state = upto(OPEN, "d dh p3 5s6sJdTc2c3c")
    assert legal_actions(state).to_act == (0,)
    apply(state, parse_action("p1 bid 2"))
    assert refused(state, "p3 bid 3").reason == "not_your_turn"
    assert refused(state, "p2 bid 2").reason == "does_not_top"
    assert refused(state, "p2 bid 100").reason == "bid_exceeds_stack"


def test_nobody_bids_so_the_dealers_left_sells_first() -> None:
    # ¶7 (sealed here: everyone passes).
    state = upto(SEALED, "p2 pass")
    assert legal_actions(state).to_act == (0,)
    assert state.pot == 4  # nothing paid


def test_the_seller_shows_a_card_and_may_name_a_price() -> None:
    # ¶8: the card lies face up for everyone; naming a price is optional in the six-card game,
    # and a price is at least min_price (the small bet).
    state = upto(OPEN, "p1 pass")
    sell = options(state, 1)
    assert {(o.min_amount, o.max_amount) for o in sell} == {(5, 96), (None, None)}
    assert refused(state, "p2 sell 7c 4").reason == "below_minimum_price"
    assert refused(state, "p2 sell 7c 97").reason == "price_exceeds_stack"
    assert refused(state, "p2 sell 9s 5").reason == "card_not_held"
    assert refused(state, "p1 sell 2h 5").reason == "not_your_turn"
    apply(state, parse_action("p2 sell 7c 5"))
    for seat in (None, 0, 1, 2):
        seen = public_view(state) if seat is None else view(state, seat)
        assert seen.offer is not None
        assert (seen.offer.cards, seen.offer.seller, seen.offer.ask) == (
            (parse_action("p1 pick 7c").cards[0],),
            1,
            5,
        )
    assert cards_held(state, 1) == 5


def test_bids_below_the_asking_price_do_not_count() -> None:
    # ¶18 (and docs/games.md for both versions): a bid under the named price is refused.
    state = upto(OPEN, "p2 sell 7c 5")
    assert legal_actions(state).to_act == (2,)  # from the seller's left
    assert options(state, 2)[0] == Option("bid", 5, 99)
    assert refused(state, "p3 bid 4").reason == "below_asking_price"
    assert refused(state, "p2 bid 6").reason == "own_card"


def test_the_best_bid_is_paid_to_the_seller_and_the_buyer_discards_one() -> None:
    # ¶9: p1's 8 goes to p2 (not the pot); p1 takes 7c and must discard one card face down.
    state = upto(OPEN, "p3 pass", nth=2)
    assert state.stacks == (91, 104, 99)
    assert state.pot == 6
    assert cards_held(state, 0) == 7
    assert legal_actions(state).to_act == (0,)
    assert refused(state, "p1 sd 5d").reason == "card_not_held"
    assert refused(state, "p1 cbr 5").reason == "discard_now"
    apply(state, parse_action("p1 sd Kd"))
    assert cards_held(state, 0) == 6
    assert cards_held(state, 1) == 5
    # the discard is face down: the others see that p1 discarded, not what
    assert view(state, 1).log[-1] == parse_action("p1 sd ??")
    assert view(state, 0).log[-1] == parse_action("p1 sd Kd")


def test_a_betting_round_follows_each_sale_opened_by_the_buyer() -> None:
    # ¶11: after the sale of 7c to p1, p1 acts first, at the small bet.
    state = upto(OPEN, "p1 sd Kd")
    assert state.step.kind == "betting"
    assert legal_actions(state).to_act == (0,)
    assert ("cbr", 5) in {(o.verb, o.min_amount) for o in options(state, 0)}


def test_an_unsold_card_goes_back_the_seller_discards_and_pays_a_named_price() -> None:
    # ¶10: without a price (p3's 2c) nothing is paid; with one (p1's 9s at 5) the price goes
    # into the pot. The round after opens with the seller (¶11).
    state = upto(OPEN, "p2 pass")
    assert legal_actions(state).to_act == (2,)
    assert cards_held(state, 2) == 6  # 2c back: six until the discard
    before = state.stacks
    apply(state, parse_action("p3 sd Jd"))
    assert state.stacks == before
    assert cards_held(state, 2) == 5
    assert legal_actions(state).to_act == (2,)  # p3 opens the betting
    state = upto(OPEN, "p3 pass", nth=3)
    assert state.stacks[0] == 71  # 76 - 5 for the unsold 9s
    assert state.pot == 56


def test_a_player_who_checked_may_not_raise_and_a_fourth_raise_is_refused() -> None:
    # ¶12: p3 checked, p1 bet, p2 called: p3 may call or fold, not raise.
    state = upto(OPEN, "p2 cc")
    assert {o.verb for o in options(state, 2)} == {"f", "cc"}
    caught = refused(state, "p3 cbr 10")
    assert caught.reason == "no_check_raise"
    assert "NASDAQ ¶12" in caught.rule
    # A bet and three raises, then the cap, even heads-up (heads_up_uncapped = false).
    state = upto(OPEN, "p1 sd 9s")
    for line in ("p1 cbr 10", "p2 cbr 20", "p3 f", "p1 cbr 30", "p2 cbr 40"):
        apply(state, parse_action(line))
    caught = refused(state, "p1 cbr 50")
    assert caught.reason == "raises_capped"
    assert "NASDAQ ¶12" in caught.rule


def test_sellers_go_clockwise_and_a_folded_player_is_skipped() -> None:
    # ¶13: after p2's sale the next seller would be p3, who folded: p4 sells.
    state = upto(SEALED, "p2 cc", nth=2)
    assert state.folded[2]
    assert legal_actions(state).to_act == (3,)
    assert refused(state, "p1 sell As 5").reason == "not_your_turn"


def test_after_every_live_player_has_sold_each_holds_five_and_the_last_round_is_big() -> None:
    # ¶13-14; the last round at the big bet (docs/games.md ruling on sizes).
    state = upto(SEALED, "p4 sd Kh")
    assert [cards_held(state, s) for s in (0, 1, 3)] == [5, 5, 5]
    assert ("cbr", 10) in {(o.verb, o.min_amount) for o in options(state, 3)}
    state = upto(OPEN, "p1 sd 9s")
    assert [cards_held(state, s) for s in range(3)] == [5, 5, 5]


def test_the_showdown_splits_between_the_best_high_and_the_best_low() -> None:
    # ¶3, ¶14: cards speak by default.
    (record,) = load(OPEN)
    state = upto(OPEN, "p1 cc", nth=2)
    assert state.finished
    halves = {(a.seat, a.half, a.amount) for a in outcome(state).awards}
    assert halves == {(1, "high", 48), (0, "low", 48)}
    assert state.stacks == record.finishing_stacks


def test_a_chip_declare_can_replace_cards_speak() -> None:
    # ¶15: showdown = "declare" adds the declaration before the showdown; "both" is allowed.
    rules = dataclasses.replace(NASDAQ, showdown="declare")
    assert [s.kind for s in rules.steps][-2:] == ["declare", "showdown"]


def test_sealed_bids_are_hidden_until_the_last_is_in_and_ties_go_to_the_sellers_left() -> None:
    # house rule sale_bidding = "sealed": p3 and p2 both bid 21; p2 is nearer p1's left.
    state = upto(SEALED, "p2 bid 21")
    assert set(legal_actions(state).to_act) == {3}
    for seat in (0, 3):
        seen = view(state, seat)
        assert seen.seats[1].has_bid
        assert seen.seats[1].bid is None
        assert parse_action("p2 bid 21") not in seen.log
        assert seen.offer is not None
        assert seen.offer.high_bid is None
    assert view(state, 1).seats[1].bid == 21
    apply(state, parse_action("p4 bid 15"))
    assert legal_actions(state).to_act == (1,)  # p2 bought, and discards
    assert parse_action("p3 bid 21") in public_view(state).log  # revealed


def test_half_the_excess_over_the_threshold_goes_to_the_pot_odd_chip_too() -> None:
    # ¶26, excess_threshold = 10: a winning 21 has 11 over; 5 to the seller, 6 to the pot.
    state = upto(SEALED, "p4 bid 15")
    assert state.stacks[:2] == (99 + 15, 99 - 21)
    assert state.pot == 4 + 6
    (paid,) = state.payments
    assert (paid.payer, paid.payee, paid.amount) == (1, 0, 15)


def test_a_bid_above_the_maximum_price_is_refused() -> None:
    # ¶25: some groups set a maximum sale price (house rule max_price).
    rules = dataclasses.replace(NASDAQ, max_price=20)
    (record,) = load(OPEN)
    state = new_hand(rules, [100] * 3, auto_deal=False)
    for action in record.actions[:7]:
        apply(state, action)  # the deal and the bidding to sell first
    assert refused(state, "p2 sell 7c 21").reason == "above_maximum_price"
    apply(state, parse_action("p2 sell 7c 5"))
    assert options(state, 2)[0] == Option("bid", 5, 20)
    assert refused(state, "p3 bid 21").reason == "above_maximum_price"


def test_a_player_all_in_sells_is_paid_and_plays_on_for_what_it_matched() -> None:
    # Nothing is lost when a seller is all in: p3 (all in for 5) sells 2c for 13 and calls the
    # last bet; it contests 48 of the 63, the rest is p1's and p2's side pot.
    state = upto(ALL_IN, "p2 sd 9s")
    assert state.stacks == (90, 70, 13)
    assert state.caps[2] == 18
    state = upto(ALL_IN, "p1 cc", nth=3)
    amounts = sorted((a.seat, a.amount) for a in outcome(state).awards)
    assert amounts == [(0, 7), (1, 8), (2, 48)]
    assert outcome(state).net == (-13, -32, 45)
    assert sum(p.amount for p in outcome(state).payments) == 14


def test_a_buyer_may_not_bid_more_than_it_has_and_the_broke_are_out() -> None:
    # p3 has no chips when p2 sells Ks: it is not asked; p1 alone may bid.
    state = upto(ALL_IN, "p2 sell Ks 5")
    assert legal_actions(state).to_act == (0,)
    assert refused(state, "p3 bid 5").reason == "not_bidding"
    # and a seller without chips cannot name a price it could not pay if unsold (¶10)
    state = upto(ALL_IN, "p1 cc", nth=2)
    (sell,) = options(state, 2)
    assert (sell.verb, sell.min_amount) == ("sell", None)
    assert refused(state, "p3 sell 2c 5").reason == "price_exceeds_stack"


# --------------------------------------------------------------------------- the seven-card version


def test_seven_down_and_the_first_rounds_are_opened_left_of_the_dealer() -> None:
    # docs/games.md ruling: seven down; ¶17: rounds 1 to 3 open at the dealer's left.
    state = upto(SEVEN, "d dh p3 5d7s9sTsJs2sTh")
    assert [cards_held(state, s) for s in range(3)] == [7, 7, 7]
    assert legal_actions(state).to_act == (0,)
    assert state.step.kind == "betting"


def test_every_player_in_turn_auctions_a_card_with_an_asking_price_or_discards() -> None:
    # ¶18: an asking price is required and at least min_price; 5.2(c): or a free discard.
    state = upto(SEVEN, "p1 cc", nth=2)
    verbs = {(o.verb, o.min_amount) for o in options(state, 0)}
    assert verbs == {("sell", 5), ("sd", None)}
    assert refused(state, "p1 sell Kc").reason == "price_required"
    assert refused(state, "p1 sell Kc 4").reason == "below_minimum_price"
    assert refused(state, "p2 sell Ks 5").reason == "not_your_turn"


def test_sold_the_buyer_pays_the_seller_and_discards_face_down() -> None:
    # 5.2(a)
    state = upto(SEVEN, "p2 sd 8h")
    assert state.stacks == (94 + 7, 94 - 7, 94)
    assert [cards_held(state, s) for s in range(3)] == [6, 7, 7]
    assert legal_actions(state).to_act == (1,)  # p2's own turn follows


def test_a_free_discard_instead_of_an_auction() -> None:
    # 5.2(c): p2 discards 9c; nobody pays anything.
    before = upto(SEVEN, "p2 sd 8h").stacks
    state = upto(SEVEN, "p2 sd 9c")
    assert state.stacks == before
    assert cards_held(state, 1) == 6
    assert legal_actions(state).to_act == (2,)


def test_unsold_the_seller_discards_and_pays_the_asking_price() -> None:
    # 5.2(b): p1's 6h at 5 finds no bidder.
    state = upto(SEVEN, "p3 pass", nth=2)
    assert legal_actions(state).to_act == (0,)
    assert state.stacks[0] == 95 - 5
    apply(state, parse_action("p1 sd 6h"))
    assert cards_held(state, 0) == 5


def test_every_player_loses_one_card_a_round_and_ends_with_five() -> None:
    state = upto(SEVEN, "p3 cc", nth=2)  # after auction round 1 and betting 2
    assert [cards_held(state, s) for s in range(3)] == [6, 6, 6]
    state = upto(SEVEN, "p3 sd Th")
    assert [cards_held(state, s) for s in range(3)] == [5, 5, 5]


def test_no_second_auction_round_when_one_player_remains() -> None:
    # ¶22: everyone but p1 folds in the second betting round: the hand ends there.
    state = upto(SEVEN, "p1 sd Qd")
    for line in ("p1 cbr 5", "p2 f", "p3 f"):
        apply(state, parse_action(line))
    assert state.finished
    assert "uncontested" in outcome(state).awards[0].reason
    assert state.log[-1] == parse_action("p3 f")


def test_turn_ups_are_simultaneous_and_the_best_hand_showing_opens() -> None:
    # ¶23: p2 has chosen Kc; p1 cannot see which until p1 chooses too.
    state = upto(SEVEN, "p2 up Kc")
    assert legal_actions(state).to_act == (0,)
    assert view(state, 0).seats[1].up == ()
    assert parse_action("p2 up Kc") not in view(state, 0).log
    assert refused(state, "p1 up Kc").reason == "card_not_held"
    assert refused(state, "p2 up Ks").reason == "turned_twice"
    apply(state, parse_action("p1 up 5d"))
    assert view(state, 0).seats[1].up == (parse_action("p1 pick Kc").cards[0],)
    assert legal_actions(state).to_act == (1,)  # king high beats five high
    assert ("cbr", 10) in {(o.verb, o.min_amount) for o in options(state, 1)}  # the big bet


def test_four_turn_ups_leave_four_up_and_one_down_then_a_chip_declare() -> None:
    # ¶23-24
    state = upto(SEVEN, "p1 cc", nth=8)
    for seat in (0, 1):
        seen = view(state, seat).seats[seat]
        assert (len(seen.up), len(seen.down)) == (4, 1)
    assert state.step.kind == "declare"
    assert {o.verb for o in options(state, 0)} == {"dec"}
    assert options(state, 0)[0].declarations == ("hi", "lo", "both")


def test_the_odd_chip_goes_to_the_high_half() -> None:
    # ¶16: 63 split: high 32, low 31.
    state = upto(SEVEN, "p2 dec hi")
    assert {(a.half, a.amount) for a in outcome(state).awards} == {("high", 32), ("low", 31)}


# --------------------------------------------------------------------------- records


def test_records_keep_the_sale_house_rules_and_replay_from_the_command_line() -> None:
    (record,) = load(SEALED)
    rules = rules_for(record)
    assert (rules.sale_bidding, rules.excess_threshold) == ("sealed", 10)
    result = CliRunner().invoke(main, ["replay", "--json", "--check", str(SEALED)])
    assert result.exit_code == 0
    info = json.loads(result.stdout)
    assert info["payments"] == [
        {"from": 2, "to": 1, "amount": 15, "reason": "buys 6h"},
        {"from": 4, "to": 2, "amount": 5, "reason": "buys Kh"},
    ]


def test_an_illegal_sale_in_a_record_stops_the_replay_with_the_rule(tmp_path: Path) -> None:
    text = OPEN.read_text().replace("'p2 sell 7c 5'", "'p2 sell 7c 4'")
    text = text.replace("finishing_stacks = [99, 117, 84]\n", "")
    path = tmp_path / "bad.phh"
    path.write_text(text)
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        'action 8 "p2 sell 7c 4": asking price 4 is below the minimum price 5 '
        "(NASDAQ ¶8, house rule min_price)"  # the six-card game names its price at ¶8
    )


@pytest.mark.parametrize("game", ["nasdaq", "nasdaq7"])
def test_simulate_plays_both_versions(game: str, tmp_path: Path) -> None:
    path = tmp_path / "run.phhs"
    args = ["simulate", "--game", game, "--players", "5", "--hands", "40", "--seed", "2"]
    result = CliRunner().invoke(main, [*args, "--bots", "random", "--record", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert sum(json.loads(result.stdout)["net"]) == 0
    check = CliRunner().invoke(main, ["replay", "--check", "--json", str(path)])
    assert check.exit_code == 0
    assert len(check.stdout.splitlines()) == 40


@pytest.mark.parametrize(
    ("game", "verbs"),
    [("nasdaq", {"bid", "pass", "sell", "sd"}), ("nasdaq7", {"bid", "pass", "sell", "sd", "up"})],
)
def test_the_random_bot_sells_bids_passes_discards_and_turns_up(game: str, verbs: set[str]) -> None:
    used: set[str] = set()
    for seed in range(30):
        seated = [bots.get("random", seed=seed * 10 + s) for s in range(4)]
        state = new_hand(variants.get(game), [200] * 4, seed=seed)
        while not state.finished:
            seat = legal_actions(state).to_act[0]
            action = seated[seat].act(view(state, seat))
            apply(state, action)  # raises if the engine refuses it
            used.add(action.verb)
    assert verbs <= used


def test_a_house_defines_a_sale_game_in_a_file() -> None:
    # docs/variants.md: sale and expose steps and the sale house rules in TOML.
    rules = variants.rules_from_mapping(
        {
            "name": "quick nasdaq",
            "base": "nasdaq",
            "sale_bidding": "sealed",
            "min_price": 2,
            "steps": [
                {"kind": "deal", "cards": "ddddd"},
                {"kind": "sale", "sellers": "round", "ask": "required", "free_discard": True},
                {"kind": "betting", "bet": "big", "opener": "dealer-left"},
                {"kind": "expose"},
                {"kind": "showdown"},
            ],
        },
        source="quick.toml",
    )
    assert (rules.sale_bidding, rules.price_minimum) == ("sealed", 2)
    state = new_hand(rules, [50] * 3, seed=4)
    assert {o.verb for o in options(state, 0)} == {"sell", "sd"}
    with pytest.raises(RulesError, match="sale sellers"):
        variants.rules_from_mapping(
            {"name": "bad", "base": "nasdaq", "steps": [{"kind": "sale", "sellers": "auction"}]},
            source="bad.toml",
        )


def test_the_table_says_what_a_bid_before_any_sale_is_for() -> None:
    # ¶6: the terminal table words the bidding to sell first; then the card for sale.
    state = upto(OPEN, "d dh p3 5s6sJdTc2c3c")
    assert view(state, 0).step == "sale"
    assert render.offer_line(view(state, 0), 0).startswith("Bidding for the right to sell first")
    state = upto(OPEN, "p1 bid 8")
    assert render.offer_line(view(state, 2), 2) == "For sale by p2: 7c, asking 5; best bid 8 by p1"
