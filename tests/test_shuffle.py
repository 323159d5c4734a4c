"""splitpot.shuffle draws exactly what random.Random draws for choice, randint and shuffle.

Seeded decks, the reshuffled discards and a seeded random bot's moves were dealt by the
standard library's functions before splitpot wrote the shuffle out (docs/fairness.md); the
same seeds must keep giving the same cards and the same moves, in both builds. (The deck is
also checked against an MT19937 written from the published algorithm: tests/test_fairness.py.)
"""

from __future__ import annotations

import random

import pytest

from play import play_bots
from splitpot import variants
from splitpot.bots import RandomBot
from splitpot.engine import legal_actions, new_hand
from splitpot.errors import RulesError
from splitpot.shuffle import below, deck_order, seeded, shuffle
from splitpot.views import view


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 52, 64, 65, 100, 2**40 + 3])
def test_below_draws_what_choice_and_randint_draw(n: int) -> None:
    ours, choice, randint = random.Random(n), random.Random(n), random.Random(n)
    items = range(n)
    for _ in range(200):
        drawn = below(ours, n)
        assert drawn == choice.choice(items)
        assert 0 <= drawn < n
    assert [below(ours, n) for _ in range(50)] == [randint.randint(0, n - 1) for _ in range(250)][
        200:
    ]


@pytest.mark.parametrize("seed", [0, 1, -1, 7, 2**32, 2**63 - 1, 2**64 + 5, -(2**70), 20261130])
def test_seeded_is_random_random_of_the_seed(seed: int) -> None:
    # the generator a random bot and the deck start from: random.Random(seed) in every respect
    made, theirs = seeded(seed), random.Random(seed)
    assert type(made) is random.Random
    assert made.getstate() == theirs.getstate()  # the twister's words and gauss's spare
    assert [made.random() for _ in range(20)] == [theirs.random() for _ in range(20)]
    assert made.gauss(0, 1) == theirs.gauss(0, 1)
    assert made.getstate() == theirs.getstate()


@pytest.mark.parametrize("seed", ["splitpot", b"\x00\x01", True])
def test_seeded_reads_any_other_seed_as_random_random_does(seed: str | bytes | bool) -> None:
    # a string is hashed by SHA-512 there, not by hash() (which changes between processes)
    assert seeded(seed).getstate() == random.Random(seed).getstate()


def test_seeded_without_a_seed_draws_from_the_system() -> None:
    first, second = seeded(None), seeded(None)
    assert first.getstate() != second.getstate()
    assert 0 <= first.random() < 1


@pytest.mark.parametrize("n", [0, -1, -64])
def test_nothing_to_draw_from_is_refused(n: int) -> None:
    with pytest.raises(RulesError, match=f"nothing to choose from: a draw below {n}"):
        below(random.Random(1), n)


def test_a_random_bot_with_no_option_says_so() -> None:
    state = new_hand(variants.get("stud8"), [100] * 2, seed=3)
    waiting = next(s for s in range(2) if s not in legal_actions(state).to_act)
    with pytest.raises(RulesError, match="nothing to choose from"):
        RandomBot(seed=1).act(view(state, waiting))


@pytest.mark.parametrize("length", [0, 1, 2, 3, 10, 52, 53, 70, 200])
@pytest.mark.parametrize("seed", [0, 1, 7, 2**32, 2**63 - 1, "splitpot-reshuffle-v1:5"])
def test_shuffle_is_random_shuffle(length: int, seed: int | str) -> None:
    ours, theirs = list(range(length)), list(range(length))
    shuffle(random.Random(seed), ours)
    random.Random(seed).shuffle(theirs)
    assert ours == theirs
    assert sorted(ours) == list(range(length))  # a permutation: nothing lost or doubled


def test_the_deck_of_a_seed() -> None:
    for seed in (0, 1, 12345, 2**63 - 1):
        order = list(range(52))
        random.Random(seed).shuffle(order)
        assert deck_order(seed) == order
    assert deck_order(3) != deck_order(4)


def test_a_random_bot_moves_as_with_the_standard_library() -> None:
    """A seeded RandomBot makes the moves random.Random's choice and randint would choose:
    a whole Auction hand (options, bid amounts) and a NASDAQ hand (sales, cards, prices)."""
    for game in ("auction", "nasdaq", "stud8"):
        rules = variants.get(game)
        state = new_hand(rules, [rules.big_bet * 100] * 4, seed=11)
        bot, rng = RandomBot(seed=5), random.Random(5)
        for seen, move in play_bots(state, [bot] * 4):
            option = rng.choice(seen.options)
            assert move.verb == option.verb
            if move.amount is not None and option.choices:
                assert move.amount == rng.choice(option.choices)
            elif move.amount is not None:
                assert move.amount == rng.randint(option.min_amount, option.max_amount)
            if option.cards:
                assert move.cards == (rng.choice(option.cards),)
            if option.declarations:
                assert move.declaration == rng.choice(option.declarations)
        assert state.finished
