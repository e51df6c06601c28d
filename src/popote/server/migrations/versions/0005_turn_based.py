"""Turn-based play: the deadline of each decision asked of a person, holidays, and tables
let go from memory (``popote.server.turns``).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "popote_deadlines",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("popote_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("popote_users.id"), nullable=False),
        sa.Column("decision", sa.Integer, nullable=False),
        sa.Column("opened", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seat", name="uq_popote_deadlines_table_seat"),
    )
    op.create_index("ix_popote_deadlines_due", "popote_deadlines", ["due"])
    op.create_index("ix_popote_deadlines_user_id", "popote_deadlines", ["user_id"])
    op.create_table(
        "popote_holidays",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("popote_users.id"), nullable=False),
        sa.Column("starts", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends", sa.DateTime(timezone=True), nullable=False),
        sa.Column("days", sa.Integer, nullable=False),
    )
    op.create_index("ix_popote_holidays_user_id", "popote_holidays", ["user_id"])
    with op.batch_alter_table("popote_tables") as table:
        table.add_column(
            sa.Column("resting", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("popote_tables") as table:
        table.drop_column("resting")
    op.drop_index("ix_popote_holidays_user_id", "popote_holidays")
    op.drop_table("popote_holidays")
    op.drop_index("ix_popote_deadlines_user_id", "popote_deadlines")
    op.drop_index("ix_popote_deadlines_due", "popote_deadlines")
    op.drop_table("popote_deadlines")
