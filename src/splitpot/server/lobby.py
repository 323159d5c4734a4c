"""The lobby: the games a table may be made for, creating a table, taking a seat.

A request to create a table names a game, the house rules and stakes it changes (only those
:mod:`splitpot.house` offers for that game), the starting stack, the turn timer and what sits in
each seat (``"you"``, ``"open"`` or ``"bot:NAME"``). It gets a short code for the invite link;
whoever takes a seat gets a token, kept by the browser and stored here only as its hash.
Bad requests raise :class:`LobbyError` with one line saying what is wrong.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Mapping
from typing import Any, Final

from splitpot import bots as bot_registry
from splitpot import variants
from splitpot.errors import LobbyError, SplitpotError
from splitpot.house import HouseRule, offered, stakes, with_house
from splitpot.ledger import Entry
from splitpot.rules import Rules
from splitpot.server import runner
from splitpot.server.chat import announce
from splitpot.server.options import MAX_STACK, OptionError, house_changes, table_options
from splitpot.server.players import BOT_NAMES, SeatRequest, hash_token, player_name
from splitpot.server.seating import name_taken, save, seat_player
from splitpot.server.settings import Settings
from splitpot.server.snapshot import broadcast
from splitpot.server.store import SeatData, Store
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


class Tables:
    """Every table of a server: created here, loaded from the store when the server starts."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.live: dict[str, LiveTable] = {}
        self.opened = False

    def open(self) -> None:
        """Load every stored table, resuming hands under way, and start their runners (in the
        server's event loop)."""
        for data in self.store.tables():
            if data.code not in self.live:
                self.live[data.code] = runner.load(self.store, data, self.settings)
        for table in self.live.values():
            runner.start(table)
        self.opened = True

    async def close(self) -> None:
        """Stop every runner."""
        self.opened = False
        for table in self.live.values():
            await runner.stop(table)
        self.live.clear()

    def get(self, code: str) -> LiveTable:
        """The table with ``code`` (codes are read in capitals); LobbyError 404 if none."""
        table = self.live.get(code.upper()) if isinstance(code, str) else None
        if table is None:
            raise LobbyError(f"no table has the code {code!r}", 404)
        return table

    def _code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self.live and not self.store.code_taken(code):
                return code

    def _add(self, code: str) -> LiveTable:
        (data,) = self.store.tables(code)
        table = self.live[code] = runner.load(self.store, data, self.settings)
        runner.start(table)
        return table

    # --- creating -----------------------------------------------------------------------------

    def create(self, spec: Mapping[str, Any]) -> dict[str, Any]:
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
        code = self._code()
        mine = next((s for s in seats if s.kind == "human"), None)
        self.store.create_table(
            code=code,
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
        table = self._add(code)
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
        (the bot plays out the hand under way, then the newcomer sits with a starting stack).
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
            if table.options["approve_seats"]:
                if len(table.requests) >= MAX_REQUESTS:
                    raise LobbyError("too many people are waiting for a seat here; try later", 429)
                request = self.store.add_request(table.id, name, hash_token(token))
                table.requests.append(SeatRequest(request, name, hash_token(token)))
                announce(table, f"{name} asks for a seat; the host decides")
                broadcast(table)
                return {"code": table.code, "seat": None, "token": token, "waiting": True}
            host = table.practice and table.host_token is None and seat.position == table.host
            entries = seat_player(table, seat, name, hash_token(token))
            try:
                save(
                    table,
                    seat,
                    ledger=entries,
                    fields={"host_token": seat.token_hash} if host else None,
                )
            except SplitpotError as exc:
                raise LobbyError(str(exc), 503) from None
            if host:  # the practice table's host is whoever takes the seat left for them
                table.host_token = seat.token_hash
            announce(table, f"{name} sits down with {table.stack} chips")
            table.changed.set()
            broadcast(table)
        return {"code": table.code, "seat": seat.position, "token": token}

    # --- the practice table -------------------------------------------------------------------

    def practice(self) -> str:
        """The code of the practice table (Auction: one open seat for you and three bots),
        made the first time."""
        code = self.store.practice_code()
        if code is not None:
            return code
        rules = variants.get(PRACTICE_GAME)
        stack = _default_stack(rules)
        seats = [SeatData(0, "open")] + [
            SeatData(p, "bot", BOT_NAMES[p], DEFAULT_BOT, stack, False, 1)
            for p in range(1, PRACTICE_BOTS + 1)
        ]
        code = self._code()
        self.store.create_table(
            code=code,
            game=PRACTICE_GAME,
            house={},
            stack=stack,
            timer=0,
            seats=seats,
            practice=True,
            host=0,  # whoever takes the seat left open for them
            options=table_options({}, practice=True),
            ledger=_buy_ins(seats),
        )
        if self.opened:  # the server is running: bring it to life now
            self._add(code)
        return code
