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
