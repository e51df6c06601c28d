"""After the game: where each seat finished, the ratings it moved, the score sheet round by
round, the game's headline ("Maëlle gagne !"), and the save file.

The save is what ``popote play --save`` writes, so ``popote replay`` reads it; it holds the
seed, which reveals every hidden card, so it is given only once the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import popote
from popote.cli.common import save_payload
from popote.core.i18n import Lang
from popote.core.match import Match
from popote.core.registry import get_game
from popote.core.sheet import ScoreSheet, score_sheet
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
    row: Table,
    seats: Sequence[Seat],
    names: Sequence[str],
    rows: Sequence[ResultRow],
    sheet: ScoreSheet,
    lang: Lang,
) -> dict[str, Any]:
    """The ``results`` message and ``GET /api/v1/tables/{id}/results``, in ``lang``."""
    result = row.result or {}
    presenter = get_game(row.game).presenter
    return {
        "table": row.id,
        "game": row.game,
        "rated": row.rated,
        "finished": row.finished.isoformat() if row.finished else None,
        "result": row.result,
        "headline": presenter.outcome(result, lang, names),
        "standings": standings(row, seats, names, rows),
        "sheet": sheet_json(sheet, names),
        "save": f"/api/v1/tables/{row.id}/save",
    }


def table_sheet(row: Table, match: Match) -> ScoreSheet:
    """The score sheet of the finished ``match`` of ``row``, played again from its deal."""
    start = popote.new_match(row.game, row.players, row.seed, row.options)
    return score_sheet(start, match.history)


def sheet_json(sheet: ScoreSheet, names: Sequence[str]) -> dict[str, Any]:
    """The sheet as the ``results`` carry it: the rounds (counted from 1), each seat's
    points per round and total.

    >>> sheet_json(ScoreSheet([[5, -2], [1, 3]], [6, 1], True), ["Anne", "Bao"])["rows"][1]
    {'seat': 1, 'name': 'Bao', 'points': [-2, 3], 'total': 1}
    """
    return {
        "rounds": list(range(1, sheet.rounds + 1)),
        "lower_is_better": sheet.lower_is_better,
        "rows": [
            {
                "seat": seat,
                "name": name,
                "points": [points[seat] for points in sheet.points],
                "total": sheet.totals[seat],
            }
            for seat, name in enumerate(names)
        ],
    }


def save_json(
    record: dict[str, Any],
    seats: Sequence[Seat],
    seat: int | None,
    names: Sequence[str],
    hints: Sequence[dict[str, int]] = (),
) -> dict[str, Any]:
    """The whole game as ``popote replay`` reads it, seen from ``seat`` (None: a spectator),
    with the players' names and the hints asked (none: no ``hints``)."""
    return save_payload(record, seat, [place.bot for place in seats], names, hints)
