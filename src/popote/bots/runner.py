"""Drives a match to its end with one agent per seat (bots, or a person at a terminal)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from popote.core.actions import Action, visible_events
from popote.core.game import Opponent
from popote.core.match import Match


def play_out(
    match: Match,
    agents: Sequence[Opponent],
    on_choice: Callable[[Match, int, Action], None] | None = None,
) -> Match:
    """Ask each seat in ``to_act`` for its action until the match is over.

    ``on_choice`` sees the match, the seat and its chosen action before each action is played.
    """
    for seat, agent in enumerate(agents):
        agent.observe(match.events(seat))
    while not match.over:
        for seat in match.to_act:
            if seat not in match.to_act:
                continue
            action = agents[seat].choose(match)
            if on_choice is not None:
                on_choice(match, seat, action)
            events = match.act(seat, action)
            for viewer, agent in enumerate(agents):
                seen = visible_events(events, viewer)
                if seen:
                    agent.observe(seen)
    return match
