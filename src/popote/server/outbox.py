"""The queue of e-mail in the database (``popote_outbox``): it survives restarts, and a
message is sent at most once.

A row goes ``pending`` → ``claimed`` (one process took it, in a transaction that only one
can win) → ``sent``; a definite refusal puts it back to ``pending`` with a later
``next_try``, and after ``MailSettings.tries`` it is ``failed``. A row left ``claimed`` (its
process died while sending, or the mail server never answered the end of the message) is
never sent again: "never one message twice" beats "always" (docs/operations.md). A row
whose address unsubscribed, or whose person changed their mind, is ``dropped``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from popote.server.auth import new_token, token_hash
from popote.server.mailrows import MailAccount, MailStop, OutboxRow
from popote.server.models import now

KIND_CHOICE = {"turn": "each", "digest": "digest"}
"""The choice a message of each kind needs still to be its person's when it is sent."""


@dataclass(frozen=True)
class Claimed:
    """A message this process now sends, with its links' secrets (only their hashes stay)."""

    row: OutboxRow
    unsubscribe: str
    confirm: str | None


class Outbox:
    """The queue's rows, and the accounts and stops that decide whether one still goes."""

    def __init__(self, engine: Engine) -> None:
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    def queue(self, row: OutboxRow) -> bool:
        """Add ``row`` unless its dedup key was ever queued or its address unsubscribed
        (both in one transaction: a move at a turn-based table waits for this one)."""
        try:
            with self.session() as session:
                if session.get(MailStop, row.address_key) is not None:
                    return False
                session.add(row)
        except IntegrityError:  # the same message was queued before: once is enough
            return False
        return True

    def stopped(self, address_key: str) -> bool:
        with self.session() as session:
            return session.get(MailStop, address_key) is not None

    def confirmations(self, user_id: int, address_key: str, since: datetime) -> tuple[int, int]:
        """Confirmation mails queued since ``since`` for ``user_id``, and to ``address_key``."""
        recent = select(func.count()).where(OutboxRow.kind == "confirm", OutboxRow.created > since)
        with self.session() as session:
            mine = session.scalar(recent.where(OutboxRow.user_id == user_id)) or 0
            there = session.scalar(recent.where(OutboxRow.address_key == address_key)) or 0
        return int(mine), int(there)

    def claim(self, when: datetime) -> Claimed | None:
        """Take the next message due, or None; rows no longer wanted are dropped on the way."""
        while True:
            with self.session() as session:
                query = select(OutboxRow).where(
                    OutboxRow.state == "pending", OutboxRow.next_try <= when
                )
                row = session.scalars(query.order_by(OutboxRow.next_try).limit(1)).first()
                if row is None:
                    return None
                claimed = self._take(session, row, when)
            if claimed is not None:
                return claimed

    def _take(self, session: Session, row: OutboxRow, when: datetime) -> Claimed | None:
        account = session.get(MailAccount, row.user_id)
        wanted = _still_wanted(row, account) and session.get(MailStop, row.address_key) is None
        unsubscribe = new_token()
        taken = session.execute(
            update(OutboxRow)
            .where(OutboxRow.id == row.id, OutboxRow.state == "pending")
            .values(
                state="claimed" if wanted else "dropped",
                claimed=when,
                unsubscribe_hash=token_hash(unsubscribe) if wanted else None,
            )
        )
        if not wanted or taken.rowcount != 1:  # type: ignore[attr-defined]
            return None
        confirm = None
        if row.kind == "confirm" and account is not None:
            confirm = new_token()
            account.confirm_hash = token_hash(confirm)
        return Claimed(row, unsubscribe, confirm)

    def sent(self, row_id: int, when: datetime) -> None:
        self._set(row_id, state="sent", sent=when, error=None)

    def refused(self, row: OutboxRow, error: str, when: datetime, retry: float, tries: int) -> None:
        """A definite refusal: try again later, each time twice later, then give up."""
        if row.tries + 1 >= tries:
            self._set(row.id, state="failed", tries=row.tries + 1, error=error[:200])
            return
        later = when + timedelta(seconds=retry * 2**row.tries)
        self._set(row.id, state="pending", tries=row.tries + 1, next_try=later, error=error[:200])

    def unsure(self, row_id: int, error: str) -> None:
        """The message may have gone: it stays claimed, never sent again."""
        self._set(row_id, error=error[:200])

    def _set(self, row_id: int, **fields: Any) -> None:
        with self.session() as session:
            session.execute(update(OutboxRow).where(OutboxRow.id == row_id).values(**fields))

    def unsubscribe(self, token: str) -> str | None:
        """Stop every message to the address of the one whose link ``token`` is: its
        accounts choose ``none`` and its waiting messages are dropped. The address, or None."""
        with self.session() as session:
            found = session.scalars(
                select(OutboxRow).where(OutboxRow.unsubscribe_hash == token_hash(token))
            ).first()
            if found is None:
                return None
            key = found.address_key
            if session.get(MailStop, key) is None:
                session.add(MailStop(address_key=key, created=now()))
            session.execute(
                update(MailAccount)
                .where(MailAccount.address_key == key)
                .values(choice="none", confirmed=False, confirm_hash=None)
            )
            session.execute(
                update(OutboxRow)
                .where(OutboxRow.address_key == key, OutboxRow.state == "pending")
                .values(state="dropped")
            )
            return found.address

    def gauges(self, when: datetime) -> dict[str, float]:
        """Messages by state, and the age of the oldest pending one (seconds)."""
        with self.session() as session:
            grouped = select(OutboxRow.state, func.count()).group_by(OutboxRow.state)
            counts = dict(list(session.execute(grouped).tuples()))  # a Result has keys()
            oldest = session.scalar(
                select(func.min(OutboxRow.created)).where(OutboxRow.state == "pending")
            )
        figures = {state: float(counts.get(state, 0)) for state in STATES}
        figures["oldest_pending_seconds"] = (
            0.0 if oldest is None else max(0.0, (when - oldest).total_seconds())
        )
        return figures


STATES = ("pending", "claimed", "sent", "failed", "dropped")


def _still_wanted(row: OutboxRow, account: MailAccount | None) -> bool:
    """Whether the person still wants this message at this address."""
    if account is None or account.address_key != row.address_key:
        return False
    if row.kind == "confirm":
        return not account.confirmed
    return account.confirmed and account.choice == KIND_CHOICE.get(row.kind)
