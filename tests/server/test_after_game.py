"""After the game: results at the table and over HTTP, the save file, ratings and leaderboards."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import popote
from popote.cli.common import read_save
from popote.server.ratings import NEWCOMER, bot_skills, rate
from tests.server.harness import Client, Server, start_table

GAME = "pieds-dans-le-plat"


def register(server: Server, name: str) -> str:
    with server.http() as http:
        answer = http.post("/api/v1/accounts", json={"name": name, "password": "soupe-de-poisson"})
        assert answer.status_code == 200, answer.text
        token: str = answer.json()["token"]
        return token


def play_table(server: Server, tokens: list[str], **setup: Any) -> tuple[str, list[Client]]:
    """A table of ``GAME`` with these identities seated first, played to its end at random."""
    table = start_table(server, tokens, game=GAME, **setup)
    with server.http(tokens[0]) as http:
        early = http.get(f"/api/v1/tables/{table}/save")
        assert (early.status_code, early.json()["error"]) == (409, "not_over")
    clients = [Client(server, token, table, f"c{n}") for n, token in enumerate(tokens)]

    async def scenario() -> None:
        await asyncio.gather(*(c.play(random.Random(n)) for n, c in enumerate(clients)))
        for client in clients:  # the results follow the last update
            while not any(f["type"] == "results" for f in client.frames):
                await client.wait(lambda f: True)
            await client.close()

    asyncio.run(scenario())
    return table, clients


def leaderboard(server: Server) -> list[dict[str, Any]]:
    with server.http() as http:
        answer: list[dict[str, Any]] = http.get(f"/api/v1/leaderboards/{GAME}").json()
        return answer


def player(server: Server, token: str) -> dict[str, Any]:
    with server.http(token) as http:
        me = http.get("/api/v1/me").json()
        found: dict[str, Any] = http.get(f"/api/v1/players/{me['id']}").json()
        return found


def test_a_rated_game_moves_the_player_and_not_the_bot(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()
    rozenn, katell = register(server, "Rozenn"), server.guest("Katell")
    bots_before = [entry for entry in leaderboard(server) if entry["kind"] == "bot"]
    measured = bot_skills(GAME)  # the game's row of the table popote ladder measured
    assert {entry["level"]: entry["mu"] for entry in bots_before} == {
        level: round(skill.mu, 3) for level, skill in measured.items()
    }
    table, clients = play_table(server, [rozenn, katell], players=3, bots=["facile"], rated=True)
    results = next(f for f in clients[0].frames if f["type"] == "results")
    assert clients[0].frames[-1]["type"] == "results"  # the table's final message
    rozenn_seat, bot_seat, guest_seat = results["standings"]
    assert rozenn_seat["name"] == "Rozenn" and bot_seat["level"] == "facile"
    assert guest_seat["rating"] is None and bot_seat["rating"] is None  # guests are not rated
    before, after = rozenn_seat["rating"]["before"], rozenn_seat["rating"]["after"]
    assert before["mu"] == 25.0
    if rozenn_seat["rank"] < bot_seat["rank"]:
        assert after["mu"] > before["mu"]
    elif rozenn_seat["rank"] > bot_seat["rank"]:
        assert after["mu"] < before["mu"]
    else:
        assert after == before
    assert after["sigma"] <= before["sigma"]
    expected = rate(
        [rozenn_seat["rank"], bot_seat["rank"]], [NEWCOMER, measured["facile"]], [False, True]
    )[0]
    assert after == expected.json()  # the bot seat counted with its measured rating

    board = leaderboard(server)
    assert [entry for entry in board if entry["kind"] == "bot"] == [
        {**entry, "rank": next(e["rank"] for e in board if e.get("level") == entry["level"])}
        for entry in bots_before
    ]  # bots' ratings never move
    assert [entry["rating"] for entry in board] == sorted(
        (entry["rating"] for entry in board), reverse=True
    )
    people = [entry for entry in board if entry["kind"] == "player"]
    assert [(p["name"], p["games"], p["rating"]) for p in people] == [
        ("Rozenn", 1, after["rating"])
    ]
    assert player(server, katell)["ratings"] == {}
    assert player(server, katell)["recent"][0]["table"] == table

    # An unrated game changes nothing, but is among the player's games.
    play_table(server, [rozenn], players=2, bots=["expert"])
    profile = player(server, rozenn)
    assert profile["ratings"][GAME]["rating"] == after["rating"]
    assert profile["ratings"][GAME]["games"] == 1
    assert [game["rated"] for game in profile["recent"]] == [False, True]


def test_the_learned_level_counts_in_a_rating_with_its_measured_rating(
    server_factory: Callable[..., Server],
) -> None:
    """``appris`` is on the measured ladder where its network ships: a rated game against
    it moves the person's rating by its measured strength, as against any other level."""
    measured = bot_skills(GAME)["appris"]
    server = server_factory()
    rozenn = register(server, "Rozenn")
    _, clients = play_table(server, [rozenn], players=2, bots=["appris"], rated=True)
    results = next(f for f in clients[0].frames if f["type"] == "results")
    rozenn_seat, bot_seat = sorted(results["standings"], key=lambda seat: seat["seat"])
    assert bot_seat["level"] == "appris"
    expected = rate([rozenn_seat["rank"], bot_seat["rank"]], [NEWCOMER, measured], [False, True])[0]
    assert rozenn_seat["rating"]["after"] == expected.json()
    if rozenn_seat["rank"] != bot_seat["rank"]:
        assert rozenn_seat["rating"]["after"] != rozenn_seat["rating"]["before"]


def test_results_and_save_of_a_finished_game_for_anyone(
    server_factory: Callable[..., Server], tmp_path: Path
) -> None:
    server = server_factory()
    table, clients = play_table(server, [server.guest("Soazig")], players=2, bots=["random"])
    final = clients[0].state()
    assert final is not None and final["result"] is not None
    server.stop()
    server.start()  # the finished table is read back from the database
    with server.http() as http:  # no identity needed
        results = http.get(f"/api/v1/tables/{table}/results?lang=en").json()
        assert results["result"] == final["result"] and results["save"].endswith("/save")
        assert [s["name"] for s in results["standings"]] == ["Soazig (guest)", "Bot random (2)"]
        save = http.get(results["save"])
    assert save.status_code == 200 and "attachment" in save.headers["content-disposition"]
    path = tmp_path / "online.json"
    path.write_text(save.text, encoding="utf-8")
    record = read_save(path)
    assert record["bots"] == [None, "random"] and record["human_seat"] is None
    again = popote.replay(
        record["game"], record["players"], record["seed"], record["options"], record["history"]
    )
    assert again.result() == final["result"]
    shown = subprocess.run(
        [sys.executable, "-m", "popote", "replay", str(path), "--all"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert json.loads(save.text)["popote_save"] == 1


def test_what_is_refused_after_and_before_the_end(server_factory: Callable[..., Server]) -> None:
    server = server_factory()
    host = server.guest("Hôte")
    with server.http(host) as http:
        private = http.post(
            "/api/v1/tables", json={"game": GAME, "players": 2, "public": False}
        ).json()
    with server.http() as http:
        hidden = http.get(f"/api/v1/tables/{private['id']}/save")
        assert hidden.json()["error"] == "no_table"
        early = http.get(f"/api/v1/tables/{private['id']}/results?invite={private['invite']}")
        assert early.json()["error"] == "not_over"
        assert http.get("/api/v1/leaderboards/nope").json()["error"] == "invalid"
        assert http.get("/api/v1/players/999999").json()["error"] == "no_player"
        assert http.get("/api/v1/protocol").json() == {"version": 1, "revision": "1.9"}
