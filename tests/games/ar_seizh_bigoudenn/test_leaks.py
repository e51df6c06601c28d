"""The leak test: a seat's view never depends on what it may not know."""

from __future__ import annotations

import copy

import popote
from popote.core.chance import Chance
from popote.core.options import resolve_options
from popote.core.registry import get_game
from popote.games.ar_seizh_bigoudenn.scenario import scenario_match

from .helpers import PASS, bid, grab, take


def test_determinize_resamples_sealed_bids_and_keeps_the_view() -> None:
    m = scenario_match(
        ["rozenn", "soazig", "tyfenn", "katell"],
        hands=[["fourchette"], [], [], []],
        surfaces=[[], ["oeuf"], ["tomate", "jambon", "saucisse"], []],
        centre=["jambon"],
        reveal=False,
    )
    m.act(0, take("jambon", drop="fourchette"))
    m.act(1, grab())
    m.act(2, grab())
    m.act(3, PASS)
    m.act(2, bid("saucisse"))
    worlds = [m.determinize(1, seed) for seed in range(30)]
    assert all(world.view(1) == m.view(1) for world in worlds)
    assert all(world.view(None) == m.view(None) for world in worlds)
    guessed = {world.view(2)["window"]["your_bids"] for world in worlds}
    assert guessed == {"tomate", "jambon", "saucisse", None}  # any card, or a withdrawal
    # Seat 2 knows its own bid: its worlds keep it.
    assert {m.determinize(2, s).view(2)["window"]["your_bids"] for s in range(10)} == {"saucisse"}


def test_views_of_bot_games_survive_determinization_at_every_step() -> None:
    game = get_game("ar-seizh-bigoudenn")
    for players, real_time in ((3, False), (6, True)):
        match = popote.new_match(
            "ar-seizh-bigoudenn",
            players=players,
            seed=5,
            options={"real_time": real_time, "rounds": 2},
        )
        bots = [game.heuristic_bot(s, 5) for s in range(players)]
        steps = 0
        while not match.over:
            for seat in range(players):
                world = match.determinize(seat, steps)
                assert world.view(seat) == match.view(seat)
                assert world.legal_actions(seat) == match.legal_actions(seat)
            seat = match.to_act[0]
            match.act(seat, bots[seat].choose(match))
            steps += 1
        assert steps > 10


def scribble(value: object) -> None:
    """Change every list and dict inside a view, however deep."""
    if isinstance(value, list):
        for item in value:
            scribble(item)
        value.append("scribble")
    elif isinstance(value, dict):
        for item in value.values():
            scribble(item)
        value["scribble"] = True


def test_changing_a_view_changes_nothing_on_the_table() -> None:
    game = get_game("ar-seizh-bigoudenn")
    chance = Chance(5)
    state, _ = game.new_state(4, resolve_options(game.spec.options, {"rounds": 8}), Chance(5))
    cooked = False
    while not state.over:
        for seat in (None, *state.to_act):
            before = copy.deepcopy(state.view(seat))
            scribble(state.view(seat))
            assert state.view(seat) == before
        cooked = cooked or any(state.view(None)["dishes"])
        seat = chance.choice(state.to_act)
        legal = state.legal_actions(seat)
        cooks = [a for a in legal if a["type"] == "cook"]
        state.apply(seat, cooks[0] if cooks else chance.choice(legal))
    assert cooked  # the dishes' card lists were scribbled on too
