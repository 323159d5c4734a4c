"""A move names the decision it answers (issue 31): scenarios played the same way in process
(Starlette's TestClient, tests/test_server_decisions.py) and over real sockets against
``splitpot serve`` (tests/web/test_sockets.py). Each takes a :class:`Server`."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

from server_helpers import answer, move, my_turn, receive, seated

EARLIER = "that move was for an earlier decision"


class Socket(Protocol):
    """One connection to a table, as the scenarios use it."""

    def send_json(self, data: Any) -> None: ...

    def receive_json(self) -> Any: ...


class Server(Protocol):
    """What a scenario needs of a server: tables, seats, connections, the stored moves."""

    def create(self, game: str, seats: list[str]) -> dict[str, Any]: ...

    def join(self, code: str) -> dict[str, Any]: ...

    def seat(self, code: str, token: str) -> AbstractContextManager[Socket]: ...

    def stored(self, code: str) -> list[str]:
        """The moves stored for hand 1 of table ``code``, as record lines."""
        ...


def _back_to_me(after: int) -> Callable[[dict[str, Any]], bool]:
    """A snapshot in which this seat has a decision again, later than log position ``after``."""
    return lambda m: my_turn(m) and len(m["hand"]["view"]["log"]) > after


def _answered(ws: Socket, acks: int) -> dict[str, Any]:
    """The first message after this connection's ``acks``-th move was answered."""
    return receive(ws, lambda m: m["type"] in ("state", "error") and m["acks"] >= acks)


def _next(ws: Socket, seen: dict[str, Any]) -> dict[str, Any]:
    """The first message after snapshot ``seen``: an error, or a snapshot whose log is longer."""
    at = len(seen["hand"]["view"]["log"])

    def later(m: dict[str, Any]) -> bool:
        return m["type"] == "error" or (seated(m) and len(m["hand"]["view"]["log"]) > at)

    return receive(ws, later)


def _heads_up(server: Server) -> tuple[str, str]:
    """Ann against the calling bot at stud8: each of Ann's checks or calls brings the decision
    back to her (the bot only checks and calls). The table's code and Ann's token."""
    made = server.create("stud8", ["you", "bot:call"])
    return made["code"], made["token"]


def _until_a_check(ws: Socket) -> dict[str, Any]:
    """Play Ann's first decisions until one offers a check or call; that snapshot."""
    turn = receive(ws, my_turn)
    while not any(o["verb"] == "cc" for o in turn["hand"]["view"]["options"]):
        ws.send_json(answer(turn))  # the bring-in
        turn = receive(ws, _back_to_me(len(turn["hand"]["view"]["log"])))
    return turn


def _refused_then_played(
    server: Server, code: str, stale: tuple[Socket, dict[str, Any]], seen: tuple[Socket, Any]
) -> None:
    """A stale move (a connection's first) is refused, changing nothing; then the decision
    the seat does see (a snapshot, answered on its connection) is still its to make."""
    before = server.stored(code)
    ws, sent = stale
    ws.send_json(sent)
    refused = _answered(ws, 1)
    assert refused["type"] == "error", f"the move was applied again: {sent}"
    assert (refused["reason"], refused["message"]) == ("stale", EARLIER)
    assert server.stored(code) == before  # nothing changed
    ws, snapshot = seen
    ws.send_json(answer(snapshot))
    assert _next(ws, snapshot)["type"] == "state"
    after = server.stored(code)
    assert len(after) > len(before)
    assert after[: len(before)] == before


def two_tabs(server: Server) -> None:
    """The same move on two connections of one seat is applied once."""
    code, token = _heads_up(server)
    with server.seat(code, token) as first, server.seat(code, token) as second:
        sent = move(_until_a_check(first), "cc")
        first.send_json(sent)
        again = receive(first, _back_to_me(sent["at"]))  # the decision came back to Ann
        assert "p1 cc" in server.stored(code)
        _refused_then_played(server, code, (second, sent), (first, again))  # the other tab


def after_a_reconnect(server: Server) -> None:
    """A move sent again after a reconnect (a page's retry) is refused."""
    code, token = _heads_up(server)
    with server.seat(code, token) as ws:
        sent = move(_until_a_check(ws), "cc")
        ws.send_json(sent)
        receive(ws, _back_to_me(sent["at"]))
    with server.seat(code, token) as ws:
        back = receive(ws, seated)
        _refused_then_played(server, code, (ws, sent), (ws, back))


def beyond_the_log(server: Server) -> None:
    """A move for a point the log never reached is refused."""
    code, token = _heads_up(server)
    with server.seat(code, token) as ws:
        turn = receive(ws, my_turn)
        ahead = {**answer(turn), "at": len(turn["hand"]["view"]["log"]) + 1}
        _refused_then_played(server, code, (ws, ahead), (ws, turn))


def sealed_round(server: Server) -> None:
    """At a sealed round a seat answers the point it saw after another seat has answered it."""
    made = server.create("auction", ["you", "open"])  # both bid at once, sealed
    code = made["code"]
    bob = server.join(code)
    with server.seat(code, made["token"]) as ann, server.seat(code, bob["token"]) as bo:
        theirs = receive(bo, my_turn)
        mine = receive(ann, my_turn)
        assert len(mine["hand"]["view"]["log"]) == len(theirs["hand"]["view"]["log"])
        ann.send_json(move(mine, "bid", amount=5))
        receive(bo, lambda m: seated(m) and m["hand"]["view"]["seats"][0]["has_bid"])
        bo.send_json(move(theirs, "bid", amount=6))  # the point Bob saw, before Ann's bid
        assert _answered(bo, 1)["type"] == "state"
    assert {"p1 bid 5", "p2 bid 6"} <= set(server.stored(code))


SCENARIOS: list[Callable[[Server], None]] = [
    two_tabs,
    after_a_reconnect,
    beyond_the_log,
    sealed_round,
]
