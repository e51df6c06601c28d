"""The turn of Boom Badaboom: rounds, events, playing a card, reaction windows, drawing."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

from mypy_extensions import mypyc_attr

from popote.core.actions import Action, frozen, secret_event
from popote.core.actions import Event as GameEvent
from popote.core.chance import Chance
from popote.core.game import Options
from popote.core.windows import ReactionWindow, clockwise_after
from popote.games.boom_badaboom.cards import (
    CARDS,
    GLOUTON_OBJECTIVES,
    HAND_SIZE,
    KEYS,
    KIND_BY_KEY,
    MODES,
    OBJECTIVE_IDS,
    ORDINARY_EVENTS,
    REACTIVE_IDS,
    RULEBOOK_TIMER_ROUNDS,
    SOLO_HAND_SIZE,
    Category,
    EndReason,
    Event,
    LinkMode,
    Mode,
    Phase,
    Role,
    deck_ids,
    house_options,
    oven_for,
    role_counts,
)
from popote.games.boom_badaboom.chain import outcome, reactions
from popote.games.boom_badaboom.effects import BoomEffects
from popote.games.boom_badaboom.state import keys

PASS: Final = Action(type="pass")
DECLINE: Final = Action(type="decline")
ONLY_DECLINE: Final = (DECLINE,)


@cache
def play_action(card: str, target: int = -1) -> Action:
    if target < 0:
        return Action(type="play", card=card)
    return Action(type="play", card=card, target=target)


@cache
def react_action(card: str, mode: str, target: int = -1) -> Action:
    """Cached by the mode's name, not the mode: an enum member hashes through Python code."""
    if target < 0:
        return Action(type="react", card=card, mode=mode)
    return Action(type="react", card=card, mode=mode, target=target)


@cache
def pick_action(kind: str, card: str) -> Action:
    return Action(type=kind, card=card)


@lru_cache(maxsize=1 << 14)
def plays_of(playable: tuple[str, ...], targets: tuple[int, ...]) -> tuple[Action, ...]:
    """The turn's plays for these card keys (sorted) and targets, built once per hand:
    the same hands come back turn after turn, match after match."""
    plays: list[Action] = []
    for key in playable:
        if KIND_BY_KEY[key].targeted:
            plays += [play_action(key, t) for t in targets]
        else:
            plays.append(play_action(key))
    return tuple(plays) or (PASS,)


@cache
def role_dealt(seat: int, role: str) -> GameEvent:
    """The role card ``seat`` alone sees, built once and shared (events are frozen)."""
    event: GameEvent = frozen(
        {"type": "role_dealt", "seat": seat, "role": role, "visible_to": [seat]}
    )
    return event


@lru_cache(maxsize=1 << 14)  # every (seat, card, deck count) of a five-player table fits
def drawn_secretly(seat: int, card: str, deck: int) -> tuple[GameEvent, ...]:
    """A card drawn, in full for its drawer and without the card for the others: built once
    and shared (events are frozen), since every turn draws one and draws recur."""
    drawn = {"type": "card_drawn", "seat": seat, "card": card, "deck": deck}
    return tuple(secret_event(drawn, ["card"], [seat]))


@cache
def answer_order(actor: int, players: int, own: bool) -> tuple[int, ...]:
    """The others clockwise from ``actor``, then ``actor`` itself when ``own``."""
    others = tuple(clockwise_after(actor, players))
    return (*others, actor) if own else others


@cache
def targets_of(seat: int, players: int) -> tuple[int, ...]:
    if players == 1:
        return (seat,)
    return tuple(t for t in range(players) if t != seat)


def turn_cards(power_cut: bool, glouton: bool) -> frozenset[int]:
    """What a turn's card may be: heat and cooling always, actions but during a power cut
    (Panne d'électricité), objectives for the Glouton only; never a reactive card."""
    categories = {Category.HEAT, Category.COOL}
    if not power_cut:
        categories.add(Category.ACTION)
    if glouton:
        categories.add(Category.OBJECTIVE)
    return frozenset(card for card, kind in enumerate(CARDS) if kind.category in categories)


MAIN_CARDS: Final = {
    (cut, glouton): turn_cards(cut, glouton) for cut in (False, True) for glouton in (False, True)
}
"""The cards a turn may play, by (power cut this round, the player is the Glouton)."""


def resolve_mode(players: int, option: str) -> Mode:
    if option == "coop":
        return Mode.COOP
    if players == 1:
        return Mode.SOLO
    return Mode.ROLES if players >= 3 else Mode.COOP


@mypyc_attr(allow_interpreted_subclasses=True)
class BoomState(BoomEffects):
    """A match of Boom Badaboom."""

    # --- setup ---------------------------------------------------------------------------

    @classmethod
    def deal(
        cls, players: int, options: Options, chance: Chance
    ) -> tuple[BoomState, list[GameEvent]]:
        options = house_options(options)
        mode = resolve_mode(players, str(options.get("mode", "auto")))
        difficulty = str(options.get("difficulty", "genoise"))
        state = cls(players, mode, difficulty, chance)
        state.read_table_options(options)
        oven = oven_for(players, mode, options)
        state.size, state.capacity = oven.start_size, oven.capacity
        events: list[GameEvent] = []
        counts: dict[Role, int] = {}
        if mode is Mode.ROLES:
            counts = role_counts(players, options.get("roles", "rulebook") == "two_bakers")
            roles = [role for role, n in counts.items() for _ in range(n)]
            chance.shuffle(roles)
            state.roles = list(roles)
            events += [role_dealt(seat, role.value) for seat, role in enumerate(roles)]
        deck = deck_ids(str(options.get("cooling", "complete")), oven.fewer_oven_up)
        chance.shuffle(deck)
        hand_size = SOLO_HAND_SIZE if mode is Mode.SOLO else HAND_SIZE
        state.hands = [[deck.pop() for _ in range(hand_size)] for _ in range(players)]
        if mode is Mode.ROLES:
            objectives = list(OBJECTIVE_IDS)
            chance.shuffle(objectives)
            if state.objectives_dealt:
                glouton = state.glouton()
                assert glouton is not None
                state.hands[glouton] += [objectives.pop() for _ in range(GLOUTON_OBJECTIVES)]
            deck += objectives
            chance.shuffle(deck)
        state.deck = deck
        state.total_cards = len(deck) + sum(len(hand) for hand in state.hands)
        timer = str(options.get("timer", "difficulty"))
        rounds = RULEBOOK_TIMER_ROUNDS if timer == "rulebook" else oven.rounds
        state.event_pile = event_pile(mode, rounds, chance)
        state.first = chance.below(players)
        events.append(
            {
                "type": "setup",
                "mode": mode.value,
                "difficulty": difficulty,
                "size": state.size,
                "capacity": state.capacity,
                "first_player": state.first,
                "events": len(state.event_pile),
                "roles": {role.value: n for role, n in counts.items()},
            }
        )
        for seat, hand in enumerate(state.hands):
            dealt = {"type": "hand_dealt", "seat": seat, "count": len(hand), "cards": keys(hand)}
            events += secret_event(dealt, ["cards"], [seat])
        events += state.start_round()
        events += state.next_turn()
        return state, events

    # --- the contract --------------------------------------------------------------------

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        # Tuples, the cached ones shared: the match keeps them as they are, without a copy.
        phase = self.phase
        if phase is Phase.REACT:
            return self.reactions_of(seat)
        if phase is Phase.PLAY or phase is Phase.AIM:
            return self.main_plays(seat)
        if phase is Phase.STEAL:
            stolen_from = self.hands[self.steal_target]
            return tuple(
                pick_action("steal", key) for key in sorted({KEYS[c] for c in stolen_from})
            )
        if phase is Phase.RECOVER:
            discarded = sorted({KEYS[c] for c in self.discard})
            return tuple(pick_action("recover", key) for key in discarded)
        return ()

    def reactions_of(self, seat: int) -> tuple[Action, ...]:
        hand = self.hands[seat]
        if REACTIVE_IDS.isdisjoint(hand):  # many answers: nothing to react with
            return ONLY_DECLINE
        boost_ok = self.event is not Event.DOUBLE_INTENSITY
        hand_keys = {KEYS[card] for card in REACTIVE_IDS.intersection(hand)}  # all it reads
        found = reactions(self.chain, seat, hand_keys, self.targets(seat), boost_ok)
        return (DECLINE, *[react_action(card, mode.text, target) for card, mode, target in found])

    def main_cards(self, seat: int) -> frozenset[int]:
        """The cards ``seat`` may play for its turn now."""
        return MAIN_CARDS[self.event is Event.POWER_CUT, self.roles[seat] is Role.GLOUTON]

    def main_ok(self, seat: int, card: int) -> bool:
        return card in self.main_cards(seat)

    def main_plays(self, seat: int) -> tuple[Action, ...]:
        cards = [self.express] if self.express is not None else self.hands[seat]
        allowed = self.main_cards(seat)
        playable = sorted({KEYS[card] for card in cards if card in allowed})
        return plays_of(tuple(playable), self.targets(seat))

    def targets(self, seat: int) -> tuple[int, ...]:
        """Whom ``seat`` may aim at: another player, or itself when playing alone."""
        return targets_of(seat, self.players)

    def apply(self, seat: int, action: Action) -> list[GameEvent]:
        kind = action["type"]
        if kind in ("decline", "react"):  # most decisions answer a chain
            return self.answer(seat, action)
        if kind == "play":
            return self.play(seat, action["card"], action.get("target", -1))
        if kind == "pass":
            return [*self.told(type="passed", seat=seat), *self.finish_turn(seat)]
        if kind == "steal":
            return self.steal(seat, action["card"])
        return self.recover(seat, action["card"])

    # --- playing and reacting -------------------------------------------------------------

    def play(self, seat: int, key: str, target: int) -> list[GameEvent]:
        forced = self.phase is Phase.AIM
        if self.express is not None:
            card, self.express = self.express, None
        else:
            card = next(c for c in self.hands[seat] if KEYS[c] == key)
            self.take(seat, card)
        events = self.told(type="card_played", seat=seat, card=key, target=target)
        if not forced and self.event is Event.CLUMSINESS:
            events += self.drop_random(seat)
        if CARDS[card].category is Category.OBJECTIVE:
            self.revealed[seat] = True
            self.discard.append(card)
            return [*events, *self.finish_turn(seat)]
        return [*events, *self.start_chain(seat, card, target, forced=forced)]

    def drop_random(self, seat: int) -> list[GameEvent]:
        """The Maladresse event: right after the turn's card, another card leaves the hand."""
        hand = self.hands[seat]
        if not hand:
            return []
        card = hand[self.chance.below(len(hand))]
        self.take(seat, card)
        self.discard.append(card)
        return self.told(type="card_dropped", seat=seat, card=KEYS[card])

    def start_chain(self, seat: int, card: int, target: int, forced: bool) -> list[GameEvent]:
        self.chain = [(seat, KEYS[card], LinkMode.MAIN, target)]
        self.chain_ids = [card]
        self.chain_forced = forced
        return self.open_window(seat)

    def open_window(self, actor: int) -> list[GameEvent]:
        if self.event is Event.POWER_CUT:
            return self.resolve()
        # Sealed: everyone is asked whatever the others answer, so to_act tells nothing.
        self.window = ReactionWindow(self.answering(actor), sealed=True)
        self.phase = Phase.REACT
        self.to_act = self.window.pending
        return []

    def answering(self, actor: int) -> tuple[int, ...]:
        """Who answers what ``actor`` just put on the chain, in priority order: the others
        clockwise; then, on a card played for the turn (not a reaction), its own player last,
        unless ``own_card=others`` (decision 8). Playing alone, the player answers every card,
        its reactions included: otherwise its reactive cards could never be played."""
        own = self.players == 1 or (len(self.chain) == 1 and self.own_card_reactions)
        return answer_order(actor, self.players, own)

    def answer(self, seat: int, action: Action) -> list[GameEvent]:
        window = self.window
        assert window is not None
        window.answer(seat, action if action["type"] == "react" else None)
        pending = window.pending
        if pending:  # sealed: nothing is decided before every seat has answered
            self.to_act = pending
            return []
        taker = window.taker
        if taker is not None:
            chosen = window.reaction
            card = next(c for c in self.hands[taker] if KEYS[c] == chosen["card"])
            self.take(taker, card)
            mode = MODES[chosen["mode"]]
            target = chosen.get("target", -1)
            self.chain.append((taker, chosen["card"], mode, target))
            self.chain_ids.append(card)
            event = self.told(
                type="reaction", seat=taker, card=chosen["card"], mode=chosen["mode"], target=target
            )
            return [*event, *self.too_late(window, taker), *self.open_window(taker)]
        return self.resolve()

    def too_late(self, window: ReactionWindow, taker: int) -> list[GameEvent]:
        """Each seat whose reaction lost to ``taker``'s learns it, alone (the others never
        learn that it held a reactive card): its card stays in its hand."""
        if self.quiet:
            return []
        return [
            {
                "type": "reaction_lost",
                "seat": seat,
                "first": taker,
                "card": window.answer_of(seat)["card"],
                "visible_to": [seat],
            }
            for seat in window.reactors()
            if seat != taker
        ]

    def resolve(self) -> list[GameEvent]:
        self.window = None
        result = outcome(self.chain, self.apron_on_played)
        seat, key, _, _ = self.chain[0]
        card = self.chain_ids[0]
        self.discard += self.chain_ids[1:]
        self.chain, self.chain_ids = [], []
        events = self.told(
            type="card_resolved",
            seat=seat,
            card=key,
            cancelled=result.cancelled,
            factor=result.factor,
            inverted=result.inverted,
            target=result.target,
        )
        self.phase = Phase.PLAY
        turns = self.turns_done
        if not result.cancelled:
            events += self.card_effect(seat, card, result)
        if self.phase is Phase.RECOVER:
            self.held = card
        else:
            self.discard.append(card)
        if self.over or self.turns_done != turns or self.phase is not Phase.PLAY:
            return events
        return events + self.finish_turn(self.current)

    def steal(self, seat: int, key: str) -> list[GameEvent]:
        target = self.steal_target
        card = next(c for c in self.hands[target] if KEYS[c] == key)
        self.take(target, card)
        # The others do not know which card left: what they knew of that hand may be gone.
        for observer, row in enumerate(self.known):
            if observer not in (seat, target):
                row[target].clear()
        self.give(seat, card, seen_by=[seat, target])
        self.steal_target = -1
        self.phase = Phase.PLAY
        stolen = {"type": "card_stolen", "seat": seat, "target": target, "card": key}
        return [
            *self.told_apart(stolen, ["card"], [seat, target]),
            *self.finish_turn(self.current),
        ]

    def recover(self, seat: int, key: str) -> list[GameEvent]:
        card = next(c for c in reversed(self.discard) if KEYS[c] == key)
        self.discard.remove(card)
        self.give(seat, card, public=True)
        if self.held is not None:
            self.discard.append(self.held)
            self.held = None
        self.phase = Phase.PLAY
        event = self.told(type="card_recovered", seat=seat, card=key)
        return [*event, *self.finish_turn(self.current)]

    # --- the end of a turn, rounds -------------------------------------------------------

    def finish_turn(self, seat: int) -> list[GameEvent]:
        self.turns_done += 1
        events: list[GameEvent] = []
        if self.mode is Mode.ROLES and self.glouton_wins_now(seat):
            self.revealed[seat] = True
            return events + self.end(EndReason.GLOUTON)
        # A Service express draw was this turn's card: drawing again would grow the hand.
        if not (self.event is Event.OVEN_BROKEN or self.drawn):
            events += self.draw_for(seat)
        if self.event is Event.PROGRESSIVE_RISE:
            events += self.change_size(1, Event.PROGRESSIVE_RISE.text)
            if self.over:
                return events
        if self.deck_out:
            if self.round_played_through():
                self.rounds_survived += 1
            return events + self.end(EndReason.EMPTY_DECK)
        self.turn_pos += 1
        return events + self.next_turn()

    def round_played_through(self) -> bool:
        """Whether the turn just finished was the round's last one (every later seat of the
        round skips its turn): a round the deck ran out in, but fully played, was survived."""
        return all(self.skip[seat] for seat in self.order[self.turn_pos + 1 :])

    def draw_for(self, seat: int) -> list[GameEvent]:
        if not self.deck:
            self.deck_out = True
            return self.told(type="deck_empty", seat=seat)
        card = self.deck.pop()
        deck = len(self.deck)
        if self.event is Event.OPEN_KITCHEN:
            self.give(seat, card, public=True)
            return self.told(type="card_drawn", seat=seat, card=KEYS[card], deck=deck)
        self.give(seat, card)
        return [] if self.quiet else list(drawn_secretly(seat, KEYS[card], deck))

    def next_turn(self) -> list[GameEvent]:
        events: list[GameEvent] = []
        while not self.over:
            if self.turn_pos >= len(self.order):
                events += self.round_end_effects()
                if self.over:
                    break
                self.rounds_survived += 1
                if self.last_round:
                    return events + self.end(EndReason.TIMER)
                events += self.start_round()
                continue
            seat = self.order[self.turn_pos]
            self.current = seat
            if self.skip[seat]:
                self.skip[seat] = False
                events += self.told(type="turn_skipped", seat=seat)
                self.turn_pos += 1
                continue
            events += self.told(type="turn_started", seat=seat)
            self.phase = Phase.PLAY
            self.to_act = (seat,)
            self.drawn = self.event is Event.EXPRESS_SERVICE and bool(self.deck)
            if self.drawn:
                card = self.deck.pop()
                events += self.told(type="express_draw", seat=seat, card=KEYS[card])
                if self.main_ok(seat, card):
                    self.express = card
                else:
                    self.give(seat, card, public=True)
            break
        return events

    def start_round(self) -> list[GameEvent]:
        self.round += 1
        self.turn_pos = 0
        events = self.reveal_event()
        n, first = self.players, self.first
        step = -1 if self.event is Event.KITCHEN_MESS else 1
        self.order = [(first + step * i) % n for i in range(n)]
        return events


def event_pile(mode: Mode, rounds: int, chance: Chance) -> list[Event]:
    """``rounds`` events, top of the pile last: two random events and the Minuteur final are
    shuffled at the bottom. Solo has every ordinary event and no timer."""
    ordinary = list(ORDINARY_EVENTS)
    chance.shuffle(ordinary)
    if mode is Mode.SOLO:
        return ordinary
    bottom = [ordinary.pop(), ordinary.pop(), Event.FINAL_TIMER]
    chance.shuffle(bottom)
    return bottom + ordinary[: rounds - 3]
