"""Scenario builder: a match of Boom Badaboom set up exactly as a test or a tutorial needs it.

Cards are named by their keys (``"heat3"``, ``"apron"``, ``"cherries"``...). Cards not placed
in a hand, the discard or a given deck stay in the deck (when no deck is given) or out of
the game (when one is), so every card in play is accounted for.

>>> m = scenario_match(hands=[["heat3"], ["cool2"], ["apron"]], roles=["farceur", "patissier", "glouton"], size=12)
>>> m.view(0)["hand"], m.view(0)["size"], m.to_act
(['heat3'], 12, (0,))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from popote.core.chance import Chance
from popote.core.match import Match
from popote.core.options import resolve_options
from popote.core.registry import get_game
from popote.games.boom_badaboom.cards import (
    CARDS,
    DIFFICULTIES,
    NAME,
    OBJECTIVE_IDS,
    Event,
    Mode,
    Phase,
    Role,
    key_of,
)
from popote.games.boom_badaboom.rules import BoomState


def scenario_match(
    hands: Sequence[Sequence[str]],
    roles: Sequence[str] | None = None,
    size: int = 10,
    capacity: int | None = None,
    current: int = 0,
    first: int = 0,
    event: str | None = None,
    event_pile: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    mode: str | None = None,
    difficulty: str = "genoise",
    skipping: Sequence[int] = (),
    options: Mapping[str, object] | None = None,
    seed: int = 0,
) -> Match:
    """A match of ``len(hands)`` players, at ``current``'s turn to play a card.

    ``deck`` and ``event_pile`` list their cards from the top; ``roles`` gives each seat's
    role (hidden-role mode); without roles the mode is cooperative (solo for one player).
    """
    players = len(hands)
    if mode is None:
        mode = "roles" if roles else ("solo" if players == 1 else "coop")
    state = BoomState(players, Mode(mode), difficulty, Chance(seed))
    resolved = resolve_options(get_game(NAME).spec.options, options)
    state.read_table_options(resolved)
    free = list(range(len(CARDS)))
    if state.mode is not Mode.ROLES:
        free = [card for card in free if card not in OBJECTIVE_IDS]

    def take(key: str) -> int:
        card = next((c for c in free if key_of(c) == key), None)
        if card is None:
            raise ValueError(f"no {key!r} card left to place")
        free.remove(card)
        return card

    state.hands = [[take(key) for key in hand] for hand in hands]
    state.discard = [take(key) for key in discard]
    state.deck = list(reversed(free)) if deck is None else [take(key) for key in reversed(deck)]
    state.total_cards = len(state.deck) + len(state.discard) + sum(len(h) for h in state.hands)
    if roles:
        state.roles = [Role(role) for role in roles]
    state.size = size
    state.capacity = DIFFICULTIES[difficulty].capacity if capacity is None else capacity
    state.event = Event(event) if event else None
    state.events_seen = [event] if event else []
    state.event_pile = [Event(key) for key in reversed(event_pile)]
    state.last_round = state.event is Event.FINAL_TIMER
    state.round = 1
    state.first = first
    step = -1 if state.event is Event.KITCHEN_MESS else 1
    state.order = [(first + step * i) % players for i in range(players)]
    state.turn_pos = state.order.index(current)
    state.current = current
    for seat in skipping:
        state.skip[seat] = True
    state.phase = Phase.PLAY
    state.to_act = (current,)
    return Match(get_game(NAME), players, seed, resolved, state)
