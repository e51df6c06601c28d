"""Small builders for the actions of Ar Seizh Bigoudenn, as a client would send them."""

from __future__ import annotations

from typing import Any

import popote

PASS: dict[str, Any] = {"type": "pass"}
STOP: dict[str, Any] = {"type": "stop"}
TOSS: dict[str, Any] = {"type": "toss"}
WITHDRAW: dict[str, Any] = {"type": "withdraw"}


def take(card: str, drop: str | None = None, give_back: str | None = None) -> dict[str, Any]:
    return {"type": "take", "card": card, "drop": drop, "give_back": give_back}


def steal(target: int, card: str | None, give_back: str | None = None) -> dict[str, Any]:
    return {"type": "steal", "target": target, "card": card, "give_back": give_back}


def utensil(name: str, drop: str | None = None) -> dict[str, Any]:
    return {"type": "utensil", "utensil": name, "drop": drop}


def grab(drop: str | None = None) -> dict[str, Any]:
    return {"type": "grab", "drop": drop}


def teut(drop: str | None = None) -> dict[str, Any]:
    return {"type": "teut", "drop": drop}


def bid(card: str) -> dict[str, Any]:
    return {"type": "bid", "card": card}


def raise_with(card: str) -> dict[str, Any]:
    return {"type": "raise", "card": card}


def follow(card: str) -> dict[str, Any]:
    return {"type": "follow", "card": card}


def recover(card: str, give_back: str | None = None) -> dict[str, Any]:
    return {"type": "recover", "card": card, "give_back": give_back}


def cook(*cards: str) -> dict[str, Any]:
    return {"type": "cook", "cards": list(cards)}


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [event["type"] for event in events]


def first(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(event for event in events if event["type"] == kind and "hidden_from" not in event)


def answer_all(match: popote.Match, answers: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each listed seat answers in turn; returns every event caused."""
    events: list[dict[str, Any]] = []
    for seat, action in answers.items():
        events += match.act(seat, action)
    return events


def acting(match: popote.Match) -> tuple[int, ...]:
    """The seats with a decision now (a call, so type checkers do not pin it)."""
    return match.to_act
