"""What a screen-reader player reads: short rules lines, options named in words, real plurals."""

from __future__ import annotations

from popote.core.game import HandGroup
from popote.core.i18n import LANGUAGES
from popote.core.registry import get_game
from popote.games.pieds_dans_le_plat.scenario import scenario_match
from popote.server.web.memory import fleeting_kinds

GAME = get_game("pieds-dans-le-plat")
PRESENTER = GAME.presenter
NAMES = ["Anne", "Bao", "Chloé"]


def test_the_rules_summary_reads_in_short_lines_and_names_the_option_in_words() -> None:
    summary = GAME.spec.summary
    for lang in LANGUAGES:
        lines = summary.get(lang).splitlines()
        assert len(lines) >= 5
        assert max(len(line) for line in lines) <= 250
        assert "assisted" not in summary.get(lang)
    assert "L'option « îles visibles » les garde affichées." in summary.fr
    assert "The 'islands stay visible' option keeps them on screen." in summary.en
    assisted = next(option for option in GAME.spec.options if option.key == "assisted")
    assert assisted.describe()["help"]["fr"].startswith("Îles visibles")


def test_counts_agree_with_their_words() -> None:
    drawn = {
        "type": "island_drawn",
        "seat": 1,
        "island": 17,
        "direction": "down",
        "islands_left": 1,
    }
    assert PRESENTER.event(drawn, "fr", NAMES) == (
        "Le sens change (on descend). Bao pioche l'île 17 et la montre (1 île restante)."
    )
    assert PRESENTER.event({**drawn, "islands_left": 0}, "en", NAMES) == (
        "The direction changes (going down). Bao draws island 17 and shows it (0 islands left)."
    )
    reshuffled = {"type": "pile_reshuffled", "size": 1}
    assert "(1 card)" in str(PRESENTER.event(reshuffled, "en", NAMES))


def test_the_winners_agree_in_number() -> None:
    over = {"type": "game_over", "end": "last_island", "penalties": [1, 1, 3], "winners": [0, 1]}
    assert PRESENTER.event(over, "en", NAMES) == (
        "Game over (last island drawn). Penalties: Anne: 1; Bao: 1; Chloé: 3. "
        "Winners: Anne and Bao."
    )
    over = {**over, "winners": [2]}
    assert PRESENTER.event(over, "fr", NAMES) == (
        "Fin de la partie (dernière île piochée). Pénalités : Anne : 1 ; Bao : 1 ; Chloé : 3. "
        "Gagnant : Chloé."
    )


def test_the_hand_drawn_holds_the_seats_cards_and_own_islands_only() -> None:
    match = scenario_match(
        hands=[[7, 1, 2], [9, 3, 3], [2, 5, 6]], islands=[[18], [20, 25], [12]], top_card=4
    )
    view = match.view(0)
    assert PRESENTER.hand(view, "fr", NAMES) == [
        HandGroup(None, ("1", "2", "7")),
        HandGroup("Vos îles", ("18",)),
    ]
    assert PRESENTER.hand(view, "en", NAMES) == [
        HandGroup(None, ("1", "2", "7")),
        HandGroup("Your islands", ("18",)),
    ]
    # The words are the table's own.
    assert "Votre main : 1, 2, 7. Vos îles : 18." in PRESENTER.table(view, "fr", NAMES)
    assert "Your hand: 1, 2, 7. Your islands: 18." in PRESENTER.table(view, "en", NAMES)
    assert PRESENTER.hand(match.view(None), "fr", NAMES) is None


def test_with_islands_visible_the_hand_still_holds_only_the_seats_islands() -> None:
    match = scenario_match(
        hands=[[7, 1, 2], [9, 3, 3], [2, 5, 6]],
        islands=[[18], [20, 25], [12]],
        top_card=4,
        options={"assisted": True},
    )
    groups = PRESENTER.hand(match.view(1), "fr", NAMES)
    assert groups is not None
    assert [group.cards for group in groups] == [("3", "3", "9"), ("20", "25")]


def test_a_penalty_is_kept_in_words_without_the_island_which_is_said_once() -> None:
    # The rulebook's example: Bao lands on 18, Anne's island (docs/rules, 10).
    match = scenario_match(
        hands=[[1, 1, 1], [3, 1, 1], [2, 1, 1]],
        islands=[[18], [12], [20]],
        top_card=5,
        total=15,
        current=1,
    )
    events = [e for e in match.act(1, {"type": "play", "card": 3}) if "visible_to" not in e]
    kinds = [event["type"] for event in events]
    assert kinds[:3] == ["card_played", "penalty", "island_caught"]
    kept, shown = (PRESENTER.event(event, "fr", NAMES) for event in events[1:3])
    assert kept == "Les pieds dans le plat ! Bao prend une pénalité (1/4)."
    assert shown == "Anne a l'île 18."
    english = PRESENTER.event(events[1], "en", NAMES)
    assert english == "Foot in it! Bao takes a penalty (1/4)."
    # The island's holder and value are a memory game's reveal; the penalty is not.
    assert fleeting_kinds("pieds-dans-le-plat", {"assisted": False}) == [
        "island_caught",
        "island_drawn",
        "islands_shown",
    ]
    assert fleeting_kinds("pieds-dans-le-plat", {"assisted": True}) == []
