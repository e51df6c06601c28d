"""Scenario builder: a manche dealt exactly as a test or a tutorial needs it.

The hands given are the whole deal of that manche (equal sizes); later manches are dealt
normally from the match's pack (and the cards it sets aside are still the ones listed in
the views and events, whatever the hands given hold).

>>> m = scenario_match([["AH", "2C"], ["KH", "3C"]], manche=2, suit="H")
>>> m.to_act, m.view(0)["hand"], m.view(1)["targets"]["suit"]
((0,), ['2C', 'AH'], 'H')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from popote.core.chance import Chance
from popote.core.match import Match
from popote.core.options import resolve_options
from popote.core.registry import get_game
from popote.games.bouillabaisse.cards import CARD_ID, RANK_ID, SUIT_ID
from popote.games.bouillabaisse.config import Config
from popote.games.bouillabaisse.rules import NAME, BouillabaisseState
from popote.games.bouillabaisse.scoring import Targets


def scenario_match(
    hands: Sequence[Sequence[str]],
    manche: int = 1,
    dealer: int | None = None,
    suit: str | None = "H",
    figure: str | None = "Q",
    card: str | None = "KH",
    scores: Sequence[Sequence[int]] = (),
    options: Mapping[str, object] | None = None,
    seed: int = 0,
) -> Match:
    """A match of ``len(hands)`` players at the start of ``manche``.

    ``dealer`` defaults to the usual rotation (seat 0 deals manche 1, the next seat manche
    2...), so the seat after the dealer leads. ``suit`` (``"H"``), ``figure`` (``"Q"``) and
    ``card`` (``"KH"``) are the targets already known; ``None`` leaves one to be drawn.
    ``scores`` are the scores of the manches already played.
    """
    players = len(hands)
    if len({len(hand) for hand in hands}) != 1:
        raise ValueError("every hand of a deal holds the same number of cards")
    resolved = resolve_options(get_game(NAME).spec.options, options)
    state = BouillabaisseState(Config.from_options(players, resolved), Chance(seed))
    state.targets = Targets(
        suit=None if suit is None else SUIT_ID[suit],
        rank=None if figure is None else RANK_ID[figure],
        card=None if card is None else CARD_ID[card],
    )
    state.manche = manche - 1
    dealer = (manche - 1) % players if dealer is None else dealer
    state.dealer = (dealer - 1) % players
    for past in scores:
        state.scores.append(list(past))
        state.details.append({})
        state.totals = [total + score for total, score in zip(state.totals, past, strict=True)]
    events = state.start_manche([[CARD_ID[name] for name in hand] for hand in hands])
    return Match(get_game(NAME), players, seed, resolved, state, events)
