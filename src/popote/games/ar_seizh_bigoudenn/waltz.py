"""The utensil waltz: grab windows after every drop, TEUT! auctions and the passoire.

Order of resolution (documented in docs/rules/ar-seizh-bigoudenn.md): utensils that fall
are offered one at a time, in the order they fell. The seats asked are every seat but the
player at the stove and the one who let it fall, clockwise from the player at the stove;
a seat may not take back, in the same waltz, a utensil it let fall. In the default
(priority) mode every asked seat answers in secret before anything is decided: one claim
takes the utensil, two or more start a TEUT!. In real-time mode the first claim takes it at
once and the seats that had not answered yet may then cry TEUT! at the taker.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from popote.core.actions import Action, Event
from popote.core.chance import Chance
from popote.core.game import View
from popote.core.windows import ReactionWindow, SealedBids, clockwise_after
from popote.games.ar_seizh_bigoudenn import turn
from popote.games.ar_seizh_bigoudenn.cards import CARD_RANK, kinds, with_added
from popote.games.ar_seizh_bigoudenn.tables import (
    PASS,
    RECOVER,
    WITHDRAW,
    EventTable,
    SecretTable,
    Stage,
    Teut,
    act,
)
from popote.games.ar_seizh_bigoudenn.teut import (
    award,
    card_actions,
    follow_answer,
    raise_answer,
    resolve_bids,
    resolve_follow,
    resolve_raise,
    submit_bid,
)

if TYPE_CHECKING:
    from popote.games.ar_seizh_bigoudenn.state import ArSeizhState


GRAB_ANSWERS: Final = SecretTable("grab_answer", ("utensil", "grab", "drop"), ("grab", "drop"))
OPEN_GRAB_ANSWERS: Final = EventTable("grab_answer", "seat", "utensil", "grab", "drop")  # real time
CHALLENGE_ANSWERS: Final = SecretTable("challenge_answer", ("utensil", "teut"), ("teut",))
NOBODY_GRABS: Final = EventTable("nobody_grabs", "utensil")
GRAB_OPEN: Final = EventTable("grab_open", "utensil", "dropper", "seats")
GRAB_CLAIMS: Final = EventTable("grab_claims", "utensil", "seats")
TEUT: Final = EventTable("teut", "utensil", "seats")
_GRAB_OPTIONS: Final[dict[tuple[str, tuple[str, ...]], tuple[Action, ...]]] = {}


def grab_options(state: ArSeizhState, seat: int, kind: str = "grab") -> tuple[Action, ...]:
    """Grab (or cry TEUT!) with a free hand or letting a held utensil fall, or pass: the
    list depends only on the held utensils, so each one is built once."""
    key = (kind, tuple(state.hands[seat]))
    found = _GRAB_OPTIONS.get(key)
    if found is None:
        drops = turn.drop_choices(state.hands[seat])
        found = _GRAB_OPTIONS[key] = (*(act(kind, drop=d) for d in drops), PASS)
    return found


def legal(state: ArSeizhState, seat: int) -> Sequence[Action]:
    stage = state.stage
    if stage is Stage.GRAB:
        return grab_options(state, seat)
    if stage is Stage.CHALLENGE:
        return grab_options(state, seat, "teut")
    if stage is Stage.BID:
        return [*card_actions(state, seat, "bid"), WITHDRAW]
    if stage is Stage.RAISE:
        return [*card_actions(state, seat, "raise"), PASS]
    if stage is Stage.FOLLOW:
        return [*card_actions(state, seat, "follow"), PASS]
    if stage is Stage.PASSOIRE:
        backs = turn.give_back_choices(state, seat)
        cards = turn.distinct(state.passoire_cards)
        return [RECOVER[c, g] for c in cards for g in backs] + [PASS]
    return []


def apply(state: ArSeizhState, seat: int, action: Action) -> list[Event]:
    stage = state.stage
    if stage is Stage.GRAB:
        return _answer_grab(state, seat, action)
    if stage is Stage.CHALLENGE:
        assert state.challenge is not None
        state.challenge.submit(seat, action)
        return list(CHALLENGE_ANSWERS[seat, state.grab_utensil, action["type"] == "teut"])
    if stage is Stage.BID:
        return submit_bid(state, seat, action)
    if stage is Stage.RAISE:
        return raise_answer(state, seat, action)
    if stage is Stage.FOLLOW:
        return follow_answer(state, seat, action)
    return _passoire(state, seat, action)


def _answer_grab(state: ArSeizhState, seat: int, action: Action) -> list[Event]:
    grab = action["type"] == "grab"
    answer = (seat, state.grab_utensil, grab, action.get("drop"))
    if state.real_time:
        assert state.grab_window is not None
        state.grab_window.answer(seat, action if grab else None)
        return [OPEN_GRAB_ANSWERS[answer]]
    assert state.grab_bids is not None
    state.grab_bids.submit(seat, action)
    return list(GRAB_ANSWERS[answer])


def advance(state: ArSeizhState) -> list[Event]:
    """Resolve whatever window is settled, open the next one, or give the turn back."""
    events: list[Event] = []
    while True:
        stage = state.stage
        if stage is Stage.GRAB:
            if waiting := _grab_pending(state):
                state.to_act = waiting
                return events
            events += _resolve_grab(state)
        elif stage is Stage.CHALLENGE:
            assert state.challenge is not None
            if waiting := state.challenge.pending:
                state.to_act = waiting
                return events
            events += _resolve_challenge(state)
        elif stage is Stage.BID:
            assert state.teut is not None and state.teut.bids is not None
            if waiting := state.teut.bids.pending:
                state.to_act = waiting
                return events
            events += resolve_bids(state)
        elif stage is Stage.RAISE:
            assert state.teut is not None and state.teut.raise_window is not None
            if not state.teut.raise_window.closed:
                state.to_act = state.teut.raise_window.pending
                return events
            events += resolve_raise(state)
        elif stage is Stage.FOLLOW:
            assert state.teut is not None and state.teut.follow is not None
            if waiting := state.teut.follow.pending:
                state.to_act = waiting
                return events
            events += resolve_follow(state)
        elif stage is Stage.PASSOIRE:
            state.to_act = (passoire_holder(state),)
            return events
        elif state.pending_drops:
            events += _open_grab(state)
        else:
            return events + turn.resume(state)


def _open_grab(state: ArSeizhState) -> list[Event]:
    utensil, dropper = state.pending_drops.pop(0)
    seats = [
        s
        for s in clockwise_after(state.current, state.players)
        if s != dropper and (s, utensil) not in state.waltz_dropped
    ]
    if not seats:
        return []
    state.stage = Stage.GRAB
    state.grab_utensil = utensil
    state.grab_dropper = dropper
    if state.real_time:
        state.grab_window = ReactionWindow(seats, first_wins=True)
    else:
        state.grab_bids = SealedBids(seats)
    return [GRAB_OPEN[utensil, dropper, tuple(seats)]]


def _grab_pending(state: ArSeizhState) -> tuple[int, ...]:
    if state.real_time:
        assert state.grab_window is not None
        return state.grab_window.pending
    assert state.grab_bids is not None
    return state.grab_bids.pending


def _resolve_grab(state: ArSeizhState) -> list[Event]:
    utensil = state.grab_utensil
    assert utensil is not None
    if state.real_time:
        window = state.grab_window
        assert window is not None
        state.grab_window = None
        taker = window.taker
        if taker is None:
            return _nobody(state, utensil)
        late = [s for s in window.order if not window.answered(s)]
        drop = window.reaction["drop"]
        if not late:
            return award(state, taker, utensil, drop)
        state.stage = Stage.CHALLENGE
        state.challenge = SealedBids(late)
        state.grab_taker = (taker, drop)
        return [{"type": "challenge_open", "utensil": utensil, "taker": taker, "seats": late}]
    bids = state.grab_bids
    assert bids is not None
    state.grab_bids = None
    answers = bids.revealed()
    claims = {s: a["drop"] for s, a in answers.items() if a["type"] == "grab"}
    events: list[Event] = [GRAB_CLAIMS[utensil, tuple(claims)]]
    if not claims:
        return events + _nobody(state, utensil)
    if len(claims) == 1:
        [(seat, drop)] = claims.items()
        return events + award(state, seat, utensil, drop)
    return events + _start_teut(state, utensil, claims)


def _resolve_challenge(state: ArSeizhState) -> list[Event]:
    assert state.challenge is not None and state.grab_taker is not None
    assert state.grab_utensil is not None
    answers = state.challenge.revealed()
    taker, drop = state.grab_taker
    state.challenge = None
    state.grab_taker = None
    challengers = {s: a["drop"] for s, a in answers.items() if a["type"] == "teut"}
    events: list[Event] = [
        {"type": "challenge_claims", "utensil": state.grab_utensil, "seats": list(challengers)}
    ]
    if not challengers:
        return events + award(state, taker, state.grab_utensil, drop)
    return events + _start_teut(state, state.grab_utensil, {taker: drop, **challengers})


def _nobody(state: ArSeizhState, utensil: str) -> list[Event]:
    state.stage = Stage.ACTION
    state.grab_utensil = None
    return [NOBODY_GRABS[utensil,]]


def _start_teut(state: ArSeizhState, utensil: str, claims: dict[int, str | None]) -> list[Event]:
    order = [s for s in clockwise_after(state.current, state.players) if s in claims]
    state.teut = Teut(utensil, claims, tuple(order), bids=SealedBids(order))
    state.stage = Stage.BID
    return [TEUT[utensil, tuple(order)]]


def passoire_holder(state: ArSeizhState) -> int:
    return next(s for s in range(state.players) if "passoire" in state.hands[s])


def _passoire(state: ArSeizhState, seat: int, action: Action) -> list[Event]:
    events: list[Event]
    if action["type"] == "recover":
        card: str = action["card"]
        state.passoire_cards.remove(card)
        state.gain(seat, card, action["give_back"])
        events = [
            {"type": "recovered", "seat": seat, "card": card, "give_back": action["give_back"]},
            state.drop(seat, "passoire", "used"),
        ]
    else:
        events = [{"type": "passoire_pass", "seat": seat}]
    state.marmite = with_added(state.marmite, state.passoire_cards, CARD_RANK)
    state.passoire_cards = []
    state.stage = Stage.ACTION
    return events


def window_view(state: ArSeizhState, seat: int | None) -> View:
    """The open window: public facts for all, a seat's own secret answers for it alone."""
    window: dict[str, Any] | None = None
    stage = state.stage
    if stage in (Stage.GRAB, Stage.CHALLENGE):
        window = {"utensil": state.grab_utensil, "dropper": state.grab_dropper}
        if state.grab_bids is not None:
            window["seats"] = list(state.grab_bids.seats)
            window["answered"] = [s for s in state.grab_bids.seats if state.grab_bids.has_bid(s)]
            mine = state.grab_bids.bid_of(seat) if seat is not None else None
            window["your_answer"] = None if mine is None else dict(mine)
        if state.grab_window is not None:
            order = state.grab_window.order
            window["seats"] = list(order)
            window["answered"] = [s for s in order if state.grab_window.answered(s)]
        if state.challenge is not None and state.grab_taker is not None:
            window["taker"] = state.grab_taker[0]
            window["seats"] = list(state.challenge.seats)
            window["answered"] = [s for s in state.challenge.seats if state.challenge.has_bid(s)]
            mine = state.challenge.bid_of(seat) if seat is not None else None
            window["your_answer"] = None if mine is None else dict(mine)
    teut = state.teut
    if teut is not None:
        window = teut_view(teut, seat)
    if stage is Stage.PASSOIRE:
        window = {"holder": passoire_holder(state), "cards": list(state.passoire_cards)}
    return {"window": window}


def teut_view(teut: Teut, seat: int | None) -> dict[str, Any]:
    view: dict[str, Any] = {
        "utensil": teut.utensil,
        "contenders": list(teut.contenders),
        "spent": list(teut.spent),
        "raiser": teut.raiser,
    }
    for key, sealed in (("bids", teut.bids), ("follow", teut.follow)):
        if sealed is not None:
            view[f"{key}_answered"] = [s for s in sealed.seats if sealed.has_bid(s)]
            if seat is not None and sealed.has_bid(seat):
                view[f"your_{key}"] = sealed.bid_of(seat)
    if teut.raise_window is not None:
        window = teut.raise_window
        view["raise_seats"] = list(window.order)
        view["raise_answered"] = [s for s in window.order if window.answered(s)]
    view["raised"] = sorted(teut.raise_cards)
    if seat is not None and seat in teut.raise_cards:
        view["your_raise"] = teut.raise_cards[seat]
    return view


def resample_secrets(world: ArSeizhState, seat: int, chance: Chance) -> None:
    """Replace every sealed answer ``seat`` has not seen by a random legal one."""

    def resubmit(sealed: SealedBids[Any], options: Any) -> SealedBids[Any]:
        fresh: SealedBids[Any] = SealedBids(sealed.seats)
        for other in sealed.seats:
            if sealed.has_bid(other):
                fresh.submit(
                    other, sealed.bid_of(other) if other == seat else chance.choice(options(other))
                )
        return fresh

    def cards_or_none(other: int) -> list[str | None]:
        return [*kinds(world.surfaces[other]), None]

    if world.grab_bids is not None:
        world.grab_bids = resubmit(world.grab_bids, lambda s: grab_options(world, s))
    if world.challenge is not None:
        world.challenge = resubmit(world.challenge, lambda s: grab_options(world, s, "teut"))
    teut = world.teut
    if teut is None:
        return
    if teut.bids is not None:
        teut.bids = resubmit(teut.bids, cards_or_none)
    if teut.follow is not None:
        teut.follow = resubmit(teut.follow, cards_or_none)
    teut.raise_cards = {
        other: card if other == seat else chance.choice(kinds(world.surfaces[other]))
        for other, card in teut.raise_cards.items()
    }


__all__ = ["advance", "apply", "legal", "window_view"]
