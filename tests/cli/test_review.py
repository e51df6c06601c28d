"""``popote review``: a finished game's decisions, what they cost, in words or JSON."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import popote
from popote.cli.common import write_save
from popote.cli.main import main
from popote.core.i18n import Lang
from popote.lab.review import LABEL_NAMES, Budget, Label, decision_tasks

SMALL = ["--budget", "4", "--jobs", "1"]


def finished_save(
    folder: Path,
    game: str = "boom-badaboom",
    players: int = 3,
    seed: int = 4,
    human: int | None = 0,
    hints: tuple[dict[str, int], ...] = (),
) -> Path:
    """A game played to its end (each seat takes its last legal action), saved as
    ``popote play`` saves it."""
    match = popote.new_match(game, players=players, seed=seed)
    while not match.over:
        seat = match.to_act[0]
        match.act(seat, match.legal_actions(seat)[-1])
    path = folder / f"{game}.json"
    bots = ["heuristic" if seat != human else None for seat in range(players)]
    write_save(path, match.to_record(), human, bots, hints)
    return path


def review_json(save: Path, seat: int, worlds: int = 4, seed: int = 0) -> dict[str, Any]:
    saved = json.loads(save.read_text(encoding="utf-8"))
    expected: dict[str, Any] = json.loads(
        json.dumps(popote.review(saved, seat, worlds=worlds, seed=seed))
    )
    return expected


def move_lines(lines: list[str], move: str) -> Iterator[int]:
    """Where the lines about ``move`` ("Coup 12", not "Coup 120") start."""
    return (
        index
        for index, line in enumerate(lines)
        if line.startswith(move) and line[len(move) : len(move) + 1] in (" ", ",", ":")
    )


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            {
                "header": "Revue de Les Pieds dans le Plat : 3 joueurs, graine 2, ",
                "seat": "Décisions du siège 1.",
                "budget": "Budget : 4 mondes par décision, graine 0.",
                "move": "Coup {n}",
                "played": "  Joué : ",
                "better": "  Mieux : ",
                "summary": "Bilan : {n} décisions, ",
                "costliest": "Moments les plus coûteux : coup {n} (",
            },
        ),
        (
            "en",
            {
                "header": "Review of Foot in It: 3 players, seed 2, ",
                "seat": "Decisions of seat 1.",
                "budget": "Budget: 4 worlds per decision, seed 0.",
                "move": "Move {n}",
                "played": "  Played: ",
                "better": "  Better: ",
                "summary": "Summary: {n} decisions, ",
                "costliest": "Costliest moments: move {n} (",
            },
        ),
    ],
)
def test_a_finished_game_is_reviewed_in_words(
    lang: Lang, words: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = finished_save(tmp_path, "pieds-dans-le-plat", players=3, seed=2, human=None)
    code, out, err = run(["--lang", lang, "review", str(save), "--seat", "1", *SMALL], capsys)
    assert code == 0, err
    lines = out.splitlines()
    expected = review_json(save, seat=0)
    assert lines[0].startswith(words["header"]) and lines[1] == words["seat"]
    assert lines[2].startswith(words["budget"])
    marked = [d for d in expected["decisions"] if d["label"] != "good"]
    assert marked, "this game has decisions to point at"
    for decision in marked:
        start = next(move_lines(lines, words["move"].format(n=decision["index"] + 1)))
        assert decision["label_text"][lang] in lines[start]
        chosen = next(a for a in decision["alternatives"] if a["action"] == decision["chosen"])
        best = next(a for a in decision["alternatives"] if a["action"] == decision["best"])
        assert lines[start + 1] == words["played"] + chosen["text"][lang] + "."
        assert lines[start + 2] == words["better"] + best["text"][lang] + "."
    good = [d["index"] + 1 for d in expected["decisions"] if d["label"] == "good"]
    assert not any(next(move_lines(lines, words["move"].format(n=n)), None) for n in good)
    summary = expected["summary"]
    assert any(line.startswith(words["summary"].format(n=summary["decisions"])) for line in lines)
    for label in Label:
        name = LABEL_NAMES[label].get(lang)
        colon = " : " if lang == "fr" else ": "
        assert f"{name}{colon}{summary['labels'][label.value]}" in out
    first = summary["costliest"][0] + 1
    assert words["costliest"].format(n=first) in out
    assert "Traceback" not in err and "─" not in out and "│" not in out


def test_json_is_the_review_of_the_python_api(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = finished_save(tmp_path, "pieds-dans-le-plat", players=3, seed=2)
    code, out, _ = run(["review", str(save), "--json", *SMALL, "--seed", "3"], capsys)
    assert code == 0
    assert json.loads(out) == review_json(save, seat=0, seed=3)
    target = tmp_path / "review.json"
    code, out, err = run(["review", str(save), "--json", str(target), *SMALL], capsys)
    assert code == 0 and f"Écrit : {target}" in err
    assert json.loads(target.read_text(encoding="utf-8")) == review_json(save, seat=0)
    assert out.startswith("Revue de Les Pieds dans le Plat"), "the words still on screen"


def test_the_same_seed_gives_the_same_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = finished_save(tmp_path, "pieds-dans-le-plat", players=3, seed=2)
    first = run(["review", str(save), *SMALL, "--seed", "7"], capsys)
    again = run(["review", str(save), "--budget", "4", "--jobs", "2", "--seed", "7"], capsys)
    assert first[0] == again[0] == 0 and first[1] == again[1]


def test_the_save_player_seat_is_the_default_and_hints_are_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hinted = finished_save(tmp_path, human=1, hints=({"seat": 1, "move": 1},))
    code, out, _ = run(["--lang", "en", "review", str(hinted), *SMALL], capsys)
    assert code == 0
    assert "Decisions of seat 2." in out and "Hint asked during the game: 1." in out
    expected = review_json(hinted, seat=1)
    if all(decision["label"] == "good" for decision in expected["decisions"]):
        assert "No decision marked below “good”." in out
    else:
        assert "No decision marked below" not in out


def broken_saves(folder: Path) -> dict[str, Path]:
    """Files ``popote review`` must refuse, each for its own reason."""
    good = finished_save(folder)
    payload = json.loads(good.read_text(encoding="utf-8"))
    saves = {"missing": folder / "nowhere.json", "not-json": folder / "broken.json"}
    saves["not-json"].write_text("{not json", encoding="utf-8")
    illegal = dict(payload, history=[dict(payload["history"][0], action={"type": "fly"})])
    unfinished = dict(payload, history=payload["history"][:3])
    seatless = dict(payload, human_seat=None)
    for name, content in (
        ("illegal", illegal),
        ("unfinished", unfinished),
        ("seatless", seatless),
        ("good", payload),
    ):
        saves[name] = folder / f"{name}.json"
        saves[name].write_text(json.dumps(content), encoding="utf-8")
    return saves


@pytest.mark.parametrize(
    ("save", "extra", "fr", "en"),
    [
        ("missing", [], "impossible de lire", "cannot read"),
        ("not-json", [], "n'est pas du JSON valide", "is not valid JSON"),
        ("illegal", [], "action 1 de la sauvegarde refusée", "saved action 1 refused"),
        ("unfinished", [], "partie inachevée (3 coups joués)", "unfinished game (3 moves"),
        ("seatless", [], "--seat N (sièges 1 à 3)", "--seat N (seats 1 to 3)"),
        ("good", ["--seat", "4"], "siège inconnu : 4 (sièges 1 à 3)", "unknown seat: 4"),
        ("good", ["--seat", "0"], "siège inconnu : 0", "unknown seat: 0 (seats 1 to 3)"),
        ("good", ["--budget", "1"], "de 2 à 4096 mondes par décision, pas 1", "not 1"),
        ("good", ["--budget", "5000"], "pas 5000", "2 to 4096 worlds per decision, not 5000"),
        ("good", ["--jobs", "0"], "--jobs doit être au moins 1", "--jobs must be at least 1"),
        ("good", ["--json", "/no/such/folder/r.json"], "n'existe pas", "does not exist"),
    ],
)
def test_bad_input_gets_a_clear_message_and_status_2(
    save: str,
    extra: list[str],
    fr: str,
    en: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = broken_saves(tmp_path)[save]
    for lang, message in (("fr", fr), ("en", en)):
        code, out, err = run(["--lang", lang, "review", str(path), *SMALL, *extra], capsys)
        assert code == 2 and out == ""
        assert message in err and "Traceback" not in err
        assert err.startswith("Erreur : " if lang == "fr" else "Error: ")


def test_a_budget_that_is_no_number_is_refused_by_the_parser(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = finished_save(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["review", str(save), "--budget", "beaucoup"])
    assert stop.value.code == 2
    assert "valeur invalide\u00a0: 'beaucoup'" in capsys.readouterr().err


def _shell_like() -> None:
    # Ctrl-C reaches the program as in a terminal, even when the tests run in the background.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_keeps_the_decisions_reviewed_so_far(tmp_path: Path) -> None:
    save = finished_save(tmp_path, "bouillabaisse", players=4, seed=1)
    total = len(decision_tasks(json.loads(save.read_text(encoding="utf-8")), 0, Budget()))
    process = subprocess.Popen(
        [sys.executable, "-m", "popote", "review", str(save), "--jobs", "1", "--progress", "lines"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_shell_like,  # noqa: PLW1509 - one signal call, nothing else
    )
    assert process.stderr is not None
    first = process.stderr.readline()
    assert first.startswith("Fait : "), first
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert "Traceback" not in out + err
    done = int(first.split()[2])
    assert 1 <= done < total
    stopped = [line for line in out.splitlines() if line.startswith("Revue interrompue après ")]
    assert len(stopped) == 1 and stopped[0].endswith(f" sur {total}.")
    kept = int(stopped[0].split()[3])
    assert done <= kept < total
    assert f"Bilan : {kept} décisions, " in out and stopped[0] in err
