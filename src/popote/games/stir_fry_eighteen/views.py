"""What each seat may know of a Stir-Fry Eighteen match.

Public: scores, hand sizes, the deck's size, the cards face up this turn (the dish, the cards
a taste test revealed), the dish cooked this turn (its cards, points and whether it scored
nothing), how many cards each seat set aside face down this turn, the discard waiting for a
taste test (its claim, not its cards) and who called or passed. A seat also sees its own
hand and the cards it set aside face down itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from popote.games.stir_fry_eighteen.cards import Phase, sort_cards
from popote.games.stir_fry_eighteen.events import sorted_cards

if TYPE_CHECKING:
    from popote.games.stir_fry_eighteen.rules import StirFryState

NAME = "stir-fry-eighteen"


def build_view(state: StirFryState, seat: int | None) -> dict[str, Any]:
    hidden_counts = [0] * state.players
    face_up: list[dict[str, Any]] = []
    mine: list[str] = []
    for card, owner, up in state.pile:
        if up:
            face_up.append({"card": card, "owner": owner})
        else:
            hidden_counts[owner] += 1
            if owner == seat:
                mine.append(card)
    view: dict[str, Any] = {
        **state.rules.shown,
        "game": NAME,
        "seat": seat,
        "players": state.players,
        "to_act": list(state.to_act),
        "over": state.over,
        "phase": state.phase._value_,  # not .value: a slow descriptor
        "first": state.first,
        "current": state.current,
        "round": (state.turn - 1) // state.players + 1,  # state.round, without a call
        "target_reached": state.target_reached,
        "scores": list(state.scores),
        "hand_sizes": list(map(len, state.hands)),
        "deck_size": len(state.deck),
        "face_up": face_up,
        "face_down_counts": hidden_counts,
        "pair_used": state.pair_used,
        "protein_used": state.protein_used,
        "cooked": state.cooked,
        "dish": None,
        "caught": state.caught,
        "pending": None,
        "window": None,
        "winners": list(state.winners),
        "end": state.end_reason.value if state.end_reason else None,
    }
    if state.dish is not None:
        view["dish"] = {
            "cards": list(state.dish.cards),
            "points": state.dish.points,
            "bust": state.dish.bust,
        }
    if state.phase is Phase.TEST_WINDOW:
        _add_window(view, state, seat)
    if seat is not None:
        view["hand"] = sorted_cards(state.hands[seat])
        view["my_face_down"] = sort_cards(mine) if mine else []
    return view


def _add_window(view: dict[str, Any], state: StirFryState, seat: int | None) -> None:
    pending, window = state.pending, state.window
    if pending is None or window is None:
        return
    view["pending"] = {
        "seat": pending.seat,
        "kind": pending.kind._value_,
        "claim": pending.claim,
        "count": len(pending.slots),
    }
    view["window"] = {
        "eligible": list(window.order),
        "answered": [other for other in window.order if window.answered(other)],
        "callers": window.reactors(),
    }
    if seat == pending.seat:
        view["pending"]["cards"] = sort_cards(state.pile[i][0] for i in pending.slots)
