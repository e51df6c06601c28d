"""One's own tables: those a person sits at (turn-based games waiting for them first, with
the time left), their last finished games, and the table a short code names.

Only they ask for their list (their token); it reads the database, so that tables resting
or held by another process are in it as well as those in this process's memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import popote
from popote.core.i18n import Lang
from popote.server.codes import normal
from popote.server.deadlines import seconds_left
from popote.server.errors import refused
from popote.server.live import describe
from popote.server.models import DeadlineRow, Table, User, now
from popote.server.seats import Seat
from popote.server.store import Store
from popote.server.turns import is_turn_based

if TYPE_CHECKING:
    from popote.server.hub import Hub


def by_code(store: Store, typed: str) -> dict[str, Any]:
    """The open table a short code names, and the link that opens it: a private
    table's link carries the code itself, never its invitation."""
    code = normal(typed)
    row = None if code is None else store.open_table_by_code(code)
    if row is None:
        raise refused(
            "no_code",
            404,
            "aucune table ouverte n'a ce code : vérifiez-le (8 lettres et chiffres)",
            "no open table has this code: check it (8 letters and digits)",
        )
    return {"table": row.id, "public": row.public, "link": link("tables", row)}


def my_games(hub: Hub, user: User, lang: Lang, limit: int) -> dict[str, Any]:
    """``user``'s own tables: those not over (turn-based games waiting for them first, the
    most urgent first), then their last finished games, private ones included."""
    waiting = {row.table_id: row for row in hub.store.waiting_for(user.id)}
    rows = hub.store.unfinished_rows_of(user.id)
    running = [_my_table(hub, row, user, lang, waiting) for row in rows]
    mine = [entry for entry in running if entry is not None]
    mine.sort(
        key=lambda entry: (
            not entry["your_turn"],
            entry["left"] is None,
            entry["left"] or 0.0,
            entry["state"] != "playing",
        )
    )
    finished = [
        {
            "table": table.id,
            "game": table.game,
            "title": popote.game_info(table.game)["title"][lang],
            "finished": row.finished.isoformat(),
            "players": table.players,
            "public": table.public,
            "rated": table.rated,
            "seat": row.seat,
            "rank": row.rank,
            "won": row.won,
            "score": row.score,
            "replay": link("replay", table),
        }
        for row, table in hub.store.recent_results(user.id, limit, private=True)
    ]
    return {"playing": mine, "finished": finished}


def _my_table(
    hub: Hub, row: Table, user: User, lang: Lang, waiting: dict[str, DeadlineRow]
) -> dict[str, Any] | None:
    """A table not over as its own list shows it, if ``user`` holds a seat there
    (``waiting``: the turn-based decisions waiting for them, by table)."""
    here = hub.tables.get(row.id)
    seats = here.seats if here is not None else [Seat.from_stored(s) for s in row.seats]
    seat = next((n for n, s in enumerate(seats) if s.user == user.id), None)
    if seat is None:
        return None
    deadline = waiting.get(row.id)
    if here is not None:
        described = here.describe(lang)
        to_act = list(here.match.to_act) if here.match and row.state == "playing" else []
        your_turn: bool | None = seat in to_act
    else:  # resting, or held by another process: who is to play is known there only
        people = [s.user for s in seats if s.user is not None]
        names, guests = hub.names_of(people, lang), hub.guests_among(people)
        described = describe(row, seats, names, lang, 0, guests)
        to_act = None
        your_turn = True if deadline is not None else None
    if is_turn_based(row.clock) and row.state == "playing":
        your_turn = deadline is not None  # the person's move, not a stand-in's
    return {
        **described,
        "seat": seat,
        "to_act": to_act,
        "your_turn": your_turn,
        "due": None if deadline is None else deadline.due.isoformat(),
        "left": None if deadline is None else seconds_left(deadline, now()),
        "link": link("tables", row),
    }


def link(page: str, row: Table) -> str:
    """The address of a table's page (``tables``) or replay (``replay``); a private
    table's carries its short code, which opens it as its invitation does."""
    address = f"/{page}/{row.id}"
    return address if row.public or not row.code else f"{address}?invite={row.code}"
