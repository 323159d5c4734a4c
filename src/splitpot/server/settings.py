"""How a server paces its tables and guards its doors: :class:`Settings`, one per server."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["Settings"]


@dataclass(frozen=True)
class Settings:
    """How a server paces its tables and guards its doors (the defaults suit people)."""

    bot_delay: float = 0.8
    """Seconds before a bot moves (or a default move for a seat sitting out)."""
    next_delay: float = 6.0
    """Seconds the result stays on the table before the next hand is dealt."""
    think: float | None = None
    """Bots' thinking budget per decision (None: each bot's default)."""
    rate: float = 10.0
    """Messages per second a connection may send, on average..."""
    burst: int = 20
    """...and at most this many at once."""
    post_rate: float = 0.5
    """Lobby requests (create, join) per second from one address, on average..."""
    post_burst: int = 60
    """...and at most this many at once."""
    allow_seeds: bool = False
    """Let a new table fix the seed of its deals (tests only: players could not trust it)."""
    max_tables: int = 1000
    max_clients: int = 64
    """Connections to one table (players and spectators)."""
    chat_rate: float = 1.0
    """Chat lines per second a connection may send, on average..."""
    chat_burst: int = 5
    """...and at most this many at once."""
    probe: tuple[float, float] = (0.5, 5.0)
    """Seconds between probes of a database that stopped answering: the first, the longest
    (doubling in between)."""
    lease_ttl: float = 5.0
    """Seconds a table's lease lasts unless renewed, where several processes serve one
    PostgreSQL database (:mod:`.leases`): how long a dead process's tables wait for another."""
    lease_renew: float = 1.5
    """Seconds between renewals of this process's leases (and looks for tables to take)."""
    clock: Callable[[], float] = time.monotonic
    """The seconds the server's timers, pauses and rate limits count (tests pass a clock
    they move by hand, so nothing waits for real time)."""
