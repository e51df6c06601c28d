"""A file of finished games, so that a long batch can stop and go on, or grow, without
playing a game twice.

Each game is one line of JSON: its :class:`~popote.lab.simulate.GameTask` (game, players,
seed, bots, options) and what it left (:class:`~popote.lab.simulate.GameRecord`). A game is
a pure function of its task, so a game found in the log is the game that would be played:
a run stopped after an hour goes on where it stopped, and a run of 300 deals after one of
150 from the same seed plays only the 150 new ones. What the log cannot know is that a bot
changed since it played: ``replay`` names the bots whose games are played again (the new
line is appended; when a task has several lines, the last one counts).

>>> import tempfile, pathlib
>>> from popote.lab.simulate import GameTask, play_task
>>> path = pathlib.Path(tempfile.mkdtemp()) / "games.jsonl"
>>> task = GameTask("pieds-dans-le-plat", 2, 7, ("random", "moyen"))
>>> GameLog(path).add(play_task(task))
>>> GameLog(path).get(task) == play_task(task)
True
>>> GameLog(path, replay={"moyen"}).get(task) is None
True
"""

from __future__ import annotations

import json
from collections.abc import Collection
from pathlib import Path
from typing import Any

from popote.core.errors import PopoteError
from popote.core.i18n import Text
from popote.lab.simulate import GameRecord, GameTask

UNREADABLE = Text(
    "journal de parties illisible : {path}, ligne {line} ({reason})",
    "unreadable game log: {path}, line {line} ({reason})",
)


def task_key(task: GameTask) -> str:
    """The task as one canonical string: equal tasks, equal keys."""
    return json.dumps(
        [task.name, task.players, task.seed, list(task.bots), dict(task.options), task.label_key],
        sort_keys=True,
    )


def record_to_json(record: GameRecord) -> dict[str, Any]:
    task = record.task
    return {
        "game": task.name,
        "players": task.players,
        "seed": task.seed,
        "bots": list(task.bots),
        "options": dict(task.options),
        "label_key": task.label_key,
        "scores": list(record.scores),
        "winners": list(record.winners),
        "length": record.length,
        "winning_side": record.winning_side,
        "sides": {side: list(seats) for side, seats in record.sides.items()},
        "labels": None if record.labels is None else list(record.labels),
    }


def record_from_json(line: dict[str, Any]) -> GameRecord:
    task = GameTask(
        name=str(line["game"]),
        players=int(line["players"]),
        seed=int(line["seed"]),
        bots=tuple(str(bot) for bot in line["bots"]),
        options=dict(line["options"]),
        label_key=str(line["label_key"]),
    )
    labels = line["labels"]
    return GameRecord(
        task=task,
        scores=tuple(line["scores"]),
        winners=tuple(int(seat) for seat in line["winners"]),
        length=int(line["length"]),
        winning_side=line["winning_side"],
        sides={str(side): list(seats) for side, seats in line["sides"].items()},
        labels=None if labels is None else tuple(str(label) for label in labels),
    )


class GameLog:
    """The games of one log file, read once; :meth:`add` appends a line and flushes it, so
    that a run killed at any moment loses at most the game it was writing.

    A last line cut short (the run was killed while writing it) is left out, and cut off
    the file before the next game is written; reading never changes the file, so a log may
    be read (a report on the deals played so far) while its run goes on. A damaged line
    anywhere else is refused, with its number, before anything is played. One run writes to
    a log at a time."""

    def __init__(self, path: Path, replay: Collection[str] = ()) -> None:
        self.path = path
        self.replay = frozenset(replay)
        self._games: dict[str, GameRecord] = {}
        self._whole: int | None = None
        """The length of the file's complete lines, where a torn line follows them."""
        if path.exists():
            self._read()

    def _read(self) -> None:
        data = self.path.read_bytes()
        complete = data[: data.rfind(b"\n") + 1]
        if len(complete) < len(data):
            self._whole = len(complete)
        for number, line in enumerate(complete.decode("utf-8", "replace").splitlines(), 1):
            if line.strip():
                record = self._parsed(line, number)
                self._games[task_key(record.task)] = record

    def _parsed(self, line: str, number: int) -> GameRecord:
        try:
            return record_from_json(json.loads(line))
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            reason = type(error).__name__
            raise PopoteError(
                UNREADABLE.format(path=self.path, line=number, reason=reason)
            ) from None

    def __len__(self) -> int:
        return len(self._games)

    def others(self, tasks: Collection[GameTask]) -> int:
        """How many games of the log are none of these tasks: games of another run (another
        player count, seed, levels or options), which a mistyped command would not see."""
        return len(self._games.keys() - {task_key(task) for task in tasks})

    def get(self, task: GameTask) -> GameRecord | None:
        """The game this task played, unless the log has none or one of its bots is replayed."""
        if self.replay.intersection(task.bots):
            return None
        return self._games.get(task_key(task))

    def add(self, record: GameRecord) -> None:
        self._games[task_key(record.task)] = record
        if self._whole is not None:
            with self.path.open("r+b") as torn:
                torn.truncate(self._whole)
            self._whole = None
        with self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(record_to_json(record), ensure_ascii=False) + "\n")
