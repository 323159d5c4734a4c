"""Over real sockets, against ``splitpot serve`` in a process of its own (issue 31): a move sent
twice (two tabs of one seat, a retry after a reconnect) is applied once; a request or WebSocket
message the server cannot read (hostile JSON nested thousands of levels deep) is answered with
one line, and the server's log holds no traceback, at most a warning."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
from websockets.sync.client import ClientConnection, connect
from webtools import ServerProcess

from decisions import SCENARIOS
from server_helpers import receive
from splitpot.server.store import Store

OPTIONS = ("--bot-delay", "0", "--next-delay", "60", "--rate", "1000", "--lobby-burst", "1000")
WAIT = 30
"""Seconds a test waits for one message before it fails (instead of hanging)."""
WARNING = "refused a request to "
"""How the server's warning about a request it could not read begins."""


class Socket:
    """A real WebSocket as the scenarios use one (``send_json``, ``receive_json``)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    def send_json(self, data: Any) -> None:
        self.ws.send(json.dumps(data))

    def send_text(self, text: str) -> None:
        self.ws.send(text)

    def receive_json(self) -> Any:
        return json.loads(self.ws.recv(timeout=WAIT))


class OverSockets:
    """The scenarios' :class:`~decisions.Server`: a running ``splitpot serve`` and its
    database, read directly for the stored moves."""

    def __init__(self, url: str, db: str) -> None:
        self.url = url
        self.http = httpx2.Client(base_url=url, timeout=WAIT)
        self.store = Store(db)

    def create(self, game: str, seats: list[str]) -> dict[str, Any]:
        spec = {"game": game, "seats": seats, "name": "Ann", "timer": 0}
        reply = self.http.post("/api/tables", json=spec)
        assert reply.status_code == 201, reply.text
        made: dict[str, Any] = reply.json()
        return made

    def join(self, code: str) -> dict[str, Any]:
        reply = self.http.post(f"/api/tables/{code}/join", json={"name": "Bob"})
        assert reply.status_code == 200, reply.text
        joined: dict[str, Any] = reply.json()
        return joined

    @contextmanager
    def seat(self, code: str, token: str | None) -> Iterator[Socket]:
        ws_url = self.url.replace("http://", "ws://") + f"/ws/{code}"
        with connect(ws_url, max_size=None, compression=None) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            yield Socket(ws)

    def stored(self, code: str) -> list[str]:
        return [line for _, line, _ in self.store.hand_actions(code, 1)]

    def close(self) -> None:
        self.http.close()
        self.store.close()


@contextmanager
def serving(db: str, tmp_path: Path) -> Iterator[tuple[OverSockets, ServerProcess]]:
    """A server on ``db`` and the test's way to it."""
    with ServerProcess(db, *OPTIONS, errors=tmp_path / "server.stderr") as process:
        server = OverSockets(process.url, db)
        try:
            yield server, process
        finally:
            server.close()


def _log(process: ServerProcess) -> list[str]:
    """What the server wrote to its log: no traceback, no error; at most warnings."""
    text = process.stderr()
    assert "Traceback" not in text, text
    lines = [line for line in text.splitlines() if line.strip()]
    assert all(line.startswith(WARNING) for line in lines), lines
    return lines


def test_a_move_sent_twice_over_real_sockets_is_applied_once(db: str, tmp_path: Path) -> None:
    with serving(db, tmp_path) as (server, process):
        for scenario in SCENARIOS:
            scenario(server)
    assert _log(process) == []


def _nested(levels: int, inner: str = "1") -> str:
    """JSON arrays ``levels`` deep around ``inner``."""
    return "[" * levels + inner + "]" * levels


HOSTILE: list[tuple[str, int]] = [
    (_nested(2000), 400),
    (_nested(3000), 400),
    ("[" * 16_000, 400),  # 16,000 levels, never closed: short enough to be read
    (_nested(16_000), 413),
    ('{"a": ' * 2000 + "1" + "}" * 2000, 400),
    ('{"game": "auction", "house": {"ante": ' + _nested(990) + "}}", 400),
    ('{"name": ' + _nested(900, '"Bo"') + "}", 400),
    ('{"game": ' + _nested(17, '"auction"') + "}", 400),
    ("not json", 400),
]
"""Request bodies the server cannot read, and the status each is answered with."""


def test_a_request_the_server_cannot_read_is_answered_in_one_line(db: str, tmp_path: Path) -> None:
    with serving(db, tmp_path) as (server, process):
        code = server.create("auction", ["you", "bot"])["code"]
        routes = ["/api/tables", f"/api/tables/{code}/join"]
        headers = {"content-type": "application/json"}
        for route in routes:
            for body, status in HOSTILE:
                reply = server.http.post(route, content=body.encode(), headers=headers)
                assert reply.status_code == status, (route, body[:40], reply.text[:200])
                error = reply.json()["error"]
                assert "\n" not in error
                assert len(error) < 100, error
                if body.startswith(("[", '{"a"')) or "990" in body:
                    assert "nested too deeply" in error or status == 413, error
        assert server.http.get(f"/api/tables/{code}").status_code == 200  # still serving
    warned = _log(process)
    assert len(warned) == len(routes) * len(HOSTILE)  # one warning for each


_DEEP = "nested too deeply"
MESSAGES: list[tuple[str, str]] = [
    # deep in a host's free-form house or options
    ('{"type": "host", "do": "house", "house": {"ante": ' + _nested(16) + "}}", _DEEP),
    ('{"type": "host", "do": "house", "house": {"ante": ' + _nested(500) + "}}", _DEEP),
    ('{"type": "host", "do": "house", "house": {"ante": ' + _nested(990) + "}}", _DEEP),
    ('{"type": "host", "do": "house", "house": {"ante": ' + _nested(2000) + "}}", _DEEP),
    ('{"type": "host", "do": "options", "options": {"odds": ' + _nested(900) + "}}", _DEEP),
    ('{"type": "host", "do": "options", "options": ' + '{"a": ' * 500 + "1" + "}" * 501, _DEEP),
    # deep where the message has no room for it
    (_nested(2000), "JSON object"),
    ('{"type": "chat", "text": ' + _nested(2000, '"hi"') + "}", "'text'"),
    ('{"type": "hello", "token": ' + _nested(1000) + "}", "'token'"),
    ('{"type": "act", "verb": "cc", "hand": 1, "at": ' + _nested(1500) + "}", "'at'"),
    ("[" * 16_000, "too long"),
    (_nested(16_000), "too long"),
]
"""WebSocket messages nested deep, and words each one's refusal holds."""


def test_a_message_the_server_cannot_read_is_answered_in_one_line(db: str, tmp_path: Path) -> None:
    with serving(db, tmp_path) as (server, process):
        made = server.create("auction", ["you", "bot"])
        with server.seat(made["code"], made["token"]) as ws:
            for text, words in MESSAGES:
                ws.send_text(text)
                refused = receive(ws, lambda m: m["type"] == "error")
                assert refused["reason"] in ("bad_message", "too_long")
                assert words in refused["message"], (text[:60], refused["message"][:200])
                assert "\n" not in refused["message"]
                assert len(refused["message"]) < 100, refused["message"]
            ws.send_json({"type": "ping"})
            receive(ws, lambda m: m["type"] == "pong")  # the connection is still usable
        info = server.http.get(f"/api/tables/{made['code']}").json()
        assert info["house"] == {}  # no setting changed
    assert _log(process) == []
