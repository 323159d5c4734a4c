"""The web table's store: the migrations make the models' schema, a hand is rebuilt from its
stored moves, a hand that cannot be rebuilt is called off with every chip where it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from server_helpers import client, join, move, my_turn, receive, seat, seated, table
from splitpot.server.store import Base, Store, StoreError, database_url


def test_the_migrations_make_exactly_the_models_schema(db: str) -> None:
    """On SQLite and, with ``--db``, on PostgreSQL: every table, column, type, index and
    constraint the models declare, nothing more."""
    store = Store(db)
    with store.engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "compare_server_default": True}
        )
        diff = compare_metadata(context, Base.metadata)
        version = connection.execute(text("select version_num from alembic_version")).scalar()
    store.close()
    assert diff == []
    assert version == "0003"
    Store(db).close()  # opening again migrates nothing, fails nothing


def test_database_urls() -> None:
    assert database_url("tables.db") == "sqlite:///tables.db"
    assert database_url("postgresql://me@db/splitpot") == "postgresql+psycopg://me@db/splitpot"
    assert database_url("postgres://me@db/x") == "postgresql+psycopg://me@db/x"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    with pytest.raises(StoreError, match="cannot be used"):
        Store("nosuchdriver://x")
    with pytest.raises(StoreError, match="is not a database URL"):
        Store("::://")
    with pytest.raises(StoreError, match="cannot open the database"):
        Store(str(Path("/nonexistent/dir/x.db")))


def test_a_new_server_on_the_same_database_resumes_the_hand_exactly(db: str) -> None:
    with client(db) as http:
        made = table(http, seats=["you", "open", "bot:heuristic"])
        bob = join(http, made["code"])
        with seat(http, made["code"], made["token"]) as ws:
            ws.send_json(move(receive(ws, my_turn), "bid", amount=7))
            before = receive(ws, lambda m: seated(m) and m["acks"] == 1)
    # the first server is gone (its runners stopped); a second opens the same file
    with client(db) as http, seat(http, made["code"], made["token"]) as ws:
        after = receive(ws, seated)
        assert after["hand"]["view"] == before["hand"]["view"]
        assert after["hand"]["view"]["seats"][0]["bid"] == 7
        assert after["hand"]["number"] == 1
        with seat(http, made["code"], bob["token"]) as bo:
            mine = receive(bo, my_turn)  # Bob's bid is still awaited, and his cards his
            assert mine["hand"]["view"]["options"][0]["verb"] == "bid"


def test_a_hand_that_cannot_be_rebuilt_is_called_off_with_every_stack_as_before(db: str) -> None:
    with client(db) as http:
        made = table(http, seats=["you", "bot:call"], stack=400)
        with seat(http, made["code"], made["token"]) as ws:
            ws.send_json(move(receive(ws, my_turn), "bid", amount=50))
            receive(ws, lambda m: seated(m) and m["acks"] == 1)
    store = Store(db)
    with store.engine.begin() as connection:  # a stored move the rules refuse
        connection.execute(text("update actions set text = 'p1 bid 1' where text = 'p1 bid 50'"))
    store.close()
    with client(db) as http, seat(http, made["code"], made["token"]) as ws:
        first = receive(ws, lambda m: m["type"] == "state" and m["you"] is not None)
        assert [s["stack"] for s in first["table"]["seats"]] == [400, 400]
        dealt = receive(ws, lambda m: seated(m) and m["hand"]["number"] == 2)
        assert sum(dealt["hand"]["starting"]) == 800
        with http.app.state.store.engine.connect() as connection:  # type: ignore[attr-defined]
            why = connection.execute(text("select void from hands where number = 1")).scalar()
        assert "could not be rebuilt" in why
        assert "below the minimum bid" in why
