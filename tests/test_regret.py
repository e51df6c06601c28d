"""The regret of a bot's late choices, measured against every alternative on sampled worlds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from popote.cli.main import main
from popote.lab.regret import RegretTask, late_decisions, measure, regret_tasks, summarise_regret
from popote.lab.simulate import Batch, run_parallel

GAME = "pieds-dans-le-plat"


def test_late_decisions_are_the_last_real_choices_of_the_match_last_first() -> None:
    decisions = late_decisions(RegretTask(GAME, 3, seed=4, worlds=2, last=5))
    assert len(decisions) == 5
    for match, seat, action in decisions:
        assert not match.over and action in match.legal_actions(seat)
        assert len(match.legal_actions(seat)) > 1
    assert [len(match.history) for match, _, _ in decisions] == sorted(
        (len(match.history) for match, _, _ in decisions), reverse=True
    )


def test_a_random_bot_regrets_more_than_the_heuristic_bot() -> None:
    def regret(bot: str) -> float:
        tasks = regret_tasks(Batch(GAME, 3, games=40, seed=1), worlds=24, last=6, bot=bot)
        summary = summarise_regret(run_parallel(measure, tasks, jobs=2))
        assert summary["bot"] == bot and summary["positions"] == 40
        mean: float = summary["regret"]["mean"]
        return mean

    assert regret("random") > regret("heuristic") + 0.02


def test_the_same_task_gives_the_same_position() -> None:
    task = RegretTask(GAME, 2, seed=3, worlds=6, last=3)
    assert measure(task) == measure(task)


def test_cli_reports_the_regret(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["regret", GAME, "--games", "4", "--worlds", "4", "--jobs", "1"]
    assert main(args) == 0
    assert "Perte du bot heuristique" in capsys.readouterr().out
    report_file = tmp_path / "regret.json"
    assert main([*args, "--json", str(report_file)]) == 0
    assert json.loads(report_file.read_text(encoding="utf-8"))["positions"] == 4


@pytest.mark.parametrize(
    "extra", [["--worlds", "1"], ["--last", "0"], ["--bot", "nobody"], ["--games", "0"]]
)
def test_cli_refuses_settings_it_cannot_measure(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["regret", GAME, "--lang", "en", *extra]) == 2
    assert capsys.readouterr().err.strip()
