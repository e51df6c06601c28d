"""``popote --help`` read in one language, French by default, English with ``--lang en``."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from popote.__main__ import main
from tests.base_install import run_without_extras

COMMANDS = (
    "list",
    "play",
    "simulate",
    "tournament",
    "duplicate",
    "regret",
    "balance",
    "calibrate",
    "ladder",
    "replay",
    "serve",
)
FRENCH = re.compile(
    r"\b(le|la|les|des|du|une|est|pour|dans|défaut|partie|joueurs|siège|graine|afficher)\b",
    re.IGNORECASE,
)
ENGLISH = re.compile(r"\b(the|show|this|message|usage|default|games|seat|options:)\b")
NAMES = re.compile(
    r"--?[\w-]+|\S*://\S*|\(facile, moyen, difficile, expert, appris\)|\b(?:side|seat):[\w=|]*"
)
"""Option names, addresses, level names and calibrate's measures (``seat:N=fair``), the same
in both languages."""
OPTION = re.compile(r"^  (-\S+)")
README = Path(__file__).parents[2] / "README.md"


def help_of(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main([*args, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def described_options(text: str) -> dict[str, str]:
    """Each option of a help text and its description (wrapped lines joined)."""
    options: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        found = OPTION.match(line)
        if found:
            current = found.group(1).rstrip(",")
            options[current] = line[found.end() :]
        elif current and line.startswith("      "):
            options[current] += " " + line.strip()
        else:
            current = None
    return options


def test_the_main_help_is_all_french_with_a_summary_per_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = help_of([], capsys)
    assert text.startswith("utilisation\u00a0: popote")
    assert "afficher cette aide et quitter" in text and "options\u00a0:" in text
    assert "usage" not in text and "show this help" not in text
    for command in COMMANDS:
        assert re.search(rf"^    {command} +\S", text, re.MULTILINE), f"{command} has a summary"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_option_says_what_it_does_and_its_default_in_french(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = help_of([command], capsys)
    words = NAMES.sub("", text)
    assert not ENGLISH.search(words), f"{command}: English word {ENGLISH.search(words)}"
    for option, description in described_options(text).items():
        if option != "-h":
            assert "défaut" in description, f"{command} {option}: {description!r}"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_option_says_what_it_does_and_its_default_in_english(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # --lang is read wherever it stands, before the parser is built.
    text = help_of([command, "--lang", "en"], capsys)
    assert text.startswith("usage: popote")
    french = FRENCH.search(NAMES.sub("", text))
    assert not french, f"{command}: French word {french.group(0)!r}"
    for option, description in described_options(text).items():
        if option != "-h":
            assert "default" in description, f"{command} {option}: {description!r}"


def test_argparse_errors_speak_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "pieds-dans-le-plat", "--players", "deux"])
    err = capsys.readouterr().err
    assert "popote play\u00a0: erreur\u00a0: argument --players\u00a0: " in err
    assert "valeur invalide\u00a0: 'deux' (nombre attendu)" in err
    with pytest.raises(SystemExit):
        main(["--lang", "en", "simulate"])
    err = capsys.readouterr().err
    assert "the following arguments are required: GAME" in err and "erreur" not in err
    # Another program's argparse, after popote ran, is argparse as usual.
    assert argparse.ArgumentParser(prog="other").format_help().startswith("usage: other")


def test_the_progress_lines_for_screen_readers_are_in_the_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "pour un lecteur d'écran" in " ".join(help_of(["simulate"], capsys).split())
    assert "for a screen reader" in " ".join(help_of(["--lang", "en", "balance"], capsys).split())


@pytest.mark.parametrize("command", ["play", "replay", "review"])
def test_the_readme_names_every_option_of_play_replay_and_review(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = README.read_text(encoding="utf-8")
    for option in described_options(help_of([command, "--lang", "en"], capsys)):
        if option.startswith("--"):
            assert f"`{option}" in readme, f"README says nothing of {command} {option}"


@pytest.mark.parametrize("command", [["--help"], ["serve", "--help"], ["train", "--help"]])
def test_popote_starts_on_the_base_install_without_the_rl_and_gpu_extras(
    command: list[str],
) -> None:
    """``make run`` installs Popote without its extras: the command must still start."""
    done = run_without_extras(f"from popote.__main__ import main\nsys.exit(main({command!r}))\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("utilisation")
