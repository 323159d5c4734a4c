"""The one writer of a database: a thread that takes jobs from a queue and commits them.

Every write of a server goes through it, so the event loop never waits on the disk and a
database (SQLite above all) has one writer, never two fighting for its lock. The thread takes
every job waiting when it wakes and runs them in one transaction: many tables' moves share one
commit, one flush to the disk (group commit). A job's future is answered only once that commit
is durable, so a table tells its players a move only after it is stored.

When a batch fails, the database is not answering (the error is the driver's operational one:
a lock held too long, a server gone) and every job of the batch gets the error; any other error
(a row refused) runs the batch again one job a transaction, so only the job at fault fails.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Final, TypeVar

from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

__all__ = ["MAX_BATCH", "Job", "Writer", "unavailable"]

T = TypeVar("T")
Job = Callable[[Session], Any]
"""A job: a function of an open session (its transaction is the writer's)."""

MAX_BATCH: Final = 256
"""The most jobs one commit takes (more wait for the next)."""

log = logging.getLogger("splitpot.server")


def unavailable(error: BaseException) -> bool:
    """The error says the database did not answer (rather than refused what was asked)."""
    if isinstance(error, sa_exc.DBAPIError):
        return error.connection_invalidated or isinstance(
            error, sa_exc.OperationalError | sa_exc.InterfaceError
        )
    return isinstance(error, sa_exc.DisconnectionError | sa_exc.TimeoutError | OSError)


class Writer:
    """The writer thread of ``engine``: ``submit`` a job, get a future of its result."""

    def __init__(self, engine: Engine, name: str = "splitpot-writer") -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[tuple[Job, Future[Any]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._name = name
        self._lock = threading.Lock()
        self.commits = 0
        """Transactions committed (a test or a benchmark reads the batches from it)."""
        self.jobs = 0
        """Jobs committed."""
        self.busy = 0.0
        """Seconds the thread spent running batches (committed or not)."""

    def submit(self, job: Job) -> Future[Any]:
        """Queue ``job``; its future holds what it returns once committed (or its error)."""
        future: Future[Any] = Future()
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
                self._thread.start()
            self._queue.put((job, future))
        return future

    def on_thread(self) -> bool:
        """The caller is the writer's own thread."""
        return threading.current_thread() is self._thread

    def close(self) -> None:
        """Commit what is queued, then stop the thread."""
        with self._lock:
            thread, self._thread = self._thread, None
            if thread is None:
                return
            self._queue.put(None)
        thread.join()

    def _loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit([(job, f) for job, f in batch if f.set_running_or_notify_cancel()])
            if stop:
                return

    def _commit(self, batch: list[tuple[Job, Future[Any]]]) -> None:
        """Run ``batch`` in one transaction and answer each future after the commit."""
        if not batch:
            return
        began = time.perf_counter()
        try:
            with Session(self.engine, expire_on_commit=False) as session, session.begin():
                results = [job(session) for job, _ in batch]
        except Exception as error:
            self.busy += time.perf_counter() - began
            if len(batch) == 1 or unavailable(error):
                for _, future in batch:
                    future.set_exception(error)
                return
            log.warning("a batch of %d writes failed (%s); each is tried alone", len(batch), error)
            for one in batch:
                self._commit([one])
            return
        self.busy += time.perf_counter() - began
        self.commits += 1
        self.jobs += len(batch)
        for (_, future), result in zip(batch, results, strict=True):
            future.set_result(result)
