"""How many requests a client without a token may make: a token bucket per client.

Pages, files, replays, the lobby's list and the games' descriptions answer anyone, and
some cost the server real work. Each client (:func:`popote.server.addresses.client_key`:
an IPv4 address, an IPv6 /64, the forwarded one behind a trusted proxy) has a bucket of
``anonymous_burst`` requests (240) that refills at ``anonymous_rate`` a second (20),
``popote serve --anonymous-burst`` and ``--anonymous-rate``: a browser loading pages uses
a few a page, a class or a family behind one address many more, and a script that asks
in a loop is answered 429 ``too_many_requests`` with ``Retry-After`` once its bucket is
empty, before any of the work.

A request carrying a valid token (``Authorization: Bearer``) is not counted: a player is
known, and the other limits (quotas, sockets) count them. A token is checked once, then
remembered as valid for :data:`REMEMBERED` seconds, so that this check costs no database
lookup a request; a token that is not valid counts as no token. This is only about who
pays: the API still checks every token itself. Health probes (``/healthz``) are not
counted, so that a load balancer never sees a healthy server as down.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from popote.core.i18n import Text
from popote.server.addresses import client_key
from popote.server.auth import token_hash
from popote.server.language import choose_lang
from popote.server.limits import Bucket

PROBES = frozenset({"/healthz"})
REMEMBERED = 30.0
"""Seconds a token found valid is not looked up again."""
KEPT = 65536
"""Clients' buckets and valid tokens kept at most. Past it, full buckets and expired tokens
are forgotten (a full bucket is the same as a new one); if that frees too little, the
oldest buckets and every remembered token go too: memory stays bounded whatever the number
of clients."""
TOO_MANY = Text(
    "trop de requêtes sans jeton depuis ce client : réessayez dans {seconds} s",
    "too many requests without a token from this client: try again in {seconds} s",
)


class AnonymousLimit:
    """ASGI middleware: HTTP requests without a valid token, per client, as a token bucket.

    ``known(token)`` says whether a token stands for an identity (``Hub.user``)."""

    def __init__(
        self,
        app: ASGIApp,
        burst: int,
        rate: float,
        prefix: int,
        known: Callable[[str], bool],
    ) -> None:
        self.app = app
        self.burst = burst
        self.rate = rate
        self.prefix = prefix
        self.known = known
        self._buckets: dict[str, Bucket] = {}
        self._valid: dict[str, float] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self.burst or scope["path"] in PROBES:
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if self._bearer_valid(headers.get("authorization")):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        bucket = self._bucket(client_key(client[0] if client else "", self.prefix))
        if bucket.take(1):
            await self.app(scope, receive, send)
            return
        seconds = max(1, math.ceil(min(bucket.wait(1), 3600)))  # a rate of 0 never refills
        lang = choose_lang(None, None, headers.get("accept-language"))
        answer = JSONResponse(
            {"error": "too_many_requests", "message": TOO_MANY.render(lang, seconds=seconds)},
            status_code=429,
            headers={"Retry-After": str(seconds)},
        )
        await answer(scope, receive, send)

    def _bearer_valid(self, authorization: str | None) -> bool:
        if not authorization or authorization[:7].lower() != "bearer ":
            return False
        token = authorization[7:].strip()
        if not token:
            return False
        digest = token_hash(token)
        now = time.monotonic()
        if self._valid.get(digest, 0.0) > now:
            return True
        if not self.known(token):
            return False
        if len(self._valid) >= KEPT:
            self._valid = {d: until for d, until in self._valid.items() if until > now}
            if len(self._valid) >= KEPT:
                self._valid.clear()
        self._valid[digest] = now + REMEMBERED
        return True

    def _bucket(self, key: str) -> Bucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= KEPT:
                self._buckets = {k: b for k, b in self._buckets.items() if not b.full}
                if len(self._buckets) >= KEPT // 2:
                    self._buckets = dict(list(self._buckets.items())[-KEPT // 4 :])
            bucket = self._buckets[key] = Bucket(self.rate, self.burst)
        return bucket
