"""``popote ladder --log``: every game played is kept in a file, and a run that finds its
games there reads them back instead of playing them again (a stopped run goes on, a longer
run plays only its new deals, a changed level is played again with ``--replay``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from popote.cli.main import main
from popote.core.errors import PopoteError
from popote.lab.gamelog import GameLog
from popote.lab.ladder import ladder
from popote.lab.simulate import Batch, Interrupted

GAME = "pieds-dans-le-plat"
CHEAP = ("random", "facile", "moyen")


def logged_ladder(path: Path, deals: int, replay: tuple[str, ...] = ()) -> dict[str, Any]:
    return ladder(Batch(GAME, 2, games=deals, seed=4), CHEAP, log=GameLog(path, replay))


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_longer_run_plays_only_its_new_deals_and_reports_as_a_fresh_one(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    logged_ladder(log, deals=3)
    assert len(lines(log)) == 3 * len(CHEAP)
    longer = logged_ladder(log, deals=6)
    assert len(lines(log)) == 6 * len(CHEAP)  # the first three deals were not played again
    assert longer == ladder(Batch(GAME, 2, games=6, seed=4), CHEAP)


def test_the_games_in_the_log_are_the_ones_counted(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    before = logged_ladder(log, deals=4)
    games = lines(log)
    for game in games:  # as if random had won every game it played
        if "random" in game["bots"]:
            game["winners"] = [game["bots"].index("random")]
    log.write_text("".join(json.dumps(game) + "\n" for game in games), encoding="utf-8")
    after = logged_ladder(log, deals=4)
    assert before["levels"][0]["win_rate"] < 1.0
    assert after["levels"][0]["win_rate"] == 1.0
    assert len(lines(log)) == len(games)


def test_a_stopped_run_goes_on_where_it_stopped(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"

    def stop_after_four(done: int) -> None:
        if done == 4:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stopped:
        ladder(Batch(GAME, 2, games=5, seed=4), CHEAP, progress=stop_after_four, log=GameLog(log))
    assert len(stopped.value.done) == len(lines(log)) == 4
    resumed = logged_ladder(log, deals=5)
    assert len(lines(log)) == 5 * len(CHEAP)
    assert resumed == ladder(Batch(GAME, 2, games=5, seed=4), CHEAP)


def test_a_replayed_level_is_played_again_and_its_new_games_count(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    logged_ladder(log, deals=3)
    games = lines(log)
    for game in games:  # what a changed random bot's games might have looked like
        if "random" in game["bots"]:
            game["winners"] = [game["bots"].index("random")]
    log.write_text("".join(json.dumps(game) + "\n" for game in games), encoding="utf-8")
    replayed = logged_ladder(log, deals=3, replay=("random",))
    assert replayed == ladder(Batch(GAME, 2, games=3, seed=4), CHEAP)
    assert len(lines(log)) == 3 * len(CHEAP) + 3  # random's three games, appended
    assert logged_ladder(log, deals=3) == replayed  # the last line of a game counts


def test_a_line_cut_short_by_a_kill_is_left_out_then_cut_off(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    logged_ladder(log, deals=2)
    whole = log.read_text(encoding="utf-8")
    torn = whole + whole.splitlines()[0][:40]
    log.write_text(torn, encoding="utf-8")
    assert len(GameLog(log)) == 2 * len(CHEAP)
    assert log.read_text(encoding="utf-8") == torn  # reading changes nothing
    logged_ladder(log, deals=3)
    assert log.read_text(encoding="utf-8").startswith(whole)
    assert len(lines(log)) == 3 * len(CHEAP)


def test_a_damaged_log_is_refused_with_its_line_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    logged_ladder(log, deals=2)
    damaged = log.read_text(encoding="utf-8").replace('"winners"', '"winner"', 1)
    log.write_text(damaged, encoding="utf-8")
    with pytest.raises(PopoteError, match="ligne 1"):
        GameLog(log)
    args = ["ladder", GAME, "--players", "2", "--games", "2", "--seed", "4", "--jobs", "1"]
    assert main([*args, "--levels", ",".join(CHEAP), "--log", str(log), "--lang", "en"]) == 2
    assert "unreadable game log" in capsys.readouterr().err
    assert log.read_text(encoding="utf-8") == damaged


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--replay", "facile"], "--replay goes with --log"),
        (["--log", "LOG", "--replay", "expert"], "--replay expects levels this command measures"),
        (["--log", "games.txt"], "unknown format"),
    ],
)
def test_the_command_refuses_a_replay_or_log_it_cannot_use(
    extra: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = [str(tmp_path / "games.jsonl") if word == "LOG" else word for word in extra]
    args = ["ladder", GAME, "--players", "2", "--games", "2", "--levels", ",".join(CHEAP)]
    assert main([*args, *extra, "--lang", "en"]) == 2
    assert said in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_the_command_reads_back_its_log_and_says_how_much(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, first, second = tmp_path / "games.jsonl", tmp_path / "a.json", tmp_path / "b.json"
    args = ["ladder", GAME, "--players", "2", "--games", "3", "--seed", "4", "--jobs", "1"]
    args += ["--levels", ",".join(CHEAP), "--progress", "lines", "--log", str(log)]
    assert main([*args, "--json", str(first)]) == 0
    assert "parties déjà jouées : 0 sur 9" in capsys.readouterr().err
    assert main([*args, "--json", str(second), "--lang", "en"]) == 0
    assert "games already played: 9 of 9 (read back" in capsys.readouterr().err
    assert first.read_text(encoding="utf-8") == second.read_text(encoding="utf-8")
    assert len(lines(log)) == 3 * len(CHEAP)


def test_the_command_says_when_its_log_holds_games_of_another_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The wrong player count (or seed, levels, options) finds none of its games in the log:
    the command says the log's games belong to another run before playing anything."""
    log = tmp_path / "games.jsonl"
    args = ["ladder", GAME, "--games", "2", "--seed", "4", "--jobs", "1", "--progress", "lines"]
    args += ["--levels", ",".join(CHEAP), "--log", str(log), "--json", str(tmp_path / "r.json")]
    assert main([*args, "--players", "2"]) == 0
    capsys.readouterr()
    assert main([*args, "--players", "3", "--lang", "en"]) == 0
    said = capsys.readouterr().err
    assert "games already played: 0 of 6" in said
    assert "6 games of other runs (another player count, seed, levels or options)" in said
    assert main([*args, "--players", "3"]) == 0
    said = capsys.readouterr().err
    assert "parties déjà jouées : 6 sur 6" in said
    assert "6 parties d'autres séries" in said


def test_two_jobs_keep_the_games_of_one(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    batch = Batch(GAME, 2, games=4, seed=4)
    assert ladder(batch, CHEAP, jobs=2, log=GameLog(two)) == ladder(batch, CHEAP, log=GameLog(one))
    assert two.read_text(encoding="utf-8") == one.read_text(encoding="utf-8")


def children_of(pid: int) -> set[int]:
    listed = ["ps", "-o", "pid=", "--ppid", str(pid)]
    found = subprocess.run(listed, check=False, capture_output=True, text=True)
    return {int(word) for word in found.stdout.split()}


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_killed_run_keeps_its_games_and_leaves_no_worker_behind(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    args = ["ladder", GAME, "--players", "2", "--games", "200", "--levels", "moyen,difficile"]
    run = subprocess.Popen(
        [sys.executable, "-m", "popote", *args, "--jobs", "2", "--log", str(log), "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not (log.exists() and log.read_text(encoding="utf-8").count("\n") >= 2):
            assert time.monotonic() < deadline and run.poll() is None
            time.sleep(0.1)
        workers = children_of(run.pid)
        assert workers  # the pool of two jobs (and its helper)
        run.send_signal(signal.SIGTERM)
        _, err = run.communicate(timeout=30)
    finally:
        run.kill()
    assert run.returncode == 130
    assert "Interrupted" in err and "covers the" in err
    games = len(lines(log))
    assert 2 <= games < 400
    deadline = time.monotonic() + 10
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(running(pid) for pid in workers)
    assert len(GameLog(log)) == games  # what the log holds reads back whole
