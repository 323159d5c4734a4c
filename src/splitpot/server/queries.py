"""Every read and write of the web table's database, each a function of an open session.

A function here never commits: the caller owns the transaction. :class:`~.store.Store` runs
them in one of its own (``store.run``), on its writer thread with other tables' writes in one
commit (``await store.write``), or on a reader thread (``await store.read``). What they return
is plain data (:mod:`.records`), never a row still bound to the session.

Each finished hand changes the seats' stacks and the ledger in the transaction that closes it,
so a crash never creates or loses a chip. The seed stays here: no message to a client carries it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import insert, select, text, update
from sqlalchemy.orm import Session

from splitpot.ledger import Entry
from splitpot.server.models import (
    ActionRow,
    HandRow,
    LedgerRow,
    MessageRow,
    RequestRow,
    SeatRow,
    TableRow,
    utcnow,
)
from splitpot.server.records import Chat, HandData, HandSummary, SeatData, TableData

__all__ = [
    "add_action",
    "add_message",
    "add_request",
    "code_taken",
    "create_table",
    "finish_hand",
    "hand",
    "hand_actions",
    "hand_record",
    "history",
    "ledger",
    "messages",
    "practice_code",
    "probe",
    "remove_request",
    "requests",
    "save_seat",
    "start_hand",
    "tables",
]


def probe(session: Session) -> None:
    """A write that changes nothing: it succeeds only when the database takes writes (SQLite's
    write lock, a PostgreSQL server that answers)."""
    session.execute(update(TableRow).where(text("1 = 0")).values(id=TableRow.id))


# --- tables and seats --------------------------------------------------------------------------


def code_taken(session: Session, code: str) -> bool:
    """True when a table already has ``code``."""
    return session.scalar(select(TableRow.id).where(TableRow.code == code)) is not None


def create_table(
    session: Session,
    *,
    code: str,
    game: str,
    house: dict[str, Any],
    stack: int,
    timer: int,
    seats: list[SeatData],
    practice: bool = False,
    seed: int | None = None,
    host: int | None = None,
    host_token: str | None = None,
    options: dict[str, Any] | None = None,
    ledger: Iterable[Entry] = (),
) -> int:
    """Store a new table, its seats and the ledger's first entries; its id."""
    row = TableRow(
        code=code,
        game=game,
        house=house,
        stack=stack,
        timer=timer,
        practice=practice,
        seed=seed,
        host=host,
        host_token=host_token,
        options=options or {},
        paused=False,
    )
    session.add(row)
    session.flush()
    for seat in seats:
        session.add(SeatRow(table_id=row.id, **_seat_fields(seat)))
    _add_entries(session, row.id, ledger)
    session.flush()
    return row.id


def save_seat(
    session: Session,
    table_id: int,
    *seats: SeatData,
    ledger: Iterable[Entry] = (),
    request: int | None = None,
    table: Mapping[str, Any] | None = None,
) -> None:
    """Write seats' occupants, stacks and sitting out as they are now, with the ledger's
    entries they make, the seat request they grant (deleted) and changes to the table's own
    fields (``house``, ``options``, ``paused``, ``host_token``)."""
    for seat in seats:
        _update_seat(session, table_id, seat)
    _add_entries(session, table_id, ledger)
    if request is not None:
        remove_request(session, request)
    if table:
        row = session.get(TableRow, table_id)
        assert row is not None, f"no table {table_id}"
        for key, value in table.items():
            setattr(row, key, value)
    session.flush()


def practice_code(session: Session) -> str | None:
    """The code of the newest practice table, if there is one."""
    query = select(TableRow.code).where(TableRow.practice.is_(True))
    return session.scalar(query.order_by(TableRow.id.desc()).limit(1))


def tables(session: Session, code: str | None = None) -> list[TableData]:
    """Every table (or the one with ``code``) with its seats, its latest hand (and that hand's
    actions), its ledger and its seat requests."""
    out = []
    query = select(TableRow).order_by(TableRow.id)
    if code is not None:
        query = query.where(TableRow.code == code)
    for row in session.scalars(query):
        seats = session.scalars(
            select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.position)
        )
        latest = session.scalars(
            select(HandRow)
            .where(HandRow.table_id == row.id)
            .order_by(HandRow.number.desc())
            .limit(1)
        ).first()
        out.append(
            TableData(
                row.id,
                row.code,
                row.game,
                dict(row.house),
                row.stack,
                row.timer,
                row.practice,
                [_seat_data(s) for s in seats],
                None if latest is None else _hand_data(session, latest),
                row.seed,
                row.host,
                row.host_token,
                dict(row.options or {}),
                bool(row.paused),
                _entries(session, row.id),
                requests(session, row.id),
            )
        )
    return out


# --- the ledger, seat requests and chat ----------------------------------------------------------


def ledger(session: Session, code: str) -> list[Entry] | None:
    """The ledger's entries of table ``code`` in order (None: no such table)."""
    table_id = session.scalar(select(TableRow.id).where(TableRow.code == code))
    return None if table_id is None else _entries(session, table_id)


def add_request(session: Session, table_id: int, name: str, token_hash: str) -> int:
    """Store a seat request; its id."""
    row = RequestRow(table_id=table_id, name=name, token_hash=token_hash)
    session.add(row)
    session.flush()
    return row.id


def remove_request(session: Session, request: int) -> None:
    """Forget a seat request (granted or declined)."""
    found = session.get(RequestRow, request)
    if found is not None:
        session.delete(found)
        session.flush()


def requests(session: Session, table_id: int) -> list[tuple[int, str, str]]:
    """The seat requests waiting at a table: (id, name, token hash), oldest first."""
    query = select(RequestRow).where(RequestRow.table_id == table_id).order_by(RequestRow.id)
    return [(r.id, r.name, r.token_hash) for r in session.scalars(query)]


def add_message(session: Session, table_id: int, room: str, name: str, text: str) -> Chat:
    """Store a line of chat or of the table's log."""
    row = MessageRow(table_id=table_id, room=room, name=name, text=text)
    session.add(row)
    session.flush()
    return Chat(row.id, room, name, text, row.created_at)


def messages(session: Session, table_id: int, rooms: Iterable[str], limit: int) -> list[Chat]:
    """The last ``limit`` lines of the rooms named, oldest first."""
    query = (
        select(MessageRow)
        .where(MessageRow.table_id == table_id, MessageRow.room.in_(list(rooms)))
        .order_by(MessageRow.id.desc())
        .limit(limit)
    )
    rows = list(session.scalars(query))
    return [Chat(r.id, r.room, r.name, r.text, r.created_at) for r in reversed(rows)]


# --- hands ----------------------------------------------------------------------------------------


def start_hand(
    session: Session,
    table_id: int,
    *,
    number: int,
    seed: int,
    players: list[dict[str, Any]],
    starting: list[int],
    secret: str | None = None,
    commitment: str | None = None,
    house: dict[str, Any] | None = None,
) -> int:
    """Store a hand about to be dealt; its id."""
    row = HandRow(
        table_id=table_id,
        number=number,
        seed=seed,
        players=players,
        starting=starting,
        secret=secret,
        commitment=commitment,
        house=house,
    )
    session.add(row)
    session.flush()
    return row.id


def add_action(
    session: Session,
    hand_id: int,
    number: int,
    seat: int,
    text: str,
    source: str,
    server: str | None = None,
) -> None:
    """Store the ``number``-th action of a hand (from 0), made by process ``server`` (None:
    the only one)."""
    row = {"hand_id": hand_id, "number": number, "seat": seat, "text": text, "source": source}
    if server is not None:
        row["server"] = server
    session.execute(insert(ActionRow), [row])  # Core, not the ORM: one row per move, fast


def finish_hand(
    session: Session,
    table_id: int,
    hand_id: int,
    *,
    finishing: list[int] | None,
    phh: str | None,
    seats: list[SeatData],
    void: str | None = None,
    ledger: Iterable[Entry] = (),
) -> None:
    """Close a hand (its finishing stacks and record, or why it was called off) and write the
    seats' stacks and the ledger's entries."""
    row = session.get(HandRow, hand_id)
    assert row is not None, f"no hand {hand_id}"
    row.finishing = finishing
    row.phh = phh
    row.void = void
    row.finished_at = utcnow()
    for seat in seats:
        _update_seat(session, table_id, seat)
    _add_entries(session, table_id, ledger)
    session.flush()


def hand_record(session: Session, code: str, number: int) -> str | None:
    """The PHH record of a finished hand of table ``code`` (None while it is not over)."""
    query = (
        select(HandRow.phh)
        .join(TableRow, TableRow.id == HandRow.table_id)
        .where(TableRow.code == code, HandRow.number == number)
    )
    return session.scalar(query)


def hand(session: Session, code: str, number: int) -> HandData | None:
    """Hand ``number`` of table ``code`` with its actions (None: no such hand)."""
    query = (
        select(HandRow)
        .join(TableRow, TableRow.id == HandRow.table_id)
        .where(TableRow.code == code, HandRow.number == number)
    )
    row = session.scalars(query).first()
    return None if row is None else _hand_data(session, row)


def history(session: Session, table_id: int) -> list[HandSummary]:
    """Every hand of a table, in order."""
    query = select(HandRow).where(HandRow.table_id == table_id).order_by(HandRow.number)
    return [
        HandSummary(
            r.number,
            list(r.players),
            list(r.starting),
            None if r.finishing is None else list(r.finishing),
            r.void,
            r.commitment,
            r.finished_at is not None,
        )
        for r in session.scalars(query)
    ]


def hand_actions(session: Session, code: str, number: int) -> list[tuple[int, str, str]]:
    """The stored actions of a hand: (engine seat, record line, source) in order."""
    query = (
        select(ActionRow.seat, ActionRow.text, ActionRow.source)
        .join(HandRow, HandRow.id == ActionRow.hand_id)
        .join(TableRow, TableRow.id == HandRow.table_id)
        .where(TableRow.code == code, HandRow.number == number)
        .order_by(ActionRow.number)
    )
    return [(seat, line, source) for seat, line, source in session.execute(query)]


# --- rows and data ------------------------------------------------------------------------------


def _seat_fields(seat: SeatData) -> dict[str, Any]:
    return {
        "position": seat.position,
        "kind": seat.kind,
        "name": seat.name,
        "bot": seat.bot,
        "stack": seat.stack,
        "sitting_out": seat.sitting_out,
        "holder": seat.holder,
        "token_hash": seat.token_hash,
    }


def _update_seat(session: Session, table_id: int, seat: SeatData) -> None:
    row = session.scalars(
        select(SeatRow).where(SeatRow.table_id == table_id, SeatRow.position == seat.position)
    ).one()
    for key, value in _seat_fields(seat).items():
        setattr(row, key, value)


def _seat_data(row: SeatRow) -> SeatData:
    return SeatData(
        row.position,
        row.kind,
        row.name,
        row.bot,
        row.stack,
        row.sitting_out,
        row.holder,
        row.token_hash,
    )


def _hand_data(session: Session, row: HandRow) -> HandData:
    actions = session.scalars(
        select(ActionRow.text).where(ActionRow.hand_id == row.id).order_by(ActionRow.number)
    )
    return HandData(
        row.id,
        row.number,
        row.seed,
        list(row.players),
        list(row.starting),
        row.finished_at is not None,
        list(actions),
        row.secret,
        row.commitment,
        None if row.house is None else dict(row.house),
        row.void,
    )


def _entries(session: Session, table_id: int) -> list[Entry]:
    rows = session.scalars(
        select(LedgerRow).where(LedgerRow.table_id == table_id).order_by(LedgerRow.id)
    )
    return [Entry(r.kind, r.player, r.chips, r.hand) for r in rows]  # type: ignore[arg-type]


def _add_entries(session: Session, table_id: int, entries: Iterable[Entry]) -> None:
    for e in entries:
        session.add(
            LedgerRow(table_id=table_id, kind=e.kind, player=e.player, chips=e.chips, hand=e.hand)
        )
