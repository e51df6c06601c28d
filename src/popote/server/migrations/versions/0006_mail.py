"""E-mail: each account's address and choice, the outbox, and the unsubscribed addresses
(``popote.server.mailrows``).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"

_WHEN = sa.DateTime(timezone=True)
_ADDRESS = sa.String(254)


def upgrade() -> None:
    op.create_table(
        "popote_mail_accounts",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("popote_users.id"), primary_key=True),
        sa.Column("address", _ADDRESS, nullable=False),
        sa.Column("address_key", _ADDRESS, nullable=False, index=True),
        sa.Column("confirmed", sa.Boolean, nullable=False),
        sa.Column("confirm_hash", sa.String(64), index=True),
        sa.Column("choice", sa.String(8), nullable=False),
        sa.Column("hour", sa.Integer, nullable=False),
        sa.Column("zone", sa.String(64), nullable=False),
        sa.Column("updated", _WHEN, nullable=False),
    )
    op.create_table(
        "popote_outbox",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("popote_users.id"), nullable=False),
        sa.Column("address", _ADDRESS, nullable=False),
        sa.Column("address_key", _ADDRESS, nullable=False, index=True),
        sa.Column("dedup", sa.String(160), nullable=False, unique=True),
        sa.Column("lang", sa.String(2), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("state", sa.String(8), nullable=False, index=True),
        sa.Column("tries", sa.Integer, nullable=False),
        sa.Column("next_try", _WHEN, nullable=False),
        sa.Column("error", sa.String(200)),
        sa.Column("unsubscribe_hash", sa.String(64), index=True),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("claimed", _WHEN),
        sa.Column("sent", _WHEN),
    )
    op.create_index("ix_popote_outbox_user_id", "popote_outbox", ["user_id"])
    op.create_table(
        "popote_mail_stops",
        sa.Column("address_key", _ADDRESS, primary_key=True),
        sa.Column("created", _WHEN, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("popote_mail_stops")
    op.drop_index("ix_popote_outbox_user_id", "popote_outbox")
    op.drop_table("popote_outbox")
    op.drop_table("popote_mail_accounts")
