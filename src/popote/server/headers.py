"""What every answer tells the browser, so that no page can be turned against its reader.

- **Content-Security-Policy.** Only this server's own files run, style and load: no inline
  script (the pages have none; what they hand their script is JSON data), no other origin,
  no plug-in, no ``<base>`` and no form sent elsewhere. ``frame-ancestors 'none'`` (and
  ``X-Frame-Options: DENY`` for older browsers): no other site may frame a page to make
  its reader click in it. Sockets are ``connect-src 'self'``: the same host, ws or wss.
- ``X-Content-Type-Options: nosniff``: a JSON answer or a static file is never run as
  script or read as HTML, whatever it holds.
- ``Referrer-Policy: no-referrer``: a private table's address holds its invite; no request
  the page makes carries it away.

>>> dict(HEADERS)[b"x-frame-options"]
b'DENY'
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = [
    (b"content-security-policy", POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class BrowserProtections:
    """ASGI middleware adding :data:`HEADERS` to every HTTP answer (pages, API, files)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def protected(message: Message) -> None:
            if message["type"] == "http.response.start":
                ours = {name for name, _ in HEADERS}
                kept = [(n, v) for n, v in message.get("headers", []) if n.lower() not in ours]
                message = {**message, "headers": [*kept, *HEADERS]}
            await send(message)

        await self.app(scope, receive, protected)
