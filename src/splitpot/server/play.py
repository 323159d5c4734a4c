"""The hand's life at a live table: the deal (committed before a card is seen), each move
through ``engine.apply`` stored before anyone is told, settling the result into the seats and
the ledger, and rebuilding the hand under way from the store after a restart."""

from __future__ import annotations

import hashlib
import logging
import re
from typing import Any, Final

from splitpot.actions import Action
from splitpot.engine import apply, legal_actions, new_hand
from splitpot.errors import IllegalAction, SplitpotError
from splitpot.fairness import Shuffle, new_shuffle, record_for
from splitpot.ledger import Entry, LedgerError
from splitpot.notation import HandRecord, format_action, parse_action, write_phh
from splitpot.records import record_from_state
from splitpot.server.chat import announce
from splitpot.server.clients import Client
from splitpot.server.players import Dealt, dealt_from_json
from splitpot.server.seating import held_seat, ledger_entries, set_away
from splitpot.server.snapshot import broadcast
from splitpot.server.store import HandData
from splitpot.server.tables import HandRun, LiveTable
from splitpot.server.wire import Message

__all__ = ["act", "apply_move", "deal", "deal_now", "derive", "restore"]

log = logging.getLogger("splitpot.server")

_SEED_BITS: Final = 63


def derive(*parts: object) -> int:
    """A 63-bit number fixed by ``parts`` (a hand's seed from the table's, a bot's from the
    hand's and the position), so a restarted server makes the same choices."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - _SEED_BITS)


# --- what a player asks -------------------------------------------------------------------------


async def act(table: LiveTable, client: Client, message: Message) -> None:
    """A player's move: checked by the engine; a refusal goes back to the player only. Every
    snapshot tells the connection how many of its moves were answered (``acks``), so a page
    never answers a snapshot sent before its own move arrived."""
    async with table.lock:
        client.acts += 1
        hand = table.hand
        if client.seat is None:
            client.error("spectators watch; take a seat to play", "spectator")
            return
        if not table.holds(client):
            client.error("this seat has been taken by someone else", "seat_lost")
            return
        e = table.engine_seat(client)
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
            apply_move(table, e, message.action(e, tuple(mine)), "player")
        except IllegalAction as exc:
            client.error(_named(exc.message, hand.players), exc.reason, exc.rule)
            return
        set_away(table, client.seat, False)  # a player who moves is back
        broadcast(table)


async def deal_now(table: LiveTable, client: Client) -> None:
    """A seated player asks to start without waiting for friends in the open seats (who sit
    in from the next hand when they come)."""
    async with table.lock:
        if held_seat(table, client, "start the table") is None:
            return
        if table.hands_played:
            client.error("the table has started already", "started")
            return
        table.dealing = True
        table.changed.set()
        broadcast(table)


_PLAYER = re.compile(r"\bp([1-9][0-9]?)\b")


def _named(message: str, players: list[Dealt]) -> str:
    """A refusal with the record's seat names (``p3``) replaced by the players' names."""

    def name(found: re.Match[str]) -> str:
        e = int(found.group(1)) - 1
        return players[e].name if e < len(players) else found.group(0)

    return _PLAYER.sub(name, message)


# --- the hand -----------------------------------------------------------------------------------


def deal(table: LiveTable) -> None:
    """Deal the next hand to the seats ready, the deal moving round the table: its deck is
    committed (and the commitment announced) before a card is seen."""
    ready = table.ready()[: table.rules.max_players]
    k = table.hands_played % len(ready)  # the deal moves round the table
    order = ready[k:] + ready[:k]
    number = table.hands_played + 1
    if table.seed is None:
        shuffle = new_shuffle()
    else:  # a test's table: the deals (and their secrets) follow from its seed
        secret = hashlib.sha256(f"secret:{table.seed}:{number}".encode()).hexdigest()
        shuffle = Shuffle(derive(table.seed, number), secret)
    players = [Dealt(s.position, s.holder, s.name, s.bot) for s in order]
    starting = [s.stack for s in order]
    hand_id = table.store.start_hand(
        table.id,
        number=number,
        seed=shuffle.seed,
        players=[p.as_json() for p in players],
        starting=starting,
        secret=shuffle.secret,
        commitment=shuffle.commitment,
        house=table.house,
    )
    announce(table, f"Hand {number}: the deck is committed: {shuffle.commitment}")
    state = new_hand(table.rules, starting, seed=shuffle.seed)
    table.hand = HandRun(hand_id, number, shuffle.seed, players, state, shuffle=shuffle)
    table.hands_played = number
    table.finished_at = None
    _waiting_on(table, None)
    broadcast(table)


def apply_move(table: LiveTable, e: int, action: Action, source: str) -> None:
    """Apply a move for engine seat ``e`` (IllegalAction: nothing changed) and store it."""
    hand = table.hand
    assert hand is not None
    apply(hand.state, action)
    try:
        table.store.add_action(hand.id, hand.moves, e, format_action(action), source)
    except Exception:
        log.exception("table %s: a move could not be stored; the hand is rebuilt", table.code)
        _rebuild(table)
        raise IllegalAction(
            "the table could not save that move; try again", reason="not_saved", rule=""
        ) from None
    hand.moves += 1
    if hand.state.finished:
        _settle(table)
    else:
        _waiting_on(table, e)


def restore(table: LiveTable, data: HandData) -> None:
    """Rebuild the latest hand from its seed and stored actions; a hand that cannot be
    rebuilt is called off, every stack as it was before it (nothing was paid yet)."""
    try:
        state = new_hand(table.rules_of(data.house), data.starting, seed=data.seed)
        for text in data.actions:
            apply(state, parse_action(text))
    except SplitpotError as exc:
        if not data.over:
            why = f"could not be rebuilt after a restart: {exc}"
            log.error("table %s hand %d %s", table.code, data.number, why)
            table.store.finish_hand(table.id, data.id, finishing=None, phh=None, seats=[], void=why)
        return
    shuffle = None if data.secret is None else Shuffle(data.seed, data.secret)
    players = dealt_from_json(data.players)
    table.hand = HandRun(
        data.id, data.number, data.seed, players, state, len(data.actions), shuffle
    )
    if not state.finished:
        _waiting_on(table, None)
    elif not data.over:  # the last move was stored but the server died before settling
        _settle(table)


def _rebuild(table: LiveTable) -> None:
    """The hand as the store has it (after a failed write)."""
    (data,) = table.store.tables(table.code)
    assert data.hand is not None, "the hand is in the store"
    restore(table, data.hand)


def _waiting_on(table: LiveTable, acted: int | None) -> None:
    """Note when the table began to wait on each seat now to act (timers, bot pauses)."""
    hand = table.hand
    assert hand is not None
    if acted is not None:
        hand.since.pop(acted, None)
    to_act = set(legal_actions(hand.state).to_act)
    now = table.now()
    for e in list(hand.since):
        if e not in to_act:
            del hand.since[e]
    for e in to_act:
        hand.since.setdefault(e, now)
    table.changed.set()


def _settle(table: LiveTable) -> None:
    """The hand is over: store its record and the stacks it leaves, in one transaction."""
    hand = table.hand
    assert hand is not None
    state = hand.state
    record = _record(table, hand)
    changed = []
    gone = []
    for e, player in enumerate(hand.players):
        seat = table.seats[player.seat]
        if player.holds(seat):  # a seat taken over keeps its new stack
            seat.stack = state.stacks[e]
            changed.append(seat)
        else:
            gone.append(player.ledger_name)
    entries = _ledger_hand(table, hand, gone)
    table.store.finish_hand(
        table.id,
        hand.id,
        finishing=list(state.stacks),
        phh=write_phh(record),
        seats=changed,
        ledger=entries,
    )
    if hand.shuffle is not None:
        announce(
            table,
            f"Hand {hand.number} is over: seed {hand.shuffle.seed}, secret "
            f"{hand.shuffle.secret}. Download its record and check it with splitpot verify.",
        )
    hand.since.clear()
    table.finished_at = table.now()
    table.changed.set()


def _record(table: LiveTable, hand: HandRun) -> HandRecord:
    """The whole record of a hand (every card), with its commitment, as the store keeps it;
    the seed and secret only once it is over."""
    fields: dict[str, Any] = {
        "players": [p.name for p in hand.players],
        "hand": hand.number,
        "event": f"splitpot table {table.code}",
    }
    if hand.shuffle is None:
        return record_from_state(hand.state, **fields)
    return record_for(hand.state, hand.shuffle, **fields)


def _ledger_hand(table: LiveTable, hand: HandRun, gone: list[str]) -> list[Entry]:
    """The ledger's entries for a finished hand: each player's net, then a cash-out for each
    player who left the seat during it (all their chips). Nothing is entered when the ledger
    cannot take them (logged: the hand itself stands)."""
    state = hand.state
    nets = {p.ledger_name: state.stacks[e] - state.starting[e] for e, p in enumerate(hand.players)}
    try:
        return ledger_entries(
            table,
            lambda book: [
                *book.hand(nets, hand.number),
                *(book.cash_out(name) for name in gone if name in book.seated),
            ],
        )
    except LedgerError as exc:
        log.error("table %s hand %d: the ledger refused: %s", table.code, hand.number, exc)
        return []
