"""``--backend ray``: the batch commands over a Ray cluster give the very figures of the local
process pool for the same seed, stop the same way on Ctrl-C and on a Popote error, and say
how to install Ray when it is missing.

A local Ray start costs seconds: the module shares one cluster of two CPUs (and
``make test`` keeps these tests on one xdist worker). Without Ray they skip, unless
``POPOTE_REQUIRE_SERVICES=1`` (CI), where they fail.
"""

from __future__ import annotations

import json
import logging
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from popote.cli.main import main
from popote.core.errors import InvalidSetup
from popote.lab.simulate import Backend, Batch, GameTask, Interrupted, play_task, run_parallel
from tests.services import missing_service

pytestmark = pytest.mark.xdist_group("ray")

GAME = "pieds-dans-le-plat"
BACKENDS: tuple[Backend, ...] = ("local", "ray")


@pytest.fixture(scope="module")
def ray_module() -> ModuleType:
    try:
        import ray  # noqa: PLC0415 - an optional extra
    except ImportError:
        missing_service("ray is not installed (pip install -e '.[ray]')")
    return ray


@pytest.fixture(scope="module")
def cluster(ray_module: ModuleType) -> Iterator[None]:
    """One local cluster for the module; the commands find the driver connected and use it."""
    ray_module.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    yield
    ray_module.shutdown()


def report(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    status = main([*args, "--jobs", "2", "--json"])
    out = capsys.readouterr().out
    assert status == 0
    return out


def test_without_a_cluster_a_local_one_is_started_for_the_batch_then_stopped(
    ray_module: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    assert not ray_module.is_initialized()  # runs before the shared cluster starts
    figures = report(capsys, "simulate", GAME, "--games", "6", "--backend", "ray")
    assert not ray_module.is_initialized()
    assert figures == report(capsys, "simulate", GAME, "--games", "6")


def test_ctrl_c_while_the_local_cluster_starts_stops_cleanly(
    ray_module: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def ctrl_c(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setattr(ray_module, "init", ctrl_c)
    status = main(["simulate", GAME, "--games", "6", "--backend", "ray"])
    err = capsys.readouterr().err
    assert status == 130 and "0 partie terminée sur 6" in err
    assert "Aucune partie terminée : rien à rapporter." in err


def test_a_ray_address_where_nothing_answers_is_said_at_once(
    ray_module: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as probe:  # a port nothing listens on once closed
        probe.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{probe.getsockname()[1]}"
    monkeypatch.setenv("RAY_ADDRESS", address)
    status = main(["simulate", GAME, "--games", "6", "--backend", "ray", "--lang", "en"])
    captured = capsys.readouterr()
    assert status == 2 and not captured.out
    assert f"Error: the Ray cluster of RAY_ADDRESS ('{address}') does not answer" in captured.err
    assert not ray_module.is_initialized()


@pytest.mark.usefixtures("cluster")
@pytest.mark.parametrize(
    "command",
    [
        ["simulate", GAME, "--games", "8", "--seed", "3"],
        ["tournament", GAME, "--players", "2", "--bots", "random,heuristic", "--games", "8"],
        ["duplicate", GAME, "--bots", "random,heuristic", "--games", "6", "--seed", "5"],
        ["regret", GAME, "--games", "4", "--worlds", "3", "--last", "2"],
    ],
    ids=lambda command: command[0],
)
def test_ray_gives_the_figures_of_the_local_pool_for_the_same_seed(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    local = report(capsys, *command, "--backend", "local")
    assert report(capsys, *command, "--backend", "ray") == local
    assert json.loads(local)["game"] == GAME


@pytest.mark.usefixtures("cluster")
def test_ray_writes_the_balance_report_of_the_local_pool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = {}
    for backend in BACKENDS:
        out = tmp_path / backend
        args = ["balance", GAME, "--games", "3", "--jobs", "2", "--out", str(out)]
        assert main([*args, "--backend", backend]) == 0
        written[backend] = (out / f"{GAME}.json").read_text(encoding="utf-8")
    capsys.readouterr()
    assert written["ray"] == written["local"]
    assert len(json.loads(written["ray"])["rows"]) == 4  # 2 to 5 players


@pytest.mark.usefixtures("cluster")
def test_ray_calibrates_as_the_local_pool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = {}
    for backend in BACKENDS:
        out = tmp_path / backend
        args = [*CALIBRATION, "--jobs", "2", "--out", str(out), "--backend", backend]
        assert main(args) == 0
        written[backend] = (out / "stir-fry-eighteen-calibration.json").read_text(encoding="utf-8")
    capsys.readouterr()
    assert written["ray"] == written["local"]
    assert json.loads(written["ray"])["cells"][0]["verified"]["games"] == 6


CALIBRATION = [
    "calibrate",
    "stir-fry-eighteen",
    "--players",
    "3",
    "--param",
    "target=30..70",
    "--target",
    "decisions=80",
    "--trials",
    "4",
    "--games",
    "4",
    "--finalists",
    "2",
    "--finalist-games",
    "4",
    "--verify",
    "6",
]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_popote_error_in_a_task_ends_the_batch_with_its_message(
    backend: Backend, request: pytest.FixtureRequest
) -> None:
    if backend == "ray":
        request.getfixturevalue("cluster")
    tasks = [Batch(GAME, 3, games=4).task(index, ["random"] * 3) for index in range(4)]
    tasks.append(GameTask("pieds-dans-la-soupe", 3, 0, ("random",) * 3))
    with pytest.raises(InvalidSetup) as error:
        run_parallel(play_task, tasks, jobs=2, backend=backend)
    assert error.value.message("en").startswith("unknown game: 'pieds-dans-la-soupe'")


@pytest.mark.usefixtures("cluster")
def test_ctrl_c_keeps_the_games_finished_before_it_in_order() -> None:
    tasks = [Batch(GAME, 3, games=40).task(index, ["heuristic"] * 3) for index in range(40)]

    def ctrl_c_after_three(done: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as interrupted:
        run_parallel(play_task, tasks, jobs=2, progress=ctrl_c_after_three, backend="ray")
    assert interrupted.value.done == [play_task(task) for task in tasks[:3]]
    assert run_parallel(play_task, tasks[:2], jobs=2, backend="ray") == interrupted.value.done[:2]


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("fr", "Erreur : --backend ray demande l'extra ray : pip install 'popote[ray]'"),
        ("en", "Error: --backend ray needs the ray extra: pip install 'popote[ray]'"),
    ],
)
def test_without_ray_installed_the_command_says_how_to_get_it_before_any_game(
    lang: str, message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if the extra were not installed
    for command in (
        ["simulate", GAME],
        ["balance", GAME, "--out", "nowhere"],
        ["calibrate", GAME, "--out", "nowhere"],
    ):
        status = main([*command, "--backend", "ray", "--lang", lang])
        captured = capsys.readouterr()
        assert status == 2 and captured.err.strip() == message and not captured.out


@pytest.mark.usefixtures("cluster")
def test_a_logged_ladder_keeps_on_ray_the_games_of_the_local_pool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kept = {}
    for backend in BACKENDS:
        log = tmp_path / f"{backend}.jsonl"
        args = ["ladder", GAME, "--players", "2", "--games", "3", "--levels", "random,moyen"]
        figures = report(capsys, *args, "--log", str(log), "--backend", backend)
        kept[backend] = (figures, log.read_text(encoding="utf-8"))
    assert kept["ray"] == kept["local"]
    assert len(kept["ray"][1].splitlines()) == 6
