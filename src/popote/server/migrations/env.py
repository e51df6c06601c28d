"""Alembic's environment: the connection comes from the server (see ``popote.server.store``)."""

from __future__ import annotations

from alembic import context

from popote.server.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
