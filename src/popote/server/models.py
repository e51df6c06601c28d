"""The database tables. Persistence is the action log: a table row and one row per action."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    DateTime,
    Float,
    ForeignKey,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

SEED_DIGITS = 80
"""Decimal digits a stored seed may have (2**256 has 78)."""


def now() -> datetime:
    return datetime.now(UTC)


class UtcDateTime(TypeDecorator[datetime]):
    """A moment in UTC, read back with its time zone: SQLite keeps none, so a time read
    from it would otherwise differ from the one written (``…+00:00`` lost)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Seed(TypeDecorator[int]):
    """A seed of any size, kept as its decimal digits: online seeds have 129 bits, more than
    any integer column holds (and SQLite's NUMERIC would round them)."""

    impl = String(SEED_DIGITS)
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Any) -> str | None:
        return None if value is None else str(value)

    def process_result_value(self, value: str | None, dialect: Any) -> int | None:
        return None if value is None else int(value)


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dict[str, Any]: JSON,
        list[Any]: JSON,
        datetime: UtcDateTime(),
    }


class User(Base):
    """A guest (name and token) or a registered player (also a password hash)."""

    __tablename__ = "popote_users"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    login: Mapped[str | None] = mapped_column(String(64), unique=True)
    """The folded name of a registered player (guests have none): names log in."""
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    lang: Mapped[str] = mapped_column(String(2), default="fr")
    created: Mapped[datetime] = mapped_column(default=now)


class Table(Base):
    """One table: its game and setup, who sits where, its clock and where it stands."""

    __tablename__ = "popote_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int]
    seed: Mapped[int] = mapped_column(Seed())
    chosen_deal: Mapped[bool] = mapped_column(default=False)
    """The creator chose the seed (a practice deal): everyone is told before sitting."""
    options: Mapped[dict[str, Any]]
    seats: Mapped[list[Any]]
    """One entry per seat: ``{"user": id}``, ``{"bot": level}`` or ``{}`` (free)."""
    clock: Mapped[dict[str, Any]]
    public: Mapped[bool]
    invite_hash: Mapped[str | None] = mapped_column(String(64))
    code: Mapped[str | None] = mapped_column(String(16), index=True)
    """The short code read aloud to open the table (``popote.server.codes``): unique among
    tables not over; None for tables made before codes."""
    rated: Mapped[bool]
    bot_level: Mapped[str] = mapped_column(String(16))
    """The level of stand-in bots (a player out of time, away or gone)."""
    owner: Mapped[int] = mapped_column(ForeignKey("popote_users.id"))
    state: Mapped[str] = mapped_column(String(8), index=True)
    """``lobby``, ``playing`` or ``over``."""
    result: Mapped[dict[str, Any] | None]
    created: Mapped[datetime] = mapped_column(default=now)
    finished: Mapped[datetime | None]
    resting: Mapped[bool] = mapped_column(default=False)
    """Let go from memory on purpose (a turn-based table nobody uses): no process holds it,
    and none takes it over until someone connects, plays or a deadline passes."""


class ActionRow(Base):
    """One accepted action: committed before any of its events is sent."""

    __tablename__ = "popote_actions"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("popote_tables.id"))
    index: Mapped[int]
    seat: Mapped[int]
    action: Mapped[dict[str, Any]]
    action_id: Mapped[str | None] = mapped_column(String(64))
    """The client's id for it (a resent action is applied once); None for bots."""
    by_bot: Mapped[bool] = mapped_column(default=False)
    created: Mapped[datetime] = mapped_column(default=now)

    __table_args__ = (UniqueConstraint("table_id", "index", name="uq_popote_actions_table_index"),)


class ChatRow(Base):
    """A chat line at a table (``table_id``) or in the lobby (``None``)."""

    __tablename__ = "popote_chat"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str | None] = mapped_column(String(32), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("popote_users.id"))
    text: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(default=now)


class RatingRow(Base):
    """A registered player's OpenSkill rating in one game (bots' ratings are fixed, not stored)."""

    __tablename__ = "popote_ratings"

    user_id: Mapped[int] = mapped_column(ForeignKey("popote_users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int]
    updated: Mapped[datetime] = mapped_column(default=now)


class ResultRow(Base):
    """Where one person finished one game, written with the table's end (and its ratings)."""

    __tablename__ = "popote_results"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("popote_tables.id"))
    user_id: Mapped[int] = mapped_column(ForeignKey("popote_users.id"), index=True)
    game: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int]
    rank: Mapped[int]
    won: Mapped[bool]
    score: Mapped[float | None] = mapped_column(Float)
    before_mu: Mapped[float | None] = mapped_column(Float)
    before_sigma: Mapped[float | None] = mapped_column(Float)
    after_mu: Mapped[float | None] = mapped_column(Float)
    after_sigma: Mapped[float | None] = mapped_column(Float)
    """The rating before and after, for a registered player at a rated table (else None)."""
    finished: Mapped[datetime] = mapped_column(default=now)

    __table_args__ = (UniqueConstraint("table_id", "seat", name="uq_popote_results_table_seat"),)


class DeadlineRow(Base):
    """When the decision asked of a person at a turn-based table runs out of time: one row
    per seat asked, removed once it is answered (``popote.server.turns``)."""

    __tablename__ = "popote_deadlines"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("popote_tables.id"))
    seat: Mapped[int]
    user_id: Mapped[int] = mapped_column(ForeignKey("popote_users.id"), index=True)
    decision: Mapped[int]
    """The decision's id: the number of actions played when it opened."""
    opened: Mapped[datetime]
    seconds: Mapped[float] = mapped_column(Float)
    """The time the move is given, holidays not counted."""
    due: Mapped[datetime] = mapped_column(index=True)
    """``opened`` plus ``seconds``, pushed back by the person's holidays."""

    __table_args__ = (UniqueConstraint("table_id", "seat", name="uq_popote_deadlines_table_seat"),)


class HolidayRow(Base):
    """Days off one account took: its turn-based clocks stop from ``starts`` to ``ends``."""

    __tablename__ = "popote_holidays"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("popote_users.id"), index=True)
    starts: Mapped[datetime]
    ends: Mapped[datetime]
    days: Mapped[int]
    """Days counted against the year's allowance."""
