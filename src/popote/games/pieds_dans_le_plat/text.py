"""How Les Pieds dans le Plat reads aloud: one plain line per event, in French or English."""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action, Event
from popote.core.game import HandGroup, Presenter, View
from popote.core.i18n import Lang, Text
from popote.core.wording import Plural, a_number, card_list, listed
from popote.games.pieds_dans_le_plat import reasons
from popote.games.pieds_dans_le_plat.cards import PENALTY_LIMIT, TURN_ABOVE, TURN_BELOW

SUMMARY = Text(
    "Chacun à son tour pose une carte numérotée et annonce le nouveau total.\n"
    "On monte jusqu'à dépasser 30, puis on descend jusqu'à passer sous 10, et ainsi de suite.\n"
    "Chaque fois que le sens change, le joueur précédent (le voisin de droite) pioche une île "
    "et la montre à tous.\n"
    "Si le total annoncé est la valeur d'une île qu'un autre joueur a en main, vous mettez les "
    "pieds dans le plat : une carte pénalité. Vos propres îles ne vous pénalisent pas.\n"
    "La partie s'arrête à la 4e pénalité d'un joueur ou quand la dernière île est piochée ; le "
    "moins pénalisé gagne (égalités partagées).\n"
    "Les îles des autres ne sont montrées qu'une fois : à vous de les retenir. L'option "
    "« îles visibles » les garde affichées.",
    "On your turn, play a number card and announce the new total.\n"
    "The total goes up until it passes 30, then down until it drops below 10, and so on.\n"
    "Each time the direction changes, the previous player (the right-hand neighbour) draws an "
    "island and shows it to everyone.\n"
    "If the total you announce is the value of an island another player holds, you put your "
    "foot in it: one penalty card. Your own islands never cost you.\n"
    "The game ends on a player's 4th penalty or when the last island is drawn; fewest "
    "penalties wins (ties shared).\n"
    "Other players' islands are shown only once: remember them. The 'islands stay visible' "
    "option keeps them on screen.",
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


def _cards(cards: Sequence[int], lang: Lang) -> str:
    return card_list([str(card) for card in cards], lang)


def _per_seat(values: Sequence[object], names: Sequence[str], lang: Lang) -> str:
    colon, separator = (" : ", " ; ") if lang == "fr" else (": ", "; ")
    return separator.join(f"{names[seat]}{colon}{value}" for seat, value in enumerate(values))


EVENT_TEXT: dict[str, Text] = {
    "hand_dealt": Text("Votre main : {cards}.", "Your hand: {cards}."),
    "islands_shown": Text("Îles montrées à tous : {islands}.", "Islands shown to all: {islands}."),
    "start_card": Text(
        "Carte de départ : {card}. Total {card}, on monte.",
        "Starting card: {card}. Total {card}, going up.",
    ),
    "card_played": Text(
        "{name} joue {card} : total {total}.", "{name} plays {card}: total {total}."
    ),
    "penalty": Text(
        "Les pieds dans le plat ! {name} prend une pénalité ({penalties}/{limit}).",
        "Foot in it! {name} takes a penalty ({penalties}/{limit}).",
    ),
    "island_caught": Text("{holder} a l'île {island}.", "{holder} holds island {island}."),
    "island_drawn": Text(
        "Le sens change ({direction}). {name} pioche l'île {island} et la montre ({islands_left}).",
        "The direction changes ({direction}). {name} draws island {island} and shows it "
        "({islands_left}).",
    ),
    "card_drawn": Text("{name} pioche un {card}.", "{name} draws {a_card}."),
    "pile_reshuffled": Text(
        "Pioche vide : la défausse (sauf la carte du dessus) est remélangée ({size}).",
        "Draw pile empty: the discard pile (but its top card) is reshuffled ({size}).",
    ),
    "game_over": Text(
        "Fin de la partie ({end}). Pénalités : {penalties}. {winners}.",
        "Game over ({end}). Penalties: {penalties}. {winners}.",
    ),
}
ISLANDS_LEFT = Plural(
    ("{n} île restante", "{n} îles restantes"), ("{n} island left", "{n} islands left")
)
YOUR_ISLANDS = Text("Vos îles", "Your islands")
CARDS = Plural(("{n} carte", "{n} cartes"), ("{n} card", "{n} cards"))
WINNERS = Plural(("Gagnant : {w}", "Gagnants : {w}"), ("Winner: {w}", "Winners: {w}"))
# Events whose public twin tells a person nothing: shown only to the seat that sees the card.
SECRET_FIELD = {"hand_dealt": "cards", "card_drawn": "card"}


def _event_fields(event: Event, lang: Lang, names: Sequence[str]) -> dict[str, object]:
    fields: dict[str, object] = {**event, "limit": PENALTY_LIMIT}
    if isinstance(event.get("seat"), int):
        fields["name"] = names[event["seat"]]
    if isinstance(event.get("card"), int):
        fields["a_card"] = a_number(event["card"])
    if "holder" in event:
        fields["holder"] = names[event["holder"]]
    if "cards" in event:
        fields["cards"] = _cards(event["cards"], lang)
    if "islands" in event:
        fields["islands"] = _per_seat([_cards(own, lang) for own in event["islands"]], names, lang)
    if "direction" in event:
        fields["direction"] = _DIRECTION[event["direction"]].get(lang)
    if isinstance(event.get("penalties"), list):
        fields["penalties"] = _per_seat(event["penalties"], names, lang)
    if "winners" in event:
        winners = [names[seat] for seat in event["winners"]]
        fields["winners"] = WINNERS.render(len(winners), lang, w=listed(winners, lang))
    if "islands_left" in event:
        fields["islands_left"] = ISLANDS_LEFT.render(event["islands_left"], lang)
    if "size" in event:
        fields["size"] = CARDS.render(event["size"], lang)
    if "end" in event:
        fields["end"] = _END[event["end"]].get(lang)
    return fields


class PiedsPresenter(Presenter):
    def event(self, event: Event, lang: Lang, names: Sequence[str]) -> str | None:
        template = EVENT_TEXT.get(event["type"])
        secret = SECRET_FIELD.get(event["type"])
        if template is None or (secret is not None and secret not in event):
            return None
        return template.render(lang, **_event_fields(event, lang, names))

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

    def reason(
        self, view: View, best: Action, chosen: Action | None, lang: Lang, names: Sequence[str]
    ) -> str | None:
        return reasons.reason(view, best, chosen, lang, names)

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
                "Carte du dessus : {top}. Pioche : {pile}. Îles restantes : {left}.",
                "Top card: {top}. Draw pile: {pile}. Islands left: {left}.",
            ).format(
                top=view["top_card"],
                pile=CARDS.render(view["draw_pile_size"], lang),
                left=view["islands_left"],
            ),
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
                    "Votre main : {hand}. {own} : {islands}.",
                    "Your hand: {hand}. {own}: {islands}.",
                ).format(
                    hand=_cards(view["hand"], lang),
                    own=YOUR_ISLANDS.get(lang),
                    islands=_cards(view["islands"], lang),
                )
            )
        if "all_islands" in view:
            islands = [_cards(own, lang) for own in view["all_islands"]]
            lines.append(
                Text("Toutes les îles : {list}.", "All islands: {list}.").format(
                    list=_per_seat(islands, names, lang)
                )
            )
        return "\n".join(line.get(lang) for line in lines)

    def hand(self, view: View, lang: Lang, names: Sequence[str]) -> list[HandGroup] | None:
        """The number cards, then the seat's own islands: never the others' islands it was
        shown once (they are in ``all_islands`` only with the option that keeps them)."""
        if "hand" not in view:
            return None
        return [
            HandGroup(None, tuple(str(card) for card in view["hand"])),
            HandGroup(YOUR_ISLANDS.get(lang), tuple(str(island) for island in view["islands"])),
        ]

    def prompt(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        return (
            Text(
                "À vous. Total {total}, {direction}. Votre main : {hand}.",
                "Your turn. Total {total}, {direction}. Your hand: {hand}.",
            )
            .format(
                total=view["total"],
                direction=_DIRECTION[view["direction"]].get(lang),
                hand=_cards(view.get("hand", []), lang),
            )
            .get(lang)
        )
