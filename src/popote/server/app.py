"""The ASGI application: the HTTP API, the WebSockets, and the hub behind them."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from starlette.routing import Match, Route

from popote.core.errors import PopoteError
from popote.core.i18n import Text
from popote.server import api, mail_api, metrics, review_api, turns_api, web, ws
from popote.server.anonymous import AnonymousLimit
from popote.server.bodies import BODY_LIMIT, BodyLimit
from popote.server.errors import Refused
from popote.server.hosts import HostCheck
from popote.server.hub import Hub
from popote.server.language import choose_lang
from popote.server.limits import Guard
from popote.server.live import LiveTable
from popote.server.mail import Mail, MailGauges
from popote.server.resyncs import Resyncs
from popote.server.reviews import Reviews
from popote.server.settings import Settings
from popote.server.store import Store, database_url
from popote.server.waiting import tell_waiting
from popote.server.web import api_docs
from popote.server.web.replay import ReplayPages

log = logging.getLogger("popote.server")
MALFORMED = Text("requête mal formée : {details}", "malformed request: {details}")
UNAVAILABLE = Text(
    "service momentanément indisponible, rien n'a changé",
    "temporarily unavailable, nothing changed",
)


def create_app(settings: Settings) -> FastAPI:
    """The server for ``settings``; its database is migrated and its tables rebuilt at start."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(database_url(settings.db, settings.data))
        store.migrate()
        hub = Hub(settings, store)
        if hub.cluster is not None:
            hub.cluster.handlers.update(ws.REMOTE | api.REMOTE)
        # Listening before the tables are rebuilt: a decision they open is mailed too.
        app.state.mail = mail = Mail(hub, settings.mail, lambda: _public_url(app, settings))
        await hub.launch()
        app.state.hub = hub
        app.state.reviews = reviews = Reviews(store, hub.bots, settings.reviews)
        reviews.start()
        mail.start()
        app.state.watch = metrics.Watch(hub, app.state.guard)
        app.state.watch.registry.register(MailGauges(mail.outbox))
        hub.on_table_over.append(_log_over)
        hub.on_waiting_changed.append(tell_waiting(hub.sockets, store.waiting_count))
        metrics.watch_database(store.engine)
        try:
            yield
        finally:
            await mail.stop()
            reviews.stop()
            await hub.shutdown()

    app = FastAPI(
        title="Popote",
        version=str(api.PROTOCOL),
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    # The browser protections are uvicorn's default headers (popote.server.headers).
    app.state.guard = guard = Guard(settings.limits)
    app.state.resyncs = Resyncs(settings.limits)
    app.state.replays = ReplayPages(settings.replay_memory)
    app.state.hosts = guard.hosts
    app.add_middleware(BodyLimit)
    # Added last, run first: another host is refused before anything is counted for it.
    app.add_middleware(
        AnonymousLimit,
        burst=settings.http.anonymous_burst,
        rate=settings.http.anonymous_rate,
        prefix=settings.ipv6_prefix,
        known=lambda token: _known(app, token),
    )
    app.add_middleware(HostCheck, hosts=guard.hosts)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(turns_api.router)
    app.include_router(mail_api.router)
    app.include_router(review_api.router)
    app.include_router(mail_api.pages)
    web.install(app)
    if settings.api_docs:
        api_docs.install(app)
    app.include_router(metrics.router)
    app.include_router(metrics.probes)
    app.add_exception_handler(PopoteError, _refusal)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _malformed)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, _http_error)  # type: ignore[arg-type]
    app.add_exception_handler(SQLAlchemyError, _unavailable)  # type: ignore[arg-type]
    app.add_exception_handler(ClientDisconnect, _gone)  # type: ignore[arg-type]
    return app


def _known(app: FastAPI, token: str) -> bool:
    """Whether ``token`` stands for an identity (for the anonymous limit only: a store
    that is away makes it count as anonymous)."""
    try:
        app.state.hub.user(token)
    except (PopoteError, SQLAlchemyError):
        return False
    return True


def _public_url(app: FastAPI, settings: Settings) -> str:
    """Where players reach the server: ``--public-url``, else the address it listens on
    (``popote serve`` tells the app once it is bound)."""
    served: str = getattr(app.state, "served_at", "http://127.0.0.1:8000")
    return (settings.mail.public_url or served).rstrip("/")


def _log_over(table: LiveTable) -> None:
    log.info("table over", extra={"table": table.id, "game": table.row.game})


def _lang(request: Request) -> Any:
    return choose_lang(
        request.query_params.get("lang"),
        getattr(request.state, "user_lang", None),
        request.headers.get("accept-language"),
    )


def _answer(request: Request, status: int, code: str, text: Text) -> JSONResponse:
    return JSONResponse({"error": code, "message": text.get(_lang(request))}, status_code=status)


async def _refusal(request: Request, error: PopoteError) -> JSONResponse:
    if isinstance(error, Refused):
        answer = _answer(request, error.status, error.code, error.text)
        if error.retry_after is not None:
            answer.headers["Retry-After"] = str(error.retry_after)
        return answer
    return _answer(request, 422, "invalid", error.text)


async def _malformed(request: Request, error: RequestValidationError) -> JSONResponse:
    details = "; ".join(
        f"{'.'.join(str(part) for part in problem.get('loc', ()))}: {problem.get('msg', '')}"
        for problem in error.errors()[:5]
    )
    return _answer(request, 422, "malformed", MALFORMED.format(details=details[:500]))


HTTP_ERRORS = {
    400: ("unreadable", Text("requête illisible", "unreadable request")),
    404: ("not_found", Text("adresse inconnue", "no such address")),
    405: ("method", Text("méthode non permise ici", "method not allowed here")),
    413: (
        "too_large",
        Text(
            f"requête trop grande ({BODY_LIMIT // 1024} Kio au plus)",
            f"request too large ({BODY_LIMIT // 1024} KiB at most)",
        ),
    ),
}


async def _http_error(request: Request, error: HTTPException) -> JSONResponse:
    """Starlette's own refusals in the API's shape; a 405 lists every method of the path
    (Starlette names only those of the first route that matched it)."""
    code, text = HTTP_ERRORS.get(error.status_code, ("http", Text("refusé", "refused")))
    answer = _answer(request, error.status_code, code, text)
    answer.headers.update(error.headers or {})
    if error.status_code == 405:
        answer.headers["Allow"] = ", ".join(_methods(request))
    return answer


def _methods(request: Request) -> list[str]:
    methods: set[str] = set()
    for route in request.app.routes:
        if isinstance(route, Route) and route.matches(request.scope)[0] != Match.NONE:
            methods |= route.methods or set()
    return sorted(methods)


async def _unavailable(request: Request, error: SQLAlchemyError) -> JSONResponse:
    return _answer(request, 503, "unavailable", UNAVAILABLE)


async def _gone(request: Request, error: ClientDisconnect) -> JSONResponse:
    """The client left (or the front door cut a body that never came) while its body was
    read: nobody reads this answer, and the log needs no traceback of it."""
    return _answer(request, 400, "unreadable", HTTP_ERRORS[400][1])
