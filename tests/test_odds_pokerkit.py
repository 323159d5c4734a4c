"""Agreement with PokerKit's hi-lo equity: its ``calculate_equities`` (Monte Carlo, seeded
through ``random``), and its equity rule applied to every outcome of small cases (for each hand
type, the best hands split a part; the parts are averaged over the types that qualify)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

from splitpot.cards import CARDS, parse_cards
from splitpot.odds import odds

pokerkit = pytest.importorskip("pokerkit")

HI_LO_8 = (pokerkit.StandardHighHand, pokerkit.EightOrBetterLowHand)
HI_LO_ANY = (pokerkit.StandardHighHand, pokerkit.RegularLowHand)
TYPES = {
    "stud8": HI_LO_8,
    "stud": (pokerkit.StandardHighHand,),
    "razz": (pokerkit.RegularLowHand,),
    "stud5hilo": HI_LO_ANY,
    "auction": HI_LO_ANY,
}


def _cards(ids: Any) -> list[Any]:
    return list(pokerkit.Card.parse("".join(str(CARDS[c]) for c in ids)))


def _pokerkit_shares(hands: list[list[int]], types: tuple[Any, ...]) -> list[Fraction]:
    """PokerKit's equity of one outcome, as its calculate_equities computes it per sample."""
    shares = [Fraction(0)] * len(hands)
    qualified = 0
    for kind in types:
        values = [kind.from_game_or_none(_cards(h), ()) for h in hands]
        if all(v is None for v in values):
            continue
        best = max(v for v in values if v is not None)
        winners = [i for i, v in enumerate(values) if v == best]
        qualified += 1
        for i in winners:
            shares[i] += Fraction(1, len(winners))
    return [s / qualified for s in shares]


CASES = [
    ("stud8", ["As 2d 4c 7h Kd Qs 9c", "Kh Kc 9d 9s 5h 3c"]),
    ("stud8", ["Ah 2h 3c Kd Ks 8c", "7d 6d 5d 4s Tc Jc 2s", "Qh Qd Qc 3s 4h 9h 9s"]),
    ("stud", ["Ah Ad Ac Kh Kd 2c", "2s 3s 4s 5s 7d 8d 9c"]),
    ("razz", ["As 2d 3c 4h Kd Qs Jc", "2c 3d 4s 5h 7c 8c"]),
    ("stud5hilo", ["As 2d 4c 7h", "Kh Kc 9d 9s 5h"]),
    ("auction", ["As 2d 4c 7h Kd Qs 9c", "Kh Kc 9d 9s 5h 3c"]),
]


@pytest.mark.parametrize(("game", "hands"), CASES)
def test_same_shares_as_pokerkits_rule_over_every_outcome(game: str, hands: list[str]) -> None:
    """One hand short of its last card: each of the unseen cards is one outcome."""
    ids = [list(parse_cards(h)) for h in hands]
    draws = [7 - len(h) if game != "stud5hilo" else 5 - len(h) for h in ids]
    got = odds(game, hands, to_come=draws)
    assert got.exact
    deck = [c for c in range(52) if all(c not in h for h in ids)]
    short = next(i for i, d in enumerate(draws) if d)
    total = [Fraction(0)] * len(ids)
    outcomes = 0
    for extra in combinations(deck, draws[short]):
        final = [h + list(extra) if i == short else h for i, h in enumerate(ids)]
        for i, share in enumerate(_pokerkit_shares(final, TYPES[game])):
            total[i] += share
        outcomes += 1
    assert got.outcomes == outcomes
    assert [h.share.exact for h in got.hands] == [t / outcomes for t in total]


def test_within_error_of_pokerkits_calculate_equities() -> None:
    """Fourth street heads-up: our exact share against PokerKit's Monte Carlo (600 samples,
    seeded): within 4.5 of its standard errors."""
    hands = ["As 2d 4c 7h", "Kh Kc 9d 9s"]
    exact = odds("stud8", hands, exact=True)
    random.seed(17)
    samples = 600
    theirs = pokerkit.calculate_equities(
        tuple([_cards(parse_cards(h))] for h in hands),
        (),
        7,
        0,
        pokerkit.Deck.STANDARD,
        HI_LO_8,
        sample_count=samples,
    )
    for mine, equity in zip(exact.hands, theirs, strict=True):
        p = mine.share.mean
        error = (p * (1 - p) / samples) ** 0.5  # shares lie in [0, 1]: at most this spread
        assert abs(equity - p) < 4.5 * error
