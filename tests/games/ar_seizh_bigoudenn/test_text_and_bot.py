"""Every event reads in short lines in both languages; the heuristic bot beats random play."""

from __future__ import annotations

from collections import Counter

import pytest

import popote
from popote.bots.base import RandomBot
from popote.bots.runner import play_out
from popote.core.chance import Chance
from popote.core.i18n import LANGUAGES
from popote.core.registry import get_game
from popote.games.ar_seizh_bigoudenn.bot import BigoudenBot
from popote.games.ar_seizh_bigoudenn.scenario import scenario_match

GAME = get_game("ar-seizh-bigoudenn")
SILENT = {"grab_claims", "challenge_claims"}  # the next line (grabbed, teut...) says it
LONGEST_LINE = 250  # what a screen reader still reads as one sentence


@pytest.mark.parametrize("real_time", [False, True])
def test_every_event_and_choice_reads_in_short_lines(real_time: bool) -> None:
    presenter = GAME.presenter
    seen: Counter[str] = Counter()
    for seed in range(6):
        match = popote.new_match(
            "ar-seizh-bigoudenn", players=5, seed=seed, options={"real_time": real_time}
        )
        chance = Chance(seed)
        names = [f"S{i}" for i in range(5)]
        while not match.over:
            seat = chance.choice(match.to_act)
            view = match.view(seat)
            for lang in LANGUAGES:
                assert presenter.prompt(view, lang, names)
                for action in match.legal_actions(seat):
                    label = presenter.action(action, view, lang, names)
                    assert label and "\n" not in label
            match.act(seat, chance.choice(match.legal_actions(seat)))
        for seat in [None, *range(5)]:
            for event in match.events(seat):
                for lang in LANGUAGES:
                    line = presenter.event(event, lang, names)
                    if event["type"] in SILENT:
                        continue
                    if "hidden_from" not in event:
                        assert line, event
                    if line:
                        assert "{" not in line
                        assert all(0 < len(part) <= LONGEST_LINE for part in line.splitlines())
                        seen[event["type"]] += 1
        assert presenter.table(match.view(0), "en", names).count("\n") >= 5
    assert {"teut", "bids_revealed", "grabbed", "dropped", "game_over"} <= set(seen)


def test_the_grab_prompt_says_what_is_decided() -> None:
    m = scenario_match(
        ["rozenn", "soazig"],
        hands=[["spatule"], []],
        surfaces=[[], ["oeuf"]],
        centre=["poireau"],
        reveal=False,
    )
    m.act(0, {"type": "take", "card": "poireau", "drop": "spatule", "give_back": None})
    view = m.view(1)
    assert GAME.presenter.prompt(view, "fr", ["A", "B"]).startswith(
        "La spatule tombe au centre : la prendre ?"
    )
    labels = [GAME.presenter.action(a, view, "fr", ["A", "B"]) for a in m.legal_actions(1)]
    assert labels == ["Prendre la spatule", "Laisser la spatule"]


@pytest.mark.parametrize("players", [2, 4, 7])
def test_the_heuristic_bot_outscores_random_play(players: int) -> None:
    heuristic, random = 0, 0
    for seed in range(4):
        match = popote.new_match("ar-seizh-bigoudenn", players=players, seed=seed)
        agents = [
            BigoudenBot(s, seed) if s % 2 == 0 else RandomBot(s, seed) for s in range(players)
        ]
        play_out(match, agents)
        scores = match.result()["scores"]
        heuristic += sum(scores[0::2]) * len(scores[1::2])
        random += sum(scores[1::2]) * len(scores[0::2])
    assert heuristic > 2 * random


def test_after_one_action_the_prompt_says_what_the_other_hand_holds() -> None:
    m = scenario_match(
        ["rozenn", "soazig"], hands=[["couteau", "fourchette"], []], centre=["jambon"], reveal=False
    )
    m.act(0, {"type": "take", "card": "jambon", "drop": "fourchette", "give_back": None})
    m.act(1, {"type": "pass"})
    view = m.view(0)
    assert "Votre autre main tient le couteau." in GAME.presenter.prompt(view, "fr", ["A", "B"])
    assert "Your other hand holds the knife." in GAME.presenter.prompt(view, "en", ["A", "B"])
