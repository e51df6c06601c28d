"""Clocks and absences: a stand-in bot plays when time runs out, takes the seat after two
timeouts or a disconnection, and gives it back when the player returns."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from tests.server.harness import Client, Frame, Server, open_table, two_clients

FAST = 0.01
"""Clock scale: a 45-second turn lasts 0.45 s, the 20-second grace 0.2 s."""


def notice(text: str, seat: int) -> Callable[[Frame], bool]:
    return lambda f: f["type"] == "notice" and f["seat"] == seat and text in f["text"]


def test_time_runs_out_twice_then_the_player_takes_the_seat_back(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(FAST)
    table, tokens = open_table(
        server, 1, game="bouillabaisse", players=2, bots=["random"], clock="normal"
    )

    async def scenario() -> None:
        me = Client(server, tokens[0], table)
        await me.connect()
        await me.wait(notice("Temps écoulé pour Joueur 1", 0))
        stand_in = await me.wait(lambda f: f["type"] == "update" and f["actor"] == 0)
        assert not [f for f in me.frames if f["type"] == "ack"]  # the bot played, not me
        assert stand_in["index"] >= 1
        await me.wait(notice("Temps écoulé pour Joueur 1", 0))
        await me.wait(notice("remplacé par un robot", 0))
        back = False
        while not back:
            state = me.state()
            if state is not None and state["decision"]:
                await me.send(
                    {
                        "type": "act",
                        "action_id": f"back-{state['index']}",
                        "action": state["decision"]["legal"][0],
                    }
                )
            frame = await me.wait(lambda f: f["type"] in ("notice", "update"))
            back = notice("reprend sa place", 0)(frame)
        table_frame = await me.wait(lambda f: f["type"] == "table")
        assert table_frame["table"]["seats"][0]["away"] is False
        await me.close()

    asyncio.run(scenario())


def test_a_player_who_drops_is_replaced_until_they_return(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(FAST)
    table, tokens = open_table(server, 2, game="bouillabaisse", players=2)

    async def scenario() -> None:
        async with two_clients(server, table, tokens) as (me, other):
            await me.close()
            await other.wait(notice("remplacé par un robot", 0))
            await other.play(random.Random(1), lambda f: f["type"] == "update" and f["actor"] == 0)
            await me.connect()
            await other.wait(notice("reprend sa place", 0))
            await me.wait(lambda f: f["type"] == "table" and not f["table"]["seats"][0]["away"])

    asyncio.run(scenario())


def test_each_state_carries_the_clocks_of_the_decisions_it_opens(
    server_factory: Callable[..., Server],
) -> None:
    """The clock a state shows is that of the seats it asks (a seat reads its own on its
    turn, not the one of the seat that just played), and none once the game is over."""
    server = server_factory()
    table, tokens = open_table(
        server, 1, game="pieds-dans-le-plat", players=3, bots=["random", "random"], clock="normal"
    )

    async def scenario() -> None:
        me = Client(server, tokens[0], table)
        await me.connect()
        await me.play(random.Random(5))
        await me.close()
        states = [f for f in me.frames if f["type"] in ("snapshot", "update")]
        assert states[-1]["result"] is not None and states[-1]["clock"] == {}
        for state in states[:-1]:
            asked = {str(seat) for seat in state["to_act"]}
            assert set(state["clock"]) == asked, (state["index"], state["clock"], asked)
            for seat in asked:  # a decision just opened has (nearly) the whole turn's time
                assert state["clock"][seat] > 40 or state["type"] == "snapshot"

    asyncio.run(scenario())
