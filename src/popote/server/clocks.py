"""Per-seat decision clocks: one deadline per seat in ``to_act``, restarted per decision.

A seat alone to decide gets the turn's time; seats deciding together (a reaction window, a
sealed bid) get the window's shorter time. A clock of ``None`` seconds never runs out.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from popote.server.errors import refused
from popote.server.settings import CLOCKS, FAST, GAME_CLOCKS
from popote.server.turns import TURN_BASED_CLOCKS

SHORTEST = 0.05
LONGEST = 24 * 3600.0
RATED_SHORTEST = FAST
"""The shortest times a rated table gives (scaled like every clock by ``--clock-scale``)."""


def table_clock(
    game: str,
    kind: str | None,
    turn: float | None,
    window: float | None,
    scale: float,
    rated: bool = False,
) -> dict[str, Any]:
    """The clock a table is created with: a preset (the game's by default), seconds optional;
    at a ``rated`` table, never shorter than :data:`RATED_SHORTEST`."""
    name = kind or GAME_CLOCKS.get(game, "normal")
    if name not in CLOCKS:
        raise refused(
            "bad_clock",
            422,
            "horloge inconnue : {name} ({names})",
            "unknown clock: {name} ({names})",
            name=name[:40],
            names=", ".join(CLOCKS),
        )
    preset = CLOCKS[name]
    if name in TURN_BASED_CLOCKS and (turn is not None or window is not None):
        raise refused(
            "bad_clock",
            422,
            "une table tour par tour donne le même temps à chaque coup : pas de secondes à part",
            "a turn-based table gives every move the same time: no seconds of its own",
        )
    for given in (turn, window):
        if given is not None and not SHORTEST <= given <= LONGEST:
            raise refused(
                "bad_clock",
                422,
                "durée hors limites : {given} s ({low} à {high})",
                "time out of range: {given} s ({low} to {high})",
                given=given,
                low=SHORTEST,
                high=LONGEST,
            )
    if preset is not None:
        turn = turn if turn is not None else preset.turn * scale
        window = window if window is not None else preset.window * scale
    if rated:
        _meetable(turn, window, scale)
    return {"kind": name, "turn": turn, "window": window}


def _meetable(turn: float | None, window: float | None, scale: float) -> None:
    """A rated table gives at least the ``fast`` preset's times (None: that kind of
    decision has no clock): a clock nobody can meet would hand the game to whoever scripts
    their moves."""
    if (turn is not None and turn < RATED_SHORTEST.turn * scale) or (
        window is not None and window < RATED_SHORTEST.window * scale
    ):
        raise refused(
            "bad_clock",
            422,
            "une table classée laisse au moins {turn} s par tour et {window} s pour répondre "
            "ensemble",
            "a rated table gives at least {turn} s a turn and {window} s to answer together",
            turn=f"{RATED_SHORTEST.turn * scale:g}",
            window=f"{RATED_SHORTEST.window * scale:g}",
        )


class Clocks:
    """Deadlines of the seats that must decide; ``on_timeout(seat)`` when one runs out."""

    def __init__(
        self, turn: float | None, window: float | None, on_timeout: Callable[[int], None]
    ) -> None:
        self.turn = turn
        self.window = window
        self._on_timeout = on_timeout
        self._running: dict[int, tuple[float, asyncio.TimerHandle]] = {}

    def follow(self, before: Sequence[int], after: Sequence[int], acted: int | None) -> None:
        """Restart the clock of every seat with a new decision; stop the others."""
        for seat in list(self._running):
            if seat not in after or seat == acted:
                self._stop(seat)
        seconds = self.window if len(after) > 1 else self.turn
        if seconds is None:
            return
        loop = asyncio.get_running_loop()
        for seat in after:
            if seat not in self._running and (seat not in before or seat == acted):
                handle = loop.call_later(seconds, self._expire, seat)
                self._running[seat] = (loop.time() + seconds, handle)

    def left(self) -> dict[int, float]:
        """Seconds left to each seat with a running clock."""
        now = asyncio.get_running_loop().time()
        return {seat: round(max(0.0, end - now), 3) for seat, (end, _) in self._running.items()}

    def stop_all(self) -> None:
        for seat in list(self._running):
            self._stop(seat)

    def _stop(self, seat: int) -> None:
        _, handle = self._running.pop(seat)
        handle.cancel()

    def _expire(self, seat: int) -> None:
        self._running.pop(seat, None)
        self._on_timeout(seat)
