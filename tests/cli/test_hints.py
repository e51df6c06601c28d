"""``h`` in ``popote play``: what ``difficile`` would play, and why, kept in the game's record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import popote
from popote.cli.common import read_save
from popote.cli.hints import Hints
from popote.cli.main import main
from popote.cli.play import play_game, resume_game
from popote.cli.replay import replay_file
from popote.core.i18n import Lang
from tests.cli.pty_terminal import session
from tests.cli.test_terminal import Script

HINT = {
    "fr": "Conseil demandé. Le niveau «\u00a0difficile\u00a0» choisirait : ",
    "en": "Hint asked. The “hard” level would choose: ",
}


def test_h_in_a_terminal_shows_a_hint_and_the_save_keeps_it(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ("play", "pieds-dans-le-plat", "--players", "3", "--seed", "4", "--save", str(save))
    with session(*args) as terminal:
        menu = terminal.wait_for("Votre choix (1-3, ? aide) : ")
        terminal.type("h")
        shown = terminal.wait_for("Votre choix (1-3, ? aide) : ")
        terminal.type("q")
        terminal.wait_for("Quitter la partie ? (o : oui, n : non) ")
        terminal.type("o")
        terminal.wait_for(f"Partie enregistrée dans {save}.")
    hint_line = next(line for line in shown.splitlines() if HINT["fr"] in line)
    advised = hint_line.split(HINT["fr"])[1].rstrip(".\r")
    assert any(line.rstrip("\r").endswith(advised) for line in menu.splitlines())
    assert "Part de victoire estimée par la recherche :" in shown
    assert f"  {advised} (" in shown, "the advised action has its estimate"
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["hints"] == [{"seat": 0, "move": 0}] and saved["history"] == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_resumed_game_keeps_its_earlier_hints_and_adds_new_ones(
    lang: Lang, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    first = Script(["h", "1", "q", "o"])
    play_game("pieds-dans-le-plat", 3, 5, "random", 1, {}, lang, first.read, first.write, save)
    asked = [line for line in first.lines if line.startswith(HINT[lang])]
    assert len(asked) == 1
    earlier = read_save(save)["hints"]
    assert len(earlier) == 1 and earlier[0]["seat"] == 1 and earlier[0]["move"] >= 1
    assert len(read_save(save)["history"]) > earlier[0]["move"], "quit at a later decision"
    second = Script(["h", "h"], fill="1")
    resumed = resume_game(save, None, lang, second.read, second.write)
    hints = read_save(save)["hints"]
    assert resumed.over
    # The same decision asked twice is one hint of the record, said twice on screen.
    assert sum(line.startswith(HINT[lang]) for line in second.lines) == 2
    assert hints[0] == earlier[0] and len(hints) == 2 and hints[1]["move"] > earlier[0]["move"]
    replay = Script([])
    replay_file(save, lang, replay.read, replay.write, pause=False)
    said = {"fr": "Conseil demandé par Siège 2 (vous).", "en": "Hint asked by Seat 2 (you)."}
    assert replay.lines.count(said[lang]) == 2


def test_no_hint_when_the_person_is_not_to_act() -> None:
    match = popote.new_match("pieds-dans-le-plat", players=3, seed=4)
    waiting = next(seat for seat in range(3) if seat not in match.to_act)
    script = Script([])
    hints = Hints(match, waiting, ["A", "B", "C"], "en", script.write)
    hints.ask()
    assert script.lines == ["No hint now: it is not your turn."] and hints.asked == []


@pytest.mark.parametrize(
    "hints",
    [
        "yes",
        [{"seat": 7, "move": 0}],
        [{"seat": 0, "move": 99}],
        [{"seat": 0}],
        [{"seat": True, "move": 0}],
        [{"seat": 0, "move": 0, "script": "<b>"}],
    ],
)
def test_a_save_with_unreadable_hints_is_refused(
    hints: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    script = Script(["1", "q", "o"])
    play_game("pieds-dans-le-plat", 3, 4, "random", 0, {}, "fr", script.read, script.write, save)
    payload = json.loads(save.read_text(encoding="utf-8"))
    payload["hints"] = hints
    save.write_text(json.dumps(payload), encoding="utf-8")
    assert main(["replay", str(save), "--all"]) == 2
    err = capsys.readouterr().err
    assert "liste de conseils illisible" in err and "Traceback" not in err


def test_a_save_without_hints_has_no_hints_list(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    script = Script(["1", "q", "o"])
    play_game("pieds-dans-le-plat", 3, 4, "random", 0, {}, "fr", script.read, script.write, save)
    assert "hints" not in json.loads(save.read_text(encoding="utf-8"))
