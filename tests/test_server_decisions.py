"""A move names the decision it answers (its hand and the point of its log), in process: the
same move sent on two connections of one seat, or again after a reconnect, is applied once; at a
sealed round a seat still answers after another seat has (issue 31; the scenarios are in
tests/decisions.py, and tests/web/test_sockets.py plays them over real sockets)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

import server_helpers
from decisions import SCENARIOS, Server
from server_helpers import client


class InProcess:
    """The scenarios' :class:`~decisions.Server` on Starlette's TestClient."""

    def __init__(self, http: TestClient) -> None:
        self.http = http

    def create(self, game: str, seats: list[str]) -> dict[str, Any]:
        return server_helpers.table(self.http, game, seats=seats)

    def join(self, code: str) -> dict[str, Any]:
        return server_helpers.join(self.http, code)

    def seat(self, code: str, token: str) -> AbstractContextManager[WebSocketTestSession]:
        return server_helpers.seat(self.http, code, token)

    def stored(self, code: str) -> list[str]:
        store = self.http.app.state.store  # type: ignore[attr-defined]
        return [line for _, line, _ in store.hand_actions(code, 1)]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.__name__)
def test_a_move_answers_one_decision(scenario: Callable[[Server], None]) -> None:
    with client() as http:
        scenario(InProcess(http))
