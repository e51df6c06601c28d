"""The ``expert``'s belief about hidden roles: what it reads from play, and what it weighs."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import popote
from popote.bots.registry import make_bot
from popote.bots.runner import play_out
from popote.bots.search import SAMPLING_TRIES, SearchBot
from popote.core.actions import Event
from popote.core.belief import WorldBelief
from popote.core.registry import get_game
from popote.games.boom_badaboom.belief import DOWN, NEITHER, UP, RoleBelief, sightings
from popote.games.boom_badaboom.role_odds import ROLE_ODDS
from popote.games.boom_badaboom.scenario import scenario_match
from popote.lab.role_odds import count, matches, module_text, naming_gain, odds, roles_of

from .helpers import act, decline_all, window

ROLES = ["farceur", "patissier", "glouton"]


def pushes(match: popote.Match) -> list[tuple[int, int]]:
    return [(seat, push) for seat, _, push in sightings(match.events(None))]


def test_heat_pushes_toward_the_explosion_and_cooling_away() -> None:
    m = scenario_match(hands=[["heat3"], ["cool2"], ["peek"]], roles=ROLES, size=12)
    act(m, 0, type="play", card="heat3")
    decline_all(m)
    act(m, 1, type="play", card="cool2")
    decline_all(m)
    act(m, 2, type="play", card="peek", target=0)
    decline_all(m)
    assert pushes(m) == [(0, UP), (1, DOWN), (2, NEITHER)]


def test_a_boost_pushes_the_chain_s_way_and_a_spatula_turns_it() -> None:
    m = scenario_match(
        hands=[["heat3", "cool1"], ["boost", "cool1"], ["spatula", "cool1"]], roles=ROLES, size=8
    )
    act(m, 0, type="play", card="heat3")
    window(m, {1: {"type": "react", "card": "boost", "mode": "boost"}})
    window(m, {2: {"type": "react", "card": "spatula", "mode": "invert"}})
    decline_all(m)
    assert pushes(m) == [(0, UP), (1, UP), (2, DOWN)]


def test_in_a_haywire_oven_heat_cools_and_so_pushes_away() -> None:
    m = scenario_match(
        hands=[["cool1", "heat3"], ["cool1", "cool2"], ["cool1", "oven_down"]],
        roles=ROLES,
        size=12,
        event_pile=["oven_haywire"],
    )
    for seat, card in [(0, "cool1"), (1, "cool1"), (2, "cool1")]:
        act(m, seat, type="play", card=card)
        decline_all(m)
    assert m.view(None)["event"] == "oven_haywire"
    for seat, card in [(0, "heat3"), (1, "cool2"), (2, "oven_down")]:
        act(m, seat, type="play", card=card)
        decline_all(m)
    assert pushes(m) == [(0, DOWN), (1, DOWN), (2, DOWN), (0, DOWN), (1, UP), (2, UP)]


def mid_game(players: int, seed: int, turns: int) -> popote.Match:
    """A match of the heuristic bot at every seat, stopped after ``turns`` decisions."""
    game = get_game("boom-badaboom")
    m = popote.new_match("boom-badaboom", players=players, seed=seed)
    bots = [make_bot("moyen", game, seat, seed) for seat in range(players)]
    for _ in range(turns):
        if m.over:
            break
        seat = m.to_act[0]
        m.act(seat, bots[seat].choose(m))
    return m


def true_and_other_weights(m: popote.Match, seat: int) -> tuple[float, float]:
    """The belief's mean weight for worlds that deal the others their true roles, and for
    those that do not."""
    belief = RoleBelief(seat)
    belief.observe(m.events(seat))
    truth = [m.view(s)["role"] for s in range(m.players)]
    true_weights: list[float] = []
    other_weights: list[float] = []
    for salt in range(40):
        world = m.determinize(seat, salt)
        dealt = [world.view(s)["role"] for s in range(m.players)]
        (true_weights if dealt == truth else other_weights).append(belief.weight(world))
    return mean(true_weights), mean(other_weights)


def mean(weights: Sequence[float]) -> float:
    return sum(weights) / len(weights) if weights else 0.0


def test_the_belief_weighs_the_true_roles_above_the_others_in_most_matches() -> None:
    right = 0
    compared = 0
    for seed in range(12):
        m = mid_game(4, seed, 30)
        for seat in range(4):
            true_weight, other_weight = true_and_other_weights(m, seat)
            if true_weight and other_weight:
                compared += 1
                right += true_weight > other_weight
    assert compared >= 20
    assert right >= 0.7 * compared


def test_before_anyone_plays_every_world_is_as_likely() -> None:
    m = popote.new_match("boom-badaboom", players=4, seed=3)
    belief = RoleBelief(1)
    belief.observe(m.events(1))
    assert {belief.weight(m.determinize(1, salt)) for salt in range(10)} == {1.0}


def test_in_the_cooperative_game_the_belief_weighs_nothing() -> None:
    m = mid_game(2, 1, 20)
    belief = RoleBelief(0)
    belief.observe(m.events(0))
    assert belief.weight(m.determinize(0, 5)) == 1.0


def test_the_counted_odds_name_held_out_roles_better_than_an_even_guess() -> None:
    held_out = matches(4, 10_000)
    table = {role: [list(row) for row in rows] for role, rows in ROLE_ODDS.items()}
    assert naming_gain(held_out, table, 0.5) > 0.3


def test_the_generated_module_holds_the_odds_counted() -> None:
    games = matches(2, 7)
    counts = count(games)
    namespace: dict[str, object] = {}
    exec(module_text(counts, 2, 7), namespace)
    assert namespace["ROLE_ODDS"] == {
        role: tuple(map(tuple, rows)) for role, rows in odds(counts).items()
    }
    assert sum(sum(map(sum, rows)) for rows in counts.values()) == sum(
        len(sightings(g.events(None))) for g in games
    )
    assert all(role in counts for g in games for role in roles_of(g) if role)


class Distrustful(WorldBelief):
    """Believes no world: every draw is refused."""

    def __init__(self) -> None:
        self.asked = 0

    def observe(self, events: Sequence[Event]) -> None:
        pass

    def weight(self, world: popote.Match) -> float:
        self.asked += 1
        return 0.0


def test_a_search_whose_belief_refuses_every_world_still_decides_in_bounded_draws() -> None:
    m = next(
        m
        for turns in range(6, 40)
        if len((m := mid_game(4, 2, turns)).legal_actions(m.to_act[0])) > 1
    )
    seat = m.to_act[0]
    belief = Distrustful()
    bot = SearchBot(seat, 1, iterations=5, belief=belief)
    assert bot.choose(m) in m.legal_actions(seat)
    assert belief.asked == 5 * (SAMPLING_TRIES - 1)


@pytest.mark.parametrize("name", ["boom-badaboom", "bouillabaisse", "stir-fry-eighteen"])
def test_only_expert_samples_worlds_by_a_belief_and_only_where_the_game_has_one(name: str) -> None:
    game = get_game(name)
    expert = make_bot("expert", game, 0, 1)
    hard = make_bot("difficile", game, 0, 1)
    assert isinstance(expert, SearchBot) and isinstance(hard, SearchBot)
    assert hard.belief is None
    assert isinstance(expert.belief, RoleBelief) == (name == "boom-badaboom")


def test_an_expert_with_its_belief_plays_the_same_match_for_the_same_seed() -> None:
    game = get_game("boom-badaboom")

    def played() -> list[dict[str, object]]:
        m = popote.new_match("boom-badaboom", players=3, seed=4, options={"difficulty": "cupcake"})
        bots = [make_bot("expert", game, 0, 4), *(make_bot("moyen", game, s, 4) for s in (1, 2))]
        bots[0].iterations = 40  # type: ignore[attr-defined]
        return play_out(m, bots).history

    assert played() == played()
