"""The score sheet of a finished match: each seat's points round by round, and the totals.

Nothing here knows a game. The match is played again from its start, and each time a new
round begins the standings' scores are read: a round's points are what each total gained
(or lost) since the round before, and the last round ends with the final result. A round
is one step of :attr:`GameState.progress <popote.core.game.GameState.progress>` (a manche
of Bouillabaisse), unless the game's presenter groups the steps into rounds
(:meth:`Presenter.round_of <popote.core.game.Presenter.round_of>`: Stir-Fry Eighteen and Ar
Seizh Bigoudenn count turns, and a round is a turn of each seat). A game without rounds
has one column: its result.

>>> import popote
>>> match = popote.new_match("bouillabaisse", players=3, seed=5)
>>> start = match.clone()
>>> while not match.over:
...     seat = match.to_act[0]
...     _ = match.act(seat, match.legal_actions(seat)[0])
>>> sheet = score_sheet(start, match.history)
>>> sheet.rounds, sheet.lower_is_better
(6, True)
>>> sheet.totals == list(match.result()["scores"])
True
>>> sheet.points == [list(m["scores"]) for m in match.result()["manches"]]
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from popote.core.match import Match


@dataclass(frozen=True)
class ScoreSheet:
    """``points[r][seat]``: what ``seat`` scored in round ``r + 1``; ``totals``: the final
    scores (the sum of the rounds); ``lower_is_better`` as the result says."""

    points: list[list[float]]
    totals: list[float]
    lower_is_better: bool

    @property
    def rounds(self) -> int:
        return len(self.points)


def score_sheet(start: Match, history: Sequence[Mapping[str, Any]]) -> ScoreSheet:
    """The sheet of the match that ``history`` plays from ``start`` (a fresh match, which
    is played on: pass a copy to keep it) to its end."""
    presenter = start.game.presenter
    marks = [_scores(start.standings(), start.players)]
    step, round_ = start.progress, presenter.round_of(start.view(None))
    for entry in history:
        start.act(entry["seat"], entry["action"])
        if start.over or start.progress == step:
            continue
        step = start.progress
        now = presenter.round_of(start.view(None))
        if now is None or now != round_:
            round_ = now
            marks.append(_scores(start.standings(), start.players))
    result = start.result()
    marks.append(_scores(result, start.players))
    points = [
        [after - before for before, after in zip(earlier, later, strict=True)]
        for earlier, later in pairwise(marks)
    ]
    return ScoreSheet(points, marks[-1], result.get("lower_is_better") is True)


def _scores(standings: Mapping[str, Any], players: int) -> list[float]:
    """Each seat's score in ``standings`` (0 where the game keeps none)."""
    scores = standings.get("scores")
    if not isinstance(scores, Sequence) or len(scores) != players:
        return [0] * players
    return [value if isinstance(value, int | float) else 0 for value in scores]
