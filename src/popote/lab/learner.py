"""Where ``popote train``'s network values actions and learns: NumPy on the CPU, or PyTorch
on a GPU when one is present.

Both learners do the same arithmetic: a multilayer perceptron (ReLU between layers), the
squared error of the value of each chosen action, its gradient written out layer by layer,
and Adam. Whatever runs them, the weights, Adam's moments and the update count come back as
NumPy arrays, so a checkpoint or a shipped network never depends on where it was learned,
and a run may go on elsewhere. ``tests/rl/test_learner.py`` steps both side by side (PyTorch
on the CPU) and finds the same weights to float rounding.

>>> import numpy as np
>>> learner = NumpyLearner([np.ones((2, 1), np.float32), np.zeros(1, np.float32)], 0.1)
>>> learner.values(np.array([[1.0, 2.0]], np.float32)).tolist()
[[3.0]]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

import popote

ADAM_BETAS = (0.9, 0.999)
ADAM_EPS = 1e-8
DEVICES = ("auto", "numpy", "cuda", "torch-cpu")
"""``auto``: the GPU through PyTorch when PyTorch sees one, NumPy otherwise; ``numpy``:
NumPy on the CPU; ``cuda``: PyTorch on the GPU; ``torch-cpu``: PyTorch on the CPU (the
GPU's code, checked where there is no GPU)."""

Arrays = list[np.ndarray]


class Learner(Protocol):
    def values(self, observations: np.ndarray) -> np.ndarray:
        """The value of every action for each row of ``observations``."""

    def step(self, observations: np.ndarray, actions: np.ndarray, targets: np.ndarray) -> float:
        """One Adam update on a minibatch; its mean squared error."""

    def state(self) -> tuple[Arrays, Arrays, Arrays, int]:
        """Weights and biases (``w0, b0, w1, b1...``), Adam's two moments, the updates."""


def forward(params: list[Any], x: Any, relu: Callable[[Any], Any]) -> tuple[Any, list[Any]]:
    """The output and every layer's input (kept for :func:`backward`), for NumPy arrays or
    PyTorch tensors alike."""
    inputs = []
    last = len(params) // 2 - 1
    for layer in range(last + 1):
        inputs.append(x)
        x = x @ params[2 * layer] + params[2 * layer + 1]
        if layer < last:
            x = relu(x)
    return x, inputs


def backward(params: list[Any], inputs: list[Any], grad: Any) -> list[Any]:
    """Every parameter's gradient, given the output's."""
    grads: list[Any] = [None] * len(params)
    for layer in reversed(range(len(inputs))):
        grads[2 * layer] = inputs[layer].T @ grad
        grads[2 * layer + 1] = grad.sum(0)
        if layer:
            grad = (grad @ params[2 * layer].T) * (inputs[layer] > 0)
    return grads


def _numpy_relu(x: np.ndarray) -> np.ndarray:
    positive: np.ndarray = np.maximum(x, 0.0)
    return positive


def _torch_relu(x: Any) -> Any:
    return x.clamp(min=0.0)


def _adam_scale(updates: int) -> float:
    beta1, beta2 = ADAM_BETAS
    return float(np.sqrt(1 - beta2**updates) / (1 - beta1**updates))


class NumpyLearner:
    """The network in NumPy arrays, on the CPU."""

    def __init__(
        self,
        params: Arrays,
        learning_rate: float,
        moments: Arrays | None = None,
        squares: Arrays | None = None,
        updates: int = 0,
    ) -> None:
        self.params = [np.asarray(p, dtype=np.float32) for p in params]
        self.moments = moments or [np.zeros_like(p) for p in self.params]
        self.squares = squares or [np.zeros_like(p) for p in self.params]
        self.updates = updates
        self.learning_rate = learning_rate

    def values(self, observations: np.ndarray) -> np.ndarray:
        output: np.ndarray = forward(self.params, observations, _numpy_relu)[0]
        return output

    def step(self, observations: np.ndarray, actions: np.ndarray, targets: np.ndarray) -> float:
        output, inputs = forward(self.params, observations, _numpy_relu)
        rows = np.arange(len(targets))
        error = output[rows, actions] - targets
        grad = np.zeros_like(output)
        grad[rows, actions] = 2 * error / len(targets)
        self._adam(backward(self.params, inputs, grad))
        return float(np.mean(error**2))

    def state(self) -> tuple[Arrays, Arrays, Arrays, int]:
        return self.params, self.moments, self.squares, self.updates

    def _adam(self, grads: Arrays) -> None:
        self.updates += 1
        beta1, beta2 = ADAM_BETAS
        step = self.learning_rate * _adam_scale(self.updates)
        for param, grad, moment, square in zip(
            self.params, grads, self.moments, self.squares, strict=True
        ):
            np.multiply(moment, beta1, out=moment)
            np.add(moment, (1 - beta1) * grad, out=moment)
            np.multiply(square, beta2, out=square)
            np.add(square, (1 - beta2) * grad * grad, out=square)
            np.subtract(param, step * moment / (np.sqrt(square) + ADAM_EPS), out=param)


class TorchLearner:
    """The same network and arithmetic in PyTorch tensors on ``device`` (``"cuda"`` for a
    GPU); only observations go in and values come out at each call."""

    def __init__(
        self,
        params: Arrays,
        learning_rate: float,
        device: str,
        moments: Arrays | None = None,
        squares: Arrays | None = None,
        updates: int = 0,
    ) -> None:
        import torch  # noqa: PLC0415 - optional: only a run on PyTorch needs it

        self.torch = torch
        self.device = torch.device(device)

        def tensors(arrays: Arrays) -> list[Any]:
            return [torch.as_tensor(np.asarray(a, np.float32), device=self.device) for a in arrays]

        self.params = tensors(params)
        self.moments = tensors(moments) if moments else [torch.zeros_like(p) for p in self.params]
        self.squares = tensors(squares) if squares else [torch.zeros_like(p) for p in self.params]
        self.updates = updates
        self.learning_rate = learning_rate

    def values(self, observations: np.ndarray) -> np.ndarray:
        with self.torch.no_grad():
            output, _ = forward(self.params, self._in(observations), _torch_relu)
        return np.asarray(output.cpu().numpy())

    def step(self, observations: np.ndarray, actions: np.ndarray, targets: np.ndarray) -> float:
        torch = self.torch
        with torch.no_grad():
            output, inputs = forward(self.params, self._in(observations), _torch_relu)
            rows = torch.arange(len(targets), device=self.device)
            chosen = torch.as_tensor(actions, device=self.device)
            error = output[rows, chosen] - self._in(targets)
            grad = torch.zeros_like(output)
            grad[rows, chosen] = 2 * error / len(targets)
            self._adam(backward(self.params, inputs, grad))
            return float((error**2).mean().item())

    def state(self) -> tuple[Arrays, Arrays, Arrays, int]:
        def arrays(tensors: list[Any]) -> Arrays:
            return [t.cpu().numpy().copy() for t in tensors]

        return arrays(self.params), arrays(self.moments), arrays(self.squares), self.updates

    def _in(self, array: np.ndarray) -> Any:
        return self.torch.as_tensor(np.asarray(array, np.float32), device=self.device)

    def _adam(self, grads: list[Any]) -> None:
        self.updates += 1
        beta1, beta2 = ADAM_BETAS
        step = self.learning_rate * _adam_scale(self.updates)
        for param, grad, moment, square in zip(
            self.params, grads, self.moments, self.squares, strict=True
        ):
            moment.mul_(beta1).add_((1 - beta1) * grad)
            square.mul_(beta2).add_((1 - beta2) * grad * grad)
            param.sub_(step * moment / (square.sqrt() + ADAM_EPS))


def gpu_present() -> bool:
    """Whether PyTorch is installed and sees a GPU."""
    try:
        import torch  # noqa: PLC0415 - optional
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def make_learner(
    device: str,
    params: Arrays,
    learning_rate: float,
    moments: Arrays | None = None,
    squares: Arrays | None = None,
    updates: int = 0,
) -> Learner:
    """The learner ``device`` names (see :data:`DEVICES`); a device that cannot be had is
    refused with :class:`popote.InvalidSetup`, saying why."""
    if device not in DEVICES:
        raise popote.InvalidSetup(
            popote.Text(
                "appareil inconnu : {device} (au choix : {known})",
                "unknown device: {device} (one of: {known})",
            ).format(device=device, known=", ".join(DEVICES))
        )
    if device == "auto":
        device = "cuda" if gpu_present() else "numpy"
    if device == "numpy":
        return NumpyLearner(params, learning_rate, moments, squares, updates)
    _require_torch(device)
    torch_device = "cpu" if device == "torch-cpu" else "cuda"
    return TorchLearner(params, learning_rate, torch_device, moments, squares, updates)


def _require_torch(device: str) -> None:
    try:
        import torch  # noqa: PLC0415 - optional
    except ImportError:
        raise popote.InvalidSetup(
            popote.Text(
                "l'appareil {device} demande PyTorch : pip install -e '.[gpu]'",
                "the {device} device needs PyTorch: pip install -e '.[gpu]'",
            ).format(device=device)
        ) from None
    if device == "cuda" and not torch.cuda.is_available():
        raise popote.InvalidSetup(
            popote.Text(
                "PyTorch ne voit aucun GPU ici : choisissez --device numpy ou auto",
                "PyTorch sees no GPU here: choose --device numpy or auto",
            )
        )
