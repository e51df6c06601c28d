"""The heuristic bots' rules of thumb per role, and the text shown to people."""

from __future__ import annotations

import pytest

import popote
from popote.bots.runner import play_out
from popote.games.boom_badaboom import GAME
from popote.games.boom_badaboom.cards import DIFFICULTIES
from popote.games.boom_badaboom.scenario import scenario_match
from popote.lab.balance import run_study

NAMES = ["Ana", "Bob", "Cy", "Dee", "Eve"]


def choose(m: popote.Match, seat: int) -> dict[str, object]:
    return dict(GAME.heuristic_bot(seat, 1).choose(m))


def test_farceur_explodes_the_cake_when_it_can() -> None:
    m = scenario_match(
        hands=[["heat4", "cool2", "heat1"], ["cool1"], ["cool1"]],
        roles=["farceur", "patissier", "glouton"],
        size=13,
    )
    assert choose(m, 0) == {"type": "play", "card": "heat4"}


def test_farceur_plays_a_heat_card_it_can_boost_itself_then_boosts_it() -> None:
    # Cake 11 of 17: Heat +3 alone would leave it at the brink for someone else (Heat +2 is
    # the quieter card), but boosted by its own player it explodes.
    def table(**options: str) -> popote.Match:
        hands = [["heat2", "heat3", "boost"], ["cool1"], ["cool1"]]
        return scenario_match(
            hands=hands, roles=["farceur", "patissier", "glouton"], size=11, options=options
        )

    m = table()
    assert choose(m, 0) == {"type": "play", "card": "heat3"}
    m.act(0, {"type": "play", "card": "heat3"})
    m.act(1, {"type": "decline"})
    m.act(2, {"type": "decline"})
    assert choose(m, 0) == {"type": "react", "card": "boost", "mode": "boost"}
    assert choose(table(own_card="others"), 0) == {"type": "play", "card": "heat2"}


def test_patissier_cools_a_cake_near_the_capacity() -> None:
    m = scenario_match(
        hands=[["heat1", "cool3", "heat2"], ["cool1"], ["cool1"]],
        roles=["patissier", "farceur", "glouton"],
        size=14,
    )
    assert choose(m, 0) == {"type": "play", "card": "cool3"}


def test_glouton_steers_into_its_zone_to_win() -> None:
    m = scenario_match(
        hands=[["heat5", "heat2", "cool1", "cherries", "caramel"], ["cool1"], ["cool1"]],
        roles=["glouton", "patissier", "farceur"],
        size=13,
        capacity=25,
    )
    assert choose(m, 0) == {"type": "play", "card": "heat2"}


def test_patissier_spends_a_tablier_on_an_exploding_card_and_glouton_guards_its_hand() -> None:
    m = scenario_match(
        hands=[["heat5", "cool1"], ["apron"], ["spatula", "cherries", "caramel"]],
        roles=["farceur", "patissier", "glouton"],
        size=13,
    )
    m.act(0, {"type": "play", "card": "heat5"})
    assert choose(m, 1) == {"type": "react", "card": "apron", "mode": "cancel"}
    m = scenario_match(
        hands=[["peek", "cool1"], ["cool1"], ["spatula", "cherries", "caramel"]],
        roles=["patissier", "farceur", "glouton"],
    )
    m.act(0, {"type": "play", "card": "peek", "target": 2})
    m.act(1, {"type": "decline"})
    assert choose(m, 2)["mode"] == "redirect"


def test_a_farceur_cancels_the_card_that_would_crown_the_glouton() -> None:
    # Seven cards dealt in view of all give the Glouton away; 15 on its own turn wins it all.
    glouton = ["heat5", "cherries", "caramel", "cool1", "cool2", "cool3", "heat1"]
    m = scenario_match(
        hands=[glouton, ["apron", "heat1"], ["cool1"]],
        roles=["glouton", "farceur", "patissier"],
        capacity=25,
    )
    m.act(0, {"type": "play", "card": "heat5"})
    assert choose(m, 1) == {"type": "react", "card": "apron", "mode": "cancel"}


def test_bots_finish_every_variant() -> None:
    for players in range(1, 6):
        for options in ({}, {"mode": "coop"}, {"difficulty": "piece_montee"}):
            m = popote.new_match("boom-badaboom", players=players, seed=players, options=options)
            play_out(m, [GAME.heuristic_bot(s, 3) for s in range(players)])
            assert m.over


def test_the_reaction_prompt_says_what_is_being_answered() -> None:
    m = scenario_match(
        hands=[["heat3", "cool1"], ["apron"], ["cool1"]], roles=["farceur", "patissier", "glouton"]
    )
    m.act(0, {"type": "play", "card": "heat3"})
    view = m.view(1)
    assert GAME.presenter.prompt(view, "fr", NAMES) == (
        "Réagir à la carte Chaleur +3 jouée par Ana ? Gâteau 10/17."
    )
    assert (
        GAME.presenter.prompt(view, "en", NAMES)
        == "React to the Heat +3 played by Ana? Cake 10/17."
    )
    labels = [GAME.presenter.action(a, view, "en", NAMES) for a in m.legal_actions(1)]
    assert labels == ["Do not react", "React with Protective Apron: cancels"]
    m.act(1, {"type": "react", "card": "apron", "mode": "cancel"})
    m.act(2, {"type": "decline"})
    m.act(0, {"type": "decline"})
    prompt = GAME.presenter.prompt(m.view(0), "en", NAMES)
    assert "Bob answered with Protective Apron (cancels Heat +3)" in prompt


def test_every_event_of_a_match_reads_in_both_languages() -> None:
    m = popote.new_match("boom-badaboom", players=4, seed=9)
    play_out(m, [GAME.heuristic_bot(s, 9) for s in range(4)])
    for seat in (None, 0, 1, 2, 3):
        for event in m.events(seat):
            for lang in ("fr", "en"):
                line = GAME.presenter.event(event, lang, NAMES)
                assert line is None or line.strip()
        view = m.view(seat)
        assert GAME.presenter.table(view, "en", NAMES)
    assert "The Glutton wins." in (GAME.presenter.event(m.events(None)[-1], "en", NAMES) or "")


def test_the_balance_study_covers_every_level_roles_coop_and_solo() -> None:
    study = GAME.balance_study()
    assert {config.options["difficulty"] for config in study.configs} == set(DIFFICULTIES)
    assert {config.players for config in study.configs} == {1, 2, 3, 4, 5}
    assert all(config.claim.en.startswith("~") for config in study.configs)
    rows = run_study(GAME, study, games=4, seed=0, jobs=1)
    roles = next(row for row in rows if row.config.players == 3)
    assert set(roles.rates) == {"farceurs", "glouton", "patissiers"}
    assert sum(rate["win_rate"] for rate in roles.rates.values()) == pytest.approx(1)
    coop = next(row for row in rows if row.config.players == 2)
    assert set(coop.rates) == {"equipe"}


def test_a_fumbled_action_card_asks_its_new_player_for_a_target() -> None:
    m = scenario_match(
        hands=[["fumble", "heat1"], ["swap"], ["heat1"]], roles=["farceur", "patissier", "glouton"]
    )
    m.act(0, {"type": "play", "card": "fumble", "target": 1})
    while m.view(None)["phase"] == "react":
        m.act(m.to_act[0], {"type": "decline"})
    assert GAME.presenter.prompt(m.view(1), "en", NAMES).startswith("Butterfingers: you play")
    assert GAME.presenter.prompt(m.view(1), "fr", NAMES).startswith("Maladresse : vous jouez")
    assert choose(m, 1)["card"] == "swap"
