"""Issue 44 on a real server: quotas that count a client's network.

An IPv6 client holds a whole /64 and may draw a new address for every request: its
identities, logins and sockets count under the network's key, and other networks are not
affected (the test's requests say which address they come from in ``X-Forwarded-For``,
which uvicorn trusts from 127.0.0.1).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from tests.server.harness import Server, module_server
from tests.server.test_attacks import closed_with, hello

IDENTITIES = 5
SOCKETS = 3


def forwarded(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with module_server(
        tmp_path_factory,
        "quotas",
        "--max-new-identities-per-ip",
        str(IDENTITIES),
        "--max-connections-per-ip",
        str(SOCKETS),
    ) as started:
        yield started


def guest_from(server: Server, name: str, address: str) -> httpx.Response:
    with server.http() as http:
        return http.post("/api/v1/guests", json={"name": name}, headers=forwarded(address))


# --- quotas per network -----------------------------------------------------------------


def test_one_ipv6_network_is_one_client_for_new_identities(server: Server) -> None:
    answers = [
        guest_from(server, f"Réseau {n}", f"2001:db8:1:1:{n:x}::{n:x}")
        for n in range(1, IDENTITIES + 3)
    ]
    assert [a.status_code for a in answers] == [200] * IDENTITIES + [429, 429]
    assert answers[-1].json()["error"] == "too_many_identities"
    assert int(answers[-1].headers["Retry-After"]) > 0
    # Another network of the same provider, and an IPv4 client, are not affected.
    assert guest_from(server, "Voisine", "2001:db8:1:2::1").status_code == 200
    assert guest_from(server, "Quatre", "192.0.2.10").status_code == 200


def test_one_ipv6_network_is_one_client_for_logins(server: Server) -> None:
    attempts = 30  # the login attempts one address may make in 5 minutes
    with server.http() as http:

        def login(name: str, address: str) -> httpx.Response:
            body = {"name": name, "password": "pas le bon mot de passe"}
            return http.post("/api/v1/login", json=body, headers=forwarded(address))

        answers = [login(f"Inconnu {n}", f"2001:db8:2:1::{n:x}") for n in range(attempts + 1)]
        assert {a.json()["error"] for a in answers[:attempts]} == {"bad_login"}
        assert (answers[-1].status_code, answers[-1].json()["error"]) == (429, "too_many_logins")
        assert int(answers[-1].headers["Retry-After"]) > 0
        other = login("Inconnu", "2001:db8:2:2::1")
        assert (other.status_code, other.json()["error"]) == (401, "bad_login")


def test_one_ipv6_network_is_one_client_for_sockets(server: Server) -> None:
    token = server.guest("Prise")
    lobby = f"{server.ws}/ws/lobby"

    async def opened(address: str) -> tuple[Any, dict[str, Any]]:
        socket = await websockets.connect(lobby, additional_headers=forwarded(address))
        return socket, await hello(socket, token)

    async def scenario() -> None:
        held = [await opened(f"2001:db8:3:1:{n:x}::1") for n in range(1, SOCKETS + 1)]
        try:
            assert [welcome["type"] for _, welcome in held] == ["welcome"] * SOCKETS
            socket, refusal = await opened("2001:db8:3:1:ffff::9")
            held.append((socket, refusal))
            assert refusal.get("code") == "too_many_connections", refusal
            assert await closed_with(socket) == 4429
            held.append(await opened("2001:db8:3:2::1"))  # another network
            assert held[-1][1]["type"] == "welcome"
        finally:
            for socket, _ in held:
                await socket.close()

    asyncio.run(scenario())
