"""Request bodies are capped before they are read: a client that declares or sends more than
:data:`BODY_LIMIT` bytes is answered 413 at once, and what it sends past that is never read.

The cap is an ASGI wrapper around the body stream: a ``Content-Length`` over the cap, or a
chunked body that grows past it, raises a 413 the moment the application asks for the body,
and FastAPI answers it as every other refusal (``app._http_error``).
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

BODY_LIMIT = 64 * 1024
"""The largest request body read (bytes): a chat line, a password, a table's options all fit
many times over."""


class BodyLimit:
    """ASGI middleware: HTTP request bodies of at most ``limit`` bytes."""

    def __init__(self, app: ASGIApp, limit: int = BODY_LIMIT) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared(scope)
        received = 0

        async def capped() -> Message:
            nonlocal received
            if declared is not None and declared > self.limit:
                raise HTTPException(413)
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise HTTPException(413)
            return message

        await self.app(scope, capped, send)


def _declared(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            return int(value) if value.isdigit() else None
    return None
