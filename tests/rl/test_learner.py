"""popote train's learners: NumPy on the CPU, PyTorch on a GPU (checked here on the CPU:
the GPU's code is the same but for the device)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import popote
from popote.cli.main import main
from popote.lab.learner import NumpyLearner, TorchLearner, make_learner
from popote.lab.train import TrainConfig, Trainer, init_params
from tests.services import missing_service


@pytest.fixture
def torch() -> ModuleType:
    """PyTorch, which make test installs (skip without it, fail in CI)."""
    try:
        import torch  # noqa: PLC0415 - the optional gpu extra
    except ImportError:
        missing_service("PyTorch is not installed (pip install -e '.[gpu]')")
    return torch


def _minibatches(count: int, seed: int) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(seed)
    return [
        (
            rng.random((32, 12), dtype=np.float32),
            rng.integers(0, 5, 32),
            rng.standard_normal(32).astype(np.float32),
        )
        for _ in range(count)
    ]


def test_pytorch_learns_the_weights_numpy_learns(torch: ModuleType) -> None:
    """Same start, same minibatches: the same weights, moments and losses to float rounding,
    and a network that has learned (its loss fell)."""
    params = init_params([12, 16, 8, 5], np.random.default_rng(1))
    on_numpy = NumpyLearner([p.copy() for p in params], 1e-2)
    on_torch = TorchLearner([p.copy() for p in params], 1e-2, "cpu")
    batches = _minibatches(60, seed=2) * 3
    losses = [(on_numpy.step(*batch), on_torch.step(*batch)) for batch in batches]
    for mine, theirs in zip(on_numpy.state()[:3], on_torch.state()[:3], strict=True):
        for a, b in zip(mine, theirs, strict=True):
            np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-5)
    losses_numpy, losses_torch = np.array(losses).T
    np.testing.assert_allclose(losses_numpy, losses_torch, rtol=1e-4)
    assert on_numpy.state()[3] == on_torch.state()[3] == len(batches)
    assert losses_numpy[-60:].mean() < losses_numpy[:60].mean()
    observations = batches[0][0]
    np.testing.assert_allclose(
        on_numpy.values(observations), on_torch.values(observations), rtol=1e-4, atol=1e-5
    )


def test_a_run_on_pytorch_plays_and_learns_as_one_on_numpy(
    torch: ModuleType, tmp_path: Path
) -> None:
    """A whole small run of popote train on each: the same matches, the same updates, the
    same weights to float rounding; its checkpoint holds NumPy arrays a NumPy run goes on
    from."""
    config = TrainConfig("bouillabaisse", players=4, games=4, envs=4, refresh=256, seed=3)
    config = replace(config, eval_every=1000, eval_games=1)
    runs = {}
    for device in ("numpy", "torch-cpu"):
        trainer = Trainer(replace(config, device=device), tmp_path / f"{device}.npz")
        trainer.run(lambda point: None)
        runs[device] = trainer
    assert isinstance(runs["torch-cpu"].learner, TorchLearner)
    numpy_state, torch_state = runs["numpy"].learner.state(), runs["torch-cpu"].learner.state()
    assert numpy_state[3] == torch_state[3] > 0
    assert runs["numpy"].decisions == runs["torch-cpu"].decisions
    for a, b in zip(numpy_state[0], torch_state[0], strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-5)
    resumed = Trainer(replace(config, games=8, device="numpy"), tmp_path / "torch-cpu.npz")
    assert isinstance(resumed.learner, NumpyLearner)
    for a, b in zip(resumed.learner.state()[0], torch_state[0], strict=True):
        assert np.array_equal(a, b)


def test_cuda_where_pytorch_sees_no_gpu_is_refused_clearly(
    torch: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    args = ["train", "bouillabaisse", "--games", "1", "--device", "cuda", "--lang", "en"]
    assert main([*args, "--checkpoint", str(tmp_path / "run.npz")]) != 0
    assert "PyTorch sees no GPU here: choose --device numpy or auto" in capsys.readouterr().err
    assert not (tmp_path / "run.npz").exists()
    assert isinstance(
        make_learner("auto", init_params([3, 2], np.random.default_rng(0)), 0.1), NumpyLearner
    )


def test_pytorch_devices_without_pytorch_say_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch now fails
    params = init_params([3, 2], np.random.default_rng(0))
    with pytest.raises(popote.InvalidSetup, match=r"pip install -e '\.\[gpu\]'"):
        make_learner("torch-cpu", params, 0.1)
    assert isinstance(make_learner("auto", params, 0.1), NumpyLearner)


def test_an_unknown_device_is_refused_in_french_by_default() -> None:
    with pytest.raises(popote.InvalidSetup) as refused:
        make_learner("tpu", init_params([3, 2], np.random.default_rng(0)), 0.1)
    assert "appareil inconnu : tpu" in str(refused.value)
