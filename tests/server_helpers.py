"""Helpers of the web table's in-process tests (Starlette's TestClient)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import anyio
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

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


WAIT = 60.0
"""Seconds a test waits for the server's next message before it fails (never forever)."""


async def _within(ws: WebSocketTestSession, seconds: float) -> Any:
    with anyio.fail_after(seconds):
        return await ws._send_rx.receive()


def next_message(ws: WebSocketTestSession, seconds: float = WAIT) -> dict[str, Any]:
    """The connection's next message, as ``receive_json`` reads it, or a failure after
    ``seconds``: a message that never comes fails the test instead of hanging the run."""
    try:
        raw = ws.portal.call(_within, ws, seconds)
    except TimeoutError:
        raise AssertionError(f"no message from the server in {seconds:g} s") from None
    if raw["type"] == "websocket.close":
        raise WebSocketDisconnect(code=raw.get("code", 1000), reason=raw.get("reason", ""))
    message: dict[str, Any] = json.loads(raw["text"])
    return message


def receive(
    ws: WebSocketTestSession, until: Callable[[dict[str, Any]], bool], limit: int = 500
) -> dict[str, Any]:
    """Read messages until one satisfies ``until``; that one."""
    for _ in range(limit):
        message = next_message(ws)
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


def move(snapshot: dict[str, Any], verb: str, **fields: Any) -> dict[str, Any]:
    """A move answering the decision ``snapshot`` shows: its hand and the length of its log
    (docs/web.md, "The protocol"), as the page sends it."""
    hand = snapshot["hand"]
    at = len(hand["view"]["log"])
    return {"type": "act", "verb": verb, "hand": hand["number"], "at": at, **fields}


def answer(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A legal move for the decision ``snapshot`` shows: check or call where offered, else the
    first option at its least (the lowest amount, the first card, the first declaration)."""
    options = snapshot["hand"]["view"]["options"]
    option = next((o for o in options if o["verb"] == "cc"), options[0])
    sent = move(snapshot, option["verb"])
    if option["min"] is not None and option["verb"] in ("bid", "cbr", "sell"):
        sent["amount"] = option["min"]
    if option["cards"]:
        sent["card"] = option["cards"][0]
    if option["declarations"]:
        sent["declaration"] = option["declarations"][0]
    return sent


@contextmanager
def seat(http: TestClient, code: str, token: str | None) -> Iterator[WebSocketTestSession]:
    """A connection to table ``code`` that has said hello with ``token`` (None: watching)."""
    with http.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "token": token})
        yield ws
