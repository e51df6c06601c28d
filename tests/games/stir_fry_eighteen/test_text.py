"""What a person reads: event lines, menu labels, the table and the prompt, in French and English."""

from __future__ import annotations

import popote
from popote.core.chance import Chance
from popote.core.game import HandGroup
from popote.core.i18n import LANGUAGES, Lang
from popote.core.menu import MENU_LIMIT, build_menu
from popote.core.registry import get_game
from popote.games.stir_fry_eighteen.scenario import scenario_match

from ..menus import menu_levels
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
    assert prompt == "Demander un test de goût à Bao ? Annonce : du porc."
    assert PRESENTER.prompt(m.view(2), "en", NAMES) == "Call a taste test on Bao? Claim: pork."


def test_others_only_hear_how_many_cards_were_drawn() -> None:
    m = scenario_match(
        hands=[["nouilles", "porc"], ["poulet"]], deck=["crevette", "gingembre", "sauce_soja"]
    )
    events = m.act(0, protein("nouilles", "porc"))
    events += m.act(1, {"type": "pass"})
    mine = [PRESENTER.event(e, "en", NAMES) for e in popote.visible_events(events, 0)]
    theirs = [PRESENTER.event(e, "en", NAMES) for e in popote.visible_events(events, 1)]
    assert "You draw shrimp, ginger, soy sauce for your protein." in mine
    assert "Anne draws 3 cards for their protein." in theirs
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


def test_the_rules_summary_reads_in_short_lines_and_tells_who_may_not_test() -> None:
    summary = get_game(NAME).spec.summary
    for lang in LANGUAGES:
        lines = summary.get(lang).splitlines()
        assert len(lines) >= 5
        assert max(len(line) for line in lines) <= 250
    assert "ne peut pas demander de test" in summary.fr
    assert "may not call a test" in summary.en


def test_a_chef_who_cannot_call_a_taste_test_is_told_so() -> None:
    m = scenario_match(hands=[["nouilles", "porc"], ["poulet"], [], []], scores=[0, 0, 3, 0])
    events = m.act(0, protein("nouilles", "porc"))
    lines = {lang: [PRESENTER.event(e, lang, NAMES) for e in events] for lang in LANGUAGES}
    assert (
        "Chloé et Dai n'ont ni carte ni 5 points à perdre : pas de test de goût possible."
        in lines["fr"]
    )
    assert "Chloé and Dai have no cards and under 5 points: no taste test possible." in lines["en"]
    m = scenario_match(hands=[["nouilles", "porc"], []])
    events = m.act(0, protein("nouilles", "porc"))
    assert "Bao n'a ni carte ni 5 points à perdre : pas de test de goût possible." in [
        PRESENTER.event(e, "fr", NAMES) for e in events
    ]


def test_a_big_hand_is_chosen_in_steps_with_the_best_dish_first() -> None:
    hand = ["crevette", "porc", "gingembre", "oignon_vert", "sauce_soja", "nouilles"]
    m = scenario_match(hands=[hand, ["poulet"]])
    actions = m.legal_actions(0)
    assert len(actions) > MENU_LIMIT
    cooks: dict[Lang, str] = {"fr": "Cuisiner un plat", "en": "Cook a dish"}
    for lang, cook in cooks.items():
        menu = build_menu(PRESENTER, actions, m.view(0), lang, NAMES)
        assert all(len(level) <= MENU_LIMIT for level in menu_levels(menu))
        labels = [entry.label for entry in menu.entries]
        assert cook in labels
        dishes = next(entry.submenu for entry in menu.entries if entry.label == cook)
        assert dishes is not None
        best = max(a["points"] for a in actions if a["type"] == "cook")
        assert dishes.actions[0]["points"] == best
    menu = build_menu(PRESENTER, actions, m.view(0), "en", NAMES)
    assert [entry.label for entry in menu.entries] == [
        "Claim a pair (draw 3)",
        "Claim a protein",
        "Cook a dish",
        "End the turn (discard down to 3 cards)",
    ]


def test_honest_claims_come_before_bluffs() -> None:
    m = scenario_match(hands=[["nouilles", "porc", "gingembre"], ["poulet"]])
    menu = build_menu(PRESENTER, m.legal_actions(0), m.view(0), "fr", NAMES)
    proteins = next(
        entry.submenu for entry in menu.entries if entry.label == "Annoncer une protéine"
    )
    assert proteins is not None
    labels = [entry.label for entry in proteins.entries]
    assert labels[0] == "Défausser porc en annonçant du porc : piocher 3"
    assert labels[1].endswith("en annonçant de la crevette (bluff) : piocher 4")


def test_counts_agree_with_their_words_in_both_languages() -> None:
    m = scenario_match(hands=[["nouilles", "porc"], ["poulet"]], deck=["crevette"])
    events = m.act(0, protein("nouilles", "porc"))
    events += m.act(1, {"type": "pass"})
    theirs = popote.visible_events(events, 1)
    assert "Anne pioche 1 carte pour sa protéine. (Pioche vide : 1 sur 3.)" in [
        PRESENTER.event(e, "fr", NAMES) for e in theirs
    ]
    assert "You draw shrimp for your protein. (Deck empty: 1 of 3.)" in [
        PRESENTER.event(e, "en", NAMES) for e in popote.visible_events(events, 0)
    ]
    over = {"type": "game_over", "end": "target", "scores": [50, 50], "winners": [0, 1]}
    assert PRESENTER.event(over, "en", NAMES) == (
        "Game over (target reached). Scores: Anne: 50; Bao: 50. Winners: Anne and Bao."
    )
    over = {"type": "game_over", "end": "target", "scores": [52, 10], "winners": [0]}
    assert PRESENTER.event(over, "fr", NAMES) == (
        "Fin de la partie (objectif atteint). Scores : Anne : 52 ; Bao : 10. Gagnant : Anne."
    )
    ended = {"type": "turn_ended", "seat": 0, "returned": 1, "deck": 1}
    assert PRESENTER.event(ended, "fr", NAMES) == (
        "Fin du tour de Anne : 1 carte remélangée dans la pioche (1 carte en tout)."
    )
    assert PRESENTER.event(ended, "en", NAMES) == (
        "Anne ends the turn: 1 card shuffled back into the deck (1 card in all)."
    )
    trim = {"type": "trim_needed", "seat": 1, "count": 2}
    assert PRESENTER.event(trim, "en", NAMES) == "Bao must discard 2 cards to end the turn."


def test_rounds_are_called_rounds_in_english_and_tours_de_table_in_french() -> None:
    m = scenario_match(hands=[["nouilles"], ["poulet"]], round_number=2)
    assert PRESENTER.table(m.view(0), "en", NAMES).startswith("Round 2, target 50 points.")
    assert PRESENTER.table(m.view(0), "fr", NAMES).startswith(
        "Tour de table 2, objectif 50 points."
    )
    # The round limit, a safety net, is said only in the last rounds before it.
    m = scenario_match(hands=[["nouilles"], ["poulet"]], round_number=95)
    assert PRESENTER.table(m.view(0), "en", NAMES).startswith(
        "Round 95 (the game stops after round 100), target 50 points."
    )
    assert PRESENTER.table(m.view(0), "fr", NAMES).startswith(
        "Tour de table 95 (la partie s'arrête après le 100e), objectif 50 points."
    )
    for lang in LANGUAGES:
        assert "Manche" not in PRESENTER.table(m.view(0), lang, NAMES)


def test_the_hand_drawn_names_each_card_as_the_table_does() -> None:
    m = scenario_match([["crevette", "nouilles", "porc"], ["poulet"]])
    view = m.view(0)
    assert PRESENTER.hand(view, "fr", NAMES) == [HandGroup(None, ("crevette", "porc", "nouilles"))]
    assert PRESENTER.hand(view, "en", NAMES) == [HandGroup(None, ("shrimp", "pork", "noodles"))]
    assert "Your hand: shrimp, pork, noodles." in PRESENTER.table(view, "en", NAMES)
    assert PRESENTER.hand(m.view(None), "fr", NAMES) is None
