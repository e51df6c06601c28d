"""``popote serve``: start the online server and say, in one line, where it listens."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from popote.server import logs
from popote.server.limits import Limits
from popote.server.logs import LEVELS
from popote.server.settings import DEFAULT_DATA, FRAME_LIMIT, Settings


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="adresse d'écoute (défaut : 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (défaut : 8000)")
    parser.add_argument(
        "--db",
        help="base PostgreSQL, par ex. postgresql+psycopg://user@host/base (défaut : SQLite dans --data)",
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="Redis partagé par plusieurs processus sur la même base PostgreSQL, "
        "par ex. redis://127.0.0.1:6379/0 (voir docs/operations.md ; défaut : un seul processus)",
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=DEFAULT_DATA,
        help=f"dossier des données, dont la base SQLite (défaut : {DEFAULT_DATA})",
    )
    parser.add_argument(
        "--clock-scale",
        type=float,
        default=1.0,
        help="multiplie toutes les horloges (essais et démonstrations ; défaut : 1)",
    )
    parser.add_argument(
        "--bot-workers", type=int, default=2, help="processus des bots (défaut : 2)"
    )
    parser.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="origine d'une page autorisée à ouvrir des WebSockets, en plus de celle du serveur, "
        "par ex. https://popote.example.org (répétable)",
    )
    parser.add_argument(
        "--max-connections-per-ip",
        type=int,
        default=Limits.per_ip,
        help=f"WebSockets ouvertes depuis une même adresse, 0 : sans limite (défaut : {Limits.per_ip})",
    )
    parser.add_argument(
        "--log-level",
        choices=LEVELS,
        default="info",
        help="niveau des journaux JSON écrits sur la sortie d'erreur (défaut : info)",
    )


if TYPE_CHECKING:
    import uvicorn


def run_serve(args: argparse.Namespace) -> int:
    # Loaded here: the other commands need neither the web stack nor the database.
    import uvicorn  # noqa: PLC0415

    from popote.server.app import create_app  # noqa: PLC0415

    if args.redis and not (args.db or "").startswith("postgresql"):
        # Owners are PostgreSQL advisory locks: SQLite cannot be shared by processes.
        print(
            "popote serve : --redis demande une base PostgreSQL (--db postgresql+psycopg://…) / "
            "--redis needs a PostgreSQL --db",
            file=sys.stderr,
        )
        return 2
    settings = Settings(
        data=args.data.expanduser(),
        db=args.db,
        redis=args.redis,
        clock_scale=args.clock_scale,
        bot_workers=args.bot_workers,
        limits=Limits(
            allowed_origins=tuple(args.allowed_origin), per_ip=args.max_connections_per_ip
        ),
    )
    config = uvicorn.Config(
        create_app(settings),
        host=args.host,
        port=args.port,
        ws_max_size=FRAME_LIMIT,
        log_level="warning",
        log_config=None,  # one setup for every logger: popote.server.logs
        access_log=False,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    logs.setup(args.log_level)
    return 0 if _serve(server, args.host, args.port) else 1


def _serve(server: uvicorn.Server, host: str, port: int) -> bool:
    """Run until stopped; the one line is printed once the socket listens."""
    original = server.startup

    async def startup(sockets: object = None) -> None:
        await original(sockets)  # type: ignore[arg-type]
        if server.started:
            bound = server.servers[0].sockets[0].getsockname()[1] if server.servers else port
            where = f"[{host}]" if ":" in host else host
            address = f"http://{where}:{bound}"
            print(f"Popote écoute sur {address} / listening on {address}", flush=True)

    server.startup = startup  # type: ignore[method-assign]
    # uvicorn shuts down gracefully on SIGTERM, then sends it again to whatever handler was
    # there before; the default one would kill the process and report a failure.
    previous = signal.signal(signal.SIGTERM, _already_stopped)
    try:
        server.run()
    finally:
        signal.signal(signal.SIGTERM, previous)
    return server.started


def _already_stopped(_signal: int, _frame: object) -> None:
    """The repeated SIGTERM comes after the shutdown it asked for: nothing is left to do."""
