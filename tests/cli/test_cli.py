"""The ``popote`` command as a person (or a script) uses it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from popote.cli.main import main
from popote.core.i18n import get_language


def popote(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "popote", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_whole_game_is_played_through_piped_input_and_saved(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run = popote(
        "play",
        "pieds-dans-le-plat",
        "--players",
        "3",
        "--seed",
        "4",
        "--save",
        str(save),
        stdin="?\nr\nv\nnonsense\n42\n" + "1\n" * 400,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Traceback" not in out + run.stderr
    assert "Fin de la partie" in out
    assert (
        "Raccourcis" in out
        and "Choix invalide : 'nonsense'" in out
        and "Choix invalide : '42'" in out
    )
    assert "Votre main" in out and "Total" in out
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["game"] == "pieds-dans-le-plat" and saved["history"]
    replay = popote("replay", str(save), "--all")
    assert replay.returncode == 0
    assert replay.stdout.count("joue ") == len(saved["history"])
    assert "Fin de la partie" in replay.stdout


def test_end_of_input_and_quit_end_the_game_cleanly() -> None:
    for stdin in ("", "1\n", "q\n"):
        run = popote("play", "pieds-dans-le-plat", "--seed", "1", stdin=stdin)
        assert run.returncode == 0
        assert "Partie interrompue." in run.stdout
        assert "Traceback" not in run.stderr


def test_english_on_request() -> None:
    run = popote("--lang", "en", "play", "pieds-dans-le-plat", "--seed", "1", stdin="q\n")
    assert "Your turn" in run.stdout and "Game stopped." in run.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "soupe"], "jeu inconnu : 'soupe'"),
        (["play", "pieds-dans-le-plat", "--players", "9"], "de 2 à 5 joueurs"),
        (
            ["play", "pieds-dans-le-plat", "--option", "assisted=peut-être"],
            "valeur invalide pour l'option assisted",
        ),
        (
            ["play", "pieds-dans-le-plat", "--option", "couleur=rouge"],
            "option inconnue : 'couleur'",
        ),
        (["play", "pieds-dans-le-plat", "--seat", "7"], "siège inconnu"),
        (["simulate", "pieds-dans-le-plat", "--bots", "genius"], "bots attendus"),
        (["replay", "/no/such/file.json"], "impossible de lire"),
    ],
)
def test_bad_input_gets_a_clear_message_not_a_traceback(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_file_that_is_not_a_save_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main(["replay", str(broken)]) == 2
    assert "n'est pas du JSON valide" in capsys.readouterr().err
    broken.write_text('{"game": "pieds-dans-le-plat"}', encoding="utf-8")
    assert main(["--lang", "en", "replay", str(broken)]) == 2
    assert "is not a game saved by Popote" in capsys.readouterr().err


def test_simulate_reports_the_same_figures_for_the_same_arguments() -> None:
    args = [
        "simulate",
        "pieds-dans-le-plat",
        "--players",
        "3",
        "--games",
        "30",
        "--seed",
        "5",
        "--json",
    ]
    first, second = popote(*args), popote(*args)
    assert first.returncode == 0 and first.stdout == second.stdout
    report = json.loads(first.stdout)
    assert report["games"] == 30 and len(report["seats"]) == 3
    assert all(0 <= seat["win_rate"] <= 1 for seat in report["seats"])
    assert report["mean_length"] > 0


def test_list_shows_games_player_counts_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "pieds-dans-le-plat" in out and "2 à 5 joueurs" in out
    assert "--option assisted=oui|non (défaut : non) : " in out
    assert not re.search(r"\b(True|False)\b|\((bool|int|choice), ", out)


def test_a_command_in_english_leaves_the_callers_language_as_it_was() -> None:
    assert main(["list", "--lang", "en"]) == 0
    assert get_language() == "fr"


def test_superscript_and_circled_digits_are_refused_politely(tmp_path: Path) -> None:
    """``str.isdigit`` accepts "²" and "①", which are no choice numbers."""
    run = popote("play", "pieds-dans-le-plat", "--seed", "4", stdin="²\n①\n" + "9" * 5000 + "\nq\n")
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert run.stdout.count("Choix invalide") == 3 and "Partie interrompue." in run.stdout


@pytest.mark.parametrize(
    "content",
    [
        '{"game": "pieds-dans-le-plat", "players": 2, "seed": ' + "9" * 5000 + "}",
        "[" * 100_000,
    ],
    ids=["huge-number", "deep-brackets"],
)
def test_a_hostile_save_is_refused_with_a_message(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "hostile.json"
    save.write_text(content, encoding="utf-8")
    assert main(["replay", str(save), "--all"]) == 2
    assert "trop long ou une imbrication trop profonde" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["simulate", "tournament", "duplicate"])
def test_zero_players_is_refused_not_replaced_by_the_default(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [command, "pieds-dans-le-plat", "--players", "0", "--games", "2", "--jobs", "1"]
    assert main([*args, "--bots", "random,heuristic"]) == 2
    assert "pas 0" in capsys.readouterr().err


def test_a_refused_setup_in_worker_processes_ends_the_batch_with_a_message() -> None:
    """Errors raised in worker processes come back pickled: they used to hang the batch."""
    run = popote("simulate", "pieds-dans-le-plat", "--players", "6", "--games", "4", "--jobs", "2")
    assert run.returncode == 2
    assert "de 2 à 5 joueurs, pas 6" in run.stderr and "Traceback" not in run.stderr
