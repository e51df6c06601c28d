"""Issue 47: the reviews of finished games and the hints asked at tables
(``popote.server.reviewrows``).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "popote_reviews",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("popote_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("budget", sa.JSON, nullable=False),
        sa.Column("result", sa.JSON),
        sa.Column("asked_by", sa.Integer, sa.ForeignKey("popote_users.id")),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("finished", _WHEN),
        sa.UniqueConstraint("table_id", "seat", name="uq_popote_reviews_table_seat"),
    )
    op.create_index("ix_popote_reviews_status", "popote_reviews", ["status"])
    op.create_table(
        "popote_hints",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("popote_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("move", sa.Integer, nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("popote_users.id"), nullable=False),
        sa.Column("created", _WHEN, nullable=False),
        sa.UniqueConstraint("table_id", "seat", "move", name="uq_popote_hints_table_seat_move"),
    )


def downgrade() -> None:
    op.drop_table("popote_hints")
    op.drop_index("ix_popote_reviews_status", "popote_reviews")
    op.drop_table("popote_reviews")
