"""The ``appris`` level (English: learned): a bot that plays the network ``popote train`` learned.

It sees what any bot sees (the events of its seat, ``view(seat)``), encodes it as the
environment's observation (:mod:`popote.rl.games`) and plays the legal action its network
values most. Inference needs NumPy only: neither PettingZoo nor a training library.
:func:`make_bot` is the one place that builds every level, this one included.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from popote.bots.learned import Network, shipped_network
from popote.bots.registry import LEARNED
from popote.bots.registry import make_bot as make_fixed_bot
from popote.core.actions import Action, Event
from popote.core.bot import Bot
from popote.core.errors import InvalidSetup
from popote.core.game import Game
from popote.core.i18n import Text
from popote.core.match import Match
from popote.rl.games import TABLES
from popote.rl.learned_inputs import network_input
from popote.rl.observers import reference_observation


class LearnedBot(Bot):
    """Plays the legal action of highest value under ``network``."""

    kind = "learned"

    def __init__(self, seat: int, seed: int, network: Network) -> None:
        super().__init__(seat, seed)
        tables = TABLES[network.game]
        if tables.actions.digest() != network.digest:
            raise InvalidSetup(
                Text(
                    "le réseau appris de {game} ne correspond plus à sa table d'actions",
                    "the learned network of {game} no longer matches its action table",
                ).format(game=network.game)
            )
        self.network = network
        self.encoding = tables.observation
        self.actions = tables.actions
        self.memory = self.encoding.new_memory()

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            self.encoding.remember(self.memory, event)

    def choose(self, match: Match) -> Action:
        legal = self.actions.numbered(match.legal_actions(self.seat), self.seat, match.players)
        observation = reference_observation(self.encoding, match, self.seat, self.memory)
        values = self.network.values(network_input(self.network.game, observation[None, :]))[0]
        return legal[best_index(values, list(legal))]


def best_index(values: np.ndarray, legal: list[int]) -> int:
    """The legal index of highest value (the lowest index among equals)."""
    indices = np.asarray(sorted(legal))
    return int(indices[int(np.argmax(values[indices]))])


def make_bot(name: str, game: Game, seat: int, seed: int, timed: bool = False) -> Bot:
    """Any bot by name (:data:`popote.bots.registry.BOT_NAMES`), the learned level included;
    ``timed`` for a person waiting (:func:`popote.bots.registry.search_bot`)."""
    if name == LEARNED:
        return LearnedBot(seat, seed, shipped_network(game.spec.name))
    return make_fixed_bot(name, game, seat, seed, timed=timed)
