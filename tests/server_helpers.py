"""Helpers of the web table's in-process tests (Starlette's TestClient)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from dbtools import DATABASES
from splitpot.server import Settings, create_app

FAST = Settings(bot_delay=0, next_delay=0.05, rate=1000, burst=1000)
"""Bots and deals without pauses, and clients as fast as tests."""


class Clock:
    """A clock the test moves by hand (``Settings.clock``): time passes only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@contextmanager
def client(db: str | None = None, settings: Settings = FAST) -> Iterator[TestClient]:
    """A TestClient over a fresh app on ``db``, or else on a new database of its own (in
    memory, or on the server of ``pytest --db``: tests/dbtools.py)."""
    with ExitStack() as stack:
        app = create_app(db or stack.enter_context(DATABASES.fresh("sqlite://")), settings=settings)
        with TestClient(app) as http:
            yield http
        app.state.store.close()


def table(http: TestClient, game: str = "auction", **spec: Any) -> dict[str, Any]:
    """Create a table (you and two bots, no timer, unless told); the reply."""
    body: dict[str, Any] = {
        "game": game,
        "seats": ["you", "bot:heuristic", "bot:call"],
        "name": "Ann",
        "timer": 0,
    }
    body.update(spec)
    reply = http.post("/api/tables", json=body)
    assert reply.status_code == 201, reply.text
    made: dict[str, Any] = reply.json()
    return made


def join(http: TestClient, code: str, name: str = "Bob", **spec: Any) -> dict[str, Any]:
    reply = http.post(f"/api/tables/{code}/join", json={"name": name, **spec})
    assert reply.status_code == 200, reply.text
    joined: dict[str, Any] = reply.json()
    return joined


def receive(
    ws: WebSocketTestSession, until: Callable[[dict[str, Any]], bool], limit: int = 500
) -> dict[str, Any]:
    """Read messages until one satisfies ``until``; that one."""
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if until(message):
            return message
    raise AssertionError(f"no such message in {limit}")


def state(message: dict[str, Any]) -> bool:
    return bool(message["type"] == "state")


def error(message: dict[str, Any]) -> bool:
    return bool(message["type"] == "error")


def seated(message: dict[str, Any]) -> bool:
    """A snapshot for a connection that holds its seat and is dealt into the hand."""
    return state(message) and message["you"] is not None and message["hand"] is not None


def my_turn(message: dict[str, Any]) -> bool:
    """A snapshot in which this seat has moves to make."""
    return seated(message) and bool(message["hand"]["view"]["options"])


@contextmanager
def seat(http: TestClient, code: str, token: str | None) -> Iterator[WebSocketTestSession]:
    """A connection to table ``code`` that has said hello with ``token`` (None: watching)."""
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        yield ws
