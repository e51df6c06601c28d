"""Drives a match to its end with one agent per seat (bots, or a person at a terminal)."""

from __future__ import annotations

from collections.abc import Sequence

from popote.bots.base import Bot
from popote.core.actions import visible_events
from popote.core.match import Match


def play_out(match: Match, agents: Sequence[Bot]) -> Match:
    """Ask each seat in ``to_act`` for its action until the match is over."""
    for seat, agent in enumerate(agents):
        agent.observe(match.events(seat))
    while not match.over:
        for seat in match.to_act:
            if seat not in match.to_act:
                continue
            events = match.act(seat, agents[seat].choose(match))
            for viewer, agent in enumerate(agents):
                seen = visible_events(events, viewer)
                if seen:
                    agent.observe(seen)
    return match
