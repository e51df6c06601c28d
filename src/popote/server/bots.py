"""Bots think in worker processes, so a slow search never stalls the event loop.

A worker gets the match's record, rebuilds it with the engine (``popote.replay``'s path),
lets the bot observe what its seat saw, and returns the bot's action. Each worker keeps the
last matches it rebuilt: the next decision at the same table only plays the new actions.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import popote
from popote.bots.base import Bot
from popote.bots.registry import make_bot
from popote.core.actions import visible_events
from popote.core.match import Match
from popote.server.metrics import BOT_SECONDS

_KEPT_MATCHES = 64
NICENESS = 10
"""How much lower than the server's the bot workers' CPU priority is."""
_worlds: OrderedDict[tuple[str, int, str], tuple[Match, Bot]] = OrderedDict()


def think(table: str, record: dict[str, Any], seat: int, level: str) -> dict[str, Any]:
    """The action the bot of ``level`` at ``seat`` plays in the match ``record`` describes."""
    match, bot = _world(table, record, seat, level)
    for entry in record["history"][len(match.history) :]:
        events = match.act(entry["seat"], entry["action"])
        seen = visible_events(events, seat)
        if seen:
            bot.observe(seen)
    return dict(bot.choose(match))


def _world(table: str, record: dict[str, Any], seat: int, level: str) -> tuple[Match, Bot]:
    key = (table, seat, level)
    kept = _worlds.pop(key, None)
    if kept is None or len(kept[0].history) > len(record["history"]):
        match = popote.new_match(
            record["game"], record["players"], record["seed"], record["options"]
        )
        bot = make_bot(level, match.game, seat, record["seed"] + seat)
        bot.observe(match.events(seat))
        kept = (match, bot)
    _worlds[key] = kept
    while len(_worlds) > _KEPT_MATCHES:
        _worlds.popitem(last=False)
    return kept


class BotPool:
    """A pool of worker processes, started on first use and restarted if one dies."""

    def __init__(self, workers: int) -> None:
        self._workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    async def choose(
        self, table: str, record: dict[str, Any], seat: int, level: str
    ) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        with BOT_SECONDS.labels(level).time():
            try:
                return await loop.run_in_executor(
                    self._executor(), think, table, record, seat, level
                )
            except BrokenProcessPool:
                self._pool = None
                return await loop.run_in_executor(
                    self._executor(), think, table, record, seat, level
                )

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fork of a process running an event loop and threads may inherit locks.
            context = multiprocessing.get_context("spawn")
            # The workers yield the CPU to the event loop: a search that takes a little
            # longer is better than every table's clients waiting behind it.
            self._pool = ProcessPoolExecutor(
                self._workers, mp_context=context, initializer=os.nice, initargs=(NICENESS,)
            )
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
