"""Small helpers to drive scenario matches the way a player would."""

from __future__ import annotations

from typing import Any

import popote


def act(match: popote.Match, seat: int, **action: Any) -> list[dict[str, Any]]:
    return match.act(seat, action)


def decline_all(match: popote.Match) -> list[dict[str, Any]]:
    """Everyone asked to react passes, until the window closes."""
    events: list[dict[str, Any]] = []
    while match.view(None)["phase"] == "react":
        events += match.act(match.to_act[0], {"type": "decline"})
    return events


def window(match: popote.Match, answers: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """Every seat asked in the current window answers: ``answers`` react, the others decline."""
    events: list[dict[str, Any]] = []
    for seat in match.to_act:
        events += match.act(seat, answers.get(seat, {"type": "decline"}))
    return events


def reaction(card: str, mode: str, target: int = -1) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "react", "card": card, "mode": mode}
    if target >= 0:
        action["target"] = target
    return action


def play(match: popote.Match, seat: int, card: str, target: int = -1) -> list[dict[str, Any]]:
    action: dict[str, Any] = {"type": "play", "card": card}
    if target >= 0:
        action["target"] = target
    return match.act(seat, action) + decline_all(match)


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [event["type"] for event in events]


def first(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(event for event in events if event["type"] == kind)


ROLES3 = ["farceur", "patissier", "glouton"]
