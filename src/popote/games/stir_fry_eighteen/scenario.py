"""Scenario builder: a Stir-Fry Eighteen match set up exactly as a test or a tutorial needs it.

The match starts in the middle of the current player's turn, after the draw that opens it.
Every card is accounted for: cards in no hand go to the deck, or, when the deck is given,
lie face down on the table as if the current player had set them aside this turn.

>>> m = scenario_match(hands=[["crevette", "gingembre", "sauce_soja", "nouilles"], []])
>>> m.view(0)["hand"], m.view(0)["deck_size"], m.to_act
(['crevette', 'gingembre', 'sauce_soja', 'nouilles'], 14, (0,))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from popote.core.chance import Chance
from popote.core.match import Match
from popote.core.options import resolve_options
from popote.core.registry import get_game
from popote.games.stir_fry_eighteen.cards import COUNTS, KINDS
from popote.games.stir_fry_eighteen.model import Settings
from popote.games.stir_fry_eighteen.rules import StirFryState
from popote.games.stir_fry_eighteen.views import NAME


def scenario_match(
    hands: Sequence[Sequence[str]],
    deck: Sequence[str] | None = None,
    scores: Sequence[int] | None = None,
    current: int = 0,
    round_number: int = 1,
    first: int = 0,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
) -> Match:
    """A match of ``len(hands)`` players in exactly this position.

    ``deck`` lists its cards from the top. Left out, it holds every card no hand holds.
    ``first`` is the seat that opens every round, whatever the ``first_player`` option says.
    """
    players = len(hands)
    placed = Counter(card for hand in hands for card in hand)
    rest = Counter(COUNTS) - placed
    if placed - Counter(COUNTS):
        raise ValueError(f"more cards than the game has: {dict(placed - Counter(COUNTS))}")
    if deck is None:
        deck = [kind for kind in KINDS for _ in range(rest[kind])]
    elif Counter(deck) - rest:
        raise ValueError(f"the deck holds cards already placed: {dict(Counter(deck) - rest)}")
    aside = rest - Counter(deck)
    resolved = resolve_options(get_game(NAME).spec.options, options)
    state = StirFryState(
        players,
        [list(hand) for hand in hands],
        list(reversed(deck)),
        Chance(seed),
        Settings.from_options(resolved),
    )
    state.pile = [(card, current, False) for card in aside.elements()]
    state.first = first
    state.current = current
    state.to_act = (current,)
    state.turn = (round_number - 1) * players + (current - first) % players + 1
    if scores is not None:
        state.scores = list(scores)
    return Match(get_game(NAME), players, seed, resolved, state)
