"""Small helpers shared by the Stir-Fry Eighteen tests."""

from __future__ import annotations

from typing import Any

import popote

NAME = "stir-fry-eighteen"


def pair(first: str, second: str) -> dict[str, Any]:
    return {"type": "discard_pair", "first": first, "second": second}


def protein(card: str, claim: str) -> dict[str, Any]:
    return {"type": "discard_protein", "card": card, "claim": claim}


def cook_action(match: popote.Match, seat: int, *cards: str) -> dict[str, Any]:
    """The legal cook action for exactly these cards."""
    wanted = set(cards)
    for action in match.legal_actions(seat):
        if action["type"] == "cook" and set(action["dish"].split("+")) == wanted:
            return dict(action)
    raise AssertionError(f"no cook action for {sorted(wanted)}")


def cook(match: popote.Match, seat: int, *cards: str) -> list[dict[str, Any]]:
    return match.act(seat, cook_action(match, seat, *cards))


END = {"type": "end_turn"}
TEST = {"type": "taste_test"}
PASS = {"type": "pass"}


def everyone_passes(match: popote.Match) -> None:
    while match.to_act and match.view(None)["phase"] == "test_window":
        match.act(match.to_act[0], PASS)


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in events if event["type"] == kind]


def public(events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    return popote.visible_events(events, seat)
