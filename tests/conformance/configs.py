"""The player counts and option values the conformance suite plays, for every game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import popote

MAX_STEPS = 20_000


def option_variants(options: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The defaults, then each option moved alone to each of its other values."""
    variants: list[dict[str, Any]] = [{}]
    for key, spec in options.items():
        if spec["type"] == "bool":
            values: list[Any] = [not spec["default"]]
        elif spec["type"] == "choice":
            values = [choice for choice in spec["choices"] if choice != spec["default"]]
        else:
            values = sorted({spec["min"], spec["max"]} - {spec["default"]})
        variants += [{key: value} for value in values]
    return variants


def match_configs() -> Iterator[tuple[str, int, dict[str, Any]]]:
    for name in popote.game_names():
        info = popote.game_info(name)
        for players in range(info["min_players"], info["max_players"] + 1):
            for options in option_variants(info["options"]):
                yield name, players, options
