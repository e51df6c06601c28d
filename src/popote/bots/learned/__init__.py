"""The learned level's networks: small multilayer perceptrons read from ``<game>.npz``.

Each file holds the layers of one network trained by ``popote train`` (``w0``, ``b0``,
``w1``...) and a few checks (``game``, ``observation``, ``actions``, ``digest``: the action
table's fingerprint). A network scores every action index of its game from an observation
(its estimate of the final reward, as in Deep Monte-Carlo); inference needs only NumPy.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from popote.core.errors import InvalidSetup
from popote.core.i18n import Text

PACKAGE = "popote.bots.learned"


@dataclass(frozen=True)
class Network:
    """Dense layers with ReLU between them; the last layer gives one value per action."""

    weights: tuple[np.ndarray, ...]
    biases: tuple[np.ndarray, ...]
    game: str
    digest: str

    @property
    def observation_size(self) -> int:
        return int(self.weights[0].shape[0])

    @property
    def action_count(self) -> int:
        return int(self.weights[-1].shape[1])

    def values(self, observation: np.ndarray) -> np.ndarray:
        """One value per action index (a row per observation when given several)."""
        x = observation.astype(np.float32, copy=False)
        last = len(self.weights) - 1
        for layer, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            x = x @ w + b
            if layer < last:
                np.maximum(x, 0.0, out=x)
        return x

    def arrays(self) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {
            "game": np.array(self.game),
            "digest": np.array(self.digest),
        }
        for layer, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            found[f"w{layer}"], found[f"b{layer}"] = w.astype(np.float16), b
        return found

    def save(self, path: Path) -> None:
        """Weights in half precision: half the size, the same moves in practice."""
        np.savez_compressed(path, **self.arrays())  # type: ignore[arg-type]


def read_network(path: Path | str) -> Network:
    with np.load(path) as data:
        layers = sum(1 for name in data.files if name.startswith("w"))
        return Network(
            tuple(data[f"w{layer}"].astype(np.float32) for layer in range(layers)),
            tuple(data[f"b{layer}"].astype(np.float32) for layer in range(layers)),
            str(data["game"]),
            str(data["digest"]),
        )


def shipped_games() -> tuple[str, ...]:
    """The games whose learned network ships in the package, sorted."""
    files = resources.files(PACKAGE)
    return tuple(
        sorted(
            entry.name.removesuffix(".npz")
            for entry in files.iterdir()
            if entry.name.endswith(".npz")
        )
    )


def shipped_network(game: str) -> Network:
    """The network shipped for ``game``; :class:`InvalidSetup` when there is none."""
    if game not in shipped_games():
        raise InvalidSetup(
            Text(
                "pas de bot appris pour {game} (jeux qui en ont un : {games})",
                "no learned bot for {game} (games that have one: {games})",
            ).format(game=game, games=", ".join(shipped_games()) or "-")
        )
    with resources.as_file(resources.files(PACKAGE) / f"{game}.npz") as path:
        return read_network(path)
