"""The sockets each token opened, so that a token that stops working closes them at once.

A token stops working when its identity logs in again, changes its password or logs out
(``popote.server.identities``). An HTTP call shows its token every time; a socket showed
it once, in its ``hello``, and would otherwise go on acting and chatting under the name. So
every open socket, of a table or of the lobby, is held here under its identity and the hash
of the token it opened with; when an identity's token changes, each of its sockets whose
token is no longer the identity's current one (read from the database, which decides) gets
an ``error`` ``session_ended`` and closes with :data:`SESSION_ENDED`. Among several
processes, the process that changed the token tells the others through Redis
(``popote.server.cluster``), and each looks at its own sockets the same way; after a Redis
outage every process looks at all of them, in case a message was lost.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from popote.core.i18n import Text

SESSION_ENDED = 4401
"""WebSocket close code of a socket whose token stopped working (as for a bad token)."""
ENDED = Text(
    "session terminée : ce jeton ne vaut plus (nouvelle connexion, déconnexion ou nouveau "
    "mot de passe) ; reconnectez-vous",
    "session ended: this token is no longer valid (a new login, a logout or a new "
    "password); log in again",
)


class Ending(Protocol):
    """An open socket, which :meth:`end` closes with an ``error`` saying why, and
    :meth:`tell` sends what concerns its identity wherever it is."""

    token_hash: str

    def end(self) -> None: ...

    def tell(self, message: dict[str, Any]) -> None:
        """Send a message meant for this identity alone (``popote.server.waiting``)."""


class Sockets:
    """Every open socket of every identity, by the hash of the token it opened with."""

    def __init__(self) -> None:
        self._open: dict[int, set[Ending]] = {}

    @contextmanager
    def held(self, user_id: int, socket: Ending) -> Iterator[None]:
        """Hold ``socket`` for as long as the block runs."""
        self._open.setdefault(user_id, set()).add(socket)
        try:
            yield
        finally:
            sockets = self._open.get(user_id, set())
            sockets.discard(socket)
            if not sockets:
                self._open.pop(user_id, None)

    @property
    def identities(self) -> list[int]:
        """The identities that have a socket open here."""
        return list(self._open)

    def holds(self, user_id: int) -> bool:
        return user_id in self._open

    def of(self, user_id: int) -> list[Ending]:
        """The sockets ``user_id`` has open here."""
        return list(self._open.get(user_id, ()))

    def end_all_but(self, user_id: int, current: str | None) -> int:
        """End every socket of ``user_id`` not opened with the token whose hash is
        ``current`` (None: every one); returns how many."""
        ending = [s for s in self._open.get(user_id, ()) if s.token_hash != current]
        for socket in ending:
            socket.end()
        return len(ending)
