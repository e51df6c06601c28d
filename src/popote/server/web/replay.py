"""Replays of finished tables for the browser: the terminal's ``popote replay``, as pages.

The game is played again once from the table's log (the same :class:`Replay` as the
terminal), then kept for a while, so that stepping through it replays nothing.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from popote.cli.common import save_payload
from popote.cli.replay import Replay
from popote.core.i18n import Lang
from popote.server.live import LiveTable

KEPT = 16
"""Replays kept ready (each holds a copy of the match after every move)."""


@dataclass(frozen=True)
class Step:
    """What the page shows at one position."""

    lines: list[str]
    table: str
    hands: list[tuple[str, str]]
    """Each seat's name and the table as that seat saw it (only when every hand is shown)."""


class WebReplay:
    """One finished table, ready to be shown from any position, secrets hidden or shown."""

    def __init__(self, table: LiveTable, lang: Lang) -> None:
        assert table.match is not None
        saved = save_payload(table.match.to_record(), None)
        names = table.names(lang)
        self.spectator = Replay(Path(table.id), saved, lang, reveal=False)
        self.revealed = Replay(Path(table.id), saved, lang, reveal=True)
        for replay in (self.spectator, self.revealed):
            replay.names = names
        self.names = names

    @property
    def last(self) -> int:
        return self.spectator.last

    @property
    def rounds(self) -> list[int]:
        """The position where each round starts, the first at 0."""
        return self.spectator.round_starts

    def next_round(self, index: int) -> int:
        return next((start for start in self.rounds if start > index), self.last)

    def step(self, index: int, reveal: bool) -> Step:
        replay = self.revealed if reveal else self.spectator
        match = replay.positions[index].match
        presenter = match.game.presenter
        hands = [
            (name, presenter.table(match.view(seat), replay.lang, self.names))
            for seat, name in enumerate(self.names)
            if reveal
        ]
        return Step(replay.lines_at(index), replay.table(index), hands)


_kept: OrderedDict[tuple[str, Lang], WebReplay] = OrderedDict()


def replay_of(table: LiveTable, lang: Lang) -> WebReplay | None:
    """The replay of ``table`` once it is over (None before)."""
    if table.row.state != "over" or table.match is None:
        return None
    key = (table.id, lang)
    if key not in _kept:
        _kept[key] = WebReplay(table, lang)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    _kept.move_to_end(key)
    return _kept[key]
