"""Alembic's environment: the connection comes from the server (see ``popote.server.store``)."""

from __future__ import annotations

from alembic import context

from popote.server.models import Base


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


# Alembic runs this file as a script; anything else importing it (doctest collection) must not.
if hasattr(context, "config"):
    run()
