"""The simulator and tournaments: deterministic whatever the jobs, with honest intervals."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import popote
from popote.bots.registry import LEVELS, search_bot
from popote.bots.runner import play_out
from popote.bots.search import SearchBot, random_rollout
from popote.cli.main import main
from popote.cli.plots import plot_rates
from popote.core.actions import Action
from popote.core.chance import Chance
from popote.core.match import Match, create_match
from popote.core.registry import get_game
from popote.lab.simulate import Batch, simulate
from popote.lab.tournament import tournament, tournament_tasks
from popote.rl.learned import make_bot

GAME = "pieds-dans-le-plat"


def test_the_same_seed_gives_the_same_report_whatever_the_number_of_jobs() -> None:
    batch = Batch(GAME, players=3, games=12, seed=4)
    alone = simulate(batch, ["random", "heuristic", "facile"], jobs=1)
    shared = simulate(batch, ["random", "heuristic", "facile"], jobs=2)
    assert alone == shared


def test_win_rates_come_with_intervals_that_contain_them() -> None:
    report = simulate(Batch(GAME, players=2, games=40, seed=1), ["random", "heuristic"])
    for seat in report["seats"]:
        assert 0 <= seat["ci95_low"] <= seat["win_rate"] <= seat["ci95_high"] <= 1
    assert report["seats"][1]["ci95_low"] > report["seats"][0]["ci95_high"]


def test_every_bot_plays_every_seat_and_follows_every_other_bot_equally_often() -> None:
    tasks = tournament_tasks(Batch(GAME, players=3, games=12), ["a", "b", "c"])
    for seat in range(3):
        assert sorted(task.bots[seat] for task in tasks) == sorted("aaaabbbbcccc")
    followers = Counter(
        (task.bots[seat], task.bots[(seat + 1) % 3]) for task in tasks for seat in range(3)
    )
    assert set(followers.values()) == {6} and len(followers) == 6


def test_more_bots_than_arrangements_allow_fall_back_to_seeded_shuffles() -> None:
    batch = Batch(GAME, players=7, games=4, seed=2)
    tasks = tournament_tasks(batch, ["a", "b"])
    assert all(sorted(task.bots) == sorted("aaaabbb") for task in tasks)
    assert tasks == tournament_tasks(batch, ["a", "b"])


def test_a_tournament_rates_the_stronger_bot_higher() -> None:
    report = tournament(Batch(GAME, players=2, games=40, seed=3), ["heuristic", "random"])
    heuristic, random = report["bots"]
    assert heuristic["seat_games"] == random["seat_games"] == 40
    assert heuristic["win_rate"] > random["win_rate"]
    assert heuristic["rating"]["ordinal"] > random["rating"]["ordinal"]


def play_with(names: list[str], seed: int) -> Match:
    game = get_game(GAME)
    match = create_match(game, len(names), seed, {})
    play_out(match, [make_bot(name, game, seat, seed) for seat, name in enumerate(names)])
    return match


def test_the_search_bot_is_deterministic_for_a_seed_and_an_iteration_budget() -> None:
    game = get_game(GAME)
    choices = [
        SearchBot(0, 9, iterations=60).choose(create_match(game, 2, 6, {})) for _ in range(2)
    ]
    assert choices[0] == choices[1]
    assert choices[0] in create_match(game, 2, 6, {}).legal_actions(0)


def test_every_level_makes_a_bot_that_finishes_a_game() -> None:
    match = play_with(["facile", "moyen"], 2)
    assert match.over
    for level in LEVELS:
        assert make_bot(level, get_game(GAME), 0, 1) is not None


@pytest.mark.parametrize("name", popote.game_names())
def test_expert_searches_four_times_longer_and_as_far_as_its_game_says(name: str) -> None:
    """Stir-Fry Eighteen's ``expert`` also looks two rounds ahead where ``difficile`` looks
    one: four times the budget alone bought nothing there (docs/bots.md)."""
    game = get_game(name)
    hard, expert = make_bot("difficile", game, 0, 1), make_bot("expert", game, 0, 1)
    assert isinstance(hard, SearchBot) and isinstance(expert, SearchBot)
    assert expert.iterations == 4 * hard.iterations == 4 * game.spec.search_iterations
    further = {"stir-fry-eighteen": 6}.get(name, hard.horizon)
    assert (hard.horizon, expert.horizon) == (game.spec.search_horizon, further)


def test_cli_writes_json_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report_file, plot_file = tmp_path / "report.json", tmp_path / "plot.svg"
    args = [
        "simulate",
        GAME,
        "--games",
        "8",
        "--jobs",
        "1",
        "--json",
        str(report_file),
        "--plot",
        str(plot_file),
    ]
    assert main(args) == 0
    assert json.loads(report_file.read_text(encoding="utf-8"))["games"] == 8
    assert plot_file.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert "Siège 1" in capsys.readouterr().out
    assert (
        main(["tournament", GAME, "--bots", "random,heuristic", "--games", "4", "--jobs", "1"]) == 0
    )
    assert "OpenSkill" in capsys.readouterr().out
    assert main(["simulate", GAME, "--plot", str(tmp_path / "plot.gif")]) == 2


def test_a_bot_that_never_wins_still_gets_its_plot(tmp_path: Path) -> None:
    rows = [
        {"win_rate": 0.0, "ci95_low": 1e-17, "ci95_high": 0.05},
        {"win_rate": 1.0, "ci95_low": 0.95, "ci95_high": 1.0},
    ]
    plot_rates(rows, ["random", "heuristic"], "never wins", tmp_path / "rates.png")
    assert (tmp_path / "rates.png").stat().st_size > 0


def test_the_search_weighs_its_own_choices_when_several_seats_decide_at_once() -> None:
    match = create_match(get_game("stir-fry-eighteen"), 3, 4, {"first_player": "seat1"})
    protein = next(a for a in match.legal_actions(0) if a["type"] == "discard_protein")
    match.act(0, protein)
    assert match.to_act == (1, 2)
    bot = SearchBot(2, 1, iterations=30)
    assert bot.choose(match) in match.legal_actions(2)
    root = bot.last_root
    assert root is not None
    assert set(root.children) == {Action(type="taste_test"), Action(type="pass")}
    assert {child.seat for child in root.children.values()} == {2}
    assert sum(child.visits for child in root.children.values()) == 30


@pytest.mark.parametrize("name", ["bouillabaisse", "stir-fry-eighteen", "ar-seizh-bigoudenn"])
def test_a_rollout_with_a_horizon_stops_after_that_much_progress_and_judges_the_standings(
    name: str,
) -> None:
    match = create_match(get_game(name), 3, 8, {})
    start = match.progress
    random_rollout(match, Chance(1), start + 1)
    assert match.progress == start + 1 and not match.over
    standings = match.standings()
    assert len(standings["scores"]) == 3
    leaders = standings["winners"]
    sign = -1 if standings.get("lower_is_better") else 1
    best = max(sign * score for score in standings["scores"])
    assert leaders == [seat for seat, s in enumerate(standings["scores"]) if sign * s == best]
    random_rollout(match, Chance(2), None)
    assert match.over and match.standings() == match.result()


def test_a_search_with_a_horizon_still_picks_a_legal_move_deterministically() -> None:
    game = get_game("bouillabaisse")
    seat = create_match(game, 4, 2, {}).to_act[0]
    choices = [
        SearchBot(seat, 3, iterations=40, horizon=1).choose(create_match(game, 4, 2, {}))
        for _ in range(2)
    ]
    assert choices[0] == choices[1]
    assert choices[0] in create_match(game, 4, 2, {}).legal_actions(seat)


def test_a_measured_noise_lets_the_search_overrule_its_prior_where_the_bound_did_not() -> None:
    """Same seed, same tree: judged by the spread its rollouts showed, the search leaves the
    heuristic bot's choice wherever the widest possible spread let it, and in more places."""
    game = get_game("stir-fry-eighteen")
    overruled: dict[bool, set[int]] = {False: set(), True: set()}
    for position in range(16):
        match = create_match(game, 3, position, {})
        for _ in range(4 + position):
            seat = match.to_act[0]
            match.act(seat, game.heuristic_bot(seat, position).choose(match))
        seat = match.to_act[0]
        if len(match.legal_actions(seat)) == 1:
            continue
        advised = game.heuristic_bot(seat, position).choose(match.clone())
        roots = []
        for measured in (False, True):
            bot = search_bot(game, seat, position)
            bot.measured_noise = measured
            if bot.choose(match.clone()) != advised:
                overruled[measured].add(position)
            assert bot.last_root is not None
            roots.append({a: (n.visits, n.total) for a, n in bot.last_root.children.items()})
        assert roots[0] == roots[1]
    assert overruled[False] < overruled[True]
