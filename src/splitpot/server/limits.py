"""Rate limits: a token bucket (:class:`TokenBucket`), one per connection for its messages and
one for its chat, and buckets by key (:class:`Buckets`, the lobby's by address).

Time is passed in (``now``, seconds on any clock that only goes forward), so the server counts
it on its own clock (``Settings.clock``) and tests on one they move by hand.
"""

from __future__ import annotations

from typing import Final

__all__ = ["KEYS", "Buckets", "TokenBucket"]

KEYS: Final = 10_000
"""Keys :class:`Buckets` remembers at most; past that it forgets them all (each starts full)."""


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; each request takes one, and one that finds
    none is refused. A bucket starts full at its first request."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = self.burst
        self.at: float | None = None  # when the bucket was last filled (None: never used)

    def take(self, now: float) -> bool:
        """Take a token at ``now``: True if there was one."""
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Buckets:
    """A :class:`TokenBucket` for each key (a client's address), made at its first request."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, key: str, now: float) -> bool:
        """Take a token from ``key``'s bucket at ``now``: True if there was one."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= KEYS:
                self.buckets.clear()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket.take(now)
