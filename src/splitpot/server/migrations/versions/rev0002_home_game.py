"""The home game: fair dealing, the ledger, the host, seat requests and chat.

Tables gain the host's token (its hash), their options (seats approved by the host, the odds
panel, the most a player may rebuy to, a chip's value) and whether they are paused; hands
gain their shuffle's secret and commitment and the house rules they were dealt with; new
tables hold the ledger, the seat requests waiting on the host, and chat.

Revision ID: 0002
Revises: 0001
Create Date: 2025-01-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("host_token", sa.String(64), nullable=True))
        batch.add_column(sa.Column("options", sa.JSON(), nullable=True))
        batch.add_column(
            sa.Column("paused", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    # a table made before this revision: its host is whoever holds the host's seat now
    op.execute(
        "UPDATE tables SET host_token = (SELECT seats.token_hash FROM seats WHERE "
        "seats.table_id = tables.id AND seats.position = tables.host) WHERE host IS NOT NULL"
    )
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("secret", sa.String(64), nullable=True))
        batch.add_column(sa.Column("commitment", sa.String(64), nullable=True))
        batch.add_column(sa.Column("house", sa.JSON(), nullable=True))
    op.create_table(
        "ledger",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("chips", sa.BigInteger(), nullable=False),
        sa.Column("hand", sa.Integer(), nullable=True),
        sa.Column("created_at", _WHEN, nullable=False),
    )
    op.create_index("ix_ledger_table_id", "ledger", ["table_id"])
    op.create_table(
        "requests",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", _WHEN, nullable=False),
    )
    op.create_index("ix_requests_table_id", "requests", ["table_id"])
    op.create_table(
        "messages",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("room", sa.String(12), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(1000), nullable=False),
        sa.Column("created_at", _WHEN, nullable=False),
    )
    op.create_index("ix_messages_table_id", "messages", ["table_id"])


def downgrade() -> None:
    op.drop_table("messages")
    op.drop_table("requests")
    op.drop_table("ledger")
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("house")
        batch.drop_column("commitment")
        batch.drop_column("secret")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("paused")
        batch.drop_column("options")
        batch.drop_column("host_token")
