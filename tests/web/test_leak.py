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
TOP_KEYS = {"type", "table", "you", "acks", "hand", "next_in", "host", "request", "words"}
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
    for state in replay(record):  # noqa: B007 (note() reads the state as it moves on)
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


def secret_at(truth: Truth, p: int, reader: int | None) -> set[str]:
    """The cards ``reader`` (an engine seat; None: a spectator) may not know at position ``p``:
    cards face down in another seat's hand up to ``p``, not yet shown, that it never held."""
    secret: set[str] = set()
    for s, cards in enumerate(truth.down[p]):
        if s != reader:
            secret |= cards
    if reader is not None:
        secret -= truth.held[p][reader]
    return secret


def cards_in(text: str) -> set[str]:
    """Every card named in ``text`` (runs such as "AhKd" split into their cards)."""
    return {run[i : i + 2] for run in CARDS.findall(text) for i in range(0, len(run), 2)}


def check_message(text: str, message: dict[str, Any], reader: int | None, truth: Truth) -> None:
    """Assert that ``message`` (as sent, ``text``) tells ``reader`` (None: a spectator) nothing
    it may not know."""
    assert set(message) <= TOP_KEYS, sorted(set(message) - TOP_KEYS)
    hand = message["hand"]
    assert hand["you"] == reader, "a seat was sent another seat's view"
    view = hand["view"]
    p = len(view["log"])
    assert p < len(truth.down), "the view's log is longer than the hand"
    leaked = cards_in(text) & secret_at(truth, p, reader)
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
            at = len(view["log"])
            await ws.send(json.dumps({**choose(view, rng), "hand": number, "at": at}))
            sent += 1


@dataclass
class Played:
    """What a run of tables left: each hand's truth, the readers, the tables' games."""

    truths: dict[tuple[str, int], Truth]
    readers: list[tuple[str, Reader]]
    games: dict[str, tuple[str, dict[str, Any]]]


def play_tables(
    server: ServerProcess, db: str, tables: list[tuple[str, dict[str, Any], int]], copies: int
) -> Played:
    """Play ``tables`` (``copies`` tables per line, the line's hands shared among them) on the
    running ``server``; every message each reader received is checked as its hand ends."""
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

    url = server.url
    store = Store(db)  # the test reads the hands' records from the same database
    readers: list[tuple[str, Reader]] = []
    with httpx2.Client(base_url=url) as http:
        for game, house, hands in [
            (g, h, n // copies + (k < n % copies)) for g, h, n in tables for k in range(copies)
        ]:
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
            joined = http.post(f"/api/tables/{code}/join", json={"name": "p1"}).json()
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

    try:
        asyncio.run(run_all())
    finally:
        store.close()
    for code, reader in readers:
        assert not reader.errors, f"{code}: a legal move was refused: {reader.errors[:3]}"
        assert reader.checked > 0
    return Played(truths, readers, games)


def _server(db: str, tmp_path: Any) -> ServerProcess:
    return ServerProcess(
        db,
        *("--bot-delay", "0", "--next-delay", "0", "--rate", "1000", "--lobby-burst", "1000"),
        errors=tmp_path / "leak.stderr",
    )


@pytest.mark.slow
def test_no_message_tells_a_seat_what_it_may_not_know(db: str, tmp_path: Any) -> None:
    with _server(db, tmp_path) as server:
        played = play_tables(server, db, TABLES, COPIES)
    assert sum(hands for _, _, hands in TABLES) == 1000
    assert len(played.truths) == 1000
    total = sum(reader.checked for _, reader in played.readers)
    assert total > 20_000, total


# Every game, a few hands each: the games where a card leaves a hand face down (NASDAQ's
# discards and unsold cards, the buy game's card bought away) with more.
REPLAYED: list[tuple[str, dict[str, Any], int]] = [
    ("auction", {}, 4),
    ("nasdaq", {}, 12),
    ("nasdaq", {"sale_bidding": "sealed"}, 6),
    ("nasdaq7", {}, 12),
    ("stud8", {}, 4),
    ("stud", {}, 3),
    ("razz", {}, 3),
    ("stud5", {}, 3),
    ("stud5hilo", {"showdown": "declare", "declare_order": "in-turn"}, 4),
    ("stud5buy", {}, 10),
]


def test_a_replay_and_a_record_show_their_reader_only_what_it_saw(db: str, tmp_path: Any) -> None:
    """Issue 31: every frame of a finished hand's replay, and every card of its downloaded
    record, for each seat, a spectator and a stranger's token, holds no card that reader had
    not seen by that point of the hand (what the showdown showed counts from the showdown on:
    the truth's public cards at each position include a hand once it is shown)."""
    with _server(db, tmp_path) as server:
        played = play_tables(server, db, REPLAYED, 1)
        stranger = next(r.token for _, r in played.readers if r.token is not None)
        checked = 0
        with httpx2.Client(base_url=server.url) as http:
            for code, reader in played.readers:
                tokens = [reader.token] if reader.token else [None, "not-a-token"]
                if reader.token is None:
                    tokens.append(stranger)  # a seat's token at another table: a stranger
                for token, number in [(t, n) for t in tokens for n in range(1, reader.hands + 1)]:
                    if token == stranger and code == played.readers[0][0]:
                        continue  # at its own table that token is a seat's
                    truth = played.truths[code, number]
                    auth = {} if token is None else {"authorization": f"Bearer {token}"}
                    base = f"/api/tables/{code}/hands/{number}"
                    replay = http.get(f"{base}/replay", headers=auth)
                    record = http.get(f"{base}/record", headers=auth)
                    assert replay.status_code == record.status_code == 200, replay.text
                    frames = replay.json()
                    you = frames["you"]
                    players = [p["seat"] for p in frames["players"]]
                    assert you == (
                        players.index(reader.position)
                        if reader.token and reader.position in players
                        else None
                    )
                    end = len(truth.log)
                    for frame in frames["frames"]:
                        leaked = cards_in(json.dumps(frame)) & secret_at(truth, frame["upto"], you)
                        assert not leaked, (
                            f"{code} hand {number}: the replay's frame at {frame['upto']} shows "
                            f"{sorted(leaked)} to {you}"
                        )
                    for name, text in (("log", json.dumps(frames["log"])), ("record", record.text)):
                        leaked = cards_in(text) & secret_at(truth, end, you)
                        assert not leaked, f"{code} hand {number}: the {name} shows {leaked}"
                    checked += 1
    assert checked >= sum(hands for _, _, hands in REPLAYED) * 4
