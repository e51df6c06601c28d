"""The rules of Stir-Fry Eighteen as a game state: turns, discards, taste tests, dishes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from popote.core.actions import Action, Event, FrozenDict, FrozenList
from popote.core.chance import Chance
from popote.core.deck import build_deck, draw, shuffle_canonically
from popote.core.game import GameState, Options
from popote.core.memo import Memo
from popote.core.windows import ReactionWindow, clockwise_after
from popote.games.stir_fry_eighteen import events as told
from popote.games.stir_fry_eighteen.beliefs import SUSPICION, claim_chance, truth_chance
from popote.games.stir_fry_eighteen.cards import (
    COUNTS,
    DISCARD_PAIR,
    DISCARD_PROTEIN,
    DISH_BY_KEY,
    DISHES,
    END_TURN,
    HAND_LIMIT,
    HAND_SIZE,
    KINDS,
    PASS,
    PROTEINS,
    TASTE_TEST,
    TEST_PENALTY,
    TRIM,
    DiscardKind,
    EndReason,
    FirstPlayer,
    Phase,
    RoundEnd,
    mask_of,
)
from popote.games.stir_fry_eighteen.model import CookedDish, Pending, PileCard, Settings, lookup
from popote.games.stir_fry_eighteen.views import build_view


@mypyc_attr(allow_interpreted_subclasses=True)
class StirFryState(GameState):
    """Hands, the draw pile, the cards set aside this turn, scores and the turn's progress."""

    def __init__(
        self, players: int, hands: list[list[str]], deck: list[str], chance: Chance, rules: Settings
    ) -> None:
        self.players = players
        self.hands = hands
        self.deck = deck
        self.chance = chance
        self.rules = rules
        self.pile: list[PileCard] = []
        self.scores = [0] * players
        self.first = 0  # the seat that opens every round
        self.current = 0
        self.turn = 0
        self.phase = Phase.TURN
        self.to_act: tuple[int, ...] = (0,)
        self.over = False
        self.end_reason: EndReason | None = None
        self.winners: list[int] = []
        self.target_reached = False  # a dish brought its cook to the target at some point
        self.pair_used = False
        self.protein_used = False
        self.cooked = False
        self.dish: CookedDish | None = None  # the dish cooked this turn, face up
        self.caught = False
        self.window: ReactionWindow | None = None
        self.pending: Pending | None = None

    # --- setup --------------------------------------------------------------------------

    @classmethod
    def deal(
        cls, players: int, options: Options, chance: Chance
    ) -> tuple[StirFryState, list[Event]]:
        deck = build_deck(COUNTS)
        chance.shuffle(deck)
        hands = [draw(deck, HAND_SIZE) for _ in range(players)]
        state = cls(players, hands, deck, chance, Settings.from_options(options))
        events: list[Event] = []
        for seat, hand in enumerate(hands):
            events += told.hand_dealt(seat, hand)
        if state.rules.first_player is FirstPlayer.RANDOM:
            state.first = chance.below(players)
        events.append(told.FIRST_PLAYER[state.first])
        events += state.start_turn(state.first)
        return state, events

    # --- the contract ---------------------------------------------------------------------

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.phase is Phase.TEST_WINDOW:
            return WINDOW_ACTIONS
        # What a seat may do depends on nothing else, so one table serves every match; the
        # room left is part of the key only where it limits the dishes.
        hand = self.hands[seat]
        # One number: the hand's counts, then the turn's flags (an enum would hash slowly).
        key: object = (
            sum(map(_DIGIT.__getitem__, hand))
            | self.cooked << 32
            | self.pair_used << 33
            | self.protein_used << 34
            | (self.phase is Phase.TRIM) << 35
        )
        room = self.rules.target - self.scores[seat] if self.rules.capped else None
        if room is not None:
            key = (key, room)
        found = _LEGAL.get(key)
        if found is None:
            found = _LEGAL.remember(key, self._legal(hand, room))
        return found

    def _legal(self, hand: list[str], room: int | None) -> tuple[Action, ...]:
        kinds = [kind for kind in KINDS if kind in hand]
        if self.phase is Phase.TRIM:
            return tuple(TRIM[kind] for kind in kinds)
        actions: list[Action] = []
        if not self.cooked:
            if not self.pair_used:
                for i, first in enumerate(kinds):
                    if hand.count(first) >= 2:
                        actions.append(DISCARD_PAIR[first, first])
                    actions += [DISCARD_PAIR[first, second] for second in kinds[i + 1 :]]
            if not self.protein_used:
                actions += [DISCARD_PROTEIN[kind, claim] for kind in kinds for claim in PROTEINS]
            actions += cookable(hand, room)
        actions.append(END_TURN)
        return tuple(actions)

    def find_legal(self, seat: int, action: Mapping[str, Any]) -> Action | None:
        candidate = lookup(action)
        if candidate is None or len(candidate) != len(action) or candidate != action:
            return None
        return candidate if candidate in self.legal_actions(seat) else None

    def apply(self, seat: int, action: Action) -> list[Event]:
        return _PLAY[action["type"]](self, seat, action)

    def _discard_pair(self, seat: int, action: Action) -> list[Event]:
        return self._discard(seat, DiscardKind.PAIR, [action["first"], action["second"]], None)

    def _discard_protein(self, seat: int, action: Action) -> list[Event]:
        return self._discard(seat, DiscardKind.PROTEIN, [action["card"]], action["claim"])

    def _end(self, seat: int, _: Action) -> list[Event]:
        if len(self.hands[seat]) > HAND_LIMIT:
            self.phase = Phase.TRIM
            if self.quiet:
                return []
            excess = len(self.hands[seat]) - HAND_LIMIT
            return [FrozenDict(type="trim_needed", seat=seat, count=excess)]
        return self._end_turn()

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    @property
    def progress(self) -> int:
        return self.turn

    def standings(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": self._best(list(range(self.players)))}

    def result(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "end": self.end_reason.value if self.end_reason else None,
            "rounds": self.round,
            "target": self.rules.target,
        }

    def clone(self) -> StirFryState:
        return self._copy(self.chance.copy())

    def _copy(self, chance: Chance) -> StirFryState:
        twin = self.shallow_copy()
        twin.hands = [hand[:] for hand in self.hands]
        twin.deck = self.deck[:]
        twin.pile = self.pile[:]
        twin.scores = self.scores[:]
        twin.winners = self.winners[:]
        twin.chance = chance
        twin.window = self.window.clone() if self.window else None
        return twin

    def determinize(self, seat: int, chance: Chance) -> StirFryState:
        """Others' hands, the deck's order and others' face-down cards this turn are
        resampled; a discard waiting for a taste test holds what it claims as often as
        ``seat`` may believe it does (:mod:`~popote.games.stir_fry_eighteen.beliefs`)."""
        world = self._copy(chance)  # its own chance: no copy of this one to throw away
        pile = world.pile
        hidden = [i for i, (_, owner, up) in enumerate(pile) if not up and owner != seat]
        unseen = world.deck  # gathers every card hidden from ``seat``; keeps what is left
        unseen += [pile[i][0] for i in hidden]
        hands = world.hands
        for other, hand in enumerate(hands):
            if other != seat:
                unseen += hand
        pending = self.pending
        believed = 0.0
        if pending is not None and pending.seat != seat:
            size = len(hands[pending.seat]) + len(pending.slots)
            could = claim_chance(pending.kind.value, pending.claim, size, Counter(unseen))
            believed = truth_chance(could, SUSPICION)
        shuffle_canonically(unseen, chance)
        for other, hand in enumerate(hands):
            if other != seat:
                hands[other] = draw(unseen, len(hand))
        for i in hidden:
            _, owner, up = pile[i]
            pile[i] = (unseen.pop(), owner, up)
        if pending is not None and chance.below(1 << 20) < believed * (1 << 20):
            world._make_honest(pending, seat, chance)
        return world

    def _make_honest(self, pending: Pending, seat: int, chance: Chance) -> None:
        """The pending discard made honest by exchanging, with a place ``seat`` cannot see,
        a card it lacks (left as it is where no such card is hidden)."""
        pile = self.pile
        slots = pending.slots
        wanted = [(slots[0], pending.claim)] if pending.claim is not None else []
        if len(slots) == 2:
            wanted = [(slots[1], pile[slots[0]][0]), (slots[0], pile[slots[1]][0])]
        for slot, card in wanted:
            if pile[slot][0] == card:
                return
            places = self._hidden_places(seat, card)
            if places:
                hand, index = places[chance.below(len(places))]
                held, owner, up = pile[slot]
                pile[slot] = (hand[index], owner, up)
                hand[index] = held
                return

    def _hidden_places(self, seat: int, card: str) -> list[tuple[list[str], int]]:
        """Where ``card`` lies hidden from ``seat`` in the deck and others' hands, in a fixed
        order: each a list and an index in it."""
        places = [(self.deck, i) for i, held in enumerate(self.deck) if held == card]
        for other, hand in enumerate(self.hands):
            if other != seat:
                places += [(hand, i) for i, held in enumerate(hand) if held == card]
        return places

    # --- the turn ---------------------------------------------------------------------------

    @property
    def round(self) -> int:
        return (self.turn - 1) // self.players + 1

    def start_turn(self, seat: int) -> list[Event]:
        self.current = seat
        self.turn += 1
        self.phase = Phase.TURN
        self.to_act = (seat,)
        self.pair_used = self.protein_used = self.cooked = self.caught = False
        self.dish = None
        events: list[Event] = [] if self.quiet else [told.turn_started(seat, self.round)]
        if not self.rules.empty_pantry:
            events += self._draw(seat, 1, "turn")
        return events

    def _draw(self, seat: int, count: int, reason: str) -> list[Event]:
        cards = draw(self.deck, count)
        self.hands[seat] += cards
        if self.quiet:
            return []
        return told.drawn(seat, cards, count, reason, len(self.deck))

    def _set_aside(self, seat: int, cards: list[str]) -> tuple[int, ...]:
        start = len(self.pile)
        for card in cards:
            self.hands[seat].remove(card)
            self.pile.append((card, seat, False))
        return tuple(range(start, len(self.pile)))

    def _discard(
        self, seat: int, kind: DiscardKind, cards: list[str], claim: str | None
    ) -> list[Event]:
        if kind is DiscardKind.PAIR:
            self.pair_used = True
        else:
            self.protein_used = True
        slots = self._set_aside(seat, cards)
        self.pending = Pending(seat, kind, claim, slots)
        others = _CLOCKWISE[self.players][seat]
        hands, scores = self.hands, self.scores
        eligible = [other for other in others if hands[other] or scores[other] >= TEST_PENALTY]
        self.window = window = ReactionWindow(eligible)  # as ReactionWindow.around builds it
        events = [] if self.quiet else self._told_discard(seat, kind, cards, claim, eligible)
        if window.closed:
            return events + self._settle()
        self.phase = Phase.TEST_WINDOW
        self.to_act = window.pending
        if not self.quiet:
            events.append(told.window_opened(seat, window.order))
        return events

    def _told_discard(
        self, seat: int, kind: DiscardKind, cards: list[str], claim: str | None, eligible: list[int]
    ) -> list[Event]:
        events = told.discarded(seat, kind._value_, claim, cards)
        if len(eligible) < self.players - 1:
            unable = [
                other for other in range(self.players) if other != seat and other not in eligible
            ]
            # Told aloud: otherwise a chef who may not call is skipped without a word.
            events.append(told.event(type="cannot_test", seats=told.seats(unable)))
        return events

    def _answer(self, seat: int, action: Action) -> list[Event]:
        """A taste test called or declined."""
        calls = action["type"] == "taste_test"
        assert self.window is not None
        self.window.answer(seat, True if calls else None)
        events: list[Event] = []
        if not self.quiet:
            events.append((told.TEST_CALLED if calls else told.TEST_DECLINED)[seat])
        if self.window.closed:
            return events + self._settle()
        self.to_act = self.window.pending
        return events

    def _settle(self) -> list[Event]:
        """Close the window: run the taste test if someone called it, then draw what is due."""
        pending, window = self.pending, self.window
        assert pending is not None and window is not None
        self.pending = self.window = None
        self.phase = Phase.TURN
        self.to_act = (pending.seat,)
        accuser = window.taker
        events: list[Event] = []
        if accuser is not None:
            cards = [self.pile[i][0] for i in pending.slots]
            for slot, card in zip(pending.slots, cards, strict=True):
                self.pile[slot] = (card, pending.seat, True)
            if pending.kind is DiscardKind.PAIR:
                truthful = cards[0] == cards[1]
            else:
                truthful = cards[0] == pending.claim
            if not self.quiet:
                events.append(_taste_test(pending, accuser, cards, truthful, window))
            if not truthful:
                self.caught = True
                return events + self._draw(accuser, 1, "test")
            events += self._punish(accuser)
        if self.caught:
            return events  # a caught bluffer draws nothing more this turn
        return events + self._draw(pending.seat, pending.draws, pending.kind._value_)

    def _punish(self, accuser: int) -> list[Event]:
        hand = self.hands[accuser]
        if not hand:
            self.scores[accuser] -= TEST_PENALTY
            if self.quiet:
                return []
            score = self.scores[accuser]
            return [FrozenDict(type="points_lost", seat=accuser, points=TEST_PENALTY, score=score)]
        cards = told.sorted_cards(hand)
        self._set_aside(accuser, cards)
        if self.quiet:
            return []
        lost = {"type": "hand_lost", "seat": accuser, "count": len(cards)}
        return told.secret(accuser, cards, lost)

    def _cook(self, seat: int, action: Action) -> list[Event]:
        key = action["dish"]
        dish = DISH_BY_KEY[key]
        for card in dish.cards:
            self.hands[seat].remove(card)
            self.pile.append((card, seat, True))
        self.cooked = True
        target = self.rules.target
        bust = self.rules.exact and self.scores[seat] + dish.points > target
        self.dish = CookedDish(dish.cards, dish.points, bust)
        if not bust:
            self.scores[seat] += dish.points
        events: list[Event] = []
        if not self.quiet:
            events.append(_dish_cooked(seat, key, bust, self.scores[seat]))
        if self._reached(seat):
            if not self.rules.finish_round:
                events.append(self._finish(EndReason.TARGET, [seat]))
            self.target_reached = True
        return events

    def _reached(self, seat: int) -> bool:
        if self.rules.exact:
            return self.scores[seat] == self.rules.target
        return self.scores[seat] >= self.rules.target

    def _trim(self, seat: int, action: Action) -> list[Event]:
        card = action["card"]
        self._set_aside(seat, [card])
        left = len(self.hands[seat])
        events: list[Event] = []
        if not self.quiet:
            trimmed = {"type": "trimmed", "seat": seat, "count": 1, "left": left}
            events += told.secret(seat, told.sorted_cards((card,)), trimmed)
        if left <= HAND_LIMIT:
            events += self._end_turn()
        return events

    def _end_turn(self) -> list[Event]:
        seat = self.current
        returned = len(self.pile)
        self.deck += [card for card, _, _ in self.pile]
        self.pile = []
        self.chance.shuffle(self.deck)
        events: list[Event] = []
        if not self.quiet:
            events.append(told.turn_ended(seat, returned, len(self.deck)))
        following = (seat + 1) % self.players
        if following == self.first:
            everyone = list(range(self.players))
            if self.rules.finish_round and self._round_decides():
                return [*events, self._finish(EndReason.ROUND_FINISHED, self._best(everyone))]
            if self.round >= self.rules.round_limit:
                return [*events, self._finish(EndReason.ROUND_LIMIT, self._best(everyone))]
        return events + self.start_turn(following)

    def _round_decides(self) -> bool:
        """Finish-round variant: whether the round just over ends the game."""
        if self.rules.round_end is RoundEnd.REACHED and self.target_reached:
            return True
        return any(self._reached(seat) for seat in range(self.players))

    def _best(self, seats: list[int]) -> list[int]:
        top = max(self.scores[seat] for seat in seats)
        return [seat for seat in seats if self.scores[seat] == top]

    def _finish(self, reason: EndReason, winners: list[int]) -> Event:
        self.over = True
        self.phase = Phase.OVER
        self.to_act = ()
        self.end_reason = reason
        self.winners = winners
        return {
            "type": "game_over",
            "end": reason.value,
            "scores": list(self.scores),
            "winners": list(winners),
            "rounds": self.round,
        }


WINDOW_ACTIONS: tuple[Action, ...] = (TASTE_TEST, PASS)
# Each action's type to the method that plays it: one lookup instead of a chain of tests.
_PLAY: dict[str, Callable[[StirFryState, int, Action], list[Event]]] = {
    "discard_pair": StirFryState._discard_pair,
    "discard_protein": StirFryState._discard_protein,
    "taste_test": StirFryState._answer,
    "pass": StirFryState._answer,
    "cook": StirFryState._cook,
    "trim": StirFryState._trim,
    "end_turn": StirFryState._end,
}
# Legal actions by hand, turn flags and (where it counts) room left: random play fills
# about 28,000 entries in 16,000 matches; the room left makes the keys many, so the table
# starts again beyond 100,000 (a server that runs for months must not grow without end).
_LEGAL: Memo[object, tuple[Action, ...]] = Memo(kept=100_000)
# The seats after each seat, clockwise, for every count of players.
_CLOCKWISE: dict[int, tuple[list[int], ...]] = {
    players: tuple(clockwise_after(seat, players) for seat in range(players))
    for players in range(1, told.MAX_SEATS + 1)
}
# A hand as one number, each kind's count a base-16 digit (no kind has 16 copies).
_DIGIT: dict[str, int] = {kind: 16**index for index, kind in enumerate(KINDS)}


def cookable(hand: Sequence[str], room: int | None) -> list[Action]:
    """The cook actions ``hand`` allows, within ``room`` points when it is given."""
    hand_mask = mask_of(hand)
    return [
        dish.action
        for dish in DISHES
        if dish.mask & ~hand_mask == 0 and (room is None or dish.points <= room)
    ]


def _taste_test(
    pending: Pending, accuser: int, cards: list[str], truthful: bool, window: ReactionWindow
) -> FrozenDict:
    kind, claim, callers = pending.kind._value_, pending.claim, window.reactors()
    return told.taste_test(pending.seat, accuser, kind, claim, cards, truthful, callers)


def _dish_cooked(seat: int, key: str, bust: bool, score: int) -> FrozenDict:
    dish = DISH_BY_KEY[key]
    cards = FrozenList(dish.cards)
    return told.event(
        type="dish_cooked", seat=seat, cards=cards, points=dish.points, bust=bust, score=score
    )
