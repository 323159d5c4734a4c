"""What the host of a table may do (docs/web.md): approve or decline seat requests, remove a
player, pause and resume, change house rules, stakes and options, add and remove bots.

The host is whoever holds the token the table was made with (its SHA-256 is stored with the
table); every action here is checked against it on the server, and anyone else gets a clear
refusal. Each change is stored in one transaction and announced in the table's log.
"""

from __future__ import annotations

from splitpot import bots as bot_registry
from splitpot import variants
from splitpot.errors import SplitpotError
from splitpot.house import with_house
from splitpot.server import queries
from splitpot.server.options import house_changes, table_options
from splitpot.server.outage import StoragePaused
from splitpot.server.tables import BOT_NAMES, Client, LiveTable, TableError, bot_player
from splitpot.server.wire import Message

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
            table.broadcast()
            return
        except SplitpotError as exc:
            client.error(str(exc), "refused")
            return
        table.changed.set()
        table.broadcast()


def _seat(table: LiveTable, message: Message) -> int:
    if message.seat is None:
        raise TableError(f"say which seat: 'seat' from 0 to {len(table.seats) - 1}", "no_seat")
    if not 0 <= message.seat < len(table.seats):
        raise TableError(f"table {table.code} has seats 0 to {len(table.seats) - 1}", "no_seat")
    return message.seat


def _request(table: LiveTable, message: Message) -> tuple[int, str, str]:
    found = next((r for r in table.requests if r[0] == message.request), None)
    if found is None:
        raise TableError(f"no seat request {message.request} is waiting", "no_request")
    return found


async def _approve(table: LiveTable, message: Message) -> None:
    request, name, token_hash = _request(table, message)
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
    entries = table.seat_player(seat, name, token_hash)
    await table.save(seat, ledger=entries, request=request)
    table.requests.remove((request, name, token_hash))
    for c in table.clients:
        if c.request == request:
            c.request, c.seat, c.holder = None, seat.position, seat.holder
    await table.announce(f"The host seats {name} with {table.stack} chips")


async def _decline(table: LiveTable, message: Message) -> None:
    request, name, token_hash = _request(table, message)
    await table.write("a seat request", queries.remove_request, request)
    table.requests.remove((request, name, token_hash))
    for c in table.clients:
        if c.request == request:
            c.request = None
            c.error("the host did not give you a seat; you can watch", "declined")
    await table.announce(f"The host did not seat {name}")


async def _remove(table: LiveTable, message: Message) -> None:
    seat = table.seats[_seat(table, message)]
    if seat.kind == "open":
        raise TableError(f"seat {seat.position} is open: nobody to remove", "open_seat")
    if seat.token_hash is not None and seat.token_hash == table.host_token:
        raise TableError("the host cannot remove themselves: leave the seat instead", "host")
    name, chips, playing = table.player_name(seat), seat.stack, table.in_hand(seat.position)
    removed = [c for c in table.clients if c.seat == seat.position and c.holds(table)]
    entries = table.vacate(seat)
    await table.save(seat, ledger=entries)
    for c in removed:
        c.error("the host removed you from your seat; you can watch", "removed")
    later = " at the end of this hand" if playing else f" with {chips} chips"
    await table.announce(f"The host removes {name}, who cashes out{later}")


async def _pause(table: LiveTable, message: Message) -> None:
    if table.paused:
        raise TableError("the table is paused already", "paused")
    await table.save(table={"paused": True})
    table.paused = True
    await table.announce("The host pauses the table: no new hand, no timer, no bot moves")


async def _resume(table: LiveTable, message: Message) -> None:
    if not table.paused:
        raise TableError("the table is not paused", "not_paused")
    await table.save(table={"paused": False})
    table.paused = False
    hand = table.hand
    if hand is not None:  # every turn timer starts again from now
        now = table._now()
        for e in hand.since:
            hand.since[e] = now
    await table.announce("The host resumes the table")


async def _house(table: LiveTable, message: Message) -> None:
    base = variants.get(table.game)
    house = house_changes(base, message.settings)
    if house == table.house:
        raise TableError("those are the table's rules already", "unchanged")
    rules = with_house(base, house)
    await table.save(table={"house": house})
    before = table.house
    table.house, table.rules = house, rules
    words = ", ".join(
        f"{k} {_value(before.get(k, getattr(base, k, None)))} → "
        f"{_value(house.get(k, getattr(base, k, None)))}"
        for k in sorted(set(house) | set(before))
        if before.get(k) != house.get(k)
    )
    await table.announce(f"The host changes the rules from the next hand: {words}")


async def _options(table: LiveTable, message: Message) -> None:
    options = table_options(message.settings, practice=table.practice, current=table.options)
    if options == table.options:
        raise TableError("those are the table's options already", "unchanged")
    await table.save(table={"options": options})
    before, table.options = table.options, options
    words = ", ".join(
        f"{k} {_value(before[k])} → {_value(options[k])}"
        for k in options
        if before[k] != options[k]
    )
    if not options["odds"]:
        for c in table.clients:
            c.odds_key = None
    await table.announce(f"The host changes the table's options: {words}")


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
    name = BOT_NAMES[seat.position % len(BOT_NAMES)]
    entries = table.ledger_entries(lambda book: [book.buy_in(bot_player(name), table.stack)])
    seat.kind, seat.name, seat.bot = "bot", name, bot
    seat.holder += 1
    seat.stack, seat.sitting_out, seat.token_hash = table.stack, False, None
    await table.save(seat, ledger=entries)
    await table.announce(f"The host seats {name}, a bot ({bot}), with {table.stack} chips")


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
