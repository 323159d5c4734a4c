"""Tables on many servers: who runs each table (a lease, PostgreSQL only) and which server
process stored each move.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("expires_at", _WHEN, nullable=False),
        sa.Column("taken_at", _WHEN, nullable=False),
    )
    op.create_index("ix_table_leases_owner", "table_leases", ["owner"])
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("server", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("server")
    op.drop_index("ix_table_leases_owner", "table_leases")
    op.drop_table("table_leases")
