"""Determinized worlds: consistent with what the seat knows, and every legal action plays."""

from __future__ import annotations

import pytest

import popote
from popote.core.chance import Chance
from popote.games.boom_badaboom.scenario import scenario_match

from .helpers import act


def test_a_world_built_mid_window_lets_the_last_seat_close_it() -> None:
    m = scenario_match(
        hands=[["heat1", "cool1"], ["apron", "heat2"], ["cool3", "heat1"]],
        roles=["farceur", "patissier", "glouton"],
        current=2,
    )
    act(m, 2, type="play", card="cool3")
    act(m, 1, type="react", card="apron", mode="cancel")
    for salt in range(20):
        world = m.determinize(0, salt)
        world.act(0, {"type": "decline"})
        assert world.view(0)["phase"] != "react" or world.to_act != (0,)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_glouton_dealt_seven_cards_stays_the_glouton_in_every_world(players: int) -> None:
    m = popote.new_match("boom-badaboom", players=players, seed=players)
    sizes = m.view(None)["hand_sizes"]
    glouton = sizes.index(7)
    for seat in range(players):
        for salt in range(10):
            world = m.determinize(seat, salt)
            assert world.view(glouton)["role"] == "glouton"


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 5), (3, 1), (4, 4), (5, 0)])
def test_every_legal_action_of_every_world_plays(players: int, seed: int) -> None:
    m = popote.new_match("boom-badaboom", players=players, seed=seed)
    chance = Chance(seed)
    for step in range(150):
        if m.over:
            break
        if step % 5 == 0:
            for seat in range(players):
                world = m.determinize(seat, step)
                for actor in world.to_act:
                    for action in world.legal_actions(actor):
                        m.determinize(seat, step).act(actor, action)
        actor = chance.choice(m.to_act)
        m.act(actor, chance.choice(m.legal_actions(actor)))
