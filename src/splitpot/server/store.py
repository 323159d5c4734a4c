"""The web table's database: opened, migrated and used through one writer (SQLAlchemy 2).

A server holds the log, not the state (architecture.md): a hand is stored as its seed, its
players and starting stacks, then one row per action; the engine rebuilds the state from them
after a restart. The schema (:mod:`.models`) is created and upgraded by the Alembic migrations
shipped in ``migrations/``, run when a :class:`Store` opens. A SQLite file by default;
PostgreSQL by URL (psycopg).

Every commit is durable: SQLite runs in WAL mode with ``synchronous=FULL`` (a commit is on the
disk before it returns, so a power cut loses nothing committed; ``NORMAL`` would lose the last
commits then), PostgreSQL at its default ``synchronous_commit``. The waiting is done by the
writer's thread (:mod:`.writer`), never by the server's event loop: ``await store.write(job)``
and ``await store.read(job)`` run a query (:mod:`.queries`) away from it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, ParamSpec, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from splitpot.errors import StoreError
from splitpot.ledger import Entry
from splitpot.server import queries
from splitpot.server.models import Base
from splitpot.server.records import Chat, HandData, HandSummary, SeatData, TableData
from splitpot.server.writer import Writer

__all__ = [
    "Base",
    "Chat",
    "HandData",
    "HandSummary",
    "SeatData",
    "Store",
    "StoreError",
    "TableData",
    "database_url",
]

MIGRATIONS: Final = Path(__file__).parent / "migrations"
SQLITE_SYNCHRONOUS = "FULL"
"""SQLite's ``synchronous`` in WAL mode: ``FULL`` flushes the log at every commit."""
READERS: Final = 4
"""Threads that run the reads a request waits on (history, replays, a table's chat)."""

P = ParamSpec("P")
T = TypeVar("T")


def database_url(url: str) -> str:
    """``url`` as SQLAlchemy takes it: ``postgresql://`` goes through psycopg (version 3); a
    plain path is a SQLite file."""
    if "://" not in url:
        return f"sqlite:///{url}"
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def _engine(url: str) -> tuple[Engine, bool]:
    """The engine of ``url``, and whether it is a SQLite database in memory (one connection,
    used by the writer's thread alone)."""
    try:
        parsed = make_url(database_url(url))
    except Exception as exc:  # SQLAlchemy's ArgumentError and ValueError alike
        raise StoreError(f"--db {url!r} is not a database URL: {exc}") from None
    if parsed.get_backend_name() != "sqlite":
        try:
            return create_engine(parsed, pool_pre_ping=True), False
        except ImportError as exc:
            raise StoreError(
                f"--db {url!r} needs a database driver: pip install 'splitpot[postgresql]' ({exc})"
            ) from None
        except Exception as exc:  # an unknown dialect, bad options
            raise StoreError(f"--db {url!r} cannot be used: {exc}") from None
    memory = parsed.database in (None, "", ":memory:")
    engine = create_engine(
        parsed,
        connect_args={"check_same_thread": False},
        poolclass=StaticPool if memory else None,
    )

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, record: Any) -> None:  # every new SQLite connection
        cursor = connection.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")  # readers do not block the writer
            cursor.execute(f"PRAGMA synchronous={SQLITE_SYNCHRONOUS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine, memory


class Store:
    """The database of a server: opened (and migrated to the newest schema) on creation."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine, self._memory = _engine(url)
        self.shared = self.engine.dialect.name == "postgresql"
        """Several server processes may serve this database (each table by a lease)."""
        self.writer = Writer(self.engine)
        self._readers: ThreadPoolExecutor | None = None
        try:
            self.migrate()
        except Exception as exc:
            self.engine.dispose()
            raise StoreError(f"cannot open the database {url!r}: {exc}") from exc

    def migrate(self) -> None:
        """Bring the schema up to the newest migration (Alembic)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        """Commit what is queued, stop the threads and close every connection."""
        self.writer.close()
        if self._readers is not None:
            self._readers.shutdown(wait=True)
            self._readers = None
        self.engine.dispose()

    # --- running queries ---------------------------------------------------------------------

    def run(self, query: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``query(session, *args, **kwargs)`` in a transaction of its own, waited for here (at
        start-up, in tests and commands: never on a serving event loop)."""
        if self._memory and not self.writer.on_thread():  # one connection: the writer's
            result: T = self.writer.submit(lambda s: query(s, *args, **kwargs)).result()
            return result
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            return query(session, *args, **kwargs)

    async def write(self, query: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``query`` on the writer's thread, committed (with whatever else waits to be) before
        this returns; its error if the database did not take it."""
        future = self.writer.submit(lambda s: query(s, *args, **kwargs))
        result: T = await asyncio.wrap_future(future)
        return result

    async def read(self, query: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``query`` on a reader thread (the writer's, for a database in memory)."""
        if self._memory:
            return await self.write(query, *args, **kwargs)
        if self._readers is None:
            self._readers = ThreadPoolExecutor(READERS, thread_name_prefix="splitpot-reader")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._readers, lambda: self.run(query, *args, **kwargs))

    async def answers(self) -> bool:
        """The database takes a write now (a write that changes nothing)."""
        try:
            await self.write(queries.probe)
        except Exception:
            return False
        return True

    # --- what tests and commands read, waited for --------------------------------------------

    def tables(self, code: str | None = None) -> list[TableData]:
        """Every table (or the one with ``code``), as :func:`.queries.tables`."""
        return self.run(queries.tables, code)

    def ledger(self, code: str) -> list[Entry] | None:
        """The ledger's entries of table ``code`` in order (None: no such table)."""
        return self.run(queries.ledger, code)

    def hand(self, code: str, number: int) -> HandData | None:
        """Hand ``number`` of table ``code`` with its actions (None: no such hand)."""
        return self.run(queries.hand, code, number)

    def hand_record(self, code: str, number: int) -> str | None:
        """The PHH record of a finished hand (None while it is not over)."""
        return self.run(queries.hand_record, code, number)

    def hand_actions(self, code: str, number: int) -> list[tuple[int, str, str]]:
        """The stored actions of a hand: (engine seat, record line, source) in order."""
        return self.run(queries.hand_actions, code, number)

    def messages(self, table_id: int, rooms: Iterable[str], limit: int) -> list[Chat]:
        """The last ``limit`` lines of the rooms named, oldest first."""
        return self.run(queries.messages, table_id, rooms, limit)
