"""Which names the server answers to, which pages may open its sockets, and which may post
its forms.

- **Hosts.** Every request and every WebSocket must name, in its ``Host`` header, one of
  the allowed hosts (``popote serve --allowed-host``, besides the loopback names and the
  address the server listens on); another name gets a 421 ``unknown_host``, no name at all
  a 400. This stops DNS rebinding: another site's name, made to point at the server, would
  otherwise let that site's page read the server's answers and open its sockets as if it
  were the server's own. The port is not compared (a reverse proxy may hide it).
  Listening on a wildcard address (``0.0.0.0``, ``::``), the server also answers to every
  IP literal: rebinding needs a domain name that the attacker controls, and a browser that
  asked for an address by its number sends that number as the Host, whatever page it
  came from; so players on a network may type the machine's address without its operator
  knowing it in advance. ``*`` lets every Host in, for a proxy that checks it itself.
- **Origins.** A browser says which page opened a socket. Only a page from an allowed host,
  on the origin the request itself names (its ``Origin`` the same host and port as its
  ``Host``), or one of ``--allowed-origin``, may open one: a rebound name is in neither.
  A client that sends no ``Origin`` is no browser (see ``popote.server.limits``).
- **Forms.** A form of this site's pages that sets something (the language cookie) must
  come from one of its pages: ``Sec-Fetch-Site: same-origin`` where the browser sends it,
  else an ``Origin`` naming this site. Another site's page posting it (even with a
  visitor's own click) gets 403 ``cross_site`` and nothing is set.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from popote.core.i18n import Text
from popote.server.errors import Refused, refused
from popote.server.language import choose_lang

# The ASGI types, spelt out: this module is read by ``popote serve``'s options, before
# (and without) the web stack.
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("popote.server")

LOOPBACK = ("localhost", "127.0.0.1", "::1")
"""The names the server always answers to: a browser sends them only when it was asked
for this very machine."""
WILDCARDS = ("0.0.0.0", "::")
ANY = "*"
HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[^\[\]:@/\\\s]+)(:[0-9]{1,5})?")
"""A Host header: a name or an IPv4 address, or an IPv6 one in brackets, and a port."""
SAME_SITE_FETCH = ("same-origin", "none")
"""``Sec-Fetch-Site`` values of a request that no other site started."""

UNKNOWN_HOST = Text(
    "ce serveur ne répond pas au nom « {host} » (son exploitant peut l'ajouter avec "
    "--allowed-host)",
    "this server does not answer to the name “{host}” (its operator may add it with "
    "--allowed-host)",
)
NO_HOST = Text(
    "la requête ne dit pas à quel serveur elle s'adresse (un seul en-tête Host attendu)",
    "the request does not say which server it is for (one Host header expected)",
)
FOREIGN_ORIGIN = Text(
    "une page d'un autre site ne peut pas ouvrir de WebSocket ici",
    "a page of another site cannot open a WebSocket here",
)


class Hosts:
    """The allowed hosts and origins of one server (see the module's note).

    >>> hosts = Hosts(["popote.example.org", *LOOPBACK])
    >>> [hosts.host_allowed(h) for h in ("popote.example.org:443", "LOCALHOST", "[::1]:80")]
    [True, True, True]
    >>> [hosts.host_allowed(h) for h in ("rebound.example", "10.0.0.7", "a@localhost", None)]
    [False, False, False, False]
    >>> Hosts(["0.0.0.0"]).host_allowed("10.0.0.7:8000"), Hosts(["*"]).host_allowed("x.y")
    (True, True)
    >>> hosts.origin_allowed("https://popote.example.org", "popote.example.org")
    True
    >>> hosts.origin_allowed("http://rebound.example:80", "rebound.example:80")
    False
    """

    def __init__(self, names: Iterable[str], origins: Iterable[str] = ()) -> None:
        given = [name.strip().lower() for name in names if name.strip()]
        self.any = ANY in given
        self.literals = any(name.strip("[]") in WILDCARDS for name in given)
        self.names = {name.strip("[]").rstrip(".") for name in given}
        self.origins = frozenset(origins)

    def host_allowed(self, host: str | None) -> bool:
        """Whether a ``Host`` header names this server."""
        if host is None:
            return False
        if self.any:
            return True
        name = hostname(host)
        if name is None:
            return False
        return name in self.names or (self.literals and _is_address(name))

    def origin_allowed(self, origin: str | None, host: str | None) -> bool:
        """Whether a page of ``origin`` may open a socket of a request for ``host``; no
        ``Origin`` at all is no browser's, let in."""
        if origin is None or origin in self.origins:
            return True
        return _same_origin(origin, host) and self.host_allowed(host)

    def same_site(self, headers: Mapping[str, str]) -> bool:
        """Whether a form post comes from one of this site's own pages."""
        fetch = headers.get("sec-fetch-site")
        if fetch is not None:
            return fetch.lower() in SAME_SITE_FETCH
        host = headers.get("host")
        origin = headers.get("origin")
        return origin is not None and _same_origin(origin, host) and self.host_allowed(host)


def allowed_hosts(bound: str, given: Iterable[str] = ()) -> tuple[str, ...]:
    """The hosts of a server listening on ``bound``: the loopback names, ``bound``, and
    the ``given`` ones (``--allowed-host``).

    >>> allowed_hosts("0.0.0.0", ["popote.example.org"])
    ('localhost', '127.0.0.1', '::1', '0.0.0.0', 'popote.example.org')
    """
    return tuple(dict.fromkeys([*LOOPBACK, bound, *given]))


def hostname(host: str) -> str | None:
    """The name of a ``Host`` header, lower-case, without its port or brackets; None for
    what no browser sends (user information, a path, spaces...).

    >>> hostname("[::1]:8000"), hostname("Popote.Example.org."), hostname("evil@127.0.0.1")
    ('::1', 'popote.example.org', None)
    """
    found = HOST.fullmatch(host.strip())
    if found is None:
        return None
    return found.group(1).strip("[]").lower().rstrip(".")


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _same_origin(origin: str, host: str | None) -> bool:
    """Whether ``origin`` (``scheme://host[:port]``) names the same host and port as the
    ``Host`` header; the scheme is not compared (a TLS proxy's pages are https while the
    server sees http)."""
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or parts.path or parts.query or "@" in origin:
        return False
    return host is not None and parts.netloc.lower() == host.strip().lower()


class HostCheck:
    """ASGI middleware: a request or socket for another host is refused (421; 400 without a
    Host), and a socket from another site's page too (403), with the reason in the client's
    language and the browser protections (see ``popote.server.wire``)."""

    def __init__(self, app: ASGIApp, hosts: Hosts) -> None:
        self.app = app
        self.hosts = hosts
        self._reported: set[str] = set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        hosts = [value for name, value in scope["headers"] if name == b"host"]
        host = hosts[0].decode("latin-1") if len(hosts) == 1 else None
        if host is None:
            await _refuse(scope, receive, send, 400, "no_host", NO_HOST)
        elif not self.hosts.host_allowed(host):
            self._report(host)
            text = UNKNOWN_HOST.format(host=host[:100])
            await _refuse(scope, receive, send, 421, "unknown_host", text)
        elif scope["type"] == "websocket" and not self.hosts.origin_allowed(
            headers.get("origin"), host
        ):
            log.warning("origin refused", extra={"reason": headers.get("origin", "")[:200]})
            await _refuse(scope, receive, send, 403, "origin", FOREIGN_ORIGIN)
        else:
            await self.app(scope, receive, send)

    def _report(self, host: str) -> None:
        """Say once per name (up to a few dozen) that a host was refused: an operator
        behind a proxy sees which name to allow, and a flood of names fills no log."""
        if len(self._reported) < 64 and host not in self._reported:
            self._reported.add(host)
            log.warning("host refused", extra={"reason": host[:200]})


def _headers(scope: Scope) -> dict[str, str]:
    """The request's headers by lower-case name (the first of each)."""
    found: dict[str, str] = {}
    for name, value in scope["headers"]:
        found.setdefault(name.decode("latin-1"), value.decode("latin-1"))
    return found


async def _refuse(
    scope: Scope, receive: Receive, send: Send, status: int, code: str, text: Text
) -> None:
    lang = choose_lang(None, None, _headers(scope).get("accept-language"))
    body = json.dumps({"error": code, "message": text.get(lang)}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return
    await receive()  # the handshake's websocket.connect
    if "websocket.http.response" in scope.get("extensions", {}):
        await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 4403})


def cross_site() -> Refused:
    """The refusal of a form another site's page posted."""
    return refused(
        "cross_site",
        403,
        "ce formulaire ne s'envoie que depuis les pages de ce site",
        "this form is only sent from this site's own pages",
    )
