"""How Ar Seizh Bigoudenn reads aloud: one plain line per event, in French or English."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from popote.core.actions import Action, Event
from popote.core.game import HandGroup, Presenter, View
from popote.core.i18n import Lang, Text
from popote.core.picture import Picture
from popote.games.ar_seizh_bigoudenn import labels, reasons
from popote.games.ar_seizh_bigoudenn import words as w
from popote.games.ar_seizh_bigoudenn.picture import picture

SUMMARY = Text(
    "Chaque joueuse incarne une Bigoudène et marque des points en cuisinant.\n"
    "À son tour, elle retourne deux ingrédients au centre, puis fait jusqu'à deux actions, "
    "une par main.\n"
    "Prendre un ingrédient au centre : avec l'ustensile qu'il demande, qui tombe alors au "
    "centre ; sans ustensile, il faut une main libre.\n"
    "Voler un ingrédient avec l'araignée (le couvercle protège), prendre un ustensile au "
    "centre, ou lancer sa carte Galette/Crêpe (« Amen, bigoudenn ! »).\n"
    "Puis cuisiner, si on veut, le plat de sa carte.\n"
    "Galette : 3 ingrédients salés valant 7 ; 7 points, +5 si elle est au menu, +5 si c'est "
    "sa spécialité.\n"
    "Crêpe : 2 ingrédients sucrés valant 3 ; 3 points, +3 au menu, +3 en spécialité.\n"
    "Chaque ustensile qui tombe peut être saisi par les autres ; si plusieurs le veulent : "
    "TEUT !, une enchère secrète d'un ingrédient.\n"
    "5 ingrédients au plus devant soi.\n"
    "La partie finit à la fin du tour de table où la pioche s'épuise.",
    "Each player is a Bigouden and scores by cooking.\n"
    "On her turn she turns two ingredients face up in the centre, then takes up to two "
    "actions, one per hand.\n"
    "Take an ingredient from the centre: with the utensil it needs, which then falls to the "
    "centre; without a utensil, a hand must be free.\n"
    "Steal an ingredient with the skimmer (the lid protects), take a utensil from the centre, "
    'or toss her Galette/Crêpe card ("Amen, bigoudenn!").\n'
    "Then she may cook the dish her card shows.\n"
    "Galette: 3 savoury ingredients worth 7; 7 points, +5 if it is on the menu, +5 if it is "
    "her specialty.\n"
    "Crêpe: 2 sweet ingredients worth 3; 3 points, +3 on the menu, +3 as a specialty.\n"
    "Any utensil that falls may be grabbed by the others; if several want it: TEUT!, a secret "
    "auction of one ingredient.\n"
    "At most 5 ingredients in front of you.\n"
    "The game ends after the round in which the draw pile runs out.",
)

INGREDIENTS = Text("Ingrédients", "Ingredients")
UTENSILS = Text("Ustensiles", "Utensils")

_WHY = {
    "used": Text(" ({used})", " (used)"),
    "swap": Text(" pour libérer une main", " to free a hand"),
    "full_hands": Text(" pour avoir une main libre", " to have a free hand"),
}

AGAIN = Text(", encore", " again")
NOTHING_REVEALED = Text(
    "{name} ne retourne rien au centre : la pioche est vide.",
    "{name} turns nothing face up: the draw pile is empty.",
)
_LINES: dict[str, Text] = {
    "seated": Text(
        "{name} incarne {bigouden} (spécialités : {specialties}) et tient {utensils}.",
        "{name} plays {bigouden} (specialties: {specialties}) and holds {utensils}.",
    ),
    "turn": Text(
        "— Tour {round} : {bigouden}, {name}, aux fourneaux.",
        "— Round {round}: {bigouden}, {name}, at the stove.",
    ),
    "revealed": Text(
        "{name} retourne {cards} au centre (pioche : {left}).",
        "{name} turns {cards} face up in the centre (draw pile: {left}).",
    ),
    "dropped": Text(
        "{name} lâche {utensil} au centre{why}.", "{name} drops {utensil} in the centre{why}."
    ),
    "steal_blocked": Text(
        "{name} tente de voler {target} avec l'araignée, mais le couvercle protège !",
        "{name} tries to steal from {target} with the skimmer, but the lid protects!",
    ),
    "took_utensil": Text(
        "{name} prend {utensil} au centre.", "{name} takes {utensil} from the centre."
    ),
    "tossed": Text(
        "« Amen, bigoudenn ! » {name} lance sa carte : elle retombe côté {face}{again}.",
        '"Amen, bigoudenn!" {name} tosses her card: it lands on {face}{again}.',
    ),
    "stopped": Text("{name} s'arrête là.", "{name} stops there."),
    "no_dish": Text("{name} ne cuisine rien.", "{name} cooks nothing."),
    "grab_open": Text(
        "{utensil_cap} tombe au centre : {seats} {can_verb} {it} saisir.",
        "{utensil_cap} falls to the centre: {seats} may grab {it}.",
    ),
    "nobody_grabs": Text(
        "Personne ne prend {utensil}, qui reste au centre.",
        "Nobody takes {utensil}: it stays in the centre.",
    ),
    "grabbed": Text("{name} s'empare {of_utensil}.", "{name} gets {utensil}."),
    "challenge_open": Text(
        "{taker} a saisi {utensil} ; {seats} {can_verb} crier TEUT !",
        "{taker} grabbed {utensil}; {seats} may cry TEUT!",
    ),
    "teut": Text(
        "TEUT ! {seats} se disputent {utensil} : chacune mise un ingrédient en secret.",
        "TEUT! {seats} fight over {utensil}: each bids one ingredient in secret.",
    ),
    "teut_tie": Text(
        "Égalité à {value} entre {seats} : relance possible pour {can}.",
        "Tie at {value} between {seats}: {can} may raise.",
    ),
    "raise_pass": Text("{name} ne relance pas.", "{name} does not raise."),
    "no_raise": Text("Personne ne relance.", "Nobody raises."),
    "raise_taken": Text(
        "{name} relance d'une carte face cachée ; {seats} {can_verb} suivre.",
        "{name} raises with a face-down card; {seats} may follow.",
    ),
    "raise_unmatched": Text(
        "Personne ne suit : {name} pose {card} au centre.",
        "Nobody follows: {name} puts {card} in the centre.",
    ),
    "recovered": Text(
        "{name} récupère {card} avec la passoire{back}.",
        "{name} recovers {card} with the colander{back}.",
    ),
    "passoire_pass": Text(
        "{name} garde sa passoire ; les mises partent à la marmite.",
        "{name} keeps her colander; the bids go to the pot.",
    ),
}


# Lists that may run long: a heading, then the items on one line or one a line.
_LISTS: dict[str, Text] = {
    "bids_revealed": Text("Mises révélées pour {utensil} :", "Bids revealed for {utensil}:"),
    "follows_revealed": Text(
        "Relance suivie, cartes révélées :", "Raise followed, cards revealed:"
    ),
    "to_marmite": Text("Mises parties à la marmite :", "Bids gone to the pot:"),
    "passoire_offer": Text(
        "{name} tient la passoire et peut récupérer une mise :",
        "{name} holds the colander and may recover one bid:",
    ),
}
_OPENING = Text(
    "Au centre pour commencer (pioche : {left}) :", "In the centre to start (draw pile: {left}):"
)


def _listed(event: Event, lang: Lang, names: Sequence[str]) -> str:
    head = _LISTS[event["type"]].format(**_fields(event, lang, names)).get(lang)
    if event["type"] in ("bids_revealed", "follows_revealed"):
        pairs = event["bids"] if "bids" in event else event["cards"]
        return w.listing(head, _bids(pairs, names, lang), lang)
    return w.listing(head, w.card_items(event["cards"], lang), lang, ", ")


def _back(event: Event, lang: Lang) -> str:
    give = event.get("give_back")
    if give is None:
        return ""
    return (
        Text(" et rend {card} au centre", " and puts {card} back in the centre")
        .format(card=w.card(give, lang))
        .get(lang)
    )


def _bids(pairs: Sequence[Sequence[Any]], names: Sequence[str], lang: Lang) -> list[str]:
    withdraws = Text("se retire", "withdraws").get(lang)
    return [
        Text("{n} : {c}", "{n}: {c}").render(
            lang, n=names[seat], c=w.card(card, lang) if card else withdraws
        )
        for seat, card in pairs
    ]


def _fields(event: Event, lang: Lang, names: Sequence[str]) -> dict[str, Any]:
    seat = event.get("seat")
    fields: dict[str, Any] = {"name": names[seat] if isinstance(seat, int) else "", "why": ""}
    if "utensil" in event and event["utensil"] is not None:
        fields["utensil"] = w.utensil(event["utensil"], lang)
        fields["utensil_cap"] = w.utensil_cap(event["utensil"], lang)
        fields["it"] = w.it(event["utensil"], lang)
        fields["of_utensil"] = w.of_utensil(event["utensil"], lang)
    if "bigouden" in event:
        fields["bigouden"] = w.bigouden(event["bigouden"])
    for key in ("card", "target", "taker"):
        if key in event and event[key] is not None:
            value = event[key]
            fields[key] = w.card(value, lang) if key == "card" else names[value]
    fields["back"] = _back(event, lang)
    fields["again"] = AGAIN.get(lang) if event.get("again") else ""
    if "why" in event:
        used = w.agreed(event["utensil"], "utilisé", "utilisée")
        fields["why"] = _WHY[event["why"]].render(lang, used=used)
    group = event.get("followers", event.get("seats"))
    if group is not None:
        fields["seats"] = w.seats(group, names, lang)
        verb = ("peut", "peuvent") if group else ("ne peut", "ne peut")
        fields["can_verb"] = verb[len(group) > 1]
    if "can_raise" in event:
        fields["can"] = w.seats(event["can_raise"], names, lang)
    if "cards" in event and event["type"] != "follows_revealed":
        fields["cards"] = w.cards(event["cards"], lang)
    for key in ("round", "value", "face"):
        if key in event:
            fields[key] = w.face(event[key], lang) if key == "face" else event[key]
    if "draw_size" in event:
        fields["left"] = event["draw_size"]
    if "specialties" in event:
        fields["specialties"] = w.specialties(event["bigouden"], lang)
        fields["utensils"] = w.utensils(event["utensils"], lang)
    elif "utensils" in event:
        fields["utensils"] = w.utensils(event["utensils"], lang)
    return fields


class BigoudenPresenter(Presenter):
    def round_of(self, view: View) -> int:
        """A round of the score sheet is a turn of each seat."""
        round_: int = view["round"]
        return round_

    def event(self, event: Event, lang: Lang, names: Sequence[str]) -> str | None:
        kind = event["type"]
        if kind == "centre_utensils":
            return w.centre_utensils(event["utensils"], lang)
        if kind == "opening":
            head = _OPENING.render(lang, left=event["draw_size"])
            return "\n".join([head, *w.centre_lines(event["cards"], lang)])
        if kind in _LISTS:
            return _listed(event, lang, names)
        if kind == "revealed" and not event["cards"]:
            return NOTHING_REVEALED.render(lang, name=names[event["seat"]])
        if kind in _LINES:
            return _LINES[kind].format(**_fields(event, lang, names)).get(lang)
        return labels.special_event(event, lang, names)

    def action(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> str:
        return labels.action_label(action, view, lang, names)

    def reason(
        self, view: View, best: Action, chosen: Action | None, lang: Lang, names: Sequence[str]
    ) -> str | None:
        return reasons.reason(view, best, chosen, lang, names)

    def table(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        return labels.table(view, lang, names)

    def hand(self, view: View, lang: Lang, names: Sequence[str]) -> list[HandGroup] | None:
        """The ingredients in front of the seat, then the utensils in its hands, in the words
        of its line of the table (identical ingredients once, counted)."""
        seat = view["seat"]
        if seat is None:
            return None
        utensils = tuple(w.utensil(key, lang) for key in view["hands"][seat])
        return [
            HandGroup(INGREDIENTS.get(lang), tuple(w.card_items(view["surfaces"][seat], lang))),
            HandGroup(UTENSILS.get(lang), utensils),
        ]

    def picture(
        self, view: View, legal: Sequence[Action], lang: Lang, names: Sequence[str]
    ) -> Picture:
        return picture(view, legal, lang, names)

    def prompt(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        return labels.prompt(view, lang, names)

    def steps(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> Sequence[str]:
        return labels.steps(action, view, lang, names)

    def ranked(self, actions: Sequence[Action], view: View) -> list[Action]:
        return labels.ranked(actions, view)
