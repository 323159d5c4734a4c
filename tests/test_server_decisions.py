"""A move names the decision it answers (its hand and the point of its log), in process: the
same move sent on two connections of one seat, or again after a reconnect, is applied once; at a
sealed round a seat still answers after another seat has (issue 31)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from server_helpers import answer, client, join, move, my_turn, receive, seat, seated, table

EARLIER = "that move was for an earlier decision"


def _back_to_me(after: int) -> Any:
    """A snapshot in which this seat has a decision again, later than log position ``after``."""
    return lambda m: my_turn(m) and len(m["hand"]["view"]["log"]) > after


def _answered(ws: WebSocketTestSession, acks: int) -> dict[str, Any]:
    """The first message after this connection's ``acks``-th move was answered."""
    return receive(ws, lambda m: m["type"] in ("state", "error") and m["acks"] >= acks)


def _checked(http: TestClient, code: str) -> list[str]:
    """The moves stored for hand 1, as record lines."""
    store = http.app.state.store  # type: ignore[attr-defined]
    return [line for _, line, _ in store.hand_actions(code, 1)]


def _heads_up(http: TestClient) -> tuple[str, str]:
    """Ann against the calling bot at stud8: each of Ann's checks or calls brings the decision
    back to her (the bot only checks and calls). The table's code and Ann's token."""
    made = table(http, "stud8", seats=["you", "bot:call"])
    return made["code"], made["token"]


def _until_a_check(ws: WebSocketTestSession) -> dict[str, Any]:
    """Play Ann's first decisions until one offers a check or call; that snapshot."""
    turn = receive(ws, my_turn)
    while not any(o["verb"] == "cc" for o in turn["hand"]["view"]["options"]):
        ws.send_json(answer(turn))  # the bring-in
        turn = receive(ws, _back_to_me(len(turn["hand"]["view"]["log"])))
    return turn


def _next(ws: WebSocketTestSession, seen: dict[str, Any]) -> dict[str, Any]:
    """The first message after snapshot ``seen``: an error, or a snapshot whose log is longer."""
    at = len(seen["hand"]["view"]["log"])
    return receive(
        ws, lambda m: m["type"] == "error" or (seated(m) and len(m["hand"]["view"]["log"]) > at)
    )


def test_the_same_move_on_two_connections_of_one_seat_is_applied_once() -> None:
    with client() as http:
        code, token = _heads_up(http)
        with seat(http, code, token) as first, seat(http, code, token) as second:
            turn = _until_a_check(first)
            sent = move(turn, "cc")
            first.send_json(sent)
            again = receive(first, _back_to_me(sent["at"]))  # the decision came back to Ann
            before = _checked(http, code)
            assert "p1 cc" in before
            second.send_json(sent)  # the same move, from the other tab
            refused = _answered(second, 1)
            assert refused["type"] == "error", "the move was applied twice"
            assert refused["reason"] == "stale"
            assert refused["message"] == EARLIER
            assert _checked(http, code) == before  # nothing changed
            first.send_json(answer(again))  # the decision Ann did see is still hers to make
            later = _next(first, again)
            assert later["type"] == "state", later
            assert _checked(http, code)[: len(before) + 1] == [*before, "p1 cc"]


def test_a_move_sent_again_after_a_reconnect_is_refused() -> None:
    with client() as http:
        code, token = _heads_up(http)
        with seat(http, code, token) as ws:
            sent = move(_until_a_check(ws), "cc")
            ws.send_json(sent)
            receive(ws, _back_to_me(sent["at"]))
        before = _checked(http, code)
        with seat(http, code, token) as ws:  # the page reconnects and retries what it sent
            back = receive(ws, seated)
            ws.send_json(sent)
            refused = _answered(ws, 1)
            assert refused["type"] == "error", "the move was applied again"
            assert refused["reason"] == "stale"
            assert refused["message"] == EARLIER
            assert _checked(http, code) == before
            ws.send_json(answer(back))
            assert _next(ws, back)["type"] == "state"
            assert len(_checked(http, code)) > len(before)


def test_a_move_for_a_point_the_log_never_reached_is_refused() -> None:
    with client() as http:
        code, token = _heads_up(http)
        with seat(http, code, token) as ws:
            turn = receive(ws, my_turn)
            before = _checked(http, code)
            ws.send_json({**answer(turn), "at": len(turn["hand"]["view"]["log"]) + 1})
            refused = _answered(ws, 1)
            assert refused["type"] == "error", "a move for a point not reached was applied"
            assert (refused["reason"], refused["message"]) == ("stale", EARLIER)
            assert _checked(http, code) == before
            ws.send_json(answer(turn))
            assert _answered(ws, 2)["type"] == "state"
            assert len(_checked(http, code)) > len(before)


def test_at_a_sealed_round_a_seat_answers_the_point_it_saw_after_another_seat_has() -> None:
    with client() as http:
        made = table(http, seats=["you", "open"])  # an auction: both bid at once, sealed
        bob = join(http, made["code"])
        with (
            seat(http, made["code"], made["token"]) as ann,
            seat(http, made["code"], bob["token"]) as bo,
        ):
            theirs = receive(bo, my_turn)
            mine = receive(ann, my_turn)
            assert len(mine["hand"]["view"]["log"]) == len(theirs["hand"]["view"]["log"])
            ann.send_json(move(mine, "bid", amount=5))
            receive(bo, lambda m: seated(m) and m["hand"]["view"]["seats"][0]["has_bid"])
            bo.send_json(move(theirs, "bid", amount=6))  # the point Bob saw, before Ann's bid
            answered = _answered(bo, 1)
            assert answered["type"] == "state", answered
        lines = _checked(http, made["code"])
        assert "p1 bid 5" in lines
        assert "p2 bid 6" in lines
