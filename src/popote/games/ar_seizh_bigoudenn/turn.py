"""The turn of the player at the stove: reveal, two hand actions, then cook."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Final

from popote.core.actions import Action, Event, frozen_atoms, frozen_fields
from popote.core.deck import draw
from popote.core.memo import Memo
from popote.games.ar_seizh_bigoudenn.cards import (
    ACTIONS_PER_TURN,
    CARD_RANK,
    CREPE_SIZE,
    GALETTE_SIZE,
    HAND_COUNT,
    INGREDIENTS,
    REVEAL_PER_TURN,
    SURFACE_LIMIT,
    UTENSIL_OF,
    Dish,
    dish_points,
    is_valid_dish,
    kinds,
    with_added,
)
from popote.games.ar_seizh_bigoudenn.tables import (
    PASS,
    STEAL,
    STOP,
    TAKE,
    TAKE_UTENSIL,
    TOSS,
    EventTable,
    Face,
    Stage,
    cook_action,
)

if TYPE_CHECKING:
    from popote.games.ar_seizh_bigoudenn.state import ArSeizhState


TURN: Final = EventTable("turn", "seat", "round", "bigouden")
TOOK: Final = EventTable("took", "seat", "card", "utensil", "give_back", "count")
TOOK_UTENSIL: Final = EventTable("took_utensil", "seat", "utensil")
TOSSED: Final = EventTable("tossed", "seat", "face", "again")
STOPPED: Final = EventTable("stopped", "seat")


def distinct(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


def give_back_choices(state: ArSeizhState, seat: int) -> list[str | None]:
    """A sixth ingredient sends one of the five already there back to the centre."""
    surface = state.surfaces[seat]
    if len(surface) >= SURFACE_LIMIT:
        return list(kinds(surface))
    return [None]


def drop_choices(hands: Sequence[str], free: int = HAND_COUNT) -> list[str | None]:
    """A hand is needed: when the ``free`` hands that may act are all full, one utensil falls."""
    return list(hands) if len(hands) >= free else [None]


def usable(state: ArSeizhState, seat: int) -> tuple[Sequence[str], int]:
    """The utensils the next hand action may use, and how many hands may do it.

    One action per hand: once a hand has acted, the second action is the other hand's.
    """
    if state.other_hand is None:
        return state.hands[seat], HAND_COUNT
    return state.other_hand, 1


def dish_of(face: Face) -> Dish:
    return Dish.GALETTE if face is Face.GALETTE else Dish.CREPE


def cookable(state: ArSeizhState, seat: int) -> list[tuple[str, ...]]:
    """Every distinct dish the seat could cook now, matching its card's face."""
    dish = dish_of(state.faces[seat])
    size = GALETTE_SIZE if dish is Dish.GALETTE else CREPE_SIZE
    found = {
        combo for combo in combinations(state.surfaces[seat], size) if is_valid_dish(dish, combo)
    }
    return sorted(found)


def legal(state: ArSeizhState, seat: int) -> list[Action]:
    if state.stage is Stage.COOK:
        return [*(cook_action(c) for c in cookable(state, seat)), PASS]
    hands, free = usable(state, seat)
    backs = give_back_choices(state, seat)
    bare_handed = drop_choices(hands, free)
    actions = _takes(state, hands, free, backs)
    if "araignee" in hands:
        actions += _steals(state, seat, backs)
    for utensil in state.centre_utensils:
        for drop in bare_handed:
            actions.append(TAKE_UTENSIL[utensil, drop])
    actions += [TOSS, STOP]
    return actions


_Situation = tuple[tuple[str, ...], int, tuple[str | None, ...]]
_TAKE_ROWS: Final[Memo[_Situation, dict[str, tuple[Action, ...]]]] = Memo(kept=2_000)
"""What taking each card allows depends only on the hands and the cards that could go back:
each card's row of actions is listed once per such situation (a few kilobytes each)."""


def _takes(
    state: ArSeizhState, hands: Sequence[str], free: int, backs: list[str | None]
) -> list[Action]:
    """Taking a card from the centre: bare-handed, or with the utensil it needs."""
    situation = (tuple(hands), free, tuple(backs))
    rows = _TAKE_ROWS.get(situation)
    if rows is None:
        rows = _TAKE_ROWS.remember(situation, {})
    actions: list[Action] = []
    for card in kinds(state.centre):
        row = rows.get(card)
        if row is None:
            row = rows[card] = _take_row(card, hands, free, backs)
        actions += row
    return actions


def _take_row(
    card: str, hands: Sequence[str], free: int, backs: list[str | None]
) -> tuple[Action, ...]:
    need = UTENSIL_OF[card]
    if need is None:
        return tuple(TAKE[card, drop, back] for drop in drop_choices(hands, free) for back in backs)
    if need in hands:
        return tuple(TAKE[card, need, back] for back in backs)
    return ()


def _steals(state: ArSeizhState, seat: int, backs: list[str | None]) -> list[Action]:
    """The araignée takes a card from another surface, unless a lid covers it."""
    actions: list[Action] = []
    for target in range(state.players):
        if target == seat or not state.surfaces[target]:
            continue
        if "couvercle" in state.hands[target]:
            actions.append(STEAL[target, None, None])
            continue
        for card in kinds(state.surfaces[target]):
            actions += [STEAL[target, card, back] for back in backs]
    return actions


def apply(state: ArSeizhState, seat: int, action: Action) -> list[Event]:
    if state.stage is Stage.COOK:
        return _cook(state, seat, action)
    state.waltz_dropped.clear()  # each hand action starts a new waltz
    state.actions_left -= 1
    kind = action["type"]
    if kind in ("take", "steal", "utensil"):
        # The hand that held the utensil used (or an empty hand) has acted; the toss binds
        # none, as the card is thrown and the utensils kept.
        spent = "araignee" if kind == "steal" else action["drop"]
        state.other_hand = tuple(u for u in state.hands[seat] if u != spent)
    if kind == "take":
        return _take(state, seat, action)
    if kind == "steal":
        return _steal(state, seat, action)
    if kind == "utensil":
        events: list[Event] = []
        if action["drop"] is not None:
            events.append(state.drop(seat, action["drop"], "swap"))
        state.take_utensil(seat, action["utensil"])
        return [TOOK_UTENSIL[seat, action["utensil"]], *events]
    if kind == "toss":
        face = Face.GALETTE if state.chance.below(2) == 0 else Face.CREPE
        again = state.faces[seat] is face
        state.faces[seat] = face
        return [TOSSED[seat, face.text, again]]
    state.actions_left = 0
    return [STOPPED[seat,]]


def _take(state: ArSeizhState, seat: int, action: Action) -> list[Event]:
    card: str = action["card"]
    state.centre.remove(card)
    state.gain(seat, card, action["give_back"])
    count = state.surfaces[seat].count(card)
    events: list[Event] = [TOOK[seat, card, UTENSIL_OF[card], action["give_back"], count]]
    if action["drop"] is not None:
        why = "used" if INGREDIENTS[card].utensil else "full_hands"
        events.append(state.drop(seat, action["drop"], why))
    return events


def _steal(state: ArSeizhState, seat: int, action: Action) -> list[Event]:
    target: int = action["target"]
    if action["card"] is None:
        return [
            {"type": "steal_blocked", "seat": seat, "target": target},
            state.drop(seat, "araignee", "used"),
            state.drop(target, "couvercle", "used"),
        ]
    card: str = action["card"]
    state.surfaces[target].remove(card)
    state.gain(seat, card, action["give_back"])
    return [
        {
            "type": "stole",
            "seat": seat,
            "target": target,
            "card": card,
            "give_back": action["give_back"],
        },
        state.drop(seat, "araignee", "used"),
    ]


def _cook(state: ArSeizhState, seat: int, action: Action) -> list[Event]:
    events: list[Event]
    if action["type"] == "cook":
        cards = tuple(action["cards"])
        dish = dish_of(state.faces[seat])
        points, recipe, special = dish_points(dish, cards, state.bigoudens[seat])
        for card in cards:
            state.surfaces[seat].remove(card)
        state.cooked = with_added(state.cooked, cards, CARD_RANK)
        state.scores[seat] += points
        record = {
            "dish": dish.value,
            "cards": list(cards),
            "recipe": recipe,
            "specialty": special,
            "points": points,
        }
        state.dishes[seat] = [*state.dishes[seat], record]
        state.faces[seat] = state.faces[seat].flipped()
        # the event gets its own list: the record's stays the state's
        events = [
            {
                "type": "cooked",
                "seat": seat,
                **record,
                "cards": list(cards),
                "score": state.scores[seat],
            }
        ]
    else:
        events = [{"type": "no_dish", "seat": seat}]
    return events + end_turn(state)


def start_turn(state: ArSeizhState, seat: int) -> list[Event]:
    state.current = seat
    state.stage = Stage.ACTION
    state.actions_left = ACTIONS_PER_TURN
    state.other_hand = None
    state.to_act = (seat,)
    state.waltz_dropped.clear()
    revealed = draw(state.draw, REVEAL_PER_TURN)
    state.centre = with_added(state.centre, revealed, CARD_RANK)
    return [
        TURN[seat, state.round, state.bigoudens[seat]],
        frozen_fields(
            type="revealed", seat=seat, cards=frozen_atoms(revealed), draw_size=len(state.draw)
        ),
    ]


def end_turn(state: ArSeizhState) -> list[Event]:
    """The next seat plays; the game ends after the last round or the one that emptied the pile."""
    following = (state.current + 1) % state.players
    if following == 0:
        if not state.draw or state.round >= state.rounds:
            state.stage = Stage.OVER
            state.over = True
            state.to_act = ()
            result = state.result()
            return [
                {
                    "type": "game_over",
                    "scores": result["scores"],
                    "winners": result["winners"],
                    "bigoudens": result["bigoudens"],
                }
            ]
        state.round += 1
    return start_turn(state, following)


def resume(state: ArSeizhState) -> list[Event]:
    """No window is open: hand the decision back to the player at the stove."""
    if state.stage is Stage.OVER:
        state.to_act = ()
        return []
    if state.stage is Stage.ACTION and state.actions_left <= 0:
        if cookable(state, state.current):
            state.stage = Stage.COOK
        else:
            return end_turn(state)
    state.to_act = (state.current,)
    return []
