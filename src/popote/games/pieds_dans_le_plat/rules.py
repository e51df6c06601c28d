"""The rules of Les Pieds dans le Plat as a game state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from popote.core.actions import Action, Event
from popote.core.chance import Chance
from popote.core.deck import build_deck, draw, shuffle_canonically
from popote.core.game import GameState, Options, View
from popote.games.pieds_dans_le_plat.cards import (
    HAND_SIZE,
    ISLAND_VALUES,
    NUMBER_CARD_COUNTS,
    PENALTY_LIMIT,
    PLAY,
    TURN_ABOVE,
    TURN_BELOW,
    Direction,
    EmptyPileRule,
    EndReason,
    islands_per_player,
)
from popote.games.pieds_dans_le_plat.events import (
    card_drawn,
    card_played,
    hand_dealt,
    island_caught,
    island_drawn,
    islands_shown,
    penalty,
    start_card,
)

NAME = "pieds-dans-le-plat"

NUMBER_DECK = tuple(build_deck(NUMBER_CARD_COUNTS))
# An enum member read through its class costs a lookup in the class's members each time.
UP, DOWN = Direction.UP, Direction.DOWN

LEGAL: dict[tuple[int, ...], tuple[Action, ...]] = {}
"""The legal plays of each hand, its cards in any order, worked out once (hands hold three
cards or fewer, so there are few hands)."""


class PiedsState(GameState):
    """Everything on the table, in hands and in the piles."""

    __slots__ = (
        "assisted",
        "chance",
        "current",
        "direction",
        "discard",
        "draw_pile",
        "empty_pile_rule",
        "end_reason",
        "hands",
        "holders",
        "island_pile",
        "islands",
        "over",
        "penalties",
        "players",
        "to_act",
        "total",
    )

    def __init__(
        self,
        players: int,
        hands: list[list[int]],
        islands: list[list[int]],
        draw_pile: list[int],
        discard: list[int],
        island_pile: list[int],
        chance: Chance,
        assisted: bool = False,
        empty_pile_rule: EmptyPileRule = EmptyPileRule.RESHUFFLE,
    ) -> None:
        self.players = players
        self.hands = hands
        self.islands = islands
        # Which seat holds each island drawn so far: the one question every turn asks.
        self.holders = {island: seat for seat, own in enumerate(islands) for island in own}
        self.draw_pile = draw_pile
        self.discard = discard
        self.island_pile = island_pile
        self.chance = chance
        self.assisted = assisted
        self.empty_pile_rule = empty_pile_rule
        self.total = discard[-1]
        self.direction = UP
        self.penalties = [0] * players
        self.current = 0
        self.to_act: tuple[int, ...] = (0,)
        self.over = False
        self.end_reason: EndReason | None = None

    # --- setup --------------------------------------------------------------------------

    @classmethod
    def deal(cls, players: int, options: Options, chance: Chance) -> tuple[PiedsState, list[Event]]:
        numbers = list(NUMBER_DECK)
        chance.shuffle(numbers)
        hands = [draw(numbers, HAND_SIZE) for _ in range(players)]
        discard = draw(numbers, 1)
        island_pile = list(ISLAND_VALUES)
        chance.shuffle(island_pile)
        islands = [draw(island_pile, islands_per_player(players)) for _ in range(players)]
        state = cls(
            players,
            hands,
            islands,
            numbers,
            discard,
            island_pile,
            chance,
            assisted=bool(options.get("assisted", False)),
            empty_pile_rule=EmptyPileRule(options.get("empty_pile", "reshuffle")),
        )
        return state, state._setup_events()

    def _setup_events(self) -> list[Event]:
        events: list[Event] = []
        for seat, hand in enumerate(self.hands):
            events += hand_dealt(seat, tuple(sorted(hand)))
        events.append(islands_shown(self.islands))
        events.append(start_card(self.total))
        return events

    # --- the contract ---------------------------------------------------------------------

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        hand = tuple(self.hands[seat])
        legal = LEGAL.get(hand)
        if legal is None:
            legal = LEGAL[hand] = tuple(PLAY[card] for card in sorted(set(hand)))
        return legal

    def find_legal(self, seat: int, action: Mapping[str, Any]) -> Action | None:
        card = action.get("card")
        if len(action) == 2 and action["type"] == "play" and type(card) is int:
            return PLAY[card] if card in self.hands[seat] else None
        return None

    def apply(self, seat: int, action: Action) -> list[Event]:
        card: int = action["card"]
        self.hands[seat].remove(card)
        self.discard.append(card)
        up = self.direction is UP
        total = self.total = self.total + card if up else self.total - card
        events: list[Event] = [card_played(seat, card, total, up)]
        holder = self.holders.get(total)
        if holder is not None and holder != seat:
            events += self._penalise(seat, holder)
        elif total > TURN_ABOVE if up else total < TURN_BELOW:
            events.append(self._turn_around(seat))
        if not self.over:
            self._draw_for(seat, events)
        if self.over:
            self.to_act = ()
            events.append(self._game_over_event())
        else:
            self.current = (seat + 1) % self.players
            self.to_act = (self.current,)
        return events

    def view(self, seat: int | None) -> View:
        view: View = {
            "game": NAME,
            "seat": seat,
            "players": self.players,
            "to_act": list(self.to_act),
            "over": self.over,
            "total": self.total,
            "direction": self.direction.value,
            "top_card": self.discard[-1],
            "discard_size": len(self.discard),
            "draw_pile_size": len(self.draw_pile),
            "islands_left": len(self.island_pile),
            "penalties": list(self.penalties),
            "island_counts": [len(islands) for islands in self.islands],
            "hand_sizes": [len(hand) for hand in self.hands],
            "assisted": self.assisted,
            "end": self.end_reason.value if self.end_reason else None,
        }
        if seat is not None:
            view["hand"] = sorted(self.hands[seat])
            view["islands"] = sorted(self.islands[seat])
        if self.assisted:
            view["all_islands"] = [sorted(islands) for islands in self.islands]
        return view

    def result(self) -> dict[str, Any]:
        fewest = min(self.penalties)
        return {
            "scores": list(self.penalties),
            "winners": [seat for seat, count in enumerate(self.penalties) if count == fewest],
            "penalties": list(self.penalties),
            "end": self.end_reason.value if self.end_reason else None,
            "lower_is_better": True,
        }

    def clone(self) -> PiedsState:
        twin = PiedsState.__new__(PiedsState)
        twin.players = self.players
        twin.hands = [hand[:] for hand in self.hands]
        twin.islands = [islands[:] for islands in self.islands]
        twin.holders = self.holders.copy()
        twin.draw_pile = self.draw_pile[:]
        twin.discard = self.discard[:]
        twin.island_pile = self.island_pile[:]
        twin.chance = self.chance.copy()
        twin.assisted = self.assisted
        twin.empty_pile_rule = self.empty_pile_rule
        twin.total = self.total
        twin.direction = self.direction
        twin.penalties = self.penalties[:]
        twin.current = self.current
        twin.to_act = self.to_act
        twin.over = self.over
        twin.end_reason = self.end_reason
        return twin

    def determinize(self, seat: int, chance: Chance) -> PiedsState:
        """Others' number cards and the piles' order are unknown; every island was shown."""
        world = self.clone()
        world.chance = chance
        unseen = world.draw_pile[:]
        for other, hand in enumerate(world.hands):
            if other != seat:
                unseen += hand
        shuffle_canonically(unseen, chance)
        for other, hand in enumerate(world.hands):
            if other != seat:
                world.hands[other] = draw(unseen, len(hand))
        world.draw_pile = unseen
        shuffle_canonically(world.island_pile, chance)
        return world

    # --- the pieces of a turn ---------------------------------------------------------------

    def _penalise(self, seat: int, holder: int) -> tuple[Event, Event]:
        """The penalty, then the island that caused it, shown by its holder (two events: a
        client may keep the first and only announce the second, docs/rules, 10)."""
        self.penalties[seat] += 1
        if self.penalties[seat] >= PENALTY_LIMIT:
            self._finish(EndReason.FOURTH_PENALTY)
        return penalty(seat, self.penalties[seat]), island_caught(seat, holder, self.total)

    def _turn_around(self, seat: int) -> Event:
        """The direction flips; the previous player in turn order (right-hand) draws an island."""
        self.direction = DOWN if self.direction is UP else UP
        neighbour = (seat - 1) % self.players
        island = self.island_pile.pop()
        self.islands[neighbour].append(island)
        self.holders[island] = neighbour
        if not self.island_pile:
            self._finish(EndReason.LAST_ISLAND)
        up = self.direction is UP
        return island_drawn(neighbour, island, seat, up, len(self.island_pile))

    def _draw_for(self, seat: int, events: list[Event]) -> None:
        if not self.draw_pile:
            if self.empty_pile_rule is EmptyPileRule.END:
                self._finish(EndReason.EMPTY_PILE)
                return
            events.append(self._reshuffle())
        card = self.draw_pile.pop()
        self.hands[seat].append(card)
        events += card_drawn(seat, card, len(self.draw_pile))

    def _reshuffle(self) -> Event:
        """Everything under the top card of the discard becomes the new draw pile."""
        self.draw_pile = self.discard[:-1]
        self.discard = self.discard[-1:]
        self.chance.shuffle(self.draw_pile)
        return {"type": "pile_reshuffled", "size": len(self.draw_pile)}

    def _finish(self, reason: EndReason) -> None:
        self.over = True
        self.end_reason = reason

    def _game_over_event(self) -> Event:
        result = self.result()
        return {
            "type": "game_over",
            "end": result["end"],
            "penalties": result["penalties"],
            "winners": result["winners"],
        }
