"""The lobby: the games a table may be made for, creating a table, taking a seat.

A request to create a table names a game, the house rules and stakes it changes (only those
:mod:`splitpot.house` offers for that game), the starting stack, the turn timer and what sits in
each seat (``"you"``, ``"open"`` or ``"bot:NAME"``). It gets a short code for the invite link;
whoever takes a seat gets a token, kept by the browser and stored here only as its hash.
Bad requests raise :class:`LobbyError` with one line saying what is wrong.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, Final

from sqlalchemy.orm import Session

from splitpot import bots as bot_registry
from splitpot import variants
from splitpot.errors import LobbyError, StoragePaused
from splitpot.house import HouseRule, offered, stakes, with_house
from splitpot.ledger import Entry
from splitpot.rules import Rules
from splitpot.server import queries, runner
from splitpot.server.chat import announce
from splitpot.server.cluster import Cluster
from splitpot.server.options import MAX_STACK, OptionError, house_changes, table_options
from splitpot.server.players import BOT_NAMES, SeatRequest, hash_token, player_name
from splitpot.server.seating import name_taken, save, seat_player, unsaved_undone
from splitpot.server.settings import Settings
from splitpot.server.snapshot import broadcast
from splitpot.server.store import SeatData, Store, TableData
from splitpot.server.tables import LiveTable

__all__ = [
    "CODE_LETTERS",
    "DEFAULT_BOT",
    "DEFAULT_TIMER",
    "LobbyError",
    "Tables",
    "games",
]

CODE_LETTERS: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters of a table's code: no 0/O or 1/I to misread when it is said aloud."""
CODE_LENGTH: Final = 6
DEFAULT_TIMER: Final = 45
"""Seconds a player has for each decision unless the table says otherwise (0: no timer)."""
MAX_TIMER: Final = 600
DEFAULT_BOT: Final = "heuristic"
MAX_NAME: Final = 24
MAX_REQUESTS: Final = 20
"""Seat requests that may wait on a host at once."""
PRACTICE_GAME: Final = "auction"
PRACTICE_BOTS: Final = 3


def _rule_json(rule: HouseRule) -> dict[str, Any]:
    return {
        "name": rule.name,
        "kind": rule.kind,
        "default": list(rule.default) if isinstance(rule.default, tuple) else rule.default,
        "explanation": rule.explanation,
        "choices": list(rule.choices),
        "labels": list(rule.labels),
        "minimum": rule.minimum,
        "none_means": rule.none_means,
    }


def _default_stack(rules: Rules) -> int:
    return 100 * rules.big_bet


def games() -> list[dict[str, Any]]:
    """Every registered game with its seats, stakes and house rules (defaults, explanations)."""
    out = []
    for name in variants.names():
        rules = variants.get(name)
        out.append(
            {
                "name": name,
                "code": rules.code,
                "title": rules.description or name,
                "min_players": rules.min_players,
                "max_players": rules.max_players,
                "stack": _default_stack(rules),
                "stakes": [_rule_json(r) for r in stakes(rules)],
                "house": [_rule_json(r) for r in offered(rules)],
            }
        )
    return out


def _name(value: object) -> str:
    """A display name: 1 to 24 printable characters, spaces trimmed."""
    if not isinstance(value, str):
        raise LobbyError("'name' must be text: the name others see at the table")
    name = " ".join(value.split())
    if not name or len(name) > MAX_NAME:
        raise LobbyError(f"a name has 1 to {MAX_NAME} characters, not {len(name)}")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise LobbyError("a name may not hold control characters")
    return name


def _whole(spec: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = spec.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LobbyError(f"'{key}' must be a whole number from {low} to {high}, not {value!r}")
    return value


def _buy_ins(seats: list[SeatData]) -> list[Entry]:
    """The ledger's first entries: everyone seated at a new table buys in."""
    return [Entry("buy-in", player_name(s), s.stack) for s in seats if s.kind != "open"]


log = logging.getLogger("splitpot.server")


class Tables:
    """Every table of a server: created here, loaded from the store when the server starts."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.live: dict[str, LiveTable] = {}
        self.opened = False
        self.cluster = Cluster(store, settings) if store.shared else None
        """This process's leases where several may serve the database (PostgreSQL)."""
        self._stopping: set[asyncio.Task[None]] = set()

    def open(self) -> None:
        """Load every stored table (on PostgreSQL: the tables this process takes), resuming
        hands under way, and start their runners (in the server's event loop)."""
        if self.cluster is None:
            found = self.store.tables()
        else:
            found = [t for code in self.cluster.first() for t in self.store.tables(code)]
        for data in found:
            if data.code not in self.live:
                self._load(data)
        for table in self.live.values():
            runner.start(table)
        if self.cluster is not None:
            self.cluster.start(self)
        self.opened = True

    async def close(self) -> None:
        """Stop every runner (and give up this process's leases)."""
        self.opened = False
        for table in self.live.values():
            await runner.stop(table)
        self.live.clear()
        if self.cluster is not None:
            await self.cluster.stop()

    def get(self, code: str) -> LiveTable:
        """The table with ``code`` (codes are read in capitals); LobbyError 404 if none, 503
        if another process runs it (the proxy in front tries the next: docs/deploy.md)."""
        key = code.upper() if isinstance(code, str) else ""
        table = self.live.get(key)
        if table is None:
            if self.cluster is not None and key in self.cluster.elsewhere:
                raise LobbyError(f"table {key} is run by another server; try again", 503)
            raise LobbyError(f"no table has the code {code!r}", 404)
        return table

    # --- tables on many servers (:mod:`.cluster`) ---------------------------------------------

    def _load(self, data: TableData) -> LiveTable:
        table = self.live[data.code] = runner.load(self.store, data, self.settings)
        if self.cluster is not None:
            table.server = self.cluster.owner
            table.lost = lambda: self._lose(data.code)
        return table

    def _lose(self, code: str) -> None:
        """A write found the table's lease taken: stop the table (not from its own task)."""
        if code in self.live:
            task = asyncio.get_running_loop().create_task(self.drop(code))
            self._stopping.add(task)  # kept until done (the loop holds tasks weakly)
            task.add_done_callback(self._stopping.discard)

    def held(self) -> dict[int, str]:
        """Table id -> code of every table this process runs."""
        return {t.id: t.code for t in self.live.values()}

    async def adopt(self, codes: list[str]) -> None:
        """Load the tables this process just took (each hand rebuilt from its stored moves)
        and run them."""
        for code in codes:
            for data in await self.store.read(queries.tables, code):
                if data.code not in self.live:
                    runner.start(self._load(data))

    async def drop(self, code: str) -> None:
        """Stop running table ``code``: its runner stops, its sockets close (the pages
        connect again, through the proxy, to the process that runs it now)."""
        table = self.live.pop(code, None)
        if table is not None:
            await runner.stop(table)

    def _maker(self, fields: dict[str, Any]) -> Callable[[Session], str]:
        """The job that stores a new table under a code no table has; it returns the code."""

        def job(session: Session) -> str:
            while True:
                code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
                if code not in self.live and not queries.code_taken(session, code):
                    queries.create_table(session, code=code, **fields)
                    if self.cluster is not None:
                        self.cluster.claim(session, code)
                    return code

        return job

    def _add(self, data: TableData) -> LiveTable:
        table = self._load(data)
        runner.start(table)
        return table

    async def _create(self, **fields: Any) -> LiveTable:
        """Store a new table and bring it to life; LobbyError 503 when the database does not
        answer (no table is made)."""
        try:
            code = await self.store.write(self._maker(fields))
            (data,) = await self.store.read(queries.tables, code)
        except Exception as exc:
            log.error("a new table could not be stored: %s", exc)
            raise LobbyError(
                "the server's storage is not answering: no table was made; try again soon", 503
            ) from None
        return self._add(data)

    # --- creating -----------------------------------------------------------------------------

    async def create(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        """Make a table from a lobby request; its code, and the creator's seat and token."""
        if len(self.live) >= self.settings.max_tables:
            raise LobbyError("this server has as many tables as it takes; try later", 503)
        known = {"game", "house", "stack", "timer", "seats", "name", "seed", "options"}
        extra = sorted(set(spec) - known)
        if extra:
            raise LobbyError(f"a new table has no field {extra[0]!r}")
        game = spec.get("game")
        if not isinstance(game, str) or game not in variants.names():
            raise LobbyError(f"unknown game {game!r}; choose one of {', '.join(variants.names())}")
        base = variants.get(game)
        try:
            house = house_changes(base, spec.get("house", {}))
            options = table_options(spec.get("options", {}))
        except OptionError as exc:
            raise LobbyError(str(exc)) from None
        rules = with_house(base, house)
        stack = _whole(spec, "stack", _default_stack(rules), 1, MAX_STACK)
        timer = _whole(spec, "timer", DEFAULT_TIMER, 0, MAX_TIMER)
        seed = spec.get("seed")
        if seed is not None:
            if not self.settings.allow_seeds:
                raise LobbyError("this server does not let a table fix its deals ('seed')")
            seed = _whole(spec, "seed", 0, 0, 2**63 - 1)
        token, seats = self._seats(rules, spec.get("seats"), stack, spec.get("name"))
        mine = next((s for s in seats if s.kind == "human"), None)
        table = await self._create(
            game=game,
            house=house,
            stack=stack,
            timer=timer,
            seats=seats,
            seed=seed,
            host=None if mine is None else mine.position,
            host_token=None if mine is None else mine.token_hash,
            options=options,
            ledger=_buy_ins(seats),
        )
        return {"code": table.code, "seat": None if mine is None else mine.position, "token": token}

    def _seats(
        self, rules: Rules, given: object, stack: int, name: object
    ) -> tuple[str | None, list[SeatData]]:
        if not isinstance(given, list) or not all(isinstance(s, str) for s in given):
            raise LobbyError('\'seats\' must list each seat: "you", "open" or "bot:NAME"')
        low, high = rules.min_players, rules.max_players
        if not low <= len(given) <= high:
            raise LobbyError(f"{rules.name} seats {low} to {high} players, not {len(given)}")
        if given.count("you") > 1:
            raise LobbyError("only one seat can be yours")
        token: str | None = None
        seats = []
        for position, what in enumerate(given):
            if what == "you":
                token = secrets.token_urlsafe(32)
                seats.append(
                    SeatData(
                        position, "human", _name(name), None, stack, False, 1, hash_token(token)
                    )
                )
            elif what == "open":
                seats.append(SeatData(position, "open"))
            elif what == "bot" or what.startswith("bot:"):
                bot = what.partition(":")[2] or DEFAULT_BOT
                if bot not in bot_registry.names():
                    known = ", ".join(bot_registry.names())
                    raise LobbyError(f"unknown bot {bot!r}; choose one of {known}")
                seats.append(SeatData(position, "bot", BOT_NAMES[position], bot, stack, False, 1))
            else:
                raise LobbyError(f"seat {position + 1}: {what!r} is not you, open or bot:NAME")
        return token, seats

    # --- joining ------------------------------------------------------------------------------

    async def join(self, code: str, spec: Mapping[str, Any]) -> dict[str, Any]:
        """Take a seat: the one asked for or the first open one; where none is open, a bot's
        (the bot plays out the hand under way, then the newcomer sits with a starting stack),
        under the name asked for, or ``name (2)``... when someone had it earlier at the table.
        At a table whose host approves seats, the newcomer's token waits on the host instead
        (``waiting``)."""
        table = self.get(code)
        extra = sorted(set(spec) - {"name", "seat"})
        if extra:
            raise LobbyError(f"joining takes a 'name' and maybe a 'seat', not {extra[0]!r}")
        name = _name(spec.get("name"))
        wanted = spec.get("seat")
        async with table.lock:
            taken = name_taken(table, name)
            if taken is not None:
                raise LobbyError(taken, 409)
            if wanted is not None:
                if isinstance(wanted, bool) or not isinstance(wanted, int):
                    raise LobbyError(f"'seat' must be a seat number, not {wanted!r}")
                if not 0 <= wanted < len(table.seats):
                    raise LobbyError(f"table {table.code} has seats 0 to {len(table.seats) - 1}")
                seat = table.seats[wanted]
                if seat.kind == "human":
                    raise LobbyError(f"seat {wanted} is taken by {seat.name}", 409)
            else:
                free = [s for s in table.seats if s.kind == "open"]
                free = free or [s for s in table.seats if s.kind == "bot"]
                if not free:
                    raise LobbyError(
                        f"every seat at table {table.code} is taken; watch instead", 409
                    )
                seat = free[0]
            token = secrets.token_urlsafe(32)
            if table.outage.down:
                raise LobbyError(StoragePaused().message, 503, reason=StoragePaused.reason)
            try:
                waiting = await self._seat(table, seat, name, token)
            except StoragePaused as exc:
                broadcast(table)
                raise LobbyError(exc.message, 503, reason=exc.reason) from None
            if waiting:
                return {"code": table.code, "seat": None, "token": token, "waiting": True}
            table.changed.set()
            broadcast(table)
        return {"code": table.code, "seat": seat.position, "token": token, "name": seat.name}

    async def _seat(self, table: LiveTable, seat: SeatData, name: str, token: str) -> bool:
        """Seat ``name`` in ``seat``, or at a table whose host approves seats ask for it (True:
        the token waits on the host); each change stored before anyone is told."""
        if table.options["approve_seats"]:
            if len(table.requests) >= MAX_REQUESTS:
                raise LobbyError("too many people are waiting for a seat here; try later", 429)
            hashed = hash_token(token)
            request = await table.write(
                "a seat request", queries.add_request, table.id, name, hashed
            )
            table.requests.append(SeatRequest(request, name, hashed))
            await announce(table, f"{name} asks for a seat; the host decides")
            broadcast(table)
            return True
        host = table.practice and table.host_token is None and seat.position == table.host
        with unsaved_undone(table, seat):
            entries = seat_player(table, seat, name, hash_token(token))
            fields = {"host_token": seat.token_hash} if host else None
            await save(table, seat, ledger=entries, fields=fields)
        if host:  # the practice table's host is whoever takes the seat left for them
            table.host_token = seat.token_hash
        await announce(table, f"{seat.name} sits down with {table.stack} chips")
        return False

    # --- the practice table -------------------------------------------------------------------

    def practice(self) -> str:
        """The code of the practice table (Auction: one open seat for you and three bots),
        made the first time."""
        code = self.store.run(queries.practice_code)
        if code is not None:
            return code
        rules = variants.get(PRACTICE_GAME)
        stack = _default_stack(rules)
        seats = [SeatData(0, "open")] + [
            SeatData(p, "bot", BOT_NAMES[p], DEFAULT_BOT, stack, False, 1)
            for p in range(1, PRACTICE_BOTS + 1)
        ]
        fields = {
            "game": PRACTICE_GAME,
            "house": {},
            "stack": stack,
            "timer": 0,
            "seats": seats,
            "practice": True,
            "host": 0,  # whoever takes the seat left open for them
            "options": table_options({}, practice=True),
            "ledger": _buy_ins(seats),
        }
        code = self.store.run(self._maker(fields))  # before the server serves (start-up)
        if self.opened:  # the server is running: bring it to life now
            self._add(self.store.tables(code)[0])
        return code
