"""The layers and the ban on import circles, as ``make lint`` checks them (``lint-imports``,
the contracts under ``[tool.importlinter]`` in pyproject.toml): core → games → bots → rl →
lab → cli → server, each importing only those below it; a game never imports another; in
the server, the hub above its tables and cluster, the metrics below all; no circle between
the modules of the server, the command line, the bots and the core, type hints included.

The contracts are run on the real package, then on a copy of it with one bad import added,
which must fail the check: a contract that can no longer fail would pass in silence.
"""

from __future__ import annotations

import os
import pkgutil
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

import popote

ROOT = Path(__file__).parents[1]
PYPROJECT = ROOT / "pyproject.toml"
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
ENTRY_POINT = "__main__"
"""``popote.__main__`` plugs the server's ``serve`` into the command line: it stands above
every layer, so no layer holds it."""


def contracts() -> dict[str, dict[str, Any]]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    return {contract["id"]: contract for contract in config["contracts"]}


def lint_imports(package_parent: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` as ``make lint`` runs it, on the installed package or on the copy of
    it found first under ``package_parent``."""
    env = dict(os.environ)
    if package_parent is not None:
        env["PYTHONPATH"] = str(package_parent)
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_project_keeps_every_contract() -> None:
    done = lint_imports()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_every_part_of_popote_lies_in_a_layer() -> None:
    """A new package (or a module beside the packages) cannot slip outside the layers."""
    layers = contracts()["layers"]["layers"]
    parts = {f"popote.{info.name}" for info in pkgutil.iter_modules(popote.__path__)}
    assert parts - {f"popote.{ENTRY_POINT}"} == set(layers)


BAD_IMPORTS = {
    # The core's chance is below its match: a type hint back up closes a circle.
    "circle-in-type-hints": (
        "core/chance.py",
        "\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
        "    from popote.core.match import Match\n",
        "No circle",
    ),
    # A table must not know the hub that holds it.
    "circle-in-the-server": ("server/live.py", "\nimport popote.server.hub\n", "No circle"),
    # Not a circle, but the metrics observe and never import back.
    "metrics-import-the-limits": (
        "server/metrics.py",
        "\nimport popote.server.limits\n",
        "popote.server.metrics is not allowed to import popote.server.limits",
    ),
    "core-imports-a-client": (
        "core/errors.py",
        "\nimport popote.server.errors\n",
        "popote.core is not allowed to import popote.server",
    ),
    "game-imports-another": (
        "games/bouillabaisse/cards.py",
        "\nimport popote.games.boom_badaboom.cards\n",
        "A game uses the core and its own package, never another game BROKEN",
    ),
}


@pytest.mark.parametrize("bad", BAD_IMPORTS, ids=str)
def test_a_bad_import_fails_the_check(bad: str, tmp_path: Path) -> None:
    path, added, said = BAD_IMPORTS[bad]
    copy = tmp_path / "popote"
    shutil.copytree(
        Path(popote.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__")
    )
    with (copy / path).open("a", encoding="utf-8") as module:
        module.write(added)
    done = lint_imports(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert said in done.stdout, done.stdout
