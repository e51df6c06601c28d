"""``popote serve``: start the online server and say, in one line, where it listens."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from popote.core.i18n import Lang, Text
from popote.server import logs
from popote.server.limits import Limits
from popote.server.logs import LEVELS
from popote.server.settings import DEFAULT_DATA, FRAME_LIMIT, Settings


def add_serve_arguments(parser: argparse.ArgumentParser, lang: Lang = "fr") -> None:
    """``popote serve``'s options, described in ``lang``."""

    def option(name: str, meta: Text | None, fr: str, en: str, **kwargs: Any) -> None:
        default = kwargs.get("default")
        parser.add_argument(
            name,
            metavar=meta.get(lang) if meta else None,
            help=Text(fr, en).get(lang).format(default=default),
            **kwargs,
        )

    option(
        "--host",
        Text("ADRESSE", "ADDRESS"),
        "adresse d'écoute (défaut : {default})",
        "address to listen on (default: {default})",
        default="127.0.0.1",
    )
    option(
        "--port",
        Text("N", "N"),
        "port (défaut : {default})",
        "port (default: {default})",
        type=int,
        default=8000,
    )
    option(
        "--db",
        Text("URL", "URL"),
        "base PostgreSQL, par ex. postgresql+psycopg://user@host/base (défaut : SQLite dans --data)",
        "PostgreSQL database, e.g. postgresql+psycopg://user@host/base (default: SQLite in --data)",
    )
    option(
        "--redis",
        Text("URL", "URL"),
        "Redis partagé par plusieurs processus sur la même base PostgreSQL, par ex. "
        "redis://127.0.0.1:6379/0 (voir docs/operations.md ; défaut : un seul processus)",
        "Redis shared by several processes on one PostgreSQL database, e.g. "
        "redis://127.0.0.1:6379/0 (see docs/operations.md; default: a single process)",
    )
    option(
        "--data",
        Text("DOSSIER", "FOLDER"),
        "dossier des données, dont la base SQLite (défaut : {default})",
        "data folder, holding the SQLite database (default: {default})",
        type=Path,
        default=DEFAULT_DATA,
    )
    option(
        "--clock-scale",
        Text("FACTEUR", "FACTOR"),
        "multiplie toutes les horloges (essais et démonstrations ; défaut : {default})",
        "multiplies every clock (tests and demonstrations; default: {default})",
        type=float,
        default=1.0,
    )
    option(
        "--bot-workers",
        Text("N", "N"),
        "processus des bots (défaut : {default})",
        "bot processes (default: {default})",
        type=int,
        default=2,
    )
    option(
        "--allowed-origin",
        Text("ORIGINE", "ORIGIN"),
        "origine d'une page autorisée à ouvrir des WebSockets, en plus de celle du serveur, "
        "par ex. https://popote.example.org (répétable ; défaut : la seule origine du serveur)",
        "origin of a page allowed to open WebSockets besides the server's own, e.g. "
        "https://popote.example.org (repeatable; default: the server's own origin only)",
        action="append",
        default=[],
    )
    option(
        "--max-connections-per-ip",
        Text("N", "N"),
        "WebSockets ouvertes depuis une même adresse, 0 : sans limite (défaut : {default})",
        "WebSockets open from one address, 0: no limit (default: {default})",
        type=int,
        default=Limits.per_ip,
    )
    option(
        "--send-queue",
        Text("N", "N"),
        "messages en attente pour un client qui ne lit plus avant de le déconnecter, au moins "
        "--feed-memory plus deux (défaut : {default})",
        "messages waiting for a client that stopped reading before it is disconnected, at "
        "least --feed-memory plus two (default: {default})",
        type=int,
        default=Settings.send_queue,
    )
    option(
        "--feed-memory",
        Text("N", "N"),
        "derniers messages gardés pour chaque personne à une table, renvoyés à qui revient ; "
        "au-delà, un instantané (défaut : {default})",
        "last messages kept for each person at a table, resent to whoever comes back; "
        "past them, a snapshot (default: {default})",
        type=int,
        default=Settings.feed_memory,
    )
    option(
        "--log-level",
        None,
        "niveau des journaux JSON écrits sur la sortie d'erreur (défaut : {default})",
        "level of the JSON logs written to standard error (default: {default})",
        choices=LEVELS,
        default="info",
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
        # What a client coming back missed is queued at once, after its welcome and table.
        send_queue=max(args.send_queue, args.feed_memory + 2),
        feed_memory=max(0, args.feed_memory),
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
