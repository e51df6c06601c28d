"""The server processes: started, stopped, and what CPU and memory they use."""

from __future__ import annotations

import os
import resource
import secrets
import select
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from benchmarks.server_load.load import Load

START_WAIT = 60.0
METRICS_TOKEN = secrets.token_urlsafe(24)
"""What the processes of a load serve ``/api/v1/stats`` to (``--metrics-token``)."""


class ServerProcess:
    """``python -m popote.server`` on a free port of 127.0.0.1 with ``options``, its data in
    ``data``; ``files``: the most open files it may have (its ``ulimit -n``), if not this
    process's."""

    def __init__(self, data: Path, options: list[str], files: int | None = None) -> None:
        command = [sys.executable, "-m", "popote.server", "--host", "127.0.0.1", "--port", "0"]
        command += ["--data", str(data), *options]
        data.mkdir(exist_ok=True)
        self.log = data / "server.log"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
        if files is not None:  # set at once, long before the server opens its socket
            _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
            resource.prlimit(self.process.pid, resource.RLIMIT_NOFILE, (min(files, hard), hard))
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], START_WAIT)
        line = self.process.stdout.readline() if ready else ""
        if "listening on http://" not in line:
            self.stop()
            raise RuntimeError(f"the server did not start:\n{self.log.read_text()[-2000:]}")
        self.url = line.rsplit(" ", 1)[1].strip()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def usage(self) -> dict[str, float]:
        """CPU seconds so far of the server and of its workers; resident memory in bytes."""
        workers = _children(self.process.pid)
        return {
            "server_cpu": _cpu_seconds(self.process.pid),
            "workers_cpu": sum(_cpu_seconds(pid) for pid in workers),
            "server_rss": _rss(self.process.pid),
            "workers_rss": sum(_rss(pid) for pid in workers),
        }


def load_options(load: Load, db: str | None) -> list[str]:
    """The ``popote serve`` options of one of ``load``'s processes."""
    options = ["--bot-workers", str(load.bot_workers), "--metrics-token", METRICS_TOKEN]
    # Every client comes from 127.0.0.1: no limit per address.
    options += ["--max-connections-per-ip", "0", "--max-new-identities-per-ip", "0"]
    options += ["--anonymous-burst", "0"]  # guests are created without a token
    if db:
        options += ["--db", db]
    if load.processes > 1 and load.redis:
        options += ["--redis", load.redis]
    return options


def usage(servers: list[ServerProcess]) -> dict[str, float]:
    """:meth:`ServerProcess.usage` of every process together."""
    each = [server.usage() for server in servers]
    return {key: sum(part[key] for part in each) for key in each[0]}


def _stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command name (which may hold spaces)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2 :].split()


def _cpu_seconds(pid: int) -> float:
    try:
        fields = _stat(pid)
    except OSError:  # the process ended meanwhile
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss(pid: int) -> float:
    try:
        return int(_stat(pid)[21]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0.0


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int(_stat(int(entry.name))[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                continue
    return found


@contextmanager
def fresh_schema(url: str) -> Iterator[str]:
    """``url`` (a PostgreSQL database) with a new empty schema of its own, dropped after."""
    from sqlalchemy import create_engine, text  # noqa: PLC0415 - only with PostgreSQL

    schema = f"popote_load_{secrets.token_hex(4)}"
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    joiner = "&" if urlsplit(url).query else "?"
    try:
        yield f"{url}{joiner}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()


@contextmanager
def server_process(data: Path, load: Load, db: str | None) -> Iterator[ServerProcess]:
    server = ServerProcess(data, load_options(load, db))
    try:
        yield server
    finally:
        server.stop()
