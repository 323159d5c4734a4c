"""Over real sockets, against ``splitpot serve``: a wrong table code (``/t/NOPE99``, a WebSocket
to ``/ws/NOPE99``) or a path the server has no page for gets a page a person can read, HTML
with status 404 and a way back to the lobby, not a bare line of text."""

from __future__ import annotations

from pathlib import Path

import httpx2
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from webtools import ServerProcess


def _is_the_page(status: int, kind: str, body: str) -> None:
    assert status == 404
    assert kind.startswith("text/html")
    assert body.lstrip().startswith("<!doctype html>")
    assert '<a href="/">Back to the lobby</a>' in body


def test_a_wrong_code_or_address_is_a_page_with_the_way_back(db: str, tmp_path: Path) -> None:
    with (
        ServerProcess(db, errors=tmp_path / "serve.stderr") as server,
        httpx2.Client(base_url=server.url, timeout=30) as http,
    ):
        page = http.get("/t/NOPE99")
        _is_the_page(page.status_code, page.headers["content-type"], page.text)
        assert "No such table" in page.text
        assert "No table has the code &#x27;NOPE99&#x27;" in page.text  # escaped as it is shown
        assert "default-src 'self'" in page.headers["content-security-policy"]
        hostile = http.get("/t/%3Cb%3Ehi%3C%2Fb%3E")
        assert hostile.status_code == 404
        assert "<b>" not in hostile.text  # a code is shown, never run
        for path in ("/ws/NOPE99", "/no/such/page"):  # an address with no page at all
            other = http.get(path)
            _is_the_page(other.status_code, other.headers["content-type"], other.text)
            assert "Nothing here" in other.text
        with (
            pytest.raises(InvalidStatus) as refused,
            connect(server.url.replace("http", "ws") + "/ws/NOPE99", open_timeout=30),
        ):
            pass
        response = refused.value.response
        _is_the_page(response.status_code, response.headers["content-type"], response.body.decode())
        assert "No such table" in response.body.decode()
        assert http.get("/api/tables/NOPE99").json() == {"error": "no table has the code 'NOPE99'"}
    assert "Traceback" not in server.stderr()
