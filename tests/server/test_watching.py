"""Watching a server run: /healthz, Prometheus metrics through a whole game, and its logs
(JSON lines naming the table, and not one secret of anyone who played)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
import websockets
from prometheus_client.parser import text_string_to_metric_families

from tests.server.harness import Client, Server

PASSWORD = "mot-de-passe-secret-42"
METRICS_TOKEN = "le-jeton-de-prometheus-seulement"
"""What ``popote serve --metrics-token`` gives the operator's collector."""
OPERATOR = {"Authorization": f"Bearer {METRICS_TOKEN}"}
GAME = {"game": "boom-badaboom", "players": 3, "options": {"difficulty": "cupcake"}}


@dataclass
class Watched:
    """One server that saw a whole game, what it said while it ran, and its logs."""

    server: Server
    table: str
    secrets: list[str]
    healthz: httpx.Response
    during: dict[str, float]
    after: dict[str, float]
    log_lines: list[str] = field(default_factory=list)


def samples(server: Server) -> dict[str, float]:
    """Every sample of ``/metrics``, by name and labels (``name{label=value}``)."""
    answer = httpx.get(f"{server.url}/metrics", headers=OPERATOR, timeout=10)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    found = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            found[f"{sample.name}{{{labels}}}"] = sample.value
    return found


def register(server: Server, name: str) -> str:
    with server.http() as http:
        answer = http.post("/api/v1/accounts", json={"name": name, "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        token: str = answer.json()["token"]
        return token


@pytest.fixture(scope="module")
def watched(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Watched]:
    """A private table of two people (one registered, one guest), a bot and a spectator
    who connects with its token and the invite in the URL, played to its end."""
    data: Path = tmp_path_factory.mktemp("watched")
    with Server(data, None, 1.0, "--metrics-token", METRICS_TOKEN) as server:
        yield _play(server)


def _play(server: Server) -> Watched:
    tokens = [register(server, "Rozenn"), server.guest("Katell"), server.guest("Soazig")]
    with server.http(tokens[0]) as http:
        made = http.post(
            "/api/v1/tables",
            json={**GAME, "bots": ["random"], "clock": "none", "public": False},
        ).json()
    table, invite = made["id"], made["invite"]
    with server.http(tokens[1]) as http:
        assert http.post(f"/api/v1/tables/{table}/join", json={"invite": invite}).is_success
    with server.http(tokens[0]) as http:
        assert http.post(f"/api/v1/tables/{table}/start").is_success
    players = [Client(server, tokens[0], table, "p0"), Client(server, tokens[1], table, "p1")]
    healthz = httpx.get(f"{server.url}/healthz", timeout=10)

    async def scenario() -> dict[str, float]:
        # A token in the address is refused, and kept out of the log like every other.
        address = f"{server.ws}/ws/tables/{table}"
        async with websockets.connect(f"{address}?token={tokens[2]}") as refused:
            assert json.loads(await refused.recv())["code"] == "token_in_url"
        async with websockets.connect(address) as spectator:
            hello = {"type": "hello", "token": tokens[2], "invite": invite}
            await spectator.send(json.dumps(hello))
            assert json.loads(await spectator.recv())["type"] == "welcome"
            for player in players:
                await player.connect()
            during = await asyncio.to_thread(samples, server)
            await asyncio.gather(*(p.play(random.Random(n)) for n, p in enumerate(players)))
            for player in players:
                await player.close()
        return during

    during = asyncio.run(scenario())
    after = samples(server)
    server.stop()
    lines = (server.data / "server.log").read_text().splitlines()
    return Watched(server, table, [*tokens, invite, PASSWORD], healthz, during, after, lines)


def test_healthz_says_the_server_can_serve(watched: Watched) -> None:
    assert watched.healthz.status_code == 200
    assert watched.healthz.json() == {"status": "ok", "database": "ok", "tables": 1}


def test_metrics_count_tables_connections_actions_latency_and_bots(watched: Watched) -> None:
    during, after = watched.during, watched.after
    assert during["popote_tables{state=playing}"] == 1
    assert during["popote_connections{}"] == 3
    assert after["popote_tables{state=playing}"] == 0  # a finished table leaves the live set
    assert after["popote_connections{}"] == 0
    played, by_bot = after["popote_actions_total{by=player}"], after["popote_actions_total{by=bot}"]
    assert played > 0 and by_bot > 0
    # Each client action applied at once is timed from its arrival to its events sent.
    timed = after["popote_action_latency_seconds_count{}"]
    assert 0 < timed <= played
    assert after["popote_action_latency_seconds_bucket{le=+Inf}"] == timed
    assert 0 < after["popote_action_latency_seconds_sum{}"] < timed * 5
    assert after["popote_bot_think_seconds_count{level=random}"] >= by_bot
    assert after["popote_store_errors_total{store=database}"] == 0
    assert after["popote_store_errors_total{store=redis}"] == 0


def test_logs_are_json_lines_naming_the_table_and_no_secret(watched: Watched) -> None:
    entries = [json.loads(line) for line in watched.log_lines]
    at_table = [entry for entry in entries if entry.get("table") == watched.table]
    told = {entry["message"] for entry in at_table}
    assert {"connection opened", "connection closed", "table over"} <= told
    assert all({"time", "level", "logger", "message"} <= set(entry) for entry in entries)
    text = "\n".join(watched.log_lines)
    for secret in watched.secrets:
        assert secret not in text
