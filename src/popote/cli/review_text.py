"""The words of ``popote review``: one plain sentence per line, for the eye and the ear.

No table and no drawing: a screen reader reads each line as a sentence. Moves are counted
from 1 (the first move of the game is move 1, as ``popote replay`` counts them), and so are
seats and rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from popote.cli.common import options_line
from popote.cli.wording import count, game_title, interval, number, quoted
from popote.core.actions import Action
from popote.core.i18n import Lang, Text
from popote.core.registry import get_game
from popote.core.wording import PLAYERS, Plural
from popote.lab.review import LABEL_NAMES, Decision, GameReview, Label

DECISIONS = Text("Décisions", "Decisions")
"""The word before the count of decisions reviewed, on the progress line."""
DECISION_COUNT = Plural(("décision", "décisions"), ("decision", "decisions"))
GAME_POINTS = Plural(("{v} point", "{v} points"), ("{v} point", "{v} points"))
POINTS_LOST = Plural(
    ("{v} point perdu", "{v} points perdus"), ("{v} point lost", "{v} points lost")
)
MOVE_COUNT = Plural(("coup", "coups"), ("move", "moves"))

HEADER = Text(
    "Revue de {title} : {players}, graine {seed}, {moves}.",
    "Review of {title}: {players}, seed {seed}, {moves}.",
)
OPTIONS = Text("Options : {options}.", "Options: {options}.")
SEAT = Text("Décisions du siège {seat}{name}.", "Decisions of seat {seat}{name}.")
BUDGET = Text(
    "Budget : {worlds} mondes par décision, graine {seed}. Seuils de points perdus : "
    "{inaccuracy} dès {low}, {mistake} dès {middle}, {blunder} dès {high}.",
    "Budget: {worlds} worlds per decision, seed {seed}. Thresholds of points lost: "
    "{inaccuracy} from {low}, {mistake} from {middle}, {blunder} from {high}.",
)
HINTS = Plural(
    ("Conseil demandé pendant la partie : {n}.", "Conseils demandés pendant la partie : {n}."),
    ("Hint asked during the game: {n}.", "Hints asked during the game: {n}."),
)
INCOMPLETE = Text(
    "Revue interrompue après {done} sur {total}.",
    "Review interrupted after {done} of {total}.",
)
NO_CHOICE = Text(
    "Aucune décision à revoir : ce siège n'a jamais eu le choix.",
    "No decision to review: this seat never had a choice.",
)
ALL_GOOD = Text("Aucune décision notée en dessous de {good}.", "No decision marked below {good}.")
MOVE = Text("Coup {move}", "Move {move}")
ROUND = Text(", manche {round}", ", round {round}")
MARK = Text(
    "{move}{round} : {label}, {lost} {interval}.",
    "{move}{round}: {label}, {lost} {interval}.",
)
PLAYED = Text("  Joué : {action}.", "  Played: {action}.")
BETTER = Text("  Mieux : {action}.", "  Better: {action}.")
WHY = Text("  Pourquoi : {reason}", "  Why: {reason}")
HINTED = Text("  Un conseil avait été demandé ici.", "  A hint was asked here.")
SUMMARY = Text(
    "Bilan : {decisions}, {lost} en tout {interval}, soit {per} par décision {per_interval}.",
    "Summary: {decisions}, {lost} in all {interval}, {per} per decision {per_interval}.",
)
LABELS = Text("Par note : {counts}.", "By mark: {counts}.")
LABEL_COUNT = Text("{label} : {n}", "{label}: {n}")
COSTLIEST = Text("Moments les plus coûteux : {moments}.", "Costliest moments: {moments}.")
MOMENT = Text("coup {move} ({action}, {lost})", "move {move} ({action}, {lost})")
NO_COST = Text("Aucun coup n'a coûté de points.", "No move cost any points.")


@dataclass(frozen=True)
class ReviewedGame:
    """A review and what the report says around it: the number of decisions it was to
    cover, and the save."""

    review: GameReview
    total: int
    saved: Mapping[str, Any]


def incomplete(done: int, total: int, lang: Lang) -> str:
    """``Revue interrompue après 3 décisions sur 12.``"""
    return INCOMPLETE.render(
        lang, done=count(done, DECISION_COUNT, lang), total=number(total, lang)
    )


def report_lines(reviewed: ReviewedGame, lang: Lang) -> list[str]:
    """The whole report: header, each decision marked worse than good, summary."""
    review = reviewed.review
    lines = _header(reviewed, lang)
    if not review.complete:
        lines.append(incomplete(len(review.decisions), reviewed.total, lang))
    if not review.decisions:
        return lines + ([NO_CHOICE.get(lang)] if review.complete else [])
    marked = [decision for decision in review.decisions if decision.label is not Label.GOOD]
    for decision in marked:
        lines += _decision(reviewed, decision, lang)
    if not marked:
        lines.append(ALL_GOOD.render(lang, good=quoted(LABEL_NAMES[Label.GOOD].get(lang), lang)))
    return lines + _summary(reviewed, lang)


def _header(reviewed: ReviewedGame, lang: Lang) -> list[str]:
    review, saved = reviewed.review, reviewed.saved
    names = saved.get("names")
    labels = {label: LABEL_NAMES[label].get(lang) for label in Label}
    low, middle, high = review.thresholds
    digits = _digits(review)
    spec = get_game(review.game).spec
    lines = [
        HEADER.render(
            lang,
            title=game_title(review.game, lang),
            players=PLAYERS.render(review.players, lang),
            seed=review.seed,
            moves=count(len(saved["history"]), MOVE_COUNT, lang),
        )
    ]
    options = _chosen_options(review)
    if options:
        lines.append(OPTIONS.render(lang, options=options_line(options, lang)))
    lines += [
        SEAT.render(lang, seat=review.seat + 1, name=f" ({names[review.seat]})" if names else ""),
        BUDGET.render(
            lang,
            worlds=number(review.budget.worlds or spec.review_worlds, lang),
            seed=review.budget.seed,
            inaccuracy=labels[Label.INACCURACY],
            mistake=labels[Label.MISTAKE],
            blunder=labels[Label.BLUNDER],
            low=_points(low, lang, digits),
            middle=_points(middle, lang, digits),
            high=_points(high, lang, digits),
        ),
    ]
    hints = len(_hinted_moves(reviewed))
    if hints:
        lines.append(HINTS.render(hints, lang))
    return lines


def _chosen_options(review: GameReview) -> dict[str, Any]:
    """The options set away from the game's defaults (a save keeps them all)."""
    defaults = {option.key: option.default for option in get_game(review.game).spec.options}
    return {key: value for key, value in review.options.items() if defaults.get(key) != value}


def _decision(reviewed: ReviewedGame, decision: Decision, lang: Lang) -> list[str]:
    digits = _digits(reviewed.review)
    lines = [
        MARK.render(
            lang,
            move=MOVE.render(lang, move=decision.index + 1),
            round=_round(decision, lang),
            label=LABEL_NAMES[decision.label].get(lang),
            lost=_points(decision.lost, lang, digits, POINTS_LOST),
            interval=_interval(decision.interval, lang, digits),
        ),
        PLAYED.render(lang, action=_said(decision, decision.chosen, lang)),
        BETTER.render(lang, action=_said(decision, decision.best, lang)),
    ]
    if decision.reason is not None:
        lines.append(WHY.render(lang, reason=decision.reason[lang]))
    if decision.index in _hinted_moves(reviewed):
        lines.append(HINTED.get(lang))
    return lines


def _summary(reviewed: ReviewedGame, lang: Lang) -> list[str]:
    review = reviewed.review
    summary = review.summary()
    decisions = summary["decisions"]
    low, high = summary["interval"]
    digits = _digits(review)
    counts = ", ".join(
        LABEL_COUNT.render(lang, label=LABEL_NAMES[label].get(lang), n=summary["labels"][label])
        for label in Label
    )
    by_index = {decision.index: decision for decision in review.decisions}
    moments = [
        MOMENT.render(
            lang,
            move=index + 1,
            action=_said(by_index[index], by_index[index].chosen, lang),
            lost=_points(by_index[index].lost, lang, digits, POINTS_LOST),
        )
        for index in summary["costliest"]
    ]
    return [
        SUMMARY.render(
            lang,
            decisions=count(decisions, DECISION_COUNT, lang),
            lost=_points(summary["lost"], lang, digits, POINTS_LOST),
            interval=_interval((low, high), lang, digits),
            per=_points(summary["lost_per_decision"], lang, digits + 1),
            per_interval=_interval((low / decisions, high / decisions), lang, digits + 1),
        ),
        LABELS.render(lang, counts=counts),
        COSTLIEST.render(lang, moments=", ".join(moments)) if moments else NO_COST.get(lang),
    ]


def _round(decision: Decision, lang: Lang) -> str:
    """The decision's round, in a game of several."""
    return "" if decision.round is None else ROUND.render(lang, round=decision.round)


def _said(decision: Decision, action: Action, lang: Lang) -> str:
    """An action of the decision in words (the review wrote them as the seat saw them)."""
    texts = next(option.text for option in decision.alternatives if option.action == action)
    return texts[lang]


def _hinted_moves(reviewed: ReviewedGame) -> set[int]:
    seat = reviewed.review.seat
    return {hint["move"] for hint in reviewed.saved.get("hints", ()) if hint["seat"] == seat}


def _digits(review: GameReview) -> int:
    """Decimals enough to tell the game's thresholds apart (points below one in some games)."""
    return 2 if min(review.thresholds) < 1 else 1


def _points(value: float, lang: Lang, digits: int, noun: Plural = GAME_POINTS) -> str:
    shown = round(value, digits)
    return noun.render(shown, lang, v=number(shown, lang, digits))


def _interval(ends: tuple[float, float], lang: Lang, digits: int) -> str:
    return interval(number(ends[0], lang, digits), number(ends[1], lang, digits), lang)
