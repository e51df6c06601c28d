"""Outside services the tests talk to (PostgreSQL, Chromium; Redis later).

Where a service is missing the tests that need it skip with a visible reason, except when
``POPOTE_REQUIRE_SERVICES=1`` (CI sets it): then a missing service is a failure.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

POSTGRES_HOST = ("127.0.0.1", 5432)
CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, which the browser tests drive (``make test`` installs it)."""
POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def services_required() -> bool:
    return os.environ.get("POPOTE_REQUIRE_SERVICES") == "1"


def missing_service(reason: str) -> None:
    """Skip, or fail where services are required."""
    if services_required():
        pytest.fail(f"{reason} (POPOTE_REQUIRE_SERVICES=1)")
    pytest.skip(reason)


def reachable(host: tuple[str, int], timeout: float = 1.0) -> bool:
    try:
        with socket.create_connection(host, timeout=timeout):
            return True
    except OSError:
        return False


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A database URL whose tables live in a fresh schema, dropped afterwards."""
    if not reachable(POSTGRES_HOST):
        missing_service("PostgreSQL unreachable on 127.0.0.1:5432")
    from sqlalchemy import create_engine, text  # noqa: PLC0415 - only with PostgreSQL

    schema = f"popote_test_{secrets.token_hex(4)}"
    engine = create_engine(POSTGRES_URL)
    try:
        with engine.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as error:  # a server that refuses us is as good as none
        engine.dispose()
        missing_service(f"PostgreSQL refused a test schema: {error}")
    try:
        yield f"{POSTGRES_URL}?options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()


def chromium() -> str:
    """The path of Debian's Chromium, or a skip (a failure where services are required)."""
    if not os.access(CHROMIUM, os.X_OK):
        missing_service(f"Chromium missing at {CHROMIUM} (apt-get install chromium)")
    return CHROMIUM
