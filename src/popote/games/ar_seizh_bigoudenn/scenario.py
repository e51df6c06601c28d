"""Scenario builder: a match of Ar Seizh Bigoudenn set up exactly as a test needs it.

Every card and utensil is still accounted for: ingredients not placed go to the draw pile
(under the ``draw`` cards given, which are listed from the top), utensils not in a hand lie
in the centre.

>>> m = scenario_match(
...     bigoudens=["rozenn", "soazig"],
...     hands=[["fourchette"], ["araignee"]],
...     surfaces=[["oignon"], []],
...     draw=["saucisse", "sucre"],
... )
>>> m.view(0)["centre"], m.view(0)["hands"][0], m.to_act
(['saucisse', 'sucre'], ['fourchette'], (0,))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from popote.core.chance import Chance
from popote.core.deck import build_deck
from popote.core.errors import InvalidSetup
from popote.core.i18n import Text
from popote.core.match import Match
from popote.core.options import resolve_options
from popote.core.registry import get_game
from popote.games.ar_seizh_bigoudenn import turn, waltz
from popote.games.ar_seizh_bigoudenn.cards import UTENSIL_ORDER, deck_counts, sort_cards
from popote.games.ar_seizh_bigoudenn.state import NAME, ArSeizhState, sort_utensils
from popote.games.ar_seizh_bigoudenn.tables import Face


def scenario_match(
    bigoudens: Sequence[str],
    hands: Sequence[Sequence[str]],
    surfaces: Sequence[Sequence[str]] | None = None,
    centre: Sequence[str] = (),
    draw: Sequence[str] = (),
    faces: Sequence[str] | None = None,
    scores: Sequence[int] | None = None,
    current: int = 0,
    reveal: bool = True,
    round_number: int = 1,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
) -> Match:
    """A match of ``len(bigoudens)`` players at the start of ``current``'s turn.

    With ``reveal`` the turn begins as usual by turning the top two cards of ``draw``
    face up in the centre; without it, the actions start at once.
    """
    players = len(bigoudens)
    surfaces = surfaces if surfaces is not None else [[] for _ in range(players)]
    resolved = resolve_options(get_game(NAME).spec.options, options)
    state = ArSeizhState(
        players, Chance(seed), bool(resolved["real_time"]), int(resolved["rounds"])
    )
    state.bigoudens = list(bigoudens)
    state.hands = [sort_utensils(list(h)) for h in hands]
    held = [u for h in hands for u in h]
    if len(set(held)) != len(held) or any(len(h) > 2 for h in hands):
        raise InvalidSetup(Text("ustensiles mal répartis", "utensils badly dealt"))
    state.centre_utensils = [u for u in UTENSIL_ORDER if u not in held]
    state.surfaces = [sort_cards(list(s)) for s in surfaces]
    state.centre = sort_cards(list(centre))
    placed = Counter(c for s in surfaces for c in s) + Counter(centre) + Counter(draw)
    rest = Counter(build_deck(deck_counts(players))) - placed
    if placed - Counter(build_deck(deck_counts(players))):
        raise InvalidSetup(Text("trop de cartes placées", "too many cards placed"))
    state.draw = sort_cards(list(rest.elements())) + list(reversed(draw))
    if faces is not None:
        state.faces = [Face(f) for f in faces]
    if scores is not None:
        state.scores = list(scores)
    state.round = round_number
    if reveal:
        turn.start_turn(state, current)
    else:
        state.current = current
        state.actions_left = 2
        state.to_act = (current,)
    waltz.advance(state)
    return Match(get_game(NAME), players, seed, resolved, state)
