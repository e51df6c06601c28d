"""Rematch: after the game, one who played it asks for a new table with the same people and
bots and a new deal; the others are told over the old table's socket and sit at their own
seats by asking too; refusals change nothing and tell a stranger nothing."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import pytest

from popote.server.store import database_url
from tests.server.harness import Client, Server, module_server, stored_record

GAME = "pieds-dans-le-plat"
CHOSEN = 2_999


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with module_server(tmp_path_factory, "rematch") as started:
        yield started


def post(server: Server, token: str | None, path: str, **body: Any) -> tuple[int, Any]:
    with server.http(token) as http:
        answer = http.post(path, json=body)
        return answer.status_code, answer.json()


def finished_table(server: Server, public: bool) -> tuple[str, list[str], list[Client]]:
    """A table of Anne (seat 0), a random bot (seat 1) and Bao (seat 2), dealt from a chosen
    seed and played to its end; both stay connected to its socket."""
    anne, bao = server.guest("Anne"), server.guest("Bao")
    setup = {"game": GAME, "players": 3, "bots": ["random"], "public": public, "seed": CHOSEN}
    status, created = post(server, anne, "/api/v1/tables", clock="normal", **setup)
    assert status == 200, created
    table = created["id"]
    status, joined = post(server, bao, f"/api/v1/tables/{table}/join", invite=created.get("invite"))
    assert status == 200 and joined["seat"] == 2, joined
    assert post(server, anne, f"/api/v1/tables/{table}/start")[0] == 200
    clients = [Client(server, anne, table, "anne"), Client(server, bao, table, "bao")]

    async def play() -> None:
        await asyncio.gather(*(c.play(random.Random(n)) for n, c in enumerate(clients)))
        for client in clients:
            while not any(f["type"] == "results" for f in client.frames):
                await client.wait(lambda f: True)
            await client.close()

    asyncio.run(play())
    return table, [anne, bao], clients


def described(server: Server, token: str, table: str) -> dict[str, Any]:
    with server.http(token) as http:
        answer = http.get(f"/api/v1/tables/{table}")
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found


def test_a_rematch_seats_the_same_people_and_bots_at_a_new_deal(server: Server) -> None:
    old, (anne, bao), clients = finished_table(server, public=False)
    status, first = post(server, anne, f"/api/v1/tables/{old}/rematch")
    assert status == 200, first
    new = first["table"]["id"]
    assert new != old and first["seat"] == 0 and first["invite"]
    assert first["link"] == f"/tables/{new}?invite={first['invite']}"
    kinds = [(s["kind"], s["level"]) for s in first["table"]["seats"]]
    assert kinds == [("human", None), ("bot", "random"), ("free", None)]

    # Bao hears of it over the old table's socket, and asking too sits at their own seat.
    async def offered() -> dict[str, Any]:
        await clients[1].connect()
        frame: dict[str, Any] = await clients[1].wait(lambda f: f["type"] == "rematch")
        await clients[1].close()
        return frame

    assert {k: v for k, v in asyncio.run(offered()).items() if k != "seq"} == {
        "type": "rematch",
        "table": new,
        "by": 0,
    }
    with server.http(bao) as http:
        results = http.get(f"/api/v1/tables/{old}/results").json()
    assert results["rematch"] == {"table": new, "by": 0}
    status, second = post(server, bao, f"/api/v1/tables/{old}/rematch")
    assert status == 200 and second["table"]["id"] == new and second["seat"] == 2
    status, again = post(server, anne, f"/api/v1/tables/{old}/rematch")
    assert status == 200 and again["table"]["id"] == new and again["seat"] == 0
    assert again["invite"] == first["invite"]

    before, after = described(server, anne, old), described(server, anne, new)
    for key in ("game", "players", "options", "clock", "public", "rated", "bot_level", "terms"):
        if key == "terms":  # the old deal was chosen, the new one is not
            continue
        assert after[key] == before[key], key
    assert [s["name"] for s in after["seats"]] == [s["name"] for s in before["seats"]]
    assert before["chosen_deal"] and not after["chosen_deal"]
    url = database_url(server.db, server.data)
    seed = stored_record(url, new)[0]["seed"]
    assert seed != CHOSEN and seed >= 2**64  # drawn like any online table's: 128 secret bits
    assert post(server, bao, f"/api/v1/tables/{new}/start")[0] == 200
    assert described(server, bao, new)["state"] == "playing"


def test_refusals_change_nothing_and_tell_a_stranger_nothing(server: Server) -> None:
    old, (anne, _), _ = finished_table(server, public=False)
    stranger = server.guest("Chloé")
    unknown = post(server, stranger, "/api/v1/tables/nosuchtable/rematch")
    hidden = post(server, stranger, f"/api/v1/tables/{old}/rematch")
    assert unknown[0] == hidden[0] == 404
    assert hidden[1]["error"] == unknown[1]["error"] == "no_table"
    assert hidden[1]["message"] == unknown[1]["message"].replace("nosuchtable", old)
    assert post(server, None, f"/api/v1/tables/{old}/rematch")[0] == 401

    public, (dana, _), _ = finished_table(server, public=True)
    status, refused = post(server, stranger, f"/api/v1/tables/{public}/rematch")
    assert (status, refused["error"]) == (403, "not_seated")
    with server.http(stranger) as http:
        answer = http.post(f"/api/v1/tables/{public}/rematch", params={"lang": "en"})
        assert answer.json()["message"] == "only the players of this game offer a rematch"

    status, created = post(server, dana, "/api/v1/tables", game=GAME, players=3, bots=["random"])
    waiting = created["id"]
    status, early = post(server, dana, f"/api/v1/tables/{waiting}/rematch")
    assert (status, early["error"]) == (409, "not_over")
    assert "pas terminée" in early["message"]
    # Nothing was opened by the refusals: the first rematch asked is a new table of Anne's.
    with server.http() as http:
        listed = {t["id"] for t in http.get("/api/v1/tables").json()}
    assert listed == {waiting}
    status, first = post(server, anne, f"/api/v1/tables/{old}/rematch")
    assert status == 200 and first["table"]["seats"][0]["name"].startswith("Anne")
