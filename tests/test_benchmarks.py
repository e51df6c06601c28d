"""The benchmark scripts run and report their figures (figures: benchmarks/README.md)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from benchmarks import (
    bot_wait,
    equal_time,
    instructions,
    lounge_attack,
    random_play,
    review,
    review_player,
    review_validation,
    same_games,
    search,
    server_load,
    table_page,
    turn_based,
)
from benchmarks.random_play import print_table, run

import popote
from popote.bots import registry
from popote.core.registry import get_game
from popote.lab.gamelog import record_to_json
from popote.lab.simulate import GameTask, play_task
from tests.services import (
    POSTGRES_HOST,
    POSTGRES_URL,
    REDIS_HOST,
    REDIS_URL,
    chromium,
    missing_service,
    reachable,
)


def test_the_benchmark_reports_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    report = run(seconds=0.01)
    assert [row["name"] for row in report["games"]] == popote.game_names()
    assert all(row["decisions"] > 0 and row["games"] >= 1 for row in report["games"])
    print_table(report)
    out = capsys.readouterr().out
    assert all(name in out for name in popote.game_names())
    # Ratios to the peer differ from host to host: the report names the processor.
    assert report["machine"] in out and " cores, Python 3." in report["machine"]
    # Plain and compiled builds differ by about two: the report says which one it timed.
    assert report["machine"].endswith(("plain Python build", "modules by mypyc)"))


def test_the_benchmark_rates_each_game_against_the_peer_timed_around_it_in_every_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The peer is timed before and after the games of each round; a stand-in peer that
    plays Les Pieds dans le Plat itself must come out near a ratio of 1 for that game."""
    monkeypatch.setattr(
        random_play, "open_spiel_hearts", lambda: random_play.popote_game("pieds-dans-le-plat", 3)
    )
    report = random_play.run(seconds=0.05, games=["pieds-dans-le-plat"], rounds=3)
    row = report["games"][0]
    assert report["rounds"] == 3 and report["peer"]["games"] >= 6
    assert row["lowest_ratio"] <= row["ratio_to_peer"] <= row["highest_ratio"]
    assert 0.3 < row["ratio_to_peer"] < 3.0


def test_the_instruction_benchmark_counts_a_decision_of_random_play() -> None:
    """Under callgrind: a decision of Les Pieds dans le Plat costs thousands of instructions
    (start-up and imports, hundreds of millions, are left out), and a rerun counts the same
    within the few millions start-up moves by."""
    if shutil.which("valgrind") is None:
        missing_service("valgrind is not installed (make test installs Debian's valgrind)")
    row = instructions.per_decision("pieds-dans-le-plat", decisions=300)
    assert row["decisions"] > 200
    assert 10_000 < row["instructions_per_decision"] < 2_000_000


def test_the_instruction_benchmark_counts_an_iteration_of_search() -> None:
    """One untimed difficile decision of Les Pieds dans le Plat, start-up left out: each of
    its iterations (a sampled world played to the end) costs many thousand instructions."""
    if shutil.which("valgrind") is None:
        missing_service("valgrind is not installed (make test installs Debian's valgrind)")
    row = instructions.per_iteration("pieds-dans-le-plat", positions=1)
    assert row["iterations"] == get_game("pieds-dans-le-plat").spec.search_iterations
    assert 10_000 < row["instructions_per_iteration"] < 50_000_000


def test_the_search_benchmark_times_every_level_the_game_offers() -> None:
    row = search.measure_game("pieds-dans-le-plat", positions=1)
    assert set(row["median_seconds"]) == {"facile", "moyen", "difficile", "expert", "appris"}
    assert row["iterations_per_second"] > 0
    assert "appris" not in search.measure_game("stir-fry-eighteen", positions=1)["median_seconds"]


def test_the_search_benchmark_counts_the_decisions_its_time_limit_cut_short(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry.THINKING_SECONDS, "difficile", 0.0)
    monkeypatch.setitem(registry.THINKING_SECONDS, "expert", 0.0)
    timed = search.measure_game("pieds-dans-le-plat", positions=2)
    untimed = search.measure_game("pieds-dans-le-plat", positions=2, timed=False)
    assert timed["cut_short"] == {"difficile": 2, "expert": 2}
    assert untimed["cut_short"] == {"difficile": 0, "expert": 0}


def test_the_equal_time_benchmark_hurries_difficile_to_the_learned_level_s_time() -> None:
    row = equal_time.measure("pieds-dans-le-plat", deals=2)
    assert row["appris_median_seconds"] < row["difficile_median_seconds"]
    assert 1 <= row["equal_time_budget"] < row["difficile_full_budget"]
    assert -1.0 <= row["appris_minus_difficile"]["mean"] <= 1.0


SMALL_LOAD = (
    *("--tables", "2", "--players", "3", "--humans", "2", "--bots", "random"),
    *("--game", "pieds-dans-le-plat", "--seconds", "1", "--warmup", "0.2", "--bot-workers", "1"),
)
"""Two short tables of two clients and a random bot, measured for a second."""


def load_figures(tmp_path: Path, *more: str) -> dict[str, Any]:
    """The figures ``--json`` writes for :data:`SMALL_LOAD` and ``more`` options."""
    written = tmp_path / "load.json"
    server_load.main([*SMALL_LOAD, *more, "--json", str(written)])
    figures: dict[str, Any] = json.loads(written.read_text())
    return figures


def test_the_server_load_script_reports_its_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    figures = load_figures(tmp_path)
    assert figures["tables"] == 2 and figures["clients"] == 4
    assert figures["actions"] > 0 and figures["client_actions_timed"] > 0
    assert 0 < figures["server_p50_ms"] <= figures["server_p99_ms"]
    assert 0 < figures["round_trip_p50_ms"] <= figures["round_trip_p99_ms"]
    assert figures["collections"][0] >= 0 and figures["server_kb_per_table"] > 0
    out = capsys.readouterr().out
    assert "actions served" in out and "p99" in out


def test_the_server_load_script_measures_slow_clients_difficile_bots_and_a_storm(
    tmp_path: Path,
) -> None:
    figures = load_figures(
        tmp_path, "--slow-clients", "1", "--difficile-bots", "1", "--reconnect-storm"
    )
    assert figures["slow_clients"]["tables"] == 1
    assert figures["slow_clients"]["actions_per_second_a_table"] > 0
    assert figures["with_difficile_bots"]["tables_playing"] == 3
    storm = figures["reconnect_storm"]
    assert storm["clients_cut"] >= 4 and storm["all_caught_up_s"] is not None
    assert storm["clients_back"] == storm["clients_caught_up"]


def test_the_lounge_attack_script_attacks_and_measures_with_tiny_numbers(tmp_path: Path) -> None:
    written = tmp_path / "attack.json"
    tiny = ["--seconds", "3", "--slow", "4", "--flooders", "2", "--replayers", "1"]
    lounge_attack.main([*tiny, "--games", "1", "--json", str(written)])
    figures = json.loads(written.read_text())
    assert figures["ping"]["answered"] > 0 and figures["ping"]["p99_ms"] > 0
    assert figures["healthz"]["asked"] >= 2 and figures["server_rss_mib"] > 0
    assert figures["resync"]["resyncs sent"] > 0 and figures["replay"]
    assert figures["slow"]["held_s"] > 0


def test_two_server_processes_share_the_load(tmp_path: Path) -> None:
    if not (reachable(POSTGRES_HOST) and reachable(REDIS_HOST)):
        missing_service("PostgreSQL or Redis unreachable on 127.0.0.1")
    figures = load_figures(tmp_path, "--processes", "2", "--db", POSTGRES_URL, "--redis", REDIS_URL)
    assert figures["processes"] == 2 and figures["database"] == "postgresql"
    # Finished tables are replaced as the run goes, so how many are in memory at the last
    # snapshot varies; the tables held and the actions served do not.
    assert figures["actions"] > 0 and figures["tables"] == 2


def test_same_games_finds_a_logged_game_played_again_alike_and_a_changed_one_not(
    tmp_path: Path,
) -> None:
    games = [
        play_task(GameTask("pieds-dans-le-plat", 3, seed, ("random", "moyen", "facile")))
        for seed in (1, 2)
    ]
    lines = [record_to_json(record) for record in games]
    lines[1]["scores"] = [score + 1 for score in lines[1]["scores"]]
    log = tmp_path / "games.jsonl"
    log.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    first, changed = same_games.logged_games(log, 2)
    assert same_games.differences(first) == []
    assert [found.split(":")[0] for found in same_games.differences(changed)] == ["scores"]


def test_the_table_page_benchmark_measures_bytes_and_the_time_to_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert chromium() == table_page.CHROMIUM
    written = tmp_path / "page.json"
    table_page.main(["--repeats", "1", "--games", "pieds-dans-le-plat:2", "--json", str(written)])
    figures = json.loads(written.read_text())
    row = figures["games"]["pieds-dans-le-plat"]
    assert row["players"] == 2 and len(row["all_playable_ms"]) == 1
    times = row["times"]
    assert 0 < times["dom_content_loaded_ms"]["median"] <= times["playable_ms"]["median"]
    assert all(row["kinds"][kind]["body"] > 0 for kind in ("html", "js", "css", "socket"))
    assert row["total"]["transfer"] >= row["kinds"]["js"]["transfer"] > 0
    assert figures["commit"] != "unknown"
    assert "pieds-dans-le-plat | 2 |" in capsys.readouterr().out


def test_the_bot_wait_benchmark_times_a_person_s_waits_for_search_bots(tmp_path: Path) -> None:
    written = tmp_path / "wait.json"
    tiny = ["--decisions", "2", "--players", "3", "--level", "difficile"]
    bot_wait.main([*tiny, "--json", str(written)])
    figures = json.loads(written.read_text())
    assert figures["waits"] == 2 and len(figures["all_s"]) == 2
    assert 0 < figures["median_s"] <= figures["max_s"]
    assert figures["level"] == "difficile" and figures["source"] == "this checkout"


def turn_figures(tmp_path: Path, database: str) -> dict[str, Any]:
    """The turn-based benchmark's figures for a few tables on ``database``."""
    written = tmp_path / "turns.json"
    tiny = ["--tables", "12", "--templates", "2", "--moves", "4", "--actions", "5"]
    turn_based.main([*tiny, "--db", database, "--json", str(written)])
    figures: dict[str, Any] = json.loads(written.read_text())
    return figures


def check_turn_figures(row: dict[str, Any]) -> None:
    # A few tables move the resident set by less than a page: only its presence is checked.
    assert {"kb", "objects"} <= set(row["idle_table"]) and row["held_table"]["objects"] > 0
    assert row["actions_timed"] == 5 and row["setup_s"] > 0
    for name in ("rebuild", "move_to_queued", "action_to_queued"):
        assert 0 < row[name]["p50_ms"] <= row[name]["p99_ms"] <= row[name]["max_ms"]
    assert row["action_to_queued"]["p50_ms"] > row["move_to_queued"]["p50_ms"]
    assert row["statements_an_action"] >= row["transactions_an_action"] >= 3
    assert isinstance(row["p99_target_met"], bool) and isinstance(row["idle_target_met"], bool)


def test_the_turn_based_benchmark_times_a_move_on_a_resting_table_to_the_mail_queued(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each timed move on a resting table really queued the next player's turn message
    (the script checks the outbox row); every figure is reported, with the targets."""
    figures = turn_figures(tmp_path, "sqlite")
    assert figures["tables"] == 12 and figures["commit"] != "unknown"
    [row] = figures["databases"]
    assert row["database"] == "sqlite"
    check_turn_figures(row)
    out = capsys.readouterr().out
    assert "an idle table" in out and "action to queued, 5 actions" in out and "p99" in out


def test_the_turn_based_benchmark_runs_on_postgresql(tmp_path: Path) -> None:
    if not reachable(POSTGRES_HOST):
        missing_service("PostgreSQL unreachable on 127.0.0.1:5432")
    [row] = turn_figures(tmp_path, "postgresql")["databases"]
    assert row["database"] == "postgresql"
    check_turn_figures(row)


def test_the_review_benchmark_times_a_review_and_sets_its_labels_against_four_times_the_worlds() -> (
    None
):
    row = review.measure_game("pieds-dans-le-plat", games=1, worlds=2, jobs=1)
    assert row["decisions"] > 0 and row["reference_worlds"] == 8 and row["seconds"][0] > 0
    assert sum(row["labels"].values()) == sum(row["reference_labels"].values()) == row["decisions"]
    assert 0.0 <= row["agreement"] <= 1.0
    assert row["one_label_apart"] <= row["decisions"] * (1 - row["agreement"]) + 1e-9


def test_the_review_player_plays_each_deal_twice_and_says_the_paired_gain(
    capsys: pytest.CaptureFixture[str],
) -> None:
    review_player.main(["boom-badaboom", "--players", "3", "--deals", "2", "--worlds", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "boom-badaboom deal 1",
        "boom-badaboom deal 2",
    ]
    assert all("[" in line and "]" in line for line in lines)


def test_the_review_validation_logs_each_deal_and_a_rerun_plays_none_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, written = tmp_path / "deals.jsonl", tmp_path / "check.json"
    tiny = ["--deals", "1", "--worlds", "2", "--jobs", "1", "--game", "pieds-dans-le-plat"]
    review_validation.main([*tiny, "--log", str(log)])
    first = log.read_text(encoding="utf-8")
    review_validation.main([*tiny, "--log", str(log), "--json", str(written)])
    assert log.read_text(encoding="utf-8") == first and len(first.splitlines()) == 1
    [row] = json.loads(written.read_text(encoding="utf-8"))["games"]
    assert row["deals"] == 1 and row["decisions"] > 0 and isinstance(row["points_overlap"], bool)
    assert "| pieds-dans-le-plat | 3 | 1 | 2 |" in capsys.readouterr().out
