"""Search levels think at most about a second (`difficile`) or four (`expert`) when a person
waits for them, whatever the machine; the lab's runs stay untimed, the same for a seed."""

from __future__ import annotations

import io
from typing import Any

import pytest

import popote.cli.play
import popote.server.bots
from popote.bots.registry import THINKING_SECONDS
from popote.bots.search import SearchBot
from popote.cli.main import main
from popote.core.match import create_match
from popote.core.registry import get_game
from popote.rl.learned import make_bot

GAME = "pieds-dans-le-plat"


def test_a_time_limit_ends_the_search_early_with_a_legal_action() -> None:
    match = create_match(get_game(GAME), 2, 6, {})
    bot = SearchBot(0, 9, iterations=100_000, time_limit=0.0)
    action = bot.choose(match)
    assert bot.last_iterations == 1
    assert action in match.legal_actions(0)


def test_a_limit_the_budget_fits_in_changes_no_decision() -> None:
    match = create_match(get_game(GAME), 2, 6, {})
    untimed, timed = SearchBot(0, 9, iterations=60), SearchBot(0, 9, iterations=60, time_limit=600)
    assert untimed.choose(match.clone()) == timed.choose(match.clone())
    assert untimed.last_iterations == timed.last_iterations == 60


@pytest.mark.parametrize("level", ["difficile", "expert"])
def test_timed_levels_have_their_limit_and_untimed_ones_none(level: str) -> None:
    game = get_game(GAME)
    timed, untimed = make_bot(level, game, 0, 1, timed=True), make_bot(level, game, 0, 1)
    assert isinstance(timed, SearchBot) and isinstance(untimed, SearchBot)
    assert timed.time_limit == THINKING_SECONDS[level]
    assert untimed.time_limit is None
    assert THINKING_SECONDS["difficile"] < 1 and THINKING_SECONDS["expert"] < 4


class MadeBots:
    """Records how a client asks for its bots, and builds them as asked."""

    def __init__(self) -> None:
        self.timed: list[bool] = []

    def __call__(self, name: str, game: Any, seat: int, seed: int, timed: bool = False) -> Any:
        self.timed.append(timed)
        return make_bot(name, game, seat, seed, timed=timed)


def test_the_server_plays_timed_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    made = MadeBots()
    monkeypatch.setattr(popote.server.bots, "make_bot", made)
    record = {"game": GAME, "players": 2, "seed": 3, "options": {}, "history": []}
    action = popote.server.bots.think("thinking-time", record, 0, "difficile")
    assert made.timed == [True]
    assert action in [dict(a) for a in create_match(get_game(GAME), 2, 3, {}).legal_actions(0)]


def test_the_terminal_plays_timed_bots(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    made = MadeBots()
    monkeypatch.setattr(popote.cli.play, "make_bot", made)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    main(["play", GAME, "--players", "3", "--seed", "1", "--level", "difficile,expert"])
    assert made.timed == [True, True]
    assert "Partie interrompue." in capsys.readouterr().out
