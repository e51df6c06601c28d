"""Scenario builder: a match set up exactly as a test or a tutorial needs it.

Cards not placed explicitly go to the piles in a fixed order, so every card is still
accounted for.

>>> m = scenario_match(hands=[[7, 1, 2], [9, 3, 3], [2, 5, 6]], islands=[[18], [20], [25]], top_card=4)
>>> m.view(0)["total"], m.view(0)["hand"]
(4, [1, 2, 7])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from popote.core.chance import Chance
from popote.core.deck import build_deck
from popote.core.match import Match
from popote.core.options import resolve_options
from popote.core.registry import get_game
from popote.games.pieds_dans_le_plat.cards import (
    ISLAND_VALUES,
    NUMBER_CARD_COUNTS,
    Direction,
    EmptyPileRule,
)
from popote.games.pieds_dans_le_plat.rules import NAME, PiedsState


def scenario_match(
    hands: Sequence[Sequence[int]],
    islands: Sequence[Sequence[int]],
    top_card: int,
    total: int | None = None,
    direction: str = "up",
    current: int = 0,
    penalties: Sequence[int] | None = None,
    draw_pile: Sequence[int] | None = None,
    island_pile: Sequence[int] | None = None,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
) -> Match:
    """A match of ``len(hands)`` players in exactly this position.

    ``draw_pile`` and ``island_pile`` list their cards from the top; left out, they hold
    every card not placed elsewhere (numbers: the discard pile gets none but ``top_card``).
    """
    players = len(hands)
    placed = Counter(card for hand in hands for card in hand) + Counter([top_card])
    if draw_pile is None:
        draw_pile = list(
            reversed(list((Counter(build_deck(NUMBER_CARD_COUNTS)) - placed).elements()))
        )
        discard = [top_card]
    else:
        rest = Counter(build_deck(NUMBER_CARD_COUNTS)) - placed - Counter(draw_pile)
        discard = [*rest.elements(), top_card]
    held = {value for own in islands for value in own}
    if island_pile is None:
        island_pile = [value for value in ISLAND_VALUES if value not in held]
    resolved = resolve_options(get_game(NAME).spec.options, options)
    state = PiedsState(
        players,
        [list(hand) for hand in hands],
        [list(own) for own in islands],
        list(reversed(draw_pile)),
        discard,
        list(reversed(island_pile)),
        Chance(seed),
        assisted=bool(resolved["assisted"]),
        empty_pile_rule=EmptyPileRule(resolved["empty_pile"]),
    )
    state.total = top_card if total is None else total
    state.direction = Direction(direction)
    state.current = current
    state.to_act = (current,)
    if penalties is not None:
        state.penalties = list(penalties)
    return Match(get_game(NAME), players, seed, resolved, state)
