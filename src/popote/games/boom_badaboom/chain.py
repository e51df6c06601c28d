"""Reaction chains: a played card, then reactive cards each answering the one below.

A link is ``(seat, card key, mode, target)``. Cancels (a Tablier, or a Renvoi answering a
reactive card) wipe out the link just below them (a Tablier may instead always cancel the
played card, by table option); boosts and inversions modify the card at
the bottom; redirections move a targeted action. Pure functions, shared by rules and bots.

>>> main = (0, "heat3", LinkMode.MAIN, -1)
>>> outcome([main, (1, "spatula", LinkMode.INVERT, -1)])
Outcome(cancelled=False, factor=1, inverted=True, target=-1)
>>> outcome([main, (1, "apron", LinkMode.CANCEL, -1), (2, "spatula", LinkMode.CANCEL, -1)])
Outcome(cancelled=False, factor=1, inverted=False, target=-1)
>>> two_aprons = [main, (1, "apron", LinkMode.CANCEL, -1), (2, "apron", LinkMode.CANCEL, -1)]
>>> outcome(two_aprons).cancelled, outcome(two_aprons, apron_on_played=True).cancelled
(False, True)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final, final

from popote.games.boom_badaboom.cards import APRON, BOOST, KIND_BY_KEY, SPATULA, LinkMode

Link = tuple[int, str, LinkMode, int]
MODIFIERS: Final = (LinkMode.MAIN, LinkMode.BOOST, LinkMode.INVERT)


@final
class Outcome:
    """What a resolved chain does to its played card: a plain class rather than a named
    tuple, whose construction runs through Python code even in the compiled build (the
    bots work out an outcome for every reaction they weigh)."""

    __slots__ = ("cancelled", "factor", "inverted", "target")

    def __init__(self, cancelled: bool, factor: int, inverted: bool, target: int) -> None:
        self.cancelled = cancelled
        self.factor = factor
        self.inverted = inverted
        self.target = target

    def __repr__(self) -> str:
        return (
            f"Outcome(cancelled={self.cancelled}, factor={self.factor}, "
            f"inverted={self.inverted}, target={self.target})"
        )


def outcome(chain: Sequence[Link], apron_on_played: bool = False) -> Outcome:
    """What the chain does once resolved, from the top down.

    ``apron_on_played``: a Tablier cancels the played card at the bottom of the chain
    rather than the card just below it (the ``tablier=played`` table option).
    """
    if len(chain) == 1:  # a card nobody answered: the commonest chain by far
        return Outcome(False, 1, False, chain[0][3])
    cancelled = [False] * len(chain)
    for index in range(len(chain) - 1, 0, -1):
        if not cancelled[index] and chain[index][2] is LinkMode.CANCEL:
            on_played = apron_on_played and chain[index][1] == APRON
            cancelled[0 if on_played else index - 1] = True
    factor, inverted, target = 1, False, chain[0][3]
    for index in range(1, len(chain)):
        if cancelled[index]:
            continue
        mode = chain[index][2]
        if mode is LinkMode.BOOST:
            factor *= 2
        elif mode is LinkMode.INVERT:
            inverted = not inverted
        elif mode is LinkMode.REDIRECT:
            target = chain[index][3]
    return Outcome(cancelled[0], factor, inverted, target)


def reactions(
    chain: Sequence[Link],
    seat: int,
    hand_keys: Collection[str],
    targets: Collection[int],
    boost_allowed: bool,
) -> list[tuple[str, LinkMode, int]]:
    """The reactions ``seat`` may play on top of ``chain``: (card, mode, target)."""
    top = chain[-1]
    main = KIND_BY_KEY[chain[0][1]]
    found: list[tuple[str, LinkMode, int]] = []
    if APRON in hand_keys:
        found.append((APRON, LinkMode.CANCEL, -1))
    if SPATULA in hand_keys:
        if top[2] is not LinkMode.MAIN:
            found.append((SPATULA, LinkMode.CANCEL, -1))
        if main.signed and top[2] in MODIFIERS:
            found.append((SPATULA, LinkMode.INVERT, -1))
        if main.targeted and top[2] in (LinkMode.MAIN, LinkMode.REDIRECT) and top[3] == seat:
            found += [(SPATULA, LinkMode.REDIRECT, t) for t in targets if t != seat]
    if BOOST in hand_keys and boost_allowed and main.signed and top[2] in MODIFIERS:
        found.append((BOOST, LinkMode.BOOST, -1))
    return found
