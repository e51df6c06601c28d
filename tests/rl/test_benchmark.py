"""The environment benchmark runs and reports every game (figures: benchmarks/README.md)."""

from __future__ import annotations

import pytest
from benchmarks.rl_env import print_table, run

import popote


def test_the_rl_benchmark_reports_every_game_and_the_batch(
    capsys: pytest.CaptureFixture[str],
) -> None:
    report = run(seconds=0.01, batch=2, arrays=3)
    names = [row["name"] for row in report["popote"]]
    assert names == [f"popote {name}" for name in popote.game_names()] + [
        "popote bouillabaisse, batch of 2",
        "popote bouillabaisse, arrays of 3",
    ]
    assert all(row["steps"] > 0 for row in report["popote"] + report["peers"])
    print_table(report)
    assert "bouillabaisse" in capsys.readouterr().out
