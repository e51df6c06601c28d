"""``popote calibrate``: the search on a tiny budget, its seeds, Ctrl-C, its files and its help.

The budgets here are a few dozen games of Boom Badaboom at three players: enough to exercise
every step (search, finalists, verification), far too few for figures anyone should read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import popote.cli.calibrate
from popote.cli.main import main
from popote.core.calibration import CalibrationCell, Parameter, Target
from popote.core.errors import PopoteError
from popote.core.registry import get_game
from popote.core.studies import BalanceConfig
from popote.lab.calibrate import SEARCH_SEEDS, Calibration, CalibrationPlan
from popote.lab.simulate import GameRecord, GameTask, Interrupted, run_tasks

GAME = "boom-badaboom"
CELL = CalibrationCell(
    BalanceConfig("3 players", 3, {"glouton_deal": "deck"}),
    (Parameter.integer("capacity", 10, 25), Parameter.integer("start_size", 2, 12)),
    (Target("side:patissiers", 0.5, 0.05),),
)
TINY = CalibrationPlan(
    GAME, (CELL,), trials=6, batch=3, games=8, finalists=2, finalist_games=10, verify_games=12
)
COMMAND = [
    "calibrate",
    GAME,
    "--players",
    "3",
    "--option",
    "glouton_deal=deck",
    "--param",
    "capacity=10..25",
    "--param",
    "start_size=2..12",
    "--target",
    "side:patissiers=0.5",
    "--trials",
    "6",
    "--batch",
    "3",
    "--games",
    "8",
    "--finalists",
    "2",
    "--finalist-games",
    "10",
    "--verify",
    "12",
]


def calibrated(
    plan: CalibrationPlan, seen: list[Sequence[GameTask]] | None = None
) -> dict[str, Any]:
    def play(tasks: Sequence[GameTask]) -> list[GameRecord]:
        if seen is not None:
            seen.append(list(tasks))
        return run_tasks(tasks)

    calibration = Calibration(get_game(GAME), plan, play)
    calibration.run()
    return calibration.report()


def test_the_same_seed_gives_the_same_search_and_another_seed_another() -> None:
    first = calibrated(TINY)
    assert calibrated(TINY) == first
    other = calibrated(CalibrationPlan(**{**TINY.__dict__, "seed": 5}))
    assert other["cells"][0]["search"] != first["cells"][0]["search"]
    cell = first["cells"][0]
    assert cell["trials"] == 6 and cell["verified"]["games"] == 12
    assert set(cell["best"]) == {"capacity", "start_size"}


def test_candidates_share_their_seeds_and_the_verification_plays_fresh_ones() -> None:
    seen: list[Sequence[GameTask]] = []
    report = calibrated(TINY, seen)
    *search_rounds, finalists, verification = seen
    for round_tasks in search_rounds:
        by_candidate: dict[tuple[Any, ...], list[int]] = {}
        for task in round_tasks:
            by_candidate.setdefault(tuple(sorted(task.options.items())), []).append(task.seed)
        assert all(
            seeds == list(range(SEARCH_SEEDS, SEARCH_SEEDS + 8)) for seeds in by_candidate.values()
        )
    assert {task.seed for task in finalists} == set(range(2 * SEARCH_SEEDS, 2 * SEARCH_SEEDS + 10))
    assert [task.seed for task in verification] == list(range(12))
    chosen = report["cells"][0]["best"]
    assert all(task.options == {"glouton_deal": "deck", **chosen} for task in verification)


def test_a_table_proposed_twice_is_played_once() -> None:
    seen: list[Sequence[GameTask]] = []
    narrow = CalibrationCell(CELL.config, (Parameter.integer("capacity", 12, 13),), CELL.targets)
    report = calibrated(CalibrationPlan(**{**TINY.__dict__, "cells": (narrow,)}), seen)
    search_games = sum(len(tasks) for tasks in seen[:-2])
    assert report["cells"][0]["trials"] == 6
    assert report["cells"][0]["candidates"] == 2 and search_games == 2 * 8


def test_the_command_gives_the_same_report_whatever_the_number_of_jobs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reports = []
    for jobs in ("1", "2"):
        out = tmp_path / jobs
        assert main([*COMMAND, "--jobs", jobs, "--out", str(out), "--lang", "en"]) == 0
        reports.append(json.loads((out / f"{GAME}-calibration.json").read_text(encoding="utf-8")))
    capsys.readouterr()
    assert reports[0] == reports[1]


def test_the_report_says_what_each_figure_rests_on_and_how_to_redo_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*COMMAND, "--jobs", "1", "--out", str(tmp_path), "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    markdown = (tmp_path / f"{GAME}-calibration.md").read_text(encoding="utf-8")
    assert out.strip() == markdown.strip()
    assert "the same 8 games (seeds from 1,000,000)" in markdown
    assert "replayed on 10 games" in markdown and "measured on 12 fresh games" in markdown
    assert "Regenerate with `popote calibrate boom-badaboom --players 3" in markdown
    row = markdown.splitlines()[-1]
    assert row.startswith("| 3 players | capacity=") and "side:patissiers 50% ± 5" in row
    report = json.loads((tmp_path / f"{GAME}-calibration.json").read_text(encoding="utf-8"))
    assert report["cells"][0]["verified"]["games"] == 12 and not report["interrupted"]
    assert (tmp_path / f"{GAME}-calibration.png").read_bytes().startswith(b"\x89PNG")
    for suffix in (".md", ".json", ".png"):
        assert f"Written: {tmp_path / (GAME + '-calibration' + suffix)}" in err


def test_ctrl_c_keeps_the_best_table_so_far_writes_it_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rounds: list[int] = []

    def interrupted_in_the_second_round(tasks: Sequence[GameTask], *_: Any) -> list[GameRecord]:
        rounds.append(len(tasks))
        if len(rounds) == 2:
            raise Interrupted(run_tasks(tasks[:3]))
        return run_tasks(tasks)

    monkeypatch.setattr(popote.cli.calibrate, "run_tasks", interrupted_in_the_second_round)
    status = main([*COMMAND, "--jobs", "1", "--out", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 130
    assert "Interrompu (Ctrl-C)" in err and "pendant la recherche" in err
    assert "**Interrompu pendant la recherche**" in out
    report = json.loads((tmp_path / f"{GAME}-calibration.json").read_text(encoding="utf-8"))
    cell = report["cells"][0]
    assert report["interrupted"] and report["step"] == "search"
    assert cell["best"] is not None and cell["search"]["games"] == 8
    assert cell["verified"] is None and cell["within"] is None


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["tables essayées par configuration", "parties neuves", "statut 130"]),
        ("en", ["tables tried per configuration", "fresh games", "status 130"]),
    ],
)
def test_the_help_describes_the_command_in_both_languages(
    lang: str, words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["calibrate", "--help", "--lang", lang])
    help_text = " ".join(capsys.readouterr().out.split())
    assert all(word in help_text for word in words)


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--target", "decisions=30"], "--param et --target vont ensemble"),
        (["--param", "oven=1..3", "--target", "decisions=30"], "option inconnue"),
        (["--param", "capacity=10..99", "--target", "decisions=30"], "valeur invalide"),
        (["--param", "capacity", "--target", "wins=0.5"], "cible illisible"),
        (["--param", "capacity=a..b", "--target", "decisions=30"], "paramètre illisible"),
        (
            ["--param", "capacity=10..12", "--target", "side:bakers=0.5", "--trials", "1"],
            "aucune partie n'a de camp 'bakers' (camps : farceurs, glouton, patissiers)",
        ),
    ],
)
def test_a_bad_request_is_refused_with_its_reason_and_writes_nothing(
    extra: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["calibrate", GAME, "--players", "3", *extra, "--out", str(tmp_path / "out")])
    assert status == 2 and said in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_game_without_its_own_study_asks_for_params_and_targets(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["calibrate", "pieds-dans-le-plat", "--out", str(tmp_path), "--lang", "en"]) == 2
    assert (
        "this game has no calibration study: give --param and --target" in capsys.readouterr().err
    )


def test_targets_and_parameters_read_as_a_designer_writes_them() -> None:
    assert Target.parse("seat:1=fair", players=4).value == 0.25
    assert Target.parse("minutes=10±1", seconds_per_decision=6).tolerance == 1.0
    assert Target.parse("decisions=80").tolerance == 4.0
    option = {o.key: o for o in get_game("stir-fry-eighteen").spec.options}
    assert Parameter.parse("bullseye").within(option["bullseye"]).choices == ("false", "true")
    assert Parameter.parse("target").within(option["target"]) == Parameter("target", 0, 500)
    with pytest.raises(PopoteError):
        Parameter.parse("target=a,b").within(option["target"])


def test_the_games_own_study_can_be_narrowed_to_one_player_count_with_options_on_top(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tiny = ["--trials", "2", "--games", "3", "--finalists", "1", "--verify", "3"]
    args = ["calibrate", GAME, "--players", "2", "--option", "timer=rulebook", *tiny]
    assert main([*args, "--jobs", "1", "--out", str(tmp_path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    report = json.loads((tmp_path / f"{GAME}-calibration.json").read_text(encoding="utf-8"))
    assert [cell["label"] for cell in report["cells"]] == [
        f"{level} 2p coop"
        for level in ("cupcake", "genoise", "eclair", "tarte_tatin", "piece_montee")
    ]
    assert all(cell["options"]["timer"] == "rulebook" for cell in report["cells"])
    assert all(cell["targets"][0]["measure"] == "side:equipe" for cell in report["cells"])
    assert "| Cupcake, 2 players, cooperative | capacity=" in out
    assert "--players 2 --option timer=rulebook" in out


def test_a_table_the_game_or_a_bound_refuses_is_never_played_nor_counted() -> None:
    seen: list[Sequence[GameTask]] = []
    bounded = CalibrationCell(
        CELL.config,
        (
            Parameter.integer("capacity", 8, 14),
            Parameter.integer("start_size", 8, 16, at_most="capacity"),
            Parameter.integer("rounds", 1, 4),  # 1 and 2 are refused by the game
        ),
        CELL.targets,
    )
    report = calibrated(CalibrationPlan(**{**TINY.__dict__, "cells": (bounded,)}), seen)
    played = [task.options for tasks in seen for task in tasks]
    assert all(o["start_size"] <= o["capacity"] and o["rounds"] >= 3 for o in played)
    assert report["cells"][0]["trials"] == 6


def test_chosen_cells_of_the_study_with_a_wider_range_and_their_own_file_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cells = "piece_montee 1p solo,eclair 2p coop"
    tiny = ["--trials", "3", "--games", "3", "--finalists", "1", "--verify", "3"]
    args = ["calibrate", GAME, "--cells", cells, "--param", "capacity=2..9", *tiny]
    named = ["--name", "hard", "--out", str(tmp_path), "--lang", "en", "--jobs", "1"]
    assert main([*args, *named]) == 0
    out = capsys.readouterr().out
    report = json.loads((tmp_path / "hard.json").read_text(encoding="utf-8"))
    assert [cell["label"] for cell in report["cells"]] == ["eclair 2p coop", "piece_montee 1p solo"]
    for cell in report["cells"]:
        capacity, start = (cell["best"][key] for key in ("capacity", "start_size"))
        assert 2 <= capacity <= 9 and start <= capacity
    assert {p["key"]: (p["low"], p["high"]) for p in report["cells"][0]["parameters"]} == {
        "capacity": (2, 9),
        "start_size": (1, 16),
        "rounds": (3, 15),
    }
    assert f'--cells "{cells}" --param capacity=2..9' in out and "--name hard" in out
    assert (tmp_path / "hard.md").exists() and (tmp_path / "hard.png").exists()


def test_no_trials_measures_the_games_own_table_on_fresh_games_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cells = "cupcake 1p solo,piece_montee 2p coop"
    args = ["calibrate", GAME, "--cells", cells, "--trials", "0", "--verify", "6"]
    assert main([*args, "--jobs", "1", "--out", str(tmp_path), "--lang", "en"]) == 0
    capsys.readouterr()
    markdown = (tmp_path / f"{GAME}-calibration.md").read_text(encoding="utf-8")
    assert "no search (`--trials 0`)" in markdown and "measured on 6 fresh games" in markdown
    rows = markdown.splitlines()[-2:]
    assert all("| the game's own |" in row and row.endswith("| – | – |") for row in rows)
    report = json.loads((tmp_path / f"{GAME}-calibration.json").read_text(encoding="utf-8"))
    assert [cell["verified"]["games"] for cell in report["cells"]] == [6, 6]
    assert [cell["best"] for cell in report["cells"]] == [{}, {}]
