"""Ratings that mean something: a rated game counts for a person as they played it, and
as the last place for one who left it once the deal was dealt (a strong stand-in bot earns
nothing for whoever left, and dodging a bad deal costs); rated tables keep clocks a person
can meet, and say all this to everyone before they sit."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tests.server.harness import Server, start_table
from tests.server.test_after_game import GAME, leaderboard, player, register

OVER_WAIT = 120.0
ENGLISH = "/api/v1/tables?lang=en"


def results_when_over(server: Server, token: str, table: str) -> dict[str, Any]:
    """The table's results, once the bots have played it to its end."""
    deadline = time.monotonic() + OVER_WAIT
    with server.http(token) as http:
        while time.monotonic() < deadline:
            answer = http.get(f"/api/v1/tables/{table}/results")
            if answer.status_code == 200:
                results: dict[str, Any] = answer.json()
                return results
            assert answer.json()["error"] == "not_over"
            time.sleep(0.3)
    raise AssertionError(f"table {table} did not end within {OVER_WAIT} s")


def test_leaving_a_rated_game_after_the_deal_counts_as_the_last_place(
    server_factory: Callable[..., Server],
) -> None:
    """A member who leaves once the cards are dealt (a strong stand-in bot playing on) is
    rated as if their seat finished last: dodging a bad deal, or farming a strong stand-in,
    costs rating, each time. The stand-in is ``difficile``: ``expert``'s search with a
    quarter of its thinking time, so that each game ends sooner."""
    server = server_factory()
    member = register(server, "Fuyard")
    setup = {"players": 2, "bots": ["random"], "bot_level": "difficile", "rated": True}
    ratings = []
    for _ in range(2):
        table = start_table(server, [member], game=GAME, **setup)
        with server.http(member) as http:
            assert http.post(f"/api/v1/tables/{table}/leave").status_code == 200
        standing = results_when_over(server, member, table)["standings"][0]
        assert standing["name"] == "Fuyard" and standing["rating"] is not None
        change = standing["rating"]
        assert change["after"]["mu"] < change["before"]["mu"]
        ratings.append(change)
    assert ratings[1]["before"] == ratings[0]["after"]
    profile = player(server, member)
    assert profile["ratings"][GAME]["games"] == 2
    assert profile["ratings"][GAME]["rating"] == ratings[1]["after"]["rating"]
    mine = [entry for entry in leaderboard(server) if entry["kind"] == "player"]
    assert [entry["name"] for entry in mine] == ["Fuyard"]


def test_rated_tables_say_before_sitting_that_leaving_counts_as_last(
    shared_server: Server,
) -> None:
    server = shared_server
    member = register(server, "Prévenue")
    base = {"game": GAME, "players": 2, "clock": "fast"}
    with server.http(member) as http:
        for lang, rule in (
            ("fr", "quitter la partie une fois la donne distribuée compte comme la dernière"),
            ("en", "leaving the game once the deal is dealt counts as the last place"),
        ):
            rated = http.post(f"/api/v1/tables?lang={lang}", json={**base, "rated": True})
            unrated = http.post(f"/api/v1/tables?lang={lang}", json={**base, "rated": False})
            assert rule in rated.json()["terms"], rated.json()["terms"]
            assert rule not in unrated.json()["terms"]
        lobby = {table["id"]: table for table in http.get(ENGLISH).json()}
    assert any("counts as the last place" in table["terms"] for table in lobby.values())


def test_rated_tables_refuse_clocks_nobody_can_meet_and_say_theirs(
    shared_server: Server,
) -> None:
    server = shared_server
    member = register(server, "Pressé")
    base = {"game": GAME, "players": 2, "rated": True}
    with server.http(member) as http:
        for clock in (
            {"turn_seconds": 0.05},
            {"turn_seconds": 14.9},
            {"clock": "fast", "window_seconds": 1},
            {"clock": "none", "turn_seconds": 0.05},
        ):
            answer = http.post(ENGLISH, json={**base, **clock})
            assert (answer.status_code, answer.json()["error"]) == (422, "bad_clock"), clock
            assert "15 s" in answer.json()["message"]
        fast = http.post(ENGLISH, json={**base, "clock": "fast"}).json()
        untimed = http.post(ENGLISH, json={**base, "clock": "none"}).json()
        practice = http.post(ENGLISH, json={**base, "rated": False, "turn_seconds": 0.05}).json()
        turns_only = http.post(ENGLISH, json={**base, "clock": "none", "turn_seconds": 30}).json()
    assert "15 s a turn, 6 s to answer together; rated" in fast["terms"]
    assert turns_only["terms"].startswith("clock: 30 s a turn; rated")
    assert untimed["terms"].startswith("no clock; rated")
    assert practice["terms"].startswith("clock: 0.05 s a turn")
    with server.http(lang="fr") as http:
        lobby = {table["id"]: table for table in http.get("/api/v1/tables").json()}
    assert lobby[fast["id"]]["terms"].startswith("horloge : 15 s par tour, 6 s pour")
    assert lobby[practice["id"]]["terms"].endswith(" ; non classée")
