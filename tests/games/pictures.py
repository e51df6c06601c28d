"""What the games' picture tests share: a seat's drawn table, and a match after each random
action."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import popote
from popote.core.chance import Chance
from popote.core.i18n import Lang
from popote.core.picture import Picture


def drawn_picture(
    match: popote.Match, seat: int | None, names: Sequence[str], lang: Lang = "fr"
) -> Picture:
    """The table ``seat`` (``None``: a spectator) is drawn, with its legal actions on it."""
    legal = match.legal_actions(seat) if seat is not None and seat in match.to_act else []
    found = match.game.presenter.picture(match.view(seat), legal, lang, names[: match.players])
    assert found is not None
    return found


def random_moments(
    game: str,
    seed: int,
    players: int,
    steps: int,
    options: Mapping[str, object] | None = None,
) -> Iterator[popote.Match]:
    """The match after each random action, until it ends or ``steps`` are played."""
    match = popote.new_match(game, players=players, seed=seed, options=dict(options or {}))
    chance = Chance(seed)
    for _ in range(steps):
        yield match
        if match.over:
            return
        seat = chance.choice(match.to_act)
        match.act(seat, chance.choice(match.legal_actions(seat)))
