"""The learned level: popote train learns and resumes, the shipped networks play legally
everywhere a level is offered, and playing against them needs neither PettingZoo nor torch."""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

import popote
from popote.bots.learned import read_network, shipped_games
from popote.bots.registry import parse_bot_kinds
from popote.bots.runner import play_out
from popote.cli.main import main
from popote.lab.train import TrainConfig, Trainer
from popote.rl.learned import make_bot
from popote.server.seats import levels_for
from tests.base_install import run_without_extras

SHIPPED = ("bouillabaisse", "pieds-dans-le-plat")
PIEDS = "pieds-dans-le-plat"


def train(tmp_path: Path, games: int, capsys: pytest.CaptureFixture[str]) -> list[str]:
    args = ["train", PIEDS, "--games", str(games), "--envs", "4", "--eval-every", "4"]
    args += ["--eval-games", "2", "--teacher-games", "2", "--checkpoint", str(tmp_path / "run.npz")]
    args += ["--weights", str(tmp_path / "net.npz"), "--plot", str(tmp_path / "curve.png")]
    assert main([*args, "--lang", "en"]) == 0
    return capsys.readouterr().out.splitlines()


def test_train_writes_a_checkpoint_a_network_and_a_curve_then_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = train(tmp_path, 4, capsys)
    assert first[0].startswith("0 games") and "win share against random" in first[0]
    assert (tmp_path / "run.npz").exists() and (tmp_path / "curve.png").stat().st_size > 0
    assert read_network(tmp_path / "net.npz").game == PIEDS
    again = train(tmp_path, 8, capsys)
    assert not again[0].startswith("0 games")  # it went on from the checkpoint
    curve = json.loads((tmp_path / "curve.json").read_text(encoding="utf-8"))
    games = [point["games"] for point in curve]
    assert games[0] == 0 and games == sorted(games) and games[-1] >= 8


def test_the_learned_level_ships_for_both_games_and_is_offered_only_there() -> None:
    assert set(SHIPPED) <= set(shipped_games())
    for game in popote.game_names():
        assert ("appris" in levels_for(game)) == (game in shipped_games())
    assert parse_bot_kinds("appris,moyen", 2) == ["appris", "moyen"]


@pytest.mark.parametrize("game", SHIPPED)
@pytest.mark.parametrize("seed", range(3))
def test_the_learned_bot_plays_only_legal_actions_to_the_end(game: str, seed: int) -> None:
    match = popote.new_match(game, None, seed, None)
    chosen: list[bool] = []
    agents = [
        make_bot("appris" if seat % 2 == 0 else "random", match.game, seat, seed)
        for seat in range(match.players)
    ]
    play_out(match, agents, lambda m, seat, action: chosen.append(action in m.legal_actions(seat)))
    assert match.over and all(chosen)


def test_a_match_against_the_learned_bot_needs_neither_pettingzoo_nor_torch() -> None:
    done = run_without_extras(
        "import popote\n"
        "from popote.bots.runner import play_out\n"
        "from popote.rl.learned import make_bot\n"
        "match = popote.new_match('pieds-dans-le-plat', 3, 1, None)\n"
        "play_out(match, [make_bot('appris', match.game, s, 1) for s in range(3)])\n"
        "print(match.over)\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


def test_a_game_without_a_network_refuses_the_level_clearly() -> None:
    match = popote.new_match("boom-badaboom", None, 1, None)
    with pytest.raises(popote.InvalidSetup, match="pas de bot appris pour boom-badaboom"):
        make_bot("appris", match.game, 0, 1)


def test_bouillabaisse_self_play_on_arrays_learns_what_it_learns_through_the_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The array batch plays the engine's very matches and counts the same running scores,
    so the network learns the same weights, only sooner."""

    def trained(name: str) -> Trainer:
        config = TrainConfig("bouillabaisse", players=4, games=4, envs=4, refresh=256, seed=3)
        trainer = Trainer(replace(config, eval_every=1000, eval_games=1), tmp_path / name)
        trainer.run(lambda point: None)
        return trainer

    on_arrays = trained("arrays.npz")
    monkeypatch.setattr("popote.lab.train.ARRAY_BATCHES", {})
    through_engine = trained("engine.npz")
    learned, also_learned = on_arrays.learner.state(), through_engine.learner.state()
    assert learned[3] == also_learned[3] > 0  # as many updates
    assert on_arrays.decisions == through_engine.decisions
    for mine, theirs in zip(learned[0], also_learned[0], strict=True):
        assert np.array_equal(mine, theirs)


def test_a_run_can_start_from_the_shipped_network(tmp_path: Path) -> None:
    """The shipped network taken further: the run's first weights are the file's."""
    shipped = Path(str(resources.files("popote.bots.learned") / "bouillabaisse.npz"))
    config = TrainConfig("bouillabaisse", players=4, start_from=str(shipped))
    trainer = Trainer(config, tmp_path / "run.npz")
    network = read_network(shipped)
    assert all(
        np.array_equal(mine, theirs)
        for mine, theirs in zip(trainer.network().weights, network.weights, strict=True)
    )


@pytest.mark.parametrize("content", [None, b"not a network", "pieds"])
def test_a_start_that_is_no_network_of_the_game_is_refused_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | str | None
) -> None:
    start = tmp_path / "start.npz"
    if isinstance(content, bytes):
        start.write_bytes(content)
    elif content == "pieds":
        start.write_bytes((resources.files("popote.bots.learned") / f"{PIEDS}.npz").read_bytes())
    args = ["train", "bouillabaisse", "--games", "1", "--start-from", str(start)]
    args += ["--checkpoint", str(tmp_path / "run.npz"), "--lang", "en"]
    assert main(args) != 0
    assert "is not a network of bouillabaisse of this shape" in capsys.readouterr().err
    assert not (tmp_path / "run.npz").exists()
