"""What a person reads: event lines, menu labels, the table and the prompt, in French and English."""

from __future__ import annotations

import popote
from popote.core.chance import Chance
from popote.core.i18n import LANGUAGES
from popote.core.registry import get_game
from popote.games.stir_fry_eighteen.scenario import scenario_match

from .helpers import NAME, protein

PRESENTER = get_game(NAME).presenter
NAMES = ["Anne", "Bao", "Chloé", "Dai", "Émile"]


def test_every_event_and_menu_reads_in_both_languages() -> None:
    kinds: set[str] = set()
    for seed in range(6):
        m = popote.new_match(NAME, players=3, seed=seed, options={"bullseye": seed % 2 == 0})
        chance = Chance(seed)
        while not m.over:
            seat = chance.choice(m.to_act)
            view = m.view(seat)
            labels = {
                PRESENTER.action(a, view, lang, NAMES)
                for a in m.legal_actions(seat)
                for lang in LANGUAGES
            }
            assert len(labels) == 2 * len(m.legal_actions(seat))
            for lang in LANGUAGES:
                assert PRESENTER.prompt(view, lang, NAMES)
                assert PRESENTER.table(view, lang, NAMES)
            m.act(seat, chance.choice(m.legal_actions(seat)))
        for viewer in (None, 0, 1, 2):
            for event in m.events(viewer):
                kinds.add(event["type"])
                lines = [PRESENTER.event(event, lang, NAMES) for lang in LANGUAGES]
                assert lines[0] != lines[1] or lines[0] is None
    assert {"discarded", "taste_test", "dish_cooked", "turn_ended", "game_over"} <= kinds


def test_the_prompt_says_who_discarded_and_what_they_claim() -> None:
    m = scenario_match(hands=[["nouilles", "porc"], ["poulet"], ["gingembre"]], current=1)
    m.act(1, protein("poulet", "porc"))
    prompt = PRESENTER.prompt(m.view(0), "fr", NAMES)
    assert prompt == "Bao défausse une carte en annonçant du porc : test de goût ?"
    assert (
        PRESENTER.prompt(m.view(2), "en", NAMES)
        == "Bao discards one card claiming pork: taste test?"
    )


def test_others_only_hear_how_many_cards_were_drawn() -> None:
    m = scenario_match(
        hands=[["nouilles", "porc"], ["poulet"]], deck=["crevette", "gingembre", "sauce_soja"]
    )
    events = m.act(0, protein("nouilles", "porc"))
    events += m.act(1, {"type": "pass"})
    mine = [PRESENTER.event(e, "en", NAMES) for e in popote.visible_events(events, 0)]
    theirs = [PRESENTER.event(e, "en", NAMES) for e in popote.visible_events(events, 1)]
    assert "You draw shrimp, ginger, soy sauce for the protein." in mine
    assert "Anne draws 3 card(s) for the protein." in theirs
    assert not any("shrimp" in (line or "") or "noodles" in (line or "") for line in theirs)


def test_the_prompt_tells_a_nearer_seat_that_someone_further_already_called() -> None:
    m = scenario_match(hands=[["nouilles", "porc"], ["poulet"], ["gingembre"]])
    m.act(0, protein("nouilles", "porc"))
    m.act(2, {"type": "taste_test"})
    assert m.to_act == (1,)
    assert "Already called by Chloé" in PRESENTER.prompt(m.view(1), "en", NAMES)


def test_the_opening_and_the_last_round_are_told() -> None:
    m = popote.new_match(NAME, players=3, seed=2)
    first = m.view(None)["first"]
    lines = [PRESENTER.event(e, "fr", NAMES) for e in m.events(None)]
    assert f"{NAMES[first]} commence." in lines
    hand = ["porc", "champignons", "nouilles"]
    m = scenario_match(hands=[hand, ["poulet"]], scores=[45, 0], options={"finish_round": True})
    m.act(0, next(a for a in m.legal_actions(0) if a["type"] == "cook" and a["points"] == 11))
    assert "the round is being finished" in PRESENTER.table(m.view(1), "en", NAMES)
    assert "on finit le tour de table" in PRESENTER.table(m.view(1), "fr", NAMES)
