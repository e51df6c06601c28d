"""``popote replay`` as a person steps through a saved game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from popote.cli.common import SaveFileError
from popote.cli.main import main
from popote.cli.play import play_game
from popote.cli.replay import replay_file
from popote.cli.terminal import Answer
from popote.core.i18n import Lang


def answers(*typed: str) -> Iterator[str]:
    yield from typed


def saved_game(folder: Path, name: str, players: int, seed: int, moves: int | None) -> Path:
    """A game saved after ``moves`` answers of the person (None: played to the end)."""
    path = folder / f"{name}.json"
    typed = answers(*(["1"] * moves + ["q", "o"])) if moves is not None else None

    def read(prompt: str, answer: Answer) -> str:
        return "1" if typed is None else next(typed, "")

    play_game(name, players, seed, "random", 0, {}, "fr", read, lambda text: None, path)
    return path


def replayed(path: Path, lang: Lang = "fr", reveal: bool = False, *typed: str) -> list[str]:
    lines: list[str] = []
    commands = iter(typed)

    def read(prompt: str, answer: Answer) -> str:
        try:
            return next(commands)
        except StopIteration:
            raise EOFError from None

    replay_file(path, lang, read, lambda text: lines.extend(text.splitlines()), bool(typed), reveal)
    return lines


def test_reveal_names_whose_secret_each_line_is_and_shows_each_draw_once(tmp_path: Path) -> None:
    save = saved_game(tmp_path, "boom-badaboom", 3, 2, moves=6)
    lines = replayed(save, "fr", True)
    assert not [line for line in lines if "(vous)" in line]
    roles = [line for line in lines if "Votre rôle" in line]
    assert roles == [
        "Pour Siège 1 seulement : Votre rôle : Glouton.",
        "Pour Siège 2 seulement : Votre rôle : Farceur.",
        "Pour Siège 3 seulement : Votre rôle : Pâtissier.",
    ]
    english = replayed(save, "en", True)
    assert "For Seat 1 only: Your role: Glutton." in english
    # Stir-Fry Eighteen says a draw twice: the card to the drawer, a count to the others.
    stir_fry = replayed(saved_game(tmp_path, "stir-fry-eighteen", 3, 2, moves=8), "fr", True)
    draws = [line for line in stir_fry if "en début de tour" in line]
    assert draws and all(line.startswith("Pour Siège ") for line in draws)
    assert "Pour Siège 3 seulement : Vous piochez oignon vert en début de tour." in draws


def test_the_header_says_game_players_seed_options_and_an_early_quit(tmp_path: Path) -> None:
    save = saved_game(tmp_path, "pieds-dans-le-plat", 3, 4, moves=2)
    moves = len(json.loads(save.read_text(encoding="utf-8"))["history"])
    lines = replayed(save)
    assert lines[:4] == [
        f"Revoir : Les Pieds dans le Plat, 3 joueurs, graine 4, {moves} coups.",
        "Options : assisted=non, empty_pile=reshuffle.",
        "Vue du siège 1.",
        f"Partie quittée avant la fin, après le coup {moves}.",
    ]
    assert lines[-1] == f"Partie quittée avant la fin, après le coup {moves}."
    finished = replayed(saved_game(tmp_path, "pieds-dans-le-plat", 2, 4, moves=None), "en")
    assert finished[-1] == "End of the saved game." and not any("quit" in line for line in finished)


def test_stepping_forward_back_to_a_move_and_to_a_round(tmp_path: Path) -> None:
    save = saved_game(tmp_path, "bouillabaisse", 3, 2, moves=None)
    total = len(json.loads(save.read_text(encoding="utf-8"))["history"])
    typed = ("", "", "p", "10", "v", "m 2", "m", "", "?", "m", "99", "zz", "q")
    lines = replayed(save, "fr", False, *typed)
    marks = [line for line in lines if line.startswith("— ")]
    moves = [mark for mark in marks if mark.startswith("— Coup")]
    assert moves[:4] == [
        f"— Coup 1 sur {total} —",
        f"— Coup 2 sur {total} —",
        f"— Coup 1 sur {total} —",
        f"— Coup 10 sur {total} —",
    ]
    assert "Votre main" in " ".join(lines[lines.index(f"— Coup 10 sur {total} —") :])
    rounds = [mark for mark in marks if mark.startswith("— Manche")]
    assert rounds[:2] == ["— Manche 2 —", "— Manche 3 —"]
    assert (
        "m : aller au début d'une manche (Entrée : la suivante, ou son numéro puis Entrée)."
        in lines
    )
    assert any(line.startswith("Pas de manche 99 (manches 1 à ") for line in lines)
    assert "Commande inconnue : 'zz'. Tapez ? pour l'aide." in lines


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"popote_save": 99}, "version de sauvegarde inconnue 99"),
        ({"human_seat": 3}, "siège du joueur 4 hors de la table (sièges 1 à 3)"),
        ({"human_seat": "one"}, "siège du joueur 'one' hors de la table"),
    ],
)
def test_a_save_with_an_unknown_version_or_seat_is_refused(
    change: dict[str, object], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = saved_game(tmp_path, "pieds-dans-le-plat", 3, 4, moves=1)
    payload = json.loads(save.read_text(encoding="utf-8"))
    save.write_text(json.dumps({**payload, **change}), encoding="utf-8")
    assert main(["replay", str(save), "--all"]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("names", [["Rozenn"], ["Rozenn", "\x1b[2JKatell", "Bot"], "Rozenn"])
def test_names_kept_in_a_save_must_be_one_printable_name_per_seat(
    tmp_path: Path, names: object
) -> None:
    save = saved_game(tmp_path, "pieds-dans-le-plat", 3, 4, moves=2)
    payload = json.loads(save.read_text(encoding="utf-8"))
    payload["names"] = names
    save.write_text(json.dumps(payload), encoding="utf-8")
    with pytest.raises(SaveFileError, match="noms des joueurs illisibles"):
        replayed(save)
