"""Ratings: OpenSkill (Plackett-Luce) per game, for registered players at rated tables.

Each bot level is a player whose rating never moves, so beating or losing to it says
something from a newcomer's first game. A registered player who leaves a rated game once
the cards are dealt is rated as its last place, so that dodging a bad deal, or leaving a
strong stand-in to win, costs rather than pays. How a game's result becomes ranks:

>>> seat_ranks({"scores": [3, 4, 2], "winners": [2], "lower_is_better": True}, 3)
[2, 3, 1]
>>> seat_ranks({"scores": [0, 0, 1], "winners": [2], "sides": {"a": [0, 1], "b": [2]}}, 3)
[2, 2, 1]
>>> seat_ranks({"scores": [6, 6], "winners": [0, 1]}, 2)
[1, 1]
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    """An OpenSkill rating; ``ordinal`` (mu - 3 sigma) is what leaderboards sort by."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def json(self) -> dict[str, float]:
        return {
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "rating": round(self.ordinal, 3),
        }


NEWCOMER = Skill(MODEL.mu, MODEL.sigma)
BOT_RATINGS_FILE = Path(__file__).with_name("bot_ratings.json")
"""Each game's bot levels as ``popote ladder GAME --table`` measured them (see docs/bots.md)."""
MIN_BOT_SIGMA = 1.0
"""A bot's sigma is the measured standard error of its rating, but never below this (the
anchor's is zero by construction): a small sigma says "we know this player", so a person's
rating moves towards the strength of the bots they beat or lose to."""


def bot_skills(game: str, table: Mapping[str, Any] | None = None) -> dict[str, Skill]:
    """The fixed skill of each bot level in ``game``, from the measured table (the package's
    ``bot_ratings.json`` unless ``table`` is given); the bots' own ratings never change.

    >>> skills = bot_skills("x", {"x": {"levels": {"moyen": {"mu": 25.0, "sigma": 0.0}}}})
    >>> skills["moyen"]
    Skill(mu=25.0, sigma=1.0)
    """
    levels = (measured_table() if table is None else table)[game]["levels"]
    return {
        level: Skill(float(entry["mu"]), max(MIN_BOT_SIGMA, float(entry["sigma"])))
        for level, entry in levels.items()
    }


@cache
def measured_table() -> dict[str, Any]:
    table: dict[str, Any] = json.loads(BOT_RATINGS_FILE.read_text(encoding="utf-8"))
    return table


def played_it(own: int, total: int) -> bool:
    """Whether a person played their seat: they made more than half of its ``total``
    decisions themselves (``own``), stand-in bots the rest. At a rated table, one who did
    not left it, or stayed away, once the cards were dealt: their seat counts as the last
    place (:func:`last_for_leaving`), whatever the stand-in made of it.

    >>> played_it(6, 10), played_it(5, 10), played_it(0, 0)
    (True, False, False)
    """
    return 2 * own > total


def seat_ranks(result: dict[str, Any], players: int) -> list[int]:
    """Rank of each seat, 1 best: winners first; then, in a game of sides, every other seat
    shares rank 2 (a side wins or loses together); otherwise the others follow their score
    (lower first when ``lower_is_better``), equal scores sharing a rank."""
    winners = set(result.get("winners", []))
    scores = result.get("scores")
    if (
        "sides" in result
        or not isinstance(scores, list)
        or len(scores) != players
        or not all(isinstance(s, int | float) and not isinstance(s, bool) for s in scores)
    ):
        return [1 if seat in winners else 2 for seat in range(players)]
    sign = -1 if result.get("lower_is_better") else 1
    others = sorted({sign * scores[s] for s in range(players) if s not in winners}, reverse=True)
    return [
        1 if seat in winners else 2 + others.index(sign * scores[seat]) for seat in range(players)
    ]


def left_it(away_at_end: bool, played: bool) -> bool:
    """Whether a person left a rated game once its cards were dealt, so that their seat
    counts as the last place (:func:`last_for_leaving`): a stand-in was playing for them
    when it ended, however much they had played before (leaving a losing game late is
    leaving too), or they did not make most of their seat's decisions (:func:`played_it`).

    >>> left_it(False, True), left_it(True, True), left_it(False, False)
    (False, True, True)
    """
    return away_at_end or not played


def last_for_leaving(ranks: Sequence[int], left: Collection[int]) -> list[int]:
    """The ranks a rating reads: each seat in ``left`` (a person who left once the cards
    were dealt, a stand-in playing on) after every other, which keep their order; those
    who left share that last place.

    >>> last_for_leaving([1, 2, 3], {0}), last_for_leaving([1, 1, 2, 2], {1, 3})
    ([4, 2, 3], [1, 3, 2, 3])
    >>> last_for_leaving([2, 1], set())
    [2, 1]
    """
    last = 1 + max((rank for seat, rank in enumerate(ranks) if seat not in left), default=0)
    return [last if seat in left else rank for seat, rank in enumerate(ranks)]


def rate(ranks: Sequence[int], skills: Sequence[Skill], fixed: Sequence[bool]) -> list[Skill]:
    """Everyone's skill after one game, each player a team of one; ``fixed`` skills (bots)
    come back unchanged. A game where everyone shares one rank (a cooperative win or loss,
    a draw) changes nothing: it says nothing about who is stronger."""
    if len(set(ranks)) < 2 or all(fixed):
        return list(skills)
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [
        old if keep else Skill(team[0].mu, team[0].sigma)
        for old, team, keep in zip(skills, rated, fixed, strict=True)
    ]
