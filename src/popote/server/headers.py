"""What every answer tells the browser, so that no page can be turned against its reader.

- **Content-Security-Policy.** Only this server's own files run, style and load: no inline
  script (the pages have none; what they hand their script is JSON data), no other origin,
  no plug-in, no ``<base>`` and no form sent elsewhere. ``frame-ancestors 'none'`` (and
  ``X-Frame-Options: DENY`` for older browsers): no other site may frame a page to make
  its reader click in it. Sockets are ``connect-src 'self'``: the same host, ws or wss.
  Fonts are ``font-src 'self'``: the subsets of signs the package ships
  (``popote.server.web.fonts``), never a font service.
- ``X-Content-Type-Options: nosniff``: a JSON answer or a static file is never run as
  script or read as HTML, whatever it holds.
- ``Referrer-Policy: no-referrer``: a private table's address holds its invite; no request
  the page makes carries it away.

They are uvicorn's default headers (``uvicorn.Config(headers=HEADERS)``, set by ``popote
serve``), which it writes on every answer: pages, API, files, and its own answers too (a
400 for what it cannot parse, a 500, a 503), so no error goes out without them. The
front door's answers (``popote.server.wire``: 408, 414, 429, 431) write the same default
headers, and the WebSocket handshake's refusals add these (``wire.Sockets``). No
application answer sets them itself: each would then appear twice.

>>> dict(HEADERS)["x-frame-options"]
'DENY'
"""

from __future__ import annotations

POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ]
)
HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", POLICY),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
)
