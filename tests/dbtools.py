"""Fresh databases for the storage tests: SQLite by default, or new databases on the server that
``pytest --db URL`` names (tests/conftest.py), so the same tests run against PostgreSQL.

Each database made on the server is new and empty (``CREATE DATABASE``) and is dropped when its
test ends, so the URL's user must be allowed to create databases (``.ci/run`` starts a
throwaway server where it is).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, make_url

from splitpot.server.store import database_url

__all__ = ["DATABASES", "Databases"]


class Databases:
    """Where the storage tests keep their tables: ``server`` is the ``--db`` URL (None: SQLite)."""

    def __init__(self) -> None:
        self.server: URL | None = None
        self._numbers = itertools.count(1)

    def use(self, url: str | None) -> None:
        """Make the databases of the tests on the server at ``url`` (None: SQLite)."""
        self.server = None if url is None else make_url(database_url(url))

    @property
    def backend(self) -> str:
        """``sqlite`` or the server's dialect (``postgresql``)."""
        return "sqlite" if self.server is None else self.server.get_backend_name()

    @contextmanager
    def fresh(self, sqlite: str) -> Iterator[str]:
        """A new, empty database for the time of the ``with``: ``sqlite`` (a file's path or
        ``sqlite://`` for one in memory) by default, else a new database on the server,
        dropped after with whatever connections are still open to it."""
        if self.server is None:
            yield sqlite
            return
        name = f"splitpot_test_{os.getpid()}_{next(self._numbers)}"
        admin = create_engine(self.server, isolation_level="AUTOCOMMIT")
        try:
            with admin.connect() as connection:
                connection.execute(text(f'CREATE DATABASE "{name}"'))
            try:
                yield self.server.set(database=name).render_as_string(hide_password=False)
            finally:
                with admin.connect() as connection:
                    connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        finally:
            admin.dispose()


DATABASES = Databases()
"""The one set of databases of a test run (tests/conftest.py points it at ``--db``)."""
