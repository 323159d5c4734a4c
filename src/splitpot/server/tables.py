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
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeVar

from sqlalchemy.orm import Session

from splitpot import bots as bot_registry
from splitpot import variants
from splitpot.actions import Action
from splitpot.engine import State, apply, legal_actions, new_hand
from splitpot.errors import IllegalAction, SplitpotError
from splitpot.fairness import Shuffle, new_shuffle, record_for
from splitpot.house import with_house
from splitpot.ledger import Entry, Ledger, LedgerError, from_entries
from splitpot.notation import HandRecord, format_action, parse_action, write_phh
from splitpot.records import record_from_state
from splitpot.rules import Rules
from splitpot.server import oddspanel, queries
from splitpot.server.defaults import default_action
from splitpot.server.options import table_options
from splitpot.server.outage import STORAGE_BACK, STORAGE_DOWN, Outage, StoragePaused, backoff
from splitpot.server.store import Chat, HandData, SeatData, Store, TableData
from splitpot.server.wire import Message, chat_json, view_json
from splitpot.views import View, public_view, view

__all__ = ["Client", "HandRun", "LiveTable", "Settings", "TableError", "bot_player", "hash_token"]

log = logging.getLogger("splitpot.server")

T = TypeVar("T")
SEED_BITS: Final = 63
BOT_NAMES: Final = ("Ada", "Bram", "Cleo", "Dov", "Esme", "Finn", "Gwen", "Hugo", "Iris", "Jem")
"""What the bots are called at the table, by seat (the page marks them as bots)."""
OUTBOX: Final = 256
"""Messages one connection may have waiting (chat beyond it drops the oldest first)."""
CHAT_HISTORY: Final = 50
"""Lines of chat (and of the table's log) a connection receives when it says hello."""


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
    chat_rate: float = 1.0
    """Chat lines per second a connection may send, on average..."""
    chat_burst: int = 5
    """...and at most this many at once."""
    probe: tuple[float, float] = (0.5, 5.0)
    """Seconds between probes of a database that stopped answering: the first, the longest
    (doubling in between)."""


def hash_token(token: str) -> str:
    """What the store keeps of a seat's token: its SHA-256, so a stolen database holds none."""
    return hashlib.sha256(token.encode()).hexdigest()


def bot_player(name: str) -> str:
    """A bot's name in the ledger, told apart from a person's: ``Ada (bot)``."""
    return f"{name} (bot)"


def _derive(*parts: object) -> int:
    """A 63-bit number fixed by ``parts`` (a hand's seed from the table's, a bot's from the
    hand's and the position), so a restarted server makes the same choices."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


class TableError(SplitpotError):
    """A request to the table that cannot be granted; ``reason`` is a stable code."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


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
        self.token_hash: str | None = None  # the token it said hello with, hashed
        self.request: int | None = None  # the seat request it waits on
        self.odds = True  # the player's own switch of the odds panel
        self.odds_key: tuple[int, int] | None = None  # (hand, log length) last asked for
        self.odds_busy = False
        self.chat = (0.0, 0.0)  # chat bucket: tokens, refilled at

    def push(self, kind: str, text: str) -> None:
        """Queue a message; ``kind`` "state" (and "odds") replaces one still waiting."""
        if self.closed:
            return
        if kind in ("state", "odds"):
            for i, (k, _) in enumerate(self._out):
                if k == kind:
                    self._out[i] = (kind, text)
                    self._ready.set()
                    return
        if len(self._out) >= OUTBOX:
            oldest = next((i for i, (k, _) in enumerate(self._out) if k == "chat"), 0)
            del self._out[oldest]
        self._out.append((kind, text))
        self._ready.set()

    def holds(self, table: LiveTable) -> bool:
        """The connection holds its seat now (not a spectator, not taken over)."""
        return self.seat is not None and table.seats[self.seat].holder == self.holder

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
    actions: list[str] = field(default_factory=list)
    """The record lines of the moves stored, in order."""
    shuffle: Shuffle | None = None
    """The seed and secret behind the hand's commitment (None: a hand dealt before them)."""
    since: dict[int, float] = field(default_factory=dict)
    """Engine seat -> when (loop time) the table began to wait on it."""

    @property
    def moves(self) -> int:
        """Moves stored (the next one's number)."""
        return len(self.actions)


class LiveTable:
    """A table being played: seats, the hand, the connections, and the runner's plan."""

    def __init__(self, store: Store, data: TableData, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.id = data.id
        self.code = data.code
        self.game = data.game
        self.stack = data.stack
        self.timer = data.timer
        self.practice = data.practice
        self.seed = data.seed
        self.host = data.host  # the seat of the player who made the table (None: nobody's)
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.dealing = False  # a player said to deal without waiting for the open seats
        self.outage = Outage()
        self._runner: asyncio.Task[None] | None = None
        self._load(data)

    # --- after a restart or an outage -----------------------------------------------------------

    def _load(self, data: TableData) -> None:
        """Everything the store holds of the table (nothing is written here: what the stored
        table still needs, a ledger or a hand's end, waits for :meth:`_fix`)."""
        self.host_token = data.host_token  # the hash of the host's token
        self.options = table_options({}, practice=data.practice, current=data.options)
        self.paused = data.paused
        self.house = data.house
        self.rules = with_house(variants.get(data.game), data.house)
        self.seats = data.seats
        self.requests = data.requests
        self.hand: HandRun | None = None
        self.hands_played = data.hand.number if data.hand is not None else 0
        self.finished_at: float | None = None
        self._fixes: list[Callable[[], Awaitable[None]]] = []
        self.ledger = self._open_ledger(data.ledger)
        if data.hand is not None:
            self._restore(data.hand)
        for client in self.clients:
            if client.seat is not None and not client.holds(self):
                client.seat = client.holder = None

    async def _fix(self) -> None:
        """Store what the table read from the store still needs (under the lock)."""
        while self._fixes:
            await self._fixes[0]()
            del self._fixes[0]

    def _open_ledger(self, entries: list[Entry]) -> Ledger:
        """The table's ledger from its stored entries; a table from before the ledger buys
        its players in with the chips they have."""
        try:
            ledger = from_entries(entries)
        except LedgerError as exc:  # never written so: say so and keep the table playing
            log.error("table %s: the stored ledger does not add up: %s", self.code, exc)
            return Ledger()
        if not entries:
            made = [
                ledger.buy_in(self.player_name(s), s.stack)
                for s in self.seats
                if s.kind != "open" and s.stack > 0
            ]
            if made:
                self._fixes.append(
                    lambda: self.write("the ledger", queries.save_seat, self.id, ledger=made)
                )
        return ledger

    def player_name(self, seat: SeatData) -> str:
        """The seat's occupant as the ledger names them."""
        return bot_player(seat.name) if seat.kind == "bot" else seat.name

    def rules_of(self, house: dict[str, Any] | None) -> Rules:
        """The game's rules with ``house`` (None: the table's own)."""
        return self.rules if house is None else with_house(variants.get(self.game), house)

    def _restore(self, data: HandData) -> None:
        """Rebuild the latest hand from its seed and stored actions; a hand that cannot be
        rebuilt is called off, every stack as it was before it (nothing was paid yet)."""
        try:
            state = _replay(self.rules_of(data.house), data.starting, data.seed, data.actions)
        except SplitpotError as exc:
            if not data.over:
                why = f"could not be rebuilt after a restart: {exc}"
                log.error("table %s hand %d %s", self.code, data.number, why)
                self._fixes.append(
                    lambda: self.write(
                        "a hand called off",
                        queries.finish_hand,
                        self.id,
                        data.id,
                        finishing=None,
                        phh=None,
                        seats=[],
                        void=why,
                    )
                )
            return
        shuffle = None if data.secret is None else Shuffle(data.seed, data.secret)
        self.hand = HandRun(
            data.id, data.number, data.seed, data.players, state, list(data.actions), shuffle
        )
        if not state.finished:
            self._waiting_on(None)
        elif not data.over:  # the last move was stored but the server died before settling
            self._fixes.append(self._settle)

    async def write(self, what: str, query: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``query`` stored by the store's writer (durably) before this returns. If the
        database does not take it the table pauses for its storage and StoragePaused says so
        (also at once while it is paused: nothing is written then)."""
        if self.outage.down:
            raise StoragePaused
        try:
            return await self.store.write(query, *args, **kwargs)
        except Exception as exc:
            error = self.outage.begin(exc, what, self.code)
            self.changed.set()  # the runner probes the database from now
            raise error from None

    async def _resume(self) -> None:
        """Wait until the database answers, then read the table again (what the store holds is
        what happened: a write whose answer was lost may have been stored) and play on."""
        await self.outage.wait(self.store, backoff(*self.settings.probe))
        try:
            (data,) = await self.store.read(queries.tables, self.code)
        except Exception as exc:  # gone again: probe again
            log.warning("table %s: the store answered, then could not be read: %s", self.code, exc)
            return
        async with self.lock:
            self.outage.end()
            self._load(data)
            log.warning("table %s: the store answers again; play resumes", self.code)
            with contextlib.suppress(StoragePaused):
                await self._fix()
                await self.announce(STORAGE_BACK)
            self.broadcast()

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
        async with self.lock:  # what a restart left to store (a hand to settle)
            with contextlib.suppress(StoragePaused):
                await self._fix()
        while True:
            if self.outage.down:
                await self._resume()
                continue
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
            except StoragePaused:
                self.broadcast()  # the players see the pause; the runner probes
            except Exception:  # a bug must not stop the table: log it and plan again
                log.exception("table %s: %s failed", self.code, job)
                await asyncio.sleep(1)

    def _plan(self) -> tuple[float, tuple[str, int]] | None:
        """The next move nobody sends and when it is due: a deal, a bot's or a default move,
        or a timer running out."""
        hand = self.hand
        if self.paused or self.outage.down:
            return None  # the host (or the storage) paused the table: no deal, bot or timer
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
                    await self._deal()
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
                action = default_action(seen, hand.state.rules)
        else:
            action = default_action(seen, hand.state.rules)
        async with self.lock:
            if self.paused or self.hand is not hand or e not in legal_actions(hand.state).to_act:
                return
            if len(hand.state.log) != position and view(hand.state, e).options != seen.options:
                return  # the table moved on meanwhile: plan again
            if kind == "timeout":
                if self._now() < hand.since.get(e, 0.0) + self.timer:
                    return
                await self._set_away(hand.players[e]["seat"], True)
            source = "bot" if kind == "auto" and bot is not None else "timer"
            try:
                await self._apply(e, action, source)
            except IllegalAction:
                if source == "bot":
                    log.error("table %s: bot %s chose %s, refused", self.code, bot, action)
                    fallback = default_action(view(hand.state, e), hand.state.rules)
                    await self._apply(e, fallback, "timer")
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

    async def _deal(self) -> None:
        """Deal the next hand: stored with its commitment (and the line announcing it) before
        any card is seen; nothing changes here if the store does not take it."""
        ready = self._ready()[: self.rules.max_players]
        k = self.hands_played % len(ready)  # the deal moves round the table
        order = ready[k:] + ready[:k]
        number = self.hands_played + 1
        if self.seed is None:
            shuffle = new_shuffle()
        else:  # a test's table: the deals (and their secrets) follow from its seed
            secret = hashlib.sha256(f"secret:{self.seed}:{number}".encode()).hexdigest()
            shuffle = Shuffle(_derive(self.seed, number), secret)
        players = [
            {"seat": s.position, "holder": s.holder, "name": s.name, "bot": s.bot} for s in order
        ]
        starting = [s.stack for s in order]
        said = f"Hand {number}: the deck is committed: {shuffle.commitment}"

        def job(session: Session) -> tuple[int, Chat]:
            hand_id = queries.start_hand(
                session,
                self.id,
                number=number,
                seed=shuffle.seed,
                players=players,
                starting=starting,
                secret=shuffle.secret,
                commitment=shuffle.commitment,
                house=self.house,
            )
            return hand_id, queries.add_message(session, self.id, "table", "", said)

        hand_id, line = await self.write("a deal", job)
        self.deliver(line)
        state = new_hand(self.rules, starting, seed=shuffle.seed)
        self.hand = HandRun(hand_id, number, shuffle.seed, players, state, shuffle=shuffle)
        self.hands_played = number
        self.finished_at = None
        self._waiting_on(None)
        self.broadcast()

    async def _apply(self, e: int, action: Action, source: str) -> None:
        """Apply a move for engine seat ``e`` (IllegalAction: nothing changed) and store it;
        StoragePaused: it was not stored, and the hand is as it was before it."""
        hand = self.hand
        assert hand is not None
        apply(hand.state, action)
        line = format_action(action)
        try:
            await self.write("a move", queries.add_action, hand.id, hand.moves, e, line, source)
        except StoragePaused:
            hand.state = _replay(hand.state.rules, hand.state.starting, hand.seed, hand.actions)
            raise
        hand.actions.append(line)
        if hand.state.finished:  # the move stands; if its end is not stored, the table pauses
            with contextlib.suppress(StoragePaused):  # and stores it when the database is back
                await self._settle()
        else:
            self._waiting_on(e)

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

    async def _settle(self) -> None:
        """The hand is over: store its record, the stacks it leaves and the ledger's entries,
        in one transaction; the seats and the ledger change only once it is stored."""
        hand = self.hand
        assert hand is not None
        state = hand.state
        record = self.full_record(hand)
        changed = []
        gone = []
        for e, player in enumerate(hand.players):
            seat = self.seats[player["seat"]]
            if seat.holder == player["holder"]:  # a seat taken over keeps its new stack
                changed.append(replace(seat, stack=state.stacks[e]))
            else:
                gone.append(self._ledger_name(player))
        before = self.ledger
        entries = self._ledger_hand(hand, gone)
        said = None
        if hand.shuffle is not None:
            said = (
                f"Hand {hand.number} is over: seed {hand.shuffle.seed}, secret "
                f"{hand.shuffle.secret}. Download its record and check it with splitpot verify."
            )

        def job(session: Session) -> Chat | None:
            queries.finish_hand(
                session,
                self.id,
                hand.id,
                finishing=list(state.stacks),
                phh=write_phh(record),
                seats=changed,
                ledger=entries,
            )
            return (
                None if said is None else queries.add_message(session, self.id, "table", "", said)
            )

        try:
            line = await self.write("a hand's end", job)
        except StoragePaused:
            self.ledger = before
            raise
        for seat in changed:
            self.seats[seat.position].stack = seat.stack
        if line is not None:
            self.deliver(line)
        hand.since.clear()
        self.finished_at = self._now()
        self.changed.set()

    def full_record(self, hand: HandRun) -> HandRecord:
        """The whole record of a hand (every card), with its commitment, as the store keeps
        it; the seed and secret only once it is over."""
        fields: dict[str, Any] = {
            "players": [p["name"] for p in hand.players],
            "hand": hand.number,
            "event": f"splitpot table {self.code}",
        }
        if hand.shuffle is None:
            return record_from_state(hand.state, **fields)
        return record_for(hand.state, hand.shuffle, **fields)

    def _ledger_name(self, player: dict[str, Any]) -> str:
        return bot_player(player["name"]) if player["bot"] is not None else str(player["name"])

    def _ledger_hand(self, hand: HandRun, gone: list[str]) -> list[Entry]:
        """The ledger's entries for a finished hand: each player's net, then a cash-out for
        each player who left the seat during it (all their chips). Nothing is entered when
        the ledger cannot take them (logged: the hand itself stands)."""
        state = hand.state
        nets = {
            self._ledger_name(p): state.stacks[e] - state.starting[e]
            for e, p in enumerate(hand.players)
        }
        try:
            return self.ledger_entries(
                lambda book: [
                    *book.hand(nets, hand.number),
                    *(book.cash_out(name) for name in gone if name in book.seated),
                ]
            )
        except LedgerError as exc:
            log.error("table %s hand %d: the ledger refused: %s", self.code, hand.number, exc)
            return []

    def ledger_entries(self, make: Any) -> list[Entry]:
        """Entries made by ``make(ledger)`` on a copy of the ledger, kept only if every one
        is taken (LedgerError otherwise, the ledger unchanged)."""
        trial = from_entries(self.ledger.entries)
        made = list(make(trial))
        self.ledger = trial
        return made

    async def announce(self, text: str) -> None:
        """A line of the table's own log (a commitment, the host's change), stored and sent
        to every connection."""
        self.deliver(await self.write("a line", queries.add_message, self.id, "table", "", text))

    def deliver(self, chat: Chat) -> None:
        """Send a stored line to the connections of its room (``table``: all)."""
        text = json.dumps({"type": "chat", "messages": [chat_json(chat)]})
        for client in self.clients:
            if chat.room in ("table", self.room_of(client)):
                client.push("chat", text)

    def room_of(self, client: Client) -> str:
        """Where a connection chats: ``players`` when it holds a seat, else ``spectators``."""
        return "players" if client.holds(self) else "spectators"

    def between_hands(self) -> bool:
        """No hand is under way."""
        return self.hand is None or self.hand.state.finished

    def in_hand(self, position: int) -> bool:
        """The occupant of seat ``position`` is dealt in the hand under way."""
        hand = self.hand
        if hand is None or hand.state.finished:
            return False
        holder = self.seats[position].holder
        return any(p["seat"] == position and p["holder"] == holder for p in hand.players)

    def vacate(self, seat: SeatData) -> list[Entry]:
        """Open a seat (a player leaves or is removed, a bot is taken away): its occupant
        cashes out all their chips now, or at the end of the hand they are playing (the
        table moves for them meanwhile). The ledger's entries to store with the seat."""
        name = self.player_name(seat)
        playing = self.in_hand(seat.position)
        seat.kind, seat.name, seat.bot, seat.token_hash = "open", "", None, None
        seat.holder += 1
        seat.stack, seat.sitting_out = 0, False
        for client in self.clients:
            if client.seat == seat.position:
                client.seat = client.holder = None
        if playing or name not in self.ledger.seated:
            return []
        return self.ledger_entries(lambda book: [book.cash_out(name)])

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

    async def _set_away(self, position: int, away: bool) -> None:
        seat = self.seats[position]
        if seat.sitting_out != away:
            await self.write("a seat", queries.save_seat, self.id, replace(seat, sitting_out=away))
            seat.sitting_out = away
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
                hashed = hash_token(token)
                seat = self.seat_of(hashed)
                asked = next((r for r in self.requests if r[2] == hashed), None)
                if seat is not None:
                    client.seat, client.holder = seat.position, seat.holder
                    client.token_hash = hashed
                elif asked is not None:
                    client.request, client.token_hash = asked[0], hashed
                else:
                    client.error(
                        f"that token holds no seat at table {self.code}; watching instead",
                        "bad_token",
                    )
            client.said_hello = True
            rooms = ("table", self.room_of(client))
            try:
                lines = await self.store.read(queries.messages, self.id, rooms, CHAT_HISTORY)
            except Exception as exc:  # the chat's history waits; the table does not
                log.warning("table %s: the chat could not be read: %s", self.code, exc)
                lines = []
            client.push(
                "chat", json.dumps({"type": "chat", "messages": [chat_json(c) for c in lines]})
            )
            self.changed.set()
            self.broadcast()

    async def act(self, client: Client, message: Message) -> None:
        """A player's move: checked by the engine; a refusal goes back to the player only.
        Every snapshot tells the connection how many of its moves were answered (``acks``), so
        a page never answers a snapshot sent before its own move arrived."""
        async with self.lock:
            client.acts += 1
            hand = self.hand
            if self.refuse_while_down(client):
                return
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
                await self._apply(e, message.action(e, tuple(mine)), "player")
            except IllegalAction as exc:
                client.error(_named(exc.message, hand.players), exc.reason, exc.rule)
                return
            with contextlib.suppress(StoragePaused):  # the move stands (the table may pause)
                await self._set_away(client.seat, False)  # a player who moves is back
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
            await self._set_away(client.seat, away)
            self.broadcast()

    # --- seats, rebuys, leaving -------------------------------------------------------------

    def name_taken(self, name: str) -> str | None:
        """Why ``name`` cannot sit at this table (the ledger tells players apart by name),
        or None."""
        folded = name.casefold()
        if folded.endswith("(bot)"):
            return "a name may not end with '(bot)': the ledger marks bots so"
        if any(s.kind == "human" and s.name.casefold() == folded for s in self.seats):
            return f"{name} is already at table {self.code}: choose another name"
        if any(r[1].casefold() == folded for r in self.requests):
            return f"{name} has already asked for a seat at table {self.code}"
        hand = self.hand
        if hand is not None and not hand.state.finished:
            for p in hand.players:
                if p["bot"] is None and str(p["name"]).casefold() == folded:
                    return f"{name} is still in the hand under way; come back after it"
        return None

    def seat_player(self, seat: SeatData, name: str, token_hash: str) -> list[Entry]:
        """Seat a person in ``seat`` (open, or a bot's: the bot cashes out now, or after the
        hand it plays out) with the table's buy-in; the ledger's entries to store."""
        entries = self.vacate(seat) if seat.kind == "bot" else []
        entries += self.ledger_entries(lambda book: [book.buy_in(name, self.stack)])
        seat.kind, seat.name, seat.bot, seat.token_hash = "human", name, None, token_hash
        seat.holder += 1
        seat.stack = self.stack
        seat.sitting_out = False
        return entries

    async def save(
        self,
        *seats: SeatData,
        ledger: list[Entry] | None = None,
        request: int | None = None,
        table: dict[str, Any] | None = None,
    ) -> None:
        """Store seats, ledger entries, a granted request and the table's fields in one
        transaction; StoragePaused if the database did not take it (the table pauses, and is
        read again from the store when it answers)."""
        await self.write(
            "a change", queries.save_seat, self.id, *seats, ledger=ledger or [], request=request,
            table=table,
        )  # fmt: skip

    def refuse_while_down(self, client: Client) -> bool:
        """While the storage is paused, answer ``client`` with the one line that says so."""
        if self.outage.down:
            client.error(STORAGE_DOWN, StoragePaused.reason)
        return self.outage.down

    async def rebuy(self, client: Client, chips: int) -> None:
        """A player adds chips between hands, up to the table's most (``max_buy``, else the
        buy-in): a rebuy in the ledger."""
        async with self.lock:
            if not client.holds(self):
                client.error("only a player in a seat can rebuy", "spectator")
                return
            assert client.seat is not None
            seat = self.seats[client.seat]
            if self.in_hand(seat.position):
                client.error("rebuy between hands: you are in the hand under way", "in_hand")
                return
            most = self.options["max_buy"] or self.stack
            if seat.stack + chips > most:
                room = max(0, most - seat.stack)
                client.error(
                    f"a rebuy brings a stack to at most {most} chips; you have {seat.stack}, "
                    f"so you may add up to {room}",
                    "too_many_chips",
                )
                return
            before = self.ledger
            entries = self.ledger_entries(lambda book: [book.buy_in(seat.name, chips)])
            try:
                await self.save(replace(seat, stack=seat.stack + chips), ledger=entries)
            except StoragePaused:
                self.ledger = before
                raise
            seat.stack += chips
            await self.announce(f"{seat.name} rebuys {chips} chips and has {seat.stack}")
            self.changed.set()
            self.broadcast()

    async def leave(self, client: Client) -> None:
        """A player gives up the seat: a cash-out of every chip (after the hand under way, if
        they are in it); a host who leaves leaves the table without a host."""
        async with self.lock:
            if not client.holds(self):
                client.error("only a player in a seat can leave it", "spectator")
                return
            assert client.seat is not None
            seat = self.seats[client.seat]
            name, chips, playing = seat.name, seat.stack, self.in_hand(seat.position)
            was_host = client.token_hash is not None and client.token_hash == self.host_token
            entries = self.vacate(seat)
            await self.save(seat, ledger=entries, table={"host_token": None} if was_host else None)
            if was_host:
                self.host_token = None
            later = " at the end of this hand" if playing else f" with {chips} chips"
            await self.announce(f"{name} leaves the table and cashes out{later}")
            client.error("you left your seat; you are watching now", "left")
            self.changed.set()
            self.broadcast()

    # --- chat and the odds panel ------------------------------------------------------------

    async def chat(self, client: Client, text: str, name: str | None) -> None:
        """A line of chat to the connection's room: players to players, spectators to
        spectators (docs/web.md); at most ``chat_burst`` at once, ``chat_rate`` a second."""
        now = self._now()
        tokens, then = client.chat if client.chat[1] else (float(self.settings.chat_burst), now)
        tokens = min(
            float(self.settings.chat_burst), tokens + (now - then) * self.settings.chat_rate
        )
        if tokens < 1:
            client.chat = (tokens, now)
            client.error(
                f"chat: at most {self.settings.chat_burst} lines at once and "
                f"{self.settings.chat_rate:g} a second; that line was not sent",
                "chat_rate",
            )
            return
        client.chat = (tokens - 1, now)
        async with self.lock:
            room = self.room_of(client)
            if room == "players":
                assert client.seat is not None
                who = self.seats[client.seat].name
            else:
                who = name or "a spectator"
            self.deliver(await self.write("a line", queries.add_message, self.id, room, who, text))

    async def set_odds(self, client: Client, on: bool) -> None:
        """The player's own switch of the odds panel (where the table offers it)."""
        async with self.lock:
            if on and not self.options["odds"]:
                client.error("the odds panel is off at this table (the host's option)", "odds_off")
                return
            client.odds, client.odds_key = on, None
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
            "hosted": self.host_token is not None,
            "storage": STORAGE_DOWN if self.outage.down else None,
            "paused": self.paused,
            "options": self.options,
            "max_buy": self.options["max_buy"] or self.stack,
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
        extra = ""
        if client.seat is not None:
            seat = self.seats[client.seat]
            you = {
                "seat": seat.position,
                "name": seat.name,
                "sitting_out": seat.sitting_out,
                "host": self.is_host(client),
                "odds": client.odds and bool(self.options["odds"]),
            }
        if client.request is not None:
            extra += ', "request": ' + json.dumps({"id": client.request, "status": "waiting"})
        if self.is_host(client):
            asked = [{"id": r[0], "name": r[1]} for r in self.requests]
            extra += ', "host": ' + json.dumps({"requests": asked})
        e = self.engine_seat(client)
        if ("hand", e) not in parts:
            parts["hand", e] = json.dumps(self._hand_json(e))
        return (
            f'{{"type": "state", "table": {parts["table"]}, "you": {json.dumps(you)}, '
            f'"acks": {client.acts}, "hand": {parts["hand", e]}{parts["next"]}{extra}}}'
        )

    def is_host(self, client: Client) -> bool:
        """The connection said hello with the host's token and holds the host's seat."""
        return (
            client.token_hash is not None
            and client.token_hash == self.host_token
            and client.holds(self)
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
            **self._fairness_json(hand),
        }

    def _fairness_json(self, hand: HandRun) -> dict[str, Any]:
        """The hand's commitment, and once it is over its seed and secret."""
        if hand.shuffle is None:
            return {}
        out: dict[str, Any] = {"commitment": hand.shuffle.commitment}
        if hand.state.finished:
            out.update(seed=hand.shuffle.seed, secret=hand.shuffle.secret)
        return out

    def broadcast(self) -> None:
        """Send every connection the table as it may see it now (and ask for the odds of each
        player who has the panel on)."""
        parts: dict[Any, str] = {}
        for client in self.clients:
            client.push("state", self.snapshot(client, parts))
            if self.options["odds"] and client.odds and self.engine_seat(client) is not None:
                oddspanel.request(self, client)


_PLAYER = re.compile(r"\bp([1-9][0-9]?)\b")


def _named(message: str, players: list[dict[str, Any]]) -> str:
    """A refusal with the record's seat names (``p3``) replaced by the players' names."""

    def name(found: re.Match[str]) -> str:
        e = int(found.group(1)) - 1
        return str(players[e]["name"]) if e < len(players) else found.group(0)

    return _PLAYER.sub(name, message)


def _replay(rules: Rules, starting: Sequence[int], seed: int, actions: list[str]) -> State:
    """A hand dealt again from its seed, with its stored moves applied in order."""
    state = new_hand(rules, list(starting), seed=seed)
    for line in actions:
        apply(state, parse_action(line))
    return state


def _view(state: State, seat: int | None) -> View:
    return public_view(state) if seat is None else view(state, seat)
