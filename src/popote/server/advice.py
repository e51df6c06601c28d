"""What the bot workers compute for people besides the bots' moves: the review of a
finished game for one seat, and a hint at a table (``popote.lab.review``). Both run in a
worker process (``popote.server.bots``), never on the event loop, and answer JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import popote
from popote.lab.review import Budget, hint, review


def review_json(record: dict[str, Any], seat: int, worlds: int, seed: int) -> dict[str, Any]:
    """The review of ``seat`` in the finished game ``record``, with ``worlds`` sampled per
    decision from ``seed`` (the seats named by number: it is stored once for every reader,
    in both languages)."""
    return review(record, seat, Budget(worlds, seed), jobs=1).as_json()


def hint_json(record: dict[str, Any], seat: int, seed: int, names: Sequence[str]) -> dict[str, Any]:
    """What ``difficile`` would play at ``seat`` in the match ``record`` describes, and why,
    within its thinking time (a person waits for it)."""
    match = popote.replay(
        record["game"], record["players"], record["seed"], record["options"], record["history"]
    )
    return hint(match, seat, seed, names, timed=True).as_json()
