"""What goes into the outbox: a message each time a game waits for a person who chose
``each``, and once a day, at the hour a person who chose ``digest`` gave, the list of every
game waiting for them (``popote.server.turns``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

import popote
from popote.server.mailconf import MailSettings
from popote.server.mailrows import MailAccount, OutboxRow
from popote.server.models import DeadlineRow, Table, User, now
from popote.server.outbox import Outbox
from popote.server.turns import Waiting

DIGEST_HOURS = 2
"""A digest missed at its hour (the server was down) still goes in the hours just after."""
log = logging.getLogger("popote.server")


class Reminders:
    """Queues the messages; ``wake`` tells the sender one is there."""

    def __init__(self, outbox: Outbox, settings: MailSettings, wake: Callable[[], None]) -> None:
        self.outbox = outbox
        self.settings = settings
        self.wake = wake

    def your_turn(self, waiting: Waiting) -> None:
        """``Hub.on_your_turn``'s listener: an ``each`` message for a confirmed address."""
        try:
            self._your_turn(waiting)
        except SQLAlchemyError:  # the game goes on; this message is lost
            log.warning("turn mail not queued", extra={"user": waiting.user_id}, exc_info=True)

    def _your_turn(self, waiting: Waiting) -> None:
        # Two queries, not four: the move that opened this decision waits for them.
        with self.outbox.session() as session:
            found = session.execute(
                select(MailAccount, User.lang)
                .join(User, User.id == MailAccount.user_id)
                .where(MailAccount.user_id == waiting.user_id)
            ).first()
            if found is None or not found[0].confirmed or found[0].choice != "each":
                return
            account, lang = found
            place = session.execute(
                select(Table.code, DeadlineRow.decision)
                .outerjoin(
                    DeadlineRow,
                    (DeadlineRow.table_id == Table.id) & (DeadlineRow.seat == waiting.seat),
                )
                .where(Table.id == waiting.table_id)
            ).first()
        code, asked = place if place is not None else (None, None)
        decision = asked if asked is not None else "none"
        data = {
            "table": waiting.table_id,
            "code": code,
            "game": waiting.game,
            "title": waiting.title.as_dict(),
            "asked": waiting.asked.as_dict(),
            "due": waiting.due.isoformat() if waiting.due else None,
            "link": waiting.link,
        }
        dedup = f"turn:{waiting.table_id}:{waiting.seat}:{decision}"
        if self.outbox.queue(_row("turn", account, lang, dedup, data)):
            self.wake()

    async def run_digests(self) -> None:
        """Look for the digests due every ``digest_check`` seconds, for ever."""
        while True:
            try:
                if self.queue_digests(now()):
                    self.wake()
            except SQLAlchemyError:
                log.warning("digests not queued", exc_info=True)
            await asyncio.sleep(self.settings.digest_check)

    def queue_digests(self, when: datetime) -> int:
        """Queue the digest of each person whose hour it is and whom a game waits for
        (one a day: the key holds their local date). How many were queued."""
        with self.outbox.session() as session:
            accounts = session.execute(
                select(MailAccount, User.lang)
                .join(User, User.id == MailAccount.user_id)
                .where(MailAccount.choice == "digest", MailAccount.confirmed.is_(True))
            ).tuples()
            due = [
                (account, lang, day)
                for account, lang in accounts
                if (day := _digest_day(account, when)) is not None
            ]
        queued = 0
        for account, lang, day in due:
            games = self.waiting_games(account.user_id)
            dedup = f"digest:{account.user_id}:{day.isoformat()}"
            if games and self.outbox.queue(_row("digest", account, lang, dedup, {"games": games})):
                queued += 1
        return queued

    def waiting_games(self, user_id: int) -> list[dict[str, Any]]:
        """Every game waiting for ``user_id``, the most urgent first."""
        with self.outbox.session() as session:
            found = session.execute(
                select(DeadlineRow, Table.game, Table.code)
                .join(Table, Table.id == DeadlineRow.table_id)
                .where(DeadlineRow.user_id == user_id)
                .order_by(DeadlineRow.due)
            ).tuples()
            return [
                {
                    "table": row.table_id,
                    "code": code,
                    "game": game,
                    "title": popote.game_info(game)["title"],
                    "due": row.due.isoformat(),
                    "link": f"/tables/{row.table_id}",
                }
                for row, game, code in found
            ]


def _digest_day(account: MailAccount, when: datetime) -> date | None:
    """The day whose digest is due at ``when`` (the person's date at their hour), or None
    outside the hours just after it."""
    local = when.astimezone(ZoneInfo(account.zone))
    start = local.replace(hour=account.hour, minute=0, second=0, microsecond=0)
    if start > local:  # the hour has not come today: yesterday's, just before midnight
        start -= timedelta(days=1)
    return start.date() if local - start < timedelta(hours=DIGEST_HOURS) else None


def _row(
    kind: str, account: MailAccount, lang: str | None, dedup: str, data: dict[str, Any]
) -> OutboxRow:
    return OutboxRow(
        kind=kind,
        user_id=account.user_id,
        address=account.address,
        address_key=account.address_key,
        dedup=dedup,
        lang=lang or "fr",
        data=data,
        state="pending",
        tries=0,
        next_try=now(),
        created=now(),
    )
