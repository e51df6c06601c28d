"""Deals nobody can compute: an online table's seed is 128 secret bits through a keyed
generator, so the search that found a 31-bit seed from one seat's opening view finds
none that deals the game; a seed the creator chooses is for practice, refused at rated tables and shown to
everyone before they sit; the database and the save file keep every seed exactly."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from alembic import command
from sqlalchemy import text

import popote
from popote.core.chance import SECRET_BITS, Chance, SecretChance, secret_seed
from popote.rl.learned import make_bot
from popote.server.seats import LEVELS
from popote.server.store import Store, database_url, migrations
from tests.server.harness import Client, Server, start_table, stored_record

GAME = "pieds-dans-le-plat"
SEARCHED = 4096
"""Seeds the attacker tries, as the attack on 31-bit seeds did (all of them, in C)."""
CHOSEN = 2_999


async def attack(client: Client) -> tuple[dict[str, Any], list[int]]:
    """What seat 0 sees when the game starts (as JSON), and the seeds the search finds from
    it; ``client`` stays connected, so that no stand-in plays for it meanwhile."""
    await client.connect()
    snapshot = await client.wait(lambda f: f["type"] == "snapshot")
    view: dict[str, Any] = snapshot["view"]
    return view, await asyncio.to_thread(search, view)


async def practice_then_online(
    practice: Client, online: Client
) -> tuple[list[int], dict[str, Any], list[int], dict[str, Any]]:
    """The attack on both tables, then the online game played to its end: the seeds found
    for the practice table, the online opening view and seeds found, the last state."""
    _, found = await attack(practice)
    await practice.close()
    view, nothing = await attack(online)
    final = await online.play(random.Random(3))
    await online.close()
    return found, view, nothing, final


def search(view: dict[str, Any]) -> list[int]:
    """Every seed below :data:`SEARCHED` that deals seat 0 exactly ``view``."""
    return [
        seed
        for seed in range(SEARCHED)
        if json.loads(json.dumps(popote.new_match(GAME, 3, seed).view(0))) == view
    ]


def deal(seed: int) -> list[dict[str, Any]]:
    """What every seat sees when a game dealt from ``seed`` starts."""
    match = popote.new_match(GAME, 3, seed)
    return [match.view(seat) for seat in range(3)]


def seed_of(server: Server, table: str) -> int:
    seed: int = stored_record(database_url(server.db, server.data), table)[0]["seed"]
    return seed


def test_the_search_that_finds_a_small_seed_finds_no_online_one(
    shared_server: Server,
) -> None:
    server = shared_server
    token = server.guest("Maïwenn")
    setup = {"game": GAME, "players": 3, "bots": ["random", "random"]}
    practice = start_table(server, [token], **setup, seed=CHOSEN)
    online = start_table(server, [token], **setup)
    found, view, nothing, final = asyncio.run(
        practice_then_online(Client(server, token, practice), Client(server, token, online))
    )
    assert found == [CHOSEN]  # the attack works on a small seed...

    seeds = [seed_of(server, online)]
    with server.http(token) as http:
        for _ in range(4):
            created = http.post("/api/v1/tables", json={"game": GAME, "sit": False})
            seeds.append(seed_of(server, created.json()["id"]))
    assert len(set(seeds)) == len(seeds)
    assert all(seed.bit_length() == SECRET_BITS + 1 for seed in seeds)
    assert all(isinstance(Chance(seed), SecretChance) for seed in seeds)

    # Once the game is over its save file rebuilds it exactly from that seed.
    with server.http(token) as http:
        saved = json.loads(http.get(f"/api/v1/tables/{online}/save").text)
    assert saved["seed"] == seeds[0]
    again = popote.replay(GAME, 3, saved["seed"], saved["options"], saved["history"])
    assert again.result() == final["result"]
    assert json.loads(json.dumps(popote.new_match(GAME, 3, saved["seed"]).view(0))) == view
    # ...but not on 128 secret bits: seat 0's opening (three cards, two islands, the top
    # card) may fit a small seed by chance (about one game in seventy), never the others'
    # hands with it.
    assert all(deal(seed) != deal(saved["seed"]) for seed in nothing)
    assert deal(CHOSEN) != deal(CHOSEN + 1)  # the comparison sees a different deal


def test_a_chosen_deal_is_for_practice_and_everyone_sees_it_before_sitting(
    shared_server: Server,
) -> None:
    server = shared_server
    host = server.guest("Hôte")
    with server.http(host) as http:
        for refused in ({"rated": True, "seed": 7}, {"seed": -1}, {"seed": 2**256}):
            answer = http.post("/api/v1/tables", json={"game": GAME, **refused})
            assert (answer.status_code, answer.json()["error"]) == (422, "bad_seed"), refused
        chosen = http.post("/api/v1/tables", json={"game": GAME, "seed": 7}).json()["id"]
        # A finished online deal may be dealt again, for practice.
        again = http.post("/api/v1/tables", json={"game": GAME, "seed": 2**128 + 5}).json()["id"]
        plain = http.post("/api/v1/tables", json={"game": GAME}).json()["id"]
    assert seed_of(server, again) == 2**128 + 5
    for lang, words in (("fr", "donne choisie"), ("en", "chosen deal")):
        with server.http(server.guest("Passant", lang), lang) as http:
            lobby = {t["id"]: t for t in http.get("/api/v1/tables").json()}
            described = http.get(f"/api/v1/tables/{chosen}").json()
        assert described["chosen_deal"] and words in described["terms"]
        assert lobby[chosen]["chosen_deal"] and lobby[again]["chosen_deal"]
        assert words in lobby[chosen]["terms"] and words in lobby[again]["terms"]
        assert not lobby[plain]["chosen_deal"] and words not in lobby[plain]["terms"]


def test_seeds_survive_the_migration_and_the_database_exactly(
    database: str | None, tmp_path: Any
) -> None:
    url = database_url(database, tmp_path)
    store = Store(url)
    try:
        with store.engine.begin() as connection:
            config = migrations()
            config.attributes["connection"] = connection
            command.upgrade(config, "0002")  # the schema of 31-bit seeds, with one table
            connection.execute(
                text(
                    "INSERT INTO popote_users (id, name, token_hash, lang, created) "
                    "VALUES (1, 'Ancien', 'x', 'fr', CURRENT_TIMESTAMP)"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO popote_tables (id, game, players, seed, options, seats, clock, "
                    "public, rated, bot_level, owner, state, created) VALUES ('old', :game, 2, "
                    ":seed, '{}', '[]', '{}', true, false, 'moyen', 1, 'lobby', CURRENT_TIMESTAMP)"
                ),
                {"game": GAME, "seed": 2**31 - 1},
            )
        store.migrate()
        old = store.table("old")
        assert old is not None and old[0].seed == 2**31 - 1 and not old[0].chosen_deal
        big = 2**129 - 1
        store.update_table("old", seed=big)
        again = store.table("old")
        assert again is not None and again[0].seed == big
    finally:
        store.close()


def test_online_bots_draw_from_the_keyed_generator_too() -> None:
    """A bot's seed is its table's plus its seat: its random choices (a slip, a tie) say
    nothing of the deal either."""
    seed = secret_seed()
    game = popote.new_match(GAME, 3, seed).game
    for level in LEVELS:
        bot = make_bot(level, game, 1, seed + 1)
        assert isinstance(bot.chance, SecretChance), level
