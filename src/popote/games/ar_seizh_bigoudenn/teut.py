"""TEUT!: a sealed auction of ingredients for a contested utensil.

Each contender bids one ingredient from its work surface face down (or withdraws). The
highest value takes the utensil. On a tie at the top, a tied contender may raise with a
second card face down; the other tied contenders then follow (sealed) or not. If nobody
follows, the raiser's card goes to the centre and the raiser wins; otherwise the raise and
the follows are revealed and compared the same way. Every bid, raise and follow that is
revealed is spent: the passoire's holder may recover one of them, the rest leave the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from popote.core.actions import Action, Event, frozen_atoms, frozen_fields
from popote.core.windows import ReactionWindow, SealedBids
from popote.games.ar_seizh_bigoudenn.cards import CARD_RANK, INGREDIENTS, kinds, with_added
from popote.games.ar_seizh_bigoudenn.tables import (
    ActionTable,
    EventTable,
    SecretTable,
    Stage,
)

if TYPE_CHECKING:
    from popote.games.ar_seizh_bigoudenn.state import ArSeizhState


BIDS: Final = SecretTable("bid_placed", ("card",), ("card",))
RAISES: Final = SecretTable("raised", ("card",), ("card",))
RAISE_PASSES: Final = EventTable("raise_pass", "seat")
FOLLOWS: Final = SecretTable("follow_placed", ("card",), ("card",))
GRABBED: Final = EventTable("grabbed", "seat", "utensil", "drop")
TEUT_WON: Final = EventTable("teut_won", "seat", "utensil")
_CARD_ACTIONS: Final = {kind: ActionTable(kind, "card") for kind in ("bid", "raise", "follow")}


def card_actions(state: ArSeizhState, seat: int, kind: str) -> list[Action]:
    table = _CARD_ACTIONS[kind]
    return [table[card,] for card in kinds(state.surfaces[seat])]


def submit_bid(state: ArSeizhState, seat: int, action: Action) -> list[Event]:
    assert state.teut is not None and state.teut.bids is not None
    card: str | None = action.get("card")
    state.teut.bids.submit(seat, card)
    return list(BIDS[seat, card])


def raise_answer(state: ArSeizhState, seat: int, action: Action) -> list[Event]:
    teut = state.teut
    assert teut is not None and teut.raise_window is not None
    if action["type"] == "raise":
        teut.raise_cards[seat] = action["card"]
        teut.raise_window.answer(seat, True)
        return list(RAISES[seat, action["card"]])
    teut.raise_window.answer(seat, None)
    return [RAISE_PASSES[seat,]]


def follow_answer(state: ArSeizhState, seat: int, action: Action) -> list[Event]:
    assert state.teut is not None and state.teut.follow is not None
    card: str | None = action.get("card")
    state.teut.follow.submit(seat, card)
    return list(FOLLOWS[seat, card])


def _spend(state: ArSeizhState, played: dict[int, str | None]) -> None:
    assert state.teut is not None
    for seat, card in played.items():
        if card is not None:
            state.surfaces[seat].remove(card)
            state.teut.spent.append(card)


def resolve_bids(state: ArSeizhState) -> list[Event]:
    teut = state.teut
    assert teut is not None and teut.bids is not None
    played = teut.bids.revealed()
    teut.bids = None
    _spend(state, played)
    bids = frozen_atoms([frozen_atoms(pair) for pair in played.items()])
    reveal = frozen_fields(type="bids_revealed", utensil=teut.utensil, bids=bids)
    return [reveal, *_compare(state, played)]


def _compare(state: ArSeizhState, played: dict[int, str | None]) -> list[Event]:
    teut = state.teut
    assert teut is not None
    values = {s: INGREDIENTS[c].value for s, c in played.items() if c is not None}
    if not values:
        return finish(state, None)
    top = max(values.values())
    tied = [s for s in teut.contenders if values.get(s) == top]
    if len(tied) == 1:
        return finish(state, tied[0])
    able = [s for s in tied if state.surfaces[s]]
    events: list[Event] = [{"type": "teut_tie", "seats": tied, "value": top, "can_raise": able}]
    if not able:
        return events + finish(state, None)
    teut.raise_window = ReactionWindow(able, first_wins=state.real_time)
    teut.raiser = None
    teut.raise_cards = {}
    state.stage = Stage.RAISE
    return events


def resolve_raise(state: ArSeizhState) -> list[Event]:
    teut = state.teut
    assert teut is not None and teut.raise_window is not None
    window = teut.raise_window
    teut.raise_window = None
    raiser = window.taker
    if raiser is None:
        return [{"type": "no_raise", "utensil": teut.utensil}, *finish(state, None)]
    teut.raiser = raiser
    teut.raise_cards = {raiser: teut.raise_cards[raiser]}
    followers = [s for s in window.order if s != raiser and state.surfaces[s]]
    events: list[Event] = [{"type": "raise_taken", "seat": raiser, "followers": followers}]
    if not followers:
        return events + _unmatched(state)
    teut.follow = SealedBids(followers)
    state.stage = Stage.FOLLOW
    return events


def _unmatched(state: ArSeizhState) -> list[Event]:
    teut = state.teut
    assert teut is not None and teut.raiser is not None
    raiser = teut.raiser
    card = teut.raise_cards.pop(raiser)
    state.surfaces[raiser].remove(card)
    state.to_centre(card)
    event: Event = {"type": "raise_unmatched", "seat": raiser, "card": card}
    return [event, *finish(state, raiser)]


def resolve_follow(state: ArSeizhState) -> list[Event]:
    teut = state.teut
    assert teut is not None and teut.follow is not None and teut.raiser is not None
    answers = teut.follow.revealed()
    teut.follow = None
    followers = {s: c for s, c in answers.items() if c is not None}
    if not followers:
        return _unmatched(state)
    played: dict[int, str | None] = {teut.raiser: teut.raise_cards[teut.raiser], **followers}
    teut.raiser = None
    teut.raise_cards = {}
    _spend(state, played)
    reveal: Event = {
        "type": "follows_revealed",
        "utensil": teut.utensil,
        "cards": [[seat, card] for seat, card in played.items()],
        "declined": [s for s, c in answers.items() if c is None],
    }
    return [reveal, *_compare(state, played)]


def award(state: ArSeizhState, seat: int, utensil: str, drop: str | None) -> list[Event]:
    """``seat`` takes ``utensil`` from the centre, first letting ``drop`` fall if named."""
    state.stage = Stage.ACTION
    state.grab_utensil = None
    events: list[Event] = []
    if drop is not None:
        events.append(state.drop(seat, drop, "swap"))
    state.take_utensil(seat, utensil)
    return [GRABBED[seat, utensil, drop], *events]


def finish(state: ArSeizhState, winner: int | None) -> list[Event]:
    """The TEUT ends; then the passoire's holder may recover one of the spent cards."""
    teut = state.teut
    assert teut is not None
    state.teut = None
    events: list[Event] = [TEUT_WON[winner, teut.utensil]]
    if winner is None:
        state.stage = Stage.ACTION
        state.grab_utensil = None
    else:
        events += award(state, winner, teut.utensil, teut.claims[winner])
    if not teut.spent:
        return events
    holder = next((s for s in range(state.players) if "passoire" in state.hands[s]), None)
    if holder is None or holder == state.current:
        state.marmite = with_added(state.marmite, teut.spent, CARD_RANK)
        return [*events, {"type": "to_marmite", "cards": list(teut.spent)}]
    state.passoire_cards = list(teut.spent)
    state.stage = Stage.PASSOIRE
    return [*events, {"type": "passoire_offer", "seat": holder, "cards": list(teut.spent)}]
