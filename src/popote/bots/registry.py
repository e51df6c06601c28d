"""Bots by name: kinds (random, heuristic, search) and levels a player understands.

Levels: ``facile`` (the heuristic bot, slipping into a random move one time in three,
unless the game has its own easy bot), ``moyen`` (the heuristic bot), ``difficile``
(ISMCTS with the game's ``search_iterations``, about a second per decision at most),
``expert`` (four times that budget, and rollouts as long as the game's
``search_expert_horizon`` where it has one) and ``appris`` (English: learned), the network
``popote train`` learned by self-play, for the games that ship one: it reads the
environment's observations, a layer above, so :func:`popote.rl.learned.make_bot` builds it
(and every other bot); :func:`make_bot` here builds the fixed bots.
"""

from __future__ import annotations

from popote.bots.base import RandomBot, SloppyBot
from popote.bots.search import SearchBot, bot_rollout, random_rollout
from popote.core.bot import Bot
from popote.core.errors import InvalidSetup
from popote.core.game import Game, Opponent
from popote.core.i18n import Text

BOT_KINDS = ("random", "heuristic", "search")
LEARNED = "appris"
LEVELS = ("facile", "moyen", "difficile", "expert", LEARNED)
BOT_NAMES = BOT_KINDS + LEVELS
LEVEL_NAMES = {
    "random": Text("hasard", "random"),
    "facile": Text("facile", "easy"),
    "moyen": Text("moyen", "medium"),
    "difficile": Text("difficile", "hard"),
    "expert": Text("expert", "expert"),
    LEARNED: Text("appris", "learned"),
}
"""The levels as people read them, at the server's tables and in the terminal's online
client alike."""
EASY_SLIP_RATE = 1 / 3
EXPERT_BUDGET_FACTOR = 4
THINKING_SECONDS = {"difficile": 0.9, "expert": 3.6}
"""The most a search level thinks, by the clock, when a person waits for it (``timed``):
nine tenths of the second and the four seconds it is allowed, the rest left to its prior
and the table. On a fast machine its budget of iterations ends the search first; on a slow
one the limit does, and the level plays with fewer iterations than the ladder measured it
with (``python -m benchmarks.search`` says how often)."""


def search_bot(
    game: Game, seat: int, seed: int, expert: bool = False, timed: bool = False
) -> SearchBot:
    """``difficile``'s search, or with ``expert`` ``expert``'s: four times the budget, and
    the game's longer horizon if it has one. ``timed``: at most :data:`THINKING_SECONDS`
    a decision, for a person waiting; untimed, the same decisions for the same seed (the
    lab's runs)."""
    spec = game.spec
    factor = EXPERT_BUDGET_FACTOR if expert else 1
    horizon = spec.search_horizon
    if expert and spec.search_expert_horizon is not None:
        horizon = spec.search_expert_horizon
    rollout = (
        bot_rollout(lambda at, drawn: heuristic(game, at, drawn))
        if spec.heuristic_rollouts
        else random_rollout
    )
    return SearchBot(
        seat,
        seed,
        iterations=spec.search_iterations * factor,
        rollout=rollout,
        max_depth=spec.search_depth,
        prior=heuristic(game, seat, seed) if spec.search_prior else None,
        horizon=horizon,
        measured_noise=spec.search_measured_noise,
        time_limit=THINKING_SECONDS["expert" if expert else "difficile"] if timed else None,
    )


def as_bot(opponent: Opponent) -> Bot:
    """A game's bot as the :class:`Bot` every game's bots are (the core's ``Game`` names
    them only by what they do: ``Opponent``)."""
    if not isinstance(opponent, Bot):
        raise TypeError(f"a game's bot must be a popote.core.bot.Bot, not {opponent!r}")
    return opponent


def heuristic(game: Game, seat: int, seed: int) -> Bot:
    """The game's rule-of-thumb opponent at ``seat``."""
    return as_bot(game.heuristic_bot(seat, seed))


def make_bot(name: str, game: Game, seat: int, seed: int, timed: bool = False) -> Bot:
    """The bot called ``name``; ``timed`` for a person waiting (see :func:`search_bot`)."""
    if name == "random":
        return RandomBot(seat, seed)
    if name in ("heuristic", "moyen"):
        return heuristic(game, seat, seed)
    if name in ("search", "difficile"):
        return search_bot(game, seat, seed, timed=timed)
    if name == LEARNED:
        raise InvalidSetup(
            Text(
                "le niveau appris se crée par popote.rl.learned.make_bot",
                "the learned level is built by popote.rl.learned.make_bot",
            )
        )
    if name in LEVELS:
        own = game.bot_for_level(name, seat, seed)
        if own is not None:
            return as_bot(own)
        if name == "facile":
            return SloppyBot(heuristic(game, seat, seed), EASY_SLIP_RATE, seed)
        return search_bot(game, seat, seed, expert=True, timed=timed)
    raise InvalidSetup(
        Text(
            "bot inconnu : {name!r} (bots : {names})", "unknown bot: {name!r} (bots: {names})"
        ).format(name=name, names=", ".join(BOT_NAMES))
    )


def parse_bot_kinds(spec: str, seats: int) -> list[str]:
    """``"heuristic"`` for every seat, or ``"random,difficile,..."`` one per seat."""
    kinds = [part.strip() for part in spec.split(",") if part.strip()]
    if len(kinds) == 1:
        kinds = kinds * seats
    if len(kinds) != seats or any(kind not in BOT_NAMES for kind in kinds):
        raise InvalidSetup(
            Text(
                "bots attendus : un nom pour tous ou un par siège ({seats}), parmi {kinds} ; reçu {spec!r}",
                "expected bots: one name for all or one per seat ({seats}), among {kinds}; got {spec!r}",
            ).format(seats=seats, kinds=", ".join(BOT_NAMES), spec=spec)
        )
    return kinds
