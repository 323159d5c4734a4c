"""What the host of a table may do (docs/web.md): approve or decline seat requests, remove a
player, pause and resume, change house rules, stakes and options, add and remove bots.

The host is whoever holds the token the table was made with (its SHA-256 is stored with the
table); every action here is checked against it on the server, and anyone else gets a clear
refusal. Each change is stored in one transaction and announced in the table's log.
"""

from __future__ import annotations

from splitpot import bots as bot_registry
from splitpot import variants
from splitpot.errors import SplitpotError, StoragePaused
from splitpot.house import with_house
from splitpot.ledger import BOT_MARK
from splitpot.server import queries
from splitpot.server.chat import announce
from splitpot.server.clients import Client
from splitpot.server.messages import Message
from splitpot.server.options import house_changes, table_options
from splitpot.server.players import BOT_NAMES, SeatRequest, bot_player, player_name
from splitpot.server.seating import (
    TableError,
    ledger_entries,
    save,
    seat_player,
    unsaved_undone,
    vacate,
)
from splitpot.server.snapshot import broadcast
from splitpot.server.tables import LiveTable

__all__ = ["host_action"]

DEFAULT_BOT = "heuristic"


async def host_action(table: LiveTable, client: Client, message: Message) -> None:
    """Carry out a host's ``message`` (``do``: what), or tell the client why not."""
    async with table.lock:
        if not table.is_host(client):
            client.error(
                "only the host of the table (the player who made it) may do that", "not_host"
            )
            return
        try:
            await _ACTIONS[message.do](table, message)
        except (TableError, StoragePaused) as exc:
            client.error(exc.message, exc.reason)
            broadcast(table)  # a storage pause is everyone's to see
            return
        except SplitpotError as exc:
            client.error(str(exc), "refused")
            return
        table.changed.set()
        broadcast(table)


def _seat(table: LiveTable, message: Message) -> int:
    if message.seat is None:
        raise TableError(f"say which seat: 'seat' from 0 to {len(table.seats) - 1}", "no_seat")
    if not 0 <= message.seat < len(table.seats):
        raise TableError(f"table {table.code} has seats 0 to {len(table.seats) - 1}", "no_seat")
    return message.seat


def _request(table: LiveTable, message: Message) -> SeatRequest:
    found = next((r for r in table.requests if r.id == message.request), None)
    if found is None:
        raise TableError(f"no seat request {message.request} is waiting", "no_request")
    return found


async def _approve(table: LiveTable, message: Message) -> None:
    request = _request(table, message)
    if message.seat is not None:
        seat = table.seats[_seat(table, message)]
        if seat.kind == "human":
            raise TableError(f"seat {seat.position} is taken by {seat.name}", "seat_taken")
    else:
        free = [s for s in table.seats if s.kind == "open"] or [
            s for s in table.seats if s.kind == "bot"
        ]
        if not free:
            raise TableError("every seat is taken: remove a player or a bot first", "full")
        seat = free[0]
    with unsaved_undone(table, seat):
        entries = seat_player(table, seat, request.name, request.token_hash)
        await save(table, seat, ledger=entries, request=request.id)
    table.requests.remove(request)
    for c in table.clients:
        if c.request == request.id:
            c.request, c.seat, c.holder = None, seat.position, seat.holder
    await announce(table, f"The host seats {seat.name} with {table.stack} chips")


async def _decline(table: LiveTable, message: Message) -> None:
    request = _request(table, message)
    await table.write("a seat request", queries.remove_request, request.id)
    table.requests.remove(request)
    for c in table.clients:
        if c.request == request.id:
            c.request = None
            c.error("the host did not give you a seat; you can watch", "declined")
    await announce(table, f"The host did not seat {request.name}")


async def _remove(table: LiveTable, message: Message) -> None:
    seat = table.seats[_seat(table, message)]
    if seat.kind == "open":
        raise TableError(f"seat {seat.position} is open: nobody to remove", "open_seat")
    if seat.token_hash is not None and seat.token_hash == table.host_token:
        raise TableError("the host cannot remove themselves: leave the seat instead", "host")
    name, chips, playing = player_name(seat), seat.stack, table.in_hand(seat.position)
    removed = [c for c in table.clients if c.seat == seat.position and table.holds(c)]
    with unsaved_undone(table, seat):
        entries = vacate(table, seat)
        await save(table, seat, ledger=entries)
    for c in removed:
        c.error("the host removed you from your seat; you can watch", "removed")
    later = " at the end of this hand" if playing else f" with {chips} chips"
    await announce(table, f"The host removes {name}, who cashes out{later}")


async def _pause(table: LiveTable, message: Message) -> None:
    if table.paused:
        raise TableError("the table is paused already", "paused")
    await save(table, fields={"paused": True})
    table.paused = True
    await announce(table, "The host pauses the table: no new hand, no timer, no bot moves")


async def _resume(table: LiveTable, message: Message) -> None:
    if not table.paused:
        raise TableError("the table is not paused", "not_paused")
    await save(table, fields={"paused": False})
    table.paused = False
    hand = table.hand
    if hand is not None:  # every turn timer starts again from now
        now = table.now()
        for e in hand.since:
            hand.since[e] = now
    await announce(table, "The host resumes the table")


async def _house(table: LiveTable, message: Message) -> None:
    base = variants.get(table.game)
    house = house_changes(base, message.settings)
    if house == table.house:
        raise TableError("those are the table's rules already", "unchanged")
    rules = with_house(base, house)
    await save(table, fields={"house": house})
    before = table.house
    table.house, table.rules = house, rules
    words = ", ".join(
        f"{k} {_value(before.get(k, getattr(base, k, None)))} → "
        f"{_value(house.get(k, getattr(base, k, None)))}"
        for k in sorted(set(house) | set(before))
        if before.get(k) != house.get(k)
    )
    await announce(table, f"The host changes the rules from the next hand: {words}")


async def _options(table: LiveTable, message: Message) -> None:
    options = table_options(message.settings, practice=table.practice, current=table.options)
    if options == table.options:
        raise TableError("those are the table's options already", "unchanged")
    await save(table, fields={"options": options})
    before, table.options = table.options, options
    words = ", ".join(
        f"{k} {_value(before[k])} → {_value(options[k])}"
        for k in options
        if before[k] != options[k]
    )
    if not options["odds"]:
        for c in table.clients:
            c.odds_key = None
    await announce(table, f"The host changes the table's options: {words}")


async def _add_bot(table: LiveTable, message: Message) -> None:
    bot = message.bot or DEFAULT_BOT
    if bot not in bot_registry.names():
        raise TableError(
            f"unknown bot {bot!r}; choose one of {', '.join(bot_registry.names())}", "bot"
        )
    if message.seat is not None:
        seat = table.seats[_seat(table, message)]
        if seat.kind != "open":
            raise TableError(f"seat {seat.position} is not open", "seat_taken")
    else:
        seat = next((s for s in table.seats if s.kind == "open"), None)  # type: ignore[assignment]
        if seat is None:
            raise TableError("no seat is open for a bot", "full")
    # a line of the ledger of its own: Dov again at the table is "Dov (2)" (docs/ledger.md)
    name = table.ledger.unused_name(BOT_NAMES[seat.position % len(BOT_NAMES)], mark=BOT_MARK)
    with unsaved_undone(table, seat):
        entries = ledger_entries(table, lambda book: [book.buy_in(bot_player(name), table.stack)])
        seat.kind, seat.name, seat.bot = "bot", name, bot
        seat.holder += 1
        seat.stack, seat.sitting_out, seat.token_hash = table.stack, False, None
        await save(table, seat, ledger=entries)
    await announce(table, f"The host seats {name}, a bot ({bot}), with {table.stack} chips")


def _value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list | tuple):
        return "/".join(map(str, value))
    return str(value)


_ACTIONS = {
    "approve": _approve,
    "decline": _decline,
    "remove": _remove,
    "pause": _pause,
    "resume": _resume,
    "house": _house,
    "options": _options,
    "add_bot": _add_bot,
}
