"""What the speed work must never change: the heuristic bot's choices, pinned on seeded
games, and a hushed world (a search's sample) building no events at all."""

from __future__ import annotations

import hashlib
import json

import popote
from popote.core.chance import Chance
from popote.core.options import OptionValue
from popote.core.registry import get_game

NAME = "boom-badaboom"
TABLES: list[dict[str, OptionValue]] = [
    {},
    {"tablier": "chain", "own_card": "others"},
    {"difficulty_table": "calibrated", "difficulty": "piece_montee"},
]
HEURISTIC_GAMES = "5db258de0eb203fd"
"""Recorded before the bot was made faster: a changed hash means it chooses differently."""


def heuristic_games() -> str:
    digest = hashlib.sha256()
    game = get_game(NAME)
    for players in range(1, 6):
        for table in TABLES:
            match = popote.new_match(NAME, players=players, seed=players, options=table)
            bots = [game.heuristic_bot(seat, players) for seat in range(players)]
            while not match.over:
                seat = match.to_act[0]
                action = bots[seat].choose(match)
                digest.update(json.dumps([seat, action], sort_keys=True).encode())
                match.act(seat, action)
    return digest.hexdigest()[:16]


def test_the_heuristic_bot_chooses_as_it_always_has() -> None:
    assert heuristic_games() == HEURISTIC_GAMES


def test_a_hushed_world_builds_no_events() -> None:
    loud = popote.new_match(NAME, players=4, seed=3)
    quiet = loud.clone().hush()
    chance = Chance(3)
    told = 0
    while not loud.over:
        seat = chance.choice(loud.to_act)
        legal = loud.legal_actions(seat)
        action = chance.choice(legal)
        told += len(loud.act(seat, action))
        assert quiet.act(seat, quiet.legal_actions(seat)[legal.index(action)]) == []
    assert told > 0 and quiet.over
