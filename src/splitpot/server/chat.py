"""Chat and the table's log: lines to the players' room, the spectators' room and the table's
own log (commitments, the host's changes), stored and then sent to the connections that may
read them (docs/web.md)."""

from __future__ import annotations

from typing import Final

from splitpot.server.clients import Client
from splitpot.server.store import Chat
from splitpot.server.tables import LiveTable
from splitpot.server.wire import chat_message

__all__ = ["CHAT_HISTORY", "announce", "deliver", "history", "say"]

CHAT_HISTORY: Final = 50
"""Lines of chat (and of the table's log) a connection receives when it says hello."""


async def say(table: LiveTable, client: Client, text: str, name: str | None) -> None:
    """A line of chat to the connection's room: players to players, spectators to
    spectators (docs/web.md); at most ``chat_burst`` at once, ``chat_rate`` a second."""
    if not client.chat.take(table.now()):
        settings = table.settings
        client.error(
            f"chat: at most {settings.chat_burst} lines at once and "
            f"{settings.chat_rate:g} a second; that line was not sent",
            "chat_rate",
        )
        return
    async with table.lock:
        room = table.room_of(client)
        if room == "players":
            assert client.seat is not None
            who = table.seats[client.seat].name
        else:
            who = name or "a spectator"
        deliver(table, table.store.add_message(table.id, room, who, text))


def announce(table: LiveTable, text: str) -> None:
    """A line of the table's own log (a commitment, the host's change), stored and sent to
    every connection."""
    deliver(table, table.store.add_message(table.id, "table", "", text))


def deliver(table: LiveTable, line: Chat) -> None:
    """Send a stored line to the connections of its room (``table``: all)."""
    text = chat_message([line])
    for client in table.clients:
        if line.room in ("table", table.room_of(client)):
            client.push("chat", text)


def history(table: LiveTable, client: Client) -> None:
    """Send a connection the last lines of the rooms it may read."""
    lines = table.store.messages(table.id, ("table", table.room_of(client)), CHAT_HISTORY)
    client.push("chat", chat_message(lines))
