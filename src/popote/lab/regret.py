"""How much a bot (the heuristic one by default) leaves on the table late in a match.

Each task plays one seeded match with the bot at every seat and draws one
of its last decisions that offered a real choice. There, every legal action of that seat is
tried in the same sampled worlds (``determinize``: what the seat knows, the rest resampled),
each world then played to its end by heuristic bots at every seat, and judged with the
search bot's utility (half for winning, half for the share of opponents outscored). The
worlds are split in two halves: the first picks the best action, the second measures by how
much that action beats the bot's own choice, so the noise of the pick does not inflate the
regret.

A regret near zero over many positions means a search built on the heuristic bot has little
to gain there; a positive one says how much it could.

>>> position = measure(RegretTask("pieds-dans-le-plat", 3, seed=2, worlds=8, last=4))
>>> position is not None and position.choices >= 2 and -1 <= position.regret <= 1
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from popote.bots.runner import play_out
from popote.bots.search import Rollout, bot_rollout, utility
from popote.core.actions import Action
from popote.core.chance import Chance
from popote.core.errors import PopoteError
from popote.core.i18n import Text
from popote.core.match import Match, create_match
from popote.core.registry import get_game
from popote.lab.simulate import Batch
from popote.lab.stats import paired_difference
from popote.rl.learned import make_bot


@dataclass(frozen=True)
class RegretTask:
    """One late position of one seeded match, and how hard to look at it."""

    name: str
    players: int
    seed: int
    worlds: int
    last: int
    """The position is drawn among this many last decisions that offered a choice."""
    options: Mapping[str, Any] = field(default_factory=dict)
    bot: str = "heuristic"
    """The bot that plays the match, whose choices are judged (the continuations stay heuristic)."""


@dataclass(frozen=True)
class Position:
    """What the search found at one position."""

    task: RegretTask
    seat: int
    choices: int
    regret: float
    """Utility of the best action minus that of the bot's choice, on the held-out worlds."""
    differs: bool
    """Whether another action did strictly better than the bot's choice on the first half."""


def late_decisions(task: RegretTask) -> list[tuple[Match, int, Action]]:
    """The bots' decisions that offered a choice, last ones first: match, seat, action."""
    game = get_game(task.name)
    match = create_match(game, task.players, task.seed, task.options)
    # Only the last ones are kept: a long match does not hold a copy of every position.
    decisions: deque[tuple[Match, int, Action]] = deque(maxlen=task.last)

    def keep(current: Match, seat: int, action: Action) -> None:
        if len(current.legal_actions(seat)) > 1:
            decisions.append((current.clone(), seat, action))

    bots = [make_bot(task.bot, game, seat, task.seed) for seat in range(task.players)]
    play_out(match, bots, keep)
    return list(reversed(decisions))


def measure(task: RegretTask) -> Position | None:
    """The regret at one late position of the task's match (None: no decision had a choice)."""
    decisions = late_decisions(task)
    if not decisions:
        return None
    chance = Chance(task.seed)
    match, seat, chosen = decisions[chance.below(len(decisions))]
    rollout = bot_rollout(get_game(task.name).heuristic_bot)
    seeds = [chance.below(1 << 62) for _ in range(task.worlds)]
    values = {
        action: _values(match, seat, action, seeds, rollout) for action in match.legal_actions(seat)
    }
    half = task.worlds // 2
    # On a tie the bot's own choice stands: only a strictly better action counts as a regret.
    best = max(values, key=lambda action: (sum(values[action][:half]), action == chosen))
    held_out = [
        mine - theirs
        for mine, theirs in zip(values[best][half:], values[chosen][half:], strict=True)
    ]
    return Position(
        task=task,
        seat=seat,
        choices=len(values),
        regret=sum(held_out) / len(held_out),
        differs=best != chosen,
    )


def _values(
    match: Match, seat: int, action: Action, seeds: Sequence[int], rollout: Rollout
) -> list[float]:
    """The seat's utility after ``action`` in each sampled world (the same worlds for all)."""
    values = []
    for seed in seeds:
        world = match.determinize(seat, seed)
        world.act(seat, action)
        rollout(world, Chance(seed), None)
        values.append(utility(world.result(), seat))
    return values


def regret_tasks(batch: Batch, worlds: int, last: int, bot: str = "heuristic") -> list[RegretTask]:
    """One position per match of the batch."""
    return [
        RegretTask(
            batch.name,
            batch.players,
            batch.match_seed(index),
            worlds,
            last,
            dict(batch.options),
            bot,
        )
        for index in range(batch.games)
    ]


def summarise_regret(measured: Sequence[Position | None]) -> dict[str, Any]:
    positions = [position for position in measured if position is not None]
    if not positions:
        raise PopoteError(
            Text(
                "aucune partie n'a offert de choix : rien à mesurer",
                "no match offered a choice: nothing to measure",
            )
        )
    first = positions[0].task
    return {
        "game": first.name,
        "players": first.players,
        "bot": first.bot,
        "positions": len(positions),
        "games": len(measured),
        "seed": first.seed,
        "worlds": first.worlds,
        "last": first.last,
        "options": dict(first.options),
        "mean_choices": sum(position.choices for position in positions) / len(positions),
        "differs": sum(position.differs for position in positions) / len(positions),
        "regret": paired_difference([position.regret for position in positions]),
    }
