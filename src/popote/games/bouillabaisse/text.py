"""How Bouillabaisse reads aloud: short plain lines, in French or English.

In English a *manche* is a "deal". Lists that grow with the table (a trick of twelve, a
two-deck hand) are cut into lines a screen reader reads comfortably.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from popote.core.actions import Action, Event
from popote.core.game import HandGroup, Presenter, View
from popote.core.i18n import Lang, Text
from popote.core.wording import Plural, card_list, decimal, listed
from popote.games.bouillabaisse.cards import RANK_ID, SUITS
from popote.games.bouillabaisse.scoring import MANCHES
from popote.games.bouillabaisse.views import points_of

SUMMARY = Text(
    "Jeu de plis sans atout en six manches, de 2 à 12 joueurs, avec un ou deux jeux de 52 "
    "cartes.\n"
    "Les plus petites cartes sont retirées pour que toutes les mains soient égales.\n"
    "On fournit la couleur demandée si on peut, sinon on joue ce qu'on veut. La plus forte "
    "carte de la couleur demandée (as fort, 2 faible) remporte le pli et entame le suivant.\n"
    "Manche 1 : 5 points par pli.\n"
    "Manche 2 : 10 points par carte de la couleur tirée.\n"
    "Manche 3 : 50 points par carte de la figure tirée (valet, dame ou roi).\n"
    "Manche 4 : 200 points pour la carte tirée.\n"
    "Manche 5 : tout cela à la fois.\n"
    "Manche 6 : pareil, mais les points se retranchent : il faut alors ramasser.\n"
    "Le plus petit total gagne.\n"
    "Option « tout ou rien » : qui prend tout ce qu'une règle compte (sauf la carte à 200 "
    "points) voit ces points changer de signe.\n"
    "Si elle vaut « pour toute la manche », aux "
    "manches 5 et 6, seul qui prend toutes les cartes à points voit toute sa manche changer "
    "de signe.",
    "A trick-taking game without trumps in six deals, for 2 to 12 players, with one or two "
    "52-card decks.\n"
    "The lowest cards are set aside so every hand is equal.\n"
    "Follow the suit led if you can, otherwise play any card. The highest card of the suit "
    "led (ace high, 2 low) takes the trick and leads the next.\n"
    "Deal 1: 5 points per trick.\n"
    "Deal 2: 10 points per card of the drawn suit.\n"
    "Deal 3: 50 points per card of the drawn figure (jack, queen or king).\n"
    "Deal 4: 200 points for the drawn card.\n"
    "Deal 5: all of these at once.\n"
    "Deal 6: the same, but points are subtracted: now you want them.\n"
    "Lowest total wins.\n"
    "The 'all or nothing' option: whoever takes everything a rule counts (except the "
    "200-point card) has those points' sign reversed.\n"
    "Set to 'for the whole deal', in deals "
    "5 and 6 only whoever takes every point card has their whole deal reversed.",
)

LINE_WIDTH = 200
"""Lists are cut before a line passes this many characters."""
RANK_NAMES: dict[str, Text] = {
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
SUIT_NAMES: dict[str, Text] = {
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
    joint = " de " if lang == "fr" else " of "
    return _rank_word(rank, lang) + joint + SUIT_NAMES[suit].get(lang)


def _rank_word(rank: str, lang: Lang) -> str:
    return RANK_NAMES[rank].get(lang) if rank in RANK_NAMES else rank


def the_card(name: str, lang: Lang) -> str:
    """The card with its article: "la dame de cœur", "l'as de pique", "the king of clubs"."""
    if lang == "en":
        return "the " + card_name(name, lang)
    rank = name[:-1]
    article = "l'" if rank == "A" else "la " if rank == "Q" else "le "
    return article + card_name(name, lang)


def cards_text(names: Sequence[str], lang: Lang) -> str:
    return card_list([card_name(name, lang) for name in names], lang)


def colon(lang: Lang) -> str:
    return " : " if lang == "fr" else ": "


def _semicolon(lang: Lang) -> str:
    return " ; " if lang == "fr" else "; "


def suit_groups(cards: Sequence[str], lang: Lang) -> list[HandGroup]:
    """The suits held, in order, each named, its ranks strongest first: ``pique``, ``as, 10``."""
    groups = []
    for suit in SUITS:
        ranks = sorted(
            (card[:-1] for card in cards if card[-1] == suit), key=RANK_ID.__getitem__, reverse=True
        )
        if ranks:
            words = tuple(_rank_word(rank, lang) for rank in ranks)
            groups.append(HandGroup(SUIT_NAMES[suit].get(lang), words))
    return groups


def by_suit(cards: Sequence[str], lang: Lang) -> list[str]:
    """One item per suit, strongest card first: ``"pique : as, 10, 2"``."""
    return [
        f"{group.label}{colon(lang)}{', '.join(group.cards)}" for group in suit_groups(cards, lang)
    ]


def wrapped(head: str, items: Sequence[str], separator: str, end: str = ".") -> str:
    """``head`` then ``items`` on as few lines as fit in :data:`LINE_WIDTH` characters.

    ``separator`` ends every item but the last (``","``, ``" ;"``), ``end`` the last one.
    """
    pieces = [item + separator.rstrip() for item in items[:-1]] + [(items or ["-"])[-1] + end]
    lines = [head]
    for piece in pieces:
        if len(lines[-1]) + 1 + len(piece) > LINE_WIDTH and lines[-1] != head:
            lines.append(piece)
        else:
            lines[-1] += " " + piece
    return "\n".join(lines)


def _per_seat(values: Sequence[int], names: Sequence[str], lang: Lang) -> list[str]:
    return [
        f"{names[seat]}{colon(lang)}{decimal(value, lang)}" for seat, value in enumerate(values)
    ]


def rules_text(rules: Sequence[str], sign: int, targets: Mapping[str, Any], lang: Lang) -> str:
    """The scoring of a manche in words, e.g. "10 points par carte de cœur"."""
    suit, figure, card = targets["suit"], targets["figure"], targets["card"]
    fields = {
        "suit": SUIT_NAMES[suit].get(lang) if suit else _UNKNOWN.get(lang),
        "figure": RANK_NAMES[figure].get(lang) if figure else _UNKNOWN.get(lang),
        "card": the_card(card, lang) if card else _UNKNOWN.get(lang),
    }
    parts = [_RULE_TEXT[rule].format(**fields).get(lang) for rule in rules]
    text = _semicolon(lang).join(parts)
    if sign < 0:
        text += Text(" — en négatif : à ramasser", " — subtracted: go and take them").get(lang)
    return text


MANCHE = Text("Manche {manche} sur {total}", "Deal {manche} of {total}")
CARDS_EACH = Plural(
    ("{n} carte à chacun", "{n} cartes à chacun"), ("{n} card each", "{n} cards each")
)
SET_ASIDE = Plural(
    ("Carte retirée :", "Cartes retirées :"), ("Card set aside:", "Cards set aside:")
)
TRICKS = Plural(("{n} pli", "{n} plis"), ("{n} trick", "{n} tricks"))
WINNERS = Plural(("Gagnant :", "Gagnants :"), ("Winner:", "Winners:"))
POINTS = Plural(("{n} point", "{n} points"), ("{n} point", "{n} points"))


class BouillabaissePresenter(Presenter):
    def event(self, event: Event, lang: Lang, names: Sequence[str]) -> str | None:
        kind = event["type"]
        if kind == "drawn":
            return self._drawn(event, lang)
        if kind == "manche_start":
            return self._manche_start(event, lang, names)
        if kind == "hand":
            if "cards" not in event:
                return None
            return self._hand(event["cards"], lang)
        if kind == "play":
            return Text("{name} joue {card}.", "{name} plays {card}.").render(
                lang, name=names[event["seat"]], card=the_card(event["card"], lang)
            )
        if kind == "trick":
            return Text("{name} remporte le pli.", "{name} takes the trick.").render(
                lang, name=names[event["winner"]]
            )
        if kind == "manche_end":
            return self._manche_end(event, lang, names)
        if kind == "game_over":
            return self._game_over(event, lang, names)
        return None

    def _drawn(self, event: Event, lang: Lang) -> str:
        target, value = event["target"], event["value"]
        if target == "suit":
            return Text(
                "Tirage : la couleur à 10 points est {v}.", "Draw: the 10-point suit is {v}."
            ).render(lang, v=SUIT_NAMES[value].get(lang))
        if target == "figure":
            return Text(
                "Tirage : les {v} valent 50 points.", "Draw: the {v} are worth 50 points."
            ).render(lang, v=_FIGURE_PLURAL[value].get(lang))
        return Text(
            "Tirage : la carte à 200 points est {v}.", "Draw: the 200-point card is {v}."
        ).render(lang, v=the_card(value, lang))

    def _manche_start(self, event: Event, lang: Lang, names: Sequence[str]) -> str:
        manche = MANCHE.render(lang, manche=event["manche"], total=MANCHES)
        rules = rules_text(event["rules"], event["sign"], event["targets"], lang)
        lines = [
            f"{manche}{colon(lang)}{rules}.",
            Text(
                "{dealer} distribue {size} ; {leader} entame.",
                "{dealer} deals {size}; {leader} leads.",
            ).render(
                lang,
                dealer=names[event["dealer"]],
                size=CARDS_EACH.render(event["hand_size"], lang),
                leader=names[event["leader"]],
            ),
        ]
        removed = event["removed"]
        if removed:
            head = SET_ASIDE.render(len(removed), lang)
            lines.append(wrapped(head, [card_name(card, lang) for card in removed], ","))
        return "\n".join(lines)

    def _hand(self, cards: Sequence[str], lang: Lang) -> str:
        head = Text("Votre main :", "Your hand:").get(lang)
        return wrapped(head, by_suit(cards, lang), _semicolon(lang))

    def _manche_end(self, event: Event, lang: Lang, names: Sequence[str]) -> str:
        lines = [
            Text("Fin de la manche {m}.", "End of deal {m}.").render(lang, m=event["manche"]),
            wrapped(
                Text("Points de la manche :", "Deal points:").get(lang),
                _per_seat(event["scores"], names, lang),
                _semicolon(lang),
            ),
            wrapped(
                Text("Totaux :", "Totals:").get(lang),
                _per_seat(event["totals"], names, lang),
                _semicolon(lang),
            ),
        ]
        if event.get("reversed"):
            lines.append(
                Text(
                    "Tout ou rien : signe inversé pour {who}.",
                    "All or nothing: sign reversed for {who}.",
                ).render(lang, who=listed([names[seat] for seat in event["reversed"]], lang))
            )
        return "\n".join(lines)

    def _game_over(self, event: Event, lang: Lang, names: Sequence[str]) -> str:
        # The totals were just said with the last deal's points: only the winners' here.
        winners = [names[seat] for seat in event["winners"]]
        best = event["totals"][event["winners"][0]] if event["winners"] else 0
        return Text(
            "Partie terminée : le plus petit total gagne. {winners} {names} ({total}).",
            "Game over: the lowest total wins. {winners} {names} ({total}).",
        ).render(
            lang,
            winners=WINNERS.render(len(winners), lang),
            names=listed(winners, lang),
            total=decimal(best, lang),
        )

    def action(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> str:
        card = action["card"]
        label = Text("Jouer {card}", "Play {card}").render(lang, card=the_card(card, lang))
        points = points_of(card, view)
        if points:
            label += f" ({POINTS.render(points, lang)})"
        return label

    def steps(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> Sequence[str]:
        """A long hand is chosen suit first."""
        return (SUIT_NAMES[action["card"][-1]].get(lang).capitalize(),)

    def ranked(self, actions: Sequence[Action], view: View) -> list[Action]:
        """Suit by suit as the hand is read, the strongest card of each first."""

        def key(action: Action) -> tuple[int, int]:
            card: str = action["card"]
            return (SUITS.index(card[-1]), -RANK_ID[card[:-1]])

        return sorted(actions, key=key)

    def table(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        manche = MANCHE.render(lang, manche=view["manche"], total=MANCHES)
        rules = rules_text(view["rules"], view["sign"], view["targets"], lang)
        lines = [f"{manche}{colon(lang)}{rules}.", self._trick_line(view, lang, names)]
        if view["last_trick"] is not None:
            last = view["last_trick"]
            head = Text("Dernier pli, pris par {name} :", "Last trick, taken by {name}:").render(
                lang, name=names[last["winner"]]
            )
            cards = [card_name(play["card"], lang) for play in last["cards"]]
            lines.append(wrapped(head, cards, ","))
        lines += [self._seat_line(seat, view, lang, names) for seat in range(view["players"])]
        if "hand" in view:
            lines.append(self._hand(view["hand"], lang))
        return "\n".join(lines)

    def hand(self, view: View, lang: Lang, names: Sequence[str]) -> list[HandGroup] | None:
        """Suit by suit, as the table reads it."""
        return suit_groups(view["hand"], lang) if "hand" in view else None

    def _seat_line(self, seat: int, view: View, lang: Lang, names: Sequence[str]) -> str:
        """``Siège 2 : 3 plis ; manches : 15, 0 ; total 15.``"""
        parts = [TRICKS.render(view["tricks_taken"][seat], lang)]
        played = [decimal(scores[seat], lang) for scores in view["scores"]]
        if played:
            deals = Text("manches", "deals").get(lang)
            parts.append(deals + colon(lang) + ", ".join(played))
        parts.append(
            Text("total {t}", "total {t}").render(lang, t=decimal(view["totals"][seat], lang))
        )
        return names[seat] + colon(lang) + _semicolon(lang).join(parts) + "."

    def _trick_line(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        if not view["trick"]:
            return Text("Pli en cours : vide.", "Trick in progress: empty.").get(lang)
        head = Text("Pli en cours ({suit} demandé) :", "Trick in progress ({suit} led):").render(
            lang, suit=SUIT_NAMES[view["led"]].get(lang)
        )
        plays = [
            names[play["seat"]] + colon(lang) + card_name(play["card"], lang)
            for play in view["trick"]
        ]
        return wrapped(head, plays, ",")

    def prompt(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        """Only the cards that may follow the suit led, or the whole hand suit by suit."""
        hand = view.get("hand", [])
        led: str | None = view["led"] if view["trick"] else None
        following = [card for card in hand if card[-1] == led]
        if led is not None and following:
            return Text(
                "À vous. Couleur demandée : {suit}. Vous en avez : {cards}.",
                "Your turn. Suit led: {suit}. You hold: {cards}.",
            ).render(
                lang,
                suit=SUIT_NAMES[led].get(lang),
                cards=", ".join(
                    _rank_word(card[:-1], lang)
                    for card in sorted(following, key=lambda c: -RANK_ID[c[:-1]])
                ),
            )
        if led is not None:
            head = Text(
                "À vous. Couleur demandée : {suit}, vous n'en avez pas. Votre main :",
                "Your turn. Suit led: {suit}, you have none. Your hand:",
            ).render(lang, suit=SUIT_NAMES[led].get(lang))
        else:
            head = Text("À vous d'entamer. Votre main :", "Your lead. Your hand:").get(lang)
        return wrapped(head, by_suit(hand, lang), _semicolon(lang))
