"""The leak test: a seat's view never depends on what it may not know."""

from __future__ import annotations

import popote
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
