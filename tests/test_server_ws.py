"""The table's WebSocket, in process: every message type, bad messages, refusals with their
rule, a whole hand to its result, a refresh, sitting out, the turn timer, and who may act."""

from __future__ import annotations

import json
import re
import threading
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from server_helpers import (
    Clock,
    client,
    error,
    join,
    move,
    my_turn,
    next_message,
    receive,
    seat,
    seated,
    state,
    table,
)
from splitpot.notation import read_phh
from splitpot.server import Settings
from splitpot.server.messages import MAX_MESSAGE

BID_WORDS = "a bid is a whole number of chips, 0 or more"


def _pong(ws: WebSocketTestSession) -> None:
    """The connection still answers."""
    ws.send_json({"type": "ping"})
    receive(ws, lambda m: m["type"] == "pong")


def test_hello_binds_the_seat_of_its_token_and_without_one_watches() -> None:
    with client() as http:
        made = table(http)
        with seat(http, made["code"], made["token"]) as ws:
            mine = receive(ws, seated)
            assert mine["you"] == {
                "seat": 0,
                "name": "Ann",
                "sitting_out": False,
                "host": True,
                "odds": False,
            }
            assert mine["hand"]["you"] == 0
            down = mine["hand"]["view"]["seats"][0]["down"]
            assert len(down) == 2
            assert all(down)  # Ann sees her own two down cards (OPR-657 2.1)
            with seat(http, made["code"], None) as watcher:
                seen = receive(watcher, lambda m: state(m) and m["hand"] is not None)
                assert seen["you"] is None
                assert seen["hand"]["you"] is None
                for other in seen["hand"]["view"]["seats"]:
                    assert other["down"] == [None, None]  # a spectator sees no down card
                watcher.send_json(move(seen, "bid", amount=5))
                refused = receive(watcher, error)
                assert refused["reason"] == "spectator"


def test_a_token_that_holds_no_seat_watches_and_a_second_hello_is_refused() -> None:
    with client() as http:
        made = table(http)
        with seat(http, made["code"], "not-a-token") as ws:
            refused = receive(ws, error)
            assert refused["reason"] == "bad_token"
            assert made["code"] in refused["message"]
            ws.send_json({"type": "hello", "token": made["token"]})
            assert receive(ws, error)["reason"] == "hello_twice"
            ws.send_json({"type": "act", "verb": "bid", "amount": 5, "hand": 1, "at": 0})
            assert receive(ws, error)["reason"] == "spectator"  # still only watching


def test_nothing_before_hello_but_a_hello() -> None:
    with client() as http:
        made = table(http)
        with http.websocket_connect(f"/ws/{made['code']}") as ws:
            receive(ws, state)  # the table as a spectator sees it, at once
            ws.send_json({"type": "act", "verb": "bid", "amount": 5, "hand": 1, "at": 0})
            assert receive(ws, error)["reason"] == "no_hello"
            ws.send_json({"type": "hello", "token": made["token"]})
            assert receive(ws, seated)["you"]["seat"] == 0


@pytest.mark.parametrize(
    ("sent", "reason", "words"),
    [
        ("not json", "bad_message", "not JSON"),
        ("[1, 2]", "bad_message", "JSON object"),
        ('{"verb": "bid"}', "bad_message", "unknown message type None"),
        ('{"type": "shout"}', "bad_message", "unknown message type 'shout'"),
        ('{"type": "act", "verb": "bid", "amount": 5, "seat": 1}', "bad_message", "'seat'"),
        ('{"type": "act", "verb": "steal"}', "bad_message", "'verb' must be one of"),
        ('{"type": "act", "verb": "bid", "amount": "5"}', "bad_message", BID_WORDS),
        ('{"type": "act", "verb": "bid", "amount": true}', "bad_message", BID_WORDS),
        ('{"type": "act", "verb": "bid", "amount": -5}', "bad_message", BID_WORDS),
        ('{"type": "act", "verb": "bid", "amount": 1e30}', "bad_message", BID_WORDS),
        ('{"type": "act", "verb": "pick", "card": "Zz"}', "bad_message", "'card'"),
        ('{"type": "act", "verb": "pick", "card": 7}', "bad_message", "'card'"),
        ('{"type": "act", "verb": "dec", "declaration": "up"}', "bad_message", "'declaration'"),
        ('{"type": "act", "verb": "sm", "show": "yes"}', "bad_message", "'show'"),
        ('{"type": "act", "verb": "cc", "hand": 0}', "bad_message", "'hand'"),
        ('{"type": "act", "verb": "cc", "hand": 1}', "bad_message", "needs 'at'"),
        ('{"type": "hello", "token": 5}', "bad_message", "'token'"),
        (
            '{"type": "entropy", "hand": 1, "commitment": "' + "a" * 64 + '", "value": "xyz"}',
            "bad_message",
            "'value' must be 64 lower-case hex digits, not xyz",
        ),
        (
            '{"type": "entropy", "hand": 1, "value": "' + "a" * 64 + '"}',
            "bad_message",
            "the message needs 'commitment'",
        ),
        (
            '{"type": "entropy", "hand": 0, "commitment": "'
            + "a" * 64
            + '", "value": "'
            + "a" * 64
            + '"}',
            "bad_message",
            "'hand'",
        ),
        (
            '{"type": "entropy", "hand": 2, "commitment": "'
            + "a" * 64
            + '", "value": "'
            + "a" * 64
            + '"}',
            "entropy_stale",
            "not the one to be dealt next",
        ),
        ("[" * 3000 + "]" * 3000, "too_long", "too long"),
        ('{"type": "ping", "pad": "' + "x" * MAX_MESSAGE + '"}', "too_long", "too long"),
    ],
)
def test_a_malformed_message_gets_an_error_and_the_connection_stays_usable(
    sent: str, reason: str, words: str
) -> None:
    with client() as http:
        made = table(http)
        with seat(http, made["code"], made["token"]) as ws:
            before = receive(ws, seated)
            ws.send_text(sent)
            refused = receive(ws, error)
            assert refused["reason"] == reason
            assert words in refused["message"]
            assert "\n" not in refused["message"]
            _pong(ws)
            ws.send_json({"type": "sit_out"})  # and it still acts for its seat
            assert receive(ws, lambda m: state(m) and m["you"]["sitting_out"])
            assert before["hand"]["view"]["log"]  # the hand was under way all along


def test_a_binary_message_gets_an_error() -> None:
    with client() as http:
        made = table(http)
        with seat(http, made["code"], made["token"]) as ws:
            receive(ws, seated)
            ws.send_bytes(b'{"type": "ping"}')
            assert "not binary" in receive(ws, error)["message"]
            _pong(ws)


def test_too_many_messages_are_dropped_with_an_error_and_the_connection_survives() -> None:
    clock = Clock()
    settings = Settings(bot_delay=0, next_delay=0, rate=2, burst=3, clock=clock)
    with client(settings=settings) as http:
        made = table(http)
        with seat(http, made["code"], made["token"]) as ws:
            receive(ws, seated)

            def pings(count: int) -> list[str]:
                """Send ``count`` pings; each answer: ``pong``, or the error's reason."""
                for _ in range(count):
                    ws.send_json({"type": "ping"})
                answers = [
                    receive(ws, lambda m: m["type"] in ("pong", "error")) for _ in range(count)
                ]
                return [m.get("reason", m["type"]) for m in answers]

            limited = "rate_limited"
            assert pings(6) == ["pong"] * 2 + [limited] * 4  # the burst of 3, less the hello
            clock.advance(0.4)  # the bucket refills at 2 a second: not a whole token yet
            assert pings(1) == [limited]
            clock.advance(0.1)
            assert pings(2) == ["pong", limited]
            clock.advance(60)  # a bucket holds at most its burst
            assert pings(4) == ["pong"] * 3 + [limited]


def test_a_move_out_of_turn_or_against_the_rules_is_refused_with_its_rule() -> None:
    with client() as http:
        made = table(http, "stud8", seats=["you", "open"])
        bob = join(http, made["code"])
        with (
            seat(http, made["code"], made["token"]) as ann,
            seat(http, made["code"], bob["token"]) as bo,
        ):
            views = [receive(ann, seated), receive(bo, seated)]
            to_act = views[0]["hand"]["view"]["to_act"]
            waiting = next(i for i in (0, 1) if views[i]["hand"]["you"] not in to_act)
            ws = (ann, bo)[waiting]
            ws.send_json(move(views[waiting], "cc"))
            refused = receive(ws, error)
            assert refused["reason"] == "not_your_turn"
            assert refused["rule"] == "Robert's 4"
            mover = views[1 - waiting]["hand"]["players"][to_act[0]]["name"]
            assert mover in refused["message"]  # names, not p1/p2
            assert refused["acks"] == 1
            mover_ws = (ann, bo)[1 - waiting]
            mover_ws.send_json(move(views[1 - waiting], "cbr", amount=999))
            wrong = receive(mover_ws, error)
            assert wrong["reason"]
            assert wrong["rule"]
            mover_ws.send_json({**move(views[1 - waiting], "pb"), "hand": 2})
            assert receive(mover_ws, error)["reason"] == "stale"
            _pong(mover_ws)
            log = views[1 - waiting]["hand"]["view"]["log"]
            info = http.get(f"/api/tables/{made['code']}").json()
            assert info["hands"] == 1
            # nothing changed: the next move is still the same seat's, on the same log
            mover_ws.send_json(move(views[1 - waiting], "pb"))
            moved = receive(
                mover_ws, lambda m: seated(m) and len(m["hand"]["view"]["log"]) > len(log)
            )
            assert moved["hand"]["view"]["log"][: len(log)] == log
            assert moved["hand"]["view"]["log"][len(log)].endswith(" pb")


def test_an_auction_bid_below_the_minimum_is_refused_citing_the_article() -> None:
    with client() as http:
        made = table(http)
        with seat(http, made["code"], made["token"]) as ws:
            turn = receive(ws, my_turn)
            (option,) = turn["hand"]["view"]["options"]
            assert option["verb"] == "bid"
            assert option["min"] == 5  # the small bet (OPR-657 2.2)
            ws.send_json(move(turn, "bid", amount=4))
            refused = receive(ws, error)
            assert (refused["reason"], refused["rule"]) == ("below_minimum_bid", "OPR-657 3.2")
            ws.send_json(move(turn, "bid", amount=5))
            after = receive(ws, lambda m: seated(m) and m["acks"] == 2)
            mine = after["hand"]["view"]["seats"][0]
            assert mine["has_bid"]
            assert mine["bid"] == 5  # its own sealed bid, to its own seat


def _play(ws: WebSocketTestSession, hands: int, out: list[Any], sent: list[int]) -> None:
    """Make the first legal move whenever it is this seat's turn, until ``hands`` are over."""
    while True:
        message = next_message(ws)
        if message["type"] == "error":
            out.append(message)
            sent[0] = message["acks"]  # a dropped message: go on from what was answered
            continue
        if message["type"] != "state" or message["hand"] is None or message["acks"] < sent[0]:
            continue
        hand = message["hand"]
        view = hand["view"]
        if hand["number"] > hands or (hand["number"] == hands and view["finished"]):
            out.append(message)
            return
        if view["finished"]:
            continue
        if view["options"]:
            option = view["options"][0]
            sent_move = move(message, option["verb"])
            if option["verb"] in ("bid", "cbr", "sell") and option["min"] is not None:
                sent_move["amount"] = option["min"]
            if option["cards"]:
                sent_move["card"] = option["cards"][0]
            if option["declarations"]:
                sent_move["declaration"] = option["declarations"][-1]
            ws.send_json(sent_move)
            sent[0] += 1


def test_two_players_and_a_bot_play_two_hands_each_stored_as_phh() -> None:
    with client() as http:
        made = table(http, stack=300, seats=["you", "open", "bot:heuristic"])
        code = made["code"]
        bob = join(http, code)
        with seat(http, code, made["token"]) as ann, seat(http, code, bob["token"]) as bo:
            results: list[list[Any]] = [[], []]
            threads = [
                threading.Thread(target=_play, args=(ws, 2, out, [0]))
                for ws, out in zip((ann, bo), results, strict=True)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
            assert not any(t.is_alive() for t in threads)
            stacks = [s["stack"] for s in http.get(f"/api/tables/{code}").json()["seats"]]
        for out in results:
            assert [m for m in out if m["type"] == "error"] == []  # every offered move was taken
            last = out[-1]["hand"]
            assert last["number"] >= 2
            if last["view"]["finished"]:
                assert last["view"]["awards"]
                assert all(a["reason"] for a in last["view"]["awards"])
        store = http.app.state.store  # type: ignore[attr-defined]
        for number in (1, 2):
            record = read_phh(store.hand_record(code, number))
            assert record.variant == "AUC"
            assert (
                record.fields["players"]
                == ["Ann", "Bob", "Cleo"][number - 1 :]
                + [
                    "Ann",
                    "Bob",
                    "Cleo",
                ][: number - 1]
            )  # the deal moves round the table
            assert record.fields["hand"] == number
            assert sum(record.finishing_stacks) == sum(record.starting_stacks) == 900
        assert sum(stacks) == 3 * 300  # no chip created or lost


def test_a_refresh_finds_the_seat_exactly_where_it_was() -> None:
    with client() as http:
        made = table(http, seats=["you", "open"])
        join(http, made["code"])  # Bob, who takes his time: the table waits on his bid
        with seat(http, made["code"], made["token"]) as ws:
            turn = receive(ws, my_turn)
            view = turn["hand"]["view"]
            ws.send_json(move(turn, "bid", amount=6))
            before = receive(ws, lambda m: seated(m) and m["acks"] == 1)
        with seat(http, made["code"], made["token"]) as again:
            after = receive(again, seated)
        assert after["hand"]["view"] == before["hand"]["view"]
        assert after["hand"]["view"]["seats"][0]["bid"] == 6
        assert view["seats"][0]["down"] == after["hand"]["view"]["seats"][0]["down"]


def test_a_socket_from_another_site_is_refused() -> None:
    with client() as http:
        made = table(http)
        with (
            pytest.raises(WebSocketDisconnect),
            http.websocket_connect(
                f"/ws/{made['code']}", headers={"origin": "http://evil.example"}
            ) as ws,
        ):
            next_message(ws)
        with http.websocket_connect(
            f"/ws/{made['code']}", headers={"origin": "http://testserver"}
        ) as ws:
            assert receive(ws, state)["table"]["code"] == made["code"]
        with pytest.raises(WebSocketDisconnect), http.websocket_connect("/ws/NOSUCH") as ws:
            next_message(ws)


def test_a_table_with_open_seats_waits_for_friends_until_a_player_starts_it() -> None:
    with client() as http:
        made = table(http, seats=["you", "open", "bot:call"])
        code = made["code"]
        with seat(http, code, None) as eve, seat(http, code, made["token"]) as ws:
            waiting = receive(ws, lambda m: state(m) and m["you"] is not None)
            assert waiting["hand"] is None
            assert not waiting["table"]["started"]
            eve.send_json({"type": "start"})
            assert receive(eve, error)["reason"] == "spectator"
            ws.send_json({"type": "start"})
            dealt = receive(ws, seated)
            assert dealt["table"]["started"]
            assert [p["name"] for p in dealt["hand"]["players"]] == ["Ann", "Cleo"]
            ws.send_json({"type": "start"})
            assert receive(ws, error)["reason"] == "started"
            bob = join(http, code)
            with seat(http, code, bob["token"]) as bo:
                later = receive(bo, lambda m: state(m) and m["you"] is not None)
                assert later["hand"]["you"] is None  # Bob sits in from the next hand


def test_sitting_out_lets_the_table_move_for_the_player_until_they_come_back() -> None:
    with client() as http:
        made = table(http)
        with seat(http, made["code"], made["token"]) as ws:
            receive(ws, my_turn)
            ws.send_json({"type": "sit_out"})
            out = receive(ws, lambda m: seated(m) and m["you"]["sitting_out"])
            assert out["table"]["seats"][0]["sitting_out"]
            # the table bids for the seat: the minimum bid (docs/web.md)
            moved = receive(ws, lambda m: seated(m) and m["hand"]["view"]["seats"][0]["has_bid"])
            assert moved["hand"]["view"]["seats"][0]["bid"] in (None, 5)
            ws.send_json({"type": "back"})
            back = receive(ws, lambda m: state(m) and not m["you"]["sitting_out"])
            assert not back["table"]["seats"][0]["sitting_out"]
        store = http.app.state.store  # type: ignore[attr-defined]
        sources = {source for _, _, source in store.hand_actions(made["code"], 1)}
        assert "timer" in sources  # the default move was stored as the table's


def test_the_turn_timer_moves_for_a_player_and_sits_them_out() -> None:
    with client() as http:
        made = table(http, timer=1)
        with seat(http, made["code"], made["token"]) as ws:
            first = receive(ws, my_turn)
            assert 0 < first["hand"]["timers"]["0"] <= 1000
            late = receive(ws, lambda m: seated(m) and m["you"]["sitting_out"])
            assert late["hand"]["view"]["seats"][0]["has_bid"]
        actions = http.app.state.store.hand_actions(made["code"], 1)  # type: ignore[attr-defined]
        assert (0, "p1 bid 5", "timer") in actions  # the minimum bid, by the timer


def test_a_newcomer_in_a_bots_seat_watches_the_bots_hand_and_plays_the_next() -> None:
    with client() as http:
        made = table(http, seats=["you", "bot:call"])
        code = made["code"]
        with seat(http, code, made["token"]) as ann:
            receive(ann, seated)
            bob = join(http, code)
            assert bob["seat"] == 1
            with seat(http, code, bob["token"]) as bo:
                now = receive(bo, lambda m: state(m) and m["you"] is not None)
                assert now["hand"]["number"] == 1
                assert now["hand"]["you"] is None  # the bot's cards stay the bot's
                assert now["hand"]["view"]["seats"][1]["down"] == [None, None]
                assert now["hand"]["players"][1]["bot"] == "call"
                bo.send_json(move(now, "bid", amount=5))
                assert receive(bo, error)["reason"] == "not_in_hand"


def test_no_message_carries_the_seed_or_a_down_card_of_another_seat() -> None:
    """A quick look (the leak test in tests/web looks at a thousand hands)."""
    with client() as http:
        made = table(http, "stud8", seats=["you", "open"])
        bob = join(http, made["code"])
        with seat(http, made["code"], made["token"]) as ws, seat(http, made["code"], None) as eve:
            texts = {0: json.dumps(receive(ws, seated)), None: ""}
            texts[None] = json.dumps(receive(eve, lambda m: state(m) and m["hand"] is not None))
            hand = http.app.state.tables.get(made["code"]).hand  # type: ignore[attr-defined]
            state_ = hand.state
        for reader, text in texts.items():
            assert str(hand.seed) not in text
            assert bob["token"] not in text
            assert made["token"] not in text
            named = {run[i : i + 2] for run in RUNS.findall(text) for i in range(0, len(run), 2)}
            for other in range(state_.n):
                if other == reader:
                    continue
                faces = zip(state_.hands[other], state_.faceup[other], strict=True)
                down = {str(c) for c, up in faces if not up}
                assert not named & down, f"{sorted(named & down)} sent to {reader}"
            assert named  # the up cards are there


RUNS = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|\?\?)+(?![A-Za-z0-9])")
"""Cards written together, as card lists and record lines hold them."""


def test_a_connections_first_snapshot_carries_the_pages_vocabulary_and_only_the_first() -> None:
    with client() as http:
        made = table(http)
        with http.websocket_connect(f"/ws/{made['code']}") as ws:
            first = next_message(ws)
            assert first["type"] == "state"
            assert first["words"]["verbs"]["f"]["log"] == {"": "folds"}
            assert first["words"]["steps"]["auction"] == "Auction"
            ws.send_json({"type": "hello", "token": made["token"]})
            later = receive(ws, seated)
            assert "words" not in later
