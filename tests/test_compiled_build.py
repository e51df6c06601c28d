"""The build under test is the one expected: plain Python (``make test``), or the compiled
build where ``POPOTE_EXPECT_COMPILED=1`` (``make test-compiled``), whose every listed module
really is compiled, so that the known answers run on it prove it plays the same games."""

from __future__ import annotations

import importlib
import os
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from popote.core import chance, splitmix

ROOT = Path(__file__).resolve().parent.parent


def compiled_modules() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as config:
        modules: list[str] = tomllib.load(config)["tool"]["popote"]["compiled"]
    return modules


def test_the_listed_modules_exist_and_are_built_as_expected() -> None:
    expect_compiled = os.environ.get("POPOTE_EXPECT_COMPILED") == "1"
    for name in compiled_modules():
        module = importlib.import_module(name)
        assert module.__file__ is not None
        assert module.__file__.endswith(tuple(EXTENSION_SUFFIXES)) == expect_compiled, name


@pytest.mark.parametrize("name", ["popote.core.match", "popote.core.actions"])
def test_the_match_and_its_frozen_values_stay_plain_python(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__file__ is not None and module.__file__.endswith(".py")


def test_seeded_chance_draws_through_splitmix_exactly_when_it_is_compiled() -> None:
    expect_compiled = os.environ.get("POPOTE_EXPECT_COMPILED") == "1"
    assert splitmix.compiled() == chance.COMPILED_DRAWS == expect_compiled
