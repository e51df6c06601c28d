"""Duplicate matches: the same deals, played with and without the bot under test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from popote.cli.main import main
from popote.lab.duplicate import duplicate, duplicate_tasks
from popote.lab.simulate import Batch

GAME = "pieds-dans-le-plat"


def test_each_deal_is_played_twice_from_the_same_seed_with_the_candidate_turning_seats() -> None:
    tasks = duplicate_tasks(Batch(GAME, 3, games=6, seed=10), "search", "heuristic")
    pairs = list(zip(tasks[::2], tasks[1::2], strict=True))
    assert [played.seed for played, _ in pairs] == [alone.seed for _, alone in pairs]
    assert [played.bots.index("search") for played, _ in pairs] == [0, 1, 2, 0, 1, 2]
    assert all(alone.bots == ("heuristic",) * 3 for _, alone in pairs)


def test_a_bot_against_itself_plays_every_deal_the_same_way_twice() -> None:
    report = duplicate(Batch(GAME, 3, games=12, seed=5), "heuristic", "heuristic")
    assert report["candidate"]["win_rate"] == report["baseline"]["win_rate"]
    assert report["difference"]["mean"] == 0 and report["difference"]["p_value"] == 1


def test_a_stronger_bot_shows_a_significant_paired_gain() -> None:
    deals = Batch(GAME, 3, games=30, seed=1)
    report = duplicate(deals, "heuristic", "random", jobs=2)
    difference = report["difference"]
    assert difference["ci95_low"] > 0 and difference["p_value"] < 0.01
    assert report["candidate"]["win_rate"] - report["baseline"]["win_rate"] == pytest.approx(
        difference["mean"]
    )
    assert report == duplicate(deals, "heuristic", "random", jobs=1)


def test_cli_reports_the_paired_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["duplicate", GAME, "--bots", "heuristic,random", "--games", "6", "--jobs", "1"]
    assert main(args) == 0
    assert "trop peu pour conclure" in capsys.readouterr().out
    report_file = tmp_path / "duplicate.json"
    assert main([*args, "--json", str(report_file), "--lang", "en"]) == 0
    assert json.loads(report_file.read_text(encoding="utf-8"))["deals"] == 6


@pytest.mark.parametrize("bots", ["heuristic", "heuristic,random,search", "heuristic,nobody"])
def test_cli_wants_exactly_two_known_bots(bots: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duplicate", GAME, "--bots", bots, "--games", "2", "--lang", "en"]) == 2
    assert "bot" in capsys.readouterr().err
