"""The benchmark script runs and reports every registered game (figures: benchmarks/README.md)."""

from __future__ import annotations

import pytest
from benchmarks.random_play import print_table, run

import popote


def test_the_benchmark_reports_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    report = run(seconds=0.01)
    assert [row["name"] for row in report["games"]] == popote.game_names()
    assert all(row["decisions"] > 0 and row["games"] >= 1 for row in report["games"])
    print_table(report)
    out = capsys.readouterr().out
    assert all(name in out for name in popote.game_names())
