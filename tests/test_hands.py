"""Hand values against the slow reference (tests/reference.py), worked examples and errors.

The ordering of splitpot's values must agree with the reference on pairs of hands; the values
themselves are opaque, so no expected number is taken from splitpot.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference import high_key, low_key, sign
from splitpot import _tables
from splitpot import hands as evaluator
from splitpot._tables import unpack
from splitpot.cards import Card, parse_cards
from splitpot.errors import InvalidNotation, RulesError
from splitpot.hands import (
    CATEGORY_NAMES,
    best_five,
    describe_high,
    describe_low,
    high_category,
    high_value,
    high_values,
    low_value,
    low_values,
)

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Pools that make interesting hands common: the whole deck, few suits (flushes), few ranks
# (pairs, trips, quads), the wheel ranks and the low ranks (straights, lows).
POOLS: list[list[int]] = [
    list(range(52)),
    [c for c in range(52) if c % 4 in (0, 1)],
    [c for c in range(52) if c % 4 == 2 or c // 4 in (0, 1, 2, 3, 12)],
    [c for c in range(52) if c // 4 in (0, 6, 12)],
    [c for c in range(52) if c // 4 in (0, 1, 2, 3, 4, 12)],
    [c for c in range(52) if c // 4 in (0, 1, 2, 3, 4, 5, 6, 12)],
    [c for c in range(52) if c // 4 in (8, 9, 10, 11, 12)],
]


@st.composite
def hands(draw: st.DrawFn, size: int | None = None, pool: list[int] | None = None) -> list[int]:
    if pool is None:
        pool = draw(st.sampled_from(POOLS))
    n = draw(st.integers(1, 7)) if size is None else size
    n = min(n, len(pool))
    return draw(st.permutations(pool))[:n]


@st.composite
def same_size_pair(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    pool = draw(st.sampled_from(POOLS))
    n = draw(st.integers(1, 7))
    return draw(hands(n, pool)), draw(hands(n, pool))


def _low(cards: Any, ranking: str, qualifier: int) -> int | None:
    return low_value(cards, ranking=ranking, qualifier=qualifier)  # type: ignore[arg-type]


# --- ordering against the reference --------------------------------------------------------


@SETTINGS
@given(same_size_pair())
def test_high_order_matches_reference(pair: tuple[list[int], list[int]]) -> None:
    a, b = pair
    assert sign(high_value(a), high_value(b)) == sign(high_key(a), high_key(b))


@SETTINGS
@given(hands(5), hands(7))
def test_high_order_five_against_seven(a: list[int], b: list[int]) -> None:
    assert sign(high_value(a), high_value(b)) == sign(high_key(a), high_key(b))


@SETTINGS
@given(hands())
def test_high_category_matches_reference(cards: list[int]) -> None:
    assert high_category(high_value(cards)) == CATEGORY_NAMES[high_key(cards)[0]]


@pytest.mark.parametrize(("ranking", "qualifier"), [("a5", 0), ("a5", 8), ("27", 0), ("27", 8)])
@SETTINGS
@given(pair=same_size_pair())
def test_low_order_matches_reference(
    ranking: str, qualifier: int, pair: tuple[list[int], list[int]]
) -> None:
    a, b = pair
    got = sign(_low(a, ranking, qualifier), _low(b, ranking, qualifier))
    assert got == sign(low_key(a, ranking, qualifier), low_key(b, ranking, qualifier))
    # Qualification itself must agree, not just the order.
    assert (_low(a, ranking, qualifier) is None) == (low_key(a, ranking, qualifier) is None)


@pytest.mark.parametrize(("ranking", "qualifier"), [("a5", 0), ("a5", 8), ("27", 0), ("27", 9)])
@SETTINGS
@given(a=hands(5), b=hands(7))
def test_low_order_five_against_seven(
    ranking: str, qualifier: int, a: list[int], b: list[int]
) -> None:
    got = sign(_low(a, ranking, qualifier), _low(b, ranking, qualifier))
    assert got == sign(low_key(a, ranking, qualifier), low_key(b, ranking, qualifier))


@pytest.mark.parametrize("qualifier", [5, 6, 7, 9, 10, 11, 12, 13])
@settings(max_examples=150, deadline=None)
@given(cards=hands(7))
def test_every_qualifier_matches_reference(qualifier: int, cards: list[int]) -> None:
    """docs/games.md ``qualifier``: five different ranks, none above q."""
    for ranking in ("a5", "27"):
        assert (_low(cards, ranking, qualifier) is None) == (
            low_key(cards, ranking, qualifier) is None
        )


@SETTINGS
@given(hands())
def test_qualifying_low_keeps_its_value(cards: list[int]) -> None:
    """A qualifier only removes lows; it never changes the value of one that qualifies."""
    for ranking in ("a5", "27"):
        for q in (8, 13):
            value = _low(cards, ranking, q)
            if value is not None:
                assert value == _low(cards, ranking, 0)


# --- every hand class through the scalar path ----------------------------------------------


def _rank_classes(n: int) -> list[list[int]]:
    """One hand of each multiset of n ranks (at most four of a rank), with no five of a suit.

    Sorted by rank, card j takes suit (j + i) % 4 for the i-th multiset: repeated ranks sit
    side by side and so get different suits, and seven cards spread 2-2-2-1 over the suits.
    Each hand is shuffled (seeded), so a card reaches every place of the hand.
    """
    rng = random.Random(n)
    rows = []
    for i, ranks in enumerate(combinations_with_replacement(range(13), n)):
        if max(Counter(ranks).values()) <= 4:
            row = [4 * r + (j + i) % 4 for j, r in enumerate(ranks)]
            rng.shuffle(row)
            rows.append(row)
    return rows


def _flush_classes(n: int) -> list[list[int]]:
    """Every set of five to seven ranks of one suit, in each suit, and n cards in all: the rest
    of the hand drawn (seeded) from the other suits."""
    rng = random.Random(100 + n)
    rows = []
    for size in range(5, n + 1):
        for ranks in combinations(range(13), size):
            for suit in range(4):
                others = [c for c in range(52) if c % 4 != suit]
                row = [4 * r + suit for r in ranks] + rng.sample(others, n - size)
                rng.shuffle(row)
                rows.append(row)
    return rows


def _same_order(ours: list[Any], theirs: list[Any]) -> bool:
    """Whether two lists of comparable values sort the hands alike, ties included."""
    dense_ours = {v: i for i, v in enumerate(sorted(set(ours)))}
    dense_theirs = {v: i for i, v in enumerate(sorted(set(theirs)))}
    return [dense_ours[v] for v in ours] == [dense_theirs[v] for v in theirs]


# Six and seven cards take the reference most of a minute; fewer take a second or two.
SIZES = [*range(1, 6), *(pytest.param(n, marks=pytest.mark.slow) for n in (6, 7))]


@pytest.mark.parametrize("n", SIZES)
def test_every_high_class_matches_reference(n: int) -> None:
    """high_value of one hand of every rank multiset and every flush of n cards orders them as
    the reference does, and as high_values. Seven cards make 4,824 high values (the published
    count of distinct seven-card hands: 7,462 five-card classes less those no seven cards
    can have as their best five)."""
    rows = _rank_classes(n) + (_flush_classes(n) if n >= 5 else [])
    values = [high_value(row) for row in rows]
    assert _same_order(values, [high_key(row) for row in rows])
    assert high_values(np.array(rows)).tolist() == values
    if n == 7:
        assert len(set(values)) == 4824


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("qualifier", [0, 8])
def test_every_low_class_matches_reference(n: int, qualifier: int) -> None:
    """low_value (ace-to-five) of one hand of every rank multiset of n cards orders them as the
    reference does, None exactly where the reference has no low, and as low_values."""
    rows = _rank_classes(n)
    values = [low_value(row, qualifier=qualifier) for row in rows]
    keys = [low_key(row, "a5", qualifier) for row in rows]
    assert [v is None for v in values] == [k is None for k in keys]
    assert _same_order([v for v in values if v is not None], [k for k in keys if k is not None])
    assert low_values(np.array(rows), qualifier=qualifier).tolist() == [v or 0 for v in values]


# --- batch equals scalar -----------------------------------------------------------------


def _random_rows(k: int, n: int, seed: int, dtype: Any = np.int64) -> np.ndarray[Any, Any]:
    rng = np.random.default_rng(seed)
    rows = np.argsort(rng.random((n, 52)), axis=1)[:, :k]
    # Half the rows from the low ranks, so that qualifying lows and wheels are common.
    low_pool = np.array([c for c in range(52) if c // 4 <= 6 or c // 4 == 12])
    picks = np.argsort(rng.random((n // 2, len(low_pool))), axis=1)[:, :k]
    rows[: n // 2] = low_pool[picks]
    return rows.astype(dtype)


@pytest.mark.parametrize("k", range(1, 8))
def test_high_values_equal_scalar(k: int) -> None:
    rows = _random_rows(k, 3000, seed=k)
    expected = [high_value(r.tolist()) for r in rows]
    got = high_values(rows)
    assert got.dtype == np.int32
    assert got.shape == (3000,)
    assert got.tolist() == expected


@pytest.mark.parametrize("k", range(1, 8))
@pytest.mark.parametrize(
    ("ranking", "qualifier"),
    [("a5", 0), ("a5", 8), ("a5", 5), ("a5", 13), ("27", 0), ("27", 8), ("27", 13)],
)
def test_low_values_equal_scalar(k: int, ranking: str, qualifier: int) -> None:
    rows = _random_rows(k, 1500 if ranking == "a5" else 400, seed=100 + k)
    expected = [_low(r.tolist(), ranking, qualifier) or 0 for r in rows]
    got = low_values(rows, ranking=ranking, qualifier=qualifier)  # type: ignore[arg-type]
    assert got.dtype == np.int32
    assert got.tolist() == expected
    if qualifier == 0:
        assert 0 not in expected  # every hand has some low without a qualifier


@pytest.mark.parametrize(
    "dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
)
def test_batch_accepts_any_integer_dtype(dtype: Any) -> None:
    rows = _random_rows(7, 500, seed=9)
    high = high_values(rows)
    low = low_values(rows, qualifier=8)
    low27 = low_values(rows, ranking="27", qualifier=0)
    cast = rows.astype(dtype)
    assert high_values(cast).tolist() == high.tolist()
    assert low_values(cast, qualifier=8).tolist() == low.tolist()
    assert low_values(cast, ranking="27", qualifier=0).tolist() == low27.tolist()
    # Fortran order and a list of lists read the same.
    assert high_values(np.asfortranarray(cast)).tolist() == high.tolist()
    assert high_values(rows.tolist()).tolist() == high.tolist()


def test_batch_of_no_rows() -> None:
    empty = np.zeros((0, 7), dtype=np.int64)
    assert high_values(empty).shape == (0,)
    assert low_values(empty).shape == (0,)


# --- input forms -------------------------------------------------------------------------

FORMS: list[Callable[[str], Any]] = [
    lambda text: text,
    lambda text: text.lower(),
    lambda text: " ".join(text[i : i + 2] for i in range(0, len(text), 2)),
    lambda text: list(parse_cards(text)),
    lambda text: tuple(parse_cards(text)),
    lambda text: [int(c) for c in parse_cards(text)],
    lambda text: tuple(int(c) for c in parse_cards(text)),
]


@pytest.mark.parametrize("text", ["As", "AhKd", "5d5c6d6c7d7c7h", "2h3h4h5h7h", "AcKcQcJcTc9c8c"])
def test_input_forms_agree(text: str) -> None:
    for form in FORMS:
        assert high_value(form(text)) == high_value(text)
        for ranking in ("a5", "27"):
            for q in (0, 8):
                assert _low(form(text), ranking, q) == _low(text, ranking, q)
        assert describe_high(form(text)) == describe_high(text)
        assert best_five(form(text)) == best_five(text)


@pytest.mark.parametrize("text", ["2h3h4h5h7h", "AcKcQcJcTc9c8c", "AhKd9s8c7h6d2s"])
def test_one_shot_iterables_are_read_alike(text: str) -> None:
    """CardsLike includes any iterable of ids, so a generator must give the same value."""
    assert high_value(c for c in parse_cards(text)) == high_value(text)
    assert low_value((c for c in parse_cards(text)), qualifier=0) == low_value(text, qualifier=0)
    assert describe_high(c for c in parse_cards(text)) == describe_high(text)


def test_numpy_ids_are_read_alike_by_every_function() -> None:
    """If the scalar functions take numpy ints (high_value does), they all must."""
    text = "2h3h4h5h7h8s6d"
    ids = np.array(parse_cards(text))
    assert high_value(ids) == high_value(text)
    assert low_value(ids, qualifier=8) == low_value(text, qualifier=8)
    assert low_value(ids, ranking="27", qualifier=0) == low_value(text, ranking="27", qualifier=0)
    assert describe_high(ids) == describe_high(text)
    assert best_five(ids) == best_five(text)


# --- worked examples ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("AhKhQhJhTh", "royal flush"),
        ("9s8s7s6s5s4s3s", "straight flush, nine-high"),
        ("5s4s3s2sAs", "straight flush, five-high"),
        ("KcKdKhKs2c", "four of a kind, kings"),
        ("8c8d8hJsJc2d3d", "full house, eights full of jacks"),  # OPR-207 example (art. 3)
        ("AdJdTd4d2dAcAs", "flush, ace-high"),
        ("AcKdQhJsTc", "straight, ace-high"),
        ("Ac2d3h4s5c9dKh", "straight, five-high"),
        ("7c7d7h2sKc", "three of a kind, sevens"),
        ("JsJc8d8h2c", "two pair, jacks and eights"),  # OPR-207 example, before the buy
        ("AsAcKhQd9c", "one pair, aces"),
        ("AhQd9s7c4d3s2h", "high card, ace"),
        ("Kd", "high card, king"),
        ("9c9d", "one pair, nines"),
        ("9c9d9h9s", "four of a kind, nines"),
    ],
)
def test_describe_high(cards: str, words: str) -> None:
    assert describe_high(cards) == words


@pytest.mark.parametrize(
    ("cards", "kwargs", "words"),
    [
        ("As2d3h4s5c", {}, "five-low 5-4-3-2-A"),
        ("5s4s3s2sAs", {}, "five-low 5-4-3-2-A"),  # steel wheel: flush ignored (Robert's 5)
        ("KsKh9c6d5h4d3s", {"qualifier": 0}, "nine-low 9-6-5-4-3"),  # OPR-207 3: bought 9-low
        ("9c6d5h4d3s", {}, "no qualifying low"),  # nine-low misses the 8 qualifier
        ("9c6d5h4d3s", {"qualifier": 9}, "nine-low 9-6-5-4-3"),
        ("9c6d5h4d3s", {"qualifier": 0}, "nine-low 9-6-5-4-3"),
        ("8h7d6c5s4h", {}, "eight-low 8-7-6-5-4"),  # the worst qualifying low
        ("AcAd2c3c4c", {}, "no qualifying low"),
        ("AcAd2c3c4c", {"qualifier": 0}, "one pair, aces A-A-4-3-2"),
        ("5d5c6d6c7d7c7h", {"qualifier": 0}, "two pair, sixes and fives 6-6-5-5-7"),
        ("7h5d4c3c2d", {"ranking": "27", "qualifier": 0}, "seven-low 7-5-4-3-2"),
        ("7h5d4c3c2dAs8s", {"ranking": "27", "qualifier": 8}, "seven-low 7-5-4-3-2"),
        ("2h3h4h5h7h", {"ranking": "27", "qualifier": 0}, "flush, seven-high 7-5-4-3-2"),
        ("2h3h4h5h7h", {"ranking": "27", "qualifier": 8}, "no qualifying low"),
        ("6c5d4h3s2c", {"ranking": "27", "qualifier": 0}, "straight, six-high 6-5-4-3-2"),
    ],
)
def test_describe_low(cards: str, kwargs: dict[str, Any], words: str) -> None:
    assert describe_low(cards, **kwargs) == words


@pytest.mark.parametrize(("ranking", "qualifier"), [("a5", 8), ("a5", 0), ("27", 0), ("27", 9)])
def test_the_words_kept_for_a_value_are_every_such_hand_s_words(
    ranking: str, qualifier: int
) -> None:
    """Words are kept by value: every hand of one value (of any size, first asked or later)
    gets the words worked out from its own cards."""
    rng = random.Random(f"{ranking}{qualifier}")
    for _ in range(3000):
        cards = rng.sample(range(52), rng.randint(1, 7))
        mine = describe_low(cards, ranking=ranking, qualifier=qualifier)
        if low_value(cards, ranking=ranking, qualifier=qualifier) is None:
            assert mine == "no qualifying low"
        else:
            assert mine == evaluator._describe_low(cards, ranking, qualifier)
        category, ranks = unpack(_tables.tables().high_raw[high_value(cards)])
        assert describe_high(cards) == evaluator._words(category, ranks)


def test_steel_wheel_is_high_and_low() -> None:
    """5s4s3s2sAs: a straight flush for high, the best possible a5 low (Robert's 3, 5)."""
    steel = "5s4s3s2sAs"
    assert high_category(high_value(steel)) == "straight flush"
    assert high_value(steel) < high_value("6s5s4s3s2s")
    assert high_value(steel) > high_value("AcAdAhAsKs")
    # Best low of all: beats every other low, e.g. 6-4-3-2-A and a plain wheel ties it.
    assert low_value(steel) == low_value("5c4d3h2sAc")
    assert low_value(steel) > low_value("6c4d3h2sAc")  # type: ignore[operator]
    assert best_five(steel, half="low") == parse_cards("5s4s3s2sAs")
    # In deuce-to-seven the same cards are a flush: worse than any unpaired non-flush hand.
    assert low_value(steel, ranking="27", qualifier=0) < low_value(  # type: ignore[operator]
        "KcQdJhTs8c", ranking="27", qualifier=0
    )


def test_royal_flush_beats_everything() -> None:
    royal = high_value("AsKsQsJsTs")
    assert royal == high_value("AhKhQhJhTh9h8h")
    assert royal > high_value("KsQsJsTs9s")
    assert describe_high("TsJsQsKsAs2c2d") == "royal flush"


@pytest.mark.parametrize(
    ("cards", "kwargs", "five"),
    [
        # High: six and seven cards, best five in reading order (groups first, then high).
        ("AhAdKsKc2c3d", {}, "AhAdKsKc3d"),
        ("2c3d4h5s6c7d", {}, "7d6c5s4h3d"),
        ("8c8d8hJsJc2d", {}, "8h8d8cJsJc"),
        ("2h9h4h5hKhQc3h", {}, "Kh9h5h4h3h"),
        ("Ac2d3h4s5c9d", {}, "5c4s3h2dAc"),  # a wheel reads 5-4-3-2-A (its top card is 5)
        ("5s4s3s2sAsKs", {}, "5s4s3s2sAs"),  # steel wheel as high: also 5-4-3-2-A
        ("AsKsQsJsTs9s", {}, "AsKsQsJsTs"),
        # Low: six and seven cards.
        ("Ac2d3h4s5c6d", {"half": "low"}, "5c4s3h2dAc"),
        ("KsKh9c6d5h4d3s", {"half": "low", "qualifier": 0}, "9c6d5h4d3s"),
        ("5d5c6d6c7d7c7h", {"half": "low", "qualifier": 0}, "6d6c5d5c7h"),
        ("8s6d5c4c2dKhKd", {"half": "low", "ranking": "27", "qualifier": 0}, "8s6d5c4c2d"),
        # 8-5-4-3-2 is lower than 8-6-5-4-2; 6-5-4-3-2 would be a straight.
        ("8s6d5c4c2d3hKd", {"half": "low", "ranking": "27", "qualifier": 0}, "8s5c4c3h2d"),
        ("As2d3h4s5c7d", {"half": "low", "ranking": "27", "qualifier": 0}, "7d5c4s3h2d"),
    ],
)
def test_best_five(cards: str, kwargs: dict[str, Any], five: str) -> None:
    got = best_five(cards, **kwargs)
    assert got is not None
    # Within a group the suit order is not a rule: compare ranks in order and the card set.
    expected = parse_cards(five)
    assert [c.rank for c in got] == [c.rank for c in expected]
    if "5d5c6d6c7d7c7h" not in cards:  # which 7 plays there is a free choice
        assert set(got) == set(expected)
    assert all(isinstance(c, Card) for c in got)


def test_best_five_of_fewer_cards_is_the_whole_hand() -> None:
    got = best_five("2cAhKd")
    assert got is not None
    assert [str(c) for c in got] == ["Ah", "Kd", "2c"]
    assert best_five("9d9c", half="low") is None  # partial hands never qualify
    # Ranks 2, 4, 5, 6 (and 7, 8) : no five different ranks of six or lower.
    assert best_five("8h7d6c5s4h2c2d", half="low", qualifier=6) is None
    assert best_five("8h7d6c5s4h2c2d", half="low", qualifier=7) is not None


def test_deuce_to_seven_ace_is_high_only() -> None:
    """Deuce-to-seven is played ace high (docs/games.md), so A-5-4-3-2 is not a straight.

    Worked by hand: A-5-4-3-2 is an ace-high no-pair hand, which beats any pair for low and
    loses to K-5-4-3-2 (king-high); the six-high straight 6-5-4-3-2 counts as a straight.
    """
    wheel = low_value("Ac2d3h4s5c", ranking="27", qualifier=0)
    king = low_value("Kc5d4h3s2c", ranking="27", qualifier=0)
    pair = low_value("2c2d7h8s9c", ranking="27", qualifier=0)
    straight = low_value("6c5d4h3s2c", ranking="27", qualifier=0)
    assert None not in (wheel, king, pair, straight)
    assert king > wheel > pair > straight  # type: ignore[operator]
    assert describe_low("Ac2d3h4s5c", ranking="27", qualifier=0) == "ace-low A-5-4-3-2"


def test_partial_hands() -> None:
    """Fewer than five cards compare as up cards (OPR-657 3.5): no straights or flushes."""
    assert high_category(high_value("AhKhQhJh")) == "high card"
    assert high_value("2c2d") > high_value("AhKd")
    assert high_value("AhKd") > high_value("AhQd")
    assert high_value("3c3d3h2c") > high_value("AcAdKcKd")  # trips over two pair
    assert high_value("AcAdKcKd") > high_value("AcAdKcQd")
    # A missing card is the worst kicker (docs/evaluator.md): a complete hand beats a partial
    # one it extends.
    assert high_value("AhKdQc") > high_value("AhKd")
    assert high_value("AhKdQc2s2d") > high_value("AhKdQc2s")
    # Lows: same rule read upside down; partial hands never qualify with a qualifier, since
    # they cannot hold five different ranks (Robert's stud hi-lo, 8-or-better).
    assert low_value("Ah2d", qualifier=0) > low_value("Ah3d", qualifier=0)  # type: ignore[operator]
    assert low_value("Ah2d", qualifier=0) > low_value("2h2d", qualifier=0)  # type: ignore[operator]
    assert low_value("Ah2d3c4s") is None
    assert low_value("7h2d3c4s", qualifier=0) < low_value(  # type: ignore[operator]
        "7h2d3c4s8c", qualifier=0
    )


# --- errors ------------------------------------------------------------------------------

# Each bad hand with a piece of it the message must quote ("" where nothing is to quote).
BAD_HANDS = [
    pytest.param("1x", "'1x'", id="text-1x"),
    pytest.param("Ahh", "'Ahh'", id="text-Ahh"),
    pytest.param("", "", id="text-empty"),
    pytest.param("AhAh", "Ah", id="text-duplicate"),
    pytest.param("AhKdQcJsTc9h8d7c", "", id="text-eight-cards"),
    pytest.param([], "", id="ids-empty"),
    pytest.param([0, 52], "52", id="id-52"),
    pytest.param([0, -1], "-1", id="id-minus-1"),
    pytest.param([0, 0], "2c", id="ids-duplicate"),
    pytest.param([1, 2, 3, 4, 5, 6, 7, 8], "", id="ids-eight-cards"),
    pytest.param([1.0, 5, 9, 13, 17], "1.0", id="id-float"),
    # Seven cards take the quickest path, which indexes lists by id: a list reads a negative
    # index from its end and index 52 is the padding for short hands, so these must still fail.
    pytest.param([0, 5, 9, 13, 17, 21, -1], "-1", id="seven-id-minus-1"),
    pytest.param([0, 5, 9, 13, 17, 21, -2], "-2", id="seven-id-minus-2"),
    pytest.param([-53, 5, 9, 13, 17, 21, 25], "-53", id="seven-id-minus-53"),
    pytest.param([1, 5, 9, 13, 17, 21, -60], "-60", id="seven-id-minus-60"),
    pytest.param([0, 5, 9, 13, 17, 21, 52], "52", id="seven-id-52"),
    pytest.param([0, 5, 9, 13, 17, 21, 53], "53", id="seven-id-53"),
    pytest.param([0, 5, 9, 13, 17, 21, 2.0], "2.0", id="seven-id-float"),
    pytest.param([0, 5, 9, 13, 17, 21, "x"], "'x'", id="seven-id-text"),
    pytest.param([0, 5, 9, 13, 17, 21, None], "None", id="seven-id-none"),
    pytest.param([0, 4, 8, 12, 16, 20, 0], "2c", id="seven-duplicate-flush"),
    pytest.param([-40, 5, 9, 13, 17], "-40", id="five-id-minus-40"),
    pytest.param([0, 52, 9, 13, 17], "52", id="five-id-52"),
    pytest.param([52], "52", id="one-id-52"),
]
CALLS = [
    pytest.param(high_value, id="high_value"),
    pytest.param(lambda c: low_value(c), id="low_value-a5-8"),
    pytest.param(lambda c: low_value(c, qualifier=0), id="low_value-a5-0"),
    pytest.param(lambda c: low_value(c, ranking="27", qualifier=0), id="low_value-27-0"),
    pytest.param(describe_high, id="describe_high"),
    pytest.param(lambda c: describe_low(c), id="describe_low-a5"),
    pytest.param(lambda c: describe_low(c, ranking="27"), id="describe_low-27"),
    pytest.param(best_five, id="best_five-high"),
    pytest.param(lambda c: best_five(c, half="low", qualifier=0), id="best_five-low"),
]


@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize(("bad", "quoted"), BAD_HANDS)
def test_bad_hands_are_refused(call: Callable[[Any], object], bad: Any, quoted: str) -> None:
    """Every scalar function refuses unreadable cards, duplicates, and 0 or 8+ cards."""
    with pytest.raises(InvalidNotation) as info:
        call(list(bad) if isinstance(bad, list) else bad)
    assert quoted in str(info.value)


@pytest.mark.parametrize("size", [2, 5, 6, 7])
def test_a_card_held_twice_is_refused(size: int) -> None:
    """Whichever card is repeated, in flushes (one suit) and in plain hands: never a value."""
    rng = np.random.default_rng(size)
    clubs = [c for c in range(52) if c % 4 == 0]
    for pool in (list(range(52)), clubs):
        for _ in range(150):
            hand = rng.permutation(pool)[: size - 1].tolist()
            hand.insert(int(rng.integers(size)), hand[int(rng.integers(size - 1))])
            for form in (hand, tuple(hand)):
                with pytest.raises(InvalidNotation, match="more than once"):
                    high_value(form)
                with pytest.raises(InvalidNotation, match="more than once"):
                    low_value(form, qualifier=0)


BATCH_CALLS = [
    pytest.param(high_values, id="high_values"),
    pytest.param(lambda a: low_values(a), id="low_values-a5"),
    pytest.param(lambda a: low_values(a, ranking="27", qualifier=0), id="low_values-27"),
]


@pytest.mark.parametrize("call", BATCH_CALLS)
@pytest.mark.parametrize(
    "bad",
    [
        pytest.param(np.zeros((3,), dtype=np.int64), id="1d"),
        pytest.param(np.zeros((2, 0), dtype=np.int64), id="k0"),
        pytest.param(np.zeros((2, 8), dtype=np.int64) + np.arange(8), id="k8"),
        pytest.param(np.zeros((2, 3, 5), dtype=np.int64), id="3d"),
        pytest.param(np.array([[0, 1, 52]]), id="id52"),
        pytest.param(np.array([[0, 1, -1]]), id="id-1"),
        pytest.param(np.array([[0.0, 1.0, 2.0]]), id="float"),
        pytest.param(np.array([[0, 1, 2], [3, 4, 3]]), id="duplicate"),
        pytest.param(np.array([[True, False]]), id="bool"),
    ],
)
def test_bad_arrays_are_refused(call: Callable[[Any], object], bad: Any) -> None:
    with pytest.raises(InvalidNotation):
        call(bad)


def test_duplicate_row_is_named() -> None:
    rows = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [10, 11, 12, 13, 10]])
    with pytest.raises(InvalidNotation, match="row 2"):
        high_values(rows)
    with pytest.raises(InvalidNotation):
        low_values(rows, ranking="27", qualifier=0)


@pytest.mark.parametrize("qualifier", [1, 4, 14, -8, 99, "8", None, True])
def test_bad_qualifier_is_a_rules_error(qualifier: Any) -> None:
    cards = "As2d3h4s5c"
    rows = np.array([parse_cards(cards)])
    for ranking in ("a5", "27"):
        with pytest.raises(RulesError, match=repr(qualifier)):
            low_value(cards, ranking=ranking, qualifier=qualifier)
        with pytest.raises(RulesError, match=repr(qualifier)):
            low_value(list(parse_cards(cards)), ranking=ranking, qualifier=qualifier)
        with pytest.raises(RulesError):
            low_values(rows, ranking=ranking, qualifier=qualifier)
        with pytest.raises(RulesError):
            describe_low(cards, ranking=ranking, qualifier=qualifier)


@pytest.mark.parametrize("ranking", ["a-5", "A5", "2-7", "", "high", None])
def test_bad_ranking_is_a_rules_error(ranking: Any) -> None:
    cards = "As2d3h4s5c"
    with pytest.raises(RulesError, match=repr(ranking)):
        low_value(cards, ranking=ranking)
    with pytest.raises(RulesError, match=repr(ranking)):
        low_value(list(parse_cards(cards)), ranking=ranking)
    with pytest.raises(RulesError):
        low_values(np.array([parse_cards(cards)]), ranking=ranking)
    with pytest.raises(RulesError):
        best_five(cards, half="low", ranking=ranking)


def test_bad_half_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="'middle'"):
        best_five("As2d3h4s5c", half="middle")  # type: ignore[arg-type]


def test_category_names() -> None:
    assert CATEGORY_NAMES == (
        "high card",
        "one pair",
        "two pair",
        "three of a kind",
        "straight",
        "flush",
        "full house",
        "four of a kind",
        "straight flush",
    )
    assert high_category(high_value("2c3d4h5s7c")) == "high card"
    assert high_category(high_value("AsKsQsJsTs")) == "straight flush"
