"""Small helpers to drive scenario matches the way a player would."""

from __future__ import annotations

from typing import Any

import popote
from popote.core.i18n import Lang
from popote.games.boom_badaboom import GAME

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]
OBJECTIVES = frozenset({"cherries", "caramel", "macarons", "chantilly", "gummies"})


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


def opening(players: int, lang: Lang, **options: Any) -> str:
    """What a player reads when the match starts: level, first player, roles and goals."""
    m = popote.new_match("boom-badaboom", players=players, seed=1, options=options)
    setup = next(event for event in m.events(0) if event["type"] == "setup")
    return GAME.presenter.event(setup, lang, NAMES[:players]) or ""


def dealt_counts(match: popote.Match) -> list[int]:
    """How many cards each seat was dealt, as the deal announced it."""
    return [event["count"] for event in match.events(None) if event["type"] == "hand_dealt"]
