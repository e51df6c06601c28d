"""What a player hears: the words of Boom Badaboom read by a screen reader, in both languages."""

from __future__ import annotations

import random
from typing import Any

import pytest

import popote
from popote.core.game import HandGroup
from popote.core.i18n import Lang
from popote.core.menu import MENU_LIMIT, build_menu
from popote.core.wording import MINUS
from popote.games.boom_badaboom import GAME
from popote.games.boom_badaboom.scenario import scenario_match

from ..menus import menu_levels
from .helpers import NAMES, act, decline_all, opening

TRIO = ["farceur", "patissier", "glouton"]
SHOWN = GAME.presenter


def lines_of(events: list[dict[str, Any]], lang: Lang, names: list[str] = NAMES) -> list[str]:
    said = (SHOWN.event(event, lang, names) for event in events)
    return [line for text in said if text for line in text.splitlines()]


def test_the_rules_summary_reads_in_short_lines_one_section_per_variant() -> None:
    sections: dict[Lang, tuple[str, str]] = {
        "fr": ("Rôles cachés, de 3 à 5 joueurs :", "Coopératif à 2 joueurs"),
        "en": ("Hidden roles, 3 to 5 players:", "Cooperative with 2 players"),
    }
    for lang, starts in sections.items():
        lines = GAME.spec.summary.get(lang).splitlines()
        assert max(len(line) for line in lines) <= 120
        for start in starts:
            assert any(line.startswith(start) for line in lines)


def test_the_opening_says_how_the_variant_being_played_is_won() -> None:
    roles = opening(4, "fr")
    assert "Rôles cachés : 1 Pâtissier, 2 Farceurs, 1 Glouton." in roles
    assert "Hidden roles: 1 Baker, 2 Pranksters, 1 Glutton." in opening(4, "en")
    for players, options in ((2, {}), (4, {"mode": "coop"})):
        coop = opening(players, "fr", **options)
        assert "vous gagnez ensemble si le gâteau n'a pas explosé" in coop
        assert "Farceur" not in coop and "Glouton" not in coop
        assert "you all win together" in opening(players, "en", **options)
    assert "Solo game: you win if" in opening(1, "en")
    assert opening(1, "fr").startswith("Niveau Génoise : gâteau à 10, four de capacité 17.")


def test_a_cooperative_ending_says_the_team_lost_together_not_which_role_won() -> None:
    m = scenario_match(hands=[["heat5"], ["cool1"]], size=14)
    end = act(m, 0, type="play", card="heat5") + decline_all(m)
    assert lines_of(end, "fr")[-3:] == [
        "Fin de la partie : le gâteau explose. Gâteau 19/17.",
        "Vous perdez ensemble : le four l'emporte.",
        "Le gâteau a tenu 0 tour de table.",
    ]
    assert lines_of(end, "en")[-2:] == [
        "You all lose together: the oven wins.",
        "The cake held for 0 rounds.",
    ]
    alone = scenario_match(hands=[["heat5"]], size=14)
    end = act(alone, 0, type="play", card="heat5") + decline_all(alone)
    assert "You lose: the oven wins." in lines_of(end, "en")


def test_a_hidden_role_ending_names_the_winners_and_every_role_in_each_language() -> None:
    m = scenario_match(hands=[["heat5"], ["cool1"], ["cool1"]], roles=TRIO, size=14)
    end = act(m, 0, type="play", card="heat5") + decline_all(m)
    assert lines_of(end, "fr")[-2:] == [
        "Les Farceurs gagnent.",
        "Rôles : Ana : Farceur ; Bob : Pâtissier ; Cy : Glouton.",
    ]
    assert lines_of(end, "en")[-2:] == [
        "The Pranksters win.",
        "Roles: Ana: Prankster; Bob: Baker; Cy: Glutton.",
    ]


def test_an_empty_hand_is_said_in_words() -> None:
    m = scenario_match(hands=[["cool1"], [], ["cool1"]], roles=TRIO)
    assert "Votre main est vide." in SHOWN.table(m.view(1), "fr", NAMES).splitlines()
    assert "Your hand is empty." in SHOWN.table(m.view(1), "en", NAMES).splitlines()
    assert "-." not in SHOWN.table(m.view(1), "en", NAMES)


def test_a_mystery_card_says_what_its_value_will_be() -> None:
    m = scenario_match(hands=[["heat_x", "cool_x"], ["cool1"], ["cool1"]], roles=TRIO)
    labels = [SHOWN.action(a, m.view(0), "fr", NAMES) for a in m.legal_actions(0)]
    assert sorted(labels) == [
        "Jouer Chaleur mystère (+1 à +5) : valeur tirée au sort quand la carte est jouée",
        f"Jouer Refroidissement mystère ({MINUS}1 à {MINUS}5) : valeur tirée au sort quand la "
        "carte est jouée",
    ]
    assert "Mystery Heat (+1 to +5)" in SHOWN.prompt(m.view(0), "en", NAMES)


def test_negative_numbers_use_one_minus_sign_on_cards_and_changes() -> None:
    m = scenario_match(hands=[["cool2", "heat1"], ["cool1"], ["cool1"]], roles=TRIO, size=12)
    said = act(m, 0, type="play", card="cool2") + decline_all(m)
    assert f"Gâteau : 10 ({MINUS}2)." in lines_of(said, "fr")
    assert f"Ana plays Cooling {MINUS}2." in lines_of(said, "en")
    assert not [line for line in lines_of(said, "en") if "-" in line]


def test_a_cancelled_card_reads_the_same_whatever_its_gender() -> None:
    m = scenario_match(hands=[["peek", "heat1"], ["apron"], ["cool1"]], roles=TRIO)
    act(m, 0, type="play", card="peek", target=1)
    said = act(m, 1, type="react", card="apron", mode="cancel") + decline_all(m)
    assert "Carte annulée : Coup d'œil gourmand." in lines_of(said, "fr")
    assert "Greedy Glance is cancelled." in lines_of(said, "en")


def test_the_table_counts_cards_with_real_plurals_and_english_spacing() -> None:
    m = scenario_match(hands=[["cool1", "heat1"], ["cool1"], []], roles=TRIO, deck=[])
    french = SHOWN.table(m.view(0), "fr", NAMES)
    assert "Ana a 2 cartes ; Bob a 1 carte ; Cy a 0 carte." in french
    assert "Pioche : 0 carte." in french
    english = SHOWN.table(m.view(0), "en", NAMES)
    assert "Ana holds 2 cards; Bob holds 1 card; Cy holds 0 cards." in english
    assert "Deck: 0 cards." in english
    assert " :" not in english and " ;" not in english


def test_a_hand_of_aimed_cards_against_four_opponents_is_chosen_in_steps() -> None:
    hand = ["peek", "accident", "fumble", "swap", "heat1"]
    m = scenario_match(hands=[hand, ["cool1"], ["cool1"], ["cool1"], ["cool1"]])
    assert len(m.legal_actions(0)) == 17
    menu = build_menu(SHOWN, m.legal_actions(0), m.view(0), "en", NAMES)
    steps = {entry.label: entry.submenu for entry in menu.entries}
    assert set(steps) == {
        "Play Greedy Glance",
        "Play Kitchen Accident",
        "Play Butterfingers",
        "Play Apron Swap",
        "Play Heat +1",
    }
    peek = steps["Play Greedy Glance"]
    assert peek is not None
    assert [entry.label for entry in peek.entries] == [
        f"Play Greedy Glance against {name}: look at a hand, steal a card" for name in NAMES[1:]
    ]


def test_a_long_hand_is_read_one_card_a_line() -> None:
    hand = ["cherries", "caramel", "macarons", "chantilly", "gummies", "recover", "swap"]
    hand += ["cool_x", "heat_x", "oven_down"]
    m = scenario_match(
        hands=[hand, ["cool1"], ["cool1"]], roles=["glouton", "farceur", "patissier"]
    )
    for lang in ("fr", "en"):
        lines = SHOWN.prompt(m.view(0), lang, NAMES).splitlines()
        assert max(len(line) for line in lines) <= 160
        assert len(lines) == 2 + len(hand)


def read_whole_match(players: int, options: dict[str, Any], lang: Lang, seed: int) -> list[str]:
    """Everything seat 0 reads in a random match: prompts, tables, menus and events."""
    chance = random.Random(seed)
    names = NAMES[:players]
    m = popote.new_match("boom-badaboom", players=players, seed=seed, options=options)
    read: list[str] = []
    while not m.over:
        seat = m.to_act[0]
        actions = m.legal_actions(seat)
        if seat == 0:
            view = m.view(0)
            read += [SHOWN.prompt(view, lang, names), SHOWN.table(view, lang, names)]
            menu = build_menu(SHOWN, actions, view, lang, names)
            assert all(len(level) <= MENU_LIMIT for level in menu_levels(menu))
            read += [SHOWN.action(action, view, lang, names) for action in actions]
        m.act(seat, chance.choice(actions))
    read += [SHOWN.event(event, lang, names) or "" for event in m.events(0)]
    return [line for text in read for line in text.splitlines()]


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {}), (2, {}), (3, {"mode": "coop"}), (3, {}), (5, {"difficulty": "piece_montee"})],
)
def test_whole_matches_read_in_short_lines_in_each_variant(
    players: int, options: dict[str, Any]
) -> None:
    for lang in ("fr", "en"):
        lines = read_whole_match(players, options, lang, seed=players)
        assert max(len(line) for line in lines) <= 250
        assert not [line for line in lines if "(s)" in line or " -" in line or "(-" in line]
    english = read_whole_match(players, options, "en", seed=players)
    assert not [line for line in english if " :" in line or " ;" in line]


def test_options_name_roles_as_the_game_text_does_in_english() -> None:
    english = " ".join(option.describe()["help"]["en"] for option in GAME.spec.options)
    assert "the Glutton wins holding 2 Objective cards" in english
    assert "Glouton" not in english


def test_the_hand_drawn_names_each_card_as_the_table_does() -> None:
    m = scenario_match(hands=[["cool2", "heat4", "peek"], ["cool1"], []])
    assert SHOWN.hand(m.view(0), "fr", NAMES) == [
        HandGroup(None, (f"Refroidissement {MINUS}2", "Chaleur +4", "Coup d'œil gourmand"))
    ]
    assert SHOWN.hand(m.view(0), "en", NAMES) == [
        HandGroup(None, (f"Cooling {MINUS}2", "Heat +4", "Greedy Glance"))
    ]
    assert f"Your hand: Cooling {MINUS}2, Heat +4, Greedy Glance." in SHOWN.table(
        m.view(0), "en", NAMES
    )
    # An empty hand is drawn as no card; a spectator has no hand to draw.
    assert SHOWN.hand(m.view(2), "fr", NAMES) == [HandGroup(None, ())]
    assert SHOWN.hand(m.view(None), "fr", NAMES) is None
