"""The benchmark scripts run and report their figures (figures: benchmarks/README.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmarks import server_load
from benchmarks.random_play import print_table, run

import popote


def test_the_benchmark_reports_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    report = run(seconds=0.01)
    assert [row["name"] for row in report["games"]] == popote.game_names()
    assert all(row["decisions"] > 0 and row["games"] >= 1 for row in report["games"])
    print_table(report)
    out = capsys.readouterr().out
    assert all(name in out for name in popote.game_names())


def test_the_server_load_script_reports_its_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = tmp_path / "load.json"
    server_load.main(
        [
            *("--tables", "2", "--players", "3", "--humans", "2", "--bots", "random"),
            *("--game", "pieds-dans-le-plat", "--seconds", "1", "--warmup", "0.2"),
            *("--bot-workers", "1", "--json", str(written)),
        ]
    )
    figures = json.loads(written.read_text())
    assert figures["tables"] == 2 and figures["clients"] == 4
    assert figures["actions"] > 0 and figures["client_actions_timed"] > 0
    assert 0 < figures["server_p50_ms"] <= figures["server_p99_ms"]
    assert 0 < figures["round_trip_p50_ms"] <= figures["round_trip_p99_ms"]
    out = capsys.readouterr().out
    assert "actions served" in out and "p99" in out
