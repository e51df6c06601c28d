"""The WebSocket protocol: refusals that change nothing, resent actions, reconnection, chat."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from tests.server.harness import DUEL, Client, Frame, Server, open_table, two_clients


def numbered(frames: list[Frame]) -> list[Frame]:
    return [f for f in frames if f["type"] not in ("welcome", "ack", "error", "pong")]


async def refusal(client: Client, message: Any) -> Frame:
    await client.send(message) if isinstance(message, dict) else await client.socket.send(message)
    return await client.wait(lambda f: f["type"] in ("error", "ack", "update"))


def test_bad_messages_get_an_error_and_change_nothing(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        me, other = Client(server, tokens[0], table), Client(server, tokens[1], table)
        await me.connect()
        await other.connect(lang="en")
        state = await me.wait(lambda f: f["type"] == "snapshot")
        legal = state["decision"]["legal"][0]
        answers = [
            await refusal(me, "x" * 17_000),
            await refusal(me, "{not json"),
            await refusal(me, {"type": "dance"}),
            await refusal(
                me, {"type": "act", "action_id": "a", "action": {"type": "play", "card": 99}}
            ),
            await refusal(me, {"type": "act", "action": legal}),
            await refusal(me, {"type": "act", "action_id": "b", "seat": 1, "action": legal}),
            await refusal(other, {"type": "act", "action_id": "c", "action": legal}),
        ]
        codes = [a.get("code") for a in answers]
        assert codes == [
            "too_large",
            "malformed",
            "unknown_type",
            "illegal",
            "action_id",
            "not_your_seat",
            "illegal",
        ]
        assert answers[3]["message"].startswith("action interdite pour le siège")
        assert answers[6]["message"].startswith("it is not seat")
        assert not [f for f in me.frames + other.frames if f["type"] == "update"]
        await me.send({"type": "act", "action_id": "ok", "action": legal})
        assert (await me.wait(lambda f: f["type"] == "ack"))["index"] == 0
        await me.close()
        await other.close()

    asyncio.run(scenario())


def test_a_spectator_cannot_act(server_factory: Callable[..., Server]) -> None:
    server = server_factory()
    table, _ = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        watcher = Client(server, server.guest("Badaud"), table)
        assert (await watcher.connect())["seat"] is None
        snapshot = await watcher.wait(lambda f: f["type"] == "snapshot")
        assert "hand" not in snapshot["view"] and snapshot["decision"] is None
        answer = await refusal(
            watcher, {"type": "act", "action_id": "x", "action": {"type": "play", "card": 0}}
        )
        assert answer["code"] == "spectator" and answer["message"] == "un spectateur ne joue pas"
        await watcher.close()

    asyncio.run(scenario())


def test_a_resent_action_is_applied_once_even_after_a_reconnect(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        me = Client(server, tokens[0], table)
        await me.connect()
        legal = (await me.wait(lambda f: f["type"] == "snapshot"))["decision"]["legal"][0]
        act = {"type": "act", "action_id": "only-once", "action": legal}
        await me.send(act)
        first = await me.wait(lambda f: f["type"] == "ack")
        await me.send(act)
        again = await me.wait(lambda f: f["type"] == "ack")
        await me.close()
        await me.connect()
        await me.send(act)
        after = await me.wait(lambda f: f["type"] == "ack")
        assert (first["duplicate"], again["duplicate"], after["duplicate"]) == (False, True, True)
        assert first["index"] == again["index"] == after["index"] == 0
        assert [f["index"] for f in me.frames if f["type"] == "update"] == [1]
        await me.close()

    asyncio.run(scenario())


def test_a_client_coming_back_gets_exactly_what_it_missed(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        async with two_clients(server, table, tokens) as (me, other):
            legal = (await me.wait(lambda f: f["type"] == "snapshot"))["decision"]["legal"][0]
            await me.send({"type": "act", "action_id": "mine", "action": legal})
            await me.wait(lambda f: f["type"] == "update")
            await me.close()
            seen = me.last_seq
            assert seen is not None
            answer = await other.wait(lambda f: f["type"] == "update" and f["decision"] is not None)
            await other.send(
                {"type": "act", "action_id": "theirs", "action": answer["decision"]["legal"][0]}
            )
            await other.wait(lambda f: f["type"] == "update" and f["index"] == 2)
            await other.send({"type": "chat", "text": "à toi"})
            before = len(me.frames)
            await me.connect()
            await me.wait(lambda f: f["type"] == "chat")
            missed = numbered(me.frames[before:])
            assert [f["type"] for f in missed] == ["update", "chat"]
            assert [f["seq"] for f in missed] == [seen + 1, seen + 2]
            assert missed[0]["actor"] == 1 and missed[0]["decision"] is not None

    asyncio.run(scenario())


def test_chat_is_plain_text_cut_cleaned_and_rate_limited(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        async with two_clients(server, table, tokens) as (me, other):
            await me.send(
                {"type": "chat", "text": "<script>alert(1)</script>\u0007 <b>salut</b>\u202e\n!"}
            )
            said = await other.wait(lambda f: f["type"] == "chat")
            assert said["text"] == "<script>alert(1)</script> <b>salut</b> !"
            assert said["from"] == "Joueur 1" and said["seat"] == 0
            await me.send({"type": "chat", "text": "é" * 400})
            assert len((await other.wait(lambda f: f["type"] == "chat"))["text"]) == 300
            for _ in range(3):
                await me.send({"type": "chat", "text": "encore"})
            await me.send({"type": "chat", "text": "de trop"})
            refused = await me.wait(lambda f: f["type"] == "error")
            assert refused["code"] == "chat_rate"
            assert json.dumps(said)  # plain JSON strings, nothing else

    asyncio.run(scenario())
