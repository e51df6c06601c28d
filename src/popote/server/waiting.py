"""The live count of the games waiting for someone: a ``waiting`` message to each socket
they have open here, lobby or table, whenever that count may have changed
(``Hub.on_waiting_changed``, ``popote.server.turns``).

Only this process's sockets hear it. In a cluster, a socket held by another process hears
nothing, and the browser asks ``GET /api/v1/me/waiting`` again when its page shows and every
30 seconds (``docs/web.md``).
"""

from __future__ import annotations

from collections.abc import Callable

from popote.server.sessions import Sockets


def tell_waiting(sockets: Sockets, count: Callable[[int], int]) -> Callable[[int], None]:
    """A listener for ``Hub.on_waiting_changed``: ``count(user_id)`` is asked only when
    that identity has a socket open here."""

    def changed(user_id: int) -> None:
        held = sockets.of(user_id)
        if not held:
            return
        message = {"type": "waiting", "count": count(user_id)}
        for socket in held:
            socket.tell(message)

    return changed
