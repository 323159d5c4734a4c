"""The web table's database schema: one SQLAlchemy ORM class per table (SQLAlchemy 2).

A server stores the log, not the state (architecture.md): a hand is its seed, its players and
starting stacks, then one row per action. The Alembic migrations in ``migrations/`` make exactly
this schema (a test compares them).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

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
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "ActionRow",
    "Base",
    "HandRow",
    "LeaseRow",
    "LedgerRow",
    "MessageRow",
    "RequestRow",
    "SeatRow",
    "TableRow",
    "utcnow",
]


def utcnow() -> datetime:
    """Now, in UTC (every stored time is)."""
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
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


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
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRow(Base):
    """One action of a hand, as a line of its record (``p2 bid 5``), by an engine seat;
    ``source``: ``player``, ``bot`` or ``timer`` (a default move); ``server``: the process that
    stored it, where several serve one database (:mod:`.leases`; None: one server)."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("hand_id", "number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(String(8))
    server: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LedgerRow(Base):
    """One entry of a table's ledger (:class:`splitpot.ledger.Entry`), in the order made."""

    __tablename__ = "ledger"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    kind: Mapped[str] = mapped_column(String(8))
    player: Mapped[str] = mapped_column(String(64))
    chips: Mapped[int] = mapped_column(BigInteger)
    hand: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RequestRow(Base):
    """A seat asked for at a table whose host approves seats: the name, and the hash of the
    token the asker will hold the seat by."""

    __tablename__ = "requests"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class MessageRow(Base):
    """A line of chat (``room`` ``players`` or ``spectators``) or of the table's own log
    (``table``: commitments, the host's changes)."""

    __tablename__ = "messages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), index=True)
    room: Mapped[str] = mapped_column(String(12))
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(1000))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LeaseRow(Base):
    """Which server process runs a table (:mod:`splitpot.server.leases`, PostgreSQL only):
    ``owner`` holds it until ``expires_at`` (the database's clock), renewing it every few
    seconds; ``taken_at``: when this owner took it."""

    __tablename__ = "table_leases"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    taken_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
