"""What a screen-reader player reads: short lines, counted cards, agreed words, short menus."""

from __future__ import annotations

from typing import Any

import pytest

import popote
from popote.core.chance import Chance
from popote.core.game import HandGroup
from popote.core.i18n import Lang
from popote.core.menu import MENU_LIMIT, build_menu
from popote.core.registry import get_game
from popote.games.ar_seizh_bigoudenn.scenario import scenario_match

from ..menus import menu_levels
from .helpers import PASS, first, grab, take, teut

GAME = get_game("ar-seizh-bigoudenn")
PRESENTER = GAME.presenter
NAMES = {"fr": ["Siège 1", "Siège 2", "Siège 3"], "en": ["Seat 1", "Seat 2", "Seat 3"]}
LONGEST_LINE = 250


def prompt(match: popote.Match, seat: int, lang: Lang) -> list[str]:
    return PRESENTER.prompt(match.view(seat), lang, NAMES[lang]).splitlines()


def labels(match: popote.Match, seat: int, lang: Lang) -> list[str]:
    view = match.view(seat)
    return [PRESENTER.action(a, view, lang, NAMES[lang]) for a in match.legal_actions(seat)]


def line(event: dict[str, Any], lang: Lang) -> str:
    text = PRESENTER.event(event, lang, NAMES[lang])
    assert text is not None
    return text


def crowded_centre() -> popote.Match:
    return scenario_match(
        ["rozenn", "soazig"],
        hands=[["fourchette"], []],
        centre=["tomate", "jambon", "saucisse", "saucisse", "fromage", "fromage", "fromage"],
        reveal=False,
    )


def test_the_turn_prompt_reads_the_centre_one_line_per_utensil_with_counts() -> None:
    match = crowded_centre()
    assert prompt(match, 0, "fr") == [
        "À vous : une galette à cuisiner, 2 actions restantes.",
        "Au centre, à main nue : tomate (tomatez, 1).",
        "Au centre, avec le couteau : 3 fromages (fourmaj, 4).",
        "Au centre, avec la fourchette : jambon (jambon, 2), 2 saucisses (silzig, 4).",
        "Ustensiles au centre : le couteau, la cuillère, la spatule, l'araignée, "
        "le couvercle, la passoire.",
        "Vos ingrédients : rien.",
        "Vos ustensiles : la fourchette.",
    ]
    english = prompt(match, 0, "en")
    assert english[:4] == [
        "Your move: a galette to cook, 2 actions left.",
        "In the centre, bare-handed: tomato (tomatez, 1).",
        "In the centre, with the knife: 3 cheeses (fourmaj, 4).",
        "In the centre, with the fork: ham (jambon, 2), 2 sausages (silzig, 4).",
    ]
    assert english[-2:] == ["Your ingredients: nothing.", "Your utensils: the fork."]


def test_one_action_left_is_singular_in_both_languages() -> None:
    match = crowded_centre()
    match.act(0, take("tomate"))
    assert prompt(match, 0, "fr")[0] == "À vous : une galette à cuisiner, 1 action restante."
    assert prompt(match, 0, "en")[0] == "Your move: a galette to cook, 1 action left."


def test_a_used_utensil_agrees_with_its_gender_in_french() -> None:
    fork = scenario_match(["rozenn", "soazig"], hands=[["fourchette"], []], centre=["jambon"])
    events = fork.act(0, take("jambon", drop="fourchette"))
    assert (
        line(first(events, "dropped"), "fr") == "Siège 1 lâche la fourchette au centre (utilisée)."
    )
    assert line(first(events, "dropped"), "en") == "Seat 1 drops the fork in the centre (used)."
    knife = scenario_match(["rozenn", "soazig"], hands=[["couteau"], []], centre=["fromage"])
    events = knife.act(0, take("fromage", drop="couteau"))
    assert line(first(events, "dropped"), "fr") == "Siège 1 lâche le couteau au centre (utilisé)."


def test_a_real_time_grab_is_read_once_then_the_catch() -> None:
    match = scenario_match(
        ["rozenn", "soazig", "tyfenn"],
        hands=[["fourchette"], [], []],
        surfaces=[[], ["oeuf"], ["tomate"]],
        centre=["jambon"],
        reveal=False,
        options={"real_time": True},
    )
    events = match.act(0, take("jambon", drop="fourchette"))
    events += match.act(1, grab())
    events += match.act(2, PASS)
    read = [line(e, "en") for e in events if e["type"] in ("grab_answer", "grabbed")]
    assert read == ["Seat 2 reaches for the fork first!", "Seat 2 gets the fork."]
    assert [line(e, "fr") for e in events if e["type"] in ("grab_answer", "grabbed")] == [
        "Siège 2 tend la main la première vers la fourchette !",
        "Siège 2 s'empare de la fourchette.",
    ]


def test_reaching_with_nothing_to_bid_says_what_happens() -> None:
    match = scenario_match(
        ["rozenn", "soazig", "tyfenn"], hands=[["couteau"], [], []], centre=["fromage"]
    )
    match.act(0, take("fromage", drop="couteau"))
    assert labels(match, 1, "fr")[0] == (
        "Prendre le couteau (rien à miser : à vous seulement si personne d'autre ne le veut)"
    )
    assert labels(match, 1, "en")[0] == (
        "Grab the knife (nothing to bid: yours only if nobody else wants it)"
    )


def test_crying_teut_with_nothing_to_bid_says_it_ends_in_withdrawing() -> None:
    match = scenario_match(
        ["rozenn", "soazig", "tyfenn"],
        hands=[["fourchette"], [], []],
        surfaces=[[], ["oeuf"], []],
        centre=["jambon"],
        reveal=False,
        options={"real_time": True},
    )
    match.act(0, take("jambon", drop="fourchette"))
    match.act(1, grab())
    assert labels(match, 2, "fr")[0] == (
        "Crier TEUT ! pour la fourchette (rien à miser : vous devrez vous retirer du TEUT)"
    )
    assert labels(match, 2, "en")[0] == (
        "Cry TEUT! for the fork (nothing to bid: you will have to withdraw from the TEUT)"
    )
    assert match.legal_actions(2)[0] == teut()


def test_the_end_of_the_game_reads_winners_and_agreed_points() -> None:
    event = {
        "type": "game_over",
        "scores": [0, 1, 0],
        "winners": [1],
        "bigoudens": ["rozenn", "soazig", "tyfenn"],
    }
    assert line(event, "fr").splitlines() == [
        "Fin de la partie. Victoire : Siège 2 (1 point).",
        "Scores : Siège 1, Rozenn : 0 ; Siège 2, Soazig : 1 ; Siège 3, Tyfenn : 0.",
    ]
    assert line({**event, "scores": [0, 0, 0], "winners": [0, 1, 2]}, "en").splitlines() == [
        "Game over. Winners: Seat 1, Seat 2, Seat 3 (0 points each).",
        "Scores: Seat 1, Rozenn: 0; Seat 2, Soazig: 0; Seat 3, Tyfenn: 0.",
    ]


def test_the_table_counts_cards_with_real_plurals() -> None:
    match = crowded_centre()
    french = PRESENTER.table(match.view(0), "fr", NAMES["fr"]).splitlines()
    english = PRESENTER.table(match.view(0), "en", NAMES["en"]).splitlines()
    assert "Siège 1, Rozenn : 0 point, côté galette, ustensiles : la fourchette." in french
    assert "Seat 1, Rozenn: 0 points, galette side up, utensils: the fork." in english
    assert french[-2].startswith("Pioche : ") and "marmite : 0 carte ;" in french[-2]
    assert "pot: 0 cards;" in english[-2]


def test_the_rules_summary_reads_in_short_lines() -> None:
    for lang in ("fr", "en"):
        lines = GAME.spec.summary.get(lang).splitlines()
        assert len(lines) >= 8
        assert all(len(text) <= 160 for text in lines)


def test_a_long_turn_menu_goes_by_kind_of_action_best_first() -> None:
    full = ["oeuf", "oignon", "jambon", "poireau", "sucre"]
    match = scenario_match(
        ["rozenn", "soazig"],
        hands=[["araignee", "fourchette"], []],
        surfaces=[full, ["saucisse", "fromage", "miel"]],
        centre=["tomate", "caramel", "pommes", "fraises", "chocolat", "saucisse"],
        reveal=False,
    )
    actions = match.legal_actions(0)
    assert len(actions) > MENU_LIMIT
    menu = build_menu(PRESENTER, actions, match.view(0), "fr", NAMES["fr"])
    assert all(len(level) <= MENU_LIMIT for level in menu_levels(menu))
    assert [entry.label for entry in menu.entries] == [
        "Prendre un ingrédient au centre",
        "Voler avec l'araignée",
        "Prendre un ustensile au centre",
        "Lancer la carte Galette/Crêpe (« Amen, bigoudenn ! »)",
        "Finir mes actions",
    ]
    takes = menu.entries[0].submenu
    assert takes is not None
    assert takes.entries[0].label == "Prendre saucisse (silzig, 4)"
    assert len(menu.actions) == len(actions)


def _read_whole_game(players: int, real_time: bool) -> dict[Lang, list[str]]:
    """Every prompt, table, choice and event line a random game shows, in both languages."""
    names: dict[Lang, list[str]] = {
        "fr": [f"Siège {n + 1}" for n in range(players)],
        "en": [f"Seat {n + 1}" for n in range(players)],
    }
    match = popote.new_match(
        "ar-seizh-bigoudenn", players=players, seed=3, options={"real_time": real_time}
    )
    chance = Chance(3)
    read: dict[Lang, list[str]] = {"fr": [], "en": []}
    while not match.over:
        seat = chance.choice(match.to_act)
        view = match.view(seat)
        for lang, lines in read.items():
            lines.extend(PRESENTER.prompt(view, lang, names[lang]).splitlines())
            lines.extend(PRESENTER.table(view, lang, names[lang]).splitlines())
            lines.extend(
                PRESENTER.action(action, view, lang, names[lang])
                for action in match.legal_actions(seat)
            )
        match.act(seat, chance.choice(match.legal_actions(seat)))
    for event in match.events(None):
        for lang, lines in read.items():
            lines.extend((PRESENTER.event(event, lang, names[lang]) or "").splitlines())
    return read


@pytest.mark.parametrize(("players", "real_time"), [(2, True), (7, False)])
def test_every_line_of_a_game_is_short_and_counts_seats_from_one(
    players: int, real_time: bool
) -> None:
    read = _read_whole_game(players, real_time)
    for lines in read.values():
        assert all(len(text) <= LONGEST_LINE for text in lines)
        assert not [text for text in lines if "(s)" in text]
        assert not [text for text in lines if "Siège 0" in text or "Seat 0" in text]
    assert not [text for text in read["en"] if " :" in text or " ;" in text]


def test_the_hand_drawn_holds_the_seats_ingredients_and_utensils_in_its_tables_words() -> None:
    match = scenario_match(
        ["rozenn", "soazig"],
        hands=[["fourchette", "couteau"], []],
        surfaces=[["saucisse", "saucisse", "tomate"], []],
        reveal=False,
    )
    assert PRESENTER.hand(match.view(0), "fr", NAMES["fr"]) == [
        HandGroup("Ingrédients", ("tomate (tomatez, 1)", "2 saucisses (silzig, 4)")),
        HandGroup("Ustensiles", ("le couteau", "la fourchette")),
    ]
    assert PRESENTER.hand(match.view(0), "en", NAMES["en"]) == [
        HandGroup("Ingredients", ("tomato (tomatez, 1)", "2 sausages (silzig, 4)")),
        HandGroup("Utensils", ("the knife", "the fork")),
    ]
    table = PRESENTER.table(match.view(0), "en", NAMES["en"])
    assert "utensils: the knife, the fork." in table
    assert "ingredients: tomato (tomatez, 1), 2 sausages (silzig, 4)." in table
    assert PRESENTER.hand(match.view(1), "fr", NAMES["fr"]) == [
        HandGroup("Ingrédients", ()),
        HandGroup("Ustensiles", ()),
    ]
    assert PRESENTER.hand(match.view(None), "fr", NAMES["fr"]) is None
