"""The database fails in the middle of a hand and comes back: the table pauses (a move is
answered with one line, not a rules refusal; no bot, no deal), the move that failed is not
played, and once the database answers play resumes by itself; at the end of the hand the
stored moves are the played ones, each once, and no chip is made or lost.

Two real failures: a SQLite file held by another connection's ``BEGIN EXCLUSIVE`` (as a backup
or a forgotten ``sqlite3`` shell would hold it; tests run as root, who writes a read-only file
anyway, so a lock is what a root process cannot write through), and a PostgreSQL server
stopped with ``pg_ctl`` and started again (a cluster of the test's own: tests/pgcluster.py).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession

from pgcluster import cluster
from server_helpers import FAST, answer, client, next_message, seat, table
from splitpot import variants
from splitpot.notation import format_action, read_phh
from splitpot.server.fairdeal import dealt_again
from splitpot.server.outage import STORAGE_BACK, STORAGE_DOWN
from splitpot.server.players import dealt_from_json
from splitpot.server.store import Store

SETTINGS = replace(FAST, probe=(0.02, 0.1))
"""Probes a few hundredths of a second apart (a person's server waits half a second to five)."""


class Seen:
    """Every message one connection received, read up to the one a test waits for."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.all: list[dict[str, Any]] = []

    def until(self, wanted: Callable[[dict[str, Any]], bool], limit: int = 2000) -> dict[str, Any]:
        for _ in range(limit):
            message: dict[str, Any] = next_message(self.ws)
            self.all.append(message)
            if wanted(message):
                return message
        raise AssertionError(f"no such message in {limit}")


def _mine(m: dict[str, Any]) -> bool:
    return m["type"] == "state" and m["hand"] is not None and bool(m["hand"]["view"]["options"])


def _storage(m: dict[str, Any]) -> str | None:
    return m["table"]["storage"] if m["type"] == "state" else None  # type: ignore[no-any-return]


def play_through_an_outage(url: str, fail: Callable[[], None], mend: Callable[[], None]) -> None:
    with client(url, SETTINGS) as http:
        made = table(http, "stud8", seats=["you", "bot:call", "bot:heuristic"], stack=400)
        code = made["code"]
        with seat(http, code, made["token"]) as ws:
            seen = Seen(ws)
            before = seen.until(_mine)
            fail()
            ws.send_json(answer(before))
            refused = seen.until(lambda m: m["type"] == "error")
            assert (refused["message"], refused["reason"]) == (STORAGE_DOWN, "storage_paused")
            paused = seen.until(lambda m: _storage(m) == STORAGE_DOWN)
            assert paused["table"]["paused"] is False  # not the host's pause
            assert paused["hand"]["view"] == before["hand"]["view"]  # the move was not played
            ws.send_json(answer(before))  # meanwhile: the same one line
            again = seen.until(lambda m: m["type"] == "error")
            assert (again["message"], again["reason"]) == (STORAGE_DOWN, "storage_paused")
            live = http.app.state.tables.get(code)  # type: ignore[attr-defined]
            assert live.outage.failures == 1  # one write tried; no bot or move retried meanwhile
            mend()
            back = seen.until(lambda m: _storage(m) is None and _mine(m))
            assert back["hand"]["view"] == before["hand"]["view"]
            told = [m for m in seen.all if m["type"] == "chat"]
            assert any(line["text"] == STORAGE_BACK for m in told for line in m["messages"])
            assert not any(
                m["type"] == "error" and m["reason"] != "storage_paused" for m in seen.all
            )
            last = back
            while not last["hand"]["view"]["finished"]:  # play the hand out
                ws.send_json(answer(last))
                last = seen.until(
                    lambda m: _mine(m) or (m["type"] == "state" and m["hand"]["view"]["finished"])
                )
        store: Store = http.app.state.store  # type: ignore[attr-defined]
        stored = [line for _, line, _ in store.hand_actions(code, 1)]
        record = store.hand_record(code, 1)
        data = store.hand(code, 1)
    assert record is not None
    played = read_phh(record)
    moves = [format_action(a) for a in played.actions if not a.by_dealer]
    assert [m for m in moves if " sm " not in m] == [m for m in stored if " sm " not in m]
    assert played.finishing_stacks is not None
    assert data is not None
    players = dealt_from_json(data.players)
    # the stored moves, each once, play the hand from its deck to the same end
    again = dealt_again(
        variants.get("stud8"), data.starting, data.seed, data.secret, players, stored
    )
    assert again.finished
    assert tuple(again.stacks) == tuple(played.finishing_stacks)
    assert sum(played.finishing_stacks) == sum(played.starting_stacks) == 3 * 400


def test_a_sqlite_file_locked_mid_hand(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    holder = sqlite3.connect(path, isolation_level=None)

    def fail() -> None:
        holder.execute("BEGIN EXCLUSIVE")

    def mend() -> None:
        holder.execute("ROLLBACK")

    play_through_an_outage(f"sqlite:///{path}?timeout=0.05", fail, mend)
    holder.close()


def test_a_postgresql_server_stopped_mid_hand() -> None:
    with cluster() as server:
        play_through_an_outage(server.url, server.stop, server.start)


@pytest.mark.parametrize(
    "change",
    [
        {"type": "leave"},  # Ann gives up her seat
        {"type": "host", "do": "remove", "seat": 1},  # the host removes a bot
        {"type": "host", "do": "add_bot", "seat": 3},  # and seats one in the open seat
    ],
    ids=["leave", "remove", "add_bot"],
)
def test_a_seat_change_the_database_did_not_take_is_not_kept(
    tmp_path: Path, change: dict[str, Any]
) -> None:
    """A change of seats is stored before it is made: while the database cannot take it,
    nothing of it is kept in memory either (the seats, the ledger, the connection's seat), so
    once the database is back the same connection plays on from the same decision."""
    path = tmp_path / "tables.db"
    holder = sqlite3.connect(path, isolation_level=None)
    with client(f"sqlite:///{path}?timeout=0.05", SETTINGS) as http:
        made = table(http, "stud8", seats=["you", "bot:call", "bot:heuristic", "open"], stack=400)
        code = made["code"]
        with seat(http, code, made["token"]) as ws:
            ws.send_json({"type": "start"})  # deal without waiting for a friend in seat 3
            seen = Seen(ws)
            before = seen.until(_mine)
            live = http.app.state.tables.get(code)  # type: ignore[attr-defined]
            seats, entries = [replace(s) for s in live.seats], list(live.ledger.entries)
            holder.execute("BEGIN EXCLUSIVE")
            ws.send_json(change)
            refused = seen.until(lambda m: m["type"] == "error")
            assert (refused["message"], refused["reason"]) == (STORAGE_DOWN, "storage_paused")
            assert live.seats == seats  # every seat as it was, Ann's with her chips
            assert list(live.ledger.entries) == entries  # nobody cashed out or bought in
            paused = seen.until(lambda m: _storage(m) == STORAGE_DOWN)
            assert paused["hand"]["view"]["options"] == before["hand"]["view"]["options"]
            holder.execute("ROLLBACK")
            back = seen.until(lambda m: _storage(m) is None and _mine(m))
            assert back["hand"]["view"] == before["hand"]["view"]
            ws.send_json(answer(back))  # her move is taken: the connection still holds the seat
            seen.until(
                lambda m: m["type"] == "state" and m["hand"]["view"] != before["hand"]["view"]
            )
            assert not any(
                m["type"] == "error" and m["reason"] != "storage_paused" for m in seen.all
            )
    holder.close()
