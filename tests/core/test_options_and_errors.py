"""Options are typed and validated; errors speak French by default and English on request."""

from __future__ import annotations

import pytest

import popote
from popote.core.i18n import Text
from popote.core.options import Option, resolve_options

SIZE = Option.integer("size", 3, Text("Taille", "Size"), minimum=1, maximum=5)
MODE = Option.choice("mode", "a", Text("Mode", "Mode"), ["a", "b"])
FAST = Option.boolean("fast", False, Text("Vite", "Fast"))


def test_defaults_fill_in_and_values_are_checked_by_type() -> None:
    assert resolve_options((SIZE, MODE, FAST), {"size": 5}) == {
        "size": 5,
        "mode": "a",
        "fast": False,
    }
    for bad in ({"size": 6}, {"size": True}, {"size": "3"}, {"mode": "c"}, {"fast": 1}):
        with pytest.raises(popote.InvalidSetup):
            resolve_options((SIZE, MODE, FAST), bad)


def test_command_line_values_are_parsed_per_type() -> None:
    assert SIZE.parse("4") == 4 and FAST.parse("oui") is True and FAST.parse("false") is False
    assert MODE.parse(" b ") == "b"
    with pytest.raises(popote.InvalidSetup):
        SIZE.parse("quatre")


def test_game_info_lists_typed_options() -> None:
    info = popote.game_info("pieds-dans-le-plat")
    assert info["options"]["assisted"] == {
        "type": "bool",
        "default": False,
        "help": info["options"]["assisted"]["help"],
    }
    assert info["options"]["empty_pile"]["choices"] == ["reshuffle", "end"]
    assert set(info["options"]["empty_pile"]["help"]) == {"fr", "en"}


def test_messages_switch_language() -> None:
    with pytest.raises(popote.InvalidSetup) as caught:
        popote.new_match("soupe")
    assert str(caught.value).startswith("jeu inconnu")
    popote.set_language("en")
    try:
        assert str(caught.value).startswith("unknown game")
    finally:
        popote.set_language("fr")
    assert caught.value.message("en").startswith("unknown game")


def test_illegal_action_is_a_value_error_and_changes_nothing() -> None:
    match = popote.new_match("pieds-dans-le-plat", players=2, seed=3)
    before = match.view(0)
    with pytest.raises(ValueError, match="action interdite"):
        match.act(0, {"type": "play", "card": 99})
    assert match.view(0) == before and match.history == []


def test_history_is_a_copy_the_caller_cannot_corrupt() -> None:
    match = popote.new_match("pieds-dans-le-plat", players=2, seed=3)
    match.act(0, match.legal_actions(0)[0])
    match.history.clear()
    assert len(match.history) == 1
    actions = match.legal_actions(1)
    actions.clear()
    assert match.legal_actions(1)
