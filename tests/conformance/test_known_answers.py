"""Known answers: the outcome of seeded random games, pinned per game and player count.

Speed work must never change a rule. Each game below is played at random through the
public contract (seats and actions drawn from a seeded :class:`Chance`) and everything any
seat could observe (history, the events each seat sees, final views and the result) is
hashed; the hashes were recorded before the engine was made faster. A hash that changes
means the games play differently: find out why before updating it.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import popote
from popote.core.chance import Chance

GAMES_PER_COUNT = 3
KNOWN: dict[str, str] = {
    "ar-seizh-bigoudenn/2": "bdd35598ffe14a5e",
    "ar-seizh-bigoudenn/3": "5571d340505dca2a",
    "ar-seizh-bigoudenn/4": "c7bdea1fd2b08116",
    "ar-seizh-bigoudenn/5": "80523391448b6399",
    "ar-seizh-bigoudenn/6": "1717de64305f311f",
    "ar-seizh-bigoudenn/7": "42acac32d94ff5df",
    "boom-badaboom/1": "5b6640040f58e82d",
    "boom-badaboom/2": "ba4de2b5faa93b90",
    "boom-badaboom/3": "fa0f6e920eed37f6",
    "boom-badaboom/4": "0f865a6eee36df33",
    "boom-badaboom/5": "53a84a4344af457c",
    "bouillabaisse/2": "05c71866c0aa0093",
    "bouillabaisse/3": "127b5a205e1ce27f",
    "bouillabaisse/4": "7985b071330dabf4",
    "bouillabaisse/5": "17d16fab78b19877",
    "bouillabaisse/6": "834354e2e82a499a",
    "bouillabaisse/7": "544606044b891e28",
    "bouillabaisse/8": "fbbfe0685bbaa000",
    "bouillabaisse/9": "83177ccfec5cc02e",
    "bouillabaisse/10": "3cd87fbbf6f76ca4",
    "bouillabaisse/11": "fb3ed84d68859224",
    "bouillabaisse/12": "bcef5f1d46e9d4ad",
    # Issue 45 split the penalty event in two (penalty kept, island_caught fleeting): the
    # history, every view, the result and every other event hash as before that change.
    "pieds-dans-le-plat/2": "39d7b822a2be7e4d",
    "pieds-dans-le-plat/3": "ec6c0d06b5ea3cc4",
    "pieds-dans-le-plat/4": "5b944f9010f43c54",
    "pieds-dans-le-plat/5": "9a43c5ee6701b567",
    "stir-fry-eighteen/2": "e9f06d84bbd0cec0",
    "stir-fry-eighteen/3": "7655495e78de52f8",
    "stir-fry-eighteen/4": "22cfb23b92e4f887",
    "stir-fry-eighteen/5": "462385a463996989",
}


def played(name: str, players: int, seed: int) -> popote.Match:
    match = popote.new_match(name, players=players, seed=seed)
    chance = Chance(seed * 7 + 1)
    while not match.over:
        seat = chance.choice(match.to_act)
        match.act(seat, chance.choice(match.legal_actions(seat)))
    return match


def fingerprint(name: str, players: int) -> str:
    digest = hashlib.sha256()
    for seat in range(GAMES_PER_COUNT):
        match = played(name, players, seed=1000 * players + seat)
        seats: list[int | None] = [None, *range(players)]
        observed = {
            "history": match.history,
            "events": [match.events(seat) for seat in seats],
            "views": [match.view(seat) for seat in seats],
            "result": match.result(),
        }
        digest.update(json.dumps(observed, sort_keys=True).encode())
    return digest.hexdigest()[:16]


def counts() -> list[tuple[str, int]]:
    return [
        (name, players)
        for name in popote.game_names()
        for players in range(
            popote.game_info(name)["min_players"], popote.game_info(name)["max_players"] + 1
        )
    ]


@pytest.mark.parametrize(("name", "players"), counts())
def test_seeded_random_games_play_as_they_always_have(name: str, players: int) -> None:
    assert fingerprint(name, players) == KNOWN[f"{name}/{players}"]
