"""Pots and odd chips, worked by hand (house-rules.md: side pots, odd chips)."""

from __future__ import annotations

from splitpot.cards import parse_cards
from splitpot.pots import Pot, divide, high_card_key, low_card_key, side_pots, split_halves


def test_no_all_in_one_pot() -> None:
    assert side_pots([10, 10, 10], [True] * 3) == [Pot(30, (0, 1, 2))]


def test_three_all_ins_make_a_main_pot_and_two_side_pots() -> None:
    # Paid 4, 10, 25, 25: main 4 x 4 = 16; side (10-4) x 3 = 18; side (25-10) x 2 = 30.
    assert side_pots([4, 10, 25, 25], [True] * 4) == [
        Pot(16, (0, 1, 2, 3)),
        Pot(18, (1, 2, 3)),
        Pot(30, (2, 3)),
    ]


def test_folded_chips_count_but_win_nothing() -> None:
    # Seat 0 folded after paying 6; seat 1 all in for 4; seats 2, 3 paid 20.
    # Level 4: 4 x 4 = 16 (1, 2, 3). Level 6: 2 (seat 0) + 2 + 2 = 6 (2, 3) and level 20:
    # 14 + 14 = 28 (2, 3): merged, same seats: 34.
    assert side_pots([6, 4, 20, 20], [False, True, True, True]) == [
        Pot(16, (1, 2, 3)),
        Pot(34, (2, 3)),
    ]


def test_dead_antes_join_the_main_pot() -> None:
    # ante_trimming_status = false: antes 4 x 1 are dead money in the main pot. Seat 3 folded.
    # Levels: 2 -> 2 x 3 = 6 (0, 1, 2), merged with the antes: 10; 5 -> 3 x 2 = 6 (1, 2).
    assert side_pots([2, 5, 5, 0], [True, True, True, False], dead=4) == [
        Pot(4 + 6, (0, 1, 2)),
        Pot(6, (1, 2)),
    ]
    # A seat all in for its ante (paid 0 beyond it) can still win the dead antes.
    assert side_pots([0, 5, 5], [True, True, True], dead=3) == [
        Pot(3, (0, 1, 2)),
        Pot(10, (1, 2)),
    ]


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
