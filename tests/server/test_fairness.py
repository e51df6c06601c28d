"""The real-time collection window: answers within it go in priority order, later ones after."""

from __future__ import annotations

import asyncio

from popote.core.errors import PopoteError
from popote.server.fairness import Answer, Collector


class Silent:
    def ack(self, action_id: str | None, index: int, duplicate: bool) -> None:
        """Nothing to hear."""

    def refused(self, error: PopoteError, code: str, action_id: str | None) -> None:
        """Nothing to hear."""


def test_answers_in_the_window_follow_priority_not_arrival() -> None:
    released: list[list[int]] = []

    async def scenario() -> None:
        done = asyncio.Event()

        def release(answers: list[Answer]) -> None:
            released.append([a.seat for a in answers])
            done.set()

        collector = Collector(0.05, release)
        priority = (2, 0, 1)

        def answer(seat: int) -> None:
            collector.add(Answer(seat, {"type": "grab"}, f"s{seat}", False, Silent()), priority)

        answer(1)  # the best connection arrives first, the other within the window
        answer(0)
        assert collector.holds(0, "s0") and not collector.holds(2, "s2")
        await done.wait()
        done.clear()
        answer(2)  # after the window: a window of its own
        await done.wait()

    asyncio.run(scenario())
    assert released == [[0, 1], [2]]
