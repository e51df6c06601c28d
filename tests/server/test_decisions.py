"""Protocol revision 1.2: an ``error`` names the action it answers, and an ``act`` may name
the decision it answers, so that a choice made for a decision that has passed (a stand-in
bot played it, another process applied something first) is refused, not applied to the
next decision."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from tests.server.harness import (
    DUEL,
    RACE,
    Server,
    answer,
    open_table,
    two_clients,
    utensil_race,
)


def test_an_error_names_the_action_it_answers(shared_server: Server) -> None:
    server = shared_server
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        async with two_clients(server, table, tokens) as (me, other):
            legal = (await me.wait(lambda f: f["type"] == "snapshot"))["decision"]["legal"][0]
            illegal = await answer(me, {"action_id": "a1", "action": {"type": "dance"}})
            not_mine = await answer(me, {"action_id": "a2", "seat": 1, "action": legal})
            not_now = await answer(other, {"action_id": "b1", "action": legal})
            assert [(f["code"], f["action_id"]) for f in (illegal, not_mine, not_now)] == [
                ("illegal", "a1"),
                ("not_your_seat", "a2"),
                ("illegal", "b1"),
            ]

    asyncio.run(scenario())


def test_a_choice_for_a_decision_that_has_passed_is_refused(
    shared_server: Server,
) -> None:
    server = shared_server
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        async with two_clients(server, table, tokens) as (me, other):
            first = await me.wait(lambda f: f["type"] == "snapshot")
            assert first["to_act"] == [0] and first["decision"]["id"] == 0
            played = await answer(
                me, {"action_id": "m1", "decision": 0, "action": first["decision"]["legal"][0]}
            )
            assert played["type"] == "ack" and played["index"] == 0
            theirs = await other.wait(lambda f: f["type"] == "update" and f["decision"] is not None)
            assert theirs["decision"]["id"] == 1
            await answer(other, {"action_id": "o1", "action": theirs["decision"]["legal"][0]})
            mine = await me.wait(lambda f: f["type"] == "update" and f["decision"] is not None)
            assert mine["index"] == 2 and mine["decision"]["id"] == 2
            late = mine["decision"]["legal"][0]
            stale = await answer(me, {"action_id": "m2", "decision": 0, "action": late})
            assert (stale["code"], stale["action_id"]) == ("stale", "m2")
            assert stale["message"].startswith(
                "choix refusé : il répond à une décision déjà passée"
            )
            await asyncio.sleep(0.2)
            assert me.state() is mine, "a refused choice changes nothing"
            bad = await answer(me, {"action_id": "m3", "decision": "2", "action": late})
            assert bad["code"] == "decision"

    asyncio.run(scenario())


def test_a_decision_keeps_its_id_across_a_restart(server_factory: Callable[..., Server]) -> None:
    server = server_factory()
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        async with two_clients(server, table, tokens) as (me, other):
            first = await me.wait(lambda f: f["type"] == "snapshot")
            await answer(me, {"action_id": "m1", "action": first["decision"]["legal"][0]})
            theirs = await other.wait(lambda f: f["type"] == "update" and f["decision"] is not None)
            await answer(other, {"action_id": "o1", "action": theirs["decision"]["legal"][0]})
            mine = await me.wait(lambda f: f["type"] == "update" and f["decision"] is not None)
            await me.close()
            await other.close()
            server.kill()
            server.start()
            again = await me.connect()
            assert again["type"] == "welcome"
            snapshot = await me.wait(lambda f: f["type"] == "snapshot")
            assert snapshot["decision"]["id"] == mine["decision"]["id"] == 2
            legal = snapshot["decision"]["legal"][0]
            played = await answer(me, {"action_id": "m2", "decision": 2, "action": legal})
            assert played["type"] == "ack" and played["index"] == 2

    asyncio.run(scenario())


def test_a_choice_changed_by_another_seat_is_a_new_decision(
    shared_server: Server,
) -> None:
    """Real time: two seats may grab the same utensil; once one has, the other is still
    asked, but now whether to cry TEUT!. Its choice made before that is refused as stale
    (calmly), not applied to the new question nor refused as illegal."""
    server = shared_server
    table, tokens = open_table(server, 3, **RACE)

    async def scenario() -> None:
        clients, both = await utensil_race(server, table, tokens)
        grab = next(a for a in both[0]["decision"]["legal"] if a["type"] == "grab")
        taken = await answer(clients[1], {"action_id": "grab", "action": grab})
        assert taken["type"] == "ack"
        asked = await clients[2].wait(
            lambda f: f["type"] == "update" and f["index"] > taken["index"] - 1
        )
        old, new = both[1]["decision"], asked["decision"]
        assert new is not None and new["id"] != old["id"]
        assert {a["type"] for a in new["legal"]} != {a["type"] for a in old["legal"]}
        for n, late in enumerate(old["legal"]):
            refused = await answer(
                clients[2], {"action_id": f"late{n}", "decision": old["id"], "action": late}
            )
            assert (refused["type"], refused["code"]) == ("error", "stale"), refused
        played = await answer(
            clients[2], {"action_id": "now", "decision": new["id"], "action": new["legal"][-1]}
        )
        assert played["type"] == "ack"
        for client in clients:
            await client.close()

    asyncio.run(scenario())
