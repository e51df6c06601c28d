"""Outside services the tests talk to (PostgreSQL, Redis, Chromium).

Where a service is missing the tests that need it skip with a visible reason, except when
``POPOTE_REQUIRE_SERVICES=1`` (CI sets it): then a missing service is a failure. Tests that
stop and restart a service start their own private one on a free port
(:func:`private_redis`, :func:`private_postgres`), never the machine's shared one.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

POSTGRES_HOST = ("127.0.0.1", 5432)
CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, which the browser tests drive (``make test`` installs it)."""
POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS_HOST = ("127.0.0.1", 6379)
REDIS_URL = "redis://127.0.0.1:6379/0"
START_WAIT = 30.0


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


def shared_redis() -> str:
    """The machine's Redis (processes on different databases never hear each other)."""
    if not reachable(REDIS_HOST):
        missing_service("Redis unreachable on 127.0.0.1:6379")
    return REDIS_URL


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_until_reachable(host: tuple[str, int], what: str) -> None:
    deadline = time.monotonic() + START_WAIT
    while not reachable(host, 0.2):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not start on {host}")
        time.sleep(0.05)


class PrivateRedis:
    """``redis-server`` on a free port, keeping nothing on disk, that a test stops and
    starts again (on the same port: the servers using it reconnect)."""

    def __init__(self, binary: str, folder: Path) -> None:
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no", "--dir", str(self.folder)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        _wait_until_reachable(("127.0.0.1", self.port), "redis-server")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@contextmanager
def private_redis() -> Iterator[PrivateRedis]:
    binary = shutil.which("redis-server")
    if binary is None:
        missing_service("redis-server missing (apt-get install redis-server)")
    assert binary is not None
    with tempfile.TemporaryDirectory() as folder:
        redis = PrivateRedis(binary, Path(folder))
        redis.start()
        try:
            yield redis
        finally:
            redis.stop()


class PrivatePostgres:
    """A PostgreSQL cluster of its own (``initdb``, ``pg_ctl``) on a free port. initdb
    refuses to run as root: as root it runs as the ``postgres`` user."""

    def __init__(self, binaries: str, folder: Path) -> None:
        self.binaries = binaries
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self._as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, program: str, *arguments: str) -> None:
        command = [*self._as, f"{self.binaries}/{program}", *arguments]
        subprocess.run(command, check=True, capture_output=True, cwd=self.folder)

    def create(self) -> None:
        if self._as:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")

    def start(self) -> None:
        settings = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.folder / "postgres.log")
        self._run("pg_ctl", "-D", str(self.data), "-o", settings, "-l", log, "-w", "start")

    def stop(self) -> None:
        """A fast shutdown: every connection is cut, as when the server restarts."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")


@contextmanager
def private_postgres() -> Iterator[PrivatePostgres]:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        missing_service("PostgreSQL server binaries missing (/usr/lib/postgresql/*/bin)")
    folder = Path(tempfile.mkdtemp(prefix="popote-pg-"))
    postgres = PrivatePostgres(str(Path(found[-1]).parent), folder)
    try:
        try:
            postgres.create()
        except (subprocess.CalledProcessError, OSError, LookupError) as error:
            missing_service(f"a private PostgreSQL could not be created: {error}")
        postgres.start()
        try:
            yield postgres
        finally:
            postgres.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
