"""``popote calibrate``: search a game's options until its figures meet a designer's targets.

Each cell (a player count and fixed options) is searched on its own by Optuna's TPE sampler,
seeded, asking ``batch`` candidates at a time so that their games can be played together on
every core. The search is honest about noise in three steps, each on its own seeds:

1. **search**: every candidate of a cell plays the same ``games`` seeded games (common random
   numbers: two candidates differ by their options, not by their luck);
2. **finalists**: the ``finalists`` best candidates play ``finalist_games`` other games, and
   the best of them there is chosen (the search's winner is flattered by the very noise that
   picked it);
3. **verification**: the chosen table plays ``verify_games`` fresh games, seeds ``seed`` to
   ``seed + verify_games - 1``, which ``popote simulate --seed`` and ``popote balance`` replay.
   Only these figures say whether a target is met.

The figures are the same for the same arguments, whatever the number of jobs or the backend.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from popote.core.calibration import CalibrationCell, Parameter, Target
from popote.core.errors import InvalidSetup, PopoteError, shown
from popote.core.game import Game
from popote.core.i18n import LANGUAGES, Text
from popote.core.match import create_match
from popote.core.options import OptionValue
from popote.lab.simulate import GameRecord, GameTask, rate_summary
from popote.lab.stats import Z95

SEARCH_SEEDS = 1_000_000
"""Search games start this far from ``seed``, finalists' twice as far: verification keeps the
plain seeds ``seed``, ``seed + 1``... that the other commands use."""
Play = Callable[[Sequence[GameTask]], list[GameRecord]]
ParamKey = tuple[tuple[str, OptionValue], ...]


@dataclass(frozen=True)
class CalibrationPlan:
    """The cells to search and the budget: ``trials`` candidates per cell, ``batch`` asked at
    a time, each playing ``games`` games; then the finalists and the verification."""

    game: str
    cells: tuple[CalibrationCell, ...]
    bots: tuple[str, ...] = ("heuristic",)
    trials: int = 40
    batch: int = 4
    games: int = 200
    finalists: int = 4
    finalist_games: int = 1000
    verify_games: int = 2000
    seed: int = 0

    def upper_bound(self) -> int:
        """The most games the plan plays (candidates met twice are played once)."""
        if not self.trials:
            return len(self.cells) * self.verify_games
        finalists = self.finalists * self.finalist_games if self.finalists > 1 else 0
        return len(self.cells) * (self.trials * self.games + finalists + self.verify_games)


@dataclass
class Measured:
    """A candidate's figures on one set of games."""

    params: dict[str, OptionValue]
    games: int
    figures: dict[str, dict[str, float]]
    loss: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "params": self.params,
            "games": self.games,
            "figures": self.figures,
            "loss": self.loss,
        }


@dataclass
class CellSearch:
    """One cell's search: its Optuna study and every candidate measured so far."""

    index: int
    cell: CalibrationCell
    study: Any
    distributions: dict[str, Any]
    tried: dict[ParamKey, Measured] = field(default_factory=dict)
    trials: int = 0
    finalists: list[Measured] = field(default_factory=list)
    chosen: Measured | None = None
    verified: Measured | None = None

    def best(self) -> Measured | None:
        """The chosen table once the finalists played, else the search's best so far."""
        if self.chosen is not None:
            return self.chosen
        return min(self.tried.values(), key=lambda m: m.loss, default=None)


def figure(target: Target, records: Sequence[GameRecord]) -> dict[str, float]:
    """What ``records`` measure of ``target``, with its 95 % interval."""
    kind, _, name = target.measure.partition(":")
    if kind == "side":
        present = [r for r in records if name in r.sides]
        if not present:
            sides = ", ".join(sorted({side for r in records for side in r.sides})) or "-"
            raise PopoteError(NO_SUCH_SIDE.format(side=shown(name), sides=sides))
        return rate_summary(sum(r.winning_side == name for r in present), len(present))
    if kind == "seat":
        seat = int(name) - 1
        return rate_summary(sum(r.win_share(seat) for r in records), len(records))
    scale = target.seconds_per_decision / 60 if kind == "minutes" else 1.0
    lengths = [r.length * scale for r in records]
    mean = sum(lengths) / len(lengths)
    spread = math.sqrt(sum((x - mean) ** 2 for x in lengths) / max(1, len(lengths) - 1))
    error = Z95 * spread / math.sqrt(len(lengths))
    return {"mean": mean, "ci95_low": mean - error, "ci95_high": mean + error}


NO_SUCH_SIDE = Text(
    "aucune partie n'a de camp {side} (camps : {sides})",
    "no game has a side {side} (sides: {sides})",
)


def value_of(measured: dict[str, float]) -> float:
    return measured["win_rate"] if "win_rate" in measured else measured["mean"]


def loss(targets: Sequence[Target], figures: Mapping[str, dict[str, float]]) -> float:
    """Squared distance to the targets, each in units of its tolerance."""
    return sum(((value_of(figures[t.measure]) - t.value) / t.tolerance) ** 2 for t in targets)


def within(targets: Sequence[Target], figures: Mapping[str, dict[str, float]]) -> bool:
    return all(abs(value_of(figures[t.measure]) - t.value) <= t.tolerance for t in targets)


def measure(
    cell: CalibrationCell, params: dict[str, OptionValue], records: Sequence[GameRecord]
) -> Measured:
    figures = {t.measure: figure(t, records) for t in cell.targets}
    return Measured(dict(params), len(records), figures, loss(cell.targets, figures))


def cell_tasks(
    plan: CalibrationPlan,
    cell: CalibrationCell,
    params: Mapping[str, OptionValue],
    first: int,
    count: int,
) -> list[GameTask]:
    config = cell.config
    bots = plan.bots * config.players if len(plan.bots) == 1 else plan.bots
    options = {**config.options, **params}
    return [
        GameTask(plan.game, config.players, first + index, tuple(bots), options)
        for index in range(count)
    ]


def _distributions(game: Game, parameters: Sequence[Parameter]) -> dict[str, Any]:
    from optuna.distributions import (  # noqa: PLC0415 - Optuna loads only for calibrate
        CategoricalDistribution,
        IntDistribution,
    )

    options = {option.key: option for option in game.spec.options}
    found: dict[str, Any] = {}
    for parameter in parameters:
        checked = parameter.within(options[parameter.key])
        found[checked.key] = (
            CategoricalDistribution(checked.choices)
            if checked.choices
            else IntDistribution(checked.low, checked.high)
        )
    return found


def _searches(game: Game, plan: CalibrationPlan) -> list[CellSearch]:
    import optuna  # noqa: PLC0415 - Optuna loads only for calibrate

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    searches = []
    for index, cell in enumerate(plan.cells):
        sampler = optuna.samplers.TPESampler(
            seed=plan.seed * 1000 + index,
            multivariate=True,
            constant_liar=True,
            n_startup_trials=min(10, max(1, plan.trials // 3)),
        )
        study = optuna.create_study(sampler=sampler)
        searches.append(CellSearch(index, cell, study, _distributions(game, cell.parameters)))
    return searches


MAX_REFUSED = 1000
REFUSED_LOSS = 1e9
NOTHING_ACCEPTED = Text(
    "{label} : le jeu refuse toutes les tables proposées ; élargissez les paramètres",
    "{label}: the game refuses every table proposed; widen the parameters",
)


def accepted(game: Game, cell: CalibrationCell, params: Mapping[str, OptionValue]) -> bool:
    """Whether the game accepts these options, each parameter within its ``at_most``."""
    options = {**cell.config.options, **params}
    for parameter in cell.parameters:
        bound = options.get(parameter.at_most)
        if isinstance(bound, int) and int(options[parameter.key]) > bound:
            return False
    try:
        create_match(game, cell.config.players, 0, options)
    except InvalidSetup:
        return False
    return True


def param_key(params: Mapping[str, OptionValue]) -> ParamKey:
    return tuple(sorted(params.items()))


def _param_values(game: Game, params: Mapping[str, Any]) -> dict[str, OptionValue]:
    """Optuna's values as the game's options (``"true"`` for a boolean option...)."""
    options = {option.key: option for option in game.spec.options}
    return {
        key: options[key].parse(value) if isinstance(value, str) else int(value)
        for key, value in params.items()
    }


class Calibration:
    """The three steps of a calibration, over ``play`` (which plays tasks in order and may
    raise ``KeyboardInterrupt``, keeping every finished step)."""

    def __init__(self, game: Game, plan: CalibrationPlan, play: Play) -> None:
        self.game = game
        self.plan = plan
        self.play = play
        self.searches = _searches(game, plan)
        self.step = "search"
        self.skipped = 0
        """Games not played because a candidate came back: they count as done for progress."""

    def run(self) -> None:
        """Search, finalists, verification; with no trials, the verification alone measures
        each cell as the game has it (a table already chosen, such as a house table)."""
        if not self.plan.trials:
            for search in self.searches:
                search.chosen = Measured({}, 0, {}, 0.0)
            self.step = "verification"
            self._verify()
            self.step = "done"
            return
        while any(s.trials < self.plan.trials for s in self.searches):
            self._search_round()
        self.step = "finalists"
        self._finalists()
        self.step = "verification"
        self._verify()
        self.step = "done"

    def _search_round(self) -> None:
        plan = self.plan
        asked: list[tuple[CellSearch, Any, ParamKey]] = []
        for search in self.searches:
            for _ in range(min(plan.batch, plan.trials - search.trials)):
                trial, params = self._ask(search)
                search.trials += 1
                asked.append((search, trial, param_key(params)))
        # The candidates to play, each once, in the order they were asked.
        fresh = list(dict.fromkeys((s.index, key) for s, _, key in asked if key not in s.tried))
        self.skipped += plan.games * (len(asked) - len(fresh))
        first = plan.seed + SEARCH_SEEDS
        tasks = [
            cell_tasks(plan, self.searches[index].cell, dict(key), first, plan.games)
            for index, key in fresh
        ]
        records = self.play([task for chunk in tasks for task in chunk])
        for position, (index, key) in enumerate(fresh):
            search = self.searches[index]
            chunk = records[position * plan.games : (position + 1) * plan.games]
            search.tried[key] = measure(search.cell, dict(key), chunk)
        for search, trial, key in asked:
            search.study.tell(trial, search.tried[key].loss)

    def _ask(self, search: CellSearch) -> tuple[Any, dict[str, OptionValue]]:
        """A table the game accepts: Optuna is told that every other one is as bad as a
        table can be, so that it proposes fewer of them; they cost no game and no trial of
        the budget."""
        for _ in range(MAX_REFUSED):
            trial = search.study.ask(search.distributions)
            params = _param_values(self.game, trial.params)
            if accepted(self.game, search.cell, params):
                return trial, params
            search.study.tell(trial, REFUSED_LOSS)
        raise PopoteError(NOTHING_ACCEPTED.format(label=search.cell.config.label))

    def _finalists(self) -> None:
        plan = self.plan
        for search in self.searches:
            ranked = sorted(search.tried.values(), key=lambda m: m.loss)
            search.finalists = ranked[: plan.finalists]
        if plan.finalists < 2:
            for search in self.searches:
                search.chosen = search.finalists[0] if search.finalists else None
            return
        first = plan.seed + 2 * SEARCH_SEEDS
        candidates = [(s, m.params) for s in self.searches for m in s.finalists]
        tasks = [
            cell_tasks(plan, s.cell, params, first, plan.finalist_games) for s, params in candidates
        ]
        records = self.play([task for chunk in tasks for task in chunk])
        games = plan.finalist_games
        for search in self.searches:
            search.finalists = []
        for position, (search, params) in enumerate(candidates):
            chunk = records[position * games : (position + 1) * games]
            search.finalists.append(measure(search.cell, params, chunk))
        for search in self.searches:
            search.chosen = min(search.finalists, key=lambda m: m.loss, default=None)

    def _verify(self) -> None:
        plan = self.plan
        chosen = [(s, s.chosen) for s in self.searches if s.chosen is not None]
        tasks = [
            cell_tasks(plan, s.cell, m.params, plan.seed, plan.verify_games) for s, m in chosen
        ]
        records = self.play([task for chunk in tasks for task in chunk])
        games = plan.verify_games
        for position, (search, best) in enumerate(chosen):
            chunk = records[position * games : (position + 1) * games]
            search.verified = measure(search.cell, best.params, chunk)

    def report(self, interrupted: bool = False) -> dict[str, Any]:
        """Every cell's best table with its figures at each step; after Ctrl-C, the best so
        far and the step it stopped in."""
        plan = self.plan
        return {
            "game": plan.game,
            "bots": list(plan.bots),
            "optimizer": "optuna TPESampler (multivariate, constant liar)",
            "seed": plan.seed,
            "budget": {
                "trials": plan.trials,
                "batch": plan.batch,
                "games": plan.games,
                "finalists": plan.finalists,
                "finalist_games": plan.finalist_games,
                "verify_games": plan.verify_games,
            },
            "seeds": {
                "search": plan.seed + SEARCH_SEEDS,
                "finalists": plan.seed + 2 * SEARCH_SEEDS,
                "verification": plan.seed,
            },
            "interrupted": interrupted,
            "step": self.step,
            "cells": [self._cell_report(search) for search in self.searches],
        }

    def _cell_report(self, search: CellSearch) -> dict[str, Any]:
        cell = search.cell
        best = search.best()
        searched = None if best is None else search.tried.get(param_key(best.params))
        verified = search.verified
        return {
            "label": cell.config.label,
            "title": {lang: cell.config.name(lang) for lang in LANGUAGES},
            "players": cell.config.players,
            "options": dict(cell.config.options),
            "parameters": [
                {"key": p.key, "low": p.low, "high": p.high, "choices": list(p.choices)}
                for p in cell.parameters
            ],
            "targets": [
                {"measure": t.measure, "value": t.value, "tolerance": t.tolerance}
                | (
                    {"seconds_per_decision": t.seconds_per_decision}
                    if t.seconds_per_decision
                    else {}
                )
                for t in cell.targets
            ],
            "trials": search.trials,
            "candidates": len(search.tried),
            "best": None if best is None else best.params,
            "search": None if searched is None else searched.as_dict(),
            "finalists": [m.as_dict() for m in search.finalists] if self.plan.finalists > 1 else [],
            "verified": None if verified is None else verified.as_dict(),
            "within": None if verified is None else within(cell.targets, verified.figures),
        }
