"""The server's refusals: a Popote error (French and English) with a code and an HTTP status."""

from __future__ import annotations

from typing import Any

from popote.core.errors import PopoteError
from popote.core.i18n import Text
from popote.server import texts


class Refused(PopoteError):
    """A request the server turns down; nothing was changed."""

    def __init__(
        self, code: str, text: Text, status: int = 400, retry_after: int | None = None
    ) -> None:
        super().__init__(text)
        self.code = code
        self.status = status
        self.retry_after = retry_after
        """Seconds before asking again is worth it (HTTP ``Retry-After``), when known."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.code, self.text, self.status, self.retry_after))


def refused(code: str, status: int, fr: str, en: str, **fields: Any) -> Refused:
    return Refused(code, Text(fr, en).format(**fields), status)


def unavailable() -> Refused:
    """A store (the database, or Redis between processes) is away: nothing was applied."""
    return Refused("unavailable", texts.UNAVAILABLE, 503)
