"""What a match of Boom Badaboom holds, what each seat may see of it, and its copies."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from mypy_extensions import mypyc_attr

from popote.core.actions import Event as GameEvent
from popote.core.actions import FrozenDict, secret_event
from popote.core.chance import Chance
from popote.core.deck import shuffle_canonically
from popote.core.game import GameState, Options, View
from popote.core.windows import ReactionWindow
from popote.games.boom_badaboom.cards import (
    DIFFICULTIES,
    KEYS,
    NAME,
    ORDINARY_EVENTS,
    START_SIZE,
    Category,
    EndReason,
    Event,
    Mode,
    Phase,
    Role,
    Side,
    kind_of,
)
from popote.games.boom_badaboom.chain import Link

ORDINARY_VALUES: Final = tuple((event, event.text) for event in ORDINARY_EVENTS)
"""The ordinary events in the pile's order, each with its name, read without the enum."""
_new_dict = dict.__new__
_fill_dict = dict.update


def keys(cards: Iterable[int]) -> list[str]:
    """The cards' keys, sorted (a comprehension: the compiled build indexes the tuple
    natively, where ``map`` would call a bound method per card)."""
    found = [KEYS[card] for card in cards]
    found.sort()
    return found


def known_keys(hand: list[int], known: set[int]) -> list[str]:
    """The keys of the cards of ``hand`` in ``known``, sorted."""
    return keys([card for card in hand if card in known])


@mypyc_attr(allow_interpreted_subclasses=True)
class BoomData(GameState):
    """The table, the hands, the piles, and who knows which card where."""

    # Declared again here so that the compiled build keeps them in the state's own slots,
    # read natively, rather than in the dict of the plain base's attributes.
    players: int
    to_act: tuple[int, ...]
    over: bool

    def __init__(self, players: int, mode: Mode, difficulty: str, chance: Chance) -> None:
        self.players = players
        self.mode = mode
        self.difficulty = difficulty
        self.apron_on_played = True  # table option tablier=played
        self.own_card_reactions = True  # table option own_card=react
        self.perfect_count = False  # table option glouton_count=perfect
        self.objectives_dealt = True  # table option glouton_deal=dealt
        self.chance = chance
        self.size = START_SIZE
        self.capacity = DIFFICULTIES[difficulty].capacity
        self.roles: list[Role | None] = [None] * players
        self.revealed = [False] * players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.total_cards = 0
        self.event_pile: list[Event] = []
        self.event: Event | None = None
        self.events_seen: list[str] = []
        self.round = 0
        self.rounds_survived = 0
        self.first = 0
        self.order: list[int] = []
        self.turn_pos = 0
        self.current = 0
        self.skip = [False] * players
        self.phase = Phase.PLAY
        self.to_act: tuple[int, ...] = ()
        self.over = False
        self.chain: list[Link] = []
        self.chain_ids: list[int] = []
        self.chain_forced = False
        self.window: ReactionWindow | None = None
        # A card that must be played now: a Service express draw, or a fumbled action card.
        self.express: int | None = None
        self.drawn = False  # the turn's card was drawn by Service express
        self.steal_target = -1
        self.held: int | None = None
        self.turns_done = 0
        # known[o][h]: ids of cards in h's hand that observer o knows; row ``players`` is public.
        self.known: list[list[set[int]]] = [
            [set() for _ in range(players)] for _ in range(players + 1)
        ]
        self.last_round = False
        self.deck_out = False
        self.end_reason: EndReason | None = None
        self.winning_side: Side | None = None

    def read_table_options(self, options: Options) -> None:
        """The table options the rules consult after the deal (``tablier``, ``glouton_count``,
        ``glouton_deal``, ``own_card``)."""
        self.apron_on_played = options.get("tablier", "played") == "played"
        self.perfect_count = options.get("glouton_count", "objectives") == "perfect"
        self.objectives_dealt = options.get("glouton_deal", "dealt") == "dealt"
        self.own_card_reactions = options.get("own_card", "react") == "react"

    # --- knowledge bookkeeping -----------------------------------------------------------

    def take(self, holder: int, card: int) -> None:
        """Card ``card`` leaves ``holder``'s hand."""
        self.hands[holder].remove(card)
        for row in self.known:
            row[holder].discard(card)

    def give(
        self, holder: int, card: int, seen_by: Iterable[int] = (), public: bool = False
    ) -> None:
        self.hands[holder].append(card)
        self.learn(holder, [card], range(self.players + 1) if public else seen_by)

    def learn(self, holder: int, cards: Iterable[int], observers: Iterable[int]) -> None:
        cards = list(cards)
        for observer in observers:
            self.known[observer][holder].update(cards)

    def objectives_held(self, seat: int) -> int:
        return sum(1 for card in self.hands[seat] if kind_of(card).category is Category.OBJECTIVE)

    def glouton(self) -> int | None:
        return next((s for s, role in enumerate(self.roles) if role is Role.GLOUTON), None)

    # --- events ------------------------------------------------------------------------

    def told(self, **fields: str | int | bool | None) -> list[GameEvent]:
        """One event made of atoms only, built frozen so that the match shares it rather
        than copying it; nothing in a hushed world, which nobody is shown."""
        if self.quiet:
            return []
        event: FrozenDict = _new_dict(FrozenDict)
        _fill_dict(event, fields)
        return [event]

    def told_apart(
        self, event: GameEvent, secret_keys: list[str], seats: list[int]
    ) -> list[GameEvent]:
        """``event`` in full for ``seats``, without ``secret_keys`` for the others (see
        :func:`secret_event`); nothing in a hushed world."""
        return [] if self.quiet else secret_event(event, secret_keys, seats)

    # --- views -------------------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        over, revealed, hands, players = self.over, self.revealed, self.hands, self.players
        roles = [
            role.text if role is not None and (over or revealed[s] or s == seat) else None
            for s, role in enumerate(self.roles)
        ]
        known = self.known[players if seat is None else seat]
        view: View = {
            "game": NAME,
            "seat": seat,
            "players": players,
            "mode": self.mode.text,
            "difficulty": self.difficulty,
            "phase": self.phase.text,
            "to_act": list(self.to_act),
            "over": over,
            "round": self.round,
            "rounds_survived": self.rounds_survived,
            "size": self.size,
            "capacity": self.capacity,
            "deck_size": len(self.deck),
            "discard": [KEYS[card] for card in self.discard],
            "event": self.event.text if self.event else None,
            "events_seen": list(self.events_seen),
            "events_left": len(self.event_pile),
            "last_round": self.last_round,
            "current": self.current,
            "first_player": self.first,
            "order": list(self.order),
            "skipping": [s for s, skipped in enumerate(self.skip) if skipped]
            if True in self.skip
            else [],
            "hand_sizes": [len(hand) for hand in hands],
            "chain": [
                {"seat": s, "card": card, "mode": mode.text, "target": target}
                for s, card, mode, target in self.chain
            ]
            if self.chain
            else [],
            "forced": self.chain_forced,
            "apron_on_played": self.apron_on_played,
            "own_card_reactions": self.own_card_reactions,
            "perfect_count": self.perfect_count,
            "express_card": None if self.express is None else KEYS[self.express],
            "held_card": None if self.held is None else KEYS[self.held],
            "steal_target": self.steal_target,
            "roles": roles,
            "total_cards": self.total_cards,
            # Most of what a seat knows of others' hands is nothing: skip the sets then.
            "known": [
                known_keys(hands[s], cards) if cards and s != seat else []
                for s, cards in enumerate(known)
            ],
            "end": self.end_reason.text if self.end_reason else None,
        }
        if seat is not None:
            view["hand"] = keys(hands[seat])
            view["role"] = roles[seat]
        if over:
            view["result"] = self.result()
        return view

    def result(self) -> dict[str, Any]:
        seats = range(self.players)
        side = self.winning_side
        if self.mode is Mode.ROLES:
            sides = {
                Side.PATISSIERS.text: [s for s in seats if self.roles[s] is Role.PATISSIER],
                Side.FARCEURS.text: [s for s in seats if self.roles[s] is Role.FARCEUR],
                Side.GLOUTON.text: [s for s in seats if self.roles[s] is Role.GLOUTON],
            }
            winners = sides[side.text] if side else []
            scores = [1 if s in winners else 0 for s in seats]
        else:
            # Everyone shares one fate: all win when the cake survives, nobody when it explodes.
            sides = {Side.TEAM.text: list(seats)}
            winners = list(seats) if side is Side.TEAM else []
            scores = [self.rounds_survived] * self.players
        return {
            "scores": scores,
            "winners": winners,
            "winning_side": side.text if side else None,
            "sides": sides,
            "roles": [role.text if role else None for role in self.roles],
            "end": self.end_reason.text if self.end_reason else None,
            "size": self.size,
            "capacity": self.capacity,
            "rounds_survived": self.rounds_survived,
            "cake_survived": self.end_reason is not EndReason.EXPLOSION,
        }

    # --- copies ------------------------------------------------------------------------

    def clone(self) -> Any:
        twin = self.shallow_copy()
        twin.chance = self.chance.copy()
        twin.roles = self.roles[:]
        twin.revealed = self.revealed[:]
        twin.hands = [hand[:] for hand in self.hands]
        twin.deck = self.deck[:]
        twin.discard = self.discard[:]
        twin.event_pile = self.event_pile[:]
        twin.events_seen = self.events_seen[:]
        twin.order = self.order[:]
        twin.skip = self.skip[:]
        twin.chain = self.chain[:]
        twin.chain_ids = self.chain_ids[:]
        twin.window = self.window.clone() if self.window else None
        twin.known = [list(map(set, row)) for row in self.known]
        return twin

    def determinize(self, seat: int, chance: Chance) -> Any:
        """Resample others' unknown cards, the deck's order, hidden roles and the event pile."""
        world = self.clone()
        world.chance = chance
        players = self.players
        others = [s for s in range(players) if s != seat]
        kept = {h: self.known[seat][h] & set(self.hands[h]) for h in others}
        pool = world.deck[:]
        for h in others:
            pool += [card for card in self.hands[h] if card not in kept[h]]
        # Ids run kind by kind: sorted ids are sorted kinds, whichever copy of a kind is where.
        shuffle_canonically(pool, chance)
        for h in others:
            missing = len(self.hands[h]) - len(kept[h])
            world.hands[h] = sorted(kept[h]) + [pool.pop() for _ in range(missing)]
        world.deck = pool
        for observer in others:
            for h in range(players):
                if h != observer:
                    world.known[observer][h] = set(self.known[players][h])
        if self.window is not None:
            # The others' sealed answers are secret to ``seat``: in its world they passed.
            world.window = self.window.passes_except(seat)
        if self.mode is Mode.ROLES:
            self._resample_roles(world, others, chance)
        world.event_pile = self._resample_events(chance)
        return world

    def _resample_roles(self, world: BoomData, others: list[int], chance: Chance) -> None:
        # A Glouton dealt its objective cards was seen taking seven cards: it keeps its role.
        hidden = [
            s
            for s in others
            if not (
                self.over
                or self.revealed[s]
                or (self.objectives_dealt and self.roles[s] is Role.GLOUTON)
            )
        ]
        # Dealt again from the roles in their declared order, not as the seats hold them.
        roles = [role for role in Role for s in hidden if self.roles[s] is role]
        chance.shuffle(roles)
        for s, role in zip(hidden, roles, strict=True):
            world.roles[s] = role

    def _resample_events(self, chance: Chance) -> list[Event]:
        pile = self.event_pile
        if not pile:
            return []
        timer = Event.FINAL_TIMER in pile
        seen = set(self.events_seen)
        unknown = [event for event, value in ORDINARY_VALUES if value not in seen]
        chance.shuffle(unknown)
        fresh: list[Event] = unknown[: len(pile) - (1 if timer else 0)]
        if timer:
            fresh.insert(chance.below(min(3, len(pile))), Event.FINAL_TIMER)
        return fresh
