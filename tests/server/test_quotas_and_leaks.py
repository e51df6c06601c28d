"""Issue 44 on a real server: quotas that count a client's network, and small leaks.

- An IPv6 client holds a whole /64 and may draw a new address for every request: its
  identities, logins and sockets count under the network's key, and other networks are
  not affected (the test's requests say which address they come from in
  ``X-Forwarded-For``, which uvicorn trusts from 127.0.0.1).
- Chat is limited per address beside per identity: many guests of one address do not
  multiply its lines, over HTTP or WebSockets, in the lobby or at a table.
- A chat line smeared with combining marks is delivered trimmed.
- Player pages exist only for people who finished a public game (no counting ids to list
  everyone), and private games are on no public page.
- ``/metrics`` and ``/api/v1/stats`` answer only with the operator's token; the probes
  stay public.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from tests.server.harness import Server, module_server, start_table
from tests.server.test_after_game import GAME, register
from tests.server.test_attacks import closed_with, hello
from tests.server.test_ratings import results_when_over

IDENTITIES = 5
SOCKETS = 3
CHAT_PER_ADDRESS = 20
"""``popote serve``'s default: lines from one address per chat period (10 s)."""
CHAT_PERIOD = 10.0
METRICS_TOKEN = "a-long-secret-for-prometheus-only"


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


def guests(server: Server, count: int, network: str) -> list[str]:
    """``count`` guests, each created from a network of its own (``network``:N::1)."""
    tokens = []
    for n in range(count):
        answer = guest_from(server, f"Invité {n + 1}", f"{network}:{n + 1:x}::1")
        assert answer.status_code == 200, answer.text
        tokens.append(answer.json()["token"])
    return tokens


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


# --- chat --------------------------------------------------------------------------------


def test_many_guests_of_one_address_share_its_chat_budget(server: Server) -> None:
    """Eight guests of one network may say five lines each in 10 s; the network, twenty
    in all, whether they speak over HTTP or a socket, in the lobby or at a table."""
    *tokens, first, second = guests(server, 10, "2001:db8:4")
    network = "2001:db8:4:ffff"
    table = start_table(server, [server.guest("Hôtesse")], game=GAME, players=2, bots=["random"])

    async def speaks(socket: Any, text: str) -> dict[str, Any]:
        """The answer to a line: its ``error``, or the line itself (others' lines and
        notices pass by meanwhile)."""
        await socket.send(json.dumps({"type": "chat", "text": text}))
        async with asyncio.timeout(20):
            while True:
                frame: dict[str, Any] = json.loads(await socket.recv())
                if frame["type"] == "error" or frame.get("text") == text:
                    return frame

    async def scenario() -> tuple[list[httpx.Response], float, list[dict[str, Any]]]:
        lobby = await websockets.connect(
            f"{server.ws}/ws/lobby", additional_headers=forwarded(f"{network}::a")
        )
        at_table = await websockets.connect(
            f"{server.ws}/ws/tables/{table}", additional_headers=forwarded(f"{network}::b")
        )
        try:
            assert (await hello(lobby, first))["type"] == "welcome"
            assert (await hello(at_table, second))["type"] == "welcome"
            async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:

                async def line(n: int, token: str) -> httpx.Response:
                    path = "/api/v1/lobby/chat" if n % 2 else f"/api/v1/tables/{table}/chat"
                    address = f"{network}:{n:x}::{n:x}"
                    headers = {"Authorization": f"Bearer {token}", **forwarded(address)}
                    async with at_once:
                        return await http.post(path, json={"text": f"ligne {n}"}, headers=headers)

                at_once = asyncio.Semaphore(8)

                started = time.monotonic()
                sent = await asyncio.gather(
                    *(line(n, token) for token in tokens for n in range(1, 6))
                )
            said = [await speaks(lobby, "et moi"), await speaks(at_table, "et moi aussi")]
            return sent, time.monotonic() - started, said
        finally:
            await lobby.close()
            await at_table.close()

    sent, took, said = asyncio.run(scenario())
    assert took < CHAT_PERIOD, "the lines did not all go out within one chat period"
    accepted = [answer for answer in sent if answer.status_code == 200]
    assert len(accepted) == CHAT_PER_ADDRESS
    refused = {(a.status_code, a.json()["error"]) for a in sent if a.status_code != 200}
    assert refused == {(429, "chat_rate")}
    assert [frame.get("code") for frame in said] == ["chat_rate", "chat_rate"]
    # Another network speaks as usual.
    other = guests(server, 1, "2001:db8:5")[0]
    with server.http(other) as http:
        answer = http.post(
            "/api/v1/lobby/chat", json={"text": "bonjour"}, headers=forwarded("2001:db8:5::1")
        )
        assert answer.status_code == 200, answer.text


def test_a_letter_smeared_with_combining_marks_is_delivered_trimmed(server: Server) -> None:
    marks = "".join(chr(0x0300 + n % 0x70) for n in range(297))
    listener, speaker = guests(server, 2, "2001:db8:6")

    async def scenario() -> dict[str, Any]:
        async with websockets.connect(f"{server.ws}/ws/lobby") as lobby:
            assert (await hello(lobby, listener))["type"] == "welcome"
            async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
                answer = await http.post(
                    "/api/v1/lobby/chat",
                    json={"text": f"Z{marks} ok"},
                    headers={"Authorization": f"Bearer {speaker}"},
                )
                assert answer.status_code == 200, answer.text
            async with asyncio.timeout(20):
                while True:
                    frame: dict[str, Any] = json.loads(await lobby.recv())
                    if frame["type"] == "chat":
                        return frame

    text = asyncio.run(scenario())["text"]
    assert text.startswith("Z") and text.endswith(" ok")
    assert 1 <= sum(unicodedata.combining(char) > 0 for char in text) <= 3


# --- player pages --------------------------------------------------------------------------


def test_only_people_who_played_in_public_have_a_page_and_private_games_stay_off_it(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()
    member = register(server, "Discrète")
    never = server.guest("Jamais")
    setup = {"players": 2, "bots": ["random"], "rated": True}
    private = start_table(server, [member], game=GAME, public=False, **setup)
    with server.http(member) as http:
        me = http.get("/api/v1/me").json()["id"]
        never_id = http.get("/api/v1/me", headers={"Authorization": f"Bearer {never}"}).json()
        assert http.post(f"/api/v1/tables/{private}/leave").status_code == 200
    results_when_over(server, member, private)

    def pages(person: int) -> tuple[httpx.Response, httpx.Response]:
        with server.http() as http:
            return http.get(f"/api/v1/players/{person}"), http.get(f"/players/{person}")

    unknown = pages(999_999)[0].json()
    for person in (me, never_id["id"], 999_999):
        api, page = pages(person)
        assert (api.status_code, api.json()) == (404, unknown), person
        assert page.status_code == 404 and "Discrète" not in page.text, person
    with server.http() as http:
        board = http.get(f"/api/v1/leaderboards/{GAME}").json()
    assert [entry for entry in board if entry["kind"] == "player"] == []

    public = start_table(server, [member], game=GAME, **setup)
    with server.http(member) as http:
        assert http.post(f"/api/v1/tables/{public}/leave").status_code == 200
    results_when_over(server, member, public)
    api, page = pages(me)
    assert api.status_code == 200 and page.status_code == 200
    assert [game["table"] for game in api.json()["recent"]] == [public]
    assert private not in page.text and page.text.count('class="recent-game"') == 1
    with server.http() as http:
        board = http.get(f"/api/v1/leaderboards/{GAME}").json()
    assert [entry["id"] for entry in board if entry["kind"] == "player"] == [me]


# --- metrics ---------------------------------------------------------------------------------


def test_metrics_and_stats_are_off_the_public_port_by_default(server: Server) -> None:
    with server.http() as http:
        for path in ("/metrics", "/api/v1/stats"):
            answer = http.get(path, headers={"Authorization": f"Bearer {METRICS_TOKEN}"})
            assert answer.status_code == 404, path
            assert answer.json()["error"] == "not_found"
        assert http.get("/healthz").status_code == 200


def test_metrics_and_stats_answer_the_operators_token_only(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POPOTE_METRICS_TOKEN", METRICS_TOKEN)
    with module_server(tmp_path_factory, "watched") as watched, watched.http() as http:
        for path in ("/metrics", "/api/v1/stats"):
            for token in (None, "wrong", METRICS_TOKEN[:-1]):
                headers = {"Authorization": f"Bearer {token}"} if token else {}
                answer = http.get(path, headers=headers)
                assert answer.status_code == 401, (path, token)
                assert answer.json()["error"] == "unauthorized"
            right = http.get(path, headers={"Authorization": f"Bearer {METRICS_TOKEN}"})
            assert right.status_code == 200, path
        shown = http.get("/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"})
        assert "popote_connections" in shown.text
        assert http.get("/healthz").status_code == 200


def test_a_short_metrics_token_is_refused_at_start(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "popote.server", "--port", "0", "--data", str(tmp_path)]
    command += ["--metrics-token", "court"]
    started = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert started.returncode == 2
    assert "16 caractères au moins" in started.stderr and "Traceback" not in started.stderr
