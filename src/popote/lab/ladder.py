"""The ladder of bot levels: how much each level beats the one below, and a rating for each.

Every deal is played once per level (``random``, ``facile``, ``moyen``, ``difficile``,
``expert``): the level at the seat under test (it turns with the deals, as in
:mod:`popote.lab.duplicate`), the ``reference`` level at every other seat, all from the
same seed. The game with ``expert`` and the one with ``difficile`` at that seat thus share
the cards and the other seats' bots, and their difference is a duplicate test of the step
``difficile < expert``; the same for every adjacent step.

By default the other seats hold one cheap reference (``moyen``) rather than every mix of
levels: a round-robin (below) puts several search bots at one table, which costs several
times more. Each level's rating is then a Bradley–Terry fit, in one
batch, of every game's pairs of seats of different levels (a seat that won beats a seat
that lost), with ``moyen`` pinned at OpenSkill's starting mean, on OpenSkill's scale: a
rating ``C`` higher means odds of ``e`` to 1 in a game of two, ``C = sqrt(2) * beta``. The
intervals come from a bootstrap over deals.

>>> tasks = ladder_tasks(Batch("pieds-dans-le-plat", 3, games=2), ("moyen", "expert"), "moyen")
>>> [task.bots for task in tasks]
[('moyen', 'moyen', 'moyen'), ('expert', 'moyen', 'moyen'), ('moyen', 'moyen', 'moyen'), ('moyen', 'expert', 'moyen')]

A round-robin (``reference=ROUND_ROBIN``) puts the levels themselves at every seat: the
``r``-th game of a deal seats level ``r + s`` (cyclically) at seat ``s``, so that over a
deal every level holds every seat once, against a mix of the others; then every table is
played again the other way round (level ``r - s`` at seat ``s``), so that of two levels
neither always sits after the other (playing after someone is worth something in most card
games, and it would otherwise count in every step). With more levels than
seats each level meets its neighbours in the list, not all the others, so two levels' win
shares are not comparable (one may have met weaker tables): the fit, which knows whom each
game opposed, gives the ratings, and a step is the head-to-head of the two levels, the
difference of their win shares in the games where both sat, paired deal by deal. A pair
that never sits at one table has no step:

>>> levels = ("facile", "moyen", "difficile", "expert")
>>> for task in ladder_tasks(Batch("pieds-dans-le-plat", 3, games=1), levels, ROUND_ROBIN):
...     print(task.bots)
('facile', 'moyen', 'difficile')
('moyen', 'difficile', 'expert')
('difficile', 'expert', 'facile')
('expert', 'facile', 'moyen')
('facile', 'expert', 'difficile')
('moyen', 'facile', 'expert')
('difficile', 'moyen', 'facile')
('expert', 'difficile', 'moyen')
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from openskill.models import PlackettLuce

from popote.bots.learned import shipped_games
from popote.bots.registry import LEARNED
from popote.core.chance import Chance
from popote.lab.duplicate import candidate_seat
from popote.lab.gamelog import GameLog
from popote.lab.simulate import (
    Backend,
    Batch,
    GameRecord,
    GameTask,
    Progress,
    rate_summary,
    report_header,
    run_tasks,
)
from popote.lab.stats import paired_difference

LADDER = ("random", "facile", "moyen", "difficile", "expert")
ANCHOR = "moyen"
ROUND_ROBIN = "round-robin"
"""The reference of a ladder whose other seats hold the levels themselves, in turn."""
BESIDE = (LEARNED,)
"""Levels rated beside the ladder, not on its order: each one's step is against the anchor."""
ANCHOR_MU = PlackettLuce().mu
SCALE = math.sqrt(2) * PlackettLuce().beta
"""Rating points per unit of log-odds: OpenSkill's own scale for a game of two."""
PRIOR = 0.5
"""Virtual half win and half loss of every level against the anchor, so that a level that
never won (random) still gets a finite rating."""
RESAMPLES = 200
SIGNIFICANCE = 0.01
"""A step counts as shown when its p-value is below this."""
FIT_ROUNDS = 500


def ladder_tasks(batch: Batch, levels: Sequence[str], reference: str) -> list[GameTask]:
    """:func:`games_per_deal` games per deal (``batch.games`` counts deals), deal by deal."""
    return [
        batch.task(deal, lineup(levels, index, reference, deal, batch.players))
        for deal in range(batch.games)
        for index in range(games_per_deal(levels, reference))
    ]


def games_per_deal(levels: Sequence[str], reference: str) -> int:
    """One game per level; a round-robin plays each of its tables both ways round."""
    return len(levels) * (2 if reference == ROUND_ROBIN else 1)


def lineup(levels: Sequence[str], index: int, reference: str, deal: int, players: int) -> list[str]:
    """The seats' levels in a deal's game ``index``: in a round-robin, seat ``s`` holds
    level ``index + s`` (cyclically), and in the second half of the deal's games level
    ``index - s``; otherwise the deal's seat under test holds ``levels[index]`` and every
    other seat the reference."""
    if reference == ROUND_ROBIN:
        way = 1 if index < len(levels) else -1
        return [levels[(index + way * seat) % len(levels)] for seat in range(players)]
    seats = [reference] * players
    seats[candidate_seat(deal, players)] = levels[index]
    return seats


def level_shares(
    deal: Sequence[GameRecord], levels: Sequence[str], number: int, reference: str
) -> list[float]:
    """Each level's win share in deal ``number`` (one game per level, in ``levels``' order):
    at the seat under test; in a round-robin, averaged over the seats the level held."""
    if reference != ROUND_ROBIN:
        seat = candidate_seat(number, deal[0].task.players)
        return [record.win_share(seat) for record in deal]
    totals = dict.fromkeys(levels, 0.0)
    held = dict.fromkeys(levels, 0)
    for record in deal:
        for seat, level in enumerate(record.task.bots):
            totals[level] += record.win_share(seat)
            held[level] += 1
    return [totals[level] / held[level] for level in levels]


def whole_deals(records: Sequence[GameRecord], size: int) -> list[list[GameRecord]]:
    """The records grouped by deal of ``size`` games, a deal cut short (Ctrl-C) left out."""
    return [
        list(records[start : start + size]) for start in range(0, len(records) - size + 1, size)
    ]


def comparisons(deals: Sequence[Sequence[GameRecord]]) -> Counter[tuple[str, str]]:
    """``(winner's level, loser's level)`` counts over every pair of seats of different
    levels where one won and the other did not."""
    counted: Counter[tuple[str, str]] = Counter()
    for deal in deals:
        for record in deal:
            bots = record.task.bots
            for won in set(record.winners):
                for lost in range(len(bots)):
                    if lost not in record.winners and bots[won] != bots[lost]:
                        counted[bots[won], bots[lost]] += 1
    return counted


def fit(counted: Counter[tuple[str, str]], levels: Sequence[str]) -> dict[str, float]:
    """Bradley–Terry ratings (minorise-maximise), the anchor pinned at ``ANCHOR_MU``.

    >>> ratings = fit(Counter({("expert", "moyen"): 30, ("moyen", "expert"): 10}), ["moyen", "expert"])
    >>> ratings["moyen"], round((ratings["expert"] - ratings["moyen"]) / SCALE, 2)
    (25.0, 1.07)
    """
    games: defaultdict[tuple[str, str], float] = defaultdict(float, counted)
    for level in levels:
        if level != ANCHOR:
            games[level, ANCHOR] += PRIOR
            games[ANCHOR, level] += PRIOR
    wins = {level: sum(n for (w, _), n in games.items() if w == level) for level in levels}
    strength = dict.fromkeys(levels, 1.0)
    for _ in range(FIT_ROUNDS):
        for level in levels:
            meetings = sum(
                (games[level, other] + games[other, level]) / (strength[level] + strength[other])
                for other in levels
                if other != level
            )
            strength[level] = wins[level] / meetings if meetings else strength[level]
        pinned = strength[ANCHOR]
        strength = {level: value / pinned for level, value in strength.items()}
    return {level: ANCHOR_MU + SCALE * math.log(strength[level]) for level in levels}


def ratings(
    deals: Sequence[Sequence[GameRecord]], levels: Sequence[str], seed: int
) -> dict[str, dict[str, float]]:
    """Each level's fitted rating, with the standard error and 95 % interval of a bootstrap
    over deals (``RESAMPLES`` draws, seeded)."""
    best = fit(comparisons(deals), levels)
    chance = Chance(seed)
    draws: dict[str, list[float]] = {level: [] for level in levels}
    for _ in range(RESAMPLES):
        sample = [deals[chance.below(len(deals))] for _ in deals]
        for level, value in fit(comparisons(sample), levels).items():
            draws[level].append(value)
    return {level: _spread(best[level], sorted(draws[level])) for level in levels}


def _spread(mu: float, draws: Sequence[float]) -> dict[str, float]:
    mean = sum(draws) / len(draws)
    error = math.sqrt(sum((d - mean) ** 2 for d in draws) / max(1, len(draws) - 1))
    low = draws[int(0.025 * (len(draws) - 1))]
    high = draws[math.ceil(0.975 * (len(draws) - 1))]
    return {"mu": mu, "standard_error": error, "ci95_low": low, "ci95_high": high}


def default_levels(game: str) -> tuple[str, ...]:
    """The ladder, and ``appris`` beside it where the game ships its network."""
    return LADDER + tuple(level for level in BESIDE if game in shipped_games())


def compared(levels: Sequence[str]) -> list[tuple[str, str]]:
    """The pairs ``(lower, higher)`` a ladder of ``levels`` tests: each adjacent step of the
    ladder's own levels, then each level beside it against the anchor.

    >>> compared(["random", "moyen", "expert", "appris"])
    [('random', 'moyen'), ('moyen', 'expert'), ('moyen', 'appris')]
    """
    ordered = [level for level in levels if level in LADDER]
    pairs = list(pairwise(ordered))
    return pairs + [(ANCHOR, level) for level in levels if level in BESIDE]


def steps(
    deals: Sequence[Sequence[GameRecord]],
    shares: Sequence[Sequence[float]],
    levels: Sequence[str],
    reference: str,
) -> list[dict[str, Any]]:
    """Each step ``lower < higher`` of :func:`compared` that the games measure: the paired
    difference, deal by deal, of the two levels' win shares (``shares``, from
    :func:`level_shares`); in a round-robin, of their shares in the games where both sat
    (:func:`head_to_head`)."""
    rows = []
    for lower, higher in compared(levels):
        ways: dict[str, Any] = {}
        if reference == ROUND_ROBIN:
            differences = _met(deals, lower, higher)
            halves = zip(*(both_ways(deal) for deal in deals), strict=True)
            ways["ways"] = [_mean(_met(half, lower, higher)) for half in halves]
        else:
            low, high = levels.index(lower), levels.index(higher)
            differences = [deal[high] - deal[low] for deal in shares]
        if differences:
            rows.append(
                {"lower": lower, "higher": higher, **paired_difference(differences), **ways}
            )
    return rows


def both_ways(deal: Sequence[GameRecord]) -> tuple[Sequence[GameRecord], Sequence[GameRecord]]:
    """A round-robin deal's games seated one way round the table, then the other."""
    half = len(deal) // 2
    return deal[:half], deal[half:]


def _met(deals: Sequence[Sequence[GameRecord]], lower: str, higher: str) -> list[float]:
    met = (head_to_head(deal, lower, higher) for deal in deals)
    return [difference for difference in met if difference is not None]


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def head_to_head(deal: Sequence[GameRecord], lower: str, higher: str) -> float | None:
    """``higher``'s win share a seat minus ``lower``'s, averaged over the games of ``deal``
    where both sat; ``None`` where they never did."""
    differences = []
    for record in deal:
        bots = record.task.bots
        if lower in bots and higher in bots:
            differences.append(_seat_share(record, higher) - _seat_share(record, lower))
    return sum(differences) / len(differences) if differences else None


def _seat_share(record: GameRecord, level: str) -> float:
    """``level``'s win share in ``record``, a seat (it may hold several)."""
    held = [seat for seat, bot in enumerate(record.task.bots) if bot == level]
    return sum(record.win_share(seat) for seat in held) / len(held)


def summarise_ladder(
    records: Sequence[GameRecord], levels: Sequence[str], reference: str
) -> dict[str, Any]:
    deals = whole_deals(records, games_per_deal(levels, reference))
    players = deals[0][0].task.players
    shares = [level_shares(deal, levels, number, reference) for number, deal in enumerate(deals)]
    levels_rows = []
    rated = ratings(deals, levels, deals[0][0].task.seed)
    measured = steps(deals, shares, levels, reference)
    measured_pairs = {(step["lower"], step["higher"]) for step in measured}
    for index, level in enumerate(levels):
        share = sum(deal[index] for deal in shares)
        levels_rows.append(
            {"bot": level, **rate_summary(share, len(deals)), "rating": rated[level]}
        )
    return {
        **report_header([record for deal in deals for record in deal]),
        "deals": len(deals),
        "reference": reference,
        "anchor": ANCHOR,
        "expected_if_equal": 1 / players,
        "levels": levels_rows,
        "steps": measured,
        "unmeasured": [list(pair) for pair in compared(levels) if pair not in measured_pairs],
    }


def ladder(
    batch: Batch,
    levels: Sequence[str] = LADDER,
    reference: str = ANCHOR,
    progress: Progress | None = None,
    jobs: int = 1,
    backend: Backend = "local",
    log: GameLog | None = None,
) -> dict[str, Any]:
    """The ladder's report; the games ``log`` holds are read back, those played are added."""
    records = run_tasks(ladder_tasks(batch, levels, reference), jobs, progress, backend, log)
    return summarise_ladder(records, levels, reference)


def table_entry(report: dict[str, Any], kept: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What the server keeps of a ladder report: each level's rating and its error, and how
    it was measured (deals and seed per level).

    The levels of ``kept`` (the game's entry so far) that this report did not measure stay,
    when both were measured against the same reference at the same player count: every
    level is rated against the anchor's seats alone, so a level measured later (``appris``
    on its own deals) sits on the same scale as the rest.
    """
    levels = {
        row["bot"]: {
            "mu": round(row["rating"]["mu"], 3),
            "sigma": round(row["rating"]["standard_error"], 3),
            "ci95_low": round(row["rating"]["ci95_low"], 3),
            "ci95_high": round(row["rating"]["ci95_high"], 3),
            "deals": report["deals"],
            "seed": report["seed"],
        }
        for row in report["levels"]
    }
    same_scale = (
        kept is not None
        and kept.get("players") == report["players"]
        and kept.get("reference") == report["reference"]
    )
    earlier = dict(kept["levels"]) if kept is not None and same_scale else {}
    return {
        "players": report["players"],
        "reference": report["reference"],
        "levels": {**earlier, **levels},
    }
