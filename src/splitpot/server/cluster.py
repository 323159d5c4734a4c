"""This process's part among several serving one PostgreSQL database (:class:`Cluster`): it
takes tables at start-up, then every ``Settings.lease_renew`` seconds renews its leases, stops
the tables it lost, takes the tables nobody holds (a dead process's) and learns who runs the
others, so a request for one of those is answered with where it is (docs/deploy.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Protocol, TypeVar

from sqlalchemy.orm import Session

from splitpot.server import leases
from splitpot.server.settings import Settings
from splitpot.server.store import Store

__all__ = ["Cluster", "Owned"]

log = logging.getLogger("splitpot.server")

T = TypeVar("T")


class Owned(Protocol):
    """What the cluster changes of a server's tables (:class:`.lobby.Tables`)."""

    def held(self) -> dict[int, str]:
        """Table id -> code of every table this process runs."""
        ...

    async def adopt(self, codes: list[str]) -> None:
        """Load these tables from the store (their hands rebuilt) and run them."""
        ...

    async def drop(self, code: str) -> None:
        """Stop running this table (another process holds it now)."""
        ...


class Cluster:
    """The leases of one process: its ``owner`` name, who runs the other tables."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.owner = leases.owner_name()
        self.elsewhere: dict[str, str] = {}
        """Table code -> the process running it, as last read (every renewal)."""
        self.task: asyncio.Task[None] | None = None

    def first(self) -> list[str]:
        """The codes of the tables this process runs as it starts (waited for: start-up): those
        it made before serving (the practice table) and those it takes."""
        ttl = self.settings.lease_ttl
        ids = self.store.run(leases.renew, self.owner, ttl)
        ids.update(self.store.run(leases.take, self.owner, ttl))
        self.elsewhere = self.store.run(leases.owners)
        return self.store.run(leases.codes, sorted(ids)) if ids else []

    def claim(self, session: Session, code: str) -> None:
        """Hold the new table ``code`` (in the transaction that stores it)."""
        leases.claim(session, code, self.owner, self.settings.lease_ttl)

    def start(self, tables: Owned) -> None:
        """Renew and take leases from now on (in the server's event loop)."""
        self.task = asyncio.get_running_loop().create_task(self._loop(tables))

    async def stop(self) -> None:
        """Stop renewing and give up every lease (others take the tables at once)."""
        task, self.task = self.task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        try:
            await self._run(leases.release, self.owner)
        except Exception as exc:  # they expire by themselves
            log.warning("the leases of %s could not be given up: %s", self.owner, exc)

    async def _run(self, query: Callable[..., T], *args: object) -> T:
        """``query`` on the store's writer, in the transaction of the tables' writes: their
        fences hold lease rows (shared) that a renewal updates, and in one transaction they
        cannot deadlock."""
        return await self.store.write(query, *args)

    async def _loop(self, tables: Owned) -> None:
        while True:
            await asyncio.sleep(self.settings.lease_renew)
            try:
                await self.turn(tables)
            except Exception as exc:  # the database away: the leases run out, writes are fenced
                log.warning("%s could not renew its leases: %s", self.owner, exc)

    async def turn(self, tables: Owned) -> None:
        """Renew; stop the tables lost; take what is free; read who runs the rest."""
        ttl = self.settings.lease_ttl
        running = tables.held()  # before the renewal: a table made meanwhile is not lost
        kept = await self._run(leases.renew, self.owner, ttl)
        for table_id, code in running.items():
            if table_id not in kept:
                log.warning("table %s: its lease was taken; another server runs it now", code)
                await tables.drop(code)
        taken = await self._run(leases.take, self.owner, ttl)
        if taken:
            codes = await self._run(leases.codes, taken)
            log.warning("%s takes tables %s", self.owner, ", ".join(sorted(codes)))
            await tables.adopt(codes)
        self.elsewhere = await self._run(leases.owners)
