"""How Les Pieds dans le Plat reads aloud: one plain line per event, in French or English."""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action, Event
from popote.core.game import Presenter, View
from popote.core.i18n import Lang, Text
from popote.games.pieds_dans_le_plat.cards import PENALTY_LIMIT, TURN_ABOVE, TURN_BELOW

SUMMARY = Text(
    "Chacun à son tour pose une carte numérotée et annonce le nouveau total. On monte "
    "jusqu'à dépasser 30, puis on descend jusqu'à passer sous 10, et ainsi de suite. "
    "Chaque fois que le sens change, le joueur précédent (le voisin de droite) pioche une "
    "île et la montre à tous. Si le total annoncé est la valeur d'une île qu'un autre joueur "
    "a en main, vous mettez les pieds dans le plat : une carte pénalité. Vos propres îles ne "
    "vous pénalisent pas. La partie s'arrête à la 4e pénalité d'un joueur ou quand la "
    "dernière île est piochée ; le moins pénalisé gagne (égalités partagées). Les îles des "
    "autres ne sont montrées qu'une fois : à vous de les retenir (option assisted pour les "
    "garder affichées).",
    "On your turn, play a number card and announce the new total. The total goes up until "
    "it passes 30, then down until it drops below 10, and so on. Each time the direction "
    "changes, the previous player (the right-hand neighbour) draws an island and shows it to "
    "everyone. If the total you announce is the value of an island another player holds, you "
    "put your foot in it: one penalty card. Your own islands never cost you. The game ends "
    "on a player's 4th penalty or when the last island is drawn; fewest penalties wins (ties "
    "shared). Other players' islands are shown only once: remember them (option assisted "
    "keeps them on screen).",
)

_DIRECTION = {
    "up": Text("on monte", "going up"),
    "down": Text("on descend", "going down"),
}
_END = {
    "fourth_penalty": Text("quatrième pénalité", "fourth penalty"),
    "last_island": Text("dernière île piochée", "last island drawn"),
    "empty_pile": Text("pioche épuisée", "draw pile exhausted"),
}


def _cards(cards: Sequence[int]) -> str:
    return ", ".join(str(card) for card in cards) or "-"


def _per_seat(values: Sequence[object], names: Sequence[str], lang: Lang) -> str:
    colon, separator = (" : ", " ; ") if lang == "fr" else (": ", "; ")
    return separator.join(f"{names[seat]}{colon}{value}" for seat, value in enumerate(values))


class PiedsPresenter(Presenter):
    def event(self, event: Event, lang: Lang, names: Sequence[str]) -> str | None:
        kind = event["type"]
        seat = event.get("seat")
        name = names[seat] if isinstance(seat, int) else ""
        if kind == "hand_dealt":
            if "cards" not in event:
                return None
            return (
                Text("Main de {name} : {cards}.", "{name}'s hand: {cards}.")
                .format(name=name, cards=_cards(event["cards"]))
                .get(lang)
            )
        if kind == "islands_shown":
            islands = [_cards(own) for own in event["islands"]]
            return (
                Text("Îles montrées à tous : {list}.", "Islands shown to all: {list}.")
                .format(list=_per_seat(islands, names, lang))
                .get(lang)
            )
        if kind == "start_card":
            return (
                Text(
                    "Carte de départ : {card}. Total {card}, on monte.",
                    "Starting card: {card}. Total {card}, going up.",
                )
                .format(card=event["card"])
                .get(lang)
            )
        if kind == "card_played":
            return (
                Text("{name} joue {card} : total {total}.", "{name} plays {card}: total {total}.")
                .format(name=name, card=event["card"], total=event["total"])
                .get(lang)
            )
        if kind == "penalty":
            return (
                Text(
                    "Les pieds dans le plat ! {holder} a l'île {island}. {name} prend une pénalité "
                    "({count}/{limit}).",
                    "Foot in it! {holder} holds island {island}. {name} takes a penalty "
                    "({count}/{limit}).",
                )
                .format(
                    holder=names[event["holder"]],
                    island=event["island"],
                    name=name,
                    count=event["penalties"],
                    limit=PENALTY_LIMIT,
                )
                .get(lang)
            )
        if kind == "island_drawn":
            return (
                Text(
                    "Le sens change ({direction}). {name} pioche l'île {island} et la montre "
                    "({left} îles restantes).",
                    "The direction changes ({direction}). {name} draws island {island} and shows "
                    "it ({left} islands left).",
                )
                .format(
                    direction=_DIRECTION[event["direction"]].get(lang),
                    name=name,
                    island=event["island"],
                    left=event["islands_left"],
                )
                .get(lang)
            )
        if kind == "card_drawn":
            if "card" in event:
                return (
                    Text("{name} pioche un {card}.", "{name} draws a {card}.")
                    .format(name=name, card=event["card"])
                    .get(lang)
                )
            return None
        if kind == "pile_reshuffled":
            return (
                Text(
                    "Pioche vide : la défausse (sauf la carte du dessus) est remélangée ({size} cartes).",
                    "Draw pile empty: the discard pile (but its top card) is reshuffled ({size} cards).",
                )
                .format(size=event["size"])
                .get(lang)
            )
        if kind == "game_over":
            winners = ", ".join(names[seat] for seat in event["winners"])
            return (
                Text(
                    "Fin de la partie ({end}). Pénalités : {penalties}. Victoire : {winners}.",
                    "Game over ({end}). Penalties: {penalties}. Winner(s): {winners}.",
                )
                .format(
                    end=_END[event["end"]].get(lang),
                    penalties=_per_seat(event["penalties"], names, lang),
                    winners=winners,
                )
                .get(lang)
            )
        return None

    def action(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> str:
        card = action["card"]
        total = view["total"] + (card if view["direction"] == "up" else -card)
        label = (
            Text("Jouer le {card} : total {total}", "Play {card}: total {total}")
            .format(card=card, total=total)
            .get(lang)
        )
        if total in view.get("islands", []):
            label += Text(" (votre île)", " (your island)").get(lang)
        elif any(total in own for own in view.get("all_islands", [])):
            label += Text(" (île d'un autre : pénalité !)", " (another's island: penalty!)").get(
                lang
            )
        return label

    def table(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        turn_at = TURN_ABOVE if view["direction"] == "up" else TURN_BELOW
        lines = [
            Text(
                "Total {total}, {direction} (le sens change au-delà de {turn_at}).",
                "Total {total}, {direction} (the direction changes past {turn_at}).",
            ).format(
                total=view["total"],
                direction=_DIRECTION[view["direction"]].get(lang),
                turn_at=turn_at,
            ),
            Text(
                "Carte du dessus : {top}. Pioche : {pile} cartes. Îles restantes : {left}.",
                "Top card: {top}. Draw pile: {pile} cards. Islands left: {left}.",
            ).format(top=view["top_card"], pile=view["draw_pile_size"], left=view["islands_left"]),
            Text("Pénalités : {list}.", "Penalties: {list}.").format(
                list=_per_seat(view["penalties"], names, lang)
            ),
            Text("Îles en main : {list}.", "Islands in hand: {list}.").format(
                list=_per_seat(view["island_counts"], names, lang)
            ),
        ]
        if "hand" in view:
            lines.append(
                Text(
                    "Votre main : {hand}. Vos îles : {islands}.",
                    "Your hand: {hand}. Your islands: {islands}.",
                ).format(hand=_cards(view["hand"]), islands=_cards(view["islands"]))
            )
        if "all_islands" in view:
            islands = [_cards(own) for own in view["all_islands"]]
            lines.append(
                Text("Toutes les îles : {list}.", "All islands: {list}.").format(
                    list=_per_seat(islands, names, lang)
                )
            )
        return "\n".join(line.get(lang) for line in lines)

    def prompt(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        return (
            Text(
                "À vous. Total {total}, {direction}. Votre main : {hand}.",
                "Your turn. Total {total}, {direction}. Your hand: {hand}.",
            )
            .format(
                total=view["total"],
                direction=_DIRECTION[view["direction"]].get(lang),
                hand=_cards(view.get("hand", [])),
            )
            .get(lang)
        )
