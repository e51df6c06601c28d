"""The first schema: users, tables, the action log and chat.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "popote_users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("login", sa.String(64), unique=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200)),
        sa.Column("lang", sa.String(2), nullable=False),
        sa.Column("created", _WHEN, nullable=False),
    )
    op.create_table(
        "popote_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("clock", sa.JSON, nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("invite_hash", sa.String(64)),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("bot_level", sa.String(16), nullable=False),
        sa.Column("owner", sa.Integer, sa.ForeignKey("popote_users.id"), nullable=False),
        sa.Column("state", sa.String(8), nullable=False, index=True),
        sa.Column("result", sa.JSON),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("finished", _WHEN),
    )
    op.create_table(
        "popote_actions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("popote_tables.id"), nullable=False),
        sa.Column("index", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("action_id", sa.String(64)),
        sa.Column("by_bot", sa.Boolean, nullable=False),
        sa.Column("created", _WHEN, nullable=False),
        sa.UniqueConstraint("table_id", "index", name="uq_popote_actions_table_index"),
    )
    op.create_table(
        "popote_chat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(32), index=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("popote_users.id"), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", _WHEN, nullable=False),
    )


def downgrade() -> None:
    for name in ("popote_chat", "popote_actions", "popote_tables", "popote_users"):
        op.drop_table(name)
