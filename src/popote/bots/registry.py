"""Bot kinds by name, for the command line and the simulator."""

from __future__ import annotations

from popote.bots.base import Bot, RandomBot
from popote.core.errors import InvalidSetup
from popote.core.game import Game
from popote.core.i18n import Text

BOT_KINDS = ("random", "heuristic")


def make_bot(kind: str, game: Game, seat: int, seed: int) -> Bot:
    if kind == "random":
        return RandomBot(seat, seed)
    if kind == "heuristic":
        return game.heuristic_bot(seat, seed)
    raise InvalidSetup(
        Text(
            "type de bot inconnu : {kind!r} (types : {kinds})",
            "unknown bot kind: {kind!r} (kinds: {kinds})",
        ).format(kind=kind, kinds=", ".join(BOT_KINDS))
    )


def parse_bot_kinds(spec: str, seats: int) -> list[str]:
    """``"heuristic"`` for every seat, or ``"random,heuristic,..."`` one per seat."""
    kinds = [part.strip() for part in spec.split(",") if part.strip()]
    if len(kinds) == 1:
        kinds = kinds * seats
    if len(kinds) != seats or any(kind not in BOT_KINDS for kind in kinds):
        raise InvalidSetup(
            Text(
                "bots attendus : un type pour tous ou un par siège ({seats}), parmi {kinds} ; reçu {spec!r}",
                "expected bots: one kind for all or one per seat ({seats}), among {kinds}; got {spec!r}",
            ).format(seats=seats, kinds=", ".join(BOT_KINDS), spec=spec)
        )
    return kinds
