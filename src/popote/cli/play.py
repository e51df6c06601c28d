"""``popote play``: one person against bots in the terminal."""

from __future__ import annotations

from pathlib import Path

from popote.bots.base import Bot
from popote.bots.registry import make_bot, parse_bot_kinds
from popote.bots.runner import play_out
from popote.cli.common import seat_names, write_save
from popote.cli.terminal import QuitGame, Reader, TerminalPlayer, Writer
from popote.core.errors import InvalidSetup
from popote.core.i18n import Lang, Text
from popote.core.match import Match, create_match
from popote.core.options import OptionValue
from popote.core.registry import get_game


def play_game(
    name: str,
    players: int | None,
    seed: int,
    bots: str,
    human: int,
    options: dict[str, OptionValue],
    lang: Lang,
    read: Reader,
    write: Writer,
    save: Path | None = None,
) -> Match:
    game = get_game(name)
    match = create_match(game, players, seed, options)
    if not 0 <= human < match.players:
        raise InvalidSetup(
            Text(
                "siège inconnu : {seat} (1 à {count})", "unknown seat: {seat} (1 to {count})"
            ).format(seat=human + 1, count=match.players)
        )
    names = seat_names(match.players, human, lang)
    kinds = parse_bot_kinds(bots, match.players - 1)
    agents: list[Bot] = []
    for seat in range(match.players):
        if seat == human:
            agents.append(TerminalPlayer(seat, game, names, lang, read, write))
        else:
            agents.append(make_bot(kinds.pop(0), game, seat, seed))
    write(
        Text(
            "{title} : {players} joueurs, graine {seed}. Vous êtes {you}. Tapez ? pour l'aide.",
            "{title}: {players} players, seed {seed}. You are {you}. Type ? for help.",
        )
        .format(title=game.spec.title.get(lang), players=match.players, seed=seed, you=names[human])
        .get(lang)
    )
    try:
        play_out(match, agents)
    except QuitGame:
        write(Text("Partie interrompue.", "Game stopped.").get(lang))
    finally:
        if save is not None:
            write_save(save, match.to_record(), human)
    if save is not None:
        write(
            Text("Partie enregistrée dans {path}.", "Game saved to {path}.")
            .format(path=save)
            .get(lang)
        )
    return match
