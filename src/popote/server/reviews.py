"""Reviews of finished games on the server (issue 47): asked over HTTP
(``popote.server.review_api``), computed by the bot workers behind every bot
(``BotPool.review``), kept in the database (``popote_reviews``) for every later reader.

- **Who.** A player seated at the finished table, for any seat; anyone, once the game is
  public (a public table: its save and replay are anyone's once it is over).
- **The same review.** The budget is ``Budget()``'s worlds (the game's) and a seed drawn
  from the table's id: the same table and seat give the same review, computed once, whoever asks.
- **Limits.** Each identity may ask ``per_day`` reviews at once and then as many a day, and
  each address ``per_address_day``, all its identities together; a review already asked
  (by anyone) is served without counting.
- **Restarts.** A review queued or running when the server stopped (or died) is queued
  again when it starts: the row is the queue.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from popote.core.registry import get_game
from popote.lab.review import Budget
from popote.server.errors import Refused, refused
from popote.server.live import LiveTable
from popote.server.models import User, now
from popote.server.quotas import RateTable, too_often
from popote.server.reviewconf import ReviewSettings
from popote.server.reviewrows import ReviewRow
from popote.server.store import Store, added_once

log = logging.getLogger("popote.server")
DAY = 24 * 3600.0
UNFINISHED = ("queued", "running")


def review_seed(table_id: str) -> int:
    """The seed of a table's reviews, from its id: the same worlds for every asker.

    >>> review_seed("abc") == review_seed("abc") != review_seed("abd")
    True
    """
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:7], "big")


def review_url(table_id: str, seat: int) -> str:
    return f"/api/v1/tables/{table_id}/review?seat={seat}"


def answer_of(row: ReviewRow) -> dict[str, Any]:
    """What ``GET`` answers for a review: done with the review, or where it stands."""
    if row.status == "done":
        return {"status": "done", "review": row.result}
    return {"status": row.status, "url": review_url(row.table_id, row.seat)}


class ReviewBook:
    """The reviews' rows."""

    def __init__(self, engine: Engine) -> None:
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    def find(self, table_id: str, seat: int) -> ReviewRow | None:
        with self._session() as session:
            query = select(ReviewRow).where(ReviewRow.table_id == table_id, ReviewRow.seat == seat)
            return session.scalars(query).first()

    def add(self, row: ReviewRow) -> bool:
        """Add ``row``; False when another request added the same review first."""
        return added_once(self._session(), row)

    def again(self, row: ReviewRow) -> None:
        """A failed review queued again."""
        with self._session() as session:
            values = {"status": "queued", "asked_by": row.asked_by, "created": now()}
            session.execute(update(ReviewRow).where(ReviewRow.id == row.id).values(**values))

    def unfinished(self) -> list[ReviewRow]:
        with self._session() as session:
            query = select(ReviewRow).where(ReviewRow.status.in_(UNFINISHED))
            return list(session.scalars(query.order_by(ReviewRow.id)))

    def set(self, review_id: int, **fields: Any) -> None:
        with self._session() as session:
            session.execute(update(ReviewRow).where(ReviewRow.id == review_id).values(**fields))


class Reviews:
    """The reviews asked of this server, queued on the bot workers' review lane."""

    def __init__(self, store: Store, bots: Any, settings: ReviewSettings) -> None:
        self.store = store
        self.book = ReviewBook(store.engine)
        self.bots = bots
        """The ``BotPool`` (its review lane)."""
        self._per_identity = RateTable(settings.per_day, DAY)
        self._per_address = RateTable(settings.per_address_day, DAY)
        self._tasks: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        """Queue again every review a stopped server left unfinished."""
        for row in self.book.unfinished():
            self._queue(row)

    def stop(self) -> None:
        for task in self._tasks:
            task.cancel()

    def ask(
        self, table: LiveTable, user: User, address: str, seat: object
    ) -> tuple[bool, ReviewRow]:
        """The review of ``seat`` (None: the asker's) at the finished ``table``, queued if
        nobody asked it before; whether it was new, and its row."""
        chosen = allowed_seat(table, user, seat)
        found = self.book.find(table.id, chosen)
        if found is not None and found.status != "failed":
            return False, found
        self._count(user.id, address)
        budget = Budget(seed=review_seed(table.id)).for_game(get_game(table.row.game))
        row = found or ReviewRow(
            table_id=table.id,
            seat=chosen,
            status="queued",
            budget={"worlds": budget.worlds, "seed": budget.seed},
            asked_by=user.id,
        )
        if found is not None:
            row.status, row.asked_by = "queued", user.id
            self.book.again(row)
        elif not self.book.add(row):  # another request queued it meanwhile: counted once
            self._per_identity.give_back(user.id)
            self._per_address.give_back(address)
            again = self.book.find(table.id, chosen)
            assert again is not None
            return False, again
        self._queue(row)
        return True, row

    def asked(self, table: LiveTable, user: User | None, seat: object) -> ReviewRow:
        """The review of ``seat`` at ``table`` as it stands; 404 when never asked."""
        chosen = allowed_seat(table, user, seat)
        found = self.book.find(table.id, chosen)
        if found is None:
            raise refused(
                "no_review",
                404,
                "aucune revue demandée pour ce siège de cette partie",
                "no review was asked for this seat of this game",
            )
        return found

    def _count(self, user_id: int, address: str) -> None:
        if not self._per_identity.take(user_id):
            raise _too_many(self._per_identity.wait(user_id))
        if not self._per_address.take(address):
            self._per_identity.give_back(user_id)
            raise _too_many(self._per_address.wait(address))

    def _queue(self, row: ReviewRow) -> None:
        task = asyncio.get_running_loop().create_task(self._run(row))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, row: ReviewRow) -> None:
        budget = (int(row.budget["worlds"]), int(row.budget["seed"]))
        try:
            record = self._record(row.table_id)
            done = await self.bots.review(
                row.asked_by or 0,
                row.table_id,
                record,
                row.seat,
                budget,
                lambda: self.book.set(row.id, status="running"),
            )
            self.book.set(row.id, status="done", result=done, finished=now())
        except asyncio.CancelledError:
            raise  # the server stops: queued again at its next start
        except Exception:
            log.exception("review failed", extra={"table": row.table_id})
            try:
                self.book.set(row.id, status="failed", finished=now())
            except SQLAlchemyError:
                log.warning("review failed and could not be marked so")

    def _record(self, table_id: str) -> dict[str, Any]:
        found = self.store.table(table_id)
        assert found is not None, "a reviewed table is kept"
        row, actions = found
        return {
            "game": row.game,
            "players": row.players,
            "seed": row.seed,
            "options": row.options,
            "history": [{"seat": action.seat, "action": action.action} for action in actions],
        }


def allowed_seat(table: LiveTable, user: User | None, seat: object) -> int:
    """The seat to review at the finished ``table``: ``seat`` (None: the asker's own), for
    a player of the table or, once the game is public, for anyone."""
    mine = None if user is None else table.seat_of(user.id)
    if mine is None and not table.row.public:
        raise refused(
            "not_seated",
            403,
            "seuls les joueurs de cette partie privée en demandent la revue",
            "only the players of this private game ask for its review",
        )
    chosen = mine if seat is None else seat
    if type(chosen) is not int or not 0 <= chosen < table.row.players:
        raise refused(
            "bad_seat",
            400,
            "siège à revoir : un entier de 0 à {last}",
            "seat to review: an integer from 0 to {last}",
            last=table.row.players - 1,
        )
    return chosen


def _too_many(wait: float) -> Refused:
    return too_often(
        "too_many_reviews", wait, "trop de revues demandées", "too many reviews asked for"
    )
