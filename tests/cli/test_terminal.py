"""Playing in the terminal as a person does: menus in steps, keys, quitting, saving, resuming."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

import popote
from popote.cli.main import main
from popote.cli.play import ThinkingNotice, play_game, resume_game
from popote.cli.terminal import Answer
from popote.core.actions import Action
from popote.core.bot import Bot
from popote.core.i18n import Lang
from popote.core.match import Match


class Script:
    """Answers prompts from a list (then ``fill``), keeping every prompt and line."""

    def __init__(self, answers: Sequence[str], fill: str | None = None) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.fill = fill
        self.prompts: list[tuple[str, Answer]] = []
        self.lines: list[str] = []

    def read(self, prompt: str, how: Answer) -> str:
        self.prompts.append((prompt, how))
        answer = next(self.answers, self.fill)
        if answer is None:
            raise EOFError
        return answer

    def write(self, text: str) -> None:
        self.lines.extend(text.splitlines())

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def play(
    name: str,
    seed: int,
    script: Script,
    lang: Lang = "fr",
    human: int = 0,
    players: int | None = None,
) -> Match:
    return play_game(name, players, seed, "random", human, {}, lang, script.read, script.write)


def menu_listing(lines: list[str], start: int) -> list[str]:
    """The numbered lines of the menu that starts at ``lines[start]``."""
    listing = []
    for line in lines[start:]:
        if not line.startswith("  ") or ". " not in line:
            break
        listing.append(line)
    return listing


# Stir-Fry Eighteen, seed 1: seat 1 starts with 23 possible actions, chosen in steps.
@pytest.mark.parametrize(
    ("lang", "back", "step", "help_back"),
    [
        ("fr", "0 retour", "Annoncer une paire (piocher 3) :", "0 revient à l'étape précédente."),
        ("en", "0 back", "Claim a pair (draw 3):", "0 goes back to the previous step."),
    ],
)
def test_a_long_menu_is_chosen_in_steps_and_0_goes_back(
    lang: Lang, back: str, step: str, help_back: str
) -> None:
    script = Script(["1", "?", "0", "q", "o", ""])
    play("stir-fry-eighteen", 1, script, lang)
    first_prompt, second_prompt = script.prompts[0][0], script.prompts[1][0]
    assert back not in first_prompt and back in second_prompt
    top = script.lines.index(next(line for line in script.lines if line.startswith("  1. ")))
    top_menu = menu_listing(script.lines, top)
    assert 2 <= len(top_menu) <= 12
    assert step in script.lines
    assert help_back in script.lines
    # After 0, the first step's menu is read again, exactly as before.
    again = [i for i, line in enumerate(script.lines) if line == top_menu[0]]
    assert len(again) == 2 and menu_listing(script.lines, again[1]) == top_menu


def test_0_is_no_choice_in_the_first_step() -> None:
    script = Script(["0", "q", "o", ""])
    play("pieds-dans-le-plat", 4, script)
    assert "Choix invalide : '0'. Tapez un numéro de 1 à 3, ou ? pour l'aide." in script.lines


def test_forced_moves_are_still_played_for_the_person() -> None:
    script = Script([], fill="1")
    play("bouillabaisse", 3, script, players=3)
    assert any(line.startswith("Seul choix possible : ") for line in script.lines)


@pytest.mark.parametrize(
    ("lang", "quick_prompt", "quick_help", "enter_prompt", "enter_help"),
    [
        (
            "fr",
            "Votre choix (1-3, ? aide) : ",
            "Ici, une seule touche suffit.",
            "Votre choix (1-11 puis Entrée, ? aide) : ",
            "Ici, tapez le numéro puis Entrée.",
        ),
        (
            "en",
            "Your choice (1-3, ? help): ",
            "Here, a single key is enough.",
            "Your choice (1-11 then Enter, ? help): ",
            "Here, type the number, then Enter.",
        ),
    ],
)
def test_one_key_chooses_up_to_9_choices_and_10_or_more_need_enter(
    lang: Lang, quick_prompt: str, quick_help: str, enter_prompt: str, enter_help: str
) -> None:
    short = Script(["?", "q", "o", ""])
    play("pieds-dans-le-plat", 4, short, lang)
    assert short.prompts[0] == (quick_prompt, Answer.KEY)
    assert quick_help in short.lines
    # Boom Badaboom, seed 0: seat 4 opens with 11 choices.
    long = Script(["?", "q", "o", ""])
    play("boom-badaboom", 0, long, lang, human=3)
    assert long.prompts[0] == (enter_prompt, Answer.COMMAND)
    assert enter_help in long.lines
    for script in (short, long):
        rule = "Enter" if lang == "en" else "Entrée"
        assert sum(rule in line for line in script.lines) >= 2, "? names both rules"


def test_a_wrong_word_gets_one_short_error_and_typed_ahead_input_is_dropped() -> None:
    dropped: list[int] = []
    script = Script(["x" * 500, "q", "o", ""])
    play_game(
        "pieds-dans-le-plat",
        None,
        4,
        "random",
        0,
        {},
        "fr",
        script.read,
        script.write,
        discard=lambda: dropped.append(1),
    )
    errors = [line for line in script.lines if line.startswith("Choix invalide")]
    assert errors == [
        "Choix invalide : 'xxxxxxxxxxxxxxxxxxxx'…. Tapez un numéro de 1 à 3, ou ? pour l'aide."
    ]
    # Once when the decision is asked (keys typed before it), once after the wrong word.
    assert dropped == [1, 1]


class WaitsForNotice(Bot):
    """A bot that thinks until it has been announced as thinking."""

    def __init__(self, seat: int, said: threading.Event) -> None:
        super().__init__(seat, 0)
        self.said = said

    def choose(self, match: Match) -> Action:
        assert self.said.wait(timeout=30), "the notice came while the bot was thinking"
        return match.legal_actions(self.seat)[0]


@pytest.mark.parametrize(
    ("lang", "notice"), [("fr", "Siège 2 réfléchit…"), ("en", "Seat 2 is thinking…")]
)
def test_a_bot_thinking_long_says_so(lang: Lang, notice: str) -> None:
    match = popote.new_match("pieds-dans-le-plat", players=2, seed=1)
    match.act(0, match.legal_actions(0)[0])
    said = threading.Event()
    lines: list[str] = []

    def write(line: str) -> None:
        lines.append(line)
        said.set()

    slow = ThinkingNotice(WaitsForNotice(1, said), lang, write, delay=0.0)
    match.act(1, slow.choose(match))
    assert lines == [notice]
    quick = ThinkingNotice(WaitsForNotice(0, said), lang, write, delay=600.0)
    quick.choose(match)
    assert lines == [notice], "a quick bot says nothing"


@pytest.mark.parametrize(
    ("lang", "opening"),
    [
        ("fr", "Boom Badaboom : 1 joueur, graine 3. Vous êtes au siège 1. Tapez ? pour l'aide."),
        ("en", "Boom Badaboom: 1 player, seed 3. You are seat 1. Type ? for help."),
    ],
)
def test_the_opening_line_counts_players_with_a_real_plural(lang: Lang, opening: str) -> None:
    script = Script([], fill=None)
    play("boom-badaboom", 3, script, lang, players=1)
    assert script.lines[0] == opening


def test_save_path_is_checked_before_the_game_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing" / "game.json"
    assert main(["play", "pieds-dans-le-plat", "--save", str(missing)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"le dossier {missing.parent} n'existe pas" in captured.err
    assert main(["--lang", "en", "play", "pieds-dans-le-plat", "--save", str(tmp_path)]) == 2
    assert "is a folder: give a file name" in capsys.readouterr().err


def test_q_asks_before_quitting_and_offers_to_save(tmp_path: Path) -> None:
    target = tmp_path / "later.json"
    script = Script(["q", "n", "q", "o", str(tmp_path / "no" / "x.json"), str(target)])
    play("pieds-dans-le-plat", 4, script)
    text = script.text
    assert script.prompts[1] == ("Quitter la partie ? (o : oui, n : non) ", Answer.KEY)
    assert "La partie continue." in text
    assert "le dossier" in text and "n'existe pas" in text
    assert f"Partie enregistrée dans {target}." in text
    assert json.loads(target.read_text(encoding="utf-8"))["history"] == []


def test_quitting_without_a_file_name_saves_nothing(tmp_path: Path) -> None:
    script = Script(["q", "y", ""])
    play("pieds-dans-le-plat", 4, script, "en")
    assert script.lines[-2:] == ["Game stopped.", "Game not saved."]


def quit_after(moves: int) -> Callable[[str, Answer], str]:
    """Answers 1 to ``moves`` prompts, then quits."""
    answers = iter(["1"] * moves + ["q", "o"])

    def read(prompt: str, answer: Answer) -> str:
        return next(answers, "")

    return read


def test_a_saved_game_is_resumed_with_its_seed_bots_and_seat(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = play_game(
        "pieds-dans-le-plat", 3, 8, "random,heuristic", 1, {}, "fr", quit_after(3), print, save
    )
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert saved["bots"] == ["random", None, "heuristic"] and saved["human_seat"] == 1
    assert not first.over and saved["history"]
    script = Script([], fill="1")
    resumed = resume_game(save, None, "fr", script.read, script.write)
    assert resumed.over and resumed.seed == 8 and resumed.players == 3
    assert resumed.history[: len(saved["history"])] == saved["history"]
    moves = len(saved["history"])
    assert script.lines[0] == (
        f"Les Pieds dans le Plat : partie reprise après {moves} coups, 3 joueurs, graine 8. "
        "Vous êtes au siège 2. Tapez ? pour l'aide."
    )
    again = json.loads(save.read_text(encoding="utf-8"))
    assert len(again["history"]) == len(resumed.history) and again["bots"] == saved["bots"]


def test_resume_through_the_command_and_old_saves_get_default_bots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "old.json"
    play_game("pieds-dans-le-plat", 2, 3, "random", 0, {}, "fr", quit_after(1), print, save)
    old = json.loads(save.read_text(encoding="utf-8"))
    del old["bots"]
    save.write_text(json.dumps(old), encoding="utf-8")
    elsewhere = tmp_path / "new.json"
    script = Script([], fill="1")
    resume_game(save, elsewhere, "en", script.read, script.write)
    assert json.loads(elsewhere.read_text(encoding="utf-8"))["bots"] == [None, "heuristic"]
    assert "game resumed after" in script.lines[0]
    assert main(["play", "--resume", str(elsewhere)]) == 2
    assert "rien à reprendre" in capsys.readouterr().err


def test_resume_refuses_a_save_of_another_game_than_the_one_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "pieds.json"
    play_game("pieds-dans-le-plat", 2, 3, "random", 0, {}, "fr", quit_after(1), print, save)
    before = save.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["play", "bouillabaisse", "--resume", str(save)]) == 2
    assert capsys.readouterr().err == (
        f"Erreur : {save} est une partie de Les Pieds dans le Plat, pas de La Bouillabaisse : "
        f"pour la reprendre, popote play --resume {save}\n"
    )
    assert save.read_text(encoding="utf-8") == before


def test_a_save_file_that_cannot_be_written_is_refused_before_the_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "pieds-dans-le-plat", "--save", "/proc/game.json"]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        "Erreur : impossible d'écrire /proc/game.json : on ne peut pas créer de fichier à cet "
        "endroit\n"
    )
    assert "Les Pieds dans le Plat" not in captured.out, "refused before the game starts"
