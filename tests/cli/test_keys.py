"""Keys typed at a real terminal (a pseudo-terminal): one key chooses, a pasted word is one error."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.cli.pty_terminal import quit_without_saving, session
from tests.cli.test_replay import saved_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals only")


def test_a_pasted_word_gets_one_short_error_and_one_key_chooses() -> None:
    with session("play", "pieds-dans-le-plat", "--seed", "4", "--bots", "random") as terminal:
        terminal.wait_for("Votre choix (1-3, ? aide) : ")
        terminal.type("nonsense and more")
        shown = terminal.wait_for("Votre choix (1-3, ? aide) : ")
        assert shown.count("Choix invalide") == 1
        assert "Choix invalide : 'n'. Tapez un numéro de 1 à 3" in shown
        terminal.type("1")
        terminal.wait_for("Votre choix (1-")
        quit_without_saving(terminal)


def test_shortcut_letters_need_no_enter_even_where_a_number_does() -> None:
    # Boom Badaboom, seed 0: seat 4 opens with 11 choices, chosen by number then Enter.
    args = ("play", "boom-badaboom", "--seed", "0", "--seat", "4", "--bots", "random")
    prompt = "Votre choix (1-11 puis Entrée, ? aide) : "
    with session(*args) as terminal:
        terminal.wait_for(prompt)
        terminal.type("r")
        assert "four capricieux" in terminal.wait_for(prompt), "r: the rules at once"
        terminal.type("v")
        assert "Votre main" in terminal.wait_for(prompt), "v: the table at once"
        terminal.type("?")
        assert "toujours d'une seule touche" in terminal.wait_for(prompt)
        terminal.type("1")
        terminal.settle(0.3)
        assert terminal.screen()[-1] == prompt + "1", "a digit waits for Enter, shown"
        terminal.type("\x7f2\n")
        assert "Choix invalide" not in terminal.wait_for("\n")
        terminal.wait_for("Votre choix (1-")
        quit_without_saving(terminal)


def test_keys_typed_before_a_decision_is_asked_are_dropped() -> None:
    # Typed while the program starts: the table is not shown when the first choice comes.
    with session("play", "pieds-dans-le-plat", "--seed", "4", "--bots", "random") as terminal:
        terminal.type("v")
        terminal.wait_for("Votre choix (1-3, ? aide) : ")
        terminal.settle(0.3)
        assert not any(line.startswith("Vos îles") for line in terminal.screen())
        terminal.type("v")
        assert "Vos îles" in terminal.wait_for("Votre choix (1-3, ? aide) : ")
        quit_without_saving(terminal)


def test_replay_goes_back_with_p_alone_and_to_a_round_with_m(tmp_path: Path) -> None:
    save = saved_game(tmp_path, "bouillabaisse", 3, 2, moves=None)
    step = "[Entrée : suite, p : précédent, ? : aide] "
    with session("replay", str(save)) as terminal:
        terminal.wait_for(step)
        terminal.type("\n")
        assert "— Coup 1 sur" in terminal.wait_for(step)
        terminal.type("p")
        assert "— Début de la partie —" in terminal.wait_for(step), "p at once, no Enter"
        terminal.type("m")
        terminal.wait_for("Entrée seule : la suivante) : ")
        terminal.type("\n")
        assert "— Manche 2 —" in terminal.wait_for(step)
        terminal.type("q")
