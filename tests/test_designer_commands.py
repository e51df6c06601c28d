"""The batch commands as a designer reads them: sentences in French or English, outputs
checked before the first game, nothing lost to Ctrl-C."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import popote.cli.batch
from popote.cli.main import main
from popote.cli.paths import check_output_folder
from popote.lab.simulate import GameRecord, GameTask, play_task

GAME = "pieds-dans-le-plat"
FAST = ["--jobs", "1"]
NBSP = "\u00a0"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_french_output_writes_french_numbers_and_english_output_no_french(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, french, _ = run(capsys, "simulate", GAME, "--players", "3", "--games", "4", *FAST)
    assert re.search(rf"Siège 1 \(heuristique\) : gagne \d+,\d{NBSP}% \[", french)
    assert f"À force égale, chaque siège gagnerait 33,3{NBSP}% des parties" in french
    assert not re.search(r"\d\.\d|\d%", french)
    _, english, _ = run(capsys, "simulate", GAME, "--games", "4", "--lang", "en", *FAST)
    assert re.search(r"Seat 1 \(heuristic\): wins \d+\.\d%", english)
    assert not re.search(r"Siège|parties|gagne|victoires|\(s\)|,\d", english)


def test_one_game_is_one_partie_not_parties(capsys: pytest.CaptureFixture[str]) -> None:
    _, french, _ = run(capsys, "simulate", GAME, "--games", "1", *FAST)
    assert "1 partie à 3 joueurs" in french
    assert "(s)" not in french


@pytest.mark.parametrize(
    ("option", "where", "message"),
    [
        ("--json", "missing/report.json", "le dossier missing n'existe pas"),
        ("--json", ".", "est un dossier"),
        ("--plot", "missing/plot.png", "le dossier missing n'existe pas"),
        ("--plot", "plots", "format inconnu"),
        # Tried by writing there: /proc passes every permission check, yet takes no file.
        ("--json", "/proc/report.json", "on ne peut pas créer de fichier à cet endroit"),
        ("--plot", "/proc/plot.png", "on ne peut pas créer de fichier à cet endroit"),
    ],
)
def test_an_output_that_cannot_be_written_is_refused_before_any_game(
    option: str,
    where: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "simulate", GAME, "--games", "2", option, where, *FAST)
    assert status == 2 and message in err
    assert "Terminé" not in err and not out


def test_every_file_written_is_confirmed_with_the_elapsed_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report, plot = tmp_path / "r.json", tmp_path / "p.svg"
    status, _, err = run(
        capsys, "tournament", GAME, "--bots", "random,heuristic", "--games", "4",
        "--json", str(report), "--plot", str(plot), "--lang", "en", *FAST,
    )  # fmt: skip
    assert status == 0 and f"Written: {report}" in err and f"Written: {plot}" in err
    assert re.search(r"Done in \d+", err)


def test_balance_writes_where_it_is_told_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "reports"
    status, text, err = run(capsys, "balance", GAME, "--games", "1", "--out", str(out), *FAST)
    assert status == 0 and "Avantage du premier joueur" in text
    for suffix in (".md", ".json", ".png"):
        assert f"Écrit : {out / GAME}{suffix}" in err
        assert (out / f"{GAME}{suffix}").stat().st_size > 0


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("/proc/nope", "cannot write /proc/nope: no file can be made there"),
        ("{tmp}/nonexistent/deep/dir", "the folder {tmp}/nonexistent/deep does not exist"),
    ],
)
def test_balance_refuses_a_folder_it_cannot_write_before_any_game(
    out: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    where = out.format(tmp=tmp_path)
    status, text, err = run(capsys, "balance", GAME, "--out", where, "--lang", "en", *FAST)
    assert status == 2 and message.format(tmp=tmp_path) in err
    assert not text and "Done" not in err
    assert not (tmp_path / "nonexistent").exists(), "no folder made on the way"


def test_balance_makes_only_the_last_folder_and_the_check_leaves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check_output_folder(tmp_path / "new")
    assert list(tmp_path.iterdir()) == [], "the check removes what it made"
    status, _, _ = run(
        capsys, "balance", GAME, "--games", "1", "--out", str(tmp_path / "new"), *FAST
    )
    assert status == 0 and sorted(p.name for p in (tmp_path / "new").iterdir()) == [
        f"{GAME}.json",
        f"{GAME}.md",
        f"{GAME}.png",
    ]


def test_balance_refuses_a_file_name_for_its_folder_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "balance", GAME, "--out", str(tmp_path / "x.png"), "--lang", "en")
    assert status == 2 and "looks like a file name: --out expects a folder" in err
    assert not (tmp_path / "x.png").exists()


def test_balance_does_not_overwrite_the_committed_reports_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["balance", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    out_help = help_text.split("--out DOSSIER ")[-1]
    default = out_help.split("défaut : ")[1].split(")")[0]
    assert Path(default).is_absolute() and "docs/balance" not in default


def test_ctrl_c_stops_cleanly_and_reports_the_games_finished(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    played: list[GameRecord] = []

    def interrupted_after_three(task: GameTask) -> GameRecord:
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(play_task(task))
        return played[-1]

    monkeypatch.setattr(popote.cli.batch, "play_task", interrupted_after_three)
    status, out, err = run(capsys, "simulate", GAME, "--games", "10", *FAST)
    assert status == 130
    assert "Interrompu (Ctrl-C)" in err and "3 parties terminées sur 10" in err
    assert out.startswith("Les Pieds dans le Plat : 3 parties à 3 joueurs")


@pytest.mark.parametrize(
    ("lang", "said"),
    [("fr", "1 partie terminée sur 10"), ("en", "1 game finished out of 10")],
)
def test_ctrl_c_after_one_game_says_it_in_the_singular(
    lang: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    played: list[GameRecord] = []

    def interrupted_after_one(task: GameTask) -> GameRecord:
        if played:
            raise KeyboardInterrupt
        played.append(play_task(task))
        return played[-1]

    monkeypatch.setattr(popote.cli.batch, "play_task", interrupted_after_one)
    status, _, err = run(capsys, "simulate", GAME, "--games", "10", "--lang", lang, *FAST)
    assert status == 130 and said in err


def test_a_duplicate_on_too_few_deals_says_so_instead_of_a_p_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "duplicate", GAME, "--bots", "heuristic,random", "--games", "2", *FAST)
    assert "trop peu pour conclure (au moins 30 donnes)" in out
    assert "p =" not in out and "p <" not in out


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "fr",
            [
                "face à 2 bots «\u00a0aléatoire\u00a0»",
                "Le siège testé tourne : chacun des sièges 1 à 3 à son tour.",
                f"À force égale : 33,3{NBSP}%.",
                "«\u00a0heuristique\u00a0» est plus fort que «\u00a0aléatoire\u00a0».",
            ],
        ),
        (
            "en",
            [
                "against 2 “random” bots",
                "The seat under test turns: each of seats 1 to 3 in turn.",
                "If equal: 33.3%.",
                "“heuristic” is stronger than “random”.",
            ],
        ),
    ],
)
def test_a_duplicate_names_the_seat_the_opponents_the_fair_rate_and_a_verdict(
    lang: str, expected: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run(
        capsys, "duplicate", GAME, "--players", "3", "--bots", "heuristic,random",
        "--games", "30", "--lang", lang, "--jobs", "2",
    )  # fmt: skip
    for sentence in expected:
        assert sentence in out


def test_regret_reads_as_a_loss_with_its_direction_and_a_verdict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "regret", GAME, "--games", "4", "--worlds", "4", "--lang", "en", *FAST)
    assert re.search(r"Loss of the heuristic bot per decision.*out of 100 \[[−+]", out)
    assert "lower is better" in out
    assert "No proven loss" in out or "leaves points on the table" in out
    assert "+0.0000" not in out


def test_a_cooperative_game_reports_the_team_not_each_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "simulate", "boom-badaboom", "--players", "2", "--games", "3", *FAST)
    assert "Partie coopérative : l'équipe gagne" in out
    assert "Siège" not in out


def test_plain_progress_reads_as_words_for_a_screen_reader(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, _, err = run(capsys, "simulate", GAME, "--games", "4", "--progress", "lines", *FAST)
    assert f"Fait : 2 sur 4 (50{NBSP}%)" in err
    assert not re.search("[\u2500-\u259f]", err)


def test_a_plot_speaks_one_language_and_names_what_it_shows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_path / "plot.svg"
    run(capsys, "simulate", GAME, "--games", "4", "--plot", str(plot), "--lang", "en", *FAST)
    english = plot.read_text(encoding="utf-8")
    for words in ("Foot in It", "4 games of 3 players", "if equal: 33.3%", "seat 1", "heuristic"):
        assert words in english
    assert not re.search(r"siège|parties|Victoires", english)
    run(capsys, "simulate", GAME, "--games", "4", "--plot", str(plot), *FAST)
    french = plot.read_text(encoding="utf-8")
    assert "Les Pieds dans le Plat" in french and "à force égale : 33,3" in french
    assert "Win rate" not in french and "games" not in french


def test_scores_that_only_say_won_or_lost_get_no_histogram(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_path / "roles.svg"
    args = ["simulate", "boom-badaboom", "--players", "3", "--games", "4", "--plot", str(plot)]
    assert main([*args, *FAST]) == 0
    drawn = plot.read_text(encoding="utf-8")
    assert "Victoires par siège" in drawn and "Longueur des parties" in drawn
    assert "Scores par siège" not in drawn
