"""Whole games of each title between scripted clients and bots, through a real server that is
killed (SIGKILL) mid-game and started again: the games finish, the stored log replays to
the same result, and no frame sent to a seat holds anything that seat may not know."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest

import popote
from popote.server.store import database_url
from tests.server.harness import Client, Server, check_frames, check_numbering, stored_record

GAMES: dict[str, dict[str, Any]] = {
    "pieds-dans-le-plat": {"players": 3, "options": {"empty_pile": "end"}},
    "bouillabaisse": {"players": 3, "options": {}},
    "stir-fry-eighteen": {"players": 3, "options": {"first_player": "seat1", "round_limit": 10}},
    "boom-badaboom": {"players": 3, "options": {"difficulty": "cupcake"}},
    "ar-seizh-bigoudenn": {"players": 3, "options": {"rounds": 2}},
}
KILL_AT = 6
"""Actions played before the server is killed."""
SEED = 7
"""A fixed deal, so that no game can end before the server is killed."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_survives_a_killed_server_and_leaks_nothing(
    game: str, server_factory: Callable[..., Server]
) -> None:
    server = server_factory()
    setup = GAMES[game]
    tokens = [server.guest(name) for name in ("Rozenn", "Katell", "Soazig")]
    with server.http(tokens[0]) as http:
        created = http.post(
            "/api/v1/tables",
            json={
                "game": game,
                **setup,
                "seed": SEED,
                "bots": ["random"],
                "clock": "none",
            },
        ).json()
    table = created["id"]
    with server.http(tokens[1]) as http:
        assert http.post(f"/api/v1/tables/{table}/join", json={}).json()["seat"] == 2
    with server.http(tokens[0]) as http:
        assert http.post(f"/api/v1/tables/{table}/start").json()["state"] == "playing"
    players = [Client(server, tokens[0], table, "p0"), Client(server, tokens[1], table, "p1")]
    spectator = Client(server, tokens[2], table, "spectator")

    async def scenario() -> list[dict[str, Any]]:
        await spectator.connect()
        rngs = [random.Random(seat) for seat in range(2)]
        halfway = [
            asyncio.create_task(p.play(rngs[i], lambda f: f["index"] >= KILL_AT))
            for i, p in enumerate(players)
        ]
        first = await asyncio.wait(halfway, return_when=asyncio.FIRST_COMPLETED)
        assert all(task.result()["result"] is None for task in first[0]), "killed after the end"
        server.kill()
        for task in halfway:
            task.cancel()
        await asyncio.gather(*halfway, return_exceptions=True)
        for client in [*players, spectator]:
            client.socket = None
        server.start()
        await spectator.play(random.Random(9), lambda f: True)  # reconnects as a spectator
        ends = await asyncio.gather(*(p.play(rngs[i]) for i, p in enumerate(players)))
        await spectator.play(random.Random(9))
        for client in [*players, spectator]:
            await client.close()
        return ends

    ends = asyncio.run(scenario())
    record, actions = stored_record(database_url(server.db, server.data), table)
    assert [a.index for a in actions] == list(range(len(actions)))
    assert record["state"] == "over"
    again = popote.replay(
        record["game"], record["players"], record["seed"], record["options"], record["history"]
    )
    assert again.over
    assert ends[0]["result"] == ends[1]["result"] == record["result"] == again.result()
    for seat, client in [(0, players[0]), (2, players[1]), (None, spectator)]:
        assert check_frames(client.frames, seat, record) > 0
        check_numbering(client.frames)
