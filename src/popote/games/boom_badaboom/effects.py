"""What cards and events do: sizes, the oven, hands changing owners, the ends of a match."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from popote.core.actions import Event as GameEvent
from popote.games.boom_badaboom.cards import (
    ACCIDENT,
    CARDS,
    FUMBLE,
    GLOUTON_OBJECTIVES,
    GLOUTON_ZONE,
    KEYS,
    MYSTERY_VALUES,
    OVEN_DOWN,
    OVEN_UP,
    PEEK,
    RECOVER,
    REHEAT_BELOW,
    REHEAT_RISE,
    SWAP,
    VENT_ABOVE,
    VENT_DROP,
    Category,
    EndReason,
    Event,
    Mode,
    Phase,
    Role,
    Side,
)
from popote.games.boom_badaboom.chain import Outcome
from popote.games.boom_badaboom.state import BoomData, keys


@mypyc_attr(allow_interpreted_subclasses=True)
class BoomEffects(BoomData):
    """Effects of cards and events; the turn flow lives in :mod:`rules`."""

    # --- the cake and the oven ----------------------------------------------------------

    def mystery(self) -> int:
        return MYSTERY_VALUES[self.chance.below(len(MYSTERY_VALUES))]

    def change_size(self, delta: int, cause: str) -> list[GameEvent]:
        self.size = max(0, self.size + delta)
        events = self.told(type="size_changed", delta=delta, size=self.size, cause=cause)
        if self.size >= self.capacity:
            events += self.end(EndReason.EXPLOSION)
        return events

    def change_capacity(self, delta: int, cause: str) -> list[GameEvent]:
        self.capacity = max(1, self.capacity + delta)
        events = self.told(
            type="capacity_changed", delta=delta, capacity=self.capacity, cause=cause
        )
        if self.size >= self.capacity:
            events += self.end(EndReason.EXPLOSION)
        return events

    def heat_delta(self, card: int, factor: int, inverted: bool) -> tuple[int, list[GameEvent]]:
        kind = CARDS[card]
        events: list[GameEvent] = []
        value = kind.value
        if value == 0:
            value = self.mystery()
            events = self.told(type="mystery_value", card=kind.key, value=value)
        sign = 1 if kind.category is Category.HEAT else -1
        if inverted:
            sign = -sign
        if self.event is Event.OVEN_HAYWIRE:
            sign = -sign
        if self.event is Event.DOUBLE_INTENSITY:
            factor *= 2
        return sign * value * factor, events

    # --- resolving a played card ---------------------------------------------------------

    def card_effect(self, seat: int, card: int, result: Outcome) -> list[GameEvent]:
        """Apply a card that was not cancelled. May leave a decision pending (phase)."""
        kind = CARDS[card]
        target = result.target
        if kind.category in (Category.HEAT, Category.COOL):
            delta, events = self.heat_delta(card, result.factor, result.inverted)
            events += self.change_size(delta, kind.key)
            if not self.over and kind.category is Category.COOL and self.event is Event.SPLASHES:
                events += self.splash()
            return events
        if kind.key in (OVEN_UP, OVEN_DOWN):
            value = self.mystery()
            sign = 1 if kind.key == OVEN_UP else -1
            if result.inverted:
                sign = -sign
            events = self.told(type="mystery_value", card=kind.key, value=value)
            return events + self.change_capacity(sign * value * result.factor, kind.key)
        if kind.key == PEEK:
            return self.peek(seat, target)
        if kind.key == ACCIDENT:
            self.skip[target] = True
            return self.told(type="turn_lost", seat=target)
        if kind.key == FUMBLE:
            return self.fumble(target)
        if kind.key == RECOVER:
            if self.discard:
                self.phase = Phase.RECOVER
                self.to_act = (seat,)
            return []
        if kind.key == SWAP:
            return self.swap_hands(seat, target)
        return []

    def peek(self, seat: int, target: int) -> list[GameEvent]:
        if target == seat or not self.hands[target]:
            return []
        self.learn(target, self.hands[target], [seat])
        self.phase = Phase.STEAL
        self.steal_target = target
        self.to_act = (seat,)
        shown = {
            "type": "hand_seen",
            "seat": seat,
            "target": target,
            "cards": keys(self.hands[target]),
        }
        return self.told_apart(shown, ["cards"], [seat])

    def fumble(self, target: int) -> list[GameEvent]:
        """The target plays a random card of its hand, which takes effect as if chosen.

        A card that can never be a turn's card (reactive, or an objective) falls to the
        discard; a targeted action waits for its new player to aim it.
        """
        hand = self.hands[target]
        if not hand:
            return []
        card = hand[self.chance.below(len(hand))]
        self.take(target, card)
        kind = CARDS[card]
        events = self.told(type="fumbled", seat=target, card=kind.key)
        if kind.category in (Category.REACTIVE, Category.OBJECTIVE):
            self.discard.append(card)
            return events
        if kind.targeted:
            self.express = card
            self.phase = Phase.AIM
            self.to_act = (target,)
            return events
        return events + self.start_chain(target, card, -1, forced=True)

    def swap_hands(self, seat: int, target: int) -> list[GameEvent]:
        if target == seat:
            return []
        hands = self.hands
        hands[seat], hands[target] = hands[target], hands[seat]
        for row in self.known:
            row[seat], row[target] = row[target], row[seat]
        self.known[seat][target] = set(hands[target])
        self.known[target][seat] = set(hands[seat])
        if self.quiet:
            return []
        events: list[GameEvent] = [{"type": "hands_swapped", "seat": seat, "target": target}]
        for holder, giver in ((seat, target), (target, seat)):
            got = {
                "type": "hand_received",
                "seat": holder,
                "from": giver,
                "cards": keys(hands[holder]),
            }
            events.append({**got, "visible_to": sorted({holder, giver})})
        return events

    def splash(self) -> list[GameEvent]:
        if not self.deck:
            return []
        card = self.deck.pop()
        kind = CARDS[card]
        events = self.told(type="splash", card=kind.key)
        if kind.category in (Category.HEAT, Category.COOL):
            delta, more = self.heat_delta(card, 1, False)
            events += more + self.change_size(delta, "splash")
        self.discard.append(card)
        return events

    # --- round events --------------------------------------------------------------------

    def reveal_event(self) -> list[GameEvent]:
        self.event = self.event_pile.pop() if self.event_pile else None
        events = self.told(
            type="round_started", round=self.round, event=self.event and self.event.text
        )
        if self.event is None:
            return events
        self.events_seen.append(self.event.text)
        if self.event is Event.INGREDIENT_SWAP:
            events += self.pass_hands_left()
        elif self.event is Event.SURPRISE_INVENTORY:
            for seat, hand in enumerate(self.hands):
                if hand:
                    card = hand[self.chance.below(len(hand))]
                    self.learn(seat, [card], range(self.players + 1))
                    events += self.told(type="card_revealed", seat=seat, card=KEYS[card])
        elif self.event is Event.FINAL_TIMER:
            self.last_round = True
        return events

    def pass_hands_left(self) -> list[GameEvent]:
        n = self.players
        if n == 1:
            return []
        old_hands, old_known = self.hands, self.known
        self.hands = [old_hands[(s - 1) % n] for s in range(n)]
        self.known = [[row[(h - 1) % n] for h in range(n)] for row in old_known]
        for s in range(n):
            self.known[(s - 1) % n][s] = set(self.hands[s])
        if self.quiet:
            return []
        events: list[GameEvent] = [{"type": "hands_passed"}]
        for s in range(n):
            giver = (s - 1) % n
            got = {"type": "hand_received", "seat": s, "from": giver, "cards": keys(self.hands[s])}
            events.append({**got, "visible_to": sorted({s, giver})})
        return events

    def round_end_effects(self) -> list[GameEvent]:
        if self.event is Event.EMERGENCY_VENT and self.size > VENT_ABOVE:
            return self.change_size(-VENT_DROP, Event.EMERGENCY_VENT.text)
        if self.event is Event.AUTO_REHEAT and self.size < REHEAT_BELOW:
            return self.change_size(REHEAT_RISE, Event.AUTO_REHEAT.text)
        return []

    # --- ends --------------------------------------------------------------------------

    def glouton_wins_now(self, seat: int) -> bool:
        low, high = GLOUTON_ZONE
        return (
            self.roles[seat] is Role.GLOUTON
            and self.objectives_held(seat) >= GLOUTON_OBJECTIVES
            and low <= self.size <= high
        )

    def glouton_wins_count(self) -> bool:
        """The final count: two objective cards, and under ``glouton_count=perfect`` the cake
        in 15–18 too (the perfect cake the Glouton's goal names)."""
        glouton = self.glouton()
        if glouton is None or self.objectives_held(glouton) < GLOUTON_OBJECTIVES:
            return False
        low, high = GLOUTON_ZONE
        return not self.perfect_count or low <= self.size <= high

    def end(self, reason: EndReason) -> list[GameEvent]:
        self.over = True
        self.end_reason = reason
        self.phase = Phase.OVER
        self.to_act = ()
        self.window = None
        if reason is EndReason.EXPLOSION:
            self.winning_side = Side.FARCEURS if self.mode is Mode.ROLES else Side.OVEN
        elif reason is EndReason.GLOUTON:
            self.winning_side = Side.GLOUTON
        elif self.mode is not Mode.ROLES:
            self.winning_side = Side.TEAM
        else:
            self.winning_side = Side.GLOUTON if self.glouton_wins_count() else Side.PATISSIERS
        if self.quiet:
            return []
        result = self.result()
        return [
            {
                "type": "game_over",
                "end": reason.text,
                "winning_side": result["winning_side"],
                "winners": result["winners"],
                "roles": result["roles"],
                "size": self.size,
                "capacity": self.capacity,
                "rounds_survived": self.rounds_survived,
            }
        ]

    # --- chains (the flow fills these in) ------------------------------------------------

    def start_chain(self, seat: int, card: int, target: int, forced: bool) -> list[GameEvent]:
        raise NotImplementedError
