"""What a screen-reader player reads: short lines, hands by suit, menus by suit, real plurals."""

from __future__ import annotations

import popote
from popote.core.chance import Chance
from popote.core.game import HandGroup
from popote.core.i18n import LANGUAGES, Lang
from popote.core.menu import MENU_LIMIT, build_menu
from popote.core.wording import decimal
from popote.games.bouillabaisse import GAME
from popote.games.bouillabaisse.scenario import scenario_match

from ..menus import menu_levels
from .helpers import play

PRESENTER = GAME.presenter
NAMES = ["Anne", "Bao", "Chloé"]
LONGEST_LINE = 250


def test_the_rules_summary_reads_in_short_lines_and_says_deal_in_english() -> None:
    summary = GAME.spec.summary
    for lang in LANGUAGES:
        lines = summary.get(lang).splitlines()
        assert len(lines) >= 8
        assert max(len(line) for line in lines) <= LONGEST_LINE
    assert "Deal 6: the same" in summary.en
    assert "manche" not in summary.en.lower()
    assert "the 'all or nothing' option" in summary.en.lower()


def test_a_deal_is_a_deal_in_english_and_colons_follow_each_language() -> None:
    m = scenario_match([["AH", "2C"], ["KH", "3C"]], manche=2)
    start = [e for e in m.events(0) if e["type"] == "manche_start"][-1]
    assert PRESENTER.event(start, "en", NAMES) == (
        "Deal 2 of 6: 10 points per card of hearts.\nBao deals 2 cards each; Anne leads."
    )
    assert PRESENTER.event(start, "fr", NAMES) == (
        "Manche 2 sur 6 : 10 points par carte de cœur.\nBao distribue 2 cartes à chacun ; "
        "Anne entame."
    )
    events = play(m, "AH", "KH", "2C", "3C")
    end = next(e for e in events if e["type"] == "manche_end")
    assert "End of deal 2.\nDeal points: Anne: 20; Bao: 0." in str(
        PRESENTER.event(end, "en", NAMES)
    )
    assert "Points de la manche : Anne : 20 ; Bao : 0." in str(PRESENTER.event(end, "fr", NAMES))


def test_the_table_counts_tricks_in_words_and_numbers_in_each_language() -> None:
    m = scenario_match([["AH", "2C"], ["KH", "3C"]], manche=6, scores=[[-1250, 5]] * 5)
    play(m, "AH", "KH")
    table = {lang: PRESENTER.table(m.view(0), lang, NAMES).splitlines() for lang in LANGUAGES}
    lost, total = decimal(-1250, "fr"), decimal(-6250, "fr")
    assert f"Anne : 1 pli ; manches : {', '.join([lost] * 5)} ; total {total}." in table["fr"]
    assert "Bao : 0 pli ; manches : 5, 5, 5, 5, 5 ; total 25." in table["fr"]
    assert "Bao: 0 tricks; deals: 5, 5, 5, 5, 5; total 25." in table["en"]
    assert table["en"][0].startswith("Deal 6 of 6: ")


def test_the_prompt_names_only_the_cards_that_follow_the_suit_led() -> None:
    m = scenario_match([["KH", "3C", "QH"], ["AH", "2C", "9C"]], manche=1)
    play(m, "2C")
    assert PRESENTER.prompt(m.view(0), "fr", NAMES) == (
        "À vous. Couleur demandée : trèfle. Vous en avez : 3."
    )
    m = scenario_match([["KH", "3H", "QH"], ["AH", "2C", "9C"]], manche=1)
    play(m, "2C")
    assert PRESENTER.prompt(m.view(0), "en", NAMES) == (
        "Your turn. Suit led: clubs, you have none. Your hand: hearts: king, queen, 3."
    )
    m = scenario_match([["KH", "3H", "QH"], ["AH", "2C", "9C"]], manche=1)
    assert PRESENTER.prompt(m.view(1), "fr", NAMES) == (
        "À vous d'entamer. Votre main : trèfle : 9, 2 ; cœur : as."
    )


def test_a_long_hand_is_chosen_suit_first() -> None:
    m = popote.new_match("bouillabaisse", players=2, seed=4)
    seat = m.to_act[0]
    actions = m.legal_actions(seat)
    assert len(actions) > MENU_LIMIT
    for lang, suits in (
        ("fr", {"Trèfle", "Carreau", "Cœur", "Pique"}),
        ("en", {"Clubs", "Diamonds", "Hearts", "Spades"}),
    ):
        menu = build_menu(PRESENTER, actions, m.view(seat), lang, NAMES)  # type: ignore[arg-type]
        assert {entry.label for entry in menu.entries} <= suits
        assert all(len(level) <= MENU_LIMIT for level in menu_levels(menu))


def test_twelve_players_read_in_lines_of_at_most_250_characters() -> None:
    names = [f"Siège {seat + 1}" for seat in range(12)]
    m = popote.new_match("bouillabaisse", players=12, seed=1, options={"tout_ou_rien": True})
    chance = Chance(1)
    lines: list[str] = []
    langs: tuple[Lang, ...] = LANGUAGES
    while not m.over:
        seat = m.to_act[0]
        for lang in langs:
            lines += PRESENTER.table(m.view(seat), lang, names).splitlines()
            lines += PRESENTER.prompt(m.view(seat), lang, names).splitlines()
        m.act(seat, chance.choice(m.legal_actions(seat)))
    for event in m.events(0):
        for lang in langs:
            lines += (PRESENTER.event(event, lang, names) or "").splitlines()
    assert max(len(line) for line in lines) <= LONGEST_LINE
    assert not [line for line in lines if "(s)" in line]


def test_the_winners_agree_in_number() -> None:
    over = {"type": "game_over", "totals": [10, 10, 30], "winners": [0, 1]}
    assert PRESENTER.event(over, "fr", NAMES) == (
        "Partie terminée : le plus petit total gagne. Gagnants : Anne et Bao (10)."
    )
    over = {"type": "game_over", "totals": [1500, -1010, 30], "winners": [1]}
    assert PRESENTER.event(over, "en", NAMES) == (
        "Game over: the lowest total wins. Winner: Bao (−1,010)."
    )


def test_the_hand_drawn_goes_suit_by_suit_in_the_tables_words() -> None:
    m = scenario_match([["KH", "3C", "QH", "AS"], ["AH", "2C", "9C", "10D"]], manche=1)
    assert PRESENTER.hand(m.view(0), "fr", NAMES) == [
        HandGroup("trèfle", ("3",)),
        HandGroup("cœur", ("roi", "dame")),
        HandGroup("pique", ("as",)),
    ]
    assert PRESENTER.hand(m.view(1), "en", NAMES) == [
        HandGroup("clubs", ("9", "2")),
        HandGroup("diamonds", ("10",)),
        HandGroup("hearts", ("ace",)),
    ]
    assert "Your hand: clubs: 9, 2; diamonds: 10; hearts: ace." in PRESENTER.table(
        m.view(1), "en", NAMES
    )
    assert PRESENTER.hand(m.view(None), "fr", NAMES) is None
