"""Real-time decisions gathered fairly: a short collection window after the first answer.

In a real-time table (option ``real_time``), the engine decides a contest by the order
answers reach it. A pure first-arrival rule would favour the fastest connection, so the
server holds the first answer for a short window, gathers every answer that arrives in it,
then hands them to the engine in the game's own priority order: the order of ``to_act``
when the decision opened (the engine lists waiting seats in priority order). Outside the
window, arrival order stands. See ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from popote.core.errors import PopoteError


class Reply(Protocol):
    """Who must hear how an action went: a client's connection, or a bot's table."""

    def ack(self, action_id: str | None, index: int, duplicate: bool) -> None: ...

    def refused(self, error: PopoteError, code: str, action_id: str | None) -> None: ...


@dataclass(frozen=True)
class Answer:
    """An action waiting for the window to close, with whoever must hear how it went."""

    seat: int
    action: Any
    action_id: str | None
    by_bot: bool
    reply: Reply


class Collector:
    """Holds answers for ``window`` seconds after the first, then releases them in order."""

    def __init__(self, window: float, release: Callable[[list[Answer]], None]) -> None:
        self._window = window
        self._release = release
        self._answers: list[Answer] = []
        self._priority: tuple[int, ...] = ()
        self._timer: asyncio.TimerHandle | None = None

    def add(self, answer: Answer, priority: tuple[int, ...]) -> None:
        if self._timer is None:
            self._priority = priority
            self._timer = asyncio.get_running_loop().call_later(self._window, self._flush)
        self._answers.append(answer)

    def holds(self, seat: int, action_id: str | None) -> bool:
        return action_id is not None and any(
            a.seat == seat and a.action_id == action_id for a in self._answers
        )

    def _flush(self) -> None:
        answers, self._answers, self._timer = self._answers, [], None
        rank = {seat: index for index, seat in enumerate(self._priority)}
        # sorted() is stable: one seat's answers keep their arrival order.
        self._release(sorted(answers, key=lambda a: rank.get(a.seat, len(rank))))

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._answers, self._timer = [], None
