"""Protocol 1.8's ``waiting`` message: each identity's sockets hear its own count of the
turn-based games waiting for it as that count changes, and nobody else's."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from tests.server.harness import Client, Frame, Server, start_table


def count(frames: list[Frame]) -> list[int]:
    return [frame["count"] for frame in frames if frame["type"] == "waiting"]


def test_each_socket_hears_its_own_identitys_count_and_no_other(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()
    tokens = [server.guest(name) for name in ("Anne", "Bao", "Chloé")]
    # Les Pieds dans le Plat for two, a day a move: seat 0 (Anne) plays first (seed 1).
    table = start_table(
        server, tokens[:2], game="pieds-dans-le-plat", players=2, clock="days-1", seed=1
    )
    with server.http(tokens[0]) as http:
        assert http.get("/api/v1/me/waiting").json() == {"count": 1}

    async def scenario() -> None:
        anne, bao, chloe = (Client(server, token, table) for token in tokens)
        for client in (anne, bao, chloe):
            await client.connect()
        asked = await anne.wait(lambda f: f["type"] == "snapshot" and bool(f["decision"]))
        legal = asked["decision"]["legal"][0]
        await anne.send({"type": "act", "action_id": "first", "action": legal})
        await bao.wait(lambda f: f["type"] == "waiting" and f["count"] == 1)
        await anne.wait(lambda f: f["type"] == "waiting" and f["count"] == 0)
        # Chloé watches: the table's moves reach her, never another's count.
        await chloe.wait(lambda f: f["type"] == "update")
        await asyncio.sleep(0.3)
        for client in (anne, bao, chloe):
            await client.close()
        assert set(count(anne.frames)) == {0}, anne.frames
        assert set(count(bao.frames)) == {1}, bao.frames
        assert count(chloe.frames) == []

    asyncio.run(scenario())
    with server.http(tokens[1]) as http:
        assert http.get("/api/v1/me/waiting").json() == {"count": 1}
