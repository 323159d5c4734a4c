"""A live table's state: one engine state per table, its seats, ledger and connections, and
what can be read of them (:class:`LiveTable`).

What a table does lives beside it, one job to a module, each a set of functions on a
:class:`LiveTable` taken under its lock: :mod:`.runner` (loading a table, the task that makes
the moves nobody sends), :mod:`.play` (the hand's life: deal, moves, settling), :mod:`.seating`
(connections, seats and the ledger), :mod:`.chat` (the rooms' lines and the table's log) and
:mod:`.snapshot` (what each connection sees, written by :mod:`.wire`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from splitpot import variants
from splitpot.engine import State
from splitpot.fairness import SealedDeck, Shuffle
from splitpot.house import with_house
from splitpot.ledger import Ledger
from splitpot.rules import Rules
from splitpot.server.clients import Client
from splitpot.server.leases import LeaseLost, fenced
from splitpot.server.options import table_options
from splitpot.server.outage import Outage, StoragePaused
from splitpot.server.players import Dealt, SeatRequest
from splitpot.server.settings import Settings
from splitpot.server.store import SeatData, Store, TableData

__all__ = ["HandRun", "LiveTable"]

T = TypeVar("T")


@dataclass
class HandRun:
    """The hand under way (or just over): its stored id, number, seed, who was dealt in
    (one per engine seat) and the engine state."""

    id: int
    number: int
    seed: int
    players: list[Dealt]
    state: State
    actions: list[str] = field(default_factory=list)
    """The record lines of the moves stored, in order."""
    shuffle: Shuffle | None = None
    """A splitpot-deal-v1 hand's seed and secret (None: a v2 hand, or one dealt before)."""
    deck: SealedDeck | None = None
    """A splitpot-deal-v2 hand's deck, cut by the players' values (``Dealt.entropy``)."""
    since: dict[int, float] = field(default_factory=dict)
    """Engine seat -> when (loop time) the table began to wait on it."""

    @property
    def moves(self) -> int:
        """Moves stored (the next one's number)."""
        return len(self.actions)


class LiveTable:
    """A table being played: seats, the hand, the connections, and what the runner waits on.
    Made by :func:`splitpot.server.runner.load` (which restores the hand under way)."""

    def __init__(self, store: Store, data: TableData, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.id = data.id
        self.code = data.code
        self.game = data.game
        self.practice = data.practice
        self.seed = data.seed
        self.stack = data.stack
        self.timer = data.timer
        self.host = data.host  # the seat of the player who made the table (None: nobody's)
        self.read(data)
        self.ledger = Ledger()
        self.requests = [SeatRequest(*r) for r in data.requests]
        self.hand: HandRun | None = None
        self.hands_played = data.hand.number if data.hand is not None else 0
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.finished_at: float | None = None
        self.dealing = False  # a player said to deal without waiting for the open seats
        self.runner: asyncio.Task[None] | None = None
        self.outage = Outage()
        self.server: str | None = None
        """The process that holds the table's lease (:mod:`.leases`); None: the only one."""
        self.lost: Callable[[], None] = lambda: None
        """Called when a write finds the lease taken by another process (the table stops)."""
        self.fixes: list[Callable[[], Awaitable[None]]] = []
        """What the table read from the store still needs stored (a hand's end, a ledger),
        done by the runner under the lock."""
        self.pending: tuple[int, SealedDeck] | None = None
        """The next hand's number and deck, its root published before the deal."""
        self.values: dict[tuple[int, int], str] = {}
        """The players' values for the pending deck, by (seat, holder)."""
        self.banks: dict[tuple[int, int], float] = {}
        """Seconds of the time bank each player (seat, holder) has spent this evening (kept
        in memory: a server started again gives every player their whole bank back)."""

    def read(self, data: TableData) -> None:
        """Take the fields the host and the seats change from ``data`` (as stored)."""
        self.seats = data.seats
        self.host_token = data.host_token  # the hash of the host's token
        self.options = table_options({}, practice=data.practice, current=data.options)
        self.paused = data.paused
        self.house = data.house
        self.rules = with_house(variants.get(data.game), data.house)

    def now(self) -> float:
        """The table's clock (seconds: the server's, ``Settings.clock``)."""
        return self.settings.clock()

    # --- the storage ----------------------------------------------------------------------------

    async def write(self, what: str, query: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``query`` stored by the store's writer (durably) before this returns. If the
        database does not take it the table pauses for its storage (:mod:`.outage`) and
        StoragePaused says so; while paused nothing is written and StoragePaused comes at once.
        """
        if self.outage.down:
            raise StoragePaused
        job = query if self.server is None else fenced(self.id, self.server, query)
        try:
            return await self.store.write(job, *args, **kwargs)
        except LeaseLost:  # another process runs the table now: nothing was written
            self.lost()
            raise StoragePaused from None
        except Exception as exc:
            error = self.outage.begin(exc, what, self.code)
            self.changed.set()  # the runner probes the database from now
            raise error from None

    def refuse_while_down(self, client: Client) -> bool:
        """While the storage is paused, answer ``client`` with the one line that says so."""
        if self.outage.down:
            paused = StoragePaused()
            client.error(paused.message, paused.reason)
        return self.outage.down

    def rules_of(self, house: dict[str, Any] | None) -> Rules:
        """The game's rules with ``house`` (None: the table's own)."""
        return self.rules if house is None else with_house(variants.get(self.game), house)

    # --- the seats and the connections ----------------------------------------------------------

    def holds(self, client: Client) -> bool:
        """The connection holds its seat now (not a spectator, not taken over)."""
        return client.seat is not None and self.seats[client.seat].holder == client.holder

    def is_host(self, client: Client) -> bool:
        """The connection said hello with the host's token and holds the host's seat."""
        return (
            client.token_hash is not None
            and client.token_hash == self.host_token
            and self.holds(client)
        )

    def room_of(self, client: Client) -> str:
        """Where a connection chats: ``players`` when it holds a seat, else ``spectators``."""
        return "players" if self.holds(client) else "spectators"

    def seat_of(self, token_hash: str) -> SeatData | None:
        """The seat a token holds at this table."""
        return next((s for s in self.seats if s.token_hash == token_hash), None)

    def connected(self) -> set[int]:
        """The seats whose holder has a connection open."""
        return {c.seat for c in self.clients if c.seat is not None and self.holds(c)}

    def ready(self) -> list[SeatData]:
        """The seats to deal in: taken, with chips, not sitting out."""
        return [s for s in self.seats if s.kind != "open" and s.stack > 0 and not s.sitting_out]

    def can_deal(self) -> bool:
        """Enough players with chips, no seat still open for a friend (unless a player said to
        deal without waiting), and somebody there to play with (a bot-only table or a table
        nobody watches does not deal by itself)."""
        if len(self.ready()) < self.rules.min_players:
            return False
        if not (self.hands_played or self.dealing) and any(s.kind == "open" for s in self.seats):
            return False
        return any(c.seat is not None and self.seats[c.seat].kind == "human" for c in self.clients)

    # --- the hand -------------------------------------------------------------------------------

    def between_hands(self) -> bool:
        """No hand is under way."""
        return self.hand is None or self.hand.state.finished

    def in_hand(self, position: int) -> bool:
        """The occupant of seat ``position`` is dealt in the hand under way."""
        hand = self.hand
        if hand is None or hand.state.finished:
            return False
        seat = self.seats[position]
        return any(p.holds(seat) for p in hand.players)

    def engine_seat(self, client: Client) -> int | None:
        """The client's seat in the hand under way, if it was dealt in as its holder now."""
        hand = self.hand
        if hand is None or client.seat is None:
            return None
        for e, player in enumerate(hand.players):
            if player.seat == client.seat and player.holder == client.holder:
                return e
        return None

    def bank_left(self, e: int) -> float:
        """Seconds of time bank the player of engine seat ``e`` has left (option time_bank)."""
        assert self.hand is not None
        player = self.hand.players[e]
        spent = self.banks.get((player.seat, player.holder), 0.0)
        bank: int = self.options["time_bank"]
        return max(0.0, bank - spent)

    def turn_ends(self, e: int) -> float:
        """When the turn of engine seat ``e`` runs out: the turn timer from when the table
        began to wait on it, then what is left of its time bank."""
        assert self.hand is not None
        since = self.hand.since.get(e, self.now())
        return since + self.timer + self.bank_left(e)

    def spend_bank(self, e: int) -> None:
        """The player of engine seat ``e`` moves (or runs out of time) now: what they took
        beyond the turn timer comes out of their time bank."""
        assert self.hand is not None
        since = self.hand.since.get(e)
        if since is None or not self.timer:
            return
        over = min(self.now() - since - self.timer, self.bank_left(e))
        if over > 0:
            player = self.hand.players[e]
            key = (player.seat, player.holder)
            self.banks[key] = self.banks.get(key, 0.0) + over

    def away(self, e: int) -> bool:
        """The player of engine seat ``e`` sits out, or no longer holds the seat."""
        assert self.hand is not None
        player = self.hand.players[e]
        seat = self.seats[player.seat]
        return seat.holder != player.holder or seat.sitting_out
