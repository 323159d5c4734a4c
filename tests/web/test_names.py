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


async def evening(url: str) -> tuple[str, dict[str, Any], str]:
    with httpx2.Client(base_url=url) as http:
        made = http.post(
            "/api/tables",
            json={
                "game": "stud8",
                "seats": ["you", "open", "open"],  # waits for "Deal now": no hand is dealt
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
                await zed.send(json.dumps({"type": "leave"}))
                await until(zed, lambda m: m["type"] == "error" and m["reason"] == "left")
            await until(
                ann, lambda m: m["type"] == "state" and m["table"]["seats"][1]["kind"] == "open"
            )
            _, name = await seat_zed(code, ann, http)
            assert name == "Zed (2)"
        book = http.get(f"/api/tables/{code}/ledger").json()
        text = http.get(f"/api/tables/{code}/ledger.csv").text
    return code, book, text


def test_the_host_seats_a_second_zed_as_a_person_of_their_own(db: str, tmp_path: Path) -> None:
    with ServerProcess(
        db, "--bot-delay", "0", "--next-delay", "60", errors=tmp_path / "serve.stderr"
    ) as server:
        code, book, text = asyncio.run(asyncio.wait_for(evening(server.url), 60))
    players = {p["player"]: p for p in book["players"]}
    assert list(players) == ["Ann", "Zed", "Zed (2)"]
    assert players["Zed"]["bought"] == STACK  # not STACK * 2: the newcomer is no rebuy of his
    assert players["Zed"]["cashed"] == STACK
    assert (players["Zed (2)"]["bought"], players["Zed (2)"]["on_table"]) == (STACK, STACK)
    assert book["transfers"] == []  # no hand was played: nobody owes anybody
    rows = [(r["kind"], r["player"]) for r in csv.DictReader(io.StringIO(text))]
    assert rows[:4] == [
        ("buy-in", "Ann"),
        ("buy-in", "Zed"),
        ("cash-out", "Zed"),
        ("buy-in", "Zed (2)"),
    ]
    assert code
