"""Faults survived by two server processes sharing a PostgreSQL and a Redis of the test's
own (so stopping them disturbs no other test): one process SIGKILLed, Redis restarted,
PostgreSQL restarted, each while clients connected to both processes play two tables.
Every game finishes equal to ``popote.replay`` of its log, no action lost or applied twice;
while a store is away the server says it is temporarily unavailable and applies nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.nodes import (
    Roaming,
    actions_stored,
    check_game,
    node,
    open_shared_table,
    play_with_a_fault,
    refused_opening,
)
from tests.services import PrivatePostgres, PrivateRedis, private_postgres, private_redis

UNAVAILABLE = "service momentanément indisponible : rien n'a été joué, réessayez"


@pytest.fixture
def stores() -> Iterator[tuple[PrivatePostgres, PrivateRedis]]:
    with private_postgres() as postgres, private_redis() as redis:
        yield postgres, redis


class Group:
    """Two processes, and two tables (one created at each) whose two players are connected
    one to each process."""

    def __init__(self, folder: Path, postgres: PrivatePostgres, redis: PrivateRedis) -> None:
        self.db = postgres.url
        self.servers = [node(folder, self.db, redis.url, name) for name in ("a", "b")]
        self.tables: list[str] = []
        self.clients: list[Roaming] = []
        for first in (0, 1):
            order = self.servers[first:] + self.servers[:first]
            table, tokens = open_shared_table(order, [f"Rozenn {first}", f"Katell {first}"])
            self.tables.append(table)
            for n, token in enumerate(tokens):
                at = (first + n) % 2
                self.clients.append(Roaming(self.servers, at, token, table, f"t{first}p{n}"))

    def check(self) -> None:
        for number, table in enumerate(self.tables):
            players = self.clients[2 * number : 2 * number + 2]
            check_game(self.db, table, [(0, players[0]), (2, players[1])])

    def stop(self) -> None:
        for server in self.servers:
            server.stop()


@pytest.fixture
def group(tmp_path: Path, stores: tuple[PrivatePostgres, PrivateRedis]) -> Iterator[Group]:
    started = Group(tmp_path, *stores)
    try:
        yield started
    finally:
        started.stop()


def test_every_table_goes_on_when_one_of_two_processes_is_killed(group: Group) -> None:
    async def kill() -> None:
        group.servers[1].kill()

    asyncio.run(play_with_a_fault(group.clients, kill))
    assert all(client.server is group.servers[0] for client in group.clients)
    group.check()


def test_games_resume_exactly_after_redis_restarts(
    group: Group, stores: tuple[PrivatePostgres, PrivateRedis]
) -> None:
    _, redis = stores

    async def restart_redis() -> None:
        redis.stop()
        # At the process that does not own the table: it cannot reach the owner.
        refused = await refused_opening(group.servers[1], group.clients[0].token, group.tables[0])
        assert (refused["code"], refused["message"]) == ("unavailable", UNAVAILABLE)
        before = actions_stored(group.db)
        await asyncio.sleep(1.0)  # players and bots keep trying meanwhile
        assert actions_stored(group.db) == before, "applied while Redis was away"
        redis.start()

    asyncio.run(play_with_a_fault(group.clients, restart_redis))
    group.check()


def test_games_resume_exactly_after_postgresql_restarts(
    group: Group, stores: tuple[PrivatePostgres, PrivateRedis]
) -> None:
    postgres, _ = stores

    async def restart_postgres() -> None:
        postgres.stop()
        refused = await refused_opening(group.servers[0], group.clients[0].token, group.tables[0])
        assert (refused["code"], refused["message"]) == ("unavailable", UNAVAILABLE)
        with group.servers[1].http(group.clients[1].token, "en") as http:
            answer = http.get("/api/v1/tables")
        assert answer.status_code == 503
        assert answer.json() == {
            "error": "unavailable",
            "message": "temporarily unavailable, nothing changed",
        }
        postgres.start()

    asyncio.run(play_with_a_fault(group.clients, restart_postgres))
    group.check()
