"""After the game: where each seat finished, the ratings it moved, and the save file.

The save is what ``popote play --save`` writes, so ``popote replay`` reads it; it holds the
seed, which reveals every hidden card, so it is given only once the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from popote.cli.common import save_payload
from popote.server.models import ResultRow, Table
from popote.server.ratings import Skill, seat_ranks
from popote.server.seats import Seat


def standings(
    row: Table, seats: Sequence[Seat], names: Sequence[str], rows: Sequence[ResultRow]
) -> list[dict[str, Any]]:
    """Each seat: its name, score, rank (1 best), whether it won, and its rating change."""
    result = row.result or {}
    ranks = seat_ranks(result, row.players)
    scores = result.get("scores")
    by_seat = {entry.seat: entry for entry in rows}
    return [
        {
            "seat": index,
            "name": names[index],
            "kind": "human" if seat.user is not None else "bot",
            "level": seat.bot,
            "score": scores[index] if isinstance(scores, list) and index < len(scores) else None,
            "rank": ranks[index],
            "won": index in result.get("winners", []),
            "rating": _change(by_seat.get(index)),
        }
        for index, seat in enumerate(seats)
    ]


def _change(entry: ResultRow | None) -> dict[str, Any] | None:
    if entry is None or entry.before_mu is None or entry.before_sigma is None:
        return None
    assert entry.after_mu is not None and entry.after_sigma is not None
    before, after = (
        Skill(entry.before_mu, entry.before_sigma),
        Skill(entry.after_mu, entry.after_sigma),
    )
    return {"before": before.json(), "after": after.json()}


def results_json(
    row: Table, seats: Sequence[Seat], names: Sequence[str], rows: Sequence[ResultRow]
) -> dict[str, Any]:
    """The ``results`` message and ``GET /api/v1/tables/{id}/results``."""
    return {
        "table": row.id,
        "game": row.game,
        "rated": row.rated,
        "finished": row.finished.isoformat() if row.finished else None,
        "result": row.result,
        "standings": standings(row, seats, names, rows),
        "save": f"/api/v1/tables/{row.id}/save",
    }


def save_json(
    record: dict[str, Any], seats: Sequence[Seat], seat: int | None, names: Sequence[str]
) -> dict[str, Any]:
    """The whole game as ``popote replay`` reads it, seen from ``seat`` (None: a spectator),
    with the players' names."""
    return save_payload(record, seat, [place.bot for place in seats], names)
