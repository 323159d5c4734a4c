"""A name is not a person, over real sockets (``splitpot serve`` in a process of its own): at a
table whose host approves seats, Zed is seated, leaves, and a newcomer asking for the name
"Zed" is seated by the host as "Zed (2)" — a line of the ledger and a buy-in of their own, in
the JSON and the CSV the page reads."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection, connect
from webtools import ServerProcess

STACK = 300


async def until(ws: ClientConnection, wanted: Any) -> dict[str, Any]:
    """The next message on ``ws`` that ``wanted`` accepts."""
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if wanted(message):
            return message


def requests(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The seat requests a host's snapshot lists."""
    if message["type"] != "state":
        return []
    found: list[dict[str, Any]] = message.get("host", {}).get("requests", [])
    return found


def over(message: dict[str, Any]) -> bool:
    """A snapshot of hand 1 finished."""
    hand = message.get("hand") if message["type"] == "state" else None
    return hand is not None and hand["number"] == 1 and hand["view"]["finished"]


async def seat_zed(code: str, ann: ClientConnection, http: httpx2.Client) -> tuple[str, str]:
    """Someone asks for a seat as "Zed", the host approves it; their token, and the name seat 1
    shows them by."""
    asked = http.post(f"/api/tables/{code}/join", json={"name": "Zed"}).json()
    assert asked["waiting"] is True
    (request,) = requests(await until(ann, requests))
    assert request["name"] == "Zed"
    await ann.send(json.dumps({"type": "host", "do": "approve", "request": request["id"]}))
    seated = await until(
        ann, lambda m: m["type"] == "state" and m["table"]["seats"][1]["kind"] == "human"
    )
    assert not requests(seated)
    return asked["token"], seated["table"]["seats"][1]["name"]


async def evening(url: str) -> tuple[dict[str, Any], str]:
    with httpx2.Client(base_url=url) as http:
        made = http.post(
            "/api/tables",
            json={
                "game": "stud8",
                "seats": ["you", "open", "open"],  # waits for "Deal now"
                "name": "Ann",
                "stack": STACK,
                "timer": 0,
                "options": {"approve_seats": True},
            },
        ).json()
        code = made["code"]
        ws_url = url.replace("http", "ws") + f"/ws/{code}"
        async with connect(ws_url) as ann:
            await ann.send(json.dumps({"type": "hello", "token": made["token"]}))
            first, name = await seat_zed(code, ann, http)
            assert name == "Zed"
            async with connect(ws_url) as zed:
                await zed.send(json.dumps({"type": "hello", "token": first}))
                await until(zed, lambda m: m["type"] == "state" and m["you"] is not None)
                await ann.send(json.dumps({"type": "start"}))  # deal now, the third seat open
                await until(zed, lambda m: m["type"] == "state" and m["hand"] is not None)
                await ann.send(json.dumps({"type": "sit_out"}))  # the table moves for Ann
                await zed.send(json.dumps({"type": "leave"}))  # and for Zed, who has left
                await until(zed, lambda m: m["type"] == "error" and m["reason"] == "left")
            await until(ann, over)
            _, name = await seat_zed(code, ann, http)
            assert name == "Zed (2)"
        book = http.get(f"/api/tables/{code}/ledger").json()
        text = http.get(f"/api/tables/{code}/ledger.csv").text
    return book, text


def test_the_host_seats_a_second_zed_as_a_person_of_their_own(db: str, tmp_path: Path) -> None:
    with ServerProcess(
        db, "--bot-delay", "0", "--next-delay", "60", errors=tmp_path / "serve.stderr"
    ) as server:
        book, text = asyncio.run(asyncio.wait_for(evening(server.url), 60))
    players = {p["player"]: p for p in book["players"]}
    assert list(players) == ["Ann", "Zed", "Zed (2)"]
    zed, newcomer = players["Zed"], players["Zed (2)"]
    assert zed["bought"] == STACK  # not STACK * 2: the newcomer is no rebuy of his
    assert (zed["hands"], zed["on_table"], zed["cashed"]) == (1, 0, STACK + zed["won"])
    assert (newcomer["bought"], newcomer["on_table"], newcomer["balance"]) == (STACK, STACK, 0)
    assert zed["balance"] == -players["Ann"]["balance"] != 0  # the table folded one of them
    ((transfer),) = book["transfers"]  # between the first Zed and Ann, the newcomer owes nothing
    assert {transfer["payer"], transfer["payee"]} == {"Ann", "Zed"}
    assert transfer["chips"] == abs(zed["balance"])
    rows = [(r["kind"], r["player"]) for r in csv.DictReader(io.StringIO(text))]
    assert rows[:2] == [("buy-in", "Ann"), ("buy-in", "Zed")]
    assert rows.index(("cash-out", "Zed")) < rows.index(("buy-in", "Zed (2)"))
    assert ("rebuy", "Zed") not in rows
    assert ("transfer", transfer["payer"]) in rows
