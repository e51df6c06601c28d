"""A match as one decision at a time, with numbered actions and masks.

Several seats may have a decision at once (a reaction window, a sealed bid). They are asked
one after the other, in the order of ``to_act``, and each one is shown the table as it was
when the window opened: the others' answers stay unseen until the window closes. A window
stays open while the seats asked are among those it opened for, have not answered yet,
and still have the very actions they had at the opening; anything else opens a new one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

import numpy as np

from popote.core.actions import Action, Event
from popote.core.errors import IllegalAction, shown
from popote.core.i18n import Text
from popote.core.match import Match, counted
from popote.rl.games import GameTables
from popote.rl.observers import Observer, ViewObserver

_NOT_AN_INDEX = Text(
    "action attendue : un entier de 0 à {last}, reçu {action}",
    "expected an action: an integer from 0 to {last}, got {action}",
)
_NOT_LEGAL = Text(
    "action {index} ({action}) interdite pour le siège {seat} ; actions permises : {legal}",
    "action {index} ({action}) is not legal for seat {seat}; legal actions: {legal}",
)
_NO_DECISION = Text(
    "aucune décision à prendre : la partie est finie", "no decision to take: the match is over"
)


def final_rewards(result: Mapping[str, Any], players: int) -> list[float]:
    """+1 for each winner (every seat of a winning team), -1 for every other seat."""
    winners = set(result["winners"])
    return [1.0 if seat in winners else -1.0 for seat in range(players)]


def new_observer(tables: GameTables, match: Match) -> Observer:
    """The game's own fast observer where it has one, else the reference."""
    fast = tables.fast_observer
    return ViewObserver(tables.observation, match) if fast is None else fast(match)


class Window:
    """Seats asked together, with what each was shown and could do when the window opened."""

    __slots__ = ("answered", "legal", "observations")

    def __init__(self) -> None:
        self.observations: dict[int, np.ndarray] = {}
        self.legal: dict[int, list[Action]] = {}
        self.answered: set[int] = set()

    def holds(self, to_act: tuple[int, ...], match: Match) -> bool:
        return all(
            seat in self.legal
            and seat not in self.answered
            and match.legal_actions(seat) == self.legal[seat]
            for seat in to_act
        )


class Decisions:
    """The match's next decision, its mask, its observation, and playing an action index."""

    def __init__(self, tables: GameTables, match: Match, observer: Observer) -> None:
        self.tables = tables
        self.match = match
        self.observer = observer
        self.window: Window | None = None
        self.seat: int | None = None
        self._legal: dict[int, Action] = {}
        self._advance()

    def _advance(self) -> None:
        """Find whose decision comes next, opening a new window when one begins."""
        match = self.match
        to_act = match.to_act
        if not to_act:
            self.seat, self.window, self._legal = None, None, {}
            return
        window = self.window
        if window is None and len(to_act) == 1:  # the common case: one seat, no window
            seat = self.seat = to_act[0]
            self._legal = self.tables.actions.numbered(
                match.legal_actions(seat), seat, match.players
            )
            return
        if len(to_act) > 1 and (window is None or not window.holds(to_act, match)):
            window = Window()
            for seat in to_act:
                window.observations[seat] = self.observer.observe(seat)
                window.legal[seat] = match.legal_actions(seat)
        elif window is not None and not window.holds(to_act, match):
            window = None
        self.window = window
        seat = self.seat = to_act[0]
        legal = match.legal_actions(seat) if window is None else window.legal[seat]
        self._legal = self.tables.actions.numbered(legal, seat, match.players)

    def observe(self, seat: int) -> np.ndarray:
        """What ``seat`` is shown: the table when its window opened, or the table now."""
        window = self.window
        if window is not None and seat in window.observations:
            return window.observations[seat].copy()
        return self.observer.observe(seat)

    def observe_into(self, seat: int, out: np.ndarray) -> None:
        """Write what ``seat`` is shown into ``out`` (a row of a batch)."""
        window = self.window
        if window is not None and seat in window.observations:
            out[:] = window.observations[seat]
        else:
            self.observer.observe_into(seat, out)

    def mask(self, seat: int) -> np.ndarray:
        """1 for each action index ``seat`` may play now (all zeros when it is not asked)."""
        mask = np.zeros(self.tables.actions.size, dtype=np.int8)
        if seat == self.seat:
            for index in self._legal:  # a few scalar writes beat fancy indexing
                mask[index] = 1
        return mask

    def legal_indices(self) -> list[int]:
        return list(self._legal)

    def check(self, index: Any) -> Action:
        """The action of number ``index`` for the seat asked; IllegalAction if it may not."""
        seat = self.seat
        if seat is None:
            raise IllegalAction(_NO_DECISION)
        action = self._legal.get(index) if type(index) is int else None
        if action is not None:
            return action
        if isinstance(index, np.integer):
            action = self._legal.get(int(index))
            if action is not None:
                return action
        raise refusal(self.tables, seat, index, self._legal)

    def act(self, index: Any) -> list[Event]:
        """Play action number ``index`` for the seat asked; an illegal one changes nothing."""
        return self.play(self.check(index))

    def play(self, action: Action) -> list[Event]:
        """Play an action :meth:`check` returned for the seat asked."""
        seat = self.seat
        assert seat is not None  # check() refused the move otherwise
        events = self.match.act(seat, action)
        if self.window is not None:
            self.window.answered.add(seat)
        self.observer.see(events)
        self._advance()
        return events


def refusal(tables: GameTables, seat: int, index: Any, legal: Collection[int]) -> IllegalAction:
    """Why ``seat`` may not play action number ``index``: not an action, or not a legal one."""
    size = tables.actions.size
    if isinstance(index, bool) or not isinstance(index, int | np.integer) or not 0 <= index < size:
        return IllegalAction(_NOT_AN_INDEX.format(last=size - 1, action=shown(index)))
    return IllegalAction(
        _NOT_LEGAL.format(
            index=int(index),
            action=tables.actions.describe(int(index)),
            seat=counted(seat),
            legal=sorted(legal),
        )
    )


ObserverFactory = Callable[[GameTables, Match], Observer]
