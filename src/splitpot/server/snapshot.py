"""What each connection sees of a table: the table as anyone may know it (:func:`info`), the
whole table from one connection's seat (:func:`snapshot`), and :func:`broadcast`, which sends
every connection its own after each change (and asks for the odds of those who want them).

Only views (``views.view`` of the connection's own seat, ``views.public_view``) leave here;
the JSON itself is written by :mod:`splitpot.server.wire`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from splitpot.server import oddspanel
from splitpot.server.clients import Client
from splitpot.server.fairdeal import fair_json
from splitpot.server.outage import STORAGE_DOWN
from splitpot.server.tables import LiveTable
from splitpot.server.wire import hand_json, state_message, table_json
from splitpot.views import public_view, view

__all__ = ["broadcast", "info", "set_odds", "snapshot"]


@dataclass
class Shared:
    """The parts of a snapshot every connection of one broadcast shares, encoded once: the
    table, when the next hand is dealt, and the hand from each engine seat."""

    table: str
    next_in: int | None
    hands: dict[int | None, str] = field(default_factory=dict)


def info(table: LiveTable) -> dict[str, Any]:
    """The table as anyone may know it: game, stakes and rules, seats and who holds them, and
    the root of the next hand's deck."""
    pending = table.pending
    deal = None if pending is None else {"number": pending[0], "commitment": pending[1].commitment}
    return table_json(
        code=table.code,
        game=table.game,
        rules=table.rules,
        house=table.house,
        stack=table.stack,
        timer=table.timer,
        hands=table.hands_played,
        started=bool(table.hands_played or table.dealing),
        host=table.host,
        hosted=table.host_token is not None,
        paused=table.paused,
        storage=STORAGE_DOWN if table.outage.down else None,
        options=table.options,
        seats=table.seats,
        connected=table.connected(),
        deal=deal,
    )


def _shared(table: LiveTable) -> Shared:
    next_in = None
    if table.finished_at is not None and table.can_deal():
        wait = table.finished_at + table.settings.next_delay - table.now()
        next_in = max(0, round(wait * 1000))
    return Shared(json.dumps(info(table)), next_in)


def _hand(table: LiveTable, e: int | None) -> dict[str, Any] | None:
    """The hand under way from engine seat ``e`` (None: a spectator's), with the time left
    on each player's turn (the timer, then their time bank) and in each one's time bank."""
    hand = table.hand
    if hand is None:
        return None
    timers, banks = {}, {}
    if table.timer and not hand.state.finished:
        now = table.now()
        for s in hand.since:
            if hand.players[s].bot is None and not table.away(s):
                timers[str(s)] = max(0, round((table.turn_ends(s) - now) * 1000))
        if table.options["time_bank"]:
            banks = {str(e): round(table.bank_left(e) * 1000) for e in range(len(hand.players))}
    seen = public_view(hand.state) if e is None else view(hand.state, e)
    return hand_json(
        number=hand.number,
        players=hand.players,
        starting=hand.state.starting,
        you=e,
        seen=seen,
        timers=timers,
        banks=banks,
        fair=fair_json(hand),
    )


def snapshot(
    table: LiveTable, client: Client, shared: Shared | None = None, words: bool = False
) -> str:
    """The whole table as ``client`` may see it, as one JSON message: the table, who the
    client is, how many of its moves were answered, and the hand from its seat (with
    ``words``, the first a connection gets: the page's vocabulary too)."""
    shared = shared or _shared(table)
    e = table.engine_seat(client)
    if e not in shared.hands:
        shared.hands[e] = json.dumps(_hand(table, e))
    host = table.is_host(client)
    return state_message(
        table=shared.table,
        hand=shared.hands[e],
        seat=None if client.seat is None else table.seats[client.seat],
        host=host,
        odds=client.odds and bool(table.options["odds"]),
        acks=client.acts,
        next_in=shared.next_in,
        request=client.request,
        requests=table.requests if host else None,
        words=words,
    )


def broadcast(table: LiveTable) -> None:
    """Send every connection the table as it may see it now (and ask for the odds of each
    player who has the panel on)."""
    if not table.clients:
        return
    shared = _shared(table)
    for client in table.clients:
        client.push("state", snapshot(table, client, shared))
        if table.options["odds"] and client.odds and table.engine_seat(client) is not None:
            oddspanel.request(table, client)


async def set_odds(table: LiveTable, client: Client, on: bool) -> None:
    """The player's own switch of the odds panel (where the table offers it)."""
    async with table.lock:
        if on and not table.options["odds"]:
            client.error("the odds panel is off at this table (the host's option)", "odds_off")
            return
        client.odds, client.odds_key = on, None
        broadcast(table)
