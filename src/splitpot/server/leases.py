"""Tables on many servers (PostgreSQL only): which process runs each table, by a lease.

Every table has at most one ``table_leases`` row: its owner (a process, :func:`owner_name`) runs
it until ``expires_at`` on the database's clock, and renews all its leases every
``Settings.lease_renew`` seconds. A process takes a table nobody holds, or one whose lease
expired (its owner died), in one conditional statement, then reads it from the store and
rebuilds its hand. Every write of a table checks, in its own transaction, that its process
still holds the lease (:func:`hold`, which also keeps the lease from being taken until that
transaction ends): a process that lost a table cannot store one more move for it.
docs/deploy.md tells the whole design.
"""

from __future__ import annotations

import math
import os
import secrets
import socket
from collections.abc import Callable
from typing import Any, Final, TypeVar

from sqlalchemy import text
from sqlalchemy.orm import Session

from splitpot.errors import LeaseLost

__all__ = [
    "LeaseLost",
    "claim",
    "codes",
    "fenced",
    "hold",
    "owner_name",
    "owners",
    "release",
    "renew",
    "take",
]

T = TypeVar("T")

_UNTIL: Final = "clock_timestamp() + make_interval(secs => :ttl)"

_HOLD: Final = text(
    "SELECT 1 FROM table_leases WHERE table_id = :table AND owner = :owner "
    "AND expires_at > clock_timestamp() FOR SHARE"
)
_RENEW: Final = text(
    f"UPDATE table_leases SET expires_at = {_UNTIL} WHERE owner = :owner RETURNING table_id"
)
_CLAIM: Final = text(
    "INSERT INTO table_leases (table_id, owner, expires_at, taken_at) "
    f"SELECT id, :owner, {_UNTIL}, clock_timestamp() FROM tables WHERE code = :code"
)
_TAKE_FREE: Final = text(
    "INSERT INTO table_leases (table_id, owner, expires_at, taken_at) "
    f"SELECT t.id, :owner, {_UNTIL}, clock_timestamp() FROM tables t WHERE NOT EXISTS "
    "(SELECT 1 FROM table_leases l WHERE l.table_id = t.id) ORDER BY t.id LIMIT :most "
    "ON CONFLICT (table_id) DO NOTHING RETURNING table_id"
)
_TAKE_EXPIRED: Final = text(
    f"UPDATE table_leases SET owner = :owner, expires_at = {_UNTIL}, "
    "taken_at = clock_timestamp() WHERE table_id IN (SELECT table_id FROM table_leases "
    "WHERE expires_at < clock_timestamp() ORDER BY table_id LIMIT :most "
    "FOR UPDATE SKIP LOCKED) RETURNING table_id"
)
_COUNTS: Final = text(
    "SELECT (SELECT count(*) FROM tables), "
    "(SELECT count(DISTINCT owner) FROM table_leases "
    " WHERE owner <> :owner AND expires_at > clock_timestamp()), "
    "(SELECT count(*) FROM table_leases WHERE owner = :owner)"
)
_OWNERS: Final = text(
    "SELECT t.code, l.owner FROM table_leases l JOIN tables t ON t.id = l.table_id "
    "WHERE l.expires_at > clock_timestamp()"
)
_RELEASE: Final = text("DELETE FROM table_leases WHERE owner = :owner")


def owner_name() -> str:
    """This process's name in the leases: its host, its process id and a random tail (a
    process started again is a new owner, never the dead one's heir by name)."""
    return f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(4)}"


def hold(session: Session, table_id: int, owner: str) -> None:
    """LeaseLost unless ``owner`` holds the table's lease now; the row stays locked (shared)
    until the transaction ends, so nobody takes the table before this write is committed."""
    found = session.execute(_HOLD, {"table": table_id, "owner": owner}).first()
    if found is None:
        raise LeaseLost(table_id)


def fenced(table_id: int, owner: str, query: Callable[..., T]) -> Callable[..., T]:
    """``query`` run only while ``owner`` holds the table (:func:`hold`, same transaction)."""

    def job(session: Session, *args: Any, **kwargs: Any) -> T:
        hold(session, table_id, owner)
        return query(session, *args, **kwargs)

    return job


def claim(session: Session, code: str, owner: str, ttl: float) -> None:
    """Take the lease of the new table ``code`` (in the transaction that stores it)."""
    session.execute(_CLAIM, {"code": code, "owner": owner, "ttl": ttl})


def renew(session: Session, owner: str, ttl: float) -> set[int]:
    """Renew every lease ``owner`` holds; the ids of its tables (a table missing from them
    was taken by another process)."""
    return set(session.scalars(_RENEW, {"owner": owner, "ttl": ttl}))


def take(session: Session, owner: str, ttl: float) -> list[int]:
    """Take tables nobody holds, then tables whose lease expired, up to this process's fair
    share (the tables over the processes holding leases now, this one counted); their ids."""
    total, others, mine = session.execute(_COUNTS, {"owner": owner}).one()
    most = max(0, math.ceil(total / (others + 1)) - mine)
    if most == 0:
        return []
    taken = list(session.scalars(_TAKE_FREE, {"owner": owner, "ttl": ttl, "most": most}))
    if len(taken) < most:
        args = {"owner": owner, "ttl": ttl, "most": most - len(taken)}
        taken += session.scalars(_TAKE_EXPIRED, args)
    return taken


def owners(session: Session) -> dict[str, str]:
    """Table code -> the process holding its lease, for every lease not expired."""
    return {str(row[0]): str(row[1]) for row in session.execute(_OWNERS)}


def release(session: Session, owner: str) -> None:
    """Give up every lease of ``owner`` (a process stopping: others take its tables at once)."""
    session.execute(_RELEASE, {"owner": owner})


def codes(session: Session, ids: list[int]) -> list[str]:
    """The codes of the tables ``ids``."""
    return list(session.scalars(text("SELECT code FROM tables WHERE id = ANY(:ids)"), {"ids": ids}))
