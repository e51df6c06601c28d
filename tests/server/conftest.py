"""Every server test runs on SQLite and on PostgreSQL (see ``tests/services.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server
from tests.services import postgres_schema


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> Iterator[str | None]:
    """``None`` for the default SQLite file, or a PostgreSQL URL with a fresh schema."""
    if request.param == "sqlite":
        yield None
        return
    with postgres_schema() as url:
        yield url


@pytest.fixture
def server_factory(tmp_path: Path, database: str | None) -> Iterator[type[Server] | object]:
    started: list[Server] = []

    def start(clock_scale: float = 1.0, *options: str) -> Server:
        """A server on this test's database at ``clock_scale``, with more ``popote serve``
        ``options``; every one started is stopped after the test."""
        server = Server(tmp_path, database, clock_scale, *options)
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
