"""What a run loads the servers with, and what it checks before starting."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

import popote

Frame = dict[str, Any]
SETUP_WAIT = 300.0
"""Seconds every table may take to open and every client to connect."""


@dataclass(frozen=True)
class Load:
    """What to run: the tables, who sits at them, how fast they play, for how long."""

    tables: int = 50
    players: int = 4
    humans: int = 3
    bots: str = "moyen"
    games: tuple[str, ...] = ()
    """Games dealt round the tables in turn; empty for every registered game."""
    pace: float = 0.0
    seconds: float = 30.0
    actions: int | None = None
    warmup: float = 3.0
    db: str | None = None
    processes: int = 1
    redis: str | None = None
    bot_workers: int = 2
    slow_clients: int = 0
    difficile_bots: int = 0
    reconnect_storm: bool = False
    seed: int = 1


def dealt(load: Load) -> list[str]:
    """The games played, in the order they go round the tables."""
    return list(load.games or popote.game_names())[: load.tables]


def check(load: Load) -> None:
    unknown = set(load.games) - set(popote.game_names())
    if unknown:
        raise SystemExit(f"unknown game(s): {', '.join(sorted(unknown))}")
    if not 1 <= load.humans <= load.players or load.tables < 1 or load.seconds <= 0:
        raise SystemExit("need at least one table, 1 <= humans <= players and some seconds")
    if load.processes > 1 and not (load.redis and (load.db or "").startswith("postgresql")):
        raise SystemExit("--processes 2 or more needs a PostgreSQL --db and --redis")
    if not 0 <= load.slow_clients <= load.tables or load.difficile_bots < 0:
        raise SystemExit("--slow-clients: at most one a table; --difficile-bots: 0 or more")


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
