"""Shared by every test: ``--db URL`` runs the storage tests against a database server
(PostgreSQL) instead of SQLite, each test on a database of its own (tests/dbtools.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from dbtools import DATABASES


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--db",
        metavar="URL",
        default=None,
        help="run the storage tests on the database server at URL (postgresql://user@host/db, "
        "a user who may create databases): each test gets a new database there, dropped "
        "after. Default: SQLite, in memory or in the test's temporary directory.",
    )


def pytest_configure(config: pytest.Config) -> None:
    DATABASES.use(config.getoption("--db"))


def pytest_report_header(config: pytest.Config) -> str:
    return f"storage tests on: {DATABASES.backend}"


@pytest.fixture
def new_db(tmp_path: Path) -> Iterator[Callable[[str], str]]:
    """Makes the test's databases: ``new_db("whole")`` is the SQLite file ``whole.db`` in the
    test's temporary directory, or with ``--db`` a new database on that server; all dropped
    when the test ends."""
    with ExitStack() as stack:
        yield lambda name: stack.enter_context(DATABASES.fresh(str(tmp_path / f"{name}.db")))


@pytest.fixture
def db(new_db: Callable[[str], str]) -> str:
    """A new database for the test (see ``new_db``)."""
    return new_db("tables")
