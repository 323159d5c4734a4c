"""Who sits where at a table, and their chips: connections saying hello, seats taken and given
up, sitting out, rebuys, and the table's ledger (buy-ins, cash-outs), each change stored in
one transaction before anyone is told."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable, Iterator
from dataclasses import fields, replace
from typing import Any

from splitpot.errors import StoragePaused, TableError
from splitpot.ledger import Entry, Ledger, LedgerError, from_entries
from splitpot.server import queries
from splitpot.server.chat import announce, history
from splitpot.server.clients import Client
from splitpot.server.players import hash_token, player_name
from splitpot.server.snapshot import broadcast, snapshot
from splitpot.server.store import SeatData
from splitpot.server.tables import LiveTable

__all__ = [
    "TableError",
    "connect",
    "disconnect",
    "held_seat",
    "hello",
    "leave",
    "ledger_entries",
    "name_taken",
    "open_ledger",
    "rebuy",
    "save",
    "seat_player",
    "set_away",
    "sit_out",
    "unsaved_undone",
    "vacate",
]

log = logging.getLogger("splitpot.server")


# --- the ledger -------------------------------------------------------------------------------


def open_ledger(table: LiveTable, entries: list[Entry]) -> Ledger:
    """The table's ledger from its stored entries; a table from before the ledger buys its
    players in with the chips they have (stored by the runner: ``table.fixes``)."""
    try:
        ledger = from_entries(entries)
    except LedgerError as exc:  # never written so: say so and keep the table playing
        log.error("table %s: the stored ledger does not add up: %s", table.code, exc)
        return Ledger()
    if not entries:
        made = [
            ledger.buy_in(player_name(s), s.stack)
            for s in table.seats
            if s.kind != "open" and s.stack > 0
        ]
        if made:
            table.fixes.append(
                lambda: table.write("the ledger", queries.save_seat, table.id, ledger=made)
            )
    return ledger


def ledger_entries(table: LiveTable, make: Callable[[Ledger], Iterable[Entry]]) -> list[Entry]:
    """Entries made by ``make(ledger)`` on a copy of the table's ledger, kept only if every
    one is taken (LedgerError otherwise, the ledger unchanged)."""
    trial = from_entries(table.ledger.entries)
    made = list(make(trial))
    table.ledger = trial
    return made


# --- seats --------------------------------------------------------------------------------------


def name_taken(table: LiveTable, name: str) -> str | None:
    """Why ``name`` cannot sit at this table (someone at it or asking for a seat has it), or
    None. A name someone had earlier in the evening is marked when its newcomer sits down
    (:func:`seat_player`), not refused."""
    folded = name.casefold()
    if folded.endswith("(bot)"):
        return "a name may not end with '(bot)': the ledger marks bots so"
    if any(s.kind == "human" and s.name.casefold() == folded for s in table.seats):
        return f"{name} is already at table {table.code}: choose another name"
    if any(r.name.casefold() == folded for r in table.requests):
        return f"{name} has already asked for a seat at table {table.code}"
    return None


def seat_player(table: LiveTable, seat: SeatData, name: str, token_hash: str) -> list[Entry]:
    """Seat a person in ``seat`` (open, or a bot's: the bot cashes out now, or after the hand
    it plays out) with the table's buy-in, under a name nobody has had at the table this
    evening (``Zed (2)`` for a second Zed: a line of the ledger of their own); the ledger's
    entries to store."""
    entries = vacate(table, seat) if seat.kind == "bot" else []
    name = table.ledger.unused_name(name)
    entries += ledger_entries(table, lambda book: [book.buy_in(name, table.stack)])
    seat.kind, seat.name, seat.bot, seat.token_hash = "human", name, None, token_hash
    seat.holder += 1
    seat.stack = table.stack
    seat.sitting_out = False
    return entries


def vacate(table: LiveTable, seat: SeatData) -> list[Entry]:
    """Open a seat (a player leaves or is removed, a bot is taken away): its occupant cashes
    out all their chips now, or at the end of the hand they are playing (the table moves for
    them meanwhile). The ledger's entries to store with the seat."""
    name = player_name(seat)
    playing = table.in_hand(seat.position)
    seat.kind, seat.name, seat.bot, seat.token_hash = "open", "", None, None
    seat.holder += 1
    seat.stack, seat.sitting_out = 0, False
    for client in table.clients:
        if client.seat == seat.position:
            client.leave_seat()
    if playing or name not in table.ledger.seated:
        return []
    return ledger_entries(table, lambda book: [book.cash_out(name)])


@contextlib.contextmanager
def unsaved_undone(table: LiveTable, *seats: SeatData) -> Iterator[None]:
    """Around a change of ``seats`` and its write: if the store does not take it
    (StoragePaused), the seats, the ledger and the seat each connection holds are put back as
    they were, so the paused table holds in memory what the store holds."""
    before = [replace(seat) for seat in seats]
    ledger = table.ledger
    held = [(c, c.seat, c.holder, c.request) for c in table.clients]
    try:
        yield
    except StoragePaused:
        for seat, old in zip(seats, before, strict=True):
            for field in fields(old):
                setattr(seat, field.name, getattr(old, field.name))
        table.ledger = ledger
        for c, position, holder, request in held:
            c.seat, c.holder, c.request = position, holder, request
        raise


async def save(
    table: LiveTable,
    *seats: SeatData,
    ledger: list[Entry] | None = None,
    request: int | None = None,
    fields: dict[str, Any] | None = None,
) -> None:
    """Store seats, ledger entries, a granted request and the table's ``fields`` in one
    transaction; StoragePaused if the database did not take it (the table pauses, and is read
    again from the store once it answers)."""
    await table.write(
        "a change", queries.save_seat, table.id, *seats, ledger=ledger or [], request=request,
        table=fields,
    )  # fmt: skip


async def set_away(table: LiveTable, position: int, away: bool) -> None:
    """Seat ``position`` sits out (the table moves for it) or is back; stored."""
    seat = table.seats[position]
    if seat.sitting_out != away:
        await table.write("a seat", queries.save_seat, table.id, replace(seat, sitting_out=away))
        seat.sitting_out = away
        table.changed.set()


# --- what a connection asks -----------------------------------------------------------------


async def connect(table: LiveTable, client: Client) -> None:
    """A connection opens (a spectator until it says hello with a token); its first snapshot
    carries the page's vocabulary and is never replaced by a later one."""
    async with table.lock:
        table.clients.add(client)
        client.push("first", snapshot(table, client, words=True))


async def disconnect(table: LiveTable, client: Client) -> None:
    """A connection closes."""
    client.closed = True
    async with table.lock:
        table.clients.discard(client)
        if client.seat is not None:
            broadcast(table)  # the others see the seat go quiet


async def hello(table: LiveTable, client: Client, token: str | None) -> None:
    """Bind a connection to the seat its token holds (None: watch)."""
    async with table.lock:
        if client.said_hello:
            client.error("this connection has already said hello", "hello_twice")
            return
        if token is not None:
            hashed = hash_token(token)
            seat = table.seat_of(hashed)
            asked = next((r for r in table.requests if r.token_hash == hashed), None)
            if seat is not None:
                client.seat, client.holder = seat.position, seat.holder
                client.token_hash = hashed
            elif asked is not None:
                client.request, client.token_hash = asked.id, hashed
            else:
                client.error(
                    f"that token holds no seat at table {table.code}; watching instead",
                    "bad_token",
                )
        client.said_hello = True
        await history(table, client)
        table.changed.set()
        broadcast(table)


def held_seat(table: LiveTable, client: Client, doing: str) -> SeatData | None:
    """The seat the connection holds; None (and the connection told that only a player in a
    seat can do ``doing``) when it holds none."""
    if not table.holds(client):
        client.error(f"only a player in a seat can {doing}", "spectator")
        return None
    assert client.seat is not None
    return table.seats[client.seat]


async def sit_out(table: LiveTable, client: Client, away: bool) -> None:
    """A player sits out (the table moves for them; no new hands) or comes back."""
    async with table.lock:
        seat = held_seat(table, client, "sit out or come back")
        if seat is not None:
            await set_away(table, seat.position, away)
            broadcast(table)


async def rebuy(table: LiveTable, client: Client, chips: int) -> None:
    """A player adds chips between hands, up to the table's most (``max_buy``, else the
    buy-in): a rebuy in the ledger."""
    async with table.lock:
        seat = held_seat(table, client, "rebuy")
        if seat is None:
            return
        if table.in_hand(seat.position):
            client.error("rebuy between hands: you are in the hand under way", "in_hand")
            return
        most = table.options["max_buy"] or table.stack
        if seat.stack + chips > most:
            room = max(0, most - seat.stack)
            client.error(
                f"a rebuy brings a stack to at most {most} chips; you have {seat.stack}, "
                f"so you may add up to {room}",
                "too_many_chips",
            )
            return
        with unsaved_undone(table):
            entries = ledger_entries(table, lambda book: [book.buy_in(seat.name, chips)])
            await save(table, replace(seat, stack=seat.stack + chips), ledger=entries)
        seat.stack += chips
        await announce(table, f"{seat.name} rebuys {chips} chips and has {seat.stack}")
        table.changed.set()
        broadcast(table)


async def leave(table: LiveTable, client: Client) -> None:
    """A player gives up the seat: a cash-out of every chip (after the hand under way, if they
    are in it); a host who leaves leaves the table without a host."""
    async with table.lock:
        seat = held_seat(table, client, "leave it")
        if seat is None:
            return
        name, chips, playing = seat.name, seat.stack, table.in_hand(seat.position)
        was_host = client.token_hash is not None and client.token_hash == table.host_token
        with unsaved_undone(table, seat):
            entries = vacate(table, seat)
            host = {"host_token": None} if was_host else None
            await save(table, seat, ledger=entries, fields=host)
        if was_host:
            table.host_token = None
        later = " at the end of this hand" if playing else f" with {chips} chips"
        await announce(table, f"{name} leaves the table and cashes out{later}")
        client.error("you left your seat; you are watching now", "left")
        table.changed.set()
        broadcast(table)
