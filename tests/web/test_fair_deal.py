"""Over real sockets (issue 32): a folded or mucked hand's down cards cannot be learned from
anything a spectator or another seat receives, during the hand or after it, while every reader
can still check the deal (docs/fairness.md, splitpot-deal-v2).

``splitpot serve`` runs in a process of its own on 127.0.0.1. At each table two seats are
played by clients of this test (folding often), two by server bots, and one more client
watches; the seated clients send a value for each deck's root, as the page does. For each
hand and each reader, everything the reader received is gathered — every WebSocket message
(snapshots with the fair-deal panel's data, the table's log), their downloaded record, their
replay, the list of hands — and the cards it names, or that their record's openings open, are
compared with the cards only another seat saw (worked out from the server's own store). The
hand's seed and secret must appear nowhere. Each reader's record must verify against the
root the reader saw before the deal, with the reader's own value.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

import httpx2
import pytest
from websockets.asyncio.client import connect
from webtools import ServerProcess

from splitpot import variants
from splitpot.cards import CARDS as DECK
from splitpot.fairness import leaf, verify
from splitpot.house import with_house
from splitpot.notation import read_phh
from splitpot.server.history import rebuild
from splitpot.server.store import Store
from splitpot.views import public_view, view

GAMES = [("stud", 8), ("stud8", 6), ("nasdaq", 6), ("stud5buy", 6)]
"""(game, hands) per table: the down cards of stud, NASDAQ's face-down discards and sales,
the bought-away cards of five-card stud with a buy."""
CARDS = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|\?\?)+(?![A-Za-z0-9])")


def named(text: str) -> set[str]:
    """The cards a text names (runs such as ``AhKd??`` split in twos), ``??`` left out."""
    return {run[i : i + 2] for run in CARDS.findall(text) for i in range(0, len(run), 2)} - {"??"}


@dataclass
class Reader:
    """One connection of the test: a seat (its table position and token) or a spectator."""

    position: int | None
    token: str | None
    hands: int
    texts: dict[int, list[str]] = field(default_factory=dict)
    """Hand number -> every state message received while it was the table's hand."""
    log: list[str] = field(default_factory=list)
    """Every chat message (the table's log) received."""
    roots: dict[int, str] = field(default_factory=dict)
    """Hand number -> the root of its deck as this reader saw it before the deal."""
    values: dict[str, str] = field(default_factory=dict)
    """Root -> the value this reader sent for it."""


def choose(view_: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal move from a view: a fold as often as not, else the least of a random option."""
    options = view_["options"]
    if any(o["verb"] == "f" for o in options) and rng.random() < 0.5:
        return {"type": "act", "verb": "f"}
    option = rng.choice(options)
    move: dict[str, Any] = {"type": "act", "verb": option["verb"]}
    if option["min"] is not None and option["verb"] in ("cbr", "bid", "sell"):
        move["amount"] = option["choices"][0] if option["choices"] else option["min"]
    if option["cards"]:
        move["card"] = rng.choice(option["cards"])
    if option["declarations"]:
        move["declaration"] = rng.choice(option["declarations"])
    return move


async def play(url: str, code: str, reader: Reader, rng: random.Random) -> None:
    """Connect, play (or watch) until the reader's last hand is over, keeping every message."""
    sent = 0
    async with connect(url.replace("http", "ws") + f"/ws/{code}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": reader.token}))
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "chat":
                reader.log.append(text)
                continue
            if message["type"] != "state":
                continue
            deal, hand = message["table"].get("deal"), message["hand"]
            if deal is not None and (hand is None or hand["view"]["finished"]):
                reader.roots.setdefault(deal["number"], deal["commitment"])
                if reader.position is not None and deal["commitment"] not in reader.values:
                    value = secrets.token_hex(32)
                    reader.values[deal["commitment"]] = value
                    await ws.send(
                        json.dumps(
                            {"type": "entropy", "hand": deal["number"], "value": value,
                             "commitment": deal["commitment"]}
                        )
                    )  # fmt: skip
            if hand is None:
                continue
            number = hand["number"]
            if number > reader.hands:
                return
            reader.texts.setdefault(number, []).append(text)
            view_ = hand["view"]
            if view_["finished"]:
                if number == reader.hands:
                    return
                continue
            if reader.position is None or message["acks"] < sent or not view_["options"]:
                continue
            at = len(view_["log"])  # the decision the move answers
            await ws.send(json.dumps({**choose(view_, rng), "hand": number, "at": at}))
            sent += 1


def opened(record: Any) -> set[str]:
    """The cards a v2 record's openings open: all it tells of the deck beyond its actions."""
    leaves, out = record.fields["_leaves"], set()
    for text in record.fields["_openings"]:
        place, salt = text.split(":")
        out |= {str(c) for c in DECK if leaf(int(place), c, salt) == leaves[int(place)]}
    return out


@pytest.mark.slow
def test_a_folded_hand_cannot_be_learned_by_a_spectator_or_another_seat(
    db: str, tmp_path: Any
) -> None:
    server = ServerProcess(
        db,
        *("--bot-delay", "0", "--next-delay", "0.3", "--rate", "1000", "--lobby-burst", "1000"),
        errors=tmp_path / "fair.stderr",
    )
    tables: list[tuple[str, str, list[Reader]]] = []
    with server, httpx2.Client(base_url=server.url) as http:
        for game, hands in GAMES:
            made = http.post(
                "/api/tables",
                json={
                    "game": game,
                    "seats": ["you", "open", "bot:heuristic", "bot:call"],
                    "name": "Ann",
                    "stack": 100_000,
                    "timer": 0,
                },
            ).json()
            joined = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"}).json()
            readers = [
                Reader(made["seat"], made["token"], hands),
                Reader(joined["seat"], joined["token"], hands),
                Reader(None, None, hands),
            ]
            tables.append((game, made["code"], readers))

        async def run_all() -> None:
            rng = random.Random(32)
            tasks = [
                play(server.url, code, reader, random.Random(rng.random()))
                for _, code, readers in tables
                for reader in readers
            ]
            await asyncio.wait_for(asyncio.gather(*tasks), timeout=300)

        asyncio.run(run_all())
        store = Store(db)
        folded = mixed = 0
        for game, code, readers in tables:
            rules = with_house(variants.get(game), {})
            listed = http.get(f"/api/tables/{code}/hands").text
            for number in range(1, readers[0].hands + 1):
                data = store.hand(code, number)
                assert data is not None
                assert data.over
                assert data.secret is not None
                state = rebuild(rules, data)
                public = named(" ".join(map(str, public_view(state).log)))
                private = [
                    named(" ".join(map(str, view(state, s).log))) - public for s in range(state.n)
                ]
                folded += sum(bool(state.folded[s] and private[s]) for s in range(state.n))
                for reader in readers:
                    e = next(
                        (i for i, p in enumerate(data.players) if p["seat"] == reader.position),
                        None,
                    )
                    headers = {"authorization": f"Bearer {reader.token}"} if reader.token else {}
                    path = f"/api/tables/{code}/hands/{number}"
                    record_text = http.get(f"{path}/record", headers=headers).text
                    replay_text = http.get(f"{path}/replay", headers=headers).text
                    texts = [*reader.texts[number], *reader.log, record_text, replay_text, listed]
                    everything = "\n".join(texts)
                    assert str(data.seed) not in everything, f"{code} hand {number}: the seed"
                    assert data.secret not in everything, f"{code} hand {number}: the secret"
                    record = read_phh(record_text)
                    learnable = opened(record)
                    for text in texts:
                        learnable |= named(text)
                    own = private[e] if e is not None else set()
                    for s in range(state.n):
                        if s == e:
                            continue
                        leaked = (private[s] - own) & learnable
                        assert not leaked, f"{code} hand {number}: p{s + 1}'s {leaked} to {e}"
                    value = None
                    if e is not None:
                        value = reader.values.get(reader.roots[number])
                        if value is not None and data.players[e].get("entropy") == value:
                            mixed += 1
                        else:
                            value = None  # it came after the deal: not in the mix
                    verdict = verify(record, commitment=reader.roots[number], entropy=value)
                    assert verdict.ok, (code, number, e, verdict.problems)
        store.close()
    assert folded >= 10, folded  # hands with a folded seat's private cards to keep
    assert mixed > 0, mixed
