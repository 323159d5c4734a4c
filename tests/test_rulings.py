"""The smaller rulings of docs/games.md (house-rules.md: "Smaller rulings", the points the books
leave open), each checked on a hand worked out by hand: the arithmetic and the order of play are
in the comments, from the rules, not from the engine's output.

Stakes unless said: ante 1, bring-in 2, small bet 5, big bet 10 (the registry's defaults);
seats are written p1.. as in records, and the dealer sits to p1's right, so "clockwise from the
dealer" starts at p1.
"""

from __future__ import annotations

import pytest

from play import refused
from splitpot.actions import Action
from splitpot.books import RULING_FOLD
from splitpot.engine import State, apply, deal_next, legal_actions, outcome
from splitpot.errors import IllegalAction
from splitpot.notation import format_action, parse_action
from splitpot.records import record_from_state, replay_to_end
from test_engine_golden import play, table, verbs


def finish(state: State) -> None:
    """Let the referee deal nothing more and show every live hand (the showdown)."""
    while not state.finished:
        assert legal_actions(state).dealer
        deal_next(state)


# --- folding where there is nothing to fold to --------------------------------------------------


STUD5BUY_TO_THE_DECLARATION = (
    # up 4d, Js, Ad: the 4d brings in; p2, p3 call
    "d dh p1 5c4d", "d dh p2 JcJs", "d dh p3 KhAd", "p1 pb", "p2 cc", "p3 cc",
    # p3's A-K opens; all check
    "d dh p1 5h", "d dh p2 8d", "d dh p3 Kc", "p3 cc", "p1 cc", "p2 cc",
    "d dh p1 7s", "d dh p2 8h", "d dh p3 Qd", "p2 cc", "p3 cc", "p1 cc",
    "d dh p1 6c", "d dh p2 2c", "d dh p3 9h",
    "p1 sd", "p2 sd", "p3 sd",  # the buy: everyone stands pat
    "p2 cc", "p3 cc", "p1 cc",  # the final round: p2's pair of eights opens; all check
)  # fmt: skip


def test_a_declaration_is_no_betting_round_and_a_check_is_no_fold() -> None:
    # stud5buy declares (OPR-207 4.2). At the declaration a player declares; "p1 f" is
    # refused and changes nothing. Earlier, facing no bet (round 2, all checking), a fold is
    # refused too: the player checks (ruling, every game).
    state = table("stud5buy", [100] * 3, *STUD5BUY_TO_THE_DECLARATION[:9])
    assert legal_actions(state).to_act == (2,)  # p3's ace-king opens round 2
    no_bet = refused(state, "p3 f")
    assert no_bet.reason == "fold_without_bet"
    assert no_bet.rule == RULING_FOLD
    play(state, *STUD5BUY_TO_THE_DECLARATION[9:])
    assert state.step.kind == "declare"
    at_declaration = refused(state, "p1 f")
    assert at_declaration.reason == "declare_now"
    assert at_declaration.rule == "OPR-207 4.2"


# --- who acts first -----------------------------------------------------------------------------


def test_equal_boards_the_first_clockwise_from_the_dealer_opens() -> None:
    # stud8, four players. Third street: up 9c 7d 5s Kh; the 5s? no: the lowest up card by suit
    # is the 5s (5 below 7, 9, K), so p3 brings in; p4, p1, p2 call.
    # Fourth street: p2 shows Qs 7d? p2 has 7d then Kd: K-7; p4 has Kh then 7c: K-7. Equal
    # boards (suits never count for a hand); p1 shows 9c 2h, p3 5s 3c. Of p2 and p4, p2 comes
    # first clockwise from the dealer, so p2 acts first.
    state = table(
        "stud8",
        [100] * 4,
        "d dh p1 AhAd9c", "d dh p2 QcQd7d", "d dh p3 JcJd5s", "d dh p4 TcTdKh",
        "p3 pb", "p4 cc", "p1 cc", "p2 cc",
        "d dh p1 2h", "d dh p2 Kd", "d dh p3 3c", "d dh p4 7c",
    )  # fmt: skip
    assert legal_actions(state).to_act == (1,)


def test_an_all_in_opener_is_passed_over() -> None:
    # stud8, four players; p3 has 3 chips: ante 1, then it calls the bring-in of 2 and is all
    # in. Third street: up 9c 8d Ah 4c: the 4c (p4) brings in; p1, p2 call, p3 calls all in.
    # Fourth street: p3 shows Ah As, a pair of aces, the best board, but it is all in: the
    # action goes on clockwise as if it had checked (Robert's 4), so p4 - not p1, the first
    # from the dealer - acts first.
    state = table(
        "stud8",
        [100, 100, 3, 100],
        "d dh p1 KcKd9c", "d dh p2 QcQd8d", "d dh p3 JcJdAh", "d dh p4 TcTd4c",
        "p4 pb", "p1 cc", "p2 cc", "p3 cc",
        "d dh p1 2h", "d dh p2 3h", "d dh p3 As", "d dh p4 5h",
    )  # fmt: skip
    assert state.stacks[2] == 0
    assert legal_actions(state).to_act == (3,)


# --- ties -------------------------------------------------------------------------------------


THREE_WAY_TIE = (
    # Up Kd Ks Kh 8s 7c: p5's 7c is the lowest and brings in 2; p1, p2, p3 call; p4 folds.
    "d dh p1 Ac2dKd", "d dh p2 Ad2cKs", "d dh p3 Ah2sKh", "d dh p4 QcQd8s", "d dh p5 JcJd7c",
    "p5 pb", "p1 cc", "p2 cc", "p3 cc", "p4 f",
    # Fourth: K-3 K-3 K-3 and 7-T: the three equal boards go to p1, first from the dealer.
    # p1 bets 5, p2 and p3 call, p5 folds.
    "d dh p1 3h", "d dh p2 3s", "d dh p3 3c", "d dh p5 Ts", "p1 cbr 5", "p2 cc", "p3 cc", "p5 f",
    # Fifth to seventh: the boards stay equal, p1 opens; everyone checks.
    "d dh p1 4s", "d dh p2 4h", "d dh p3 4d", "p1 cc", "p2 cc", "p3 cc",
    "d dh p1 5c", "d dh p2 5d", "d dh p3 5s", "p1 cc", "p2 cc", "p3 cc",
    "d dh p1 9c", "d dh p2 9d", "d dh p3 9h", "p1 cc", "p2 cc", "p3 cc",
)  # fmt: skip


def test_three_players_tied_both_ways_share_the_pot_odd_chip_by_robert_8() -> None:
    # Each of p1, p2, p3 holds A-2-3-4-5 with a K and a 9: a five-high straight for high and
    # 5-4-3-2-A for low, no flush (at most three cards of a suit). They tie both ways and share
    # the whole pot as evenly as possible; the odd chip goes to the highest card by suit among
    # all seven cards (Robert's 8): the aces decide, Ah (p3) over Ad (p2) over Ac (p1).
    # Pot: antes 5 + third street 4 x 2 + fourth street 3 x 5 = 28 = 10 + 9 + 9.
    # p1 100 - 1 - 2 - 5 + 9 = 101; p2 101; p3 100 - 8 + 10 = 102; p4 99; p5 100 - 3 = 97.
    state = table("stud8", [100] * 5, *THREE_WAY_TIE)
    finish(state)
    assert state.stacks == (101, 101, 102, 99, 97)
    awards = {a.seat: a for a in outcome(state).awards}
    assert [awards[s].amount for s in (0, 1, 2)] == [9, 9, 10]
    assert awards[2].reason.endswith("odd chip: highest card by suit, Ah (Robert's 8)")
    assert all("(split 3 ways)" in awards[s].reason for s in (0, 1, 2))


def test_a_tied_high_half_cites_robert_9() -> None:
    # stud8, three players. p1 and p2 both make kings and queens (two pair, same kickers); p3
    # makes the only low, 7-6-4-3-2. Up cards Kd Ks 2h: p3's 2h brings in; p1, p2 call.
    # Every later street is checked. Pot = antes 3 + 3 x 2 = 9: high half 5 (the odd chip of
    # the split goes high, Robert's 8), low half 4 to p3. The high half splits 3 + 2: the odd
    # chip to the highest card by suit (Robert's 9, tied highs), Ks (p2) over p1's Kd.
    # p1 100 - 3 + 2 = 99; p2 100 - 3 + 3 = 100; p3 100 - 3 + 4 = 101.
    state = table(
        "stud8",
        [100] * 3,
        "d dh p1 KcQcKd", "d dh p2 KhQhKs", "d dh p3 3d4d2h", "p3 pb", "p1 cc", "p2 cc",
        "d dh p1 Qd", "d dh p2 Qs", "d dh p3 6h", "p1 cc", "p2 cc", "p3 cc",
        "d dh p1 Jc", "d dh p2 Jh", "d dh p3 7c", "p1 cc", "p2 cc", "p3 cc",
        "d dh p1 9d", "d dh p2 9s", "d dh p3 Tc", "p1 cc", "p2 cc", "p3 cc",
        "d dh p1 8c", "d dh p2 8h", "d dh p3 Ts", "p1 cc", "p2 cc", "p3 cc",
    )  # fmt: skip
    finish(state)
    assert state.stacks == (99, 100, 101)
    by_seat = {a.seat: a.reason for a in outcome(state).awards}
    assert by_seat[1].endswith("odd chip: highest card by suit, Ks (Robert's 9)")
    assert "the odd chip of the split to the high half (Robert's 8)" in by_seat[1]
    assert "Robert's 8" not in by_seat[1].split("; odd chip:")[1]


def test_a_both_declarer_without_a_qualifying_low_fails() -> None:
    # stud8 played by declaration, both ways allowed. p1 holds three kings and no five cards
    # of eight or lower; it declares both. p2 (a pair of queens) declares high; nobody declares
    # low. p1 cannot win the low half (no qualifying low), so it fails "both" and takes nothing,
    # even with the best high hand; p2 takes the whole pot. Up Kd 2h: p2's 2h brings in 2, p1
    # calls; every later street is checked. Pot 2 + 4 = 6: p1 97, p2 100 - 3 + 6 = 103.
    state = table(
        "stud8",
        [100, 100],
        "d dh p1 KcKhKd", "d dh p2 QcQh2h", "p2 pb", "p1 cc",
        "d dh p1 9d", "d dh p2 Js", "p1 cc", "p2 cc",
        "d dh p1 9c", "d dh p2 Td", "p1 cc", "p2 cc",
        "d dh p1 Tc", "d dh p2 3s", "p1 cc", "p2 cc",
        "d dh p1 Jc", "d dh p2 4c", "p1 cc", "p2 cc",
        "p1 dec both", "p2 dec hi",
        showdown="declare",
        declare_both=True,
    )  # fmt: skip
    finish(state)
    assert state.stacks == (97, 103)
    (award,) = outcome(state).awards
    assert award.seat == 1
    assert "nobody can take the other half" in award.reason


# --- short all-ins and the cap ----------------------------------------------------------------


CAP_LINES = (
    "d dh p1 KcKd2c", "d dh p2 QcQd9s", "d dh p3 JcJdTs", "d dh p4 9c8dAs",
    "p1 pb", "p2 cbr 5",
)  # fmt: skip


def test_a_short_all_in_of_half_a_raise_counts_toward_the_cap() -> None:
    # Fixed limit, four players, a bet and three raises. p1's 2c brings in; p2 completes to 5
    # (the bet), p3 raises to 10 (raise 1), p4 is all in for 13: 3 more, at least half of 5,
    # so it is a raise (2) - and counts toward the cap like one. p1 raises a full bet over it,
    # to 18 (raise 3): the round is capped, three players with chips being left, and p2 may
    # only call 13 more (18 - 5) or fold.
    state = table("stud8", [100, 100, 100, 14], *CAP_LINES, "p3 cbr 10", "p4 cbr 13")
    assert verbs(state, 0) == {"f": (None, None), "cc": (11, 11), "cbr": (18, 18)}
    play(state, "p1 cbr 18")
    assert verbs(state, 1) == {"f": (None, None), "cc": (13, 13)}
    assert refused(state, "p2 cbr 23").reason == "raises_capped"


def test_in_spread_limit_the_next_raise_is_the_last_full_one() -> None:
    # Spread limit 5 to 10. p2 completes to 5, p3 raises 8 to 13, p4 is all in for 18: 5 more,
    # at least half of 8, so a counted raise. The next raise must be at least the last full
    # raise, 8: p1 may raise to 26 (18 + 8) up to 28 (18 + the big bet 10); 23 is refused.
    state = table(
        "stud8", [100, 100, 100, 19], *CAP_LINES, "p3 cbr 13", "p4 cbr 18", betting="spread"
    )
    assert verbs(state, 0)["cbr"] == (26, 28)
    assert refused(state, "p1 cbr 23").reason == "wrong_amount"


# --- a bring-in all in for less -------------------------------------------------------------


def test_a_bring_in_all_in_for_less_has_brought_in() -> None:
    # stud, three players; p1 has 2 chips: after the ante 1 it brings in for its last chip
    # (its 2c is the lowest up card). It has brought in: p2 may call the bring-in, 2, or
    # complete to 5. p2 and p3 call 2; then they check to the end.
    # Pots: main = antes 3 + 1 from each = 6 (p1, p2, p3); side = 1 + 1 = 2 (p2, p3).
    # p1's aces take the main pot, p2's queens beat p3's jacks for the side pot.
    # p1 2 - 2 + 6 = 6; p2 50 - 3 + 2 = 49; p3 50 - 3 = 47.
    state = table("stud", [2, 50, 50], "d dh p1 AcAd2c", "d dh p2 QcQd9s", "d dh p3 JcJdTs")
    play(state, "p1 pb")
    assert verbs(state, 1) == {"f": (None, None), "cc": (2, 2), "cbr": (5, 5)}
    play(
        state,
        "p2 cc", "p3 cc",
        "d dh p1 7h", "d dh p2 Th", "d dh p3 8d", "p2 cc", "p3 cc",
        "d dh p1 8s", "d dh p2 4c", "d dh p3 4s", "p2 cc", "p3 cc",
        "d dh p1 Js", "d dh p2 5d", "d dh p3 5h", "p2 cc", "p3 cc",
        "d dh p1 3d", "d dh p2 6h", "d dh p3 6d", "p2 cc", "p3 cc",
    )  # fmt: skip
    finish(state)
    assert state.stacks == (6, 49, 47)
    assert [(a.seat, a.amount) for a in outcome(state).awards] == [(0, 6), (1, 2)]


# --- selling first, buying, auctions with one player holding chips ---------------------------


def test_sealed_ties_for_selling_first_and_for_a_card() -> None:
    # nasdaq, sealed bids, three players (p1 on the dealer's left). For the right to sell
    # first p2 and p3 bid 5, p1 bids 1: p2 is nearer the dealer's left and sells first,
    # paying 5 into the pot. p2 shows the 9d at 5; p1 and p3 bid 6: p3 is nearer the seller's
    # left and buys it, paying 6 to p2. Stacks: p1 99; p2 100 - 1 - 5 + 6 = 100; p3 93.
    state = table(
        "nasdaq",
        [100] * 3,
        "d dh p1 AcKcQcJcTc9c", "d dh p2 AdKdQdJdTd9d", "d dh p3 AhKhQhJhTh9h",
        "p3 bid 5", "p1 bid 1", "p2 bid 5",
        sale_bidding="sealed",
    )  # fmt: skip
    assert legal_actions(state).to_act == (1,)
    play(state, "p2 sell 9d 5", "p1 bid 6", "p3 bid 6")
    assert legal_actions(state).to_act == (2,)  # the buyer discards a card
    assert state.stacks == (99, 100, 93)


def test_buy_first_orders_every_round_of_buying_afresh() -> None:
    # stud5buy, two rounds of buying at 5 then 10, the best board showing buys first.
    # Up 2s, Kc, Qd: p3's 2s brings in; p1, p2 call. Then all check (p1's kings open).
    # Boards before the buy: p1 Kc Kd 4c 6s (kings), p2 Qd Qs Jh Td (queens), p3 2s 3h 5d 9h.
    # Round 1 from p1: p1 buys away the Kd for 5 and gets the 3c up; p2, p3 stand pat.
    # Round 2 is ordered again from the boards as they stand: p1 K-6-4-3, p2's queens best:
    # p2 decides first, then p3, then p1.
    state = table(
        "stud5buy",
        [100] * 3,
        "d dh p1 9cKc", "d dh p2 8dQd", "d dh p3 7h2s", "p3 pb", "p1 cc", "p2 cc",
        "d dh p1 Kd", "d dh p2 Qs", "d dh p3 3h", "p1 cc", "p2 cc", "p3 cc",
        "d dh p1 4c", "d dh p2 Jh", "d dh p3 5d", "p1 cc", "p2 cc", "p3 cc",
        "d dh p1 6s", "d dh p2 Td", "d dh p3 9h",
        buy_prices=(5, 10),
        buy_first="high-board",
    )  # fmt: skip
    assert legal_actions(state).to_act == (0,)
    play(state, "p1 buy Kd", "d dh p1 3c", "p2 sd", "p3 sd")
    assert legal_actions(state).to_act == (1,)
    play(state, "p2 sd", "p3 sd", "p1 sd")
    # Final round: p2's queens open, all check. p1 low, p2 high, p3 low: p3's 9-7-5-3-2
    # beats p1's K-9-6-4-3. Pot = antes 3 + 3 x 2 + 5 = 14: 7 high (p2), 7 low (p3).
    play(state, "p2 cc", "p3 cc", "p1 cc", "p1 dec lo", "p2 dec hi", "p3 dec lo")
    finish(state)
    assert state.stacks == (92, 104, 104)


AUCTION_ONE_WITH_CHIPS = (
    "d dh p1 AcKc", "d dh p2 2d3d", "d dh p3 9h9s",
    # Auction 1: p2 and p3 cannot cover the minimum bid 5 and bid their last chip (all in).
    # p1 picks first; p2 and p3 tie with no up cards: p2 is nearer the dealer's left.
    "d dl Qc4h8c", "p1 bid 5", "p2 bid 1", "p3 bid 1", "p1 pick Qc", "p2 pick 4h", "p3 pick 8c",
    # Auctions 2-5: p1 still bids the minimum, the all-in players 0; of the two at 0 the
    # better hand showing picks first (p3's eight-high, then ten, jack... over p2's low cards).
    "d dl Jc5hTh", "p1 bid 5", "p2 bid 0", "p3 bid 0", "p1 pick Jc", "p3 pick Th", "p2 pick 5h",
    "d dl Tc6hJs", "p1 bid 5", "p2 bid 0", "p3 bid 0", "p1 pick Tc", "p3 pick Js", "p2 pick 6h",
    "d dl 9c7hJd", "p1 bid 5", "p2 bid 0", "p3 bid 0", "p1 pick 9c", "p3 pick Jd", "p2 pick 7h",
    "d dl 8dAhQd", "p1 bid 5", "p2 bid 0", "p3 bid 0", "p1 pick 8d", "p3 pick Qd", "p2 pick Ah",
)  # fmt: skip


def test_auction_with_one_player_holding_chips() -> None:
    # Auction, stacks 100, 2, 2. After the ante p2 and p3 hold 1 chip each and go all in at
    # the first auction; p1 bids the minimum 5 at every auction. No betting round is played
    # (one player with chips): the declaration follows the fifth auction.
    # Put in: p1 1 + 5 x 5 = 26, p2 2, p3 2. Main pot: 2 from each = 6 (everyone); side pot:
    # p1's other 24, which only p1 can win.
    # p1 declares high, p2 and p3 low. Main pot: high half 3 to p1, low half 3 to p2
    # (5-4-3-2-A against p3's Q-J-T-9-8). Side pot 24 to p1.
    # p1 100 - 26 + 3 + 24 = 101; p2 2 - 2 + 3 = 3; p3 0.
    state = table("auction", [100, 2, 2], *AUCTION_ONE_WITH_CHIPS)
    assert state.step.kind == "declare"
    play(state, "p1 dec hi", "p2 dec lo", "p3 dec lo")
    finish(state)
    assert state.stacks == (101, 3, 0)
    assert [(a.seat, a.amount) for a in outcome(state).awards] == [(0, 3), (1, 3), (0, 24)]


def test_a_bad_declaration_is_told_the_choices_of_this_table() -> None:
    # Auction allows "both" (OPR-657 4.3, declare_both on by default): a declaration that is
    # none of the three is refused with all three named. With declare_both off, "both" is
    # refused as not allowed here and the choices are high or low.
    state = table("auction", [100, 2, 2], *AUCTION_ONE_WITH_CHIPS)
    with pytest.raises(IllegalAction) as bad:
        apply(state, Action("dec", 0))
    assert "declare hi, lo or both ('dec hi'), not None" in str(bad.value)
    assert bad.value.rule == "OPR-657 4.2"
    one_way = table("auction", [100, 2, 2], *AUCTION_ONE_WITH_CHIPS, declare_both=False)
    with pytest.raises(IllegalAction) as bad:
        apply(one_way, Action("dec", 0))
    assert "declare hi or lo ('dec hi')" in str(bad.value)
    both = refused(one_way, "p1 dec both")
    assert both.reason == "both_not_allowed"
    assert both.rule == "OPR-657 4.3, house rule declare_both"


# --- notation of all-in moves ---------------------------------------------------------------


def test_all_in_players_write_bid_0_and_stand_pat() -> None:
    # At an auction an all-in player's bid is written "bid 0" (a bid of 1 is refused); at a
    # buy an all-in player stands pat, "sd" (a buy is refused: it cannot pay). The records the
    # engine writes say the same.
    state = table("auction", [100, 2, 2], *AUCTION_ONE_WITH_CHIPS[:11])
    assert refused(state, "p2 bid 1").reason == "short_stack_bids_all"
    play(state, "p1 bid 5", "p2 bid 0")
    # stud5buy: p3 has 3 chips, antes 1 and calls the bring-in of 2 all in.
    buy = table(
        "stud5buy",
        [100, 100, 3],
        "d dh p1 9cKc", "d dh p2 8d2s", "d dh p3 7hQd", "p2 pb", "p3 cc", "p1 cc",
        "d dh p1 Kd", "d dh p2 3h", "d dh p3 Qs", "p1 cc", "p2 cc",
        "d dh p1 4c", "d dh p2 5d", "d dh p3 Jh", "p1 cc", "p2 cc",
        "d dh p1 6s", "d dh p2 9h", "d dh p3 Td", "p1 sd", "p2 sd",
    )  # fmt: skip
    assert refused(buy, "p3 buy Qd").reason == "cannot_afford"
    play(buy, "p3 sd")
    assert format_action(record_from_state(buy).actions[-1]) == "p3 sd"


# --- records from real tables: hands shown before the last cards ----------------------------


RAZZ_ALL_IN = (
    # razz, two players; p1 has 50. Up 9s and 4h: the highest card brings in, p1's 9s, for 2;
    # p2 completes to 5, p1 calls. Fourth: p2's 4-2 is the better low and bets 5, p1 calls.
    "d dh p1 Ac3c9s", "d dh p2 5c6c4h", "p1 pb", "p2 cbr 5", "p1 cc",
    "d dh p1 2d", "d dh p2 2h", "p2 cbr 5", "p1 cc",
    # Fifth: p2's 8-4-2 is the better low and bets 10, p1 raises to 20, p2 calls.
    "d dh p1 7d", "d dh p2 8h", "p2 cbr 10", "p1 cbr 20", "p2 cc",
)  # fmt: skip


def test_hands_shown_before_the_last_card_once_nobody_can_bet() -> None:
    # p1 starts with 45: ante 1, third street 5, fourth 5, fifth 20 leave it 14. Sixth: p1
    # gets the Kd (K-9-7-2), p2 the 3h (8-4-3-2): p2 opens and bets 10, p1 raises all in to
    # 14, p2 calls 4 more. p1 is all in: no more betting is possible.
    # Both show their six cards; seventh street is dealt (p1 5h, p2 Kh); both show again.
    # p1: A-2-3-5-7 (seven-low); p2: 2-3-4-5-6 (six-low), the better low: p2 wins the pot.
    # Pot = 2 x (1 + 5 + 5 + 20 + 14) = 90. p1 45 - 45 = 0; p2 100 - 45 + 90 = 145.
    state = table("razz", [45, 100], *RAZZ_ALL_IN, "d dh p1 Kd", "d dh p2 3h")
    play(state, "p2 cbr 10", "p1 cbr 14", "p2 cc")
    assert state.stacks[0] == 0
    before = state.snapshot()
    muck = refused(state, "p1 sm")  # a hand shown early is shown, not mucked
    assert muck.reason == "wrong_cards_shown"
    assert state.snapshot() == before
    play(state, "p1 sm Ac3c9s2d7dKd", "p2 sm 5c6c4h2h8h3h")
    assert state.shown == [True, True]
    assert refused(state, "d dh p1 Ac").reason == "card_dealt_twice"  # the deals stay exact
    play(state, "d dh p1 5h", "d dh p2 Kh")
    assert not state.finished  # the showdown: each hand is shown again, whole
    play(state, "p1 sm Ac3c9s2d7dKd5h", "p2 sm 5c6c4h2h8h3hKh")
    assert state.finished
    assert state.stacks == (0, 145)


def test_a_hand_is_not_shown_early_while_betting_is_possible() -> None:
    # Fourth street of the same hand, both players with chips: the dealer deals, a show is
    # refused and the table is unchanged.
    state = table("razz", [45, 100], *RAZZ_ALL_IN[:5])
    early = refused(state, "p1 sm Ac3c9s")
    assert early.reason == "deal_expected"
    assert "no more betting" in str(early)


def test_a_record_with_early_shows_replays_and_writes_back() -> None:
    state = table("razz", [45, 100], *RAZZ_ALL_IN, "d dh p1 Kd", "d dh p2 3h")
    play(state, "p2 cbr 10", "p1 cbr 14", "p2 cc", "p2 sm 5c6c4h2h8h3h", "d dh p1 5h")
    play(state, "d dh p2 Kh")
    finish(state)  # the referee shows both hands whole
    record = record_from_state(state)
    again = replay_to_end(record)
    assert again.stacks == state.stacks == (0, 145)
    assert [format_action(a) for a in record.actions].count("p2 sm 5c6c4h2h8h3h") == 1
    assert parse_action("p2 sm 5c6c4h2h8h3h") in state.log
