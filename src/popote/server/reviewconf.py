"""How much the bot workers compute for people besides the bots: reviews of finished games
and hints at tables (``popote serve --reviews-per-day``, ``--hints-per-hour``...), so that
nobody uses them as free compute; see ``popote.server.reviews`` and docs/operations.md."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from popote.core.i18n import Text

Option = Callable[..., None]


@dataclass(frozen=True)
class ReviewSettings:
    """Each limit counts at once, then refills over its period (0: no limit)."""

    per_day: int = 20
    """Reviews one identity may ask a day (one already asked, by anyone, is free)."""
    per_address_day: int = 60
    """Reviews one address may ask a day, all its identities together."""
    workers: int = 1
    """Worker processes for the reviews, at the lowest priority (behind every bot)."""
    hints_per_hour: int = 30
    """Hints one identity may ask an hour (one per decision: asked again, the same hint)."""
    hints_per_address_hour: int = 90
    """Hints one address may ask an hour, all its identities together."""


def add_review_arguments(option: Option) -> None:
    """The options, through ``popote.server.cli``'s ``option(name, meta, fr, en, ...)``."""
    count = Text("N", "N")
    option(
        "--reviews-per-day",
        count,
        "revues de parties qu'une même identité demande, d'un coup puis par jour ; une revue "
        "déjà demandée est servie sans compter, 0 : sans limite (défaut : {default})",
        "game reviews one identity asks for, at once then per day; a review already asked "
        "for is served without counting, 0: no limit (default: {default})",
        type=int,
        default=ReviewSettings.per_day,
    )
    option(
        "--reviews-per-day-per-ip",
        count,
        "revues demandées depuis une même adresse, toutes ses identités ensemble, d'un coup "
        "puis par jour, 0 : sans limite (défaut : {default})",
        "reviews asked for from one address, all its identities together, at once then per "
        "day, 0: no limit (default: {default})",
        type=int,
        default=ReviewSettings.per_address_day,
    )
    option(
        "--review-workers",
        count,
        "processus qui calculent les revues, à la priorité la plus basse, derrière tous les "
        "bots (défaut : {default})",
        "processes computing the reviews, at the lowest priority, behind every bot "
        "(default: {default})",
        type=int,
        default=ReviewSettings.workers,
    )
    option(
        "--hints-per-hour",
        count,
        "conseils qu'une même identité demande aux tables non classées, d'un coup puis par "
        "heure (un par décision), 0 : sans limite (défaut : {default})",
        "hints one identity asks for at unrated tables, at once then per hour (one per "
        "decision), 0: no limit (default: {default})",
        type=int,
        default=ReviewSettings.hints_per_hour,
    )
    option(
        "--hints-per-hour-per-ip",
        count,
        "conseils demandés depuis une même adresse, toutes ses identités ensemble, d'un coup "
        "puis par heure, 0 : sans limite (défaut : {default})",
        "hints asked for from one address, all its identities together, at once then per "
        "hour, 0: no limit (default: {default})",
        type=int,
        default=ReviewSettings.hints_per_address_hour,
    )


def review_settings(args: argparse.Namespace) -> ReviewSettings:
    return ReviewSettings(
        per_day=max(0, args.reviews_per_day),
        per_address_day=max(0, args.reviews_per_day_per_ip),
        workers=max(1, args.review_workers),
        hints_per_hour=max(0, args.hints_per_hour),
        hints_per_address_hour=max(0, args.hints_per_hour_per_ip),
    )
