"""Action numbers never move between versions, and docs/rl.md describes what the code does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import popote
from popote.rl.games import TABLES

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"

# Changing any of these breaks every trained policy: add new actions at the end instead.
PINNED = {
    "ar-seizh-bigoudenn": (4499, "94ab43a701418ca3", 561),
    "boom-badaboom": (1028, "9dfb932a6c4071cd", 447),
    "bouillabaisse": (52, "762f875a76ce9440", 890),
    "pieds-dans-le-plat": (10, "ba10b2f1b72f0f16", 156),
    "stir-fry-eighteen": (190, "4b01794a35635fb6", 128),
}
EXAMPLES: dict[str, dict[int, dict[str, object]]] = {
    "bouillabaisse": {0: {"type": "play", "card": "2C"}, 36: {"type": "play", "card": "QH"}},
    "pieds-dans-le-plat": {7: {"type": "play", "card": 7}},
    "stir-fry-eighteen": {
        0: {"type": "end_turn"},
        3: {"type": "cook", "dish": "crevette+porc+nouilles"},
        189: {"type": "discard_pair", "first": "nouilles", "second": "nouilles"},
    },
    "boom-badaboom": {2: {"type": "play", "card": "heat1", "target": None}},
    "ar-seizh-bigoudenn": {
        0: {"type": "pass"},
        4498: {"type": "recover", "card": "chocolat", "give_back": "chocolat"},
    },
}


def test_every_registered_game_has_its_tables() -> None:
    assert list(TABLES) == popote.game_names()


@pytest.mark.parametrize("game", sorted(PINNED))
def test_action_numbers_and_observation_lengths_are_pinned(game: str) -> None:
    tables = TABLES[game]
    size, digest, observation = PINNED[game]
    assert (tables.actions.size, tables.actions.digest(), tables.observation.size) == (
        size,
        digest,
        observation,
    )
    for index, action in EXAMPLES[game].items():
        assert tables.actions.describe(index) == action


def test_a_seat_named_in_an_action_is_numbered_from_the_acting_seat() -> None:
    actions = TABLES["boom-badaboom"].actions
    from_seat_2 = actions.index(
        {"type": "play", "card": "accident", "target": 3}, seat=2, players=4
    )
    from_seat_3 = actions.index(
        {"type": "play", "card": "accident", "target": 0}, seat=3, players=4
    )
    assert from_seat_2 is not None and from_seat_2 == from_seat_3
    assert actions.describe(from_seat_2)["target"] == 1


@pytest.mark.parametrize("game", sorted(PINNED))
def test_the_doc_lists_every_block_of_the_observation_with_its_width(game: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split(f"### `{game}`")[1].split("\n### ")[0]
    listed = re.findall(r"^\| `(\w+)` \| (\d+) \|", section, flags=re.MULTILINE)
    blocks = [(block.name, str(block.width)) for block in TABLES[game].observation.blocks]
    assert listed == blocks
    assert f"{TABLES[game].observation.size} numbers" in section
    assert f"{TABLES[game].actions.size} actions" in section
