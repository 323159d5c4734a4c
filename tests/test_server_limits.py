"""The server's rate limits: one token bucket, with time passed in (no test waits)."""

from __future__ import annotations

from splitpot.server.limits import KEYS, Buckets, TokenBucket


def _takes(bucket: TokenBucket, now: float, count: int) -> list[bool]:
    return [bucket.take(now) for _ in range(count)]


def test_a_bucket_starts_full_and_refuses_past_its_burst() -> None:
    bucket = TokenBucket(rate=2, burst=3)
    assert _takes(bucket, 100.0, 4) == [True, True, True, False]


def test_a_bucket_refills_at_its_rate_and_holds_at_most_its_burst() -> None:
    bucket = TokenBucket(rate=2, burst=3)
    _takes(bucket, 0.0, 3)
    assert not bucket.take(0.4)  # 0.8 of a token
    assert _takes(bucket, 0.5, 2) == [True, False]  # 1.0: one
    assert _takes(bucket, 1000.0, 4) == [True, True, True, False]  # never more than 3


def test_a_refused_request_costs_nothing() -> None:
    bucket = TokenBucket(rate=1, burst=1)
    assert bucket.take(0.0)
    assert _takes(bucket, 0.5, 10) == [False] * 10
    assert bucket.take(1.0)  # the refused ones did not delay the refill


def test_buckets_by_key_are_separate_and_bounded() -> None:
    buckets = Buckets(rate=0.001, burst=2)
    assert [buckets.take("a", 0.0) for _ in range(3)] == [True, True, False]
    assert buckets.take("b", 0.0)  # another address has its own
    for n in range(KEYS):
        buckets.take(f"k{n}", 0.0)
    assert len(buckets.buckets) <= KEYS
    assert buckets.take("a", 0.0)  # forgotten past the bound: it starts full again
