"""The first schema: tables, seats, hands and the actions of each hand.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("house", sa.JSON(), nullable=False),
        sa.Column("stack", sa.BigInteger(), nullable=False),
        sa.Column("timer", sa.Integer(), nullable=False),
        sa.Column("practice", sa.Boolean(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("host", sa.Integer(), nullable=True),
        sa.Column("created_at", _WHEN, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("stack", sa.BigInteger(), nullable=False),
        sa.Column("sitting_out", sa.Boolean(), nullable=False),
        sa.Column("holder", sa.Integer(), nullable=False),
        sa.UniqueConstraint("table_id", "position"),
    )
    op.create_index("ix_seats_table_id", "seats", ["table_id"])
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("starting", sa.JSON(), nullable=False),
        sa.Column("finishing", sa.JSON(), nullable=True),
        sa.Column("phh", sa.Text(), nullable=True),
        sa.Column("void", sa.Text(), nullable=True),
        sa.Column("started_at", _WHEN, nullable=False),
        sa.Column("finished_at", _WHEN, nullable=True),
        sa.UniqueConstraint("table_id", "number"),
    )
    op.create_index("ix_hands_table_id", "hands", ["table_id"])
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("hand_id", sa.Integer(), sa.ForeignKey("hands.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("source", sa.String(8), nullable=False),
        sa.Column("created_at", _WHEN, nullable=False),
        sa.UniqueConstraint("hand_id", "number"),
    )
    op.create_index("ix_actions_hand_id", "actions", ["hand_id"])


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("hands")
    op.drop_table("seats")
    op.drop_table("tables")
