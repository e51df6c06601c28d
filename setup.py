"""Popote's build: plain Python by default; ``POPOTE_COMPILED=1`` compiles the modules listed
under ``[tool.popote] compiled`` in pyproject.toml with mypyc (the rules and bots of the four
games whose play is the slowest, and the shared reaction windows and decks).

The compiled build plays exactly the same games (the known-answer tests run on it) about
twice as fast; it needs a C compiler and mypy at build time, so it is the maintainer's and
researcher's choice (``make compiled``), never a requirement: see README, "A compiled build".
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent


def compiled_sources() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as config:
        modules = tomllib.load(config)["tool"]["popote"]["compiled"]
    return ["src/" + module.replace(".", "/") + ".py" for module in modules]


if os.environ.get("POPOTE_COMPILED") == "1":
    try:
        from mypyc.build import mypycify
    except ImportError:
        sys.exit(
            "POPOTE_COMPILED=1 needs mypy at build time: pip install mypy, then build "
            "with --no-build-isolation (make compiled does both)"
        )
    setup(ext_modules=mypycify(compiled_sources(), opt_level="3"))
else:
    setup()
