"""Popote: five French cooking-themed card games behind one engine contract.

>>> import popote
>>> "pieds-dans-le-plat" in popote.game_names()
True
>>> m = popote.new_match("pieds-dans-le-plat", players=2, seed=1)
>>> while not m.over:
...     seat = m.to_act[0]
...     _ = m.act(seat, m.legal_actions(seat)[0])
>>> again = popote.replay("pieds-dans-le-plat", 2, 1, {}, m.history)
>>> again.result() == m.result()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from popote.core.actions import Action, Event, visible_events, visible_to
from popote.core.errors import IllegalAction, InvalidSeat, InvalidSetup, MatchNotOver, PopoteError
from popote.core.i18n import Text, get_language, set_language
from popote.core.match import Match, create_match, replay_history
from popote.core.registry import all_games, get_game

__all__ = [
    "Action",
    "Event",
    "IllegalAction",
    "InvalidSeat",
    "InvalidSetup",
    "Match",
    "MatchNotOver",
    "PopoteError",
    "Text",
    "game_info",
    "game_names",
    "get_language",
    "new_match",
    "replay",
    "review",
    "set_language",
    "visible_events",
    "visible_to",
]

__version__ = "0.1.0"


def game_names() -> list[str]:
    """The registered game slugs, sorted."""
    return list(all_games())


def game_info(name: str) -> dict[str, Any]:
    """Title, player counts and options of a game."""
    return get_game(name).spec.info()


def new_match(
    name: str,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
) -> Match:
    """Start a match; bad names, counts or options raise :class:`InvalidSetup` (a ValueError)."""
    return create_match(get_game(name), players, seed, options)


def replay(
    name: str,
    players: int,
    seed: int,
    options: Mapping[str, object] | None,
    history: Sequence[Mapping[str, Any]],
) -> Match:
    """Rebuild a match from its setup and its history of actions."""
    return replay_history(new_match(name, players, seed, options), history)


def review(
    played: Match | Mapping[str, Any],
    seat: int,
    worlds: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    names: Sequence[str] = (),
) -> dict[str, Any]:
    """The review of one seat's decisions in a finished game (a match, or a save's record:
    ``game``, ``players``, ``seed``, ``options``, ``history``), as ``popote review --json``
    prints it: each decision's legal actions with their expected points from what the seat
    knew then, the points lost with a 95 % interval, a label, and a summary
    (:mod:`popote.lab.review`). ``worlds``: sampled per decision (default: the game's);
    ``names``: the seats' names in the reasons (default: Seat 1, Seat 2...).

    >>> m = new_match("boom-badaboom", players=3, seed=4)
    >>> while not m.over:
    ...     _ = m.act(m.to_act[0], m.legal_actions(m.to_act[0])[-1])
    >>> report = review(m, seat=1, worlds=4)
    >>> report["seat"], report["summary"]["decisions"] == len(report["decisions"])
    (1, True)
    """
    # The lab lies above the engine (and above popote.rl, which uses this package's API):
    # imported when asked, the one entry of the public API above the engine.
    from popote.lab.review import Budget  # noqa: PLC0415
    from popote.lab.review import review as run_review  # noqa: PLC0415

    budget = Budget(worlds=worlds, seed=seed)
    return run_review(played, seat, budget, names, jobs).as_json()
