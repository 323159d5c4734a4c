"""One open connection to a table (:class:`Client`): the seat it holds, its outbox, and what it
has said; the WebSocket route in :mod:`splitpot.server.app` pumps the outbox."""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Final

from splitpot.server.limits import TokenBucket
from splitpot.server.settings import Settings
from splitpot.server.wire import error_message

__all__ = ["OUTBOX", "Client"]

OUTBOX: Final = 256
"""Messages one connection may have waiting (chat beyond it drops the oldest first)."""


class Client:
    """One open connection: the seat it holds (None: a spectator) and its outbox.

    The outbox keeps at most one table snapshot waiting (a newer one replaces it: each is
    whole), so a slow reader never makes the server hold a backlog.
    """

    def __init__(self, settings: Settings) -> None:
        self.seat: int | None = None
        self.holder: int | None = None
        self.said_hello = False
        self.acts = 0  # moves from this connection the table has answered (applied or refused)
        self._out: deque[tuple[str, str]] = deque()
        self._ready = asyncio.Event()
        self.closed = False
        self.messages = TokenBucket(settings.rate, settings.burst)  # what it may send
        self.token_hash: str | None = None  # the token it said hello with, hashed
        self.request: int | None = None  # the seat request it waits on
        self.odds = True  # the player's own switch of the odds panel
        self.odds_key: tuple[int, int] | None = None  # (hand, log length) last asked for
        self.odds_busy = False
        self.chat = TokenBucket(settings.chat_rate, settings.chat_burst)  # its lines of chat

    def push(self, kind: str, text: str) -> None:
        """Queue a message; ``kind`` "state" (and "odds") replaces one still waiting (a
        connection's "first" snapshot, which carries the page's vocabulary, is never replaced)."""
        if self.closed:
            return
        if kind in ("state", "odds"):
            for i, (k, _) in enumerate(self._out):
                if k == kind:
                    self._out[i] = (kind, text)
                    self._ready.set()
                    return
        if len(self._out) >= OUTBOX:
            oldest = next((i for i, (k, _) in enumerate(self._out) if k == "chat"), 0)
            del self._out[oldest]
        self._out.append((kind, text))
        self._ready.set()

    async def next(self) -> str | None:
        """The next message to send (waits for one); None once the connection is closed by
        the server (:meth:`close`) and nothing is left to send."""
        while not self._out:
            if self.closed:
                return None
            self._ready.clear()
            await self._ready.wait()
        return self._out.popleft()[1]

    def close(self) -> None:
        """The server closes this connection (its table stops here): what is queued is sent,
        then the socket is closed and the page connects again by itself."""
        self.closed = True
        self._ready.set()

    def error(self, message: str, reason: str, rule: str = "") -> None:
        """Tell this client what was wrong with its message (and nothing else changes)."""
        self.push("error", error_message(message, reason, rule, self.acts))

    def leave_seat(self) -> None:
        """The connection no longer holds a seat: it watches."""
        self.seat = self.holder = None
