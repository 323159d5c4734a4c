"""splitpot.odds: exact and Monte Carlo odds, against hand-worked cases and a brute-force
reference enumerator (tests/odds_reference.py, on the independent evaluator of reference.py)."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from odds_reference import enumerate_odds
from splitpot import variants
from splitpot.cards import CARDS, parse_cards
from splitpot.errors import InvalidNotation, RulesError
from splitpot.odds import Hand, Odds, OddsError, buy_options, odds, situation
from splitpot.odds.tables import Tally, Wavelet
from splitpot.rules import Rules

STUD8 = variants.get("stud8")
STUD = variants.get("stud")
RAZZ = variants.get("razz")
STUD5HILO = variants.get("stud5hilo")
STUD5BUY = variants.get("stud5buy")
DEUCE = dataclasses.replace(STUD8, name="stud27", low="27", qualifier=0)
DEUCE8 = dataclasses.replace(STUD8, name="stud27-8", low="27", qualifier=8)


def exact(o: Odds, field: str) -> list[Fraction]:
    values = [getattr(h, field).exact for h in o.hands]
    assert all(v is not None for v in values)
    return values  # type: ignore[return-value]


# --- the case of issue 17, by two programs ---------------------------------------------------


def test_sixth_street_case_by_two_independent_programs() -> None:
    """Stud hi-lo on sixth street, one card each to come: 40 unseen cards, 40 * 39 = 1,560
    outcomes; the first hand's share is exactly 7/40, it never scoops, the second scoops in
    1,014 of them (the figures of issue 17)."""
    hands = ["As 2d 4c 7h Kd Qs", "Kh Kc 9d 9s 5h 3c"]
    got = odds("stud8", hands, exact=True)
    assert got.exact
    assert got.outcomes == 1560 == 40 * 39
    assert exact(got, "share") == [Fraction(7, 40), Fraction(33, 40)]
    assert [h.scoop.exact * 1560 for h in got.hands] == [0, 1014]  # type: ignore[operator]
    ref = enumerate_odds([parse_cards(h) for h in hands], [1, 1])
    assert ref.outcomes == 1560
    assert ref.share == [Fraction(7, 40) * 1560, Fraction(33, 40) * 1560]
    assert ref.scoop == [0, 1014]
    for field in ("high", "low", "scoop"):
        assert [v * 1560 for v in exact(got, field)] == getattr(ref, field), field


# --- small cases worked out by hand ----------------------------------------------------------


def test_full_house_against_a_straight_flush_draw() -> None:
    """Stud, high only: aces full of kings against 2-3-4-5 of spades, one card each to come.
    Only 6s or As gives the second hand a straight flush (quads for the first cannot beat it:
    the As is then gone); its card is one of those 2 in 2 * 39 of the 40 * 39 = 1,560
    outcomes: 1/20. No tie is possible."""
    got = odds("stud", ["Ah Ad Ac Kh Kd 2c", "2s 3s 4s 5s 7d 8d"], exact=True)
    assert exact(got, "share") == [Fraction(19, 20), Fraction(1, 20)]
    assert exact(got, "high") == [Fraction(19, 20), Fraction(1, 20)]
    assert exact(got, "scoop") == [Fraction(19, 20), Fraction(1, 20)]
    assert exact(got, "low") == [0, 0]


def test_equal_highs_and_no_low_split_the_pot() -> None:
    """Seventh street, nothing to come: the same ranks tie for high; neither has five cards of
    eight or lower, so no low qualifies and the high half takes the pot: half each."""
    got = odds("stud8", ["Ah Kd Qc Js 9h 8d 7c", "Ad Kh Qs Jc 9d 8h 7s"])
    assert got.outcomes == 1
    assert exact(got, "share") == [Fraction(1, 2)] * 2
    assert exact(got, "high") == [1, 1]
    assert exact(got, "scoop") == [0, 0]
    assert exact(got, "low") == [0, 0]


def test_a_hand_with_no_qualifying_low_takes_the_whole_pot_when_it_wins_high() -> None:
    """Seventh street: a pair of kings with no eight-low beats a pair of queens with none:
    with no low at all the high takes the whole pot (house-rules.md), a scoop."""
    got = odds("stud8", ["Kh Kd Qc Js 9h 8d 2c", "Qd Qh Tc 9s 7d 3h 4s"])
    assert exact(got, "share") == [1, 0]
    assert exact(got, "scoop") == [1, 0]


def test_three_way_split_of_the_low_half() -> None:
    """Three complete hands: the first wins high with a king-high straight; the other two tie
    for low with 7-5-4-3-2 and the first has no low: the high half, then the low half split:
    1/2, 1/4, 1/4."""
    got = odds(
        "stud8",
        ["Kh Kd Kc Js 9h Qd Tc", "7s 5d 4c 3h 2s Qs Jd", "7d 5s 4h 3c 2d Jh Td"],
    )
    assert exact(got, "share") == [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]
    assert exact(got, "low") == [0, 1, 1]
    assert exact(got, "scoop") == [0, 0, 0]


def test_low_only_game_with_no_qualifier() -> None:
    """Razz, seventh street: the better ace-to-five low takes the whole pot."""
    got = odds("razz", ["As 2d 3c 4h 6s Kd Kc", "2c 3d 4s 5h 7c Qh Qd"])
    assert exact(got, "share") == [1, 0]
    assert exact(got, "low") == [1, 0]
    assert exact(got, "high") == [0, 0]


# --- sums, symmetry, and the reference on many small cases ----------------------------------


CASES = [  # hands end alike (seven or five cards), as at a real showdown
    (STUD8, [6, 6], [1, 1]),
    (STUD8, [5, 7], [2, 0]),
    (STUD8, [6, 6, 7], [1, 1, 0]),
    (STUD8, [6, 7, 6, 7], [1, 0, 1, 0]),
    (STUD, [6, 7, 6], [1, 0, 1]),
    (RAZZ, [5, 7], [2, 0]),
    (RAZZ, [6, 6, 7], [1, 1, 0]),
    (STUD5HILO, [4, 4], [1, 1]),
    (STUD5HILO, [3, 5, 5], [2, 0, 0]),
    (DEUCE, [6, 6], [1, 1]),
    (DEUCE8, [6, 7, 6], [1, 0, 1]),
]


@pytest.mark.parametrize(("rules", "sizes", "draws"), CASES, ids=lambda x: getattr(x, "name", x))
def test_agrees_with_the_reference_enumerator(
    rules: Rules, sizes: list[int], draws: list[int]
) -> None:
    """Random hands (and up to three dead cards), every field equal to the reference's count."""
    rng = random.Random(f"{rules.name}-{sizes}-{draws}")
    for _ in range(1 + (sum(draws) < 3)):
        cards = rng.sample(range(52), sum(sizes) + 3)
        hands, at = [], 0
        for size in sizes:
            hands.append(cards[at : at + size])
            at += size
        dead = cards[at : at + rng.randint(0, 3)]
        got = odds(
            rules, [Hand(tuple(CARDS[c] for c in h)) for h in hands], dead=dead, to_come=draws
        )
        assert got.exact
        low = None if rules.low == "none" else rules.low
        ref = enumerate_odds(
            hands, draws, dead, high=rules.high, low=low, qualifier=rules.qualifier
        )
        assert got.outcomes == ref.outcomes
        for field in ("high", "low", "scoop"):
            assert [v * ref.outcomes for v in exact(got, field)] == getattr(ref, field), field
        assert [v * ref.outcomes for v in exact(got, "share")] == ref.share
        assert sum(exact(got, "share")) == 1


def test_ties_between_three_hands_agree_with_the_reference() -> None:
    """Three hands of the same ranks (A K Q J 9 8), two drawing one card and one complete,
    against ten-high with a seven-low: when neither draw pairs, three hands tie for high, which
    the counting must split across its two sides."""
    hands = [
        "Ah Kh Qd Jc 9s 8d",
        "As Kc Qs Jd 9h 8s 3d",
        "Ac Kd Qh Js 9c 8h",
        "2c 3c 4c 5d 7d 9d Tc",
    ]
    ids = [list(parse_cards(h)) for h in hands]
    got = odds("stud8", hands, to_come=[1, 0, 1, 0])
    ref = enumerate_odds(ids, [1, 0, 1, 0])
    assert got.outcomes == ref.outcomes == 26 * 25
    for field in ("high", "low", "scoop"):
        assert [v * ref.outcomes for v in exact(got, field)] == getattr(ref, field), field
    assert [v * ref.outcomes for v in exact(got, "share")] == ref.share
    assert ref.high[0] == ref.high[2] > ref.high[1] > 0


def test_unknown_cards_count_like_cards_to_come() -> None:
    """A hand's card not seen is one more card to be dealt from the unseen cards: the same
    outcomes as a hand one card short with one more to come."""
    seen = odds("stud8", ["As 2d 4c 7h xx", "Kh Kc 9d 9s 5h"])
    short = odds("stud8", ["As 2d 4c 7h", "Kh Kc 9d 9s 5h"], to_come=[3, 2])
    assert exact(seen, "share") == exact(short, "share")
    assert seen.outcomes == short.outcomes == comb(43, 3) * comb(40, 2)


def test_suits_relabelled_and_hands_reordered_give_the_same_odds() -> None:
    hands = ["Ah 2h 5c 8d Kh", "Qs Qd 7s 6s 4d"]
    first = odds("stud8", hands, dead="Tc")
    relabel = str.maketrans("hcds", "sdch")
    second = odds("stud8", [h.translate(relabel) for h in reversed(hands)], dead="Td")
    assert exact(first, "share") == list(reversed(exact(second, "share")))
    assert exact(first, "scoop") == list(reversed(exact(second, "scoop")))


def test_dead_cards_are_never_dealt() -> None:
    """The second hand needs a king for trips; with three kings dead it cannot make them."""
    live = odds("stud", ["As Ah 2c 3d 4h 7s", "Kd Ks Qh Jc 9h 8c"])
    dead = odds("stud", ["As Ah 2c 3d 4h 7s", "Kd Ks Qh Jc 9h 8c"], dead="Kc Kh")
    assert dead.outcomes == 38 * 37
    assert exact(dead, "share")[1] < exact(live, "share")[1]


# --- Monte Carlo -----------------------------------------------------------------------------


def test_monte_carlo_is_within_its_error_of_the_exact_answer() -> None:
    hands = ["As 2d 4c 7h", "Kh Kc 9d 9s"]
    truth = odds("stud8", hands, exact=True)
    guess = odds("stud8", hands, exact=False, samples=100_000, seed=11)
    assert not guess.exact
    assert guess.outcomes == 100_000
    for t, g in zip(truth.hands, guess.hands, strict=True):
        for field in ("high", "low", "scoop", "share"):
            value, estimate = getattr(t, field), getattr(g, field)
            if value.exact in (0, 1):  # a sure thing is sampled as one, with no error
                assert (estimate.mean, estimate.error) == (value.mean, 0.0), field
                continue
            assert 0 < estimate.error < 0.002
            assert abs(estimate.mean - value.mean) < 4.5 * estimate.error, field


def test_monte_carlo_is_seeded() -> None:
    hands = ["As 2d 4c", "Kh Kc 9d"]
    a = odds("stud8", hands, samples=2_000, seed=3)
    b = odds("stud8", hands, samples=2_000, seed=3)
    c = odds("stud8", hands, samples=2_000, seed=4)
    assert not a.exact  # 18,265,297,050 outcomes are past the default limit
    assert a == b
    assert a != c


@pytest.mark.slow
def test_third_street_exact_passes_two_to_the_thirty_two() -> None:
    """Heads-up from third street: C(46,4) * C(42,4) = 18,265,297,050 outcomes, more than
    2**32: counted exactly, the shares add up to one pot and agree with Monte Carlo."""
    hands = ["Ah 2c 3d", "Kd Ks 9h"]
    got = odds("stud8", hands, exact=True)
    assert got.outcomes == 163_185 * 111_930 > 2**32
    assert sum(exact(got, "share")) == 1
    guess = odds("stud8", hands, samples=200_000, seed=5)
    for t, g in zip(got.hands, guess.hands, strict=True):
        assert abs(t.share.mean - g.share.mean) < 4.5 * g.share.error


# --- the buy (OPR-207 Article 3) -------------------------------------------------------------


def test_buying_away_the_king_for_a_straight() -> None:
    """2-3-4-5 with a king against kings and queens; 42 cards unseen. Standing pat: the
    kings-up take high, 2-3-4-5-K takes low (two pair counts against a low): 1/2. Buying the
    king away: an ace or a six (8 cards) makes a straight and a low, a scoop; any other of the
    34 leaves high to the two pair and low to the first hand. Share 8/42 + 34/42 * 1/2 = 25/42,
    a gain of 4/42. At the default price (the big bet, 10) it pays from a pot of
    10 * (17/42) / (4/42) = 42.5; at a pot of 60 it is worth 25/42 * 70 - 10 - 30 = 5/3."""
    question = situation("stud5buy", ["2c 3d 4h 5s Ks", "Kc Kd Qh Qs 9c"])
    options = buy_options(question, 0, pot=60)
    best = options[0]
    assert best.card == CARDS[parse_cards("Ks")[0]]
    assert best.share.exact == Fraction(25, 42)
    assert best.gain == pytest.approx(4 / 42)
    assert best.pays_from == pytest.approx(42.5)
    assert best.worth == pytest.approx(5 / 3)
    pat = next(o for o in options if o.card is None)
    assert pat.share.exact == Fraction(1, 2)
    assert len(options) == 6  # standing pat and each of the five cards


def test_the_buy_waits_for_five_cards_and_needs_a_buy_game() -> None:
    with pytest.raises(OddsError, match="five"):
        buy_options(situation("stud5buy", ["2c 3d 4h", "Kc Kd Qh"]), 0)
    with pytest.raises(OddsError, match="no buy"):
        buy_options(situation("stud5hilo", ["2c 3d 4h 5s Ks", "Kc Kd Qh Qs 9c"]), 0)


# --- what the games allow --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "hands", "error", "words"),
    [
        ("stud8", ["As 2d 4c 7h Kd Qs 3c 9h", "Kh Kc"], OddsError, "deals 7"),
        ("stud8", ["As 2d 4c"], OddsError, "at least two"),
        ("stud8", ["As 2d 4c", "As 3d 5c"], InvalidNotation, "twice"),
        ("stud8", ["As 2d 4c", "Ks 3d"], OddsError, "as many"),
        ("stud8", ["As 2d 4x", "Ks 3d 5c"], InvalidNotation, "not a card"),
        ("stud5buy", ["As 2d 4c 7h Kd Qs", "Kh Kc 9d 9s 5h 3c"], OddsError, "deals 5"),
        ("nosuchgame", ["As", "Kd"], RulesError, "unknown game"),
    ],
)
def test_hands_that_do_not_fit_the_game_are_refused(
    game: str, hands: list[str], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        situation(game, hands)


def test_nasdaq_hands_stand_as_they_are() -> None:
    """NASDAQ deals every card at the start: nothing is to come, hands may differ in size
    (a seller holds one card fewer), and unknown cards are the only chance."""
    question = situation("nasdaq", ["As 2d 4c 7h Kd Qs", "Kh Kc 9d 9s 5h", "xx xx xx xx xx xx"])
    assert question.to_come == (0, 0, 0)
    got = odds("nasdaq", ["As 2d 4c 7h Kd", "Kh Kc 9d 9s 5h"])
    assert got.outcomes == 1
    assert exact(got, "share") == [Fraction(1, 2), Fraction(1, 2)]  # kings up high, A-7 low


def test_auction_lots_to_come_are_unknown_cards() -> None:
    """Auction deals two down and five lots: a hand of four cards has three lots to come."""
    question = situation("auction", ["As 2d 4c 7h", "Kh Kc 9d 9s"])
    assert question.to_come == (3, 3)


# --- the counting tables -----------------------------------------------------------------------


def test_wavelet_counts_values_below_a_bound_in_any_range() -> None:
    rng = np.random.default_rng(7)
    values = rng.integers(0, 37, size=500)
    wavelet = Wavelet(values, 6)
    start = rng.integers(0, 500, size=300)
    stop = np.minimum(500, start + rng.integers(0, 200, size=300))
    bound = rng.integers(0, 40, size=300)
    got = wavelet.below(start, stop, bound)
    want = [int((values[a:b] < c).sum()) for a, b, c in zip(start, stop, bound, strict=True)]
    assert got.tolist() == want


def test_tally_counts_below_and_equal_by_class_within_a_group() -> None:
    keys = np.array([5, 5, 7, 7, 7, 9, 20, 21])  # groups: keys // 16
    classes = np.array([1, 2, 1, 1, 2, 1, 1, 2])
    tally = Tally(np.sort(keys * 3 + classes), 3)
    asked = np.array([7, 8, 21, 16])
    below, equal, start, at = tally.ask(asked, asked // 16 * 16)
    assert below.tolist() == [2, 5, 1, 0]
    assert equal.tolist() == [[0, 2, 1], [0, 0, 0], [0, 0, 1], [0, 0, 0]]
    assert (start.tolist(), at.tolist()) == ([0, 0, 6, 6], [2, 5, 7, 6])
