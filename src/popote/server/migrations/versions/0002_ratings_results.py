"""Ratings per game and each person's results.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "popote_ratings",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("popote_users.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", _WHEN, nullable=False),
    )
    op.create_table(
        "popote_results",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("popote_tables.id"), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("popote_users.id"), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("score", sa.Float),
        sa.Column("before_mu", sa.Float),
        sa.Column("before_sigma", sa.Float),
        sa.Column("after_mu", sa.Float),
        sa.Column("after_sigma", sa.Float),
        sa.Column("finished", _WHEN, nullable=False),
        sa.UniqueConstraint("table_id", "seat", name="uq_popote_results_table_seat"),
    )
    op.create_index("ix_popote_results_user_id", "popote_results", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_popote_results_user_id", "popote_results")
    op.drop_table("popote_results")
    op.drop_table("popote_ratings")
