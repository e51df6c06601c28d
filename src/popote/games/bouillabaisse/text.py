"""How Bouillabaisse reads aloud: one plain line per event, in French or English."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from popote.core.actions import Action, Event
from popote.core.game import Presenter, View
from popote.core.i18n import Lang, Text
from popote.games.bouillabaisse.scoring import MANCHES
from popote.games.bouillabaisse.views import points_of

SUMMARY = Text(
    "Jeu de plis sans atout en six manches, de 2 à 12 joueurs, avec un ou deux jeux de 52 "
    "cartes (les plus petites cartes sont retirées pour que toutes les mains soient égales). "
    "On fournit la couleur demandée si on peut, sinon on joue ce qu'on veut ; la plus forte "
    "carte de la couleur demandée (as fort, 2 faible) remporte le pli et entame le suivant. "
    "Manche 1 : 5 points par pli. Manche 2 : 10 points par carte de la couleur tirée. "
    "Manche 3 : 50 points par carte de la figure tirée (valet, dame ou roi). Manche 4 : 200 "
    "points pour la carte tirée. Manche 5 : tout cela à la fois. Manche 6 : pareil, mais les "
    "points se retranchent : il faut alors ramasser. Le plus petit total gagne. Option « tout "
    "ou rien » : qui prend tout ce qu'une règle compte voit ces points changer de signe (avec "
    "la portée « manche », aux manches 5 et 6, seul qui prend toutes les cartes à points voit "
    "toute sa manche changer de signe).",
    "A trick-taking game without trumps in six manches (deals), for 2 to 12 players, with "
    "one or two 52-card decks (the lowest cards are set aside so every hand is equal). Follow "
    "the suit led if you can, otherwise play any card; the highest card of the suit led (ace "
    "high, 2 low) takes the trick and leads the next. Manche 1: 5 points per trick. Manche 2: "
    "10 points per card of the drawn suit. Manche 3: 50 points per card of the drawn figure "
    "(jack, queen or king). Manche 4: 200 points for the drawn card. Manche 5: all of these "
    "at once. Manche 6: the same, but points are subtracted: now you want them. Lowest total "
    "wins. Option 'tout ou rien' (all or nothing): whoever takes everything a rule counts has "
    "those points' sign reversed (with the 'manche' scope, in manches 5 and 6, only whoever "
    "takes every point card has their whole manche reversed).",
)

_RANK_NAMES: dict[str, Text] = {
    "J": Text("valet", "jack"),
    "Q": Text("dame", "queen"),
    "K": Text("roi", "king"),
    "A": Text("as", "ace"),
}
_FIGURE_PLURAL: dict[str, Text] = {
    "J": Text("valets", "jacks"),
    "Q": Text("dames", "queens"),
    "K": Text("rois", "kings"),
}
_SUIT_NAMES: dict[str, Text] = {
    "C": Text("trèfle", "clubs"),
    "D": Text("carreau", "diamonds"),
    "H": Text("cœur", "hearts"),
    "S": Text("pique", "spades"),
}
_RULE_TEXT: dict[str, Text] = {
    "tricks": Text("5 points par pli", "5 points per trick"),
    "suit": Text("10 points par carte de {suit}", "10 points per card of {suit}"),
    "figure": Text("50 points par {figure}", "50 points per {figure}"),
    "card": Text("200 points pour {card}", "200 points for {card}"),
}
_UNKNOWN = Text("(pas encore tirée)", "(not drawn yet)")


def card_name(name: str, lang: Lang) -> str:
    """``"QH"`` -> ``"dame de cœur"`` / ``"queen of hearts"``."""
    rank, suit = name[:-1], name[-1]
    rank_word = _RANK_NAMES[rank].get(lang) if rank in _RANK_NAMES else rank
    joint = " de " if lang == "fr" else " of "
    return rank_word + joint + _SUIT_NAMES[suit].get(lang)


def the_card(name: str, lang: Lang) -> str:
    """The card with its article: "la dame de cœur", "l'as de pique", "the king of clubs"."""
    if lang == "en":
        return "the " + card_name(name, lang)
    rank = name[:-1]
    article = "l'" if rank == "A" else "la " if rank == "Q" else "le "
    return article + card_name(name, lang)


def cards_text(names: Sequence[str], lang: Lang) -> str:
    return ", ".join(card_name(name, lang) for name in names) or "-"


def _per_seat(values: Sequence[object], names: Sequence[str]) -> str:
    return ", ".join(f"{names[seat]} {value}" for seat, value in enumerate(values))


def rules_text(rules: Sequence[str], sign: int, targets: Mapping[str, Any], lang: Lang) -> str:
    """The scoring of a manche in words, e.g. "10 points par carte de cœur"."""
    suit, figure, card = targets["suit"], targets["figure"], targets["card"]
    fields = {
        "suit": _SUIT_NAMES[suit].get(lang) if suit else _UNKNOWN.get(lang),
        "figure": _RANK_NAMES[figure].get(lang) if figure else _UNKNOWN.get(lang),
        "card": the_card(card, lang) if card else _UNKNOWN.get(lang),
    }
    parts = [_RULE_TEXT[rule].format(**fields).get(lang) for rule in rules]
    text = " ; ".join(parts) if lang == "fr" else "; ".join(parts)
    if sign < 0:
        text += Text(" — en négatif : à ramasser", " — subtracted: go and take them").get(lang)
    return text


class BouillabaissePresenter(Presenter):
    def event(self, event: Event, lang: Lang, names: Sequence[str]) -> str | None:
        kind = event["type"]
        line: Text | None = None
        if kind == "drawn":
            line = self._drawn(event, lang)
        elif kind == "manche_start":
            line = self._manche_start(event, lang, names)
        elif kind == "hand":
            if "cards" in event:
                line = Text("Votre main : {cards}.", "Your hand: {cards}.").format(
                    cards=cards_text(event["cards"], lang)
                )
        elif kind == "play":
            line = Text("{name} joue {card}.", "{name} plays {card}.").format(
                name=names[event["seat"]], card=the_card(event["card"], lang)
            )
        elif kind == "trick":
            line = Text("{name} remporte le pli.", "{name} takes the trick.").format(
                name=names[event["winner"]]
            )
        elif kind == "manche_end":
            line = self._manche_end(event, lang, names)
        elif kind == "game_over":
            winners = " et ".join(names[s] for s in event["winners"])
            if lang == "en":
                winners = " and ".join(names[s] for s in event["winners"])
            line = Text(
                "Partie terminée. Totaux : {totals}. Le plus petit total gagne : {winners}.",
                "Game over. Totals: {totals}. Lowest total wins: {winners}.",
            ).format(totals=_per_seat(event["totals"], names), winners=winners)
        return None if line is None else line.get(lang)

    def _drawn(self, event: Event, lang: Lang) -> Text:
        target, value = event["target"], event["value"]
        if target == "suit":
            return Text(
                "Tirage : la couleur à 10 points est {v}.", "Draw: the 10-point suit is {v}."
            ).format(v=_SUIT_NAMES[value].get(lang))
        if target == "figure":
            return Text(
                "Tirage : les {v} valent 50 points.", "Draw: the {v} are worth 50 points."
            ).format(v=_FIGURE_PLURAL[value].get(lang))
        return Text(
            "Tirage : la carte à 200 points est {v}.", "Draw: the 200-point card is {v}."
        ).format(v=the_card(value, lang))

    def _manche_start(self, event: Event, lang: Lang, names: Sequence[str]) -> Text:
        line = Text(
            "Manche {manche} sur {total} : {rules}. {dealer} distribue {size} cartes à chacun ; "
            "{leader} entame.",
            "Manche {manche} of {total}: {rules}. {dealer} deals {size} cards each; {leader} "
            "leads.",
        ).format(
            manche=event["manche"],
            total=MANCHES,
            rules=rules_text(event["rules"], event["sign"], event["targets"], lang),
            dealer=names[event["dealer"]],
            size=event["hand_size"],
            leader=names[event["leader"]],
        )
        if event["removed"]:
            line = Text(
                line.fr + " Cartes retirées : {cards}.", line.en + " Cards set aside: {cards}."
            )
            line = line.format(cards=cards_text(event["removed"], lang))
        return line

    def _manche_end(self, event: Event, lang: Lang, names: Sequence[str]) -> Text:
        line = Text(
            "Fin de la manche {manche}. Points de la manche : {scores}. Totaux : {totals}.",
            "End of manche {manche}. Manche points: {scores}. Totals: {totals}.",
        ).format(
            manche=event["manche"],
            scores=_per_seat(event["scores"], names),
            totals=_per_seat(event["totals"], names),
        )
        if event.get("reversed"):
            who = ", ".join(names[seat] for seat in event["reversed"])
            line = Text(
                line.fr + " Tout ou rien : signe inversé pour " + who + ".",
                line.en + " All or nothing: sign reversed for " + who + ".",
            )
        return line

    def action(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> str:
        card = action["card"]
        label = Text("Jouer {card}", "Play {card}").format(card=the_card(card, lang)).get(lang)
        points = points_of(card, view)
        if points:
            label += f" ({points} points)"
        return label

    def table(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        lines = [
            Text("Manche {manche} sur {total} : {rules}.", "Manche {manche} of {total}: {rules}.")
            .format(
                manche=view["manche"],
                total=MANCHES,
                rules=rules_text(view["rules"], view["sign"], view["targets"], lang),
            )
            .get(lang),
            self._trick_line(view, lang, names),
            Text("Plis pris : {list}.", "Tricks taken: {list}.")
            .format(list=_per_seat(view["tricks_taken"], names))
            .get(lang),
        ]
        for number, scores in enumerate(view["scores"], start=1):
            lines.append(
                Text("Manche {number} : {list}.", "Manche {number}: {list}.")
                .format(number=number, list=_per_seat(scores, names))
                .get(lang)
            )
        lines.append(
            Text("Totaux : {list}.", "Totals: {list}.")
            .format(list=_per_seat(view["totals"], names))
            .get(lang)
        )
        if view["last_trick"] is not None:
            last = view["last_trick"]
            lines.append(
                Text(
                    "Dernier pli, pris par {name} : {cards}.",
                    "Last trick, taken by {name}: {cards}.",
                )
                .format(
                    name=names[last["winner"]],
                    cards=cards_text([play["card"] for play in last["cards"]], lang),
                )
                .get(lang)
            )
        if "hand" in view:
            lines.append(
                Text("Votre main : {cards}.", "Your hand: {cards}.")
                .format(cards=cards_text(view["hand"], lang))
                .get(lang)
            )
        return "\n".join(lines)

    def _trick_line(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        if not view["trick"]:
            return Text("Pli en cours : vide.", "Trick in progress: empty.").get(lang)
        plays = ", ".join(
            f"{names[play['seat']]} : {card_name(play['card'], lang)}"
            if lang == "fr"
            else f"{names[play['seat']]}: {card_name(play['card'], lang)}"
            for play in view["trick"]
        )
        return (
            Text(
                "Pli en cours ({suit} demandé) : {plays}.",
                "Trick in progress ({suit} led): {plays}.",
            )
            .format(suit=_SUIT_NAMES[view["led"]].get(lang), plays=plays)
            .get(lang)
        )

    def prompt(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        if view["trick"]:
            ask = Text(
                "À vous. Couleur demandée : {suit}. Votre main : {hand}.",
                "Your turn. Suit led: {suit}. Your hand: {hand}.",
            ).format(
                suit=_SUIT_NAMES[view["led"]].get(lang), hand=cards_text(view.get("hand", []), lang)
            )
        else:
            ask = Text(
                "À vous d'entamer. Votre main : {hand}.", "Your lead. Your hand: {hand}."
            ).format(hand=cards_text(view.get("hand", []), lang))
        return ask.get(lang)
