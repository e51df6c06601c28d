"""The database rows of e-mail: each account's address and choice, the outbox, and the
addresses that asked never to be written to again (migration 0006)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from popote.server.models import Base, now

ADDRESS_LENGTH = 254
"""The longest address a mail server takes (RFC 5321's path, less its brackets)."""


class MailAccount(Base):
    """A registered player's address and what they asked to be sent there."""

    __tablename__ = "popote_mail_accounts"

    user_id: Mapped[int] = mapped_column(ForeignKey("popote_users.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(ADDRESS_LENGTH))
    address_key: Mapped[str] = mapped_column(String(ADDRESS_LENGTH), index=True)
    """The address in lower case: what the limits and the stop list compare."""
    confirmed: Mapped[bool] = mapped_column(default=False)
    confirm_hash: Mapped[str | None] = mapped_column(String(64), index=True)
    """The hash of the last confirmation link sent (None once confirmed)."""
    choice: Mapped[str] = mapped_column(String(8), default="none")
    """``each``, ``digest`` or ``none``."""
    hour: Mapped[int] = mapped_column(default=8)
    zone: Mapped[str] = mapped_column(String(64), default="Europe/Paris")
    updated: Mapped[datetime] = mapped_column(default=now)


class OutboxRow(Base):
    """One message to send; ``state`` goes pending, claimed, then sent (or failed, or
    dropped after an unsubscription). A claimed row is never claimed again."""

    __tablename__ = "popote_outbox"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    """``confirm``, ``turn`` or ``digest``."""
    user_id: Mapped[int] = mapped_column(ForeignKey("popote_users.id"), index=True)
    address: Mapped[str] = mapped_column(String(ADDRESS_LENGTH))
    address_key: Mapped[str] = mapped_column(String(ADDRESS_LENGTH), index=True)
    dedup: Mapped[str] = mapped_column(String(160), unique=True)
    """One message per key, ever: ``turn:<table>:<seat>:<due>``, ``digest:<user>:<date>``."""
    lang: Mapped[str] = mapped_column(String(2))
    data: Mapped[dict[str, Any]]
    """What the message is composed from when it is sent (its links' tokens are made then)."""
    state: Mapped[str] = mapped_column(String(8), index=True, default="pending")
    tries: Mapped[int] = mapped_column(default=0)
    next_try: Mapped[datetime] = mapped_column(default=now)
    error: Mapped[str | None] = mapped_column(String(200))
    unsubscribe_hash: Mapped[str | None] = mapped_column(String(64), index=True)
    """The hash of the message's unsubscribe link, made when it is claimed."""
    created: Mapped[datetime] = mapped_column(default=now)
    claimed: Mapped[datetime | None]
    sent: Mapped[datetime | None]


class MailStop(Base):
    """An address that unsubscribed: nothing is sent to it any more."""

    __tablename__ = "popote_mail_stops"

    address_key: Mapped[str] = mapped_column(String(ADDRESS_LENGTH), primary_key=True)
    created: Mapped[datetime] = mapped_column(default=now)
