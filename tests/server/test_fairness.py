"""The real-time collection window: answers within it go in priority order, later ones after."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from popote.core.errors import PopoteError
from popote.server.fairness import Answer, Collector
from tests.server.harness import RACE, Client, Frame, Server, open_table, utensil_race


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


def test_a_race_lost_in_the_window_says_who_was_first(
    server_factory: Callable[..., Server],
) -> None:
    """Two seats grab the same falling utensil within the collection window: the seat the
    engine lists first takes it, whatever arrived first, and the other hears who, in words
    (never the engine's raw refusal)."""
    server = server_factory()
    table, tokens = open_table(server, 3, **RACE)

    async def scenario() -> None:
        clients, _ = await utensil_race(server, table, tokens)
        racers = clients[1:]
        # The seat listed second arrives first.
        for racer in reversed(racers):
            await racer.send({"type": "act", "action_id": "grab", "action": GRAB})
        won, lost = [await answer_of(racer) for racer in racers]
        assert won["type"] == "ack"
        assert (lost["type"], lost["code"]) == ("error", "too_late")
        assert lost["message"] == "trop tard : Joueur 2 a été plus rapide"
        for client in clients:
            await client.close()

    asyncio.run(scenario())


GRAB = {"type": "grab", "drop": None}


async def answer_of(client: Client) -> Frame:
    return await client.wait(lambda f: f["type"] in ("ack", "error"))
