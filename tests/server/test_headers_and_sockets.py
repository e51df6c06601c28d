"""Issue 20 on a real server: every answer carries the browser's protections (policy,
framing, sniffing, referrer), a token never travels in a socket's address, and sockets
that never say who they are count against their address from the moment they open."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
import websockets

from tests.server.harness import Server, module_server
from tests.server.test_attacks import closed_with, hello

POLICY = {
    "default-src": "'none'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "form-action": "'self'",
    "base-uri": "'none'",
    "frame-ancestors": "'none'",
}
PATHS = [
    "/",
    "/?lang=en",
    "/games/bouillabaisse",
    "/rules/stir-fry-eighteen",
    "/leaderboards/boom-badaboom",
    "/players/1",
    "/players/nobody",
    "/tables/nothing",
    "/replay/nothing",
    "/static/popote.js",
    "/static/popote.css",
    "/api/v1/games",
    "/api/v1/tables/nothing",
    "/openapi.json",
    "/healthz",
    "/no/such/page",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with module_server(tmp_path_factory, "guarded", "--max-connections-per-ip", "6") as started:
        yield started


def policy(header: str) -> dict[str, str]:
    pairs = (part.strip().partition(" ") for part in header.split(";") if part.strip())
    return {name: value for name, _, value in pairs}


def test_every_answer_carries_the_browser_protections(server: Server) -> None:
    with server.http() as http:
        for path in PATHS:
            answer = http.get(path)
            headers = answer.headers
            assert policy(headers["content-security-policy"]) == POLICY, path
            assert headers["x-frame-options"] == "DENY", path
            assert headers["x-content-type-options"] == "nosniff", path
            assert headers["referrer-policy"] == "no-referrer", path
        refused = http.post("/api/v1/guests", content=b"{")
        assert refused.status_code == 422
        assert refused.headers["x-content-type-options"] == "nosniff"


def test_the_language_form_sends_nobody_to_another_site(server: Server) -> None:
    with server.http() as http:
        http.headers["Origin"] = server.url  # the site's own page (test_front_door.py)
        for back in ["//evil.example/", "/\\evil.example/", "https://evil.example/", "/\t/x"]:
            answer = http.post("/lang", data={"lang": "en", "back": back})
            assert (answer.status_code, answer.headers["location"]) == (303, "/"), back
        kept = http.post("/lang", data={"lang": "en", "back": "/rules/bouillabaisse"})
        assert kept.headers["location"] == "/rules/bouillabaisse"


def test_a_token_in_a_socket_address_is_refused(server: Server) -> None:
    token = server.guest("Goulven")

    async def scenario() -> None:
        for path in ("/ws/lobby", "/ws/tables/nothing"):
            async with websockets.connect(f"{server.ws}{path}?token={token}") as socket:
                refusal: dict[str, Any] = json.loads(await socket.recv())
                assert refusal["code"] == "token_in_url"
                assert "hello" in refusal["message"]
                assert await closed_with(socket) == 4400
        async with websockets.connect(f"{server.ws}/ws/lobby") as socket:
            assert (await hello(socket, token))["type"] == "welcome"

    asyncio.run(scenario())


def test_silent_sockets_count_against_their_address_at_once(server: Server) -> None:
    """Six sockets that never say hello hold the address's six places: a seventh, even
    one that would say hello, is refused until one of them goes."""
    token = server.guest("Azilis")
    lobby = f"{server.ws}/ws/lobby"

    async def scenario() -> None:
        silent = [await websockets.connect(lobby) for _ in range(6)]
        extra = await websockets.connect(lobby)
        refusal = json.loads(await extra.recv())
        assert refusal["code"] == "too_many_connections"
        assert await closed_with(extra) == 4429
        await silent.pop().close()
        await asyncio.sleep(0.2)
        async with websockets.connect(lobby) as socket:
            assert (await hello(socket, token))["type"] == "welcome"
        for socket in silent:
            await socket.close()

    asyncio.run(scenario())
