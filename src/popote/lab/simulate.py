"""Bots against bots: many seeded matches, summarised per seat and per side.

Each match is a pure function of its :class:`GameTask` (game, players, options, bots per
seat, seed), so the work can be spread over processes, or machines, without changing a
single figure: the same arguments give the same report whatever the number of jobs.

>>> report = simulate(Batch("pieds-dans-le-plat", players=2, games=3, seed=1), ["random", "heuristic"])
>>> report["games"], len(report["seats"])
(3, 2)
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from popote.bots.runner import play_out
from popote.core.match import Match, create_match
from popote.core.registry import get_game
from popote.lab.stats import wilson_interval
from popote.rl.learned import make_bot

Progress = Callable[[int], None]
Task = TypeVar("Task")
Outcome = TypeVar("Outcome")
PLOT_FORMATS = (".png", ".svg")
Task_contra = TypeVar("Task_contra", contravariant=True)
Backend = Literal["local", "ray"]
BACKENDS: tuple[Backend, ...] = ("local", "ray")


class Kept(Protocol[Task_contra, Outcome]):
    """Outcomes kept from an earlier run (:class:`popote.lab.gamelog.GameLog`): those found
    are not worked out again, those worked out are added as they come."""

    def get(self, task: Task_contra) -> Outcome | None: ...

    def add(self, outcome: Outcome) -> None: ...


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a batch, with the outcomes of the tasks finished before it, in order."""

    def __init__(self, done: Sequence[Any]) -> None:
        super().__init__()
        self.done = list(done)


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal: only the parent should act on it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass(frozen=True)
class GameTask:
    """Everything one simulated match depends on."""

    name: str
    players: int
    seed: int
    bots: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    label_key: str = ""
    """A key of ``result()`` holding one label per seat (a character...) to keep, if any."""


@dataclass(frozen=True)
class Batch:
    """What every batch command shares: the game, its players and options, how many matches
    and from which seed (match ``i`` is played from seed ``seed + i``)."""

    name: str
    players: int
    games: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    def match_seed(self, index: int) -> int:
        return self.seed + index

    def task(self, index: int, bots: Sequence[str]) -> GameTask:
        """Match number ``index`` of the batch, with these bots at the seats."""
        seed = self.match_seed(index)
        return GameTask(self.name, self.players, seed, tuple(bots), dict(self.options))


@dataclass(frozen=True)
class GameRecord:
    """What one simulated match leaves behind."""

    task: GameTask
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    length: int
    winning_side: str | None
    sides: Mapping[str, Sequence[int]]
    labels: tuple[str, ...] | None

    def win_share(self, seat: int) -> float:
        return 1 / len(self.winners) if seat in self.winners else 0.0


def play_task(task: GameTask) -> GameRecord:
    return game_record(task, play_match(task))


def play_match(task: GameTask) -> Match:
    """The task's match, played to its end (its history kept, for a review)."""
    game = get_game(task.name)
    match = create_match(game, task.players, task.seed, task.options)
    agents = [make_bot(kind, game, seat, task.seed) for seat, kind in enumerate(task.bots)]
    return play_out(match, agents)


def game_record(task: GameTask, match: Match) -> GameRecord:
    """What the lab keeps of the task's finished match."""
    result = match.result()
    labels = result.get(task.label_key) if task.label_key else None
    return GameRecord(
        task=task,
        scores=tuple(result["scores"]),
        winners=tuple(result["winners"]),
        length=len(match.history),
        winning_side=result.get("winning_side"),
        sides=result.get("sides", {}),
        labels=tuple(labels) if labels is not None else None,
    )


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_tasks(
    tasks: Sequence[GameTask],
    jobs: int = 1,
    progress: Progress | None = None,
    backend: Backend = "local",
    kept: Kept[GameTask, GameRecord] | None = None,
) -> list[GameRecord]:
    """Play every task, in order of the list whatever the number of jobs or the backend."""
    return run_parallel(play_task, tasks, jobs, progress, backend, kept)


def run_parallel(
    work: Callable[[Task], Outcome],
    tasks: Sequence[Task],
    jobs: int = 1,
    progress: Progress | None = None,
    backend: Backend = "local",
    kept: Kept[Task, Outcome] | None = None,
) -> list[Outcome]:
    """``work`` on every task, over ``jobs`` processes of this machine (``local``) or a Ray
    cluster (``ray``, see :mod:`popote.lab.ray_backend`), in the order of the list. The
    tasks whose outcome ``kept`` holds are not worked on again; each new outcome is added
    to it as it comes.

    Ctrl-C raises :class:`Interrupted`, which keeps the outcomes finished so far (those of
    the longest run of tasks from the first one that all have an outcome)."""
    known = [None if kept is None else kept.get(task) for task in tasks]
    missing = [task for task, outcome in zip(tasks, known, strict=True) if outcome is None]
    already = len(tasks) - len(missing)
    new: list[Outcome] = []
    if progress is not None and already:
        progress(already)
    try:  # Ctrl-C while the workers start counts too
        # Kept outcomes are worth keeping one by one: a run stopped loses only the tasks
        # under way, not whole chunks of them.
        chunk = 1 if kept is not None else None
        with _outcomes(work, missing, jobs, backend, chunk) as results:
            for outcome in results:
                new.append(outcome)
                if kept is not None:
                    kept.add(outcome)
                if progress is not None:
                    progress(already + len(new))
    except KeyboardInterrupt as interrupt:
        raise Interrupted(_in_order(known, new)) from interrupt
    return _in_order(known, new)


def _in_order(known: Sequence[Outcome | None], new: Sequence[Outcome]) -> list[Outcome]:
    """Every task's outcome in the order of the tasks, the new ones filling the gaps, up to
    the first gap left."""
    fresh = iter(new)
    outcomes: list[Outcome] = []
    for outcome in known:
        if outcome is not None:
            outcomes.append(outcome)
            continue
        try:
            outcomes.append(next(fresh))
        except StopIteration:
            break
    return outcomes


@contextmanager
def _outcomes(
    work: Callable[[Task], Outcome],
    tasks: Sequence[Task],
    jobs: int,
    backend: Backend,
    chunk: int | None = None,
) -> Iterator[Iterator[Outcome]]:
    """The outcomes in order; ``chunk`` tasks sent to a worker at once (default:
    :func:`chunk_size`)."""
    if backend == "ray":
        from popote.lab.ray_backend import ray_outcomes  # noqa: PLC0415 - Ray is an optional extra

        with ray_outcomes(work, tasks, jobs, chunk) as results:
            yield results
    elif jobs <= 1 or len(tasks) < 2:
        yield map(work, tasks)
    else:
        pool = multiprocessing.get_context("spawn").Pool(
            min(jobs, len(tasks)), initializer=_ignore_interrupts
        )
        try:
            yield pool.imap(work, tasks, chunksize=chunk or chunk_size(len(tasks), jobs))
        finally:
            pool.terminate()


def chunk_size(tasks: int, workers: int) -> int:
    """Tasks sent to a worker at once: few enough to balance the load, enough to keep the
    cost of sending them small."""
    return max(1, tasks // (workers * 16))


def rate_summary(share: float, games: int) -> dict[str, float]:
    low, high = wilson_interval(share, games)
    return {"win_rate": share / games, "ci95_low": low, "ci95_high": high}


def report_header(records: Sequence[GameRecord]) -> dict[str, Any]:
    """What every batch report says of its games: which, how many, from which seed."""
    first = records[0].task
    return {
        "game": first.name,
        "players": first.players,
        "games": len(records),
        "seed": first.seed,
        "options": dict(first.options),
        "mean_length": sum(record.length for record in records) / len(records),
    }


def summarise(records: Sequence[GameRecord]) -> dict[str, Any]:
    first = records[0].task
    count = len(records)
    seats = []
    for seat in range(first.players):
        share = sum(record.win_share(seat) for record in records)
        seats.append(
            {
                "seat": seat + 1,
                "bot": first.bots[seat],
                **rate_summary(share, count),
                "mean_score": sum(record.scores[seat] for record in records) / count,
            }
        )
    report: dict[str, Any] = {
        **report_header(records),
        "bots": list(first.bots),
        "seats": seats,
        "lower_score_wins": _lower_score_wins(records),
    }
    if first.players > 1 and all(len(record.winners) in (0, first.players) for record in records):
        # Everyone wins or loses together: one team rate, not one identical rate per seat.
        report["team"] = rate_summary(sum(bool(record.winners) for record in records), count)
    side_names = sorted({side for record in records for side in record.sides})
    if side_names:
        won = Counter(record.winning_side for record in records)
        report["sides"] = {side: rate_summary(won[side], count) for side in side_names}
    return report


def _lower_score_wins(records: Sequence[GameRecord]) -> bool:
    """Whether winners score less than the others on average (penalty points)."""
    won = [r.scores[seat] for r in records for seat in range(len(r.scores)) if seat in r.winners]
    lost = [
        r.scores[seat] for r in records for seat in range(len(r.scores)) if seat not in r.winners
    ]
    return bool(won and lost) and sum(won) / len(won) < sum(lost) / len(lost)


def simulate(
    batch: Batch,
    bots: Sequence[str],
    progress: Progress | None = None,
    jobs: int = 1,
    backend: Backend = "local",
) -> dict[str, Any]:
    """Play the batch's matches with ``bots`` at the seats and summarise them."""
    return summarise(run_tasks(simulation_tasks(batch, bots), jobs, progress, backend))


def simulation_tasks(batch: Batch, bots: Sequence[str]) -> list[GameTask]:
    return [batch.task(index, bots) for index in range(batch.games)]
