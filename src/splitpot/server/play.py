"""The hand's life at a live table: the deal (its deck committed before, cut by the players'
values: :mod:`.fairdeal`), each move through ``engine.apply`` stored before anyone is told,
settling the result into the seats and the ledger, and rebuilding the hand under way from the
store after a restart."""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

from sqlalchemy.orm import Session

from splitpot.actions import Action
from splitpot.engine import apply, legal_actions, new_hand
from splitpot.errors import IllegalAction, SplitpotError, StoragePaused
from splitpot.fairness import SealedDeck, Shuffle
from splitpot.ledger import Entry, LedgerError
from splitpot.notation import HandRecord, format_action, write_phh
from splitpot.server import queries
from splitpot.server.chat import deliver
from splitpot.server.clients import Client
from splitpot.server.fairdeal import cut_in, dealt_again, prepare, published
from splitpot.server.messages import Message
from splitpot.server.players import Dealt, dealt_from_json
from splitpot.server.refusals import addressed
from splitpot.server.seating import held_seat, ledger_entries, set_away
from splitpot.server.snapshot import broadcast
from splitpot.server.store import Chat, HandData
from splitpot.server.tables import HandRun, LiveTable

__all__ = ["act", "apply_move", "contribute", "deal", "deal_now", "derive", "next_deck", "restore"]

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
    never answers a snapshot sent before its own move arrived. A move names the decision it
    answers (the hand, and the length of its log the page saw): one its seat has answered
    since (from another tab, or sent again after a reconnect) is refused, changing nothing."""
    async with table.lock:
        client.acts += 1
        hand = table.hand
        if table.refuse_while_down(client):
            return
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
        if message.hand != hand.number:
            client.error(
                f"that move was for hand {message.hand}; this is hand {hand.number}", "stale"
            )
            return
        if message.at is None or _answered(hand.state.actions, e, message.at):
            client.error("that move was for an earlier decision", "stale")
            return
        mine = hand.state.hands[e] if message.verb == "sm" else ()
        banks = dict(table.banks)
        table.spend_bank(e)  # the time taken beyond the turn timer, if the move stands
        try:
            await apply_move(table, e, message.action(e, tuple(mine)), "player")
        except IllegalAction as exc:
            table.banks = banks
            said = addressed(exc.message, e, [p.name for p in hand.players])
            client.error(said, exc.reason, exc.rule)
            return
        with contextlib.suppress(StoragePaused):  # the move stands (the table may pause)
            await set_away(table, client.seat, False)  # a player who moves is back
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


def _answered(log: Sequence[Action], e: int, at: int) -> bool:
    """The point ``at`` of the hand's log is past for seat ``e``: the seat has moved since (or
    the log never reached it). Other seats' moves since do not count: at a sealed round
    several seats answer the same point."""
    return at > len(log) or any(a.seat == e and not a.by_dealer for a in log[at:])


async def contribute(table: LiveTable, client: Client, message: Message) -> None:
    """A seated player's value for the next deal: kept if it names the deck still to be
    dealt; one value a player per deck."""
    async with table.lock:
        seat = held_seat(table, client, "send a value for the deal")
        if seat is None:
            return
        pending = table.pending
        if pending is None or (message.hand, message.commitment) != (
            pending[0],
            pending[1].commitment,
        ):
            client.error(
                "that deck is not the one to be dealt next; send a value for the root the "
                "table shows now",
                "entropy_stale",
            )
            return
        key = (seat.position, seat.holder)
        if key in table.values:
            client.error(f"your value for hand {pending[0]} is in already", "entropy_sent")
            return
        assert message.value is not None
        table.values[key] = message.value


# --- the hand -----------------------------------------------------------------------------------


async def next_deck(table: LiveTable) -> SealedDeck:
    """The next hand's deck, its root published (stored, then sent) now if it is not out
    already (a test's table: the deck and its secret follow from the table's seed)."""
    number = table.hands_played + 1
    seeded = None
    if table.seed is not None:
        secret = hashlib.sha256(f"secret:{table.seed}:{number}".encode()).hexdigest()
        seeded = (derive(table.seed, number), secret)
    return prepare(table, seeded)


async def deal(table: LiveTable) -> None:
    """Deal the next hand to the seats ready, the deal moving round the table, from the deck
    whose root was published before (docs/fairness.md) cut by the values the players sent: the
    hand (its root and values: the Fair deal panel, not the chat) is stored before a card is
    seen; nothing changes if the store does not take it (StoragePaused)."""
    ready = table.ready()[: table.rules.max_players]
    k = table.hands_played % len(ready)  # the deal moves round the table
    order = ready[k:] + ready[:k]
    number = table.hands_played + 1
    deck = await next_deck(table)
    players = cut_in(table, [Dealt(s.position, s.holder, s.name, s.bot) for s in order])
    values = [p.entropy or "" for p in players]
    starting = [s.stack for s in order]

    def job(session: Session) -> int:
        return queries.start_hand(
            session,
            table.id,
            number=number,
            seed=deck.seed,
            players=[p.as_json() for p in players],
            starting=starting,
            secret=deck.secret,
            commitment=deck.commitment,
            house=table.house,
        )

    hand_id = await table.write("a deal", job)
    table.pending, table.values = None, {}  # the values are spent once the deal is stored
    state = new_hand(table.rules, starting, seed=deck.seed, deck=deck.dealt(values))
    table.hand = HandRun(hand_id, number, deck.seed, players, state, deck=deck)
    table.hands_played = number
    table.finished_at = None
    _waiting_on(table, None)
    broadcast(table)


async def apply_move(table: LiveTable, e: int, action: Action, source: str) -> None:
    """Apply a move for engine seat ``e`` (IllegalAction: nothing changed) and store it;
    StoragePaused: it was not stored, and the hand is as it was before it."""
    hand = table.hand
    assert hand is not None
    apply(hand.state, action)
    line = format_action(action)
    try:
        await table.write(
            "a move", queries.add_action, hand.id, hand.moves, e, line, source, table.server
        )
    except StoragePaused:
        fair = hand.deck or hand.shuffle
        hand.state = dealt_again(
            hand.state.rules, hand.state.starting, hand.seed, fair.secret if fair else None,
            hand.players, hand.actions,
        )  # fmt: skip
        raise
    hand.actions.append(line)
    if hand.state.finished:  # the move stands; if its end is not stored, the table pauses
        with contextlib.suppress(StoragePaused):  # and stores it when the database is back
            await _settle(table)
    else:
        _waiting_on(table, e)


def restore(table: LiveTable, data: HandData) -> None:
    """Rebuild the latest hand from its seed and stored actions; a hand that cannot be
    rebuilt is called off, every stack as it was before it (nothing was paid yet). What that
    needs stored is left to the runner (``table.fixes``)."""
    try:
        state = dealt_again(
            table.rules_of(data.house), data.starting, data.seed, data.secret,
            dealt_from_json(data.players), data.actions,
        )  # fmt: skip
    except SplitpotError as exc:
        if not data.over:
            why = f"could not be rebuilt after a restart: {exc}"
            log.error("table %s hand %d %s", table.code, data.number, why)

            async def call_off() -> None:
                await table.write(
                    "a hand called off", queries.finish_hand, table.id, data.id,
                    finishing=None, phh=None, seats=[], void=why,
                )  # fmt: skip

            table.fixes.append(call_off)
        return
    players = dealt_from_json(data.players)
    shuffle = deck = None
    if data.secret is not None and any(p.entropy is None for p in players):
        shuffle = Shuffle(data.seed, data.secret)
    elif data.secret is not None:
        deck = SealedDeck(data.seed, data.secret)
    table.hand = HandRun(
        data.id, data.number, data.seed, players, state, list(data.actions), shuffle, deck
    )
    if not state.finished:
        _waiting_on(table, None)
    elif not data.over:  # the last move was stored but the server died before settling
        table.fixes.append(lambda: _settle(table))


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


async def _settle(table: LiveTable) -> None:
    """The hand is over: store its record, the stacks it leaves and the ledger's entries (and
    the line saying how to check it) in one transaction; the seats and the ledger change only
    once it is stored."""
    hand = table.hand
    assert hand is not None
    state = hand.state
    phh = write_phh(_record(table, hand))
    changed = []
    gone = []
    for e, player in enumerate(hand.players):
        seat = table.seats[player.seat]
        if player.holds(seat):  # a seat taken over keeps its new stack
            changed.append(replace(seat, stack=state.stacks[e]))
        else:
            gone.append(player.ledger_name)
    before = table.ledger
    entries = _ledger_hand(table, hand, gone)
    said = None  # a v1 hand's seed and secret are in its fair-deal data, not the chat
    if hand.deck is not None:
        said = (
            f"Hand {hand.number} is over. Download your record of it (it opens the cards you "
            "saw, no others) and check it with splitpot verify."
        )

    def job(session: Session) -> Chat | None:
        queries.finish_hand(
            session, table.id, hand.id, finishing=list(state.stacks), phh=phh, seats=changed,
            ledger=entries,
        )  # fmt: skip
        return None if said is None else queries.add_message(session, table.id, "table", "", said)

    try:
        line = await table.write("a hand's end", job)
    except StoragePaused:
        table.ledger = before
        raise
    for seat in changed:
        table.seats[seat.position].stack = seat.stack
    if line is not None:
        deliver(table, line)
    hand.since.clear()
    table.finished_at = table.now()
    with contextlib.suppress(StoragePaused):  # published when the database is back
        await next_deck(table)
    table.changed.set()


def _record(table: LiveTable, hand: HandRun) -> HandRecord:
    """The whole record of a hand (every card opened), as the store keeps it: never sent."""
    fields: dict[str, Any] = {
        "players": [p.name for p in hand.players],
        "hand": hand.number,
        "event": f"splitpot table {table.code}",
    }
    fair = hand.deck or hand.shuffle
    secret = None if fair is None else fair.secret
    return published(hand.state, hand.players, hand.seed, secret, **fields)


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
