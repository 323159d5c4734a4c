"""The leak test: a thousand hands of every game over real WebSockets, and every message each
seat and each spectator received checked against what that reader may know.

``splitpot serve`` runs in a process of its own on 127.0.0.1 (a port it picks). At each table two
seats are played by clients of this test (random legal moves, chosen from the options each
message offers), two by server bots, and one more client watches. Every message is checked against
the truth of its hand, worked out from the hand's PHH record, never from a view:

- no card appears that was face down in another seat's hand (up to the point of the hand the
  message shows) and not yet shown to the table (turned up, offered, laid out, shown at the
  showdown), unless the reader held it itself; a spectator holds none;
- no sealed move of another seat (a bid or pass at a sealed auction or sale, a simultaneous
  declaration, a turn-up) shows what it was before the last of its round is in;
- the hand's seed and secret (which would open every card: docs/fairness.md), and any seat's
  token, appear nowhere, during the hand or after it;
- each seat is sent its own seat's view, and every move the views offered was accepted.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import httpx2
import pytest
from websockets.asyncio.client import connect
from webtools import ServerProcess

from splitpot import variants
from splitpot.house import with_house
from splitpot.notation import read_phh
from splitpot.phases.base import phase_of
from splitpot.records import replay, start
from splitpot.server.store import Store

# (game, house rules, hands): 1,000 hands across every game, sealed sale bidding and
# in-turn and simultaneous declarations included.
TABLES: list[tuple[str, dict[str, Any], int]] = [
    ("auction", {}, 130),
    ("nasdaq", {}, 90),
    ("nasdaq", {"sale_bidding": "sealed"}, 90),
    ("nasdaq7", {}, 80),
    ("nasdaq7", {"sale_bidding": "sealed"}, 80),
    ("stud8", {}, 90),
    ("stud", {}, 70),
    ("razz", {}, 70),
    ("stud5", {}, 60),
    ("stud5hilo", {"showdown": "declare", "declare_order": "in-turn"}, 70),
    ("stud5buy", {}, 90),
    ("stud5buy", {"buy_prices": [10, 20], "declare_both": True}, 80),
]
SEALED_VERBS = frozenset({"bid", "pass", "dec", "up"})
CARDS = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|\?\?)+(?![A-Za-z0-9])")
"""A run of cards written together ("Ah", "AhKd??"), as record lines and card lists hold them."""
TOP_KEYS = {"type", "table", "you", "acks", "hand", "next_in", "host", "request"}
"""A snapshot's fields (``host``: the seat requests, the host's only; ``request``: a newcomer's)."""
STACK = 1_000_000
COPIES = 3
"""Tables per line of TABLES, played at the same time (the test waits on round trips)."""


@dataclass
class Truth:
    """What could be known at each point of one hand, from its record."""

    seed: int
    secret: str
    # per position p (actions applied): cards face down in each seat's hand at some point up to
    # p and not public by p, and the cards each seat held up to p
    down: list[list[set[str]]] = field(default_factory=list)
    held: list[list[set[str]]] = field(default_factory=list)
    public: list[set[str]] = field(default_factory=list)
    hidden: list[dict[int, list[int]]] = field(default_factory=list)
    """Per position: seat -> log indices of its sealed moves not yet revealed."""
    log: list[Any] = field(default_factory=list)


def _sealed_step(verb: str, step: str, house: dict[str, Any], rules: Any) -> bool:
    if verb in ("bid", "pass"):
        return step == "auction" or rules.sale_bidding == "sealed"
    if verb == "dec":
        return bool(rules.declare_order == "simultaneous")
    return verb == "up"


def truth_of(phh: str, game: str, house: dict[str, Any], seed: int, secret: str) -> Truth:
    """Walk the hand's record action by action and note, at every position, which cards each
    seat held or saw face down, which cards the whole table had seen, and the sealed moves
    still hidden (a round of sealed moves is revealed when its last move is in)."""
    record = read_phh(phh)
    rules = with_house(variants.get(game), house)
    state = start(record)
    n = len(record.starting_stacks)
    truth = Truth(seed=seed, secret=secret, log=list(record.actions))
    ever_down: list[set[str]] = [set() for _ in range(n)]
    held: list[set[str]] = [set() for _ in range(n)]
    public: set[str] = set()
    steps: list[str] = []

    def note() -> None:
        for s in range(n):
            for card, up in zip(state.hands[s], state.faceup[s], strict=True):
                if card is None:
                    continue
                held[s].add(str(card))
                (public.add if up or state.shown[s] is True else ever_down[s].add)(str(card))
        public.update(str(c) for c in state.common if c is not None)
        offer = None if state.finished else phase_of(state).offer(state)
        if offer is not None:
            public.update(str(c) for c in offer.cards)
        truth.down.append([d - public for d in ever_down])
        truth.held.append([set(h) for h in held])
        truth.public.append(set(public))
        steps.append("" if state.finished else state.step.kind)

    note()
    for _ in replay(record):
        note()
    # sealed runs: consecutive sealed moves of a sealed step, a seat at most once per run
    log = truth.log
    runs: list[tuple[int, int]] = []  # (first index, end position)
    i = 0
    while i < len(log):
        action = log[i]
        if action.verb in SEALED_VERBS and _sealed_step(action.verb, steps[i], house, rules):
            first, seats = i, set()
            while (
                i < len(log)
                and log[i].verb in SEALED_VERBS
                and log[i].seat not in seats
                and _sealed_step(log[i].verb, steps[i], house, rules)
            ):
                seats.add(log[i].seat)
                i += 1
            runs.append((first, i))
        else:
            i += 1
    for p in range(len(log) + 1):
        hidden: dict[int, list[int]] = {}
        for first, end in runs:
            if first < p < end:  # begun, not all in
                for k in range(first, p):
                    hidden.setdefault(log[k].seat, []).append(k)
        truth.hidden.append(hidden)
    return truth


def check_message(text: str, message: dict[str, Any], reader: int | None, truth: Truth) -> None:
    """Assert that ``message`` (as sent, ``text``) tells ``reader`` (None: a spectator) nothing
    it may not know."""
    assert set(message) <= TOP_KEYS, sorted(set(message) - TOP_KEYS)
    hand = message["hand"]
    assert hand["you"] == reader, "a seat was sent another seat's view"
    view = hand["view"]
    p = len(view["log"])
    assert p < len(truth.down), "the view's log is longer than the hand"
    secret: set[str] = set()
    for s, cards in enumerate(truth.down[p]):
        if s != reader:
            secret |= cards
    if reader is not None:
        secret -= truth.held[p][reader]
    named = {run[i : i + 2] for run in CARDS.findall(text) for i in range(0, len(run), 2)}
    leaked = named & secret
    assert not leaked, f"cards {sorted(leaked)} leaked to {reader} at position {p}"
    assert str(truth.seed) not in text, "the hand's seed was sent"
    assert truth.secret not in text, "the hand's secret was sent"
    assert not {"seed", "secret"} & set(hand), "the hand's seed or secret was sent"
    for seat, indices in truth.hidden[p].items():
        if seat == reader:
            continue
        for k in indices:  # "p3 bid", "p3 dec", "p3 up": that the seat moved, not how
            line = view["log"][k]
            assert line.split() in ([f"p{seat + 1}", "bid"], [f"p{seat + 1}", truth.log[k].verb]), (
                f"sealed {truth.log[k]} shown as {line!r} at {p}"
            )
        seen = view["seats"][seat]
        assert seen["bid"] is None, f"seat {seat}'s sealed bid shown at {p}"
        assert seen["declaration"] is None, f"seat {seat}'s sealed declaration shown at {p}"


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal move from the options of a view (rarely a fold, small amounts)."""
    options = view["options"]
    verbs = {o["verb"] for o in options}
    pool = (
        [o for o in options if o["verb"] != "f"] if "f" in verbs and rng.random() > 0.1 else options
    )
    option = rng.choice(pool)
    move: dict[str, Any] = {"type": "act", "verb": option["verb"]}
    low, high = option["min"], option["max"]
    if option["verb"] in ("cbr", "bid", "sell") and low is not None:
        if option["choices"]:
            move["amount"] = rng.choice(option["choices"])
        else:
            move["amount"] = rng.randint(low, min(high, low * 3 + 1))
    if option["cards"]:
        move["card"] = rng.choice(option["cards"])
    if option["declarations"]:
        move["declaration"] = rng.choice(option["declarations"])
    return move


@dataclass
class Reader:
    """One connection of the test: a seat (its table position and token) or a spectator."""

    position: int | None
    token: str | None
    hands: int
    checked: int = 0
    errors: list[dict[str, Any]] = field(default_factory=list)
    buffered: dict[int, list[tuple[str, dict[str, Any]]]] = field(default_factory=dict)


async def play(
    url: str,
    code: str,
    reader: Reader,
    flush: Any,
    rng: random.Random,
) -> None:
    ws_url = url.replace("http", "ws") + f"/ws/{code}"
    sent = 0
    current = None
    async with connect(ws_url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": reader.token}))
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "error":
                reader.errors.append(message)
                continue
            if message["type"] == "chat":  # the table's log: commitments, seats; no cards
                assert "secret" not in text, text
                continue
            assert message["type"] == "state", text  # no odds: these tables do not offer them
            hand = message["hand"]
            if hand is None:
                continue
            number = hand["number"]
            if current is not None and number != current:
                flush(reader, current)
            if number > reader.hands:
                return  # the table dealt on; that hand is not played out
            current = number
            reader.buffered.setdefault(number, []).append((text, message))
            view = hand["view"]
            if number >= reader.hands and view["finished"]:
                flush(reader, number)
                return
            if message["acks"] < sent or view["finished"] or not view["options"]:
                continue
            if reader.position is None:
                continue
            await ws.send(json.dumps({**choose(view, rng), "hand": number}))
            sent += 1


@pytest.mark.slow
def test_no_message_tells_a_seat_what_it_may_not_know(db: str, tmp_path: Any) -> None:
    server = ServerProcess(
        db,
        *("--bot-delay", "0", "--next-delay", "0", "--rate", "1000", "--lobby-burst", "1000"),
        errors=tmp_path / "leak.stderr",
    )
    truths: dict[tuple[str, int], Truth] = {}
    games: dict[str, tuple[str, dict[str, Any]]] = {}
    tokens: list[str] = []

    def flush_for(code: str) -> Any:
        def flush(reader: Reader, number: int) -> None:
            key = (code, number)
            if key not in truths:
                phh = store.hand_record(code, number)
                data = store.hand(code, number)
                assert phh is not None, f"hand {number} of {code} is not over"
                assert data is not None
                assert data.secret is not None
                game, house = games[code]
                truths[key] = truth_of(phh, game, house, data.seed, data.secret)
            truth = truths[key]
            for text, message in reader.buffered.pop(number, []):
                you = message["you"]
                position = None if you is None else you["seat"]
                # a connection watches until its hello with a token is answered
                assert position in (None, reader.position)
                players = message["hand"]["players"]
                engine = next((e for e, p in enumerate(players) if p["seat"] == position), None)
                check_message(text, message, engine, truth)
                for token in tokens:
                    assert token not in text, "a token was sent over the table's socket"
                reader.checked += 1

        return flush

    with server:
        url = server.url
        store = Store(db)  # the test reads the hands' records from the same database
        readers: list[tuple[str, Reader]] = []
        with httpx2.Client(base_url=url) as http:
            for game, house, hands, copy in [
                (g, h, n // COPIES + (k < n % COPIES), k)
                for g, h, n in TABLES
                for k in range(COPIES)
            ]:
                del copy
                made = http.post(
                    "/api/tables",
                    json={
                        "game": game,
                        "house": house,
                        "seats": ["you", "open", "bot:heuristic", "bot:call"],
                        "name": "p0",
                        "stack": STACK,
                        "timer": 0,
                    },
                ).json()
                code = made["code"]
                games[code] = (game, house)
                tokens.append(made["token"])
                readers.append((code, Reader(made["seat"], made["token"], hands)))
                for name in ("p1",):
                    joined = http.post(f"/api/tables/{code}/join", json={"name": name}).json()
                    tokens.append(joined["token"])
                    readers.append((code, Reader(joined["seat"], joined["token"], hands)))
                readers.append((code, Reader(None, None, hands)))

        async def run_all() -> None:
            rng = random.Random(15)
            tasks = [
                play(url, code, reader, flush_for(code), random.Random(rng.random()))
                for code, reader in readers
            ]
            await asyncio.wait_for(asyncio.gather(*tasks), timeout=400)

        asyncio.run(run_all())
        store.close()

    assert sum(hands for _, _, hands in TABLES) == 1000
    assert len(truths) == 1000
    for code, reader in readers:
        assert not reader.errors, f"{code}: a legal move was refused: {reader.errors[:3]}"
        assert reader.checked > 0
    total = sum(reader.checked for _, reader in readers)
    assert total > 20_000, total
