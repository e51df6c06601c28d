"""Each layer imports only the layers below it: core → games → bots → rl → lab → clients.

A game may use the core and its own package, never another game; the clients (the command
line and the server with its web pages) may use every layer and each other. The core's
registry imports the bare ``popote.games`` package only to list what lies in it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import popote

PACKAGE = Path(popote.__file__).parent
LAYERS = ("core", "games", "bots", "rl", "lab", "clients")
CLIENTS = {"cli", "server"}


def layer_of(module: str) -> str | None:
    """The layer of ``popote.<part>...``; None for the top-level ``popote`` package itself."""
    parts = module.split(".")
    if parts[0] != "popote" or len(parts) == 1:
        return None
    top = parts[1]
    if top in CLIENTS or top in ("__main__",):
        return "clients"
    return top if top in LAYERS else None


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return {name for name in names if name.split(".")[0] == "popote"}


def module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    return ".".join(part for part in relative.parts if part != "__init__")


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_imports_only_the_layers_below_its_own(path: Path) -> None:
    own = module_name(path)
    own_layer = layer_of(own)
    if own_layer is None:
        return
    rank = LAYERS.index(own_layer)
    for imported in imported_modules(path):
        layer = layer_of(imported)
        if layer is None or imported == "popote.games":
            continue
        assert LAYERS.index(layer) <= rank, f"{own} ({own_layer}) imports {imported} ({layer})"
        if own_layer == "games" and layer == "games":
            assert imported.split(".")[:3] == own.split(".")[:3], f"{own} imports {imported}"


def test_the_layer_check_sees_an_upward_import() -> None:
    assert layer_of("popote.lab.simulate") == "lab"
    assert LAYERS.index(layer_of("popote.bots.base") or "") > LAYERS.index("games")
    core_game = PACKAGE / "core" / "game.py"
    assert "popote.core.bot" in imported_modules(core_game)
