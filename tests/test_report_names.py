"""Balance and simulation reports name sides, roles, characters, seats and configurations
as people do, in French or English: no internal key reaches the reader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from popote.cli.main import main
from popote.cli.plots import plot_balance
from popote.core.registry import get_game
from popote.lab.balance import run_study, study_for

BOOM = "boom-badaboom"
BOOM_KEYS = re.compile(r"equipe|farceurs|patissiers|glouton|\b\dp\b")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main([*args, "--jobs", "1"]) == 0
    return capsys.readouterr().out


def _table(text: str) -> str:
    """The report without the line naming the command that regenerates it."""
    return "\n".join(line for line in text.splitlines() if "popote balance" not in line)


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        (
            "fr",
            [
                "Table des difficultés",
                "| Cupcake, 3 joueurs, rôles cachés | 3 | ≈\u00a090\u00a0% |",
                "Génoise, 1 joueur, solo",
                "Éclair, 2 joueurs, coopératif",
                "Pièce montée, 5 joueurs, rôles cachés, Glouton au gâteau parfait",
                "| Pâtissiers | Farceurs | Glouton | Équipe |",
                "score moyen",
            ],
        ),
        (
            "en",
            [
                "Difficulty table",
                "| Cupcake, 3 players, hidden roles | 3 | ~90% |",
                "Sponge Cake, 1 player, solo",
                "Eclair, 2 players, cooperative",
                "Croquembouche, 5 players, hidden roles, Glutton needs the perfect cake",
                "| Bakers | Pranksters | Glutton | Team |",
                "mean score",
            ],
        ),
    ],
)
def test_the_boom_balance_report_names_levels_variants_and_sides(
    lang: str, names: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "reports"
    text = run(capsys, "balance", BOOM, "--games", "1", "--out", str(out), "--lang", lang)
    for name in names:
        assert name in text
    assert not BOOM_KEYS.search(_table(text))
    assert ("--lang en`" in text) == (lang == "en")
    assert (out / f"{BOOM}.md").read_text(encoding="utf-8").strip() == text.strip()


def test_the_bigouden_balance_report_names_each_bigouden_and_player_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = "ar-seizh-bigoudenn"
    text = _table(run(capsys, "balance", game, "--games", "1", "--out", str(tmp_path)))
    assert "| 2 joueurs | 2 |" in text and "| 7 joueurs | 7 |" in text
    assert "Annaïg" in text and "Maïwenn" in text
    assert not re.search(r"annaig|maiwenn|players", text)


@pytest.mark.parametrize(
    ("lang", "seat", "players", "other"),
    [("fr", "Siège 1", "| 2 joueurs |", "seat"), ("en", "Seat 1", "| 2 players |", "siège")],
)
def test_the_first_seat_report_names_seats_and_counts_in_the_reader_language(
    lang: str,
    seat: str,
    players: str,
    other: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = "pieds-dans-le-plat"
    text = _table(
        run(capsys, "balance", game, "--games", "1", "--out", str(tmp_path), "--lang", lang)
    )
    assert seat in text and players in text
    assert other not in text.lower()


def test_the_balance_plot_names_sides_and_levels(tmp_path: Path) -> None:
    game = get_game(BOOM)
    study = study_for(game)
    rows = run_study(game, study, games=1, seed=0, jobs=1)
    plot = tmp_path / "balance.svg"
    plot_balance(game, study, rows, plot, "en")
    svg = plot.read_text(encoding="utf-8")
    for name in ("Bakers", "Pranksters", "Glutton", "Team", "Cupcake, 3 players", "Croquembouche"):
        assert name in svg
    assert not BOOM_KEYS.search(svg)


@pytest.mark.parametrize(
    ("lang", "sides"),
    [
        ("fr", ["Camp Pâtissiers : gagne", "Camp Farceurs : gagne", "Camp Glouton : gagne"]),
        ("en", ["Bakers side: wins", "Pranksters side: wins", "Glutton side: wins"]),
    ],
)
def test_a_simulation_names_the_sides_of_a_hidden_role_game(
    lang: str, sides: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    text = run(capsys, "simulate", BOOM, "--players", "4", "--games", "2", "--lang", lang)
    for side in sides:
        assert side in text
    assert not BOOM_KEYS.search(text)
