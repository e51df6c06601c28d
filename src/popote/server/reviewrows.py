"""The database rows of issue 47: the reviews of finished games, and the hints asked at
tables (migration 0007)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from popote.server.models import Base, now


class ReviewRow(Base):
    """The review of one seat of one finished game: asked once, computed by the bot
    workers, kept for every later reader."""

    __tablename__ = "popote_reviews"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("popote_tables.id"))
    seat: Mapped[int]
    status: Mapped[str] = mapped_column(String(8), index=True)
    """``queued``, ``running``, ``done`` or ``failed``."""
    budget: Mapped[dict[str, Any]]
    """``{"worlds", "seed"}``: the review's budget (``popote.lab.review.Budget``)."""
    result: Mapped[dict[str, Any] | None]
    """``GameReview.as_json()`` once done."""
    asked_by: Mapped[int | None] = mapped_column(ForeignKey("popote_users.id"))
    """The identity whose asking queued it (its turn among the reviews is that identity's)."""
    created: Mapped[datetime] = mapped_column(default=now)
    finished: Mapped[datetime | None]

    __table_args__ = (UniqueConstraint("table_id", "seat", name="uq_popote_reviews_table_seat"),)


class HintRow(Base):
    """A hint asked at a table: part of the game's record ("hint asked"), in its save."""

    __tablename__ = "popote_hints"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("popote_tables.id"))
    seat: Mapped[int]
    move: Mapped[int]
    """The decision it was asked for: the number of moves played when that decision opened
    (the decision's ``id`` in the protocol)."""
    user_id: Mapped[int] = mapped_column(ForeignKey("popote_users.id"))
    created: Mapped[datetime] = mapped_column(default=now)

    __table_args__ = (
        UniqueConstraint("table_id", "seat", "move", name="uq_popote_hints_table_seat_move"),
    )
