"""Pots and odd chips, worked by hand (docs/games.md: side pots, odd chips)."""

from __future__ import annotations

from splitpot.cards import parse_cards
from splitpot.pots import Pot, divide, high_card_key, low_card_key, side_pots, split_halves


def test_no_all_in_one_pot() -> None:
    assert side_pots(30, [None] * 3, [True] * 3) == [Pot(30, (0, 1, 2))]


def test_three_all_ins_make_a_main_pot_and_two_side_pots() -> None:
    # One round, paid 4, 10, 25, 25. Caps: seat 0 4 x 4 = 16; seat 1 4 + 10 + 10 + 10 = 34.
    # Main 16 (all); side 34 - 16 = 18 (1, 2, 3); side 64 - 34 = 30 (2, 3).
    assert side_pots(64, [16, 34, None, None], [True] * 4) == [
        Pot(16, (0, 1, 2, 3)),
        Pot(18, (1, 2, 3)),
        Pot(30, (2, 3)),
    ]


def test_folded_chips_count_but_win_nothing() -> None:
    # Seat 0 folded after paying 6; seat 1 all in for 4 (cap 4 x 4 = 16); seats 2, 3 paid 20.
    # Total 50: main 16 (1, 2, 3), the other 34 to seats 2 and 3.
    assert side_pots(50, [None, 16, None, None], [False, True, True, True]) == [
        Pot(16, (1, 2, 3)),
        Pot(34, (2, 3)),
    ]


def test_dead_antes_join_the_main_pot() -> None:
    # ante_trimming_status = false: antes 4 x 1 are dead money, in the middle before anyone
    # went all in. Seat 0 all in for 2 more: cap 4 + 2 + 2 + 2 = 10; seat 3 folded.
    assert side_pots(16, [10, None, None, None], [True, True, True, False]) == [
        Pot(4 + 6, (0, 1, 2)),
        Pot(6, (1, 2)),
    ]
    # A seat all in for its ante can still win the dead antes (cap 3), nothing more.
    assert side_pots(13, [3, None, None], [True, True, True]) == [
        Pot(3, (0, 1, 2)),
        Pot(10, (1, 2)),
    ]


def test_money_put_in_before_an_all_in_step_is_all_eligible() -> None:
    # House-rules.md: what was in the middle when a player went all in. 60 in the middle, then
    # seat 1 pays a buy price of 10 (OPR-207 3.2) in the buy step; in the last betting round
    # seat 0 goes all in for 15 and seats 1 and 2 call: cap 60 + 10 + 15 x 3 = 115 = everything.
    assert side_pots(115, [115, None, None], [True] * 3) == [Pot(115, (0, 1, 2))]
    # The other way round: seat 0 all in earlier (cap 60); later buys and bets (55) go to the
    # seats still in, and the buyer's extra 10 does not make a pot only the buyer can win.
    assert side_pots(115, [60, None, None], [True] * 3) == [Pot(60, (0, 1, 2)), Pot(55, (1, 2))]


def test_a_payment_before_an_all_in_is_in_its_pot_one_after_is_not() -> None:
    # The buy (OPR-207 3.2): 9 in the middle; p1 pays 10, p2 pays its last 10 (all in: it may
    # win 9 + 10 + 10 = 29), p3 pays 10; then p1 and p3 bet 10 each. Total 59.
    assert side_pots(59, [None, 29, None], [True] * 3) == [
        Pot(29, (0, 1, 2)),
        Pot(30, (0, 2)),
    ]
    # NASDAQ: antes 3 and a bid of 10 to sell first, then p3 all in paying a seller (nothing
    # into the pot): cap 13; later bets of 5 + 5 + 10 + 10 go to p1 and p2 only.
    assert side_pots(43, [None, None, 13], [True] * 3) == [Pot(13, (0, 1, 2)), Pot(30, (0, 1))]


def test_odd_chip_goes_to_the_high_half() -> None:
    assert split_halves(9) == (5, 4)  # odd chips rule 1
    assert split_halves(10) == (5, 5)


def test_remainders_one_chip_each_in_order() -> None:
    # 11 among three: 3 each, 2 left: one each to the first two (odd chips rule 4).
    assert divide(11, [2, 0, 1]) == [(2, 4), (0, 4), (1, 3)]
    assert divide(9, [1, 0]) == [(1, 5), (0, 4)]


def test_card_by_suit_keys() -> None:
    # Highest card by suit, ace high: As > Ah > Kd; lowest by suit, ace low: Ac < Ad < 2c.
    assert high_card_key(parse_cards("KdAh")) < high_card_key(parse_cards("As2c"))
    assert low_card_key(parse_cards("Ac9s")) < low_card_key(parse_cards("Ad"))
    assert low_card_key(parse_cards("Ad")) < low_card_key(parse_cards("2c"))
