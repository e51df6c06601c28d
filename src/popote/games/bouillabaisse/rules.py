"""The rules of Bouillabaisse as a game state: deal, tricks, six manches, scores.

Speed matters here (random play is benchmarked through the contract), so the hand of each
seat is kept as four per-suit lists of the shared :data:`PLAY` actions, in rank order: the
legal actions are one of those lists (following suit) or their concatenation (leading or
void), and checking an action is a dict lookup and two comparisons.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from popote.core.actions import Action, Event, frozen_atoms, frozen_fields
from popote.core.chance import Chance
from popote.core.game import GameState, Options, View
from popote.games.bouillabaisse.cards import (
    CARD_ID,
    DECK_SIZE,
    NAMES,
    PLAY,
    PLAYED,
    SUIT_OF,
    SUITS,
    TRICK_WON,
    shuffle,
)
from popote.games.bouillabaisse.config import Config, Duplicate
from popote.games.bouillabaisse.scoring import MANCHES, RULES_OF, score_manche, sign_of
from popote.games.bouillabaisse.views import (
    build_view,
    named_targets,
    resample_hands,
    static_view,
)

NAME = "bouillabaisse"


class Phase(enum.Enum):
    PLAYING = "playing"
    OVER = "over"


@mypyc_attr(allow_interpreted_subclasses=True)
class BouillabaisseState(GameState):
    """Everything on the table: hands, the trick in progress, tricks taken, scores."""

    __slots__ = (
        "best",
        "best_seat",
        "by_suit",
        "chance",
        "config",
        "counts",
        "dealer",
        "decks",
        "details",
        "last_trick",
        "later_wins",
        "leader",
        "led",
        "left",
        "manche",
        "over",
        "pack",
        "phase",
        "players",
        "removed",
        "scores",
        "seats",
        "seats_after",
        "static_view",
        "targets",
        "to_act",
        "totals",
        "trick",
        "tricks",
        "voids",
        "whole",
        "won",
    )

    def __init__(self, config: Config, chance: Chance) -> None:
        players = config.players
        self.config = config
        self.chance = chance
        self.players = players
        self.later_wins = config.duplicate is Duplicate.LAST
        # to_act values, built once: (seat,) and the (next seat,) in turn order
        self.seats: tuple[tuple[int], ...] = tuple((seat,) for seat in range(players))
        self.seats_after = self.seats[1:] + self.seats[:1]
        self.pack, self.removed = config.pack()
        self.decks = config.decks
        self.targets = config.fixed_targets()
        self.phase = Phase.PLAYING
        self.over = False
        self.to_act: tuple[int, ...] = ()
        self.manche = 0
        self.dealer = players - 1
        self.leader = 0
        self.scores: list[list[int]] = []
        self.details: list[dict[str, list[int]]] = []
        self.totals = [0] * players
        self.last_trick: tuple[int, list[int], int] | None = None
        self.by_suit: list[list[list[Action]]] = [[[], [], [], []] for _ in range(players)]
        self.counts = [[0] * DECK_SIZE for _ in range(players)]
        self.whole: list[list[Action] | None] = [None] * players
        self._clear_tricks()
        self.static_view = static_view(self)

    def _clear_tricks(self) -> None:
        players = self.players
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.tricks = [0] * players
        self.voids = [0] * players
        self.trick: list[int] = []
        self.led = -1
        self.best = -1
        self.best_seat = -1
        self.left = 0

    # --- setup ------------------------------------------------------------------------------

    @classmethod
    def deal(
        cls, players: int, options: Options, chance: Chance
    ) -> tuple[BouillabaisseState, list[Event]]:
        state = cls(Config.from_options(players, options), chance)
        events = state._draw(0)
        events += state.start_manche()
        return state, events

    @classmethod
    def for_arrays(cls, players: int, options: Options, chance: Chance) -> BouillabaisseState:
        """A match whose cards an array batch plays itself: set up and its fixed targets
        drawn as :meth:`deal` does, but no manche dealt (:meth:`next_hands` deals each)."""
        state = cls(Config.from_options(players, options), chance)
        state._draw(0)
        return state

    def next_hands(self) -> list[list[int]]:
        """The next manche dealt as :meth:`start_manche` deals it (the same draws, the same
        hands, unsorted), neither told nor made ready for play: for an array batch, which
        plays the cards itself."""
        self._pass_deal()
        return self._shuffled_hands()

    def start_manche(self, hands: list[list[int]] | None = None) -> list[Event]:
        """The next manche: the deal passes on, targets due now are drawn, cards dealt."""
        events = self._pass_deal()
        hands = [sorted(hand) for hand in (self._shuffled_hands() if hands is None else hands)]
        self.set_hands(hands)
        self.left = sum(len(hand) for hand in hands)
        # Built frozen: the match would otherwise freeze them item by item, six times a match.
        events.append(
            frozen_fields(
                type="manche_start",
                manche=self.manche,
                dealer=self.dealer,
                leader=self.leader,
                hand_size=len(hands[0]),
                rules=frozen_atoms([rule.value for rule in RULES_OF[self.manche]]),
                sign=sign_of(self.manche),
                targets=frozen_fields(**self.public_targets()),
                removed=frozen_atoms([NAMES[card] for card in self.removed]),
            )
        )
        for seat, hand in enumerate(hands):
            events.append(
                frozen_fields(
                    type="hand",
                    seat=seat,
                    cards=frozen_atoms([NAMES[card] for card in hand]),
                    visible_to=frozen_atoms((seat,)),
                )
            )
        return events

    def _pass_deal(self) -> list[Event]:
        """The deal passes on and the targets due in the new manche are drawn (told)."""
        self.manche += 1
        self.dealer = (self.dealer + 1) % self.players
        self.leader = (self.dealer + 1) % self.players
        self.to_act = self.seats[self.leader]
        self.last_trick = None
        self._clear_tricks()
        return self._draw(self.manche)

    def _shuffled_hands(self) -> list[list[int]]:
        cards = self.pack[:]
        shuffle(cards, self.chance)
        size = len(cards) // self.players
        return [cards[seat * size : seat * size + size] for seat in range(self.players)]

    def set_hands(self, hands: list[list[int]]) -> None:
        """Put exactly these cards (each hand sorted) in each seat's hand."""
        for seat, hand in enumerate(hands):
            counts = [0] * DECK_SIZE
            suits: list[list[Action]] = [[], [], [], []]
            for card in hand:
                if not counts[card]:
                    suits[SUIT_OF[card]].append(PLAY[card])
                counts[card] += 1
            self.counts[seat] = counts
            self.by_suit[seat] = suits
            self.whole[seat] = None

    def _draw(self, manche: int) -> list[Event]:
        before = self.targets
        after = self.config.draw_targets(manche, before, self.chance)
        self.targets = after
        events: list[Event] = []
        if after.suit != before.suit and after.suit is not None:
            events.append({"type": "drawn", "target": "suit", "value": SUITS[after.suit]})
        if after.rank != before.rank and after.rank is not None:
            events.append({"type": "drawn", "target": "figure", "value": NAMES[after.rank][:-1]})
        if after.card != before.card and after.card is not None:
            events.append({"type": "drawn", "target": "card", "value": NAMES[after.card]})
        return events

    # --- the contract: the hot path -----------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        led = self.led
        if led >= 0:
            same_suit = self.by_suit[seat][led]
            if same_suit:
                return same_suit
        whole = self.whole[seat]
        if whole is None:
            clubs, diamonds, hearts, spades = self.by_suit[seat]
            whole = self.whole[seat] = clubs + diamonds + hearts + spades
        return whole

    def find_legal(self, seat: int, action: Mapping[str, Any]) -> Action | None:
        name = action.get("card")
        card = CARD_ID.get(name) if type(name) is str else None
        if card is None or len(action) != 2 or action.get("type") != "play":
            return None
        if not self.counts[seat][card]:
            return None
        led = self.led
        if led >= 0 and SUIT_OF[card] != led and self.by_suit[seat][led]:
            return None
        return PLAY[card]

    def apply(self, seat: int, action: Action) -> list[Event]:
        name = action["card"]
        card = CARD_ID[name]
        suit = SUIT_OF[card]
        counts = self.counts[seat]
        still_held = counts[card] - 1
        counts[card] = still_held
        if not still_held:
            self.by_suit[seat][suit].remove(action)
            self.whole[seat] = None
        trick = self.trick
        trick.append(card)
        played = len(trick)
        event = PLAYED[seat][card]
        if played == 1:
            self.led = suit
            self.best = card
            self.best_seat = seat
        elif suit != self.led:
            self.voids[seat] |= 1 << self.led
        elif card > self.best or (card == self.best and self.later_wins):
            self.best = card
            self.best_seat = seat
        if played < self.players:
            self.to_act = self.seats_after[seat]
            return [event]
        return self._end_trick(event)

    # --- end of a trick, a manche, the game ------------------------------------------------------

    def _end_trick(self, played: Event) -> list[Event]:
        winner = self.best_seat
        trick = self.trick
        self.won[winner] += trick
        self.tricks[winner] += 1
        self.last_trick = (self.leader, trick, winner)
        self.trick = []
        self.led = -1
        self.leader = winner
        self.left -= len(trick)
        events: list[Event] = [played, TRICK_WON[winner]]
        if self.left:
            self.to_act = self.seats[winner]
            return events
        events.append(self._end_manche())
        if self.manche == MANCHES:
            events.append(self._end_game())
        else:
            events += self.start_manche()
        return events

    def _end_manche(self) -> Event:
        config = self.config
        scores, detail, reversed_for = score_manche(
            self.manche, self.won, self.tricks, self.targets, config.tout_ou_rien, config.scope
        )
        self.scores.append(scores)
        self.details.append(detail)
        self.totals = [total + score for total, score in zip(self.totals, scores, strict=True)]
        return frozen_fields(
            type="manche_end",
            manche=self.manche,
            scores=frozen_atoms(scores),
            totals=frozen_atoms(self.totals),
            detail=frozen_fields(**{rule: frozen_atoms(points) for rule, points in detail.items()}),
            tricks=frozen_atoms(self.tricks),
            reversed=frozen_atoms(reversed_for),
        )

    def _end_game(self) -> Event:
        self.over = True
        self.phase = Phase.OVER
        self.to_act = ()
        result = self.result()
        return frozen_fields(
            type="game_over",
            totals=frozen_atoms(result["scores"]),
            winners=frozen_atoms(result["winners"]),
        )

    @property
    def progress(self) -> int:
        return self.manche

    def result(self) -> dict[str, Any]:
        lowest = min(self.totals)
        return {
            "scores": list(self.totals),
            "winners": [seat for seat, total in enumerate(self.totals) if total == lowest],
            "lower_is_better": True,
            "manches": [
                {"manche": number, "scores": list(scores), "detail": _copy_detail(detail)}
                for number, (scores, detail) in enumerate(
                    zip(self.scores, self.details, strict=True), start=1
                )
            ],
            "targets": self.public_targets(),
        }

    def public_targets(self) -> dict[str, str | None]:
        return named_targets(self.targets)

    # --- copies ------------------------------------------------------------------------------

    def clone(self) -> BouillabaisseState:
        twin = BouillabaisseState.__new__(BouillabaisseState)
        for slot in _SHARED_SLOTS:
            setattr(twin, slot, getattr(self, slot))
        twin.chance = self.chance.copy()
        twin.by_suit = [[cards[:] for cards in suits] for suits in self.by_suit]
        twin.counts = [counts[:] for counts in self.counts]
        twin.whole = [None] * self.players
        twin.won = [cards[:] for cards in self.won]
        twin.tricks = self.tricks[:]
        twin.voids = self.voids[:]
        twin.trick = self.trick[:]
        twin.scores = self.scores[:]
        twin.details = self.details[:]
        twin.totals = self.totals[:]
        return twin

    def view(self, seat: int | None) -> View:
        return build_view(self, seat)

    def determinize(self, seat: int, chance: Chance) -> BouillabaisseState:
        """Other seats' cards are dealt again among them, keeping every void shown."""
        world = self.clone()
        world.chance = chance
        world.set_hands(resample_hands(self, seat, chance))
        return world

    def hand_cards(self, seat: int) -> list[int]:
        """The seat's cards, sorted, each copy listed."""
        counts = self.counts[seat]
        return [
            card
            for suit in self.by_suit[seat]
            for action in suit
            for card in [CARD_ID[action["card"]]] * counts[CARD_ID[action["card"]]]
        ]

    def hand_names(self, seat: int) -> list[str]:
        """The seat's cards by name, sorted, each copy listed (as :meth:`hand_cards`)."""
        by_suit = self.by_suit[seat]
        if self.decks == 1:  # one copy of each card: the legal plays list the hand
            return [action["card"] for suit in by_suit for action in suit]
        return [NAMES[card] for card in self.hand_cards(seat)]

    def hand_sizes(self) -> list[int]:
        """Hands are equal but for the seats that already played to the trick in progress."""
        players = self.players
        size = self.left // players
        sizes = [size] * players
        for index in range(len(self.trick)):
            sizes[(self.leader + index) % players] -= 1
        return sizes


def _copy_detail(detail: dict[str, list[int]]) -> dict[str, list[int]]:
    return {rule: list(points) for rule, points in detail.items()}


# Slots that hold immutable values (or lists never changed in place once replaced).
_SHARED_SLOTS: tuple[str, ...] = (
    "best",
    "best_seat",
    "config",
    "dealer",
    "decks",
    "last_trick",
    "later_wins",
    "leader",
    "led",
    "left",
    "manche",
    "over",
    "pack",
    "phase",
    "players",
    "removed",
    "seats",
    "seats_after",
    "static_view",
    "targets",
    "to_act",
)
