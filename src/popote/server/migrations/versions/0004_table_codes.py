"""Tables' short codes, read aloud to open a table (``popote.server.codes``).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    # Tables made before keep no code: their links still open them.
    with op.batch_alter_table("popote_tables") as table:
        table.add_column(sa.Column("code", sa.String(16), nullable=True))
        table.create_index("ix_popote_tables_code", ["code"])


def downgrade() -> None:
    with op.batch_alter_table("popote_tables") as table:
        table.drop_index("ix_popote_tables_code")
        table.drop_column("code")
