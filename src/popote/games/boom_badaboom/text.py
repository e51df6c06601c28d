"""How Boom Badaboom reads aloud: one plain line per event, in French or English."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from popote.core.actions import Action, Event
from popote.core.game import Presenter, View
from popote.core.i18n import Lang, Text
from popote.games.boom_badaboom.names import (
    CARD_HELP,
    ENDS,
    EVENT_HELP,
    MODES,
    ROLES,
    SIDES,
    card_list,
    card_name,
    event_name,
)

SUMMARY = Text(
    "Rôles cachés autour d'un four capricieux. Le gâteau commence à 10. À votre tour, jouez "
    "une carte (chaleur, refroidissement ou action), puis piochez-en une. Les cartes réactives "
    "(Tablier, Renvoi de spatule, Coup de boost) se jouent hors de votre tour, en réponse à la "
    "carte d'un autre. Les Farceurs gagnent si le gâteau atteint la capacité du four. Le Glouton "
    "gagne à son tour s'il tient 2 cartes Objectif et que le gâteau est entre 15 et 18. Sinon, "
    "au Minuteur final ou quand la pioche est vide, le Glouton gagne s'il tient 2 Objectifs, "
    "et les Pâtissiers sinon. Un événement est révélé au début de chaque tour de table.",
    "Hidden roles around a temperamental oven. The cake starts at 10. On your turn, play a "
    "card (heat, cooling or action), then draw one. Reactive cards (Apron, Spatula Return, "
    "Boost) are played out of turn, answering someone else's card. The Pranksters win if the "
    "cake reaches the oven's capacity. The Glutton wins on its own turn holding 2 Objective "
    "cards with the cake between 15 and 18. Otherwise, at the Final Timer or when the deck "
    "runs out, the Glutton wins if it holds 2 Objectives, and the Bakers win if not. An event "
    "is revealed at the start of each round.",
)

_LINES: dict[str, Text] = {
    "role_dealt": Text("Votre rôle : {role}.", "Your role: {role}."),
    "hand_received": Text(
        "{name} reçoit la main de {giver} : {cards}.", "{name} receives {giver}'s hand: {cards}."
    ),
    "card_revealed": Text("{name} montre {card}.", "{name} shows {card}."),
    "turn_skipped": Text("{name} passe son tour (accident).", "{name} skips this turn (accident)."),
    "express_draw": Text(
        "Service express : {name} pioche {card}.", "Express: {name} draws {card}."
    ),
    "passed": Text("{name} n'a aucune carte jouable et passe.", "{name} has no playable card."),
    "mystery_value": Text(
        "Valeur mystère de {card} : {value}.", "Mystery value of {card}: {value}."
    ),
    "capacity_changed": Text(
        "Capacité du four : {capacity} ({delta:+d}).", "Oven capacity: {capacity} ({delta:+d})."
    ),
    "card_recovered": Text("{name} reprend {card} dans la défausse.", "{name} takes back {card}."),
    "turn_lost": Text("{name} passera son prochain tour.", "{name} will skip their next turn."),
    "fumbled": Text("Maladresse : {name} lâche {card}.", "Butterfingers: {name} drops {card}."),
    "hands_swapped": Text(
        "{name} échange sa main avec {target}.", "{name} swaps hands with {target}."
    ),
    "hands_passed": Text("Chacun passe sa main à gauche.", "Everyone passes their hand left."),
    "splash": Text("Éclaboussures : {card} est retournée.", "Splashes: {card} is turned over."),
    "card_dropped": Text(
        "Maladresse : {name} défausse {card}.", "Clumsiness: {name} discards {card}."
    ),
    "deck_empty": Text(
        "La pioche est vide : fin de la partie après ce tour.", "The deck is empty."
    ),
    "turn_started": Text("Au tour de {name}.", "{name}'s turn."),
}


def _fields(event: Event, lang: Lang, names: Sequence[str]) -> dict[str, Any]:
    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "-"

    return {
        "name": who(event.get("seat")),
        "target": who(event.get("target")),
        "giver": who(event.get("from")),
        "card": card_name(event["card"], lang) if "card" in event else "",
        "cards": card_list(event.get("cards", []), lang),
        "role": ROLES[event["role"]].get(lang) if "role" in event else "",
        "value": event.get("value"),
        "capacity": event.get("capacity"),
        "delta": event.get("delta", 0),
    }


class BoomPresenter(Presenter):
    def event(self, event: Event, lang: Lang, names: Sequence[str]) -> str | None:
        kind = event["type"]
        f = _fields(event, lang, names)
        if kind in _LINES:
            return _LINES[kind].format(**f).get(lang)
        if kind == "setup":
            return (
                Text(
                    "Gâteau à {size}, four de capacité {capacity}. {first} commence.",
                    "Cake at {size}, oven capacity {capacity}. {first} starts.",
                )
                .format(
                    size=event["size"],
                    capacity=event["capacity"],
                    first=names[event["first_player"]],
                )
                .get(lang)
            )
        if kind == "hand_dealt":
            if "cards" not in event:
                return None
            return Text("Votre main : {cards}.", "Your hand: {cards}.").format(**f).get(lang)
        if kind == "round_started":
            line = Text("Tour de table {n}.", "Round {n}.").format(n=event["round"]).get(lang)
            if event["event"]:
                line += " " + Text("Événement : {e} ({h}).", "Event: {e} ({h}).").format(
                    e=event_name(event["event"], lang), h=EVENT_HELP[event["event"]].get(lang)
                ).get(lang)
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
        if kind == "card_resolved":
            if event["cancelled"]:
                return Text("{card} est annulée.", "{card} is cancelled.").format(**f).get(lang)
            return None
        if kind == "size_changed":
            return (
                Text("Gâteau : {size} ({delta:+d}).", "Cake: {size} ({delta:+d}).")
                .format(size=event["size"], delta=event["delta"])
                .get(lang)
            )
        if kind == "hand_seen":
            if "cards" not in event:
                return (
                    Text("{name} regarde la main de {target}.", "{name} looks at {target}'s hand.")
                    .format(**f)
                    .get(lang)
                )
            return (
                Text("Main de {target} : {cards}.", "{target}'s hand: {cards}.")
                .format(**f)
                .get(lang)
            )
        if kind == "card_stolen":
            if "card" not in event:
                return (
                    Text("{name} vole une carte à {target}.", "{name} steals a card from {target}.")
                    .format(**f)
                    .get(lang)
                )
            return (
                Text("{name} vole {card} à {target}.", "{name} steals {card} from {target}.")
                .format(**f)
                .get(lang)
            )
        if kind == "card_drawn":
            if "card" not in event:
                return None
            return Text("{name} pioche {card}.", "{name} draws {card}.").format(**f).get(lang)
        if kind == "game_over":
            return self._game_over(event, lang, names)
        return None

    def _game_over(self, event: Event, lang: Lang, names: Sequence[str]) -> str:
        roles = "; ".join(
            f"{names[s]} : {ROLES[r].get(lang)}" for s, r in enumerate(event["roles"]) if r
        )
        line = (
            Text(
                "Fin de la partie : {end}. Gâteau {size}/{capacity}. Victoire : {side}.",
                "Game over: {end}. Cake {size}/{capacity}. Winner: {side}.",
            )
            .format(
                end=ENDS[event["end"]].get(lang),
                size=event["size"],
                capacity=event["capacity"],
                side=SIDES[event["winning_side"]].get(lang),
            )
            .get(lang)
        )
        if roles:
            line += " " + Text("Rôles : {r}.", "Roles: {r}.").format(r=roles).get(lang)
        else:
            line += " " + Text("Tours tenus : {n}.", "Rounds survived: {n}.").format(
                n=event["rounds_survived"]
            ).get(lang)
        return line

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
            label += f" ({CARD_HELP[action['card']].get(lang)})"
        return label

    def table(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        lines = [
            Text(
                "Tour de table {round}. Gâteau {size}, capacité du four {capacity}. Pioche : {deck}.",
                "Round {round}. Cake {size}, oven capacity {capacity}. Deck: {deck}.",
            ).format(
                round=view["round"],
                size=view["size"],
                capacity=view["capacity"],
                deck=view["deck_size"],
            ),
        ]
        if view["event"]:
            lines.append(
                Text("Événement : {e} ({h}).", "Event: {e} ({h}).").format(
                    e=event_name(view["event"], lang), h=EVENT_HELP[view["event"]].get(lang)
                )
            )
        if view["discard"]:
            lines.append(
                Text("Défausse (dessus) : {c}.", "Discard (top): {c}.").format(
                    c=card_list(view["discard"][-1:-4:-1], lang)
                )
            )
        for seat in view["skipping"]:
            lines.append(
                Text("{n} passera son tour.", "{n} will skip a turn.").format(n=names[seat])
            )
        for seat, role in enumerate(view["roles"]):
            if role and seat != view["seat"]:
                lines.append(
                    Text("{n} est {r}.", "{n} is the {r}.").format(
                        n=names[seat], r=ROLES[role].get(lang)
                    )
                )
        sizes = "; ".join(f"{names[s]} : {n}" for s, n in enumerate(view["hand_sizes"]))
        lines.append(Text("Cartes en main : {s}.", "Cards in hand: {s}.").format(s=sizes))
        if view.get("role"):
            lines.append(
                Text("Votre rôle : {r}.", "Your role: {r}.").format(r=ROLES[view["role"]].get(lang))
            )
        if "hand" in view:
            lines.append(
                Text("Votre main : {h}.", "Your hand: {h}.").format(h=card_list(view["hand"], lang))
            )
        for seat, known in enumerate(view["known"]):
            if known:
                lines.append(
                    Text("Vous savez que {n} a : {c}.", "You know {n} holds: {c}.").format(
                        n=names[seat], c=card_list(known, lang)
                    )
                )
        return "\n".join(line.get(lang) for line in lines)

    def prompt(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        if view["phase"] == "react" and view["chain"]:
            top, main = view["chain"][-1], view["chain"][0]
            what = (
                Text("{name} a joué {card}", "{name} played {card}")
                .format(name=names[main["seat"]], card=card_name(main["card"], lang))
                .get(lang)
            )
            if main["target"] >= 0:
                what += (
                    Text(" contre {t}", " against {t}").format(t=names[main["target"]]).get(lang)
                )
            if len(view["chain"]) > 1:
                mode = (
                    MODES[top["mode"]]
                    .format(target=names[top["target"]] if top["target"] >= 0 else "")
                    .get(lang)
                )
                below = view["chain"][-2]
                mode += " " + card_name(below["card"], lang)
                if below["seat"] != main["seat"] or len(view["chain"]) > 2:
                    mode += Text(" de {n}", " by {n}").format(n=names[below["seat"]]).get(lang)
                what += (
                    Text(" ; {n} y répond par {c} ({m})", "; {n} answered with {c} ({m})")
                    .format(n=names[top["seat"]], c=card_name(top["card"], lang), m=mode)
                    .get(lang)
                )
            return (
                Text(
                    "{what}. Gâteau {size}/{capacity}. Réagir ?",
                    "{what}. Cake {size}/{capacity}. React?",
                )
                .format(what=what, size=view["size"], capacity=view["capacity"])
                .get(lang)
            )
        if view["phase"] == "steal":
            return (
                Text(
                    "Main de {n} : {c}. Choisissez la carte à voler.",
                    "{n}'s hand: {c}. Choose the card to steal.",
                )
                .format(
                    n=names[view["steal_target"]],
                    c=card_list(view["known"][view["steal_target"]], lang),
                )
                .get(lang)
            )
        if view["phase"] == "aim":
            return (
                Text(
                    "Maladresse : vous jouez {card}. Choisissez sa cible.",
                    "Butterfingers: you play {card}. Choose its target.",
                )
                .format(card=card_name(view["express_card"], lang))
                .get(lang)
            )
        if view["phase"] == "recover":
            return Text("Choisissez la carte à reprendre.", "Choose the card to take back.").get(
                lang
            )
        return (
            Text(
                "À vous. Gâteau {size}/{capacity}. Votre main : {hand}.",
                "Your turn. Cake {size}/{capacity}. Your hand: {hand}.",
            )
            .format(
                size=view["size"],
                capacity=view["capacity"],
                hand=card_list(view.get("hand", []), lang),
            )
            .get(lang)
        )
