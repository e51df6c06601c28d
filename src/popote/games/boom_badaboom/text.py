"""How Boom Badaboom reads aloud: one plain line per event, in French or English."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from popote.core.actions import Action, Event
from popote.core.game import HandGroup, Presenter, View
from popote.core.i18n import Lang, Text
from popote.core.picture import Picture
from popote.core.wording import Plural, decimal
from popote.games.boom_badaboom import reasons
from popote.games.boom_badaboom.cards import Role
from popote.games.boom_badaboom.names import (
    CARD_HELP,
    ENDS,
    EVENT_HELP,
    LEVELS,
    MODES,
    ROLES,
    VICTORIES,
    card_list,
    card_name,
    event_name,
)
from popote.games.boom_badaboom.picture import picture

SUMMARY = Text(
    "\n".join(
        (
            "Un gâteau gonfle dans un four capricieux. Il commence à 10.",
            "S'il atteint la capacité du four, il explose.",
            "À votre tour : jouez une carte (chaleur, refroidissement ou action), "
            "puis piochez-en une.",
            "Les cartes réactives (Tablier, Renvoi de spatule, Coup de boost) répondent à la "
            "carte d'un autre, hors de votre tour.",
            "Un événement est révélé au début de chaque tour de table.",
            "La partie finit quand le gâteau explose, au Minuteur final ou quand la pioche "
            "est vide.",
            "",
            "Rôles cachés, de 3 à 5 joueurs :",
            "les Farceurs gagnent si le gâteau explose ;",
            "le Glouton gagne à son tour s'il tient 2 cartes Objectif et que le gâteau est "
            "entre 15 et 18 ;",
            "à la fin, sans explosion, le Glouton gagne s'il tient 2 cartes Objectif, "
            "et les Pâtissiers sinon.",
            "",
            "Coopératif à 2 joueurs (ou avec le mode coop), et solo à 1 joueur :",
            "pas de rôles ; vous gagnez ensemble si le gâteau n'a pas explosé à la fin.",
        )
    ),
    "\n".join(
        (
            "A cake rises in a temperamental oven. It starts at 10.",
            "If it reaches the oven's capacity, it explodes.",
            "On your turn: play a card (heat, cooling or action), then draw one.",
            "Reactive cards (Apron, Spatula Return, Boost) are played out of turn, "
            "answering someone else's card.",
            "An event is revealed at the start of each round.",
            "The game ends when the cake explodes, at the Final Timer or when the deck runs out.",
            "",
            "Hidden roles, 3 to 5 players:",
            "the Pranksters win if the cake explodes;",
            "the Glutton wins on its own turn holding 2 Objective cards with the cake "
            "between 15 and 18;",
            "at the end, with no explosion, the Glutton wins if it holds 2 Objective cards, "
            "and the Bakers win if not.",
            "",
            "Cooperative with 2 players (or the coop mode), and solo with 1 player:",
            "no roles; you all win together if the cake has not exploded at the end.",
        )
    ),
)

LONG_LIST = 160
"""Past this many characters a list of cards is read one card a line."""

_LINES: dict[str, Text] = {
    "role_dealt": Text("Votre rôle : {role}.", "Your role: {role}."),
    "card_revealed": Text("{name} montre {card}.", "{name} shows {card}."),
    "turn_skipped": Text("{name} passe son tour (accident).", "{name} skips this turn (accident)."),
    "express_draw": Text(
        "Service express : {name} pioche {card}.", "Express Service: {name} draws {card}."
    ),
    "passed": Text(
        "{name} n'a aucune carte jouable et passe.", "{name} has no playable card and passes."
    ),
    "mystery_value": Text(
        "Valeur tirée pour {card} : {value}.", "Value drawn for {card}: {value}."
    ),
    "capacity_changed": Text(
        "Capacité du four : {capacity} ({delta}).", "Oven capacity: {capacity} ({delta})."
    ),
    "size_changed": Text("Gâteau : {size} ({delta}).", "Cake: {size} ({delta})."),
    "card_recovered": Text(
        "{name} reprend {card} dans la défausse.", "{name} takes back {card} from the discard."
    ),
    "turn_lost": Text("{name} passera son prochain tour.", "{name} will skip their next turn."),
    "fumbled": Text("Maladresse : {name} lâche {card}.", "Butterfingers: {name} drops {card}."),
    "hands_swapped": Text(
        "{name} échange sa main avec {target}.", "{name} swaps hands with {target}."
    ),
    "hands_passed": Text("Chacun passe sa main à gauche.", "Everyone passes their hand left."),
    # "Carte" keeps the past participle feminine whatever the card's own gender.
    "splash": Text("Éclaboussures : carte retournée, {card}.", "Splashes: {card} is turned over."),
    "card_dropped": Text(
        "Maladresse : {name} défausse {card}.", "Clumsiness: {name} discards {card}."
    ),
    "deck_empty": Text(
        "La pioche est vide : fin de la partie après ce tour.",
        "The deck is empty: the game ends after this turn.",
    ),
    "turn_started": Text("Au tour de {name}.", "{name} to play."),
}

ROLE_COUNTS = {
    Role.PATISSIER: Plural(("{n} Pâtissier", "{n} Pâtissiers"), ("{n} Baker", "{n} Bakers")),
    Role.FARCEUR: Plural(("{n} Farceur", "{n} Farceurs"), ("{n} Prankster", "{n} Pranksters")),
    Role.GLOUTON: Plural(("{n} Glouton", "{n} Gloutons"), ("{n} Glutton", "{n} Gluttons")),
}
GOALS = {
    "roles": Text(
        "Rôles cachés : {roles}. Les Farceurs veulent faire exploser le gâteau, les "
        "Pâtissiers le sauver, le Glouton le voler avec 2 cartes Objectif.",
        "Hidden roles: {roles}. The Pranksters want the cake to explode, the Bakers want "
        "to save it, the Glutton wants to steal it with 2 Objective cards.",
    ),
    "coop": Text(
        "Partie coopérative : vous gagnez ensemble si le gâteau n'a pas explosé au "
        "Minuteur final ou quand la pioche est vide.",
        "Cooperative game: you all win together if the cake has not exploded by the "
        "Final Timer or when the deck runs out.",
    ),
    "solo": Text(
        "Partie en solo : vous gagnez si le gâteau n'a pas explosé au Minuteur final ou "
        "quand la pioche est vide.",
        "Solo game: you win if the cake has not exploded by the Final Timer or when the "
        "deck runs out.",
    ),
}
TEAM_ENDS = {
    ("coop", True): Text("Vous gagnez ensemble !", "You all win together!"),
    ("coop", False): Text(
        "Vous perdez ensemble : le four l'emporte.", "You all lose together: the oven wins."
    ),
    ("solo", True): Text("Vous gagnez !", "You win!"),
    ("solo", False): Text("Vous perdez : le four l'emporte.", "You lose: the oven wins."),
}
ROUNDS_HELD = Plural(
    ("Le gâteau a tenu {n} tour de table.", "Le gâteau a tenu {n} tours de table."),
    ("The cake held for {n} round.", "The cake held for {n} rounds."),
)
HOLDS = Plural(
    ("{name} a {n} carte", "{name} a {n} cartes"),
    ("{name} holds {n} card", "{name} holds {n} cards"),
)
DECK = Plural(
    ("Pioche : {n} carte.", "Pioche : {n} cartes."), ("Deck: {n} card.", "Deck: {n} cards.")
)
SEPARATOR = Text(" ; ", "; ")
NAMED = Text("{name} : {what}", "{name}: {what}")


def signed(delta: int, lang: Lang) -> str:
    """``+3`` or ``−3``, with the one minus sign every number shown to people uses."""
    return decimal(delta, lang, signed=True)


def cards_line(keys: Sequence[str], lang: Lang, full: Text, empty: Text, **fields: Any) -> str:
    """``full`` (ending in ``{cards}``) with the cards, one a line when they are many
    (identical cards on one line, counted), or ``empty`` when there are none."""
    if not keys:
        return empty.format(**fields).get(lang)
    line = full.format(cards=card_list(keys, lang), **fields).get(lang)
    if len(line) <= LONG_LIST:
        return line + "."
    head = full.format(cards="", **fields).get(lang).rstrip()
    counted = Counter(keys)
    return "\n".join(
        [
            head,
            *(card_name(key, lang) + (f" (×{n})" if n > 1 else "") for key, n in counted.items()),
        ]
    )


YOUR_HAND = (
    Text("Votre main : {cards}", "Your hand: {cards}"),
    Text("Votre main est vide.", "Your hand is empty."),
)
HAND_OF = (
    Text("Main de {target} : {cards}", "Hand of {target}: {cards}"),
    Text("La main de {target} est vide.", "The hand of {target} is empty."),
)
RECEIVED = (
    Text(
        "{name} reçoit la main de {giver} : {cards}", "{name} receives the hand of {giver}: {cards}"
    ),
    Text("{name} reçoit la main vide de {giver}.", "{name} receives the empty hand of {giver}."),
)


def _fields(event: Event, lang: Lang, names: Sequence[str]) -> dict[str, Any]:
    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "-"

    return {
        "name": who(event.get("seat")),
        "target": who(event.get("target")),
        "giver": who(event.get("from")),
        "card": card_name(event["card"], lang) if "card" in event else "",
        "role": ROLES[event["role"]].get(lang) if "role" in event else "",
        "value": event.get("value"),
        "size": event.get("size"),
        "capacity": event.get("capacity"),
        "delta": signed(event.get("delta", 0), lang),
    }


def team_variant(players: int) -> str:
    """How a game without roles is named to its players: alone, or together."""
    return "solo" if players == 1 else "coop"


class BoomPresenter(Presenter):
    def outcome(self, result: Mapping[str, Any], lang: Lang, names: Sequence[str]) -> str:
        """The side that won in roles mode ("Les Pâtissiers gagnent."); the team's fate
        without roles (everyone wins, or nobody)."""
        if any(result["roles"]):
            side = result["winning_side"]
            return VICTORIES[side].get(lang) if side else super().outcome(result, lang, names)
        return TEAM_ENDS[team_variant(len(names)), bool(result["winners"])].get(lang)

    def event(self, event: Event, lang: Lang, names: Sequence[str]) -> str | None:
        kind = event["type"]
        f = _fields(event, lang, names)
        if kind in _LINES:
            return _LINES[kind].format(**f).get(lang)
        if kind == "setup":
            return self._opening(event, lang, names)
        if kind in ("hand_dealt", "hand_received") and "cards" in event:
            full, empty = YOUR_HAND if kind == "hand_dealt" else RECEIVED
            return cards_line(event["cards"], lang, full, empty, **f)
        if kind == "round_started":
            line = Text("Tour de table {n}.", "Round {n}.").format(n=event["round"]).get(lang)
            if event["event"]:
                line += " " + self._event_line(event["event"], lang)
            return line
        if kind == "card_played":
            line = Text("{name} joue {card}", "{name} plays {card}").format(**f).get(lang)
            if event["target"] >= 0:
                line += Text(" contre {target}", " against {target}").format(**f).get(lang)
            return line + "."
        if kind == "reaction":
            mode = MODES[event["mode"]].format(target=f["target"]).get(lang)
            return (
                Text("{name} réagit : {card} ({mode}).", "{name} reacts: {card} ({mode}).")
                .format(name=f["name"], card=f["card"], mode=mode)
                .get(lang)
            )
        if kind == "reaction_lost":
            return (
                Text(
                    "{first} a réagi avant vous : votre carte {card} reste dans votre main.",
                    "{first} reacted first: your {card} stays in your hand.",
                )
                .format(first=names[event["first"]], card=f["card"])
                .get(lang)
            )
        if kind == "card_resolved" and event["cancelled"]:
            return Text("Carte annulée : {card}.", "{card} is cancelled.").format(**f).get(lang)
        if kind == "hand_seen":
            if "cards" not in event:
                return (
                    Text(
                        "{name} regarde la main de {target}.",
                        "{name} looks at the hand of {target}.",
                    )
                    .format(**f)
                    .get(lang)
                )
            return cards_line(event["cards"], lang, *HAND_OF, **f)
        if kind == "card_stolen":
            return self._stolen(event, lang, f)
        if kind == "card_drawn" and "card" in event:
            return Text("{name} pioche {card}.", "{name} draws {card}.").format(**f).get(lang)
        if kind == "game_over":
            return self._game_over(event, lang, names)
        return None

    def _event_line(self, key: str, lang: Lang) -> str:
        return (
            Text("Événement : {e} ({h}).", "Event: {e} ({h}).")
            .format(e=event_name(key, lang), h=EVENT_HELP[key].get(lang))
            .get(lang)
        )

    def _stolen(self, event: Event, lang: Lang, f: dict[str, Any]) -> str:
        if "card" not in event:
            line = Text("{name} vole une carte à {target}.", "{name} steals a card from {target}.")
        else:
            line = Text("{name} vole {card} à {target}.", "{name} steals {card} from {target}.")
        return line.format(**f).get(lang)

    def _opening(self, event: Event, lang: Lang, names: Sequence[str]) -> str:
        """The level, the cake and the oven, then what winning means in this variant."""
        line = Text(
            "Niveau {level} : gâteau à {size}, four de capacité {capacity}. {first} commence.",
            "Level {level}: cake at {size}, oven capacity {capacity}. {first} starts.",
        ).render(
            lang,
            level=LEVELS[event["difficulty"]].get(lang),
            size=event["size"],
            capacity=event["capacity"],
            first=names[event["first_player"]],
        )
        if event["mode"] == "roles":
            roles = ", ".join(
                ROLE_COUNTS[Role(role)].render(n, lang) for role, n in event["roles"].items()
            )
            return line + "\n" + GOALS["roles"].render(lang, roles=roles)
        return line + "\n" + GOALS[team_variant(len(names))].get(lang)

    def _game_over(self, event: Event, lang: Lang, names: Sequence[str]) -> str:
        line = Text(
            "Fin de la partie : {end}. Gâteau {size}/{capacity}.",
            "Game over: {end}. Cake {size}/{capacity}.",
        ).render(
            lang, end=ENDS[event["end"]].get(lang), size=event["size"], capacity=event["capacity"]
        )
        if any(event["roles"]):
            roles = SEPARATOR.get(lang).join(
                NAMED.render(lang, name=names[s], what=ROLES[r].get(lang))
                for s, r in enumerate(event["roles"])
            )
            verdict = VICTORIES[event["winning_side"]].get(lang)
            return "\n".join(
                (line, verdict, Text("Rôles : {r}.", "Roles: {r}.").render(lang, r=roles))
            )
        variant = team_variant(len(event["roles"]))
        verdict = TEAM_ENDS[variant, bool(event["winners"])].get(lang)
        return "\n".join((line, verdict, ROUNDS_HELD.render(event["rounds_survived"], lang)))

    def action(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> str:
        kind = action["type"]
        if kind == "pass":
            return Text("Passer (aucune carte jouable)", "Pass (no playable card)").get(lang)
        if kind == "decline":
            return Text("Ne pas réagir", "Do not react").get(lang)
        card = card_name(action["card"], lang)
        if kind == "steal":
            return Text("Voler {card}", "Steal {card}").format(card=card).get(lang)
        if kind == "recover":
            return Text("Reprendre {card}", "Take back {card}").format(card=card).get(lang)
        target = names[action["target"]] if "target" in action else ""
        if kind == "react":
            mode = MODES[action["mode"]].format(target=target).get(lang)
            return (
                Text("Réagir avec {card} : {mode}", "React with {card}: {mode}")
                .format(card=card, mode=mode)
                .get(lang)
            )
        label = Text("Jouer {card}", "Play {card}").format(card=card).get(lang)
        if target:
            label += Text(" contre {t}", " against {t}").format(t=target).get(lang)
        if action["card"] in CARD_HELP:
            label += Text(" : {h}", ": {h}").render(lang, h=CARD_HELP[action["card"]].get(lang))
        return label

    def steps(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> Sequence[str]:
        """A card aimed at someone is chosen first, then its target: a hand of action cards
        against four opponents lists more than a dozen choices."""
        if "target" not in action:
            return ()
        card = card_name(action["card"], lang)
        if action["type"] == "react":
            return (Text("Réagir avec {card}", "React with {card}").render(lang, card=card),)
        return (Text("Jouer {card}", "Play {card}").render(lang, card=card),)

    def reason(
        self, view: View, best: Action, chosen: Action | None, lang: Lang, names: Sequence[str]
    ) -> str | None:
        return reasons.reason(view, best, chosen, lang, names)

    def table(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        lines = [
            Text(
                "Tour de table {round}. Gâteau {size}, four de capacité {capacity}.",
                "Round {round}. Cake {size}, oven capacity {capacity}.",
            ).render(lang, round=view["round"], size=view["size"], capacity=view["capacity"])
            + " "
            + DECK.render(view["deck_size"], lang),
        ]
        if view["event"]:
            lines.append(self._event_line(view["event"], lang))
        if view["discard"]:
            lines.append(
                Text("Défausse (dessus) : {c}.", "Discard (top): {c}.").render(
                    lang, c=card_list(view["discard"][-1:-4:-1], lang)
                )
            )
        for seat in view["skipping"]:
            lines.append(
                Text("{n} passera son tour.", "{n} will skip a turn.").render(lang, n=names[seat])
            )
        for seat, role in enumerate(view["roles"]):
            if role and seat != view["seat"]:
                lines.append(
                    Text("Rôle de {n} : {r}.", "Role of {n}: {r}.").render(
                        lang, n=names[seat], r=ROLES[role].get(lang)
                    )
                )
        holds = (HOLDS.render(n, lang, name=names[s]) for s, n in enumerate(view["hand_sizes"]))
        lines.append(SEPARATOR.get(lang).join(holds) + ".")
        if view.get("role"):
            lines.append(
                Text("Votre rôle : {r}.", "Your role: {r}.").render(
                    lang, r=ROLES[view["role"]].get(lang)
                )
            )
        if "hand" in view:
            lines.append(cards_line(view["hand"], lang, *YOUR_HAND))
        for seat, known in enumerate(view["known"]):
            if known:
                full = Text("Vous savez que {name} a : {cards}", "You know {name} holds: {cards}")
                lines.append(cards_line(known, lang, full, full, name=names[seat]))
        return "\n".join(lines)

    def hand(self, view: View, lang: Lang, names: Sequence[str]) -> list[HandGroup] | None:
        if "hand" not in view:
            return None
        return [HandGroup(None, tuple(card_name(card, lang) for card in view["hand"]))]

    def picture(
        self, view: View, legal: Sequence[Action], lang: Lang, names: Sequence[str]
    ) -> Picture:
        return picture(view, legal, lang, names)

    def prompt(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        phase = view["phase"]
        if phase == "react" and len(view["chain"]) == 1:
            # The card was just told ("X plays Y"): the question names it without retelling.
            main = view["chain"][0]
            against = ""
            if main["target"] >= 0:
                against = Text(" contre {t}", " against {t}").render(lang, t=names[main["target"]])
            return Text(
                "Réagir à la carte {card} jouée par {name}{against} ? Gâteau {size}/{capacity}.",
                "React to the {card} played by {name}{against}? Cake {size}/{capacity}.",
            ).render(
                lang,
                card=card_name(main["card"], lang),
                name=names[main["seat"]],
                against=against,
                size=view["size"],
                capacity=view["capacity"],
            )
        if phase == "react" and view["chain"]:
            return (
                self._chain(view, lang, names)
                + ".\n"
                + Text(
                    "Gâteau {size}/{capacity}. Réagir ?", "Cake {size}/{capacity}. React?"
                ).render(lang, size=view["size"], capacity=view["capacity"])
            )
        if phase == "steal":
            # The hand was just shown, and the menu lists its cards: no need to say it again.
            return Text(
                "Choisissez la carte à voler à {target}.", "Choose the card to steal from {target}."
            ).render(lang, target=names[view["steal_target"]])
        if phase == "aim":
            return Text(
                "Maladresse : vous jouez {card}. Choisissez sa cible.",
                "Butterfingers: you play {card}. Choose its target.",
            ).render(lang, card=card_name(view["express_card"], lang))
        if phase == "recover":
            return Text("Choisissez la carte à reprendre.", "Choose the card to take back.").get(
                lang
            )
        return (
            Text("À vous. Gâteau {size}/{capacity}.", "Your turn. Cake {size}/{capacity}.").render(
                lang, size=view["size"], capacity=view["capacity"]
            )
            + "\n"
            + cards_line(view.get("hand", []), lang, *YOUR_HAND)
        )

    def _chain(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        """The card being answered, and the last answer to it."""
        top, main = view["chain"][-1], view["chain"][0]
        what = Text("{name} a joué {card}", "{name} played {card}").render(
            lang, name=names[main["seat"]], card=card_name(main["card"], lang)
        )
        if main["target"] >= 0:
            what += Text(" contre {t}", " against {t}").render(lang, t=names[main["target"]])
        mode = MODES[top["mode"]].render(
            lang, target=names[top["target"]] if top["target"] >= 0 else ""
        )
        below = view["chain"][-2]
        mode += " " + card_name(below["card"], lang)
        if below["seat"] != main["seat"] or len(view["chain"]) > 2:
            mode += Text(" de {n}", " by {n}").render(lang, n=names[below["seat"]])
        return what + Text(" ; {n} y répond par {c} ({m})", "; {n} answered with {c} ({m})").render(
            lang, n=names[top["seat"]], c=card_name(top["card"], lang), m=mode
        )
