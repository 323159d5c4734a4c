"""A table's storage pause: what happens when its database does not take a write.

A failed write is not a rules refusal. The table stops (no deal, no bot, no timer), the change
that failed is not kept in memory, its players are told in one line, and a move meanwhile is
answered with that line. The table's runner probes the database with a write that changes
nothing, waiting longer each time (``Settings.probe``: from half a second to five), and once it
answers the table is read again from the store (the truth: a write whose answer was lost may
have been stored) and play resumes by itself. This pause is the storage's, not the host's
(``paused``, a table option): the snapshot tells them apart (``storage``).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import Final

from splitpot.errors import StoragePaused
from splitpot.server.store import Store

__all__ = ["STORAGE_BACK", "STORAGE_DOWN", "Outage", "StoragePaused", "backoff"]

log = logging.getLogger("splitpot.server")

STORAGE_DOWN: Final = StoragePaused().message
"""What the players are told (and a move is answered with) while the database is away."""
STORAGE_BACK: Final = "the table's storage answers again: play resumes"


def backoff(first: float, most: float) -> list[float]:
    """The waits between probes: ``first``, doubling, at most ``most`` (then ``most`` again)."""
    waits = [first]
    while waits[-1] * 2 < most:
        waits.append(waits[-1] * 2)
    return [*waits, most]


class Outage:
    """Whether a table waits on its storage, since when, and how many writes failed."""

    def __init__(self) -> None:
        self.down = False
        self.failures = 0
        self.probes = 0

    def begin(self, error: BaseException, what: str, code: str) -> StoragePaused:
        """A write failed: the table is paused (logged once per outage); the error to raise."""
        self.failures += 1
        if not self.down:
            log.error("table %s: %s could not be stored (%s); play is paused", code, what, error)
        self.down = True
        return StoragePaused()

    def end(self) -> None:
        """The database answers again."""
        self.down = False

    async def wait(
        self,
        store: Store,
        waits: list[float],
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        """Probe ``store`` until it takes a write, ``waits`` apart (the last one repeated)."""
        for i in itertools.count():
            await sleep(waits[min(i, len(waits) - 1)])
            self.probes += 1
            if await store.answers():
                return
