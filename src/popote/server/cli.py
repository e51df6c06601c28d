"""``popote serve``: start the online server and say, in one line, where it listens."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from popote.cli.plugged import Plugged
from popote.core.i18n import Lang, Text, parse_lang
from popote.server import logs
from popote.server.addresses import IPV6_PREFIX
from popote.server.hosts import allowed_hosts
from popote.server.limits import Limits
from popote.server.logs import FORMATS, LEVELS
from popote.server.mailcli import add_mail_arguments, mail_settings
from popote.server.quotas import Quotas
from popote.server.reach import stores_unreachable
from popote.server.reviewconf import add_review_arguments, review_settings
from popote.server.settings import DEFAULT_DATA, FRAME_LIMIT, HttpLimits, Settings

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
HOW_TO_STOP = Text("Ctrl-C pour l'arrêter.", "Ctrl-C to stop it.")
STOPPED = Text("Popote s'est arrêté.", "Popote has stopped.")
NEEDS_POSTGRES = Text(
    "--redis demande une base PostgreSQL (--db postgresql+psycopg://…)",
    "--redis needs a PostgreSQL database (--db postgresql+psycopg://…)",
)
REFUSED = Text("popote serve : {reason}", "popote serve: {reason}")
METRICS_TOKEN_ENV = "POPOTE_METRICS_TOKEN"
METRICS_TOKEN_LENGTH = 16
SHORT_METRICS_TOKEN = Text(
    f"le jeton des métriques doit avoir {METRICS_TOKEN_LENGTH} caractères au moins",
    f"the metrics token must have at least {METRICS_TOKEN_LENGTH} characters",
)


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
        "--grab-window",
        Text("SECONDES", "SECONDS"),
        "secondes pendant lesquelles une décision en temps réel recueille encore les réponses "
        "après la première, pour que la plus rapide ne gagne pas par le seul réseau "
        "(défaut : {default})",
        "seconds a real-time decision keeps collecting answers after its first one, so that "
        "the network alone does not pick the quickest (default: {default})",
        type=float,
        default=Settings.grab_window,
    )
    option(
        "--bot-workers",
        Text("N", "N"),
        "processus des bots qui cherchent (difficile, expert), plus un pour les autres niveaux "
        "(défaut : {default})",
        "processes of the searching bots (difficile, expert), plus one for the other levels "
        "(default: {default})",
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
        "--allowed-host",
        Text("NOM", "NAME"),
        "nom sous lequel le serveur répond (en-tête Host), par ex. popote.example.org, en "
        "plus des noms de la boucle locale et de --host ; une autre requête ou WebSocket est "
        "refusée ; * : tous (répétable ; défaut : les noms de la boucle locale et --host, "
        "voir docs/operations.md)",
        "name the server answers to (Host header), e.g. popote.example.org, besides the "
        "loopback names and --host; any other request or WebSocket is refused; *: any "
        "(repeatable; default: the loopback names and --host, see docs/operations.md)",
        action="append",
        default=[],
    )
    option(
        "--max-header-bytes",
        Text("OCTETS", "BYTES"),
        "taille de la ligne de requête et des en-têtes, en tout ; au-delà, 431 "
        "(défaut : {default})",
        "size of the request line and headers, in all; past it, 431 (default: {default})",
        type=int,
        default=HttpLimits.header_bytes,
    )
    option(
        "--max-headers",
        Text("N", "N"),
        "en-têtes d'une requête ; au-delà, 431 (défaut : {default})",
        "headers of one request; past them, 431 (default: {default})",
        type=int,
        default=HttpLimits.headers,
    )
    option(
        "--header-timeout",
        Text("SECONDES", "SECONDS"),
        "délai pour envoyer les en-têtes d'une requête ; au-delà, 408 (défaut : {default})",
        "time to send a request's headers; past it, 408 (default: {default})",
        type=float,
        default=HttpLimits.header_seconds,
    )
    option(
        "--body-timeout",
        Text("SECONDES", "SECONDS"),
        "délai pour envoyer le corps d'une requête après ses en-têtes ; au-delà, 408 "
        "(défaut : {default})",
        "time to send a request's body after its headers; past it, 408 (default: {default})",
        type=float,
        default=HttpLimits.body_seconds,
    )
    option(
        "--keep-alive",
        Text("SECONDES", "SECONDS"),
        "une connexion HTTP inactive entre deux requêtes est fermée après ce temps "
        "(défaut : {default})",
        "an HTTP connection idle between requests is closed after this time (default: {default})",
        type=float,
        default=HttpLimits.keep_alive,
    )
    option(
        "--max-http-connections-per-ip",
        Text("N", "N"),
        "connexions HTTP ouvertes depuis une même adresse (une WebSocket compte ensuite dans "
        "--max-connections-per-ip), 0 : sans limite (défaut : {default})",
        "HTTP connections open from one address (a WebSocket then counts in "
        "--max-connections-per-ip), 0: no limit (default: {default})",
        type=int,
        default=HttpLimits.per_client,
    )
    option(
        "--anonymous-burst",
        Text("N", "N"),
        "requêtes sans jeton valide qu'une même adresse peut faire d'un coup, "
        "0 : sans limite (défaut : {default})",
        "requests without a valid token one address may make at once, 0: no limit "
        "(default: {default})",
        type=int,
        default=HttpLimits.anonymous_burst,
    )
    option(
        "--anonymous-rate",
        Text("N", "N"),
        "requêtes sans jeton valide par seconde pour une même adresse, une fois "
        "--anonymous-burst épuisé (défaut : {default})",
        "requests without a valid token per second from one address, once "
        "--anonymous-burst is spent (default: {default})",
        type=float,
        default=HttpLimits.anonymous_rate,
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
        "--ipv6-prefix",
        Text("BITS", "BITS"),
        "longueur du réseau IPv6 compté comme un seul client par toutes les limites "
        "(défaut : /{default})",
        "length of the IPv6 network every limit counts as one client (default: /{default})",
        type=int,
        default=IPV6_PREFIX,
    )
    option(
        "--max-new-identities-per-ip",
        Text("N", "N"),
        "invités et comptes créés depuis une même adresse, d'un coup puis par heure, "
        "0 : sans limite (défaut : {default})",
        "guests and accounts created from one address, at once then per hour, "
        "0: no limit (default: {default})",
        type=int,
        default=Quotas.identities_per_ip,
    )
    option(
        "--max-login-failures",
        Text("N", "N"),
        "mauvais mots de passe pour un même nom depuis une même adresse, d'un coup puis par "
        "5 minutes, 0 : sans limite (défaut : {default})",
        "wrong passwords for one name from one address, at once then per 5 minutes, "
        "0: no limit (default: {default})",
        type=int,
        default=Quotas.login_failures_per_name_and_ip,
    )
    option(
        "--max-login-failures-per-name",
        Text("N", "N"),
        "mauvais mots de passe pour un même nom depuis toutes les adresses ensemble, d'un "
        "coup puis par heure, 0 : sans limite (défaut : {default})",
        "wrong passwords for one name from every address together, at once then per hour, "
        "0: no limit (default: {default})",
        type=int,
        default=Quotas.login_failures_per_name,
    )
    option(
        "--max-chat-per-ip",
        Text("N", "N"),
        "lignes de discussion depuis une même adresse en 10 s, toutes ses identités "
        "ensemble (chacune en dit au plus 5), 0 : sans limite (défaut : {default})",
        "chat lines from one address in 10 s, all its identities together (each says 5 "
        "at most), 0: no limit (default: {default})",
        type=int,
        default=Settings.chat_per_ip,
    )
    option(
        "--max-open-tables",
        Text("N", "N"),
        "tables non terminées qu'une même identité a créées, 0 : sans limite (défaut : {default})",
        "tables not over that one identity created, 0: no limit (default: {default})",
        type=int,
        default=Quotas.open_tables_per_identity,
    )
    option(
        "--table-idle",
        Text("MINUTES", "MINUTES"),
        "une table qui n'a pas commencé et que personne n'utilise (personne connecté, aucun "
        "siège pris ni quitté) disparaît après ce temps, 0 : jamais (défaut : {default})",
        "a table that has not begun and that nobody uses (nobody connected, no seat taken "
        "or left) disappears after this time, 0: never (default: {default})",
        type=float,
        default=Settings.table_idle / 60,
    )
    option(
        "--table-rest",
        Text("SECONDES", "SECONDS"),
        "une table tour par tour que personne n'utilise quitte la mémoire après ce temps, "
        "reconstruite de son journal au besoin, 0 : jamais (défaut : {default})",
        "a turn-based table nobody uses leaves memory after this time, rebuilt from its "
        "log when needed, 0: never (default: {default})",
        type=float,
        default=Settings.table_rest,
    )
    option(
        "--holiday-days",
        Text("JOURS", "DAYS"),
        "jours de vacances par compte et par année civile : ses horloges tour par tour "
        "s'arrêtent (défaut : {default})",
        "holiday days per account and calendar year: its turn-based clocks stop "
        "(default: {default})",
        type=int,
        default=Settings.holiday_days,
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
        "--send-queue-kib",
        Text("KIO", "KIB"),
        "kibioctets que peuvent occuper les messages en attente pour un client qui lit trop "
        "lentement avant de le déconnecter (code 4008), 0 : sans limite (défaut : {default})",
        "kibibytes the messages waiting for a client that reads too slowly may take before "
        "it is disconnected (code 4008), 0: no limit (default: {default})",
        type=int,
        default=Settings.send_queue_bytes // 1024,
    )
    option(
        "--send-queue-mib-per-ip",
        Text("MIO", "MIB"),
        "mébioctets que peuvent occuper, ensemble, les messages en attente pour toutes les "
        "WebSockets d'un même client (adresse IPv4, réseau IPv6) ; au-delà, celle qui en "
        "reçoit un de plus est déconnectée (code 4008), 0 : sans limite (défaut : {default})",
        "mebibytes the messages waiting for all the WebSockets of one client (an IPv4 "
        "address, an IPv6 network) may take together; past them, the one given one more is "
        "disconnected (code 4008), 0: no limit (default: {default})",
        type=int,
        default=Limits.queued_per_ip // 2**20,
    )
    option(
        "--replay-cache-mib",
        Text("MIO", "MIB"),
        "mébioctets gardés pour les pages de parties terminées (/replay) et les parties "
        "rejouées pour elles (défaut : {default})",
        "mebibytes kept for the pages of finished games (/replay) and the games played "
        "again for them (default: {default})",
        type=int,
        default=Settings.replay_memory // 2**20,
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
        "--metrics-token",
        Text("JETON", "TOKEN"),
        "sert /metrics et /api/v1/stats à qui envoie « Authorization: Bearer JETON » "
        f"({METRICS_TOKEN_LENGTH} caractères au moins ; mieux : la variable "
        f"d'environnement {METRICS_TOKEN_ENV}, qu'une liste des processus ne montre pas ; "
        "défaut : ni l'un ni l'autre servi, 404)",
        'serves /metrics and /api/v1/stats to requests sending "Authorization: Bearer '
        f'TOKEN" (at least {METRICS_TOKEN_LENGTH} characters; better: the environment '
        f"variable {METRICS_TOKEN_ENV}, which a process list does not show; default: "
        "neither served, 404)",
    )
    add_mail_arguments(option)
    add_review_arguments(option)
    parser.add_argument(
        "--api-docs",
        action="store_true",
        help=Text(
            "sert la documentation de l'API à /docs (Swagger UI, depuis le paquet ; "
            "défaut : éteinte)",
            "serves the API's documentation at /docs (Swagger UI, from the package; default: off)",
        ).get(lang),
    )
    option(
        "--log-level",
        None,
        "niveau des journaux écrits sur la sortie d'erreur (défaut : {default})",
        "level of the logs written to standard error (default: {default})",
        choices=LEVELS,
        default="info",
    )
    option(
        "--log-format",
        None,
        "journaux en lignes courtes pour un terminal (plain) ou en JSON, une ligne par "
        "événement, pour un collecteur (json) (défaut : {default})",
        "logs as short lines for a terminal (plain) or as JSON, one line an event, for a "
        "log collector (json) (default: {default})",
        choices=FORMATS,
        default="plain",
    )


if TYPE_CHECKING:
    import uvicorn
    from fastapi import FastAPI


def run_serve(args: argparse.Namespace) -> int:
    # Loaded here: the other commands need neither the web stack nor the database.
    import uvicorn  # noqa: PLC0415

    from popote.server.app import create_app  # noqa: PLC0415
    from popote.server.headers import HEADERS  # noqa: PLC0415
    from popote.server.wire import Sockets, front_door  # noqa: PLC0415

    lang = parse_lang(getattr(args, "lang", "fr"))
    if args.redis and not (args.db or "").startswith("postgresql"):
        # Owners are PostgreSQL advisory locks: SQLite cannot be shared by processes.
        return _refuse(NEEDS_POSTGRES, lang, 2)
    metrics_token = args.metrics_token or os.environ.get(METRICS_TOKEN_ENV) or None
    if metrics_token is not None and len(metrics_token) < METRICS_TOKEN_LENGTH:
        return _refuse(SHORT_METRICS_TOKEN, lang, 2)
    settings = Settings(
        data=args.data.expanduser(),
        db=args.db,
        redis=args.redis,
        clock_scale=args.clock_scale,
        grab_window=max(0.0, args.grab_window),
        bot_workers=args.bot_workers,
        # What a client coming back missed is queued at once, after its welcome and table.
        send_queue=max(args.send_queue, args.feed_memory + 2),
        send_queue_bytes=max(0, args.send_queue_kib) * 1024,
        replay_memory=max(0, args.replay_cache_mib) * 2**20,
        feed_memory=max(0, args.feed_memory),
        api_docs=args.api_docs,
        metrics_token=metrics_token,
        ipv6_prefix=min(128, max(0, args.ipv6_prefix)),
        chat_per_ip=max(0, args.max_chat_per_ip),
        table_idle=max(0.0, args.table_idle * 60),
        table_rest=max(0.0, args.table_rest),
        holiday_days=max(0, args.holiday_days),
        quotas=Quotas(
            identities_per_ip=max(0, args.max_new_identities_per_ip),
            login_failures_per_name_and_ip=max(0, args.max_login_failures),
            login_failures_per_name=max(0, args.max_login_failures_per_name),
            open_tables_per_identity=max(0, args.max_open_tables),
        ),
        limits=Limits(
            allowed_origins=tuple(args.allowed_origin),
            allowed_hosts=allowed_hosts(args.host, args.allowed_host),
            per_ip=args.max_connections_per_ip,
            queued_per_ip=max(0, args.send_queue_mib_per_ip) * 2**20,
        ),
        http=_http_limits(args),
        mail=mail_settings(args, args.clock_scale),
        reviews=review_settings(args),
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
        # The front door (popote.server.wire): limits and deadlines uvicorn leaves open,
        # and the browser protections on every answer, uvicorn's own included.
        http=front_door(settings.http, settings.ipv6_prefix),
        ws=Sockets,
        timeout_keep_alive=settings.http.keep_alive,  # type: ignore[arg-type]
        headers=list(HEADERS),
    )
    server = uvicorn.Server(config)
    logs.setup(args.log_level, form=args.log_format)
    unreachable = stores_unreachable(settings)
    if unreachable is not None:
        return _refuse(unreachable, lang, 1)
    try:
        return 0 if _serve(server, args.host, args.port, lang) else 1
    except KeyboardInterrupt:
        # A Ctrl-C before the server took over its signals (while it starts).
        print(STOPPED.get(lang), flush=True)
        return 0


def _http_limits(args: argparse.Namespace) -> HttpLimits:
    """The front door's limits from ``popote serve``'s options (deadlines of at least a
    tenth of a second: none at all would let a client hold a connection for ever)."""
    return HttpLimits(
        header_bytes=max(1024, args.max_header_bytes),
        headers=max(8, args.max_headers),
        header_seconds=max(0.1, args.header_timeout),
        body_seconds=max(0.1, args.body_timeout),
        keep_alive=max(0.1, args.keep_alive),
        per_client=max(0, args.max_http_connections_per_ip),
        anonymous_burst=max(0, args.anonymous_burst),
        anonymous_rate=max(0.0, args.anonymous_rate),
    )


def _serve(server: uvicorn.Server, host: str, port: int, lang: Lang) -> bool:
    """Run until stopped; the line saying where is printed once the socket listens, how to
    stop it just after, and one line once it stops."""
    original = server.startup

    async def startup(sockets: object = None) -> None:
        await original(sockets)  # type: ignore[arg-type]
        if server.started:
            bound = server.servers[0].sockets[0].getsockname()[1] if server.servers else port
            where = f"[{host}]" if ":" in host else host
            address = f"http://{where}:{bound}"
            cast("FastAPI", server.config.app).state.served_at = address  # links in e-mail
            print(f"Popote écoute sur {address} / listening on {address}", flush=True)
            print(HOW_TO_STOP.get(lang), flush=True)

    server.startup = startup  # type: ignore[method-assign]
    # uvicorn shuts down gracefully on SIGTERM and SIGINT (Ctrl-C), then sends the signal
    # again to whatever handler was there before; the default ones would kill the process
    # or raise KeyboardInterrupt through uvicorn, with a traceback.
    previous = {stop: signal.signal(stop, _already_stopped) for stop in STOP_SIGNALS}
    try:
        server.run()
    finally:
        for stop, handler in previous.items():
            signal.signal(stop, handler)
    if server.started:
        print(STOPPED.get(lang), flush=True)
    return server.started


SERVE = Plugged(
    "serve",
    Text("serveur de tables en ligne", "online tables server"),
    add_serve_arguments,
    run_serve,
)
"""``popote serve``, as the entry point (``popote.__main__``) plugs it into the command line."""


def _refuse(reason: Text, lang: Lang, code: int) -> int:
    """One line on standard error, and the exit status."""
    print(REFUSED.render(lang, reason=reason.get(lang)), file=sys.stderr)
    return code


def _already_stopped(_signal: int, _frame: object) -> None:
    """The repeated SIGTERM comes after the shutdown it asked for: nothing is left to do."""
