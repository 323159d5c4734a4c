"""What the store hands the live tables: plain data classes, no database session behind them."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from splitpot.ledger import Entry

__all__ = ["Chat", "HandData", "HandSummary", "SeatData", "TableData"]


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
    """A table as stored, with its seats, its latest hand, its ledger's entries in order and
    the seat requests waiting: (id, name, token hash), oldest first."""

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
    ledger: list[Entry] = field(default_factory=list)
    requests: list[tuple[int, str, str]] = field(default_factory=list)


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
