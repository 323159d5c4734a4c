"""Storage of the web tables: tables, seats, hands and the actions of each hand (SQLAlchemy 2).

A server holds the log, not the state (architecture.md): a hand is stored as its seed, its
players and starting stacks, then one row per action a player (or a bot, or the turn timer)
took; the engine rebuilds the state from them after a restart. A finished hand also keeps its
PHH record and finishing stacks, and the seats' stacks change in the same transaction, so a
crash never creates or loses a chip. The seed stays here: no message to a client carries it.

The schema is created and upgraded by the Alembic migrations shipped in ``migrations/``, run
when a :class:`Store` opens. A SQLite file by default; PostgreSQL by URL (psycopg).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    false,
    insert,
    select,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool

from splitpot.errors import StoreError
from splitpot.ledger import Entry

__all__ = [
    "Base",
    "Chat",
    "HandData",
    "HandSummary",
    "SeatData",
    "Store",
    "StoreError",
    "TableData",
    "database_url",
]

MIGRATIONS: Final = Path(__file__).parent / "migrations"


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The tables of the web table's database."""


class TableRow(Base):
    """A table: its game and house rules (options changed from the game's), starting stack
    and turn timer; ``host``: the seat of the player who made it and ``host_token`` the hash
    of their token; ``options`` (docs/web.md: host approves seats, odds panel, rebuys, chip
    value); ``paused`` by the host; ``seed`` only where the server lets tests fix the deals."""

    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    house: Mapped[dict[str, Any]] = mapped_column(JSON)
    stack: Mapped[int] = mapped_column(BigInteger)
    timer: Mapped[int] = mapped_column(Integer)
    practice: Mapped[bool] = mapped_column(Boolean, default=False)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    host: Mapped[int | None] = mapped_column(Integer, nullable=True)
    host_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    options: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    paused: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SeatRow(Base):
    """A seat: open, a person (held by the hash of a token) or a bot, and its chips between
    hands. ``holder`` counts the seat's occupants, so a hand knows who was dealt in."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "position"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    stack: Mapped[int] = mapped_column(BigInteger)
    sitting_out: Mapped[bool] = mapped_column(Boolean, default=False)
    holder: Mapped[int] = mapped_column(Integer, default=0)


class HandRow(Base):
    """A hand: its seed (secret until the hand is over), who was dealt in (``players``: one
    object per engine seat), the starting stacks; once over, the finishing stacks and the
    PHH record, or why it was called off (``void``). ``secret`` and ``commitment``: the
    shuffle's (docs/fairness.md), the secret as hidden as the seed; ``house``: the house rules
    the hand was dealt with (the table's may change between hands)."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("table_id", "number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    players: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    starting: Mapped[list[int]] = mapped_column(JSON)
    finishing: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    phh: Mapped[str | None] = mapped_column(Text, nullable=True)
    void: Mapped[str | None] = mapped_column(Text, nullable=True)
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    commitment: Mapped[str | None] = mapped_column(String(64), nullable=True)
    house: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRow(Base):
    """One action of a hand, as a line of its record (``p2 bid 5``), by an engine seat;
    ``source``: ``player``, ``bot`` or ``timer`` (a default move)."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("hand_id", "number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class LedgerRow(Base):
    """One entry of a table's ledger (:class:`splitpot.ledger.Entry`), in the order made."""

    __tablename__ = "ledger"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    kind: Mapped[str] = mapped_column(String(8))
    player: Mapped[str] = mapped_column(String(64))
    chips: Mapped[int] = mapped_column(BigInteger)
    hand: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class RequestRow(Base):
    """A seat asked for at a table whose host approves seats: the name, and the hash of the
    token the asker will hold the seat by."""

    __tablename__ = "requests"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class MessageRow(Base):
    """A line of chat (``room`` ``players`` or ``spectators``) or of the table's own log
    (``table``: commitments, the host's changes)."""

    __tablename__ = "messages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    room: Mapped[str] = mapped_column(String(12))
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(1000))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


@dataclass
class SeatData:
    """A seat as the live table keeps it."""

    position: int
    kind: str  # "open", "human" or "bot"
    name: str = ""
    bot: str | None = None
    stack: int = 0
    sitting_out: bool = False
    holder: int = 0
    token_hash: str | None = None


@dataclass
class HandData:
    """The latest hand of a table, with its stored actions (record lines) in order."""

    id: int
    number: int
    seed: int
    players: list[dict[str, Any]]
    starting: list[int]
    over: bool
    actions: list[str] = field(default_factory=list)
    secret: str | None = None
    commitment: str | None = None
    house: dict[str, Any] | None = None
    void: str | None = None


@dataclass
class TableData:
    """A table as stored, with its seats and its latest hand."""

    id: int
    code: str
    game: str
    house: dict[str, Any]
    stack: int
    timer: int
    practice: bool
    seats: list[SeatData]
    hand: HandData | None = None
    seed: int | None = None
    host: int | None = None
    host_token: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    paused: bool = False


@dataclass(frozen=True)
class HandSummary:
    """A hand as the table's history lists it (finished or not)."""

    number: int
    players: list[dict[str, Any]]
    starting: list[int]
    finishing: list[int] | None
    void: str | None
    commitment: str | None
    over: bool


@dataclass(frozen=True)
class Chat:
    """A stored line of chat or of the table's log."""

    id: int
    room: str
    name: str
    text: str
    at: datetime


def database_url(url: str) -> str:
    """``url`` as SQLAlchemy takes it: ``postgresql://`` goes through psycopg (version 3); a
    plain path is a SQLite file."""
    if "://" not in url:
        return f"sqlite:///{url}"
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def _engine(url: str) -> Engine:
    try:
        parsed = make_url(database_url(url))
    except Exception as exc:  # SQLAlchemy's ArgumentError and ValueError alike
        raise StoreError(f"--db {url!r} is not a database URL: {exc}") from None
    if parsed.get_backend_name() != "sqlite":
        try:
            server = create_engine(parsed, pool_pre_ping=True)
        except ImportError as exc:
            raise StoreError(
                f"--db {url!r} needs a database driver: pip install 'splitpot[postgresql]' ({exc})"
            ) from None
        except Exception as exc:  # an unknown dialect, bad options
            raise StoreError(f"--db {url!r} cannot be used: {exc}") from None
        if parsed.get_backend_name() == "postgresql":
            event.listen(server, "connect", _no_flush_wait)
        return server
    memory = parsed.database in (None, "", ":memory:")
    engine = create_engine(
        parsed,
        connect_args={"check_same_thread": False},
        poolclass=StaticPool if memory else None,
    )

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, record: Any) -> None:  # every new SQLite connection
        cursor = connection.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")  # readers do not block the writer
            cursor.execute("PRAGMA synchronous=NORMAL")  # safe against a killed process
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def _no_flush_wait(connection: Any, record: Any) -> None:
    """A PostgreSQL session's commits do not wait for the log to reach the disk: each move
    commits, and waiting on the disk in the server's one event loop held every table up.
    Like SQLite's ``synchronous=NORMAL``: safe against a killed splitpot; a crash of the
    database server or the machine may lose the moves of the last moment (well under a
    second), never half a transaction."""
    with connection.cursor() as cursor:
        cursor.execute("SET synchronous_commit TO off")
    connection.commit()  # a SET rolled back would be undone


class Store:
    """The database of a server: opened (and migrated to the newest schema) on creation."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        try:
            self.migrate()
        except Exception as exc:
            self.engine.dispose()
            raise StoreError(f"cannot open the database {url!r}: {exc}") from exc

    def migrate(self) -> None:
        """Bring the schema up to the newest migration (Alembic)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        """Close every connection."""
        self.engine.dispose()

    # --- tables and seats -------------------------------------------------------------------

    def code_taken(self, code: str) -> bool:
        """True when a table already has ``code``."""
        with Session(self.engine) as session:
            return session.scalar(select(TableRow.id).where(TableRow.code == code)) is not None

    def create_table(
        self,
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
        with Session(self.engine) as session, session.begin():
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
            return row.id

    def save_seat(
        self,
        table_id: int,
        *seats: SeatData,
        ledger: Iterable[Entry] = (),
        request: int | None = None,
        table: Mapping[str, Any] | None = None,
    ) -> None:
        """Write seats' occupants, stacks and sitting out as they are now, with the ledger's
        entries they make, the seat request they grant (deleted) and changes to the table's
        own fields, in one transaction."""
        with Session(self.engine) as session, session.begin():
            for seat in seats:
                _update_seat(session, table_id, seat)
            _add_entries(session, table_id, ledger)
            if request is not None:
                found = session.get(RequestRow, request)
                if found is not None:
                    session.delete(found)
            if table:
                row = session.get(TableRow, table_id)
                assert row is not None, f"no table {table_id}"
                for key, value in table.items():
                    setattr(row, key, value)

    def update_table(self, table_id: int, **fields: Any) -> None:
        """Change a table's own fields (``house``, ``options``, ``paused``, ``host_token``)."""
        self.save_seat(table_id, table=fields)

    # --- the ledger, seat requests and chat ------------------------------------------------------

    def ledger(self, code: str) -> list[Entry] | None:
        """The ledger's entries of table ``code`` in order (None: no such table)."""
        with Session(self.engine) as session:
            table_id = session.scalar(select(TableRow.id).where(TableRow.code == code))
            if table_id is None:
                return None
            rows = session.scalars(
                select(LedgerRow).where(LedgerRow.table_id == table_id).order_by(LedgerRow.id)
            )
            return [Entry(r.kind, r.player, r.chips, r.hand) for r in rows]  # type: ignore[arg-type]

    def add_request(self, table_id: int, name: str, token_hash: str) -> int:
        """Store a seat request; its id."""
        with Session(self.engine) as session, session.begin():
            row = RequestRow(table_id=table_id, name=name, token_hash=token_hash)
            session.add(row)
            session.flush()
            return row.id

    def remove_request(self, request: int) -> None:
        """Forget a seat request (declined)."""
        with Session(self.engine) as session, session.begin():
            found = session.get(RequestRow, request)
            if found is not None:
                session.delete(found)

    def requests(self, table_id: int) -> list[tuple[int, str, str]]:
        """The seat requests waiting at a table: (id, name, token hash), oldest first."""
        with Session(self.engine) as session:
            query = select(RequestRow).where(RequestRow.table_id == table_id)
            return [
                (r.id, r.name, r.token_hash) for r in session.scalars(query.order_by(RequestRow.id))
            ]

    def add_message(self, table_id: int, room: str, name: str, text: str) -> Chat:
        """Store a line of chat or of the table's log."""
        with Session(self.engine) as session, session.begin():
            row = MessageRow(table_id=table_id, room=room, name=name, text=text)
            session.add(row)
            session.flush()
            return Chat(row.id, room, name, text, row.created_at)

    def messages(self, table_id: int, rooms: Iterable[str], limit: int) -> list[Chat]:
        """The last ``limit`` lines of the rooms named, oldest first."""
        with Session(self.engine) as session:
            query = (
                select(MessageRow)
                .where(MessageRow.table_id == table_id, MessageRow.room.in_(list(rooms)))
                .order_by(MessageRow.id.desc())
                .limit(limit)
            )
            rows = list(session.scalars(query))
        return [Chat(r.id, r.room, r.name, r.text, r.created_at) for r in reversed(rows)]

    def practice_code(self) -> str | None:
        """The code of the newest practice table, if there is one."""
        with Session(self.engine) as session:
            query = select(TableRow.code).where(TableRow.practice.is_(True))
            return session.scalar(query.order_by(TableRow.id.desc()).limit(1))

    def tables(self, code: str | None = None) -> list[TableData]:
        """Every table (or the one with ``code``) with its seats and its latest hand (and that
        hand's actions)."""
        out = []
        query = select(TableRow).order_by(TableRow.id)
        if code is not None:
            query = query.where(TableRow.code == code)
        with Session(self.engine) as session:
            for row in session.scalars(query):
                seats = session.scalars(
                    select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.position)
                )
                hand = session.scalars(
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
                        None if hand is None else _hand_data(session, hand),
                        row.seed,
                        row.host,
                        row.host_token,
                        dict(row.options or {}),
                        bool(row.paused),
                    )
                )
        return out

    # --- hands --------------------------------------------------------------------------------

    def start_hand(
        self,
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
        with Session(self.engine) as session, session.begin():
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

    def add_action(self, hand_id: int, number: int, seat: int, text: str, source: str) -> None:
        """Store the ``number``-th action of a hand (from 0)."""
        row = {"hand_id": hand_id, "number": number, "seat": seat, "text": text, "source": source}
        with self.engine.begin() as connection:  # Core, not the ORM: one row per move, fast
            connection.execute(insert(ActionRow), [row])

    def finish_hand(
        self,
        table_id: int,
        hand_id: int,
        *,
        finishing: list[int] | None,
        phh: str | None,
        seats: list[SeatData],
        void: str | None = None,
        ledger: Iterable[Entry] = (),
    ) -> None:
        """Close a hand (its finishing stacks and record, or why it was called off) and write
        the seats' stacks and the ledger's entries, in one transaction."""
        with Session(self.engine) as session, session.begin():
            row = session.get(HandRow, hand_id)
            assert row is not None, f"no hand {hand_id}"
            row.finishing = finishing
            row.phh = phh
            row.void = void
            row.finished_at = _now()
            for seat in seats:
                _update_seat(session, table_id, seat)
            _add_entries(session, table_id, ledger)

    def hand_record(self, code: str, number: int) -> str | None:
        """The PHH record of a finished hand of table ``code`` (None while it is not over)."""
        with Session(self.engine) as session:
            query = (
                select(HandRow.phh)
                .join(TableRow, TableRow.id == HandRow.table_id)
                .where(TableRow.code == code, HandRow.number == number)
            )
            return session.scalar(query)

    def hand(self, code: str, number: int) -> HandData | None:
        """Hand ``number`` of table ``code`` with its actions (None: no such hand)."""
        with Session(self.engine) as session:
            query = (
                select(HandRow)
                .join(TableRow, TableRow.id == HandRow.table_id)
                .where(TableRow.code == code, HandRow.number == number)
            )
            row = session.scalars(query).first()
            return None if row is None else _hand_data(session, row)

    def history(self, table_id: int) -> list[HandSummary]:
        """Every hand of a table, in order."""
        with Session(self.engine) as session:
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

    def hand_actions(self, code: str, number: int) -> list[tuple[int, str, str]]:
        """The stored actions of a hand: (engine seat, record line, source) in order."""
        with Session(self.engine) as session:
            query = (
                select(ActionRow.seat, ActionRow.text, ActionRow.source)
                .join(HandRow, HandRow.id == ActionRow.hand_id)
                .join(TableRow, TableRow.id == HandRow.table_id)
                .where(TableRow.code == code, HandRow.number == number)
                .order_by(ActionRow.number)
            )
            return [(seat, text, source) for seat, text, source in session.execute(query)]


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


def _add_entries(session: Session, table_id: int, entries: Iterable[Entry]) -> None:
    for e in entries:
        session.add(
            LedgerRow(table_id=table_id, kind=e.kind, player=e.player, chips=e.chips, hand=e.hand)
        )
