"""Known answers for the search: what ``difficile`` chooses, pinned per game.

Speed work on an engine, a heuristic bot or the search must never change what a searching
bot decides: the ladder's logs (``docs/bots/games-*.jsonl``) hold games played before it,
read back rather than played again. Each game below searches a few positions of seeded
random play with its own settings (horizon, prior, rollouts, measured noise) on a small
budget, and everything the search decided is hashed: the actions chosen and the visits and
total reward of every root action. The hashes were recorded before the speed work of
2026-11-28, and again when sampled worlds became canonical (2026-12-07: worlds drawn alike
but in another order, so other visits for a seed; with 300 iterations the choices at these
positions stayed the same but at one Pieds position, two plays that 4000 iterations find
even), and Stir-Fry Eighteen's once more when a face-down discard in a sampled world began
to hold what it claims as often as the seat may believe it (2026-12-08: before, every claim
looked like a bluff); a hash that changes means the search decides differently: find out
why.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import popote
from popote.bots.registry import search_bot
from popote.core.chance import Chance
from popote.core.registry import get_game

ITERATIONS = 24
POSITIONS = 3
KNOWN: dict[str, str] = {
    "ar-seizh-bigoudenn": "1bbfca6f99aa66bb",
    "boom-badaboom": "676c8c28d794653d",
    "bouillabaisse": "1953e8a8da9cc401",
    "pieds-dans-le-plat": "99b0c9a3513cf916",
    "stir-fry-eighteen": "1e5e845b729a510b",
}


def searched(name: str) -> str:
    """The hash of what a small ``difficile`` decides at a few seeded positions."""
    digest = hashlib.sha256()
    game = get_game(name)
    chance = Chance(11)
    match = popote.new_match(name, seed=5)
    searched_positions = 0
    while searched_positions < POSITIONS and not match.over:
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        if len(legal) > 1 and chance.below(4) == 0:
            bot = search_bot(game, seat, seed=searched_positions)
            bot.iterations = ITERATIONS
            bot.observe(match.events(seat))
            chosen = bot.choose(match.clone())
            assert bot.last_root is not None
            root = sorted(
                (json.dumps(action, sort_keys=True), node.visits, round(node.total, 9))
                for action, node in bot.last_root.children.items()
            )
            digest.update(json.dumps([seat, chosen, root], sort_keys=True).encode())
            searched_positions += 1
        match.act(seat, chance.choice(legal))
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("name", popote.game_names())
def test_the_search_decides_as_it_always_has(name: str) -> None:
    assert searched(name) == KNOWN[name]
