"""The ladder of bot levels: one game per level on each deal, steps by duplicate test, and a
rating per level with ``moyen`` pinned."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path

import pytest

from popote.cli import batch
from popote.cli.ladder import ladder_markdown
from popote.cli.main import main
from popote.lab.ladder import (
    ANCHOR_MU,
    ROUND_ROBIN,
    default_levels,
    fit,
    head_to_head,
    ladder,
    ladder_tasks,
    level_shares,
    summarise_ladder,
)
from popote.lab.simulate import Batch, GameRecord, GameTask, Interrupted

GAME = "pieds-dans-le-plat"
CHEAP = ("random", "facile", "moyen")


def test_each_deal_is_played_once_per_level_from_one_seed_with_the_tested_seat_turning() -> None:
    tasks = ladder_tasks(Batch(GAME, 3, games=3, seed=7), CHEAP, "moyen")
    deals = [tasks[start : start + 3] for start in range(0, 9, 3)]
    assert [{task.seed for task in deal} for deal in deals] == [{7}, {8}, {9}]
    for seat, deal in enumerate(deals):
        assert [task.bots[seat] for task in deal] == list(CHEAP)
        assert all(
            bot == "moyen" for task in deal for other, bot in enumerate(task.bots) if other != seat
        )


def test_the_fit_pins_moyen_and_puts_the_level_that_wins_more_above_it() -> None:
    ratings = fit(
        Counter({("expert", "moyen"): 40, ("moyen", "expert"): 10, ("moyen", "random"): 20}),
        ["random", "moyen", "expert"],
    )
    assert ratings["moyen"] == ANCHOR_MU
    assert ratings["random"] < ratings["moyen"] < ratings["expert"]


def test_a_ladder_gives_each_step_and_moyen_an_exact_rating() -> None:
    report = ladder(Batch(GAME, 2, games=30, seed=3), CHEAP, jobs=1)
    rated = {row["bot"]: row["rating"] for row in report["levels"]}
    assert rated["moyen"] == {
        "mu": ANCHOR_MU,
        "standard_error": 0.0,
        "ci95_low": ANCHOR_MU,
        "ci95_high": ANCHOR_MU,
    }
    assert rated["random"]["mu"] < ANCHOR_MU
    assert rated["random"]["ci95_low"] <= rated["random"]["mu"] <= rated["random"]["ci95_high"]
    assert [(step["lower"], step["higher"]) for step in report["steps"]] == [
        ("random", "facile"),
        ("facile", "moyen"),
    ]
    random_to_moyen = report["levels"][2]["win_rate"] - report["levels"][0]["win_rate"]
    assert sum(step["mean"] for step in report["steps"]) == pytest.approx(random_to_moyen)


def test_the_command_writes_the_same_reports_for_a_seed(tmp_path: Path) -> None:
    table = tmp_path / "ratings.json"
    table.write_text(json.dumps({"other-game": {"kept": True}}), encoding="utf-8")
    outputs = []
    for run in ("first", "second"):
        markdown, report = tmp_path / f"{run}.md", tmp_path / f"{run}.json"
        args = ["ladder", GAME, "--players", "2", "--games", "4", "--seed", "5", "--jobs", "1"]
        args += ["--levels", "moyen,facile,random", "--progress", "lines"]
        assert (
            main([*args, "--md", str(markdown), "--json", str(report), "--table", str(table)]) == 0
        )
        outputs.append((markdown.read_text(encoding="utf-8"), report.read_text(encoding="utf-8")))
    assert outputs[0] == outputs[1]
    text = outputs[0][0]
    assert "aléatoire (random) < facile" in text and "facile < moyen" in text
    assert "`popote ladder pieds-dans-le-plat --players 2 --games 4 --seed 5" in text
    written = json.loads(table.read_text(encoding="utf-8"))
    assert written["other-game"] == {"kept": True}
    assert written[GAME]["levels"]["moyen"]["mu"] == ANCHOR_MU
    assert set(written[GAME]["levels"]) == set(CHEAP)


def test_the_command_refuses_levels_without_the_anchor(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", GAME, "--levels", "random,facile", "--lang", "en"]) == 2
    assert "moyen included" in capsys.readouterr().err


def test_ctrl_c_reports_the_deals_played_in_full(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def stopped(
        work: Callable[[GameTask], GameRecord], tasks: Sequence[GameTask], *_: object
    ) -> None:
        raise Interrupted([work(task) for task in tasks[:4]])  # one deal and a game of the next

    monkeypatch.setattr(batch, "run_parallel", stopped)
    args = ["ladder", GAME, "--players", "2", "--games", "5", "--levels", ",".join(CHEAP)]
    assert main([*args, "--jobs", "1", "--lang", "en"]) == 130
    out, err = capsys.readouterr()
    assert "covers the 1 deal played in full only" in err
    assert "--games 1 --seed 0" in out


def test_appris_is_rated_beside_the_ladder_where_its_network_ships() -> None:
    assert default_levels(GAME)[-1] == "appris"
    assert "appris" not in default_levels("stir-fry-eighteen")
    report = ladder(Batch(GAME, 3, games=4, seed=2), ("moyen", "appris"), jobs=1)
    assert [(step["lower"], step["higher"]) for step in report["steps"]] == [("moyen", "appris")]
    assert {row["bot"] for row in report["levels"]} == {"moyen", "appris"}


def test_a_level_measured_later_joins_the_table_on_the_same_scale(tmp_path: Path) -> None:
    table = tmp_path / "ratings.json"
    base = ["ladder", GAME, "--players", "2", "--games", "3", "--jobs", "1", "--table", str(table)]
    assert main([*base, "--levels", "random,moyen", "--seed", "1"]) == 0
    assert main([*base, "--levels", "moyen,appris", "--seed", "9"]) == 0
    levels = json.loads(table.read_text(encoding="utf-8"))[GAME]["levels"]
    assert set(levels) == {"random", "moyen", "appris"}
    assert (levels["random"]["seed"], levels["appris"]["seed"]) == (1, 9)
    assert main([*base, "--players", "3", "--levels", "moyen,facile", "--seed", "2"]) == 0
    assert set(json.loads(table.read_text(encoding="utf-8"))[GAME]["levels"]) == {"moyen", "facile"}


def test_appris_is_refused_where_no_network_ships(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["ladder", "stir-fry-eighteen", "--levels", "moyen,appris", "--games", "1"]
    assert main([*args, "--lang", "en"]) == 2
    assert "random,facile,moyen,difficile,expert" in capsys.readouterr().err


@pytest.mark.parametrize(("players", "levels"), [(3, CHEAP), (4, ("facile", "moyen"))])
def test_a_round_robin_seats_every_level_at_every_seat_twice_a_deal(
    players: int, levels: tuple[str, ...]
) -> None:
    tasks = ladder_tasks(Batch(GAME, players, games=2, seed=7), levels, ROUND_ROBIN)
    size = 2 * len(levels)
    deals = [tasks[start : start + size] for start in range(0, len(tasks), size)]
    assert [{task.seed for task in deal} for deal in deals] == [{7}, {8}]
    for deal in deals:
        for level in levels:
            held = [seat for task in deal for seat, bot in enumerate(task.bots) if bot == level]
            assert sorted(held) == sorted(list(range(players)) * 2)


def test_of_two_levels_in_a_round_robin_neither_always_plays_after_the_other() -> None:
    levels = ("random", "facile", "moyen", "difficile", "expert")
    for players in (3, 4):
        tasks = ladder_tasks(Batch(GAME, players, games=1), levels, ROUND_ROBIN)
        followed = Counter(
            (task.bots[seat], task.bots[(seat + 1) % players])
            for task in tasks
            for seat in range(players)
        )
        for lower, higher in pairwise(levels):
            assert followed[lower, higher] == followed[higher, lower] > 0


def test_a_seat_worth_having_one_way_round_shows_in_that_way_and_half_in_the_step() -> None:
    """Whoever sits right after ``moyen`` wins: one way round that is ``difficile``, the
    other way ``facile``; the step ``moyen < difficile`` is all seating, and says so."""
    levels = ("facile", "moyen", "difficile", "expert")
    tasks = ladder_tasks(Batch(GAME, 4, games=6, seed=2), levels, ROUND_ROBIN)
    records = [
        GameRecord(task, (0.0,) * 4, ((task.bots.index("moyen") + 1) % 4,), 10, None, {}, None)
        for task in tasks
    ]
    report = summarise_ladder(records, levels, ROUND_ROBIN)
    step = {(row["lower"], row["higher"]): row for row in report["steps"]}
    assert step["moyen", "difficile"]["ways"] == [1.0, 0.0]
    assert step["moyen", "difficile"]["mean"] == pytest.approx(0.5)
    assert step["difficile", "expert"]["ways"] == [-1.0, 0.0]
    text = ladder_markdown(report, "popote ladder", "en")
    assert "| 95 % interval | p | p < 0.01? | Way r + s / r − s |" in text
    assert "| +100.0 / +0.0 |" in text


def test_a_round_robin_rates_the_levels_against_each_other_with_shares_that_add_up() -> None:
    report = ladder(Batch(GAME, 3, games=30, seed=3), CHEAP, ROUND_ROBIN, jobs=1)
    shares = {row["bot"]: row["win_rate"] for row in report["levels"]}
    # Every game has its winners: the three levels' shares of a deal's three games add up.
    assert sum(shares.values()) == pytest.approx(len(CHEAP) / 3)
    assert shares["random"] < shares["moyen"]
    assert [(step["lower"], step["higher"]) for step in report["steps"]] == [
        ("random", "facile"),
        ("facile", "moyen"),
    ]
    rated = {row["bot"]: row["rating"]["mu"] for row in report["levels"]}
    assert rated["random"] < rated["moyen"] == ANCHOR_MU


def won_by(bots: tuple[str, ...], *winners: int) -> GameRecord:
    task = GameTask(GAME, len(bots), 1, bots)
    return GameRecord(task, (0.0,) * len(bots), winners, 10, None, {}, None)


def test_a_round_robin_step_is_the_head_to_head_where_both_levels_sat() -> None:
    """Win shares at one's tables mislead when the tables differ: here ``moyen`` wins more
    than ``difficile`` thanks to its table with ``random`` and ``facile``; where the two
    met, ``difficile`` did better."""
    deal = [
        won_by(("moyen", "facile", "random"), 0),
        won_by(("facile", "moyen", "difficile"), 2),
        won_by(("difficile", "expert", "moyen"), 1, 2),
        won_by(("expert", "random", "facile"), 0),
        won_by(("random", "difficile", "expert"), 2),
    ]
    levels = ("random", "facile", "moyen", "difficile", "expert")
    shares = dict(zip(levels, level_shares(deal, levels, 0, ROUND_ROBIN), strict=True))
    assert shares["difficile"] < shares["moyen"]
    assert head_to_head(deal, "moyen", "difficile") == pytest.approx(0.25)  # (1 − 0 + 0 − ½) / 2
    assert head_to_head(deal, "random", "moyen") == pytest.approx(1.0)
    apart = [won_by(("moyen", "facile", "random"), 0), won_by(("expert", "facile", "random"), 0)]
    assert head_to_head(apart, "moyen", "expert") is None


def test_the_round_robin_command_says_how_its_tables_were_seated(tmp_path: Path) -> None:
    table, markdown = tmp_path / "ratings.json", tmp_path / "ladder.md"
    args = ["ladder", GAME, "--players", "3", "--games", "2", "--seed", "5", "--jobs", "1"]
    args += ["--levels", "random,moyen", "--reference", "round-robin", "--lang", "en"]
    assert main([*args, "--md", str(markdown), "--table", str(table)]) == 0
    text = markdown.read_text(encoding="utf-8")
    assert "the levels themselves at every seat (round-robin)" in text
    assert "every table is played again the other way round" in text
    assert "| Level | Win share (at its tables) |" in text
    assert "--levels random,moyen --reference round-robin`" in text
    entry = json.loads(table.read_text(encoding="utf-8"))[GAME]
    assert entry["reference"] == ROUND_ROBIN and set(entry["levels"]) == {"random", "moyen"}


def test_a_step_whose_levels_never_sat_together_is_said_to_be_unmeasured() -> None:
    levels = ("random", "moyen", "expert", "appris")
    tasks = ladder_tasks(Batch(GAME, 2, games=3, seed=1), levels, ROUND_ROBIN)
    records = [
        GameRecord(task, (0.0, 0.0), (number % 2,), 10, None, {}, None)
        for number, task in enumerate(tasks)
    ]
    report = summarise_ladder(records, levels, ROUND_ROBIN)
    assert [(step["lower"], step["higher"]) for step in report["steps"]] == [
        ("random", "moyen"),
        ("moyen", "expert"),
    ]
    assert report["unmeasured"] == [["moyen", "appris"]]
    text = ladder_markdown(report, "popote ladder", "en")
    assert "Not measured (never at one table in this round-robin): medium (moyen) < learned" in text
