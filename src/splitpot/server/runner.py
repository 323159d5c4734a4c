"""A table's runner: loading a live table from the store, and the one task per table that
makes the moves nobody sends: the next deal, bots (after a short pause, so people can follow),
the default move of a player who sits out or whose turn timer (and then their time bank, the
table's option ``time_bank``) ran out (:mod:`splitpot.server.defaults`). While the table is
paused for its storage (:mod:`splitpot.server.outage`) the runner probes the database
instead, and reads the table again from it once it answers."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from splitpot import bots as bot_registry
from splitpot.engine import legal_actions
from splitpot.errors import IllegalAction, StoragePaused
from splitpot.server import queries
from splitpot.server.chat import announce
from splitpot.server.defaults import default_action
from splitpot.server.outage import STORAGE_BACK, backoff
from splitpot.server.play import apply_move, deal, derive, next_deck, restore
from splitpot.server.players import SeatRequest
from splitpot.server.seating import open_ledger, set_away
from splitpot.server.settings import Settings
from splitpot.server.snapshot import broadcast
from splitpot.server.store import Store, TableData
from splitpot.server.tables import LiveTable
from splitpot.views import view

__all__ = ["load", "start", "stop"]

log = logging.getLogger("splitpot.server")

Job = tuple[str, int]
"""What the runner does next: ``("deal", 0)``, or ``("auto" | "timeout", engine seat)``."""


def load(store: Store, data: TableData, settings: Settings) -> LiveTable:
    """The live table of ``data``: its ledger opened and the hand under way rebuilt (what
    that still needs stored waits for the runner: ``table.fixes``)."""
    table = LiveTable(store, data, settings)
    _take(table, data)
    return table


def _take(table: LiveTable, data: TableData) -> None:
    """Everything the store holds of the table, in memory (nothing is written here)."""
    table.read(data)
    table.requests = [SeatRequest(*r) for r in data.requests]
    table.hand = None
    table.hands_played = data.hand.number if data.hand is not None else 0
    table.finished_at = None
    table.fixes = []
    table.ledger = open_ledger(table, data.ledger)
    if data.hand is not None:
        restore(table, data.hand)
    if table.between_hands():  # its root is out before anyone can sit down for the hand
        table.fixes.append(lambda: _publish(table))
    for client in table.clients:
        if client.seat is not None and not table.holds(client):
            client.leave_seat()


async def _publish(table: LiveTable) -> None:
    """Publish the next hand's deck (its root) if it is not out already."""
    await next_deck(table)


async def _fix(table: LiveTable) -> None:
    """Store what the table read from the store still needs (under the lock)."""
    while table.fixes:
        await table.fixes[0]()
        del table.fixes[0]


async def _resume(table: LiveTable) -> None:
    """Wait until the database answers, then read the table again (what the store holds is
    what happened: a write whose answer was lost may have been stored) and play on."""
    await table.outage.wait(table.store, backoff(*table.settings.probe))
    try:
        (data,) = await table.store.read(queries.tables, table.code)
    except Exception as exc:  # gone again: probe again
        log.warning("table %s: the store answered, then could not be read: %s", table.code, exc)
        return
    async with table.lock:
        table.outage.end()
        _take(table, data)
        log.warning("table %s: the store answers again; play resumes", table.code)
        with contextlib.suppress(StoragePaused):
            await _fix(table)
            await announce(table, STORAGE_BACK)
        broadcast(table)


def start(table: LiveTable) -> None:
    """Start the table's runner (in the running event loop)."""
    if table.runner is None:
        table.runner = asyncio.get_running_loop().create_task(_run(table))


async def stop(table: LiveTable) -> None:
    """Stop the table's runner and close its connections."""
    runner, table.runner = table.runner, None
    if runner is not None:
        runner.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await runner
    for client in table.clients:
        client.close()
    table.clients.clear()


async def _run(table: LiveTable) -> None:
    async with table.lock:  # what a restart left to store (a hand to settle)
        with contextlib.suppress(StoragePaused):
            await _fix(table)
    while True:
        if table.outage.down:
            await _resume(table)
            continue
        table.changed.clear()
        async with table.lock:
            plan = _plan(table)
        if plan is None:
            await table.changed.wait()
            continue
        due, job = plan
        delay = due - table.now()
        if delay > 0:
            try:
                await asyncio.wait_for(table.changed.wait(), delay)
                continue  # something happened: plan again
            except TimeoutError:
                pass
        try:
            await _do(table, job)
        except StoragePaused:
            broadcast(table)  # the players see the pause; the runner probes from now
        except Exception:  # a bug must not stop the table: log it and plan again
            log.exception("table %s: %s failed", table.code, job)
            await asyncio.sleep(1)


def _plan(table: LiveTable) -> tuple[float, Job] | None:
    """The next move nobody sends and when it is due: a deal, a bot's or a default move, or
    a timer running out."""
    hand = table.hand
    if table.paused or table.outage.down:
        return None  # the host (or the storage) paused the table: no deal, bot or timer
    if hand is None or hand.state.finished:
        if not table.can_deal():
            return None
        last = table.finished_at
        return (table.now() if last is None else last + table.settings.next_delay), ("deal", 0)
    best: tuple[float, Job] | None = None
    for e in legal_actions(hand.state).to_act:
        since = hand.since.get(e, table.now())
        if hand.players[e].bot is not None or table.away(e):
            plan = (since + table.settings.bot_delay, ("auto", e))
        elif table.timer:
            plan = (table.turn_ends(e), ("timeout", e))
        else:
            continue
        if best is None or plan[0] < best[0]:
            best = plan
    return best


async def _do(table: LiveTable, job: Job) -> None:
    kind, e = job
    if kind == "deal":
        async with table.lock:
            if table.between_hands() and table.can_deal():
                await deal(table)
        return
    async with table.lock:
        hand = table.hand
        if hand is None or hand.state.finished or e not in legal_actions(hand.state).to_act:
            return
        seen = view(hand.state, e).whole()  # it may leave for a worker thread: complete
        bot = hand.players[e].bot
        position = len(hand.state.log)
    if kind == "auto" and bot is not None:
        # seeded by the hand and the bot's own count of moves, not by when it moves: the
        # same hand gives the same choices, after a restart too
        moves = sum(1 for a in hand.state.log if a.seat == e and not a.by_dealer)
        player = bot_registry.get(bot, seed=derive(hand.seed, e, moves), think=table.settings.think)
        try:
            action = await asyncio.to_thread(player.act, seen)
        except Exception:
            log.exception("table %s: bot %s failed; it takes the default move", table.code, bot)
            action = default_action(seen, hand.state.rules)
    else:
        action = default_action(seen, hand.state.rules)
    async with table.lock:
        if table.paused or table.hand is not hand or e not in legal_actions(hand.state).to_act:
            return
        if len(hand.state.log) != position and view(hand.state, e).options != seen.options:
            return  # the table moved on meanwhile: plan again
        if kind == "timeout":
            if table.now() < table.turn_ends(e):
                return  # the player's time bank still runs
            table.spend_bank(e)
            await set_away(table, hand.players[e].seat, True)
        source = "bot" if kind == "auto" and bot is not None else "timer"
        try:
            await apply_move(table, e, action, source)
        except IllegalAction:
            if source == "bot":
                log.error("table %s: bot %s chose %s, refused", table.code, bot, action)
                fallback = default_action(view(hand.state, e), hand.state.rules)
                await apply_move(table, e, fallback, "timer")
            else:
                raise
        broadcast(table)
