"""Issue 45, inviting and coming back: a table's short code (``popote.server.codes``) and a
person's own list of tables (``GET /api/v1/me/games``)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from popote.server.codes import ALPHABET, LENGTH, LOOKUP_BURST
from tests.server.harness import Client, Server

BOOM: dict[str, Any] = {"game": "boom-badaboom", "players": 2, "clock": "none"}


def create(server: Server, token: str, **body: Any) -> dict[str, Any]:
    with server.http(token) as http:
        answer = http.post("/api/v1/tables", json={**BOOM, **body})
        assert answer.status_code == 200, answer.text
        made: dict[str, Any] = answer.json()
        return made


def lookup(server: Server, code: str, lang: str = "fr") -> Any:
    with server.http(lang=lang) as http:
        return http.get(f"/api/v1/codes/{code}")


def test_a_code_opens_its_table_and_a_private_one_without_its_invitation(
    shared_server: Server,
) -> None:
    server = shared_server
    gwen = server.guest("Gwen")
    public, private = create(server, gwen), create(server, gwen, public=False)
    assert public["code"] != private["code"]
    for table in (public, private):
        assert len(table["code"]) == LENGTH and set(table["code"]) <= set(ALPHABET)
    # Typed as people type it (small letters, a dash, spaces), a code finds its table.
    typed = f" {public['code'][:4].lower()}-{public['code'][4:]} "
    found = lookup(server, typed).json()
    assert found == {"table": public["id"], "public": True, "link": f"/tables/{public['id']}"}
    # A private table's link carries its code: it opens the table (its page, a seat) as the
    # invitation does, and the answer never holds the invitation itself.
    answer = lookup(server, private["code"])
    assert private["invite"] not in answer.text
    link = answer.json()["link"]
    assert link == f"/tables/{private['id']}?invite={private['code']}"
    with server.http() as http:
        assert http.get(link).status_code == 200
        assert http.get(f"/tables/{private['id']}").status_code == 404
    tristan = server.guest("Tristan")
    with server.http(tristan) as http:
        joined = http.post(f"/api/v1/tables/{private['id']}/join", json={"invite": private["code"]})
        assert joined.status_code == 200, joined.text
    # A wrong code opens nothing.
    with server.http(server.guest("Maïwenn")) as http:
        wrong = "2" * LENGTH if private["code"] != "2" * LENGTH else "3" * LENGTH
        refused = http.post(f"/api/v1/tables/{private['id']}/join", json={"invite": wrong})
        assert refused.status_code == 404


def test_an_unknown_code_is_a_clear_404_and_lookups_are_limited_per_client(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()
    table = create(server, server.guest("Gwen"))
    french = lookup(server, "ZZZZ-ZZZY", "fr")
    english = lookup(server, "not a code", "en")
    assert french.status_code == english.status_code == 404
    assert french.json() == {
        "error": "no_code",
        "message": "aucune table ouverte n'a ce code : vérifiez-le (8 lettres et chiffres)",
    }
    assert english.json()["message"].startswith("no open table has this code")
    # Two made, the rest of the burst is spent; a token does not buy more lookups.
    for _ in range(LOOKUP_BURST - 2):
        lookup(server, "ZZZZZZZY")
    with server.http(server.guest("Tristan"), "en") as http:
        limited = http.get(f"/api/v1/codes/{table['code']}")
    assert limited.status_code == 429
    assert limited.json()["error"] == "too_many_codes"
    assert limited.json()["message"].startswith("too many codes tried from this client")
    assert 1 <= int(limited.headers["Retry-After"]) <= 6


def test_your_games_lists_your_own_tables_only_running_first_private_included(
    shared_server: Server,
) -> None:
    server = shared_server
    gwen, tristan = server.guest("Gwen"), server.guest("Tristan")
    waiting = create(server, gwen, public=False)
    others = create(server, tristan, public=False)
    # A game Gwen plays to its end with Tristan, at a private table.
    done = create(server, gwen, public=False)
    with server.http(tristan) as http:
        assert http.post(
            f"/api/v1/tables/{done['id']}/join", json={"invite": done["invite"]}
        ).is_success
    with server.http(gwen) as http:
        assert http.post(f"/api/v1/tables/{done['id']}/start").is_success
    playing = create(server, gwen, bots=["random"])
    with server.http(gwen) as http:
        assert http.post(f"/api/v1/tables/{playing['id']}/start").is_success

    async def finish() -> None:
        clients = [Client(server, token, done["id"]) for token in (gwen, tristan)]
        for client in clients:
            await client.connect()
        await asyncio.gather(*(c.play(random.Random(n)) for n, c in enumerate(clients)))
        for client in clients:
            await client.close()

    asyncio.run(finish())
    with server.http(gwen, "en") as http:
        mine = http.get("/api/v1/me/games").json()
    running = {entry["id"]: entry for entry in mine["playing"]}
    assert set(running) == {waiting["id"], playing["id"]}
    assert others["id"] not in running  # Tristan's table: not Gwen's business
    assert running[waiting["id"]]["link"] == f"/tables/{waiting['id']}?invite={waiting['code']}"
    assert running[waiting["id"]]["state"] == "lobby"
    assert running[playing["id"]]["state"] == "playing"
    assert running[playing["id"]]["seat"] == 0
    assert isinstance(running[playing["id"]]["your_turn"], bool)
    # What waits for Gwen comes first.
    turns = [entry["your_turn"] is True for entry in mine["playing"]]
    assert turns == sorted(turns, reverse=True)
    [finished] = mine["finished"]
    assert finished["table"] == done["id"] and finished["public"] is False
    assert finished["replay"] == f"/replay/{done['id']}?invite={done['code']}"
    with server.http() as http:
        assert http.get(finished["replay"]).status_code == 200
    # Tristan's own list holds the finished game too, never Gwen's waiting tables.
    with server.http(tristan) as http:
        his = http.get("/api/v1/me/games").json()
    assert [entry["id"] for entry in his["playing"]] == [others["id"]]
    assert [game["table"] for game in his["finished"]] == [done["id"]]
    # Without a token, nobody's list.
    with server.http() as http:
        assert http.get("/api/v1/me/games").status_code == 401
