"""The restart test: ``splitpot serve`` killed with SIGKILL in the middle of a hand and started
again on the same database goes on with the same hand to the same end as a run that was never
interrupted, and no chip is created or lost.

Both runs deal the same table from the same seed (``--allow-seeds``): two seats played by this
test, one by a heuristic bot. The test makes the moves in a fixed order (the bot's first, then
the players' by seat, each after the last was answered), so the log of both runs is the same
move for move; the bots are seeded by the hand and their own count of moves.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection
from webtools import ServerProcess, table_socket

from splitpot.notation import format_action, read_phh
from splitpot.server.store import Store

SEED = 20_151
STACK = 500
OPTIONS = ("--allow-seeds", "--bot-delay", "0", "--next-delay", "60", "--lease", "2")


def move(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """A fixed choice for a view: check or call, the minimum bid plus the seat number, the
    first card offered, the first declaration."""
    by = {o["verb"]: o for o in view["options"]}
    if "cc" in by:
        return {"type": "act", "verb": "cc"}
    option = by.get("bid") or view["options"][0]
    out: dict[str, Any] = {"type": "act", "verb": option["verb"]}
    if option["verb"] in ("bid", "cbr"):
        out["amount"] = min(option["max"], option["min"] + seat)
    if option["cards"]:
        out["card"] = option["cards"][0]
    if option["declarations"]:
        out["declaration"] = option["declarations"][0]
    return out


class Players:
    """The test's two seats: their sockets, the latest snapshot each received, moves sent."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.sockets: list[ClientConnection] = []
        self.latest: list[dict[str, Any] | None] = [None, None]
        self.sent = [0, 0]
        self.moves = 0
        self.first_after_restart: list[dict[str, Any] | None] = [None, None]

    async def open(self, url: str) -> None:
        self.sockets = []
        for token in self.tokens:
            ws = await table_socket(url, self.code)
            await ws.send(json.dumps({"type": "hello", "token": token}))
            self.sockets.append(ws)

    async def state(self, i: int) -> dict[str, Any]:
        """The next snapshot on socket ``i`` that answers every move it sent."""
        while True:
            message = json.loads(await self.sockets[i].recv())
            assert message["type"] != "error", message
            if message["type"] == "state" and message["you"] and message["acks"] >= self.sent[i]:
                self.latest[i] = message
                return message

    async def play(
        self, stop_after: int | None, states: list[dict[str, Any]] | None = None
    ) -> None:
        """Make moves until the first hand is over, or until ``stop_after`` moves are sent;
        ``states``: the snapshots already received on each socket."""
        states = states or [await self.state(0), await self.state(1)]
        while True:
            hand = states[0]["hand"]
            if hand is not None and hand["view"]["finished"]:
                return
            if hand is None or any(hand["players"][e]["bot"] for e in hand["view"]["to_act"]):
                states[0] = await self.state(0)  # the dealer or the bot first
                continue
            engine = min(hand["view"]["to_act"])
            i = next(k for k, s in enumerate(states) if s["hand"]["you"] == engine)
            view = states[i]["hand"]["view"]
            if len(view["log"]) != len(hand["view"]["log"]):
                # the socket that is behind reads on (both get every change): a snapshot sent
                # before the other seat's hello can still be waiting on socket 0
                behind = i if len(view["log"]) < len(hand["view"]["log"]) else 0
                states[behind] = await self.state(behind)
                continue
            sent = {**move(view, engine), "hand": 1, "at": len(view["log"])}
            await self.sockets[i].send(json.dumps(sent))
            self.sent[i] += 1
            self.moves += 1
            if stop_after is not None and self.moves >= stop_after:
                return
            states = [await self.state(0), await self.state(1)]

    async def close(self) -> None:
        for ws in self.sockets:
            await ws.close()


def create(url: str) -> tuple[str, list[str]]:
    with httpx2.Client(base_url=url) as http:
        made = http.post(
            "/api/tables",
            json={
                "game": "auction",
                "seats": ["you", "open", "bot:heuristic"],
                "name": "Ann",
                "stack": STACK,
                "timer": 0,
                "seed": SEED,
            },
        ).json()
        joined = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"}).json()
    return made["code"], [made["token"], joined["token"]]


def run(
    db: str, errors: Path, kill_after: int | None
) -> tuple[Any, list[int], list[dict[str, Any] | None]]:
    """Play hand 1 of a fresh table on ``db`` (the server's stderr to ``errors``); with
    ``kill_after``, kill the server after that many moves (the last one sent, its answer not
    awaited) and finish the hand on a new one, checking that each seat finds the table as it
    left it. The hand's record, the seats' stacks, and the last snapshots before the kill."""
    server = ServerProcess(db, *OPTIONS, errors=errors)
    url = server.start()
    code, tokens = create(url)
    players = Players(tokens)
    players.code = code  # type: ignore[attr-defined]
    before: list[dict[str, Any] | None] = [None, None]
    after: list[dict[str, Any] | None] = [None, None]

    async def go() -> None:
        nonlocal url
        await players.open(url)
        await players.play(kill_after)
        if kill_after is not None:
            before[:] = players.latest
            server.kill()
            await asyncio.gather(*(ws.wait_closed() for ws in players.sockets))
            url = server.start()  # the same database, a new process (and port)
            players.sent = [0, 0]
            await players.open(url)
            first = [await players.state(0), await players.state(1)]
            after[:] = first
            await players.play(None, first)
        await players.close()

    try:
        asyncio.run(asyncio.wait_for(go(), 120))
    finally:
        server.stop()
    store = Store(db)
    phh = store.hand_record(code, 1)
    assert phh is not None, "hand 1 did not finish"
    (table,) = store.tables(code)
    stored = [line for _, line, _ in store.hand_actions(code, 1)]
    store.close()
    # every move stored once: none lost, none made twice (the showdown's shows are the
    # referee's, not moves)
    moves = [a for a in read_phh(phh).actions if not a.by_dealer and a.verb != "sm"]
    assert stored == [format_action(a) for a in moves]
    for old, new in zip(before, after, strict=True):  # each seat is where it was
        if old is not None and new is not None:
            seen, now = old["hand"]["view"], new["hand"]["view"]
            assert now["log"][: len(seen["log"])] == seen["log"]
            assert new["hand"]["you"] == old["hand"]["you"]
            assert (
                now["seats"][new["hand"]["you"]]["down"]
                == seen["seats"][old["hand"]["you"]]["down"]
            )
    return read_phh(phh), [s.stack for s in table.seats], before


def test_a_killed_server_resumes_the_hand_to_the_same_end(
    new_db: Callable[[str], str], tmp_path: Path
) -> None:
    whole, whole_stacks, _ = run(new_db("whole"), tmp_path / "whole.stderr", None)
    resumed, resumed_stacks, before = run(new_db("killed"), tmp_path / "killed.stderr", 9)
    assert resumed.seed == whole.seed
    assert resumed.actions == whole.actions
    assert resumed.finishing_stacks == whole.finishing_stacks
    assert sum(resumed.finishing_stacks or ()) == 3 * STACK  # no chip created or lost
    assert resumed_stacks == whole_stacks == list(resumed.finishing_stacks or ())
    # the kill came in the middle of the hand: moves before it and after it
    assert before[0] is not None
    killed_at = len(before[0]["hand"]["view"]["log"])
    assert 0 < killed_at < len(whole.actions)
