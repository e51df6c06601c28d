"""The review of a finished game: what each decision of one seat cost, in points.

At every decision of the seat that offered a choice, each legal action is tried in the same
sampled worlds: ``determinize`` of the match as it stood, so the worlds hold what that seat
knew then and nothing of another seat's cards or of the deck's order. Each world is played
on by the game's heuristic bot at every seat, to the game's review horizon (the end of the
manche in Bouillabaisse, of the game elsewhere), and the seat's points are read there. What
a decision lost is positive when it did worse, in games where fewer points win too.

What a decision lost is estimated by cross-fitting, so that the noise of picking the best
action among many does not pass for a loss: the worlds are split into two halves, the best
action is picked on each half and measured against the chosen one on the other half. The
mean of those paired differences, with its 95 % interval, is the loss; the label follows the
game's thresholds (:attr:`popote.core.game.GameSpec.review_thresholds`), and a decision whose
interval reaches below half the first threshold is ``good``: no loss is claimed that the
worlds did not show, and a loss barely shown does not come and go with the budget.

The same game, seat and budget give the same review on any machine, whatever the number of
processes, and whatever the other seats' hidden cards were.

>>> import popote
>>> match = popote.new_match("boom-badaboom", players=3, seed=4)
>>> while not match.over:
...     seat = match.to_act[0]
...     _ = match.act(seat, match.legal_actions(seat)[-1])
>>> report = review(match, seat=0, budget=Budget(worlds=4))
>>> report.seat, len(report.decisions) == report.summary()["decisions"]
(0, True)
>>> review(match, seat=0, budget=Budget(worlds=4)) == report
True
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from popote.bots.registry import search_bot
from popote.bots.search import bot_rollout, utility
from popote.core.actions import Action
from popote.core.chance import Chance
from popote.core.errors import InvalidSeat, InvalidSetup
from popote.core.game import Game, Presenter, View
from popote.core.i18n import LANGUAGES, Lang, Text
from popote.core.match import Match, create_match
from popote.core.registry import get_game
from popote.lab.simulate import Interrupted, Progress, run_parallel
from popote.lab.stats import Z95

DEFAULT_WORLDS = 32
"""Sampled worlds per decision where neither the budget nor the game says."""
MAX_WORLDS = 4096


class Label(StrEnum):
    """How costly a decision was, by the game's thresholds of points lost."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


LABEL_NAMES = {
    Label.GOOD: Text("bon coup", "good"),
    Label.INACCURACY: Text("imprécision", "inaccuracy"),
    Label.MISTAKE: Text("erreur", "mistake"),
    Label.BLUNDER: Text("gaffe", "blunder"),
}


@dataclass(frozen=True)
class Budget:
    """How hard a review looks: ``worlds`` sampled per decision (None: the game's
    :attr:`~popote.core.game.GameSpec.review_worlds`), drawn from ``seed``."""

    worlds: int | None = None
    seed: int = 0

    def __post_init__(self) -> None:
        if self.worlds is not None and not 2 <= self.worlds <= MAX_WORLDS:
            raise InvalidSetup(
                Text(
                    "le budget d'une revue va de 2 à {most} mondes par décision, pas {worlds}",
                    "a review's budget is 2 to {most} worlds per decision, not {worlds}",
                ).format(most=MAX_WORLDS, worlds=self.worlds)
            )

    def for_game(self, game: Game) -> Budget:
        """This budget, its number of worlds filled in from the game's default."""
        return Budget(self.worlds or game.spec.review_worlds, self.seed)

    def worlds_at(self, index: int) -> list[int]:
        """The seeds of the worlds sampled at the decision before move ``index``: the same
        for every action there, and for every other seat's information."""
        chance = Chance(self.seed * 1_000_003 + index)
        return [chance.below(1 << 62) for _ in range(self.worlds or DEFAULT_WORLDS)]


@dataclass(frozen=True)
class Alternative:
    """One legal action and what the sampled worlds gave the seat after it."""

    action: Action
    points: float
    """Mean points of the seat, as the game counts them (fewer are better in some games)."""
    share: float
    """Mean win share of the seat (the search's utility: half for winning, half for the
    share of others outscored)."""
    text: Mapping[str, str]


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat."""

    index: int
    """Its place in the match's history (0: the first move of the game)."""
    round: int | None
    chosen: Action
    best: Action
    lost: float
    """Points the chosen action lost against the best, estimated on held-out worlds."""
    interval: tuple[float, float]
    label: Label
    alternatives: tuple[Alternative, ...]
    """Every legal action, best first."""
    reason: Mapping[str, str] | None
    """Why the best action is better, in words, where the game's rules of thumb say."""

    def as_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "round": self.round,
            "chosen": dict(self.chosen),
            "best": dict(self.best),
            "lost": self.lost,
            "interval": list(self.interval),
            "label": self.label.value,
            "label_text": LABEL_NAMES[self.label].as_dict(),
            "reason": None if self.reason is None else dict(self.reason),
            "alternatives": [
                {
                    "action": dict(alternative.action),
                    "points": alternative.points,
                    "share": alternative.share,
                    "text": dict(alternative.text),
                }
                for alternative in self.alternatives
            ],
        }


@dataclass(frozen=True)
class GameReview:
    """Every decision of one seat in one game, and what they cost."""

    game: str
    players: int
    seed: int
    options: Mapping[str, Any]
    seat: int
    budget: Budget
    thresholds: tuple[float, float, float]
    decisions: tuple[Decision, ...]
    lower_is_better: bool = False
    """Whether fewer points win this game (the alternatives' points are as it counts them;
    what a decision lost is always positive when it did worse)."""
    complete: bool = True
    """False when the review was stopped (Ctrl-C) before its last decision."""

    def summary(self) -> dict[str, Any]:
        """Points lost in all and per decision (with the 95 % interval of the sum), the
        count of each label and the three costliest decisions worse than good (their
        history indices)."""
        lost = sum(decision.lost for decision in self.decisions)
        spread = math.sqrt(sum(_variance(decision) for decision in self.decisions))
        marked = [decision for decision in self.decisions if decision.label is not Label.GOOD]
        costliest = sorted(marked, key=lambda decision: -decision.lost)[:3]
        count = len(self.decisions)
        labels = Counter(decision.label for decision in self.decisions)
        return {
            "decisions": count,
            "lost": lost,
            "interval": [lost - Z95 * spread, lost + Z95 * spread],
            "lost_per_decision": lost / count if count else 0.0,
            "labels": {label.value: labels[label] for label in Label},
            "costliest": [decision.index for decision in costliest],
        }

    def as_json(self) -> dict[str, Any]:
        return {
            "popote_review": 1,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "seat": self.seat,
            "budget": {"worlds": self.budget.worlds, "seed": self.budget.seed},
            "thresholds": list(self.thresholds),
            "lower_is_better": self.lower_is_better,
            "complete": self.complete,
            "summary": self.summary(),
            "decisions": [decision.as_json() for decision in self.decisions],
        }


def _variance(decision: Decision) -> float:
    low, high = decision.interval
    return ((high - low) / (2 * Z95)) ** 2


@dataclass(frozen=True)
class DecisionTask:
    """One decision to assess: the match up to it (moves as JSON), the seat and its choice."""

    game: str
    players: int
    seed: int
    options: tuple[tuple[str, Any], ...]
    moves: tuple[tuple[int, str], ...]
    seat: int
    budget: Budget
    names: tuple[str, ...] = field(default=())
    round: int | None = None
    """The round of the game as its replay counts them (a new one at each step of its
    progress), in a game of several."""

    def match(self) -> Match:
        match = create_match(get_game(self.game), self.players, self.seed, dict(self.options))
        for seat, action in self.moves[:-1]:
            match.play(seat, _action(match, seat, action))
        return match


def _action(match: Match, seat: int, text: str) -> Action:
    action = match.legal_action(seat, json.loads(text))
    if action is not None:
        return action
    raise InvalidSetup(
        Text(
            "coup {index} illégal dans la partie à revoir : {action}",
            "move {index} is illegal in the game to review: {action}",
        ).format(index=len(match.history) + 1, action=text)
    )


def review(
    played: Match | Mapping[str, Any],
    seat: int,
    budget: Budget | None = None,
    names: Sequence[str] = (),
    jobs: int = 1,
    progress: Progress | None = None,
) -> GameReview:
    """The review of ``seat``'s decisions in ``played``: a match, or a record with its
    ``game``, ``players``, ``seed``, ``options`` and ``history`` (a save file's contents).

    ``names`` name the seats in the reasons (default: Seat 1, Seat 2...); ``jobs``
    processes share the decisions. Ctrl-C (``popote.lab.simulate.Interrupted``) is caught:
    the review of the decisions done so far comes back, marked incomplete."""
    record = played.to_record() if isinstance(played, Match) else played
    game = get_game(record["game"])
    chosen = (budget or Budget()).for_game(game)
    tasks = decision_tasks(record, seat, chosen, names)
    try:
        decisions = run_parallel(assess, tasks, jobs, progress)
        complete = True
    except Interrupted as stopped:
        decisions, complete = stopped.done, False
    return GameReview(
        game=record["game"],
        players=record["players"],
        seed=record["seed"],
        options=dict(record["options"]),
        seat=seat,
        budget=chosen,
        thresholds=game.spec.review_thresholds,
        decisions=tuple(decisions),
        lower_is_better=_lower_is_better(
            create_match(game, record["players"], record["seed"], record["options"])
        ),
        complete=complete,
    )


def decision_tasks(
    record: Mapping[str, Any], seat: int, budget: Budget, names: Sequence[str] = ()
) -> list[DecisionTask]:
    """One task per decision of ``seat`` that offered a choice, in the order of the game.

    The record's moves are checked on the way: an illegal one raises ``InvalidSetup``."""
    game = get_game(record["game"])
    match = create_match(game, record["players"], record["seed"], record["options"])
    if not 0 <= seat < match.players:
        raise InvalidSeat(
            Text(
                "siège {seat} inconnu : la partie a {players} sièges (0 à {last})",
                "unknown seat {seat}: the game has {players} seats (0 to {last})",
            ).format(seat=seat, players=match.players, last=match.players - 1)
        )
    options = tuple(sorted(match.options.items()))
    moves: list[tuple[int, str]] = []
    tasks = []
    start = match.progress
    for entry in record["history"]:
        mover, text = entry["seat"], json.dumps(entry["action"], sort_keys=True)
        moves.append((mover, text))
        if mover == seat and len(match.legal_actions(seat)) > 1:
            task = DecisionTask(
                game.spec.name,
                match.players,
                match.seed,
                options,
                tuple(moves),
                seat,
                budget,
                tuple(names),
                match.progress - start + 1,
            )
            tasks.append(task)
        match.play(mover, _action(match, mover, text))
    if match.progress == start:  # a game of one round names none
        return [replace(task, round=None) for task in tasks]
    return tasks


def assess(task: DecisionTask) -> Decision:
    """The figures of one decision (a pure function of the task: any process may run it)."""
    match = task.match()
    chosen = _action(match, task.seat, task.moves[-1][1])
    decision = assess_at(match, task.seat, chosen, len(task.moves) - 1, task.budget, task.names)
    return decision if decision.round is not None else replace(decision, round=task.round)


def assess_at(
    match: Match,
    seat: int,
    chosen: Action,
    index: int,
    budget: Budget,
    names: Sequence[str] = (),
) -> Decision:
    """The figures of ``seat`` choosing ``chosen`` in ``match`` as it stands, the
    ``index``-th move of its game (which draws the worlds): from that seat's view and past
    only, so any match that seat cannot tell apart from this one gives the same figures."""
    legal = match.legal_actions(seat)
    values = action_values(match, seat, legal, budget.for_game(match.game).worlds_at(index))
    lost, interval, best = cross_fitted_loss(values, chosen)
    view = match.view(seat)
    presenter = match.game.presenter
    names_in = _names(names, match.players)
    thresholds = match.game.spec.review_thresholds
    ranked = sorted(legal, key=lambda action: (-_mean(values[action].points), action != chosen))
    sign = -1.0 if _lower_is_better(match) else 1.0
    return Decision(
        index=index,
        round=presenter.round_of(view),
        chosen=chosen,
        best=best,
        lost=lost,
        interval=interval,
        label=label_of(lost, interval, thresholds),
        alternatives=tuple(
            Alternative(
                action,
                sign * _mean(values[action].points),
                _mean(values[action].shares),
                _action_texts(presenter, view, action, names_in),
            )
            for action in ranked
        ),
        reason=_reason(presenter, view, best, chosen, names_in),
    )


@dataclass
class Outcomes:
    """What one action gave the seat in each sampled world, in the order of the worlds."""

    points: list[float] = field(default_factory=list)
    shares: list[float] = field(default_factory=list)


def action_values(
    match: Match, seat: int, actions: Sequence[Action], seeds: Sequence[int]
) -> dict[Action, Outcomes]:
    """Each action tried in the same worlds (one per seed), played on by the heuristic bot
    at every seat to the game's review horizon."""
    game = match.game
    rollout = bot_rollout(game.heuristic_bot)
    horizon = game.spec.review_horizon
    sign = -1.0 if _lower_is_better(match) else 1.0
    values = {action: Outcomes() for action in actions}
    for seed in seeds:
        for action in actions:
            world = match.determinize(seat, seed).hush()
            world.play(seat, action)
            stop = None if horizon is None else world.progress + horizon
            rollout(world, Chance(seed), stop)
            standings = world.standings()
            values[action].points.append(sign * standings["scores"][seat])
            values[action].shares.append(utility(standings, seat))
    return values


def _lower_is_better(match: Match) -> bool:
    return bool(match.standings().get("lower_is_better"))


def cross_fitted_loss(
    values: Mapping[Action, Outcomes], chosen: Action
) -> tuple[float, tuple[float, float], Action]:
    """The chosen action's loss against the best one picked on the other half of the
    worlds, its 95 % interval, and the best action on all the worlds (the chosen one on a
    tie).

    >>> a, b = Action(type="a"), Action(type="b")
    >>> values = {a: Outcomes([1.0, 2.0, 1.0, 2.0]), b: Outcomes([3.0, 3.0, 2.0, 4.0])}
    >>> lost, (low, high), best = cross_fitted_loss(values, a)
    >>> lost, round(low, 3), round(high, 3), best
    (1.5, 0.934, 2.066, {'type': 'b'})

    A better action seen on one half only is no loss: the other half does not confirm it.

    >>> values = {a: Outcomes([1.0, 2.0, 1.0, 2.0]), b: Outcomes([3.0, 2.0, 3.0, 2.0])}
    >>> cross_fitted_loss(values, a)
    (0.0, (0.0, 0.0), {'type': 'b'})
    """
    count = len(values[chosen].points)
    halves = (range(0, count, 2), range(1, count, 2))
    picks = [_best(values, chosen, half) for half in halves]
    differences = [
        values[picks[1 - part]].points[world] - values[chosen].points[world]
        for part, half in enumerate(halves)
        for world in half
    ]
    mean = sum(differences) / count
    variance = sum((difference - mean) ** 2 for difference in differences) / (count - 1)
    margin = Z95 * math.sqrt(variance / count)
    return mean, (mean - margin, mean + margin), _best(values, chosen, range(count))


def _best(values: Mapping[Action, Outcomes], chosen: Action, worlds: Sequence[int]) -> Action:
    return max(
        values, key=lambda action: (sum(values[action].points[i] for i in worlds), action == chosen)
    )


def label_of(lost: float, interval: tuple[float, float], thresholds: Sequence[float]) -> Label:
    """The label of a loss: ``good`` below the first threshold or when the interval reaches
    below half of it, then inaccuracy, mistake and blunder from each threshold on.

    Half the first threshold, not zero: with zero, a loss whose interval just touched it
    was good at one budget and a mistake at four times the worlds (Stir-Fry Eighteen: 93 %
    of labels alike, against 95 % with half; ``python -m benchmarks.review``).

    >>> label_of(3.0, (1.0, 5.0), (1, 2, 4)), label_of(3.0, (0.4, 5.6), (1, 2, 4))
    (<Label.MISTAKE: 'mistake'>, <Label.GOOD: 'good'>)
    """
    if interval[0] < thresholds[0] / 2:
        return Label.GOOD
    worse = (Label.INACCURACY, Label.MISTAKE, Label.BLUNDER)
    label = Label.GOOD
    for threshold, next_label in zip(thresholds, worse, strict=True):
        if lost >= threshold:
            label = next_label
    return label


def _action_texts(
    presenter: Presenter, view: View, action: Action, names: NamesIn
) -> dict[str, str]:
    return _texts(lambda lang: presenter.action(action, view, lang, names(lang)))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def _texts(render: Callable[[Lang], str]) -> dict[str, str]:
    return {lang: render(lang) for lang in LANGUAGES}


SEAT = Text("Siège {n}", "Seat {n}")
NamesIn = Callable[[Lang], list[str]]


def _names(given: Sequence[str], players: int) -> NamesIn:
    """The seats' names in a language: those given, or Seat 1, Seat 2..."""
    if given:
        return lambda lang: list(given)
    return lambda lang: [SEAT.format(n=seat + 1).get(lang) for seat in range(players)]


def _reason(
    presenter: Presenter, view: View, best: Action, chosen: Action | None, names: NamesIn
) -> dict[str, str] | None:
    if best == chosen:
        return None
    said = _texts(lambda lang: presenter.reason(view, best, chosen, lang, names(lang)) or "")
    return said if all(said.values()) else None


@dataclass(frozen=True)
class Hint:
    """What ``difficile`` would play for a seat now, and why."""

    seat: int
    action: Action
    text: Mapping[str, str]
    reason: Mapping[str, str] | None
    """The game's rules of thumb on that action, where they have something to say."""
    shares: tuple[tuple[Action, float, int], ...]
    """The search's estimate for each action it tried: mean win share and visits, most
    visited first (empty when the seat had one legal action)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "action": dict(self.action),
            "text": dict(self.text),
            "reason": None if self.reason is None else dict(self.reason),
            "estimates": [
                {"action": dict(action), "share": share, "visits": visits}
                for action, share, visits in self.shares
            ],
        }


def hint(match: Match, seat: int, seed: int, names: Sequence[str] = (), timed: bool = True) -> Hint:
    """What the ``difficile`` level would play at ``seat`` (which must be to act), from that
    seat's view and past only; ``timed``: at most the level's thinking time (a person waits).

    >>> import popote
    >>> match = popote.new_match("pieds-dans-le-plat", players=3, seed=2)
    >>> advice = hint(match, match.to_act[0], seed=1, timed=False)
    >>> advice.action in match.legal_actions(match.to_act[0])
    True
    """
    if seat not in match.to_act:
        raise InvalidSeat(
            Text(
                "le siège {seat} n'a rien à décider maintenant",
                "seat {seat} has nothing to decide now",
            ).format(seat=seat)
        )
    bot = search_bot(match.game, seat, seed, timed=timed)
    bot.observe(match.events(seat))
    action = bot.choose(match)
    view, presenter = match.view(seat), match.game.presenter
    names_in = _names(names, match.players)
    root = bot.last_root if len(match.legal_actions(seat)) > 1 else None
    tried = [] if root is None else sorted(root.children.items(), key=lambda kv: -kv[1].visits)
    return Hint(
        seat=seat,
        action=action,
        text=_action_texts(presenter, view, action, names_in),
        reason=_reason(presenter, view, action, None, names_in),
        shares=tuple(
            (tried_action, node.total / node.visits, node.visits)
            for tried_action, node in tried
            if node.visits
        ),
    )
