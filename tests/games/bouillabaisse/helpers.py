"""Small helpers shared by the Bouillabaisse tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import popote


def play(match: popote.Match, *cards: str) -> list[dict[str, Any]]:
    """Each card in turn, played by whoever is to act; the events of the last one."""
    events: list[dict[str, Any]] = []
    for card in cards:
        events = match.act(match.to_act[0], {"type": "play", "card": card})
    return events


def last_manche_scores(match: popote.Match) -> list[int]:
    scores: list[int] = match.view(None)["scores"][-1]
    return scores


def event_of(events: Sequence[dict[str, Any]], kind: str) -> dict[str, Any]:
    found = [event for event in events if event["type"] == kind]
    assert found, f"no {kind} event in {events}"
    return found[0]


def play_to_next_manche(match: popote.Match) -> list[dict[str, Any]]:
    """Play the first legal card until a new manche starts; that last action's events."""
    while True:
        seat = match.to_act[0]
        events = match.act(seat, match.legal_actions(seat)[0])
        if any(event["type"] == "manche_start" for event in events):
            return events
