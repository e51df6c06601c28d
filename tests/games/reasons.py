"""What every game's ``Presenter.reason`` owes a review and a hint, checked over random play:
it never raises, says something or nothing (never an empty line), and reads only the seat's
view, so that a world resampled for that seat reads the same."""

from __future__ import annotations

from collections.abc import Mapping

import popote
from popote.core.actions import Action
from popote.core.chance import Chance
from popote.core.i18n import LANGUAGES

NAMES = ["Anne", "Bao", "Chloé", "Dylan", "Erwan", "Fanch", "Gaïd"]


def _some(actions: list[Action], count: int, chance: Chance) -> list[Action]:
    """At most ``count`` of ``actions``, drawn at random: some hands offer dozens of moves."""
    picked = list(actions)
    chance.shuffle(picked)
    return picked[:count]


def check_reasons(
    name: str,
    players: int,
    seeds: range,
    options: Mapping[str, object] | None = None,
    steps: int = 120,
    width: int = 5,
    heuristic: bool = False,
) -> int:
    """Plays ``seeds`` at random for ``steps`` decisions each, asks ``reason`` about up to
    ``width`` best actions against as many others (and alone) at each, and returns how
    many sentences it gave: a check that never met one would prove little. With
    ``heuristic`` the game's heuristic bot plays instead (it must read only the view: it
    observes nothing), for positions random play rarely reaches."""
    said = 0
    for seed in seeds:
        match = popote.new_match(name, players=players, seed=seed, options=options)
        presenter = match.game.presenter
        chance = Chance(seed)
        for _ in range(steps):
            if match.over:
                break
            seat = match.to_act[0]
            legal = match.legal_actions(seat)
            view = match.view(seat)
            world = match.determinize(seat, chance.below(1 << 30)).view(seat)
            for best in _some(legal, width, chance):
                for chosen in [None, *_some(legal, width, chance)]:
                    for lang in LANGUAGES:
                        text = presenter.reason(view, best, chosen, lang, NAMES)
                        assert text is None or (isinstance(text, str) and text.strip()), text
                        assert presenter.reason(world, best, chosen, lang, NAMES) == text
                        said += text is not None
            bot = match.game.heuristic_bot(seat, seed) if heuristic else None
            match.act(seat, bot.choose(match) if bot is not None else chance.choice(legal))
    return said
