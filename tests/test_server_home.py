"""The home game at the web table, in process (docs/web.md): fair dealing checked over HTTP
with ``splitpot verify``, each reader's copy of a record and its replay, the ledger (buy-ins,
rebuys, cash-outs, the settle-up, CSV, ``splitpot ledger TABLE``), the host's actions and
their refusals, seat requests, chat rooms and their limits, and the odds panel."""

from __future__ import annotations

import csv
import io
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import WebSocketTestSession

from server_helpers import (
    answer,
    client,
    error,
    join,
    move,
    next_message,
    receive,
    seat,
    seated,
    state,
    table,
)
from splitpot.cli import main
from splitpot.notation import read_phh
from splitpot.server import Settings, history, oddspanel

SLOW_NEXT = Settings(bot_delay=0, next_delay=30, rate=1000, burst=1000)
"""Bots at once, and a long pause between hands (for what happens between them)."""
CARDS = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|\?\?)+(?![A-Za-z0-9])")


def play_out(
    ws: WebSocketTestSession, number: int = 1, fold: bool = False, bet: bool = False
) -> dict[str, Any]:
    """Play hand ``number`` to its end for this seat (``fold``: at the first chance; ``bet``:
    the least bet or raise wherever one may be made); the first snapshot of it finished."""
    ws.send_json({"type": "back"})  # answered with the table as it is now
    sent = 0
    for _ in range(3000):
        message = next_message(ws)
        assert not error(message), message
        if not seated(message) or message["hand"]["number"] != number:
            continue
        view = message["hand"]["view"]
        if view["finished"]:
            return message
        if view["options"] and message["acks"] >= sent:
            folds = fold and any(o["verb"] == "f" for o in view["options"])
            raise_ = next((o for o in view["options"] if o["verb"] == "cbr"), None)
            if folds:
                sent_move = move(message, "f")
            elif bet and raise_ is not None:
                sent_move = move(message, "cbr", amount=raise_["min"])
            else:
                sent_move = answer(message)
            ws.send_json(sent_move)
            sent += 1
    raise AssertionError("the hand did not end")


def chats(ws: WebSocketTestSession, until: str, limit: int = 500) -> list[dict[str, Any]]:
    """Lines of chat received until one holds ``until``."""
    lines: list[dict[str, Any]] = []
    for _ in range(limit):
        message = next_message(ws)
        if message["type"] == "chat":
            lines += message["messages"]
            if any(until in m["text"] for m in message["messages"]):
                return lines
    raise AssertionError(f"no chat line with {until!r}")


def table_log(http: Any) -> list[str]:
    """The lines of the first table's own log (commitments, the host's changes)."""
    return [m.text for m in http.app.state.store.messages(1, ["table"], 100)]


def named(text: str) -> set[str]:
    return {run[i : i + 2] for run in CARDS.findall(text) for i in range(0, len(run), 2)} - {"??"}


# --------------------------------------------------------------------------- fair dealing


def test_a_hands_record_downloaded_over_http_verifies_against_the_root_seen_before(
    tmp_path: Path,
) -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, seats=["you", "open", "bot:call", "bot:heuristic"])
        code = made["code"]
        value = "5e" * 32
        with seat(http, code, made["token"]) as ws:
            first = receive(ws, lambda m: state(m) and m["you"] is not None)
            assert first["hand"] is None  # the open seat waits: nothing dealt yet
            before = first["table"]["deal"]["commitment"]
            assert first["table"]["deal"]["number"] == 1
            assert re.fullmatch(r"[0-9a-f]{64}", before)
            ws.send_json({"type": "entropy", "hand": 1, "commitment": before, "value": value})
            ws.send_json({"type": "entropy", "hand": 1, "commitment": before, "value": value})
            again = receive(ws, error)
            assert (again["reason"], again["message"]) == (
                "entropy_sent",
                "your value for hand 1 is in already",
            )
            ws.send_json({"type": "start"})
            dealt = receive(ws, seated)
            hand = dealt["hand"]
            assert hand["commitment"] == before
            assert hand["scheme"] == "splitpot-deal-v2"
            mine = hand["you"]
            assert hand["entropy"][mine] == value
            assert [v for e, v in enumerate(hand["entropy"]) if e != mine] == ["", ""]  # bots
            over = play_out(ws)["hand"]
            assert over["commitment"] == before
            assert not {"seed", "secret"} & set(over)
        lines = table_log(http)
        assert not any(re.search(r"[0-9a-f]{64}", line) for line in lines)  # no hash in chat
        stored = http.app.state.store.hand(code, 1)  # type: ignore[attr-defined]
        assert stored.commitment == before  # the root is stored with the hand
        runner = CliRunner()
        for who, headers, options in (
            ("player", {"authorization": f"Bearer {made['token']}"}, ["--entropy", value]),
            ("spectator", {}, []),
        ):
            reply = http.get(f"/api/tables/{code}/hands/1/record", headers=headers)
            assert reply.status_code == 200, reply.text
            assert "attachment" in reply.headers["content-disposition"]
            record = read_phh(reply.text)
            assert record.seed is None
            assert record.secret is None
            path = tmp_path / f"{who}.phh"
            path.write_text(reply.text, encoding="utf-8")
            result = runner.invoke(main, ["verify", "--commitment", before, *options, str(path)])
            assert result.exit_code == 0, result.stdout
            assert f"commitment {before}" in result.stdout
            assert "1 of 1 hand verified" in result.stdout
            other = runner.invoke(main, ["verify", "--entropy", "77" * 32, str(path)])
            assert other.exit_code == 1
            assert "is not among the record's _entropy" in other.stdout


def test_a_spectator_sends_no_value_and_a_value_for_another_deck_is_refused() -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, seats=["you", "open", "bot:call"])
        code = made["code"]
        with seat(http, code, None) as rail:
            root = receive(rail, state)["table"]["deal"]["commitment"]
            rail.send_json({"type": "entropy", "hand": 1, "commitment": root, "value": "1" * 64})
            refused = receive(rail, error)
            assert refused["message"] == "only a player in a seat can send a value for the deal"
        with seat(http, code, made["token"]) as ws:
            receive(ws, lambda m: state(m) and m["you"] is not None)
            ws.send_json({"type": "entropy", "hand": 1, "commitment": "e" * 64, "value": "1" * 64})
            assert receive(ws, error)["reason"] == "entropy_stale"
            ws.send_json({"type": "start"})
            hand = receive(ws, seated)["hand"]
            assert hand["entropy"] == ["", ""]  # nothing was taken
            assert http.app.state.store.hand(code, 1).players[0]["entropy"] == ""


def test_a_record_is_not_published_before_its_hand_ends() -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, seats=["you", "bot:call"])
        with seat(http, made["code"], made["token"]) as ws:
            receive(ws, seated)
            early = http.get(f"/api/tables/{made['code']}/hands/1/record")
            assert early.status_code == 409
            assert "not over yet" in early.json()["error"]
            assert http.get(f"/api/tables/{made['code']}/hands/7/record").status_code == 404
            assert http.get("/api/tables/NOSUCH/hands/1/record").status_code == 404


# --------------------------------------------------------------------------- history


def test_each_reader_gets_only_their_own_down_cards_in_the_record_and_the_replay() -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, "stud8", seats=["you", "open"])
        bob = join(http, made["code"])
        code = made["code"]
        with seat(http, code, made["token"]) as ann, seat(http, code, bob["token"]) as bo:
            receive(ann, seated)
            receive(bo, seated)
            # both play to the end (each answers its own turns)
            done = threading.Thread(target=play_out, args=(bo,))
            done.start()
            play_out(ann)
            done.join(30)
        full = read_phh(http.app.state.store.hand_record(code, 1))  # type: ignore[attr-defined]
        listed = http.get(f"/api/tables/{code}/hands").json()["hands"]
        assert listed[0]["number"] == 1
        assert listed[0]["players"] == ["Ann", "Bob"]
        assert sum(listed[0]["net"]) == 0
        assert listed[0]["net"] == [
            f - s for f, s in zip(full.finishing_stacks or (), full.starting_stacks, strict=True)
        ]
        for token, me in ((made["token"], 0), (bob["token"], 1), (None, None)):
            headers = {} if token is None else {"authorization": f"Bearer {token}"}
            mine = read_phh(http.get(f"/api/tables/{code}/hands/1/record", headers=headers).text)
            assert mine.seed == full.seed
            assert mine.secret == full.secret
            assert len(mine.actions) == len(full.actions)
            hidden: set[str] = set()
            for got, real in zip(mine.actions, full.actions, strict=True):
                assert got.verb == real.verb
                for g, r in zip(got.cards, real.cards, strict=True):
                    assert g in (None, r)  # a card is the real one or hidden
                    if g is None:
                        assert real.seat != me, "a reader's own card was hidden from them"
                        hidden.add(str(r))
            shown = named(" ".join(str(c) for a in mine.actions for c in a.cards if c is not None))
            replay = http.get(f"/api/tables/{code}/hands/1/replay", headers=headers)
            frames = replay.json()
            assert frames["you"] == me
            assert frames["frames"][-1]["awards"]
            assert len(frames["frames"]) >= 2  # street by street
            # both called down, so both hands were shown: every reader's result names the five
            # cards of each winning hand, all of them the winner's (stud8 deals no common card)
            for award in frames["frames"][-1]["awards"]:
                dealt = {str(c) for a in full.actions if a.seat == award["seat"] for c in a.cards}
                assert award["cards"], award
                for half, five in award["cards"].items():
                    assert half in ("high", "low")
                    assert len(set(five)) == 5, award
                    assert set(five) <= dealt, award
            in_replay = named(replay.text)
            assert in_replay <= shown, "the replay names a card the reader's record hides"
            assert not in_replay & hidden


def test_a_folded_hand_stays_hidden_and_a_hand_shown_at_showdown_is_everyones() -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, "stud8", seats=["you", "open", "bot:call"])
        bob = join(http, made["code"])
        code = made["code"]
        with seat(http, code, made["token"]) as ann, seat(http, code, bob["token"]) as bo:
            receive(ann, seated)
            receive(bo, seated)
            done = threading.Thread(target=play_out, args=(bo,), kwargs={"fold": True})
            done.start()
            play_out(ann, bet=True)  # Bob faces a bet, and folds to it
            done.join(30)
        full = read_phh(http.app.state.store.hand_record(code, 1))  # type: ignore[attr-defined]
        players = [p["name"] for p in http.app.state.store.hand(code, 1).players]
        ann_e, bob_e, bot_e = (players.index(n) for n in ("Ann", "Bob", "Cleo"))
        assert any(a.verb == "f" and a.seat == bob_e for a in full.actions)
        assert not any(a.verb == "f" and a.seat in (ann_e, bot_e) for a in full.actions)

        data = http.app.state.store.hand(code, 1)
        state = history.rebuild(http.app.state.tables.get(code).rules_of(data.house), data)

        def down(e: int) -> set[str]:
            """Seat ``e``'s cards dealt face down, from the hand rebuilt in full."""
            cards = zip(state.hands[e], state.faceup[e], strict=True)
            return {str(c) for c, up in cards if not up}

        shown = {a.seat for a in full.actions if a.verb == "sm" and a.cards}
        assert {ann_e, bot_e} <= shown  # both called down and showed
        assert len(down(bob_e)) >= 2
        for token, reader in ((made["token"], ann_e), (bob["token"], bob_e), (None, None)):
            headers = {} if token is None else {"authorization": f"Bearer {token}"}
            text = http.get(f"/api/tables/{code}/hands/1/record", headers=headers).text
            assert read_phh(text).seed == full.seed
            replay = http.get(f"/api/tables/{code}/hands/1/replay", headers=headers).text
            for e in (ann_e, bob_e, bot_e):
                if e == reader or e in shown:  # their own, or shown at the showdown
                    assert down(e) <= named(text), (reader, e)
                    assert down(e) <= named(replay), (reader, e)
                else:  # Bob's folded hand: not one of his down cards, to anyone else
                    assert not down(e) & named(text), (reader, e)
                    assert not down(e) & named(replay), (reader, e)


# --------------------------------------------------------------------------- the ledger


def test_the_ledger_buys_in_rebuys_cashes_out_and_settles(tmp_path: Path) -> None:
    db = tmp_path / "ledger.db"
    with client(str(db), settings=SLOW_NEXT) as http:
        made = table(
            http,
            seats=["you", "bot:call", "bot:call"],
            stack=500,
            options={"max_buy": 100_000, "chip_value": "0.05"},
        )
        code = made["code"]
        with seat(http, code, made["token"]) as ws:
            receive(ws, seated)
            ws.send_json({"type": "rebuy", "chips": 100})
            assert receive(ws, error)["reason"] == "in_hand"
            over = play_out(ws)
            stack = over["hand"]["view"]["seats"][0]["stack"]
            ws.send_json({"type": "rebuy", "chips": 100_000})
            refused = receive(ws, error)
            assert refused["reason"] == "too_many_chips"
            assert f"you have {stack}, so you may add up to {100_000 - stack}" in refused["message"]
            ws.send_json({"type": "rebuy", "chips": 100})
            chats(ws, f"Ann rebuys 100 chips and has {stack + 100}")
            book = http.get(f"/api/tables/{code}/ledger").json()
            players = {p["player"]: p for p in book["players"]}
            assert set(players) == {"Ann", "Bram (bot)", "Cleo (bot)"}
            assert players["Ann"]["bought"] == 600
            assert players["Ann"]["won"] == stack - 500
            assert sum(p["balance"] for p in players.values()) == 0
            assert book["hands"] == 1
            assert players["Ann"]["money"] == f"{(stack - 500) * 0.05:.2f}"
            ws.send_json({"type": "leave"})
            assert receive(ws, error)["reason"] == "left"
        book = http.get(f"/api/tables/{code}/ledger").json()
        ann = next(p for p in book["players"] if p["player"] == "Ann")
        assert (ann["cashed"], ann["on_table"]) == (stack + 100, 0)
        owed = {p["player"]: p["settles"] for p in book["players"] if not p["bot"]}
        assert owed == {"Ann": 0}  # bots' chips are the house's: nobody to settle with
        assert book["house"] == -ann["won"]
        assert book["transfers"] == []
        rows = list(csv.DictReader(io.StringIO(http.get(f"/api/tables/{code}/ledger.csv").text)))
        kinds = [(r["kind"], r["player"]) for r in rows]
        assert kinds[:3] == [("buy-in", "Ann"), ("buy-in", "Bram (bot)"), ("buy-in", "Cleo (bot)")]
        assert ("rebuy", "Ann") in kinds
        assert ("cash-out", "Ann") in kinds
        assert rows[0]["money"] == "25.00"  # 500 chips at 0.05
    result = CliRunner().invoke(main, ["ledger", code, "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "1 hand, 3 players" in result.stdout
    assert "Settle up" in result.stdout
    for t in book["transfers"]:  # the command line settles up as the page does
        assert f"{t['payer']} pays {t['payee']} {t['chips']} chip" in result.stdout
    for args, words in (
        (["NOSUCH", "--db", str(db)], "no table 'NOSUCH'"),
        ([code, "--db", str(tmp_path / "typo.db")], "no such database file"),
        ([code, "--db", "nosuchdialect://x"], "--db 'nosuchdialect://x'"),
        (["no/such", "--db", str(db)], "neither a record file nor a table's code"),
    ):
        bad = CliRunner().invoke(main, ["ledger", *args])
        assert bad.exit_code == 2, bad.output
        assert words in bad.stderr
        assert len(bad.stderr.strip().splitlines()) == 1, bad.stderr
    assert not (tmp_path / "typo.db").exists()  # a typo makes no empty database


# --------------------------------------------------------------------------- the host


def host(ws: WebSocketTestSession, do: str, **fields: Any) -> None:
    ws.send_json({"type": "host", "do": do, **fields})


def test_the_host_approves_declines_removes_and_others_are_refused() -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, seats=["you", "open", "bot:call"], options={"approve_seats": True})
        code = made["code"]
        with seat(http, code, made["token"]) as ann:
            receive(ann, state)
            bob = join(http, code, "Bob")
            assert bob["waiting"] is True
            assert bob["seat"] is None
            asked = receive(ann, lambda m: state(m) and m.get("host", {}).get("requests"))
            ((request,),) = [asked["host"]["requests"]]
            assert request["name"] == "Bob"
            with seat(http, code, bob["token"]) as bo:
                waiting = receive(bo, lambda m: state(m) and "request" in m)
                assert waiting["you"] is None
                assert waiting["request"]["status"] == "waiting"
                host(bo, "approve", request=request["id"])
                refused = receive(bo, error)
                assert refused["reason"] == "not_host"
                host(ann, "approve", request=request["id"])
                sat = receive(bo, lambda m: state(m) and m["you"] is not None)
                assert sat["you"]["seat"] == 1
                host(ann, "remove", seat=1)
                assert receive(bo, error)["reason"] == "removed"
            play_out(ann)  # the table folds for Bob; he cashes out as the hand ends
            cy = join(http, code, "Cy")
            asked = receive(ann, lambda m: state(m) and m.get("host", {}).get("requests"))
            with seat(http, code, cy["token"]) as c:
                receive(c, lambda m: state(m) and "request" in m)
                host(ann, "decline", request=asked["host"]["requests"][0]["id"])
                assert receive(c, error)["reason"] == "declined"
            for bad, reason in (
                ({"do": "remove", "seat": 0}, "host"),
                ({"do": "remove", "seat": 9}, "no_seat"),
                ({"do": "approve", "request": 999}, "no_request"),
                ({"do": "resume"}, "not_paused"),
                ({"do": "add_bot", "bot": "nobody"}, "bot"),
            ):
                host(ann, **bad)
                got = receive(ann, error)
                assert got["reason"] == reason, got
                assert "\n" not in got["message"]
        book = http.get(f"/api/tables/{code}/ledger").json()
        bob_row = next(p for p in book["players"] if p["player"] == "Bob")
        assert bob_row["bought"] == 1000  # Auction's buy-in: 100 big bets
        assert bob_row["on_table"] == 0
        assert bob_row["cashed"] == 1000 + bob_row["won"]
        assert bob_row["hands"] == 1
        lines = table_log(http)
        assert "The host seats Bob with 1000 chips" in lines
        assert "The host did not seat Cy" in lines
        assert "The host removes Bob, who cashes out at the end of this hand" in lines


def test_the_host_pauses_changes_the_rules_and_adds_a_bot_between_hands() -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, "stud8", seats=["you", "bot:call", "open"])
        code = made["code"]
        with seat(http, code, made["token"]) as ann:
            ann.send_json({"type": "start"})  # without waiting for a friend in the open seat
            receive(ann, seated)
            host(ann, "pause")
            paused = receive(ann, lambda m: state(m) and m["table"]["paused"])
            assert paused["table"]["paused"]
            host(ann, "house", house={"ante": 3, "qualifier": 7})
            changed = receive(ann, lambda m: state(m) and m["table"]["house"].get("ante") == 3)
            assert changed["table"]["stakes"]["ante"] == 3
            assert changed["hand"]["view"]["log"] == paused["hand"]["view"]["log"]
            host(ann, "house", house={"ante": -1})
            bad = receive(ann, error)
            assert "ante" in bad["message"]
            assert "\n" not in bad["message"]
            host(ann, "add_bot", seat=2, bot="random")
            added = receive(ann, lambda m: state(m) and m["table"]["seats"][2]["kind"] == "bot")
            assert added["table"]["seats"][2]["bot"] == "random"
            host(ann, "resume")
            receive(ann, lambda m: state(m) and not m["table"]["paused"])
            lines = table_log(http)
            assert any("ante 1 → 3" in line and "qualifier" in line for line in lines)
            assert "The host resumes the table" in lines
            over = play_out(ann)
            assert over["hand"]["view"]["seats"][0]  # hand 1 kept its rules: ante 1
        full = read_phh(http.app.state.store.hand_record(code, 1))  # type: ignore[attr-defined]
        assert full.antes == (1, 1)


def test_a_non_host_gets_a_clear_refusal_for_every_host_action() -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, seats=["you", "open"])
        bob = join(http, made["code"])
        with seat(http, made["code"], bob["token"]) as bo, seat(http, made["code"], None) as eve:
            receive(bo, seated)
            for ws in (bo, eve):
                for do, fields in (
                    ("pause", {}),
                    ("resume", {}),
                    ("remove", {"seat": 0}),
                    ("add_bot", {"seat": 1}),
                    ("approve", {"request": 1}),
                    ("decline", {"request": 1}),
                    ("house", {"house": {"ante": 2}}),
                    ("options", {"options": {"odds": True}}),
                ):
                    host(ws, do, **fields)
                    refused = receive(ws, error)
                    assert refused["reason"] == "not_host", (do, refused)
                    assert "only the host" in refused["message"]
        info = http.get(f"/api/tables/{made['code']}").json()
        assert info["paused"] is False
        assert info["stakes"]["ante"] == 1
        assert info["options"]["odds"] is False
        assert [s["kind"] for s in info["seats"]] == ["human", "human"]


def test_the_host_offers_the_odds_panel_and_removes_a_bot_which_cashes_out() -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, "stud8", seats=["you", "bot:call", "bot:call"])
        code = made["code"]
        with seat(http, code, made["token"]) as ann:
            assert receive(ann, seated)["you"]["odds"] is False
            host(ann, "options", options={"odds": True, "chip_value": "0.25"})
            on = receive(ann, lambda m: state(m) and m["table"]["options"]["odds"])
            assert on["you"]["odds"] is True
            assert receive(ann, lambda m: m["type"] == "odds")["hand"] == 1
            host(ann, "options", options={"max_buy": "lots"})
            assert "option 'max_buy'" in receive(ann, error)["message"]
            play_out(ann)
            host(ann, "remove", seat=2)
            gone = receive(ann, lambda m: state(m) and m["table"]["seats"][2]["kind"] == "open")
            assert gone["table"]["seats"][2]["stack"] == 0
        lines = table_log(http)
        assert any("odds off → on" in line and "chip_value none → 0.25" in line for line in lines)
        book = http.get(f"/api/tables/{code}/ledger").json()
        cleo = next(p for p in book["players"] if p["player"] == "Cleo (bot)")
        assert cleo["on_table"] == 0
        assert cleo["cashed"] == cleo["bought"] + cleo["won"]  # every chip it had, cashed out
        assert sum(p["balance"] for p in book["players"]) == 0


def test_a_bot_seated_again_is_a_new_line_and_the_settle_up_is_among_people() -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, "stud8", seats=["you", "bot:call", "bot:call"], stack=500)
        code = made["code"]
        with seat(http, code, made["token"]) as ann:
            receive(ann, seated)
            play_out(ann)
            host(ann, "remove", seat=2)
            receive(ann, lambda m: state(m) and m["table"]["seats"][2]["kind"] == "open")
            host(ann, "add_bot", seat=2, bot="call")
            added = receive(ann, lambda m: state(m) and m["table"]["seats"][2]["kind"] == "bot")
            assert added["table"]["seats"][2]["name"] == "Cleo (2)"
            play_out(ann, 2)
        book = http.get(f"/api/tables/{code}/ledger").json()
        players = {p["player"]: p for p in book["players"]}
        assert list(players) == ["Ann", "Bram (bot)", "Cleo (bot)", "Cleo (2) (bot)"]
        first, second = players["Cleo (bot)"], players["Cleo (2) (bot)"]
        assert (first["hands"], first["on_table"]) == (1, 0)  # cashed out, never bought again
        assert (second["bought"], second["hands"]) == (500, 1)  # a buy-in of its own
        assert [p["bot"] for p in players.values()] == [False, True, True, True]
        assert players["Ann"]["settles"] == 0  # alone among people: owes and is owed nothing
        assert book["house"] == -players["Ann"]["won"]
        assert book["transfers"] == []  # never "Ann pays Bram (bot)"


# --------------------------------------------------------------------------- chat


def test_players_and_spectators_chat_apart_with_limits() -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, seats=["you", "bot:call"])
        code = made["code"]
        with seat(http, code, made["token"]) as ann, seat(http, code, None) as eve:
            receive(ann, seated)
            receive(eve, state)
            ann.send_json({"type": "chat", "text": "players only <b>hi</b>"})
            eve.send_json({"type": "chat", "text": "from the rail", "name": "Eve"})
            ann.send_json({"type": "chat", "text": "marker for ann"})
            eve.send_json({"type": "chat", "text": "marker for eve"})
            seen_by_ann = chats(ann, "marker for ann")
            seen_by_eve = chats(eve, "marker for eve")
            assert any(m["text"] == "players only <b>hi</b>" for m in seen_by_ann)  # as typed
            assert not any("from the rail" in m["text"] for m in seen_by_ann)
            assert not any("players only" in m["text"] for m in seen_by_eve)
            eve_line = next(m for m in seen_by_eve if m["text"] == "from the rail")
            assert (eve_line["name"], eve_line["room"]) == ("Eve", "spectators")
            ann.send_json({"type": "chat", "text": "x" * 301})
            assert "at most 300 characters" in receive(ann, error)["message"]
            ann.send_json({"type": "chat", "text": "bell\x07"})
            assert "control characters" in receive(ann, error)["message"]
            for i in range(8):
                ann.send_json({"type": "chat", "text": f"flood {i}"})
            limited = receive(ann, lambda m: error(m) and m["reason"] == "chat_rate")
            assert "at most 5 lines at once" in limited["message"]


# --------------------------------------------------------------------------- the odds panel


def test_the_odds_panel_is_the_seats_own_and_off_unless_the_table_offers_it() -> None:
    with client(settings=SLOW_NEXT) as http:
        made = table(http, "stud8", seats=["you", "bot:call"], options={"odds": True})
        with seat(http, made["code"], made["token"]) as ws, seat(http, made["code"], None) as eve:
            receive(ws, seated)
            odds = receive(ws, lambda m: m["type"] == "odds")
            assert odds["hand"] == 1
            shares = odds["share"]["value"]
            assert 0 <= shares <= 1
            assert {"high", "low", "scoop", "share", "exact"} <= set(odds)
            ws.send_json({"type": "odds", "on": False})
            off = receive(ws, lambda m: state(m) and m["you"]["odds"] is False)
            assert off["you"]["odds"] is False
            eve.send_json({"type": "ping"})
            for _ in range(50):  # a spectator never gets a seat's odds
                message = next_message(eve)
                assert message["type"] != "odds"
                if message["type"] == "pong":
                    break
        made = table(http, "stud8", seats=["you", "bot:call"])
        with seat(http, made["code"], made["token"]) as ws:
            assert receive(ws, seated)["you"]["odds"] is False
            ws.send_json({"type": "odds", "on": True})
            assert receive(ws, error)["reason"] == "odds_off"


def test_the_odds_are_computed_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    threads: list[str] = []
    real = oddspanel.view_odds

    def slow(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        release.wait(20)
        return real(*args, **kwargs)

    monkeypatch.setattr(oddspanel, "view_odds", slow)
    with client(settings=SLOW_NEXT) as http:
        made = table(http, "stud8", seats=["you", "bot:call"], options={"odds": True})
        other = table(http, "razz", seats=["you", "bot:call"])
        with seat(http, made["code"], made["token"]) as ws, seat(http, other["code"], None) as o:
            receive(ws, seated)
            for _ in range(100):  # wait until the odds are being computed
                if threads:
                    break
                threading.Event().wait(0.05)
            o.send_json({"type": "ping"})
            receive(o, lambda m: m["type"] == "pong")  # the other table answers meanwhile
            release.set()
            odds = receive(ws, lambda m: m["type"] == "odds")
            assert odds["hand"] == 1
    assert threads
    assert all(name.startswith("splitpot-odds") for name in threads)


def test_an_option_the_host_may_not_set_is_refused_at_creation(tmp_path: Path) -> None:
    with client() as http:
        for options, words in (
            ({"odds": "yes"}, "option 'odds' is true or false"),
            ({"max_buy": 0}, "option 'max_buy'"),
            ({"chip_value": "free"}, "a chip's value is a positive number"),
            ({"colour": 1}, "no option 'colour'"),
        ):
            body = {"game": "auction", "seats": ["you", "bot"], "name": "Ann"}
            reply = http.post("/api/tables", json={**body, "options": options})
            assert reply.status_code == 400
            assert words in reply.json()["error"]
