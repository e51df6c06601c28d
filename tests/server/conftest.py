"""Every server test runs on SQLite and on PostgreSQL (see ``tests/services.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Server
from tests.services import postgres_schema

DATABASES = ["sqlite", "postgresql"]
SHARED_OPTIONS = ("--max-new-identities-per-ip", "0")
"""A shared server serves the guests of every test of its module: its hourly quota of new
identities per address (tested on servers of their own) would run out."""


@pytest.fixture(params=DATABASES)
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


@pytest.fixture(scope="module", params=DATABASES)
def shared_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """One server for the module's tests on each database, for the tests that need no
    fresh one: they neither stop it nor change its settings, and each opens tables of its
    own and looks at them only (a fresh ``popote serve`` took seconds per test)."""
    data = tmp_path_factory.mktemp("shared")
    if request.param == "sqlite":
        with Server(data, None, 1.0, *SHARED_OPTIONS) as server:
            yield server
        return
    with postgres_schema() as url, Server(data, url, 1.0, *SHARED_OPTIONS) as server:
        yield server
