"""Decisions several seats take at once: reaction windows and sealed bids.

A reaction window opens when something happens that others may answer (a taste test, a
counter-card, a grab). Each eligible seat reacts or passes once. By default the reaction
that counts is the first one in priority order (clockwise from the actor), decided as soon
as every seat ahead of it has passed; in ``first_wins`` mode (real-time play) the first
reaction to arrive wins; in ``sealed`` mode every seat answers before anything is decided,
so the seats still asked never depend on what others answered (the answers stay secret
until the window closes).

>>> window = ReactionWindow.around(actor=0, players=4)
>>> window.pending
(1, 2, 3)
>>> window.answer(2, "grab"); window.pending
(1,)
>>> window.answer(1, None); window.closed, window.taker, window.reaction
(True, 2, 'grab')

A sealed bid collects one secret choice from each seat, revealed together.

>>> bids = SealedBids((0, 2)); bids.submit(2, 5); bids.pending, bids.complete
((0,), False)
>>> bids.submit(0, 3); bids.revealed()
{0: 3, 2: 5}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

from mypy_extensions import mypyc_attr

T = TypeVar("T")


def clockwise_after(actor: int, players: int) -> list[int]:
    """The other seats, starting with the one after ``actor``."""
    return [(actor + step) % players for step in range(1, players)]


@mypyc_attr(allow_interpreted_subclasses=True)
class ReactionWindow:
    """Seats answering one trigger; a reaction is any value, ``None`` means pass.

    The outcome is settled once per answer, so reading it is free.
    """

    __slots__ = ("_answers", "_arrivals", "_pending", "_taker", "first_wins", "order", "sealed")

    def __init__(
        self, order: Sequence[int], first_wins: bool = False, sealed: bool = False
    ) -> None:
        self.order = tuple(order)
        self.first_wins = first_wins
        self.sealed = sealed
        self._answers: dict[int, Any] = {}
        self._arrivals: list[int] = []
        self._taker: int | None = None
        self._pending: tuple[int, ...] = self.order

    @classmethod
    def around(
        cls,
        actor: int,
        players: int,
        eligible: Iterable[int] | None = None,
        first_wins: bool = False,
        sealed: bool = False,
    ) -> ReactionWindow:
        """A window for the seats after ``actor`` (clockwise), limited to ``eligible``."""
        allowed = None if eligible is None else set(eligible)
        order = [s for s in clockwise_after(actor, players) if allowed is None or s in allowed]
        return cls(order, first_wins, sealed)

    def answer(self, seat: int, reaction: Any) -> None:
        if seat not in self._pending:
            raise ValueError(f"seat {seat} has no answer to give in this window")
        self._answers[seat] = reaction
        self._arrivals.append(seat)
        self._settle()

    def _settle(self) -> None:
        if self.sealed:  # nothing is decided before every seat has answered
            self._pending = tuple([s for s in self._pending if s not in self._answers])
            if not self._pending:
                self._taker = next((s for s in self.order if self._answers[s] is not None), None)
            return
        if self.first_wins:
            self._taker = next((s for s in self._arrivals if self._answers[s] is not None), None)
        else:
            self._taker = None
            for seat in self.order:
                if seat not in self._answers:
                    break
                if self._answers[seat] is not None:
                    self._taker = seat
                    break
        if self._taker is not None or len(self._answers) == len(self.order):
            self._pending = ()
            return
        waiting: list[int] = []
        for seat in self.order:
            if seat not in self._answers:
                waiting.append(seat)
            elif self._answers[seat] is not None and not self.first_wins:
                break
        self._pending = tuple(waiting)

    @property
    def taker(self) -> int | None:
        """The seat whose reaction counts, once it is settled."""
        return self._taker

    @property
    def reaction(self) -> Any:
        return None if self._taker is None else self._answers[self._taker]

    @property
    def closed(self) -> bool:
        return not self._pending

    @property
    def pending(self) -> tuple[int, ...]:
        """Seats whose answer could still change the outcome."""
        return self._pending

    def answered(self, seat: int) -> bool:
        return seat in self._answers

    def answer_of(self, seat: int) -> Any:
        """What ``seat`` answered (None: it passed or has not answered)."""
        return self._answers.get(seat)

    def reactors(self) -> list[int]:
        """Seats that reacted, in priority (or arrival) order."""
        source = self._arrivals if self.first_wins else self.order
        return [s for s in source if self._answers.get(s) is not None]

    def passes_except(self, seat: int) -> ReactionWindow:
        """A copy in which every answer but ``seat``'s is a pass, arriving in the same order.

        For a sealed window seen by ``seat``: the others' answers are secret to it.
        """
        twin = ReactionWindow(self.order, self.first_wins, self.sealed)
        for other in self._arrivals:
            twin.answer(other, self._answers[other] if other == seat else None)
        return twin

    def clone(self) -> ReactionWindow:
        twin = ReactionWindow.__new__(ReactionWindow)
        twin.order = self.order
        twin.first_wins = self.first_wins
        twin.sealed = self.sealed
        twin._answers = dict(self._answers)
        twin._arrivals = list(self._arrivals)
        twin._taker = self._taker
        twin._pending = self._pending
        return twin


class SealedBids(Generic[T]):
    """One secret choice per seat, revealed only once every seat has chosen."""

    __slots__ = ("_bids", "_pending", "seats")

    def __init__(self, seats: Sequence[int]) -> None:
        self.seats = tuple(seats)
        self._bids: dict[int, T] = {}
        self._pending = self.seats

    @property
    def pending(self) -> tuple[int, ...]:
        """The seats still to bid, in the order given (kept, not listed at every ask)."""
        return self._pending

    @property
    def complete(self) -> bool:
        return not self._pending

    def submit(self, seat: int, bid: T) -> None:
        if seat not in self._pending:
            raise ValueError(f"seat {seat} cannot bid now")
        self._bids[seat] = bid
        self._pending = tuple([other for other in self._pending if other != seat])

    def has_bid(self, seat: int) -> bool:
        return seat in self._bids

    def bid_of(self, seat: int) -> T | None:
        return self._bids.get(seat)

    def revealed(self) -> dict[int, T]:
        if not self.complete:
            raise ValueError("bids are revealed only once every seat has bid")
        return {seat: self._bids[seat] for seat in self.seats}

    def clone(self) -> SealedBids[T]:
        twin: SealedBids[T] = SealedBids(self.seats)
        twin._bids = dict(self._bids)
        twin._pending = self._pending
        return twin
