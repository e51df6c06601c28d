"""The HTTP half: identities, the lobby, private tables, seats and clear refusals."""

from __future__ import annotations

from collections.abc import Callable

from tests.server.harness import Server


def test_accounts_tokens_and_languages(shared_server: Server) -> None:
    server = shared_server
    with server.http() as http:
        made = http.post(
            "/api/v1/accounts", json={"name": "Gwen <i>", "password": "crêpes-au-sucre"}
        )
        assert made.status_code == 200 and made.json()["name"] == "Gwen <i>"
        again = http.post("/api/v1/accounts", json={"name": "GWEN <I>", "password": "autre-chose"})
        assert again.status_code == 409 and again.json()["message"] == (
            "ce nom (ou un nom qui lui ressemble) est déjà pris"
        )
        wrong = http.post(
            "/api/v1/login?lang=en", json={"name": "gwen <i>", "password": "nope-nope"}
        )
        assert (wrong.status_code, wrong.json()["message"]) == (401, "wrong name or password")
        login = http.post("/api/v1/login", json={"name": "gwen <i>", "password": "crêpes-au-sucre"})
        assert login.status_code == 200
        stale = http.get("/api/v1/me", headers={"Authorization": f"Bearer {made.json()['token']}"})
        assert stale.status_code == 401
        forged = http.get("/api/v1/me", headers={"Authorization": "Bearer " + "A" * 43})
        assert forged.json()["error"] == "unauthorized"
    with server.http(login.json()["token"], lang="en") as http:
        assert http.get("/api/v1/me").json()["lang"] == "fr"
        unknown = http.post("/api/v1/tables", json={"game": "nope"})
        assert unknown.json()["message"].startswith("jeu inconnu")  # the identity's setting wins
        assert http.patch("/api/v1/me", json={"lang": "en"}).status_code == 200
        assert (
            http.post("/api/v1/tables", json={"game": "nope"})
            .json()["message"]
            .startswith("unknown game")
        )


def test_private_tables_need_their_invite(server_factory: Callable[..., Server]) -> None:
    server = server_factory()
    host, guest = server.guest("Hôte"), server.guest("Invité")
    with server.http(host) as http:
        made = http.post(
            "/api/v1/tables", json={"game": "stir-fry-eighteen", "players": 2, "public": False}
        ).json()
    table, invite = made["id"], made["invite"]
    assert made["invite_link"] == f"/tables/{table}?invite={invite}"
    with server.http(guest) as http:
        assert http.get("/api/v1/tables").json() == []
        assert http.post(f"/api/v1/tables/{table}/join", json={}).status_code == 404
        assert (
            http.post(f"/api/v1/tables/{table}/join", json={"invite": "x" * 16}).status_code == 404
        )
        joined = http.post(f"/api/v1/tables/{table}/join", json={"invite": invite})
        assert joined.json()["seat"] == 1
        assert http.get(f"/api/v1/tables/{table}").status_code == 200  # seated: no invite needed


def test_seats_bots_and_start(server_factory: Callable[..., Server]) -> None:
    server = server_factory()
    host, stranger = server.guest("Hôte"), server.guest("Passant")
    with server.http(host) as http:
        made = http.post(
            "/api/v1/tables", json={"game": "boom-badaboom", "players": 3, "bots": ["facile"]}
        )
        table = made.json()["id"]
        assert [s["kind"] for s in made.json()["seats"]] == ["human", "bot", "free"]
        early = http.post(f"/api/v1/tables/{table}/start")
        assert (early.status_code, early.json()["error"]) == (409, "seats_free")
        bad = http.post(f"/api/v1/tables/{table}/bots", json={"level": "génie"})
        assert bad.status_code == 422 and "niveau de bot inconnu" in bad.json()["message"]
        bad_clock = http.post("/api/v1/tables", json={"game": "boom-badaboom", "turn_seconds": -1})
        assert bad_clock.json()["error"] == "bad_clock"
        lobby = http.get("/api/v1/tables").json()
        assert [t["id"] for t in lobby] == [table] and "seed" not in lobby[0]
    with server.http(stranger) as http:
        refused = http.post(f"/api/v1/tables/{table}/bots", json={"level": "moyen"})
        assert refused.json()["error"] == "not_seated"
    with server.http(host) as http:
        seat = http.post(f"/api/v1/tables/{table}/bots", json={"level": "expert"}).json()["seat"]
        assert seat == 2
        assert http.post(f"/api/v1/tables/{table}/join", json={}).json()["error"] == "seated"
        assert http.post(f"/api/v1/tables/{table}/start").json()["state"] == "playing"
        assert http.post(f"/api/v1/tables/{table}/bots", json={}).json()["error"] == "started"
        games = http.get("/api/v1/games").json()
        assert {g["name"] for g in games} >= {"bouillabaisse", "ar-seizh-bigoudenn"}
        assert http.get("/openapi.json").json()["info"]["title"] == "Popote"


def test_the_learned_level_is_offered_only_where_a_network_ships(
    shared_server: Server,
) -> None:
    server = shared_server
    with server.http(server.guest("Hôte")) as http:
        levels = {g["name"]: g["bot_levels"] for g in http.get("/api/v1/games").json()}
        assert "appris" in levels["bouillabaisse"] and "appris" in levels["pieds-dans-le-plat"]
        assert "appris" not in levels["boom-badaboom"]
        refused = http.post("/api/v1/tables", json={"game": "boom-badaboom", "bots": ["appris"]})
        assert refused.status_code == 422 and "appris" not in refused.json()["message"]
        made = http.post("/api/v1/tables", json={"game": "pieds-dans-le-plat", "bots": ["appris"]})
        assert [s["kind"] for s in made.json()["seats"]] == ["human", "bot", "free"]
