"""Seeds of 128 secret bits (kept as decimal text) and tables whose deal the creator chose.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"

_DIGITS = 80


def upgrade() -> None:
    # SQLite cannot change a column's type: batch mode copies the table (its rows keep their
    # seeds, written as digits).
    with op.batch_alter_table("popote_tables") as table:
        table.alter_column(
            "seed",
            existing_type=sa.BigInteger,
            type_=sa.String(_DIGITS),
            existing_nullable=False,
            postgresql_using="seed::text",
        )
        table.add_column(
            sa.Column("chosen_deal", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    # Only tables whose seeds fit 64 bits can go back (newer online seeds do not).
    with op.batch_alter_table("popote_tables") as table:
        table.drop_column("chosen_deal")
        table.alter_column(
            "seed",
            existing_type=sa.String(_DIGITS),
            type_=sa.BigInteger,
            existing_nullable=False,
            postgresql_using="seed::bigint",
        )
