"""The score sheet of every game: its rounds add up to the result's scores, Bouillabaisse has
its six manches as the result keeps them, a game without rounds has one column, and the
presenter's headline names who won."""

from __future__ import annotations

import random

import pytest

import popote
from popote.core.match import Match
from popote.core.registry import get_game
from popote.core.sheet import ScoreSheet, score_sheet

GAMES = [
    ("pieds-dans-le-plat", 3, {}),
    ("stir-fry-eighteen", 3, {"round_limit": 10}),
    ("ar-seizh-bigoudenn", 3, {"rounds": 2}),
    ("boom-badaboom", 3, {}),
    ("boom-badaboom", 2, {}),
    ("bouillabaisse", 4, {"decks": "one"}),
]


def played(game: str, players: int, options: dict[str, object], seed: int) -> tuple[Match, Match]:
    """A fresh match and the same one played to its end at random."""
    match = popote.new_match(game, players, seed, options)
    start = match.clone()
    rng = random.Random(seed)
    while not match.over:
        seat = match.to_act[0]
        match.act(seat, rng.choice(match.legal_actions(seat)))
    return start, match


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_the_rounds_add_up_to_the_result(
    game: str, players: int, options: dict[str, object]
) -> None:
    for seed in range(3):
        start, match = played(game, players, options, seed)
        sheet = score_sheet(start, match.history)
        result = match.result()
        assert sheet.totals == list(result["scores"])
        assert [sum(column) for column in zip(*sheet.points, strict=True)] == sheet.totals
        assert sheet.lower_is_better == (result.get("lower_is_better") is True)
        assert all(len(points) == players for points in sheet.points)
        if game == "bouillabaisse":
            assert sheet.points == [list(manche["scores"]) for manche in result["manches"]]
        elif game in ("pieds-dans-le-plat", "boom-badaboom"):
            assert sheet.rounds == 1  # no rounds: the result alone
        else:  # a round is a turn of each seat: the last one is the view's round
            assert sheet.rounds == match.view(None)["round"]


def test_a_round_where_a_score_falls_is_negative() -> None:
    sheet = ScoreSheet([[5, -2]], [5, -2], False)
    assert min(min(points) for points in sheet.points) < 0


@pytest.mark.parametrize(
    ("winners", "lang", "headline"),
    [
        ([0], "fr", "Anne gagne !"),
        ([0, 2], "fr", "Anne et Chloé gagnent !"),
        ([1], "en", "Bao wins!"),
        ([], "fr", "Personne ne gagne."),
    ],
)
def test_the_default_headline_names_the_winners(
    winners: list[int], lang: str, headline: str
) -> None:
    presenter = get_game("stir-fry-eighteen").presenter
    names = ["Anne", "Bao", "Chloé"]
    assert presenter.outcome({"winners": winners}, lang, names) == headline  # type: ignore[arg-type]


def test_boom_badaboom_names_the_side_or_the_team() -> None:
    presenter = get_game("boom-badaboom").presenter
    names = ["Anne", "Bao", "Chloé"]
    roles = {"roles": ["patissier", "farceur", "patissier"], "winners": [0, 2]}
    side = {**roles, "winning_side": "patissiers"}
    assert presenter.outcome(side, "fr", names) == "Les Pâtissiers gagnent."
    assert presenter.outcome(side, "en", names) == "The Bakers win."
    team = {"roles": [None, None], "winners": [0, 1], "winning_side": "team"}
    assert presenter.outcome(team, "fr", names[:2]) == "Vous gagnez ensemble !"
    lost = {**team, "winners": [], "winning_side": None}
    assert presenter.outcome(lost, "en", names[:2]) == "You all lose together: the oven wins."
