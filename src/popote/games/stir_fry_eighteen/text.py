"""How Stir-Fry Eighteen reads aloud: one plain line per event, in French or English."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from popote.core.actions import Action, Event
from popote.core.game import HandGroup, Presenter, View
from popote.core.i18n import Lang, Text
from popote.core.picture import Picture
from popote.core.wording import Plural, card_list, decimal, listed
from popote.games.stir_fry_eighteen.cards import (
    CREVETTE,
    HAND_LIMIT,
    NAMES,
    PAIR_DRAWS,
    PORC,
    POULET,
    PROTEIN_DRAWS,
    TEST_PENALTY,
)
from popote.games.stir_fry_eighteen.picture import picture

SUMMARY = Text(
    "18 cartes, 2 à 5 chefs, 3 cartes chacun. Le premier à 50 points gagne.\n"
    "À votre tour, piochez une carte. Ensuite, si vous le voulez :\n"
    "- une fois, défaussez deux cartes face cachée en annonçant une paire : piochez 3 cartes ;\n"
    "- une fois, défaussez une carte face cachée en annonçant une protéine : piochez 2 cartes "
    "pour du poulet, 3 pour du porc, 4 pour de la crevette.\n"
    "Puis cuisinez une fois : 3 à 5 ingrédients différents dont des nouilles ; chaque carte "
    "compte sa meilleure valeur dans le plat.\n"
    "Gardez au plus 3 cartes en fin de tour.\n"
    "Le bluff est permis : après chaque défausse, les autres chefs peuvent demander un test "
    "de goût.\n"
    "Si vous disiez vrai, l'accusateur défausse toute sa main (ou perd 5 points s'il n'a pas "
    "de carte). Si vous bluffiez, vous ne piochez plus ce tour et l'accusateur pioche une carte.\n"
    "Un chef sans carte qui a moins de 5 points ne peut pas demander de test : le jeu le passe "
    "et le dit.",
    "18 cards, 2 to 5 chefs, 3 cards each. The first to 50 points wins.\n"
    "On your turn, draw a card. Then, if you wish:\n"
    "- once, discard two cards face down claiming a pair: draw 3 cards;\n"
    "- once, discard one card face down claiming a protein: draw 2 cards for chicken, 3 for "
    "pork, 4 for shrimp.\n"
    "Then cook once: 3 to 5 different ingredients including noodles; each card scores its best "
    "value in the dish.\n"
    "Keep at most 3 cards at the end of your turn.\n"
    "Bluffing is allowed: after each discard, the other chefs may call a taste test.\n"
    "If you told the truth, the accuser discards their whole hand (or loses 5 points if they "
    "have no cards). If you bluffed, you draw nothing more this turn and the accuser draws a "
    "card.\n"
    "A chef with no cards and under 5 points may not call a test: the game skips them and "
    "says so.",
)

CLAIMS: dict[str, Text] = {
    POULET: Text("du poulet", "chicken"),
    PORC: Text("du porc", "pork"),
    CREVETTE: Text("de la crevette", "shrimp"),
}
_END = {
    "target": Text("objectif atteint", "target reached"),
    "round_finished": Text("tour de table terminé", "round finished"),
    "round_limit": Text("limite de tours atteinte", "round limit reached"),
}
_REASON = {
    "turn": Text("en début de tour", "at the start of the turn"),
    "pair": Text("pour sa paire", "for their pair"),
    "protein": Text("pour sa protéine", "for their protein"),
    "test": Text("pour son test de goût réussi", "for their successful taste test"),
}
# The same reasons told to the chef who draws.
_YOUR_REASON = {
    "turn": _REASON["turn"],
    "pair": Text("pour votre paire", "for your pair"),
    "protein": Text("pour votre protéine", "for your protein"),
    "test": Text("pour votre test de goût réussi", "for your successful taste test"),
}
CARDS = Plural(("{n} carte", "{n} cartes"), ("{n} card", "{n} cards"))
POINTS = Plural(("{n} point", "{n} points"), ("{n} point", "{n} points"))
RETURNED = Plural(
    ("{n} carte remélangée", "{n} cartes remélangées"),
    ("{n} card shuffled back", "{n} cards shuffled back"),
)
TRIM = Plural(
    (
        "Défaussez encore {n} carte. Votre main : {h}.",
        "Défaussez encore {n} cartes. Votre main : {h}.",
    ),
    ("Discard {n} more card. Your hand: {h}.", "Discard {n} more cards. Your hand: {h}."),
)
WINNERS = Plural(("Gagnant : {w}", "Gagnants : {w}"), ("Winner: {w}", "Winners: {w}"))
CANNOT_TEST = Plural(
    (
        "{w} n'a ni carte ni {p} points à perdre : pas de test de goût possible.",
        "{w} n'ont ni carte ni {p} points à perdre : pas de test de goût possible.",
    ),
    (
        "{w} has no cards and under {p} points: no taste test possible.",
        "{w} have no cards and under {p} points: no taste test possible.",
    ),
)


def cards_text(cards: Sequence[str], lang: Lang) -> str:
    return card_list([NAMES[card].get(lang) for card in cards], lang)


def _per_seat(values: Sequence[int], names: Sequence[str], lang: Lang) -> str:
    colon, semicolon = (": ", "; ") if lang == "en" else (" : ", " ; ")
    return semicolon.join(
        f"{names[seat]}{colon}{decimal(value, lang)}" for seat, value in enumerate(values)
    )


def _t(fr: str, en: str, lang: Lang, **fields: Any) -> str:
    return Text(fr, en).format(**fields).get(lang)


def _how_many(count: int, lang: Lang) -> str:
    if count == 2:
        return Text("deux cartes", "two cards").get(lang)
    return Text("une carte", "one card").get(lang)


def claim_text(event: Event | dict[str, Any], lang: Lang) -> str:
    if event["kind"] == "pair":
        return Text("une paire", "a pair").get(lang)
    return CLAIMS[event["claim"]].get(lang)


DISH = Text("{n} cuisine {c} : {p} (score {s}).", "{n} cooks {c}: {p} (score {s}).")
DISH_BUST = Text(
    "{n} cuisine {c} ({p}) mais dépasse l'objectif : 0 point (score {s}).",
    "{n} cooks {c} ({p}) but passes the target: 0 points (score {s}).",
)


PAIR_STEP = Text("Annoncer une paire (piocher {d})", "Claim a pair (draw {d})")
PAIR_FIRST_STEP = Text("{c} et une autre carte", "{c} and another card")
PROTEIN_STEP = Text("Annoncer une protéine", "Claim a protein")
CLAIM_STEP = Text("Annoncer {c} (piocher {d})", "Claim {c} (draw {d})")
COOK_STEP = Text("Cuisiner un plat", "Cook a dish")
# Menus list a turn's choices in the order a turn goes: discards, then dishes, then the end.
_MENU_ORDER = {"discard_pair": 0, "discard_protein": 1, "cook": 2, "end_turn": 3}


def busts(action: Action, view: View) -> bool:
    """Whether this dish would pass an exact target (and so score nothing)."""
    seat = view.get("seat")
    return bool(
        view.get("exact")
        and isinstance(seat, int)
        and view["scores"][seat] + action["points"] > view["target"]
    )


def is_bluff(action: Action) -> bool:
    if action["type"] == "discard_pair":
        return bool(action["first"] != action["second"])
    return bool(action["card"] != action["claim"])


def _rank(action: Action, view: View) -> tuple[int, int, int]:
    """Best first: honest discards before bluffs, bigger draws and dishes before smaller."""
    kind = action["type"]
    order = _MENU_ORDER.get(kind, len(_MENU_ORDER))
    if kind == "discard_pair":
        return (order, int(is_bluff(action)), 0)
    if kind == "discard_protein":
        return (order, int(is_bluff(action)), -PROTEIN_DRAWS[action["claim"]])
    if kind == "cook":
        return (order, 0 if busts(action, view) else -action["points"], 0)
    return (order, 0, 0)


LAST_ROUNDS_SHOWN = 10
"""The round limit is a safety net: it is said only when the game comes near it."""


def _last_rounds(played: int, limit: int, lang: Lang) -> str:
    if limit - played >= LAST_ROUNDS_SHOWN:
        return ""
    return _t(
        " (la partie s'arrête après le {l}e)", " (the game stops after round {l})", lang, l=limit
    )


class StirFryPresenter(Presenter):
    def round_of(self, view: View) -> int:
        """A round of the score sheet is a turn of each seat."""
        round_: int = view["round"]
        return round_

    def steps(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> Sequence[str]:
        kind = action["type"]
        if kind == "discard_pair":
            first = NAMES[action["first"]].get(lang)
            return (
                PAIR_STEP.render(lang, d=PAIR_DRAWS),
                PAIR_FIRST_STEP.render(lang, c=first.capitalize()),
            )
        if kind == "discard_protein":
            claim = action["claim"]
            return (
                PROTEIN_STEP.get(lang),
                CLAIM_STEP.render(lang, c=CLAIMS[claim].get(lang), d=PROTEIN_DRAWS[claim]),
            )
        if kind == "cook":
            return (COOK_STEP.get(lang),)
        return ()

    def ranked(self, actions: Sequence[Action], view: View) -> list[Action]:
        return sorted(actions, key=lambda action: _rank(action, view))

    def event(self, event: Event, lang: Lang, names: Sequence[str]) -> str | None:
        kind = event["type"]
        seat = event.get("seat")
        name = names[seat] if isinstance(seat, int) else ""
        cards = event.get("cards")
        if kind == "hand_dealt":
            if cards is None:
                return None
            return _t("Votre main : {c}.", "Your hand: {c}.", lang, c=cards_text(cards, lang))
        if kind == "first_player":
            return _t("{n} commence.", "{n} starts.", lang, n=name)
        if kind == "turn_started":
            return _t(
                "Tour de table {r} : à {n} de jouer.",
                "Round {r}: {n} to play.",
                lang,
                r=event["round"],
                n=name,
            )
        if kind == "cards_drawn":
            return self._drawn(event, lang, name)
        if kind == "discarded":
            what = _how_many(event["count"], lang)
            line = _t(
                "{n} défausse {w} face cachée en annonçant {c}.",
                "{n} discards {w} face down, claiming {c}.",
                lang,
                n=name,
                w=what,
                c=claim_text(event, lang),
            )
            if cards is not None:
                line += " " + _t(
                    "(En vrai : {c}.)", "(Really: {c}.)", lang, c=cards_text(cards, lang)
                )
            return line
        if kind == "test_window":
            return None
        if kind == "cannot_test":
            seats = event["seats"]
            return CANNOT_TEST.render(
                len(seats), lang, w=listed([names[seat] for seat in seats], lang), p=TEST_PENALTY
            )
        if kind == "test_called":
            return _t("{n} demande un test de goût !", "{n} calls a taste test!", lang, n=name)
        if kind == "test_declined":
            return _t("{n} passe.", "{n} passes.", lang, n=name)
        if kind == "taste_test":
            return self._test(event, lang, names)
        if kind == "points_lost":
            return _t(
                "{n} n'a pas de carte et perd {p} (score {s}).",
                "{n} has no cards and loses {p} (score {s}).",
                lang,
                n=name,
                p=POINTS.render(event["points"], lang),
                s=decimal(event["score"], lang),
            )
        if kind == "hand_lost":
            return _t(
                "{n} défausse toute sa main ({k}).",
                "{n} discards their whole hand ({k}).",
                lang,
                n=name,
                k=CARDS.render(event["count"], lang),
            )
        if kind == "dish_cooked":
            template = DISH_BUST if event["bust"] else DISH
            return template.render(
                lang,
                n=name,
                c=cards_text(cards or [], lang),
                p=POINTS.render(event["points"], lang),
                s=decimal(event["score"], lang),
            )
        if kind == "trim_needed":
            return _t(
                "{n} doit défausser {k} pour finir son tour.",
                "{n} must discard {k} to end the turn.",
                lang,
                n=name,
                k=CARDS.render(event["count"], lang),
            )
        if kind == "trimmed":
            if cards is None:
                # How many are left tells one discard from the next.
                return _t(
                    "{n} défausse une carte ({k} en main).",
                    "{n} discards a card ({k} in hand).",
                    lang,
                    n=name,
                    k=CARDS.render(event.get("left", 0), lang),
                )
            return _t("Vous défaussez {c}.", "You discard {c}.", lang, c=cards_text(cards, lang))
        if kind == "turn_ended":
            return _t(
                "Fin du tour de {n} : {k} dans la pioche ({d} en tout).",
                "{n} ends the turn: {k} into the deck ({d} in all).",
                lang,
                n=name,
                k=RETURNED.render(event["returned"], lang),
                d=CARDS.render(event["deck"], lang),
            )
        if kind == "game_over":
            winners = [names[seat] for seat in event["winners"]]
            return _t(
                "Fin de la partie ({e}). Scores : {s}. {w}.",
                "Game over ({e}). Scores: {s}. {w}.",
                lang,
                e=_END[event["end"]].get(lang),
                s=_per_seat(event["scores"], names, lang),
                w=WINNERS.render(len(winners), lang, w=listed(winners, lang)),
            )
        return None

    def _drawn(self, event: Event, lang: Lang, name: str) -> str:
        if "cards" in event:
            line = _t(
                "Vous piochez {c} {r}.",
                "You draw {c} {r}.",
                lang,
                c=cards_text(event["cards"], lang),
                r=_YOUR_REASON[event["reason"]].get(lang),
            )
        else:
            line = _t(
                "{n} pioche {k} {r}.",
                "{n} draws {k} {r}.",
                lang,
                n=name,
                k=CARDS.render(event["count"], lang),
                r=_REASON[event["reason"]].get(lang),
            )
        if event["count"] < event["wanted"]:
            line += " " + _t(
                "(Pioche vide : {k} sur {w}.)",
                "(Deck empty: {k} of {w}.)",
                lang,
                k=event["count"],
                w=event["wanted"],
            )
        return line

    def _test(self, event: Event, lang: Lang, names: Sequence[str]) -> str:
        fields = {
            "a": names[event["accuser"]],
            "n": names[event["seat"]],
            "c": cards_text(event["cards"], lang),
            "claim": claim_text(event, lang),
        }
        if event["truthful"]:
            return _t(
                "Test de goût de {a} : {n} disait vrai ({c}, annoncé : {claim}).",
                "Taste test by {a}: {n} told the truth ({c}, claimed: {claim}).",
                lang,
                **fields,
            )
        return _t(
            "Test de goût de {a} : {n} bluffait ({c}, annoncé : {claim}) ! {n} ne pioche plus ce tour.",
            "Taste test by {a}: {n} was bluffing ({c}, claimed: {claim})! {n} draws nothing more this turn.",
            lang,
            **fields,
        )

    def action(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> str:
        kind = action["type"]
        if kind == "discard_pair":
            pair = [action["first"], action["second"]]
            honest = pair[0] == pair[1]
            return _t(
                "Défausser {c} en annonçant une paire{b} : piocher {d}",
                "Discard {c} claiming a pair{b}: draw {d}",
                lang,
                c=cards_text(pair, lang),
                b="" if honest else _t(" (bluff)", " (bluff)", lang),
                d=PAIR_DRAWS,
            )
        if kind == "discard_protein":
            honest = action["card"] == action["claim"]
            return _t(
                "Défausser {c} en annonçant {claim}{b} : piocher {d}",
                "Discard {c} claiming {claim}{b}: draw {d}",
                lang,
                c=NAMES[action["card"]].get(lang),
                claim=CLAIMS[action["claim"]].get(lang),
                b="" if honest else " (bluff)",
                d=PROTEIN_DRAWS[action["claim"]],
            )
        if kind == "cook":
            label = _t(
                "Cuisiner {c} : {p} points",
                "Cook {c}: {p} points",
                lang,
                c=cards_text(action["dish"].split("+"), lang),
                p=action["points"],
            )
            if busts(action, view):
                label += _t(" (dépasse : 0 point)", " (passes the target: 0 points)", lang)
            return label
        if kind == "end_turn":
            if len(view.get("hand", [])) > HAND_LIMIT:
                return _t(
                    "Finir le tour (défausser jusqu'à 3 cartes)",
                    "End the turn (discard down to 3 cards)",
                    lang,
                )
            return _t("Finir le tour", "End the turn", lang)
        if kind == "trim":
            return _t("Défausser {c}", "Discard {c}", lang, c=NAMES[action["card"]].get(lang))
        if kind == "taste_test":
            seat = view.get("seat")
            risk = _t("votre main", "your hand", lang)
            if isinstance(seat, int) and not view.get("hand"):
                risk = _t("{p} points", "{p} points", lang, p=TEST_PENALTY)
            return _t(
                "Demander un test de goût (si c'est vrai, vous perdez {r})",
                "Call a taste test (if it is true, you lose {r})",
                lang,
                r=risk,
            )
        return _t("Laisser passer", "Pass", lang)

    def table(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        target = view["target"]
        goal = _t("exactement ", "exactly ", lang) if view["exact"] else ""
        lines = [
            _t(
                "Tour de table {r}{l}, objectif {g}{t} points. Pioche : {d}.",
                "Round {r}{l}, target {g}{t} points. Deck: {d}.",
                lang,
                r=view["round"],
                l=_last_rounds(view["round"], view["round_limit"], lang),
                g=goal,
                t=target,
                d=CARDS.render(view["deck_size"], lang),
            ),
            _t("Scores : {s}.", "Scores: {s}.", lang, s=_per_seat(view["scores"], names, lang)),
            _t(
                "Cartes en main : {s}.",
                "Cards in hand: {s}.",
                lang,
                s=_per_seat(view["hand_sizes"], names, lang),
            ),
        ]
        if view["finish_round"] and view["target_reached"]:
            lines.append(
                _t(
                    "L'objectif a été atteint : on finit le tour de table.",
                    "The target has been reached: the round is being finished.",
                    lang,
                )
            )
        face_up = [entry["card"] for entry in view["face_up"]]
        if face_up:
            lines.append(
                _t("Sur la table : {c}.", "On the table: {c}.", lang, c=cards_text(face_up, lang))
            )
        if "hand" in view:
            lines.append(
                _t("Votre main : {c}.", "Your hand: {c}.", lang, c=cards_text(view["hand"], lang))
            )
        return "\n".join(lines)

    def hand(self, view: View, lang: Lang, names: Sequence[str]) -> list[HandGroup] | None:
        if "hand" not in view:
            return None
        return [HandGroup(None, tuple(NAMES[card].get(lang) for card in view["hand"]))]

    def picture(
        self, view: View, legal: Sequence[Action], lang: Lang, names: Sequence[str]
    ) -> Picture:
        return picture(view, legal, lang, names)

    def prompt(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        pending = view.get("pending")
        if view["phase"] == "test_window" and pending is not None:
            # The discard was just told: the question names the claim without retelling it.
            question = _t(
                "Demander un test de goût à {n} ? Annonce : {c}.",
                "Call a taste test on {n}? Claim: {c}.",
                lang,
                n=names[pending["seat"]],
                c=claim_text(pending, lang),
            )
            callers = (view.get("window") or {}).get("callers", [])
            if callers:
                question += " " + _t(
                    "(Déjà demandé par {c} ; vous passez avant si vous le demandez aussi.)",
                    "(Already called by {c}; you come first if you call too.)",
                    lang,
                    c=", ".join(names[caller] for caller in callers),
                )
            return question
        hand = cards_text(view.get("hand", []), lang)
        if view["phase"] == "trim":
            excess = len(view.get("hand", [])) - HAND_LIMIT
            return TRIM.render(excess, lang, h=hand)
        seat = view.get("seat")
        score = view["scores"][seat] if isinstance(seat, int) else 0
        line = _t(
            "À vous (score {s}/{t}). Votre main : {h}.",
            "Your turn (score {s}/{t}). Your hand: {h}.",
            lang,
            s=decimal(score, lang),
            t=view["target"],
            h=hand,
        )
        if view.get("caught"):
            line += " " + _t(
                "Bluff découvert : plus de pioche ce tour.",
                "Bluff found out: no more drawing this turn.",
                lang,
            )
        return line
