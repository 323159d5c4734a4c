"""Tables on many servers, in one process (PostgreSQL only: docs/deploy.md): a new table is
leased to the process that made it; another process takes nothing held, and takes a table once
its lease expired; a write from a process whose lease was taken is refused, stores nothing, and
the table stops there (its sockets closed with 1012, so the pages connect again elsewhere)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import text
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from dbtools import DATABASES
from server_helpers import FAST, client, next_message, table
from splitpot.server import leases
from splitpot.server.store import Store

pytestmark = pytest.mark.skipif(
    DATABASES.server is None,
    reason="leases are PostgreSQL's (pytest --db postgresql+psycopg://...)",
)

QUIET = replace(FAST, lease_renew=600.0)
"""No renewal during the test: what stops a table is the fence of its writes."""


def _owners(store: Store) -> dict[str, str]:
    return store.run(lambda s: {str(r[0]): str(r[1]) for r in s.execute(text(_OWNERS))})


_OWNERS = "SELECT t.code, l.owner FROM table_leases l JOIN tables t ON t.id = l.table_id"


def _closed(ws: WebSocketTestSession) -> int:
    """Read until the server closes the connection; its close code."""
    try:
        while True:
            next_message(ws)
    except WebSocketDisconnect as closed:
        return closed.code


def test_another_process_takes_only_tables_whose_lease_expired(db: str) -> None:
    with client(db, QUIET) as http:
        codes = {table(http)["code"] for _ in range(4)}
        owner = http.app.state.tables.cluster.owner  # type: ignore[attr-defined]
        store = Store(db)
        try:
            assert _owners(store) == dict.fromkeys(codes, owner)
            assert store.run(leases.take, "other", 5.0) == []  # every table is held
            store.run(lambda s: s.execute(text("UPDATE table_leases SET expires_at = now()")))
            taken = store.run(leases.take, "other", 5.0)
            assert set(store.run(leases.codes, taken)) == codes
            assert _owners(store) == dict.fromkeys(codes, "other")
            assert store.run(leases.renew, owner, 5.0) == set()  # the first lost them all
        finally:
            store.close()


def test_a_write_after_the_lease_was_taken_is_refused_and_the_table_stops(db: str) -> None:
    with client(db, QUIET) as http:
        made = table(http)
        code = made["code"]
        store = Store(db)
        try:
            store.run(lambda s: s.execute(text("UPDATE table_leases SET owner = 'thief'")))
            with http.websocket_connect(f"/ws/{code}") as ws:
                ws.send_json({"type": "hello", "token": made["token"]})
                # the hello makes the table deal: its write finds the lease taken
                assert _closed(ws) == 1012
            (data,) = store.tables(code)
            assert data.hand is None  # the deal was not stored
            assert code not in http.app.state.tables.live  # type: ignore[attr-defined]
            assert http.get(f"/api/tables/{code}").status_code == 404
        finally:
            store.close()
