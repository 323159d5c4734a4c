"""A live table: one engine state per table, its seats and connections, bots, timers.

A :class:`LiveTable` holds the hand under way as an engine :class:`~splitpot.engine.State`,
rebuilt after a restart from the stored seed and actions (:mod:`splitpot.server.store`). Every
move, a person's, a bot's or the timer's, goes through ``engine.apply`` and is stored before
anyone is told; each connection then receives only ``views.view`` of its own seat (or
``views.public_view``) through :mod:`splitpot.server.wire`.

One runner task per table makes the moves nobody sends: the next deal, bots (after a short
pause, so people can follow), the default move of a player who sits out or whose turn timer
ran out (:mod:`splitpot.server.defaults`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Final

from splitpot import bots as bot_registry
from splitpot import variants
from splitpot.actions import Action
from splitpot.engine import State, apply, legal_actions, new_hand
from splitpot.errors import IllegalAction, SplitpotError
from splitpot.house import with_house
from splitpot.notation import format_action, parse_action, write_phh
from splitpot.records import record_from_state
from splitpot.server.defaults import default_action
from splitpot.server.store import HandData, SeatData, Store, TableData
from splitpot.server.wire import Message, view_json
from splitpot.views import View, public_view, view

__all__ = ["Client", "HandRun", "LiveTable", "Settings", "hash_token"]

log = logging.getLogger("splitpot.server")

SEED_BITS: Final = 63


@dataclass(frozen=True)
class Settings:
    """How a server paces its tables and guards its doors (the defaults suit people)."""

    bot_delay: float = 0.8
    """Seconds before a bot moves (or a default move for a seat sitting out)."""
    next_delay: float = 6.0
    """Seconds the result stays on the table before the next hand is dealt."""
    think: float | None = None
    """Bots' thinking budget per decision (None: each bot's default)."""
    rate: float = 10.0
    """Messages per second a connection may send, on average..."""
    burst: int = 20
    """...and at most this many at once."""
    post_rate: float = 0.5
    """Lobby requests (create, join) per second from one address, on average..."""
    post_burst: int = 60
    """...and at most this many at once."""
    allow_seeds: bool = False
    """Let a new table fix the seed of its deals (tests only: players could not trust it)."""
    max_tables: int = 1000
    max_clients: int = 64
    """Connections to one table (players and spectators)."""


def hash_token(token: str) -> str:
    """What the store keeps of a seat's token: its SHA-256, so a stolen database holds none."""
    return hashlib.sha256(token.encode()).hexdigest()


def _derive(*parts: object) -> int:
    """A 63-bit number fixed by ``parts`` (a hand's seed from the table's, a bot's from the
    hand's and the position), so a restarted server makes the same choices."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


class Client:
    """One open connection: the seat it holds (None: a spectator) and its outbox.

    The outbox keeps at most one table snapshot waiting (a newer one replaces it: each is
    whole), so a slow reader never makes the server hold a backlog.
    """

    def __init__(self) -> None:
        self.seat: int | None = None
        self.holder: int | None = None
        self.said_hello = False
        self.acts = 0  # moves from this connection the table has answered (applied or refused)
        self._out: deque[tuple[str, str]] = deque()
        self._ready = asyncio.Event()
        self.closed = False
        self.tokens = 0.0
        self.refilled = 0.0

    def push(self, kind: str, text: str) -> None:
        """Queue a message; ``kind`` "state" replaces a snapshot still waiting."""
        if self.closed:
            return
        if kind == "state":
            for i, (k, _) in enumerate(self._out):
                if k == "state":
                    self._out[i] = (kind, text)
                    self._ready.set()
                    return
        self._out.append((kind, text))
        self._ready.set()

    async def next(self) -> str:
        """The next message to send (waits for one)."""
        while not self._out:
            self._ready.clear()
            await self._ready.wait()
        return self._out.popleft()[1]

    def error(self, message: str, reason: str, rule: str = "") -> None:
        """Tell this client what was wrong with its message (and nothing else changes)."""
        text = json.dumps(
            {
                "type": "error",
                "message": message,
                "reason": reason,
                "rule": rule,
                "acks": self.acts,
            }
        )
        self.push("error", text)


@dataclass
class HandRun:
    """The hand under way (or just over): its stored id, number, seed, who was dealt in
    (one entry per engine seat: table seat, holder, name, bot) and the engine state."""

    id: int
    number: int
    seed: int
    players: list[dict[str, Any]]
    state: State
    moves: int = 0
    since: dict[int, float] = field(default_factory=dict)
    """Engine seat -> when (loop time) the table began to wait on it."""


class LiveTable:
    """A table being played: seats, the hand, the connections, and the runner's plan."""

    def __init__(self, store: Store, data: TableData, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.id = data.id
        self.code = data.code
        self.game = data.game
        self.house = data.house
        self.rules = with_house(variants.get(data.game), data.house)
        self.stack = data.stack
        self.timer = data.timer
        self.practice = data.practice
        self.seed = data.seed
        self.host = data.host  # the seat of the player who made the table (None: nobody's)
        self.seats = data.seats
        self.hand: HandRun | None = None
        self.hands_played = data.hand.number if data.hand is not None else 0
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.finished_at: float | None = None
        self.dealing = False  # a player said to deal without waiting for the open seats
        self._runner: asyncio.Task[None] | None = None
        if data.hand is not None:
            self._restore(data.hand)

    # --- after a restart ----------------------------------------------------------------------

    def _restore(self, data: HandData) -> None:
        """Rebuild the latest hand from its seed and stored actions; a hand that cannot be
        rebuilt is called off, every stack as it was before it (nothing was paid yet)."""
        try:
            state = new_hand(self.rules, data.starting, seed=data.seed)
            for text in data.actions:
                apply(state, parse_action(text))
        except SplitpotError as exc:
            if not data.over:
                why = f"could not be rebuilt after a restart: {exc}"
                log.error("table %s hand %d %s", self.code, data.number, why)
                self.store.finish_hand(
                    self.id, data.id, finishing=None, phh=None, seats=[], void=why
                )
            return
        self.hand = HandRun(data.id, data.number, data.seed, data.players, state, len(data.actions))
        if not state.finished:
            self._waiting_on(None)
        elif not data.over:  # the last move was stored but the server died before settling
            self._settle()

    # --- running ------------------------------------------------------------------------------

    def start(self) -> None:
        """Start the runner (in the running event loop)."""
        if self._runner is None:
            self._runner = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Stop the runner and forget the connections."""
        runner, self._runner = self._runner, None
        if runner is not None:
            runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await runner
        for client in self.clients:
            client.closed = True
        self.clients.clear()

    def _now(self) -> float:
        return time.monotonic()

    async def _run(self) -> None:
        while True:
            self.changed.clear()
            async with self.lock:
                plan = self._plan()
            if plan is None:
                await self.changed.wait()
                continue
            due, job = plan
            delay = due - self._now()
            if delay > 0:
                try:
                    await asyncio.wait_for(self.changed.wait(), delay)
                    continue  # something happened: plan again
                except TimeoutError:
                    pass
            try:
                await self._do(job)
            except Exception:  # a bug must not stop the table: log it and plan again
                log.exception("table %s: %s failed", self.code, job)
                await asyncio.sleep(1)

    def _plan(self) -> tuple[float, tuple[str, int]] | None:
        """The next move nobody sends and when it is due: a deal, a bot's or a default move,
        or a timer running out."""
        hand = self.hand
        if hand is None or hand.state.finished:
            if not self._can_deal():
                return None
            last = self.finished_at
            return (self._now() if last is None else last + self.settings.next_delay), ("deal", 0)
        best: tuple[float, tuple[str, int]] | None = None
        for e in legal_actions(hand.state).to_act:
            since = hand.since.get(e, self._now())
            if hand.players[e]["bot"] is not None or self._away(e):
                plan = (since + self.settings.bot_delay, ("auto", e))
            elif self.timer:
                plan = (since + self.timer, ("timeout", e))
            else:
                continue
            if best is None or plan[0] < best[0]:
                best = plan
        return best

    async def _do(self, job: tuple[str, int]) -> None:
        kind, e = job
        if kind == "deal":
            async with self.lock:
                if (self.hand is None or self.hand.state.finished) and self._can_deal():
                    self._deal()
            return
        async with self.lock:
            hand = self.hand
            if hand is None or hand.state.finished or e not in legal_actions(hand.state).to_act:
                return
            seen = view(hand.state, e)
            bot = hand.players[e]["bot"]
            position = len(hand.state.log)
        if kind == "auto" and bot is not None:
            # seeded by the hand and the bot's own count of moves, not by when it moves: the
            # same hand gives the same choices, after a restart too
            moves = sum(1 for a in hand.state.log if a.seat == e and not a.by_dealer)
            player = bot_registry.get(
                bot, seed=_derive(hand.seed, e, moves), think=self.settings.think
            )
            try:
                action = await asyncio.to_thread(player.act, seen)
            except Exception:
                log.exception("table %s: bot %s failed; it takes the default move", self.code, bot)
                action = default_action(seen, self.rules)
        else:
            action = default_action(seen, self.rules)
        async with self.lock:
            if self.hand is not hand or e not in legal_actions(hand.state).to_act:
                return
            if len(hand.state.log) != position and view(hand.state, e).options != seen.options:
                return  # the table moved on meanwhile: plan again
            if kind == "timeout":
                if self._now() < hand.since.get(e, 0.0) + self.timer:
                    return
                self._set_away(hand.players[e]["seat"], True)
            source = "bot" if kind == "auto" and bot is not None else "timer"
            try:
                self._apply(e, action, source)
            except IllegalAction:
                if source == "bot":
                    log.error("table %s: bot %s chose %s, refused", self.code, bot, action)
                    self._apply(e, default_action(view(hand.state, e), self.rules), "timer")
                else:
                    raise
            self.broadcast()

    # --- the hand -----------------------------------------------------------------------------

    def _ready(self) -> list[SeatData]:
        return [s for s in self.seats if s.kind != "open" and s.stack > 0 and not s.sitting_out]

    def _can_deal(self) -> bool:
        """Enough players with chips, no seat still open for a friend (unless a player said to
        deal without waiting), and somebody there to play with (a bot-only table or a table
        nobody watches does not deal by itself)."""
        if len(self._ready()) < self.rules.min_players:
            return False
        if not (self.hands_played or self.dealing) and any(s.kind == "open" for s in self.seats):
            return False
        return any(c.seat is not None and self.seats[c.seat].kind == "human" for c in self.clients)

    def _away(self, e: int) -> bool:
        """The player of engine seat ``e`` sits out, or no longer holds the seat."""
        assert self.hand is not None
        player = self.hand.players[e]
        seat = self.seats[player["seat"]]
        return bool(seat.holder != player["holder"] or seat.sitting_out)

    def _deal(self) -> None:
        ready = self._ready()[: self.rules.max_players]
        k = self.hands_played % len(ready)  # the deal moves round the table
        order = ready[k:] + ready[:k]
        number = self.hands_played + 1
        seed = secrets.randbits(SEED_BITS) if self.seed is None else _derive(self.seed, number)
        players = [
            {"seat": s.position, "holder": s.holder, "name": s.name, "bot": s.bot} for s in order
        ]
        starting = [s.stack for s in order]
        hand_id = self.store.start_hand(
            self.id, number=number, seed=seed, players=players, starting=starting
        )
        self.hand = HandRun(
            hand_id, number, seed, players, new_hand(self.rules, starting, seed=seed)
        )
        self.hands_played = number
        self.finished_at = None
        self._waiting_on(None)
        self.broadcast()

    def _apply(self, e: int, action: Action, source: str) -> None:
        """Apply a move for engine seat ``e`` (IllegalAction: nothing changed) and store it."""
        hand = self.hand
        assert hand is not None
        apply(hand.state, action)
        try:
            self.store.add_action(hand.id, hand.moves, e, format_action(action), source)
        except Exception:
            log.exception("table %s: a move could not be stored; the hand is rebuilt", self.code)
            self._rebuild()
            raise IllegalAction(
                "the table could not save that move; try again", reason="not_saved", rule=""
            ) from None
        hand.moves += 1
        if hand.state.finished:
            self._settle()
        else:
            self._waiting_on(e)

    def _rebuild(self) -> None:
        """The hand as the store has it (after a failed write)."""
        hand = self.hand
        assert hand is not None
        (table,) = self.store.tables(self.code)
        data = table.hand
        assert data is not None, "the hand is in the store"
        self._restore(data)

    def _waiting_on(self, acted: int | None) -> None:
        """Note when the table began to wait on each seat now to act (timers, bot pauses)."""
        hand = self.hand
        assert hand is not None
        if acted is not None:
            hand.since.pop(acted, None)
        to_act = set(legal_actions(hand.state).to_act)
        now = self._now()
        for e in list(hand.since):
            if e not in to_act:
                del hand.since[e]
        for e in to_act:
            hand.since.setdefault(e, now)
        self.changed.set()

    def _settle(self) -> None:
        """The hand is over: store its record and the stacks it leaves, in one transaction."""
        hand = self.hand
        assert hand is not None
        state = hand.state
        record = record_from_state(
            state,
            players=[p["name"] for p in hand.players],
            hand=hand.number,
            event=f"splitpot table {self.code}",
        )
        changed = []
        for e, player in enumerate(hand.players):
            seat = self.seats[player["seat"]]
            if seat.holder == player["holder"]:  # a seat taken over keeps its new stack
                seat.stack = state.stacks[e]
                changed.append(seat)
        self.store.finish_hand(
            self.id, hand.id, finishing=list(state.stacks), phh=write_phh(record), seats=changed
        )
        hand.since.clear()
        self.finished_at = self._now()
        self.changed.set()

    # --- the players ----------------------------------------------------------------------------

    def seat_of(self, token_hash: str) -> SeatData | None:
        """The seat a token holds at this table."""
        return next((s for s in self.seats if s.token_hash == token_hash), None)

    def engine_seat(self, client: Client) -> int | None:
        """The client's seat in the hand under way, if it was dealt in as its holder now."""
        hand = self.hand
        if hand is None or client.seat is None:
            return None
        for e, player in enumerate(hand.players):
            if player["seat"] == client.seat and player["holder"] == client.holder:
                return e
        return None

    def _set_away(self, position: int, away: bool) -> None:
        seat = self.seats[position]
        if seat.sitting_out != away:
            seat.sitting_out = away
            self.store.save_seat(self.id, seat)
            self.changed.set()

    async def connect(self, client: Client) -> None:
        """A connection opens (a spectator until it says hello with a token)."""
        async with self.lock:
            self.clients.add(client)
            client.push("state", self.snapshot(client))

    async def disconnect(self, client: Client) -> None:
        """A connection closes."""
        client.closed = True
        async with self.lock:
            self.clients.discard(client)
            if client.seat is not None:
                self.broadcast()  # the others see the seat go quiet

    async def hello(self, client: Client, token: str | None) -> None:
        """Bind a connection to the seat its token holds (None: watch)."""
        async with self.lock:
            if client.said_hello:
                client.error("this connection has already said hello", "hello_twice")
                return
            if token is not None:
                seat = self.seat_of(hash_token(token))
                if seat is None:
                    client.error(
                        f"that token holds no seat at table {self.code}; watching instead",
                        "bad_token",
                    )
                else:
                    client.seat, client.holder = seat.position, seat.holder
            client.said_hello = True
            self.changed.set()
            self.broadcast()

    async def act(self, client: Client, message: Message) -> None:
        """A player's move: checked by the engine; a refusal goes back to the player only.
        Every snapshot tells the connection how many of its moves were answered (``acks``), so
        a page never answers a snapshot sent before its own move arrived."""
        async with self.lock:
            client.acts += 1
            hand = self.hand
            if client.seat is None:
                client.error("spectators watch; take a seat to play", "spectator")
                return
            if self.seats[client.seat].holder != client.holder:
                client.error("this seat has been taken by someone else", "seat_lost")
                return
            e = self.engine_seat(client)
            if hand is None or e is None:
                client.error("you are not dealt in this hand; wait for the next", "not_in_hand")
                return
            if message.hand is not None and message.hand != hand.number:
                client.error(
                    f"that move was for hand {message.hand}; this is hand {hand.number}", "stale"
                )
                return
            mine = hand.state.hands[e] if message.verb == "sm" else ()
            try:
                self._apply(e, message.action(e, tuple(mine)), "player")
            except IllegalAction as exc:
                client.error(_named(exc.message, hand.players), exc.reason, exc.rule)
                return
            self._set_away(client.seat, False)  # a player who moves is back
            self.broadcast()

    async def deal_now(self, client: Client) -> None:
        """A seated player asks to start without waiting for friends in the open seats (who
        sit in from the next hand when they come)."""
        async with self.lock:
            if client.seat is None or self.seats[client.seat].holder != client.holder:
                client.error("only a player in a seat can start the table", "spectator")
                return
            if self.hands_played:
                client.error("the table has started already", "started")
                return
            self.dealing = True
            self.changed.set()
            self.broadcast()

    async def sit_out(self, client: Client, away: bool) -> None:
        """A player sits out (the table moves for them; no new hands) or comes back."""
        async with self.lock:
            if client.seat is None or self.seats[client.seat].holder != client.holder:
                client.error("only a player in a seat can sit out or come back", "spectator")
                return
            self._set_away(client.seat, away)
            self.broadcast()

    # --- what clients see ---------------------------------------------------------------------

    def _connected(self) -> set[int]:
        return {
            c.seat
            for c in self.clients
            if c.seat is not None and c.holder == self.seats[c.seat].holder
        }

    def info(self) -> dict[str, Any]:
        """The table as anyone may know it: game, stakes and rules, seats and who holds them."""
        connected = self._connected()
        rules = self.rules
        return {
            "code": self.code,
            "game": self.game,
            "title": rules.description or rules.name,
            "house": self.house,
            "stakes": {
                "ante": rules.ante,
                "bring_in": rules.bring_in,
                "small_bet": rules.small_bet,
                "big_bet": rules.big_bet,
            },
            "sealed": {  # which moves are made in secret at this table
                "sale": rules.sale_bidding == "sealed",
                "declare": rules.declare_order == "simultaneous",
            },
            "stack": self.stack,
            "timer": self.timer,
            "hands": self.hands_played,
            "started": bool(self.hands_played or self.dealing),
            "host": self.host,
            "seats": [
                {
                    "seat": s.position,
                    "kind": s.kind,
                    "name": s.name,
                    "bot": s.bot,
                    "stack": s.stack,
                    "sitting_out": s.sitting_out,
                    "connected": s.kind == "bot" or s.position in connected,
                }
                for s in self.seats
            ],
        }

    def snapshot(self, client: Client, parts: dict[Any, str] | None = None) -> str:
        """The whole table as ``client`` may see it, as one JSON message: the table, who the
        client is, how many of its moves were answered, and the hand from its seat.

        ``parts`` keeps the pieces every connection of one broadcast shares (the table, the
        hand from each seat), encoded once."""
        parts = {} if parts is None else parts
        if "table" not in parts:
            parts["table"] = json.dumps(self.info())
            parts["next"] = ""
            if self.finished_at is not None and self._can_deal():
                wait = self.finished_at + self.settings.next_delay - self._now()
                parts["next"] = f', "next_in": {max(0, round(wait * 1000))}'
        you = None
        if client.seat is not None:
            seat = self.seats[client.seat]
            you = {"seat": seat.position, "name": seat.name, "sitting_out": seat.sitting_out}
        e = self.engine_seat(client)
        if ("hand", e) not in parts:
            parts["hand", e] = json.dumps(self._hand_json(e))
        return (
            f'{{"type": "state", "table": {parts["table"]}, "you": {json.dumps(you)}, '
            f'"acks": {client.acts}, "hand": {parts["hand", e]}{parts["next"]}}}'
        )

    def _hand_json(self, e: int | None) -> dict[str, Any] | None:
        """The hand under way from engine seat ``e`` (None: a spectator's), with the seconds
        left on each player's turn timer."""
        hand = self.hand
        if hand is None:
            return None
        timers = {}
        if self.timer and not hand.state.finished:
            now = self._now()
            for s, since in hand.since.items():
                if hand.players[s]["bot"] is None and not self._away(s):
                    timers[str(s)] = max(0, round((since + self.timer - now) * 1000))
        return {
            "number": hand.number,
            "players": [
                {"seat": p["seat"], "name": p["name"], "bot": p["bot"]} for p in hand.players
            ],
            "starting": list(hand.state.starting),
            "you": e,
            "view": view_json(_view(hand.state, e)),
            "timers": timers,
        }

    def broadcast(self) -> None:
        """Send every connection the table as it may see it now."""
        parts: dict[Any, str] = {}
        for client in self.clients:
            client.push("state", self.snapshot(client, parts))


_PLAYER = re.compile(r"\bp([1-9][0-9]?)\b")


def _named(message: str, players: list[dict[str, Any]]) -> str:
    """A refusal with the record's seat names (``p3``) replaced by the players' names."""

    def name(found: re.Match[str]) -> str:
        e = int(found.group(1)) - 1
        return str(players[e]["name"]) if e < len(players) else found.group(0)

    return _PLAYER.sub(name, message)


def _view(state: State, seat: int | None) -> View:
    return public_view(state) if seat is None else view(state, seat)
