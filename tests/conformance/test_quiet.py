"""A hushed match (a search's sampled world) plays exactly as a loud one.

``Match.hush`` lets a game skip building events and hands views out unfrozen, for speed
inside a search. It must change nothing else: the same actions lead to the same seats to
act, the same legal actions, the same views and the same result.
"""

from __future__ import annotations

import pytest

import popote
from popote.core.chance import Chance


@pytest.mark.parametrize("name", popote.game_names())
def test_a_hushed_world_plays_as_a_loud_one(name: str) -> None:
    players = popote.game_info(name)["default_players"]
    for seed in range(3):
        loud = popote.new_match(name, players=players, seed=seed)
        quiet = loud.clone().hush()
        chance = Chance(seed)
        while not loud.over:
            assert quiet.to_act == loud.to_act and not quiet.over
            seat = chance.choice(loud.to_act)
            legal = loud.legal_actions(seat)
            assert quiet.legal_actions(seat) == legal
            assert quiet.view(seat) == loud.view(seat)
            assert quiet.standings() == loud.standings()
            action = chance.choice(legal)
            loud.act(seat, action)
            quiet.play(seat, quiet.legal_actions(seat)[legal.index(action)])
        assert quiet.over and quiet.result() == loud.result()


def test_a_loud_match_stays_loud_when_a_clone_is_hushed() -> None:
    loud = popote.new_match("pieds-dans-le-plat", players=3, seed=4)
    loud.clone().hush()
    seat = loud.to_act[0]
    view = loud.view(seat)
    with pytest.raises(TypeError):
        view["hand"] = []
    assert loud.act(seat, loud.legal_actions(seat)[0])
