"""The store's one writer: queued writes share one commit, a refused write fails alone, a
database that does not answer fails the writes (nothing half-stored), and commits are durable."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from dbtools import DATABASES
from splitpot.server import queries
from splitpot.server.records import SeatData
from splitpot.server.store import Store
from splitpot.server.writer import unavailable


@pytest.fixture
def store(db: str) -> Iterator[Store]:
    opened = Store(db)
    yield opened
    opened.close()


def _table(store: Store) -> int:
    return store.run(
        queries.create_table,
        code="WRITER",
        game="stud8",
        house={},
        stack=100,
        timer=0,
        seats=[SeatData(0, "open"), SeatData(1, "open")],
    )


def _hold(store: Store) -> threading.Event:
    """Keep the writer busy with a job until the event returned is set."""
    running, release = threading.Event(), threading.Event()

    def job(session: Session) -> None:
        running.set()
        release.wait(30)

    store.writer.submit(job)
    assert running.wait(30)
    return release


def _said(store: Store, table_id: int) -> list[str]:
    return [c.text for c in store.messages(table_id, ["table"], 100)]


def test_writes_queued_meanwhile_share_one_commit(store: Store) -> None:
    table_id = _table(store)
    release = _hold(store)
    before = store.writer.commits
    futures = [
        store.writer.submit(lambda s, i=i: queries.add_message(s, table_id, "table", "", f"{i}"))
        for i in range(20)
    ]
    release.set()
    chats = [f.result(30) for f in futures]
    assert store.writer.commits == before + 2  # the holding job's commit, then all twenty
    assert [c.text for c in chats] == [str(i) for i in range(20)]
    assert _said(store, table_id) == [str(i) for i in range(20)]


def test_a_refused_write_fails_alone_and_the_others_of_its_batch_are_stored(store: Store) -> None:
    table_id = _table(store)
    release = _hold(store)
    good = store.writer.submit(lambda s: queries.add_message(s, table_id, "table", "", "a"))
    bad = store.writer.submit(lambda s: queries.add_action(s, 999, 0, 0, "p1 f", "player"))
    also = store.writer.submit(lambda s: queries.add_message(s, table_id, "table", "", "b"))
    release.set()
    assert good.result(30).text == "a"
    assert also.result(30).text == "b"
    with pytest.raises(IntegrityError):  # no hand 999: the row is refused
        bad.result(30)
    assert not unavailable(bad.exception())  # type: ignore[arg-type]
    assert _said(store, table_id) == ["a", "b"]


def test_the_event_loop_runs_while_a_write_waits(store: Store) -> None:
    table_id = _table(store)

    async def main() -> None:
        release = _hold(store)
        task = asyncio.create_task(store.write(queries.add_message, table_id, "table", "", "x"))
        for _ in range(50):  # the loop goes round while the write waits on the writer
            await asyncio.sleep(0)
        assert not task.done()
        release.set()
        assert (await task).text == "x"

    asyncio.run(main())


def test_a_database_that_does_not_answer_fails_the_writes_and_stores_none(tmp_path: Path) -> None:
    """SQLite held by another process's write transaction (``BEGIN EXCLUSIVE``, as a backup
    tool or a forgotten ``sqlite3`` shell would): every write of the batch fails, none is kept,
    the probe says so, and the writes go through again once the lock is let go."""
    path = tmp_path / "locked.db"
    store = Store(f"sqlite:///{path}?timeout=0.1")
    table_id = _table(store)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    release = _hold(store)
    futures = [
        store.writer.submit(lambda s, i=i: queries.add_message(s, table_id, "table", "", f"{i}"))
        for i in range(3)
    ]
    release.set()
    for future in futures:
        with pytest.raises(OperationalError, match="locked"):
            future.result(30)
        assert unavailable(future.exception())  # type: ignore[arg-type]

    async def probe() -> bool:
        return await store.answers()

    assert asyncio.run(probe()) is False
    other.execute("ROLLBACK")
    other.close()
    assert asyncio.run(probe()) is True
    assert _said(store, table_id) == []
    store.close()


def test_commits_are_durable(store: Store) -> None:
    """SQLite: WAL with ``synchronous=FULL`` (2): a commit is on the disk when it returns.
    PostgreSQL: ``synchronous_commit`` at its default, on."""
    with store.engine.connect() as connection:
        if DATABASES.backend == "sqlite":
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA synchronous")).scalar() == 2
        else:
            assert connection.execute(text("SHOW synchronous_commit")).scalar() == "on"
