"""Names of cards, events, roles and sides, in French and English."""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.i18n import Lang, Text
from popote.core.wording import MINUS

_OBJECTIVES = {
    "cherries": Text("Cerises confites", "Candied cherries"),
    "caramel": Text("Spirale de caramel", "Caramel swirl"),
    "macarons": Text("Macarons dorés", "Golden macarons"),
    "chantilly": Text("Rosace de chantilly", "Whipped-cream rosette"),
    "gummies": Text("Bonbons gélifiés", "Jelly sweets"),
}
_ACTIONS = {
    "peek": Text("Coup d'œil gourmand", "Greedy Glance"),
    "accident": Text("Accident de cuisine", "Kitchen Accident"),
    "fumble": Text("Maladresse", "Butterfingers"),
    "oven_up": Text("Four élargi", "Bigger Oven"),
    "oven_down": Text("Four rétréci", "Smaller Oven"),
    "recover": Text("Récupération d'ingrédient", "Ingredient Recovery"),
    "swap": Text("Échange de Tablier", "Apron Swap"),
    "apron": Text("Tablier de Protection", "Protective Apron"),
    "spatula": Text("Renvoi de spatule", "Spatula Return"),
    "boost": Text("Coup de boost", "Boost"),
}
CARD_HELP = {
    "peek": Text(
        "regarder la main d'un joueur et lui voler une carte", "look at a hand, steal a card"
    ),
    "accident": Text("le joueur visé passe son prochain tour", "the target skips their next turn"),
    "fumble": Text("le joueur visé joue une carte au hasard", "the target plays a random card"),
    "oven_up": Text(
        "capacité du four +1 à +5, tirée au sort", "oven capacity +1 to +5, drawn at random"
    ),
    "oven_down": Text(
        f"capacité du four {MINUS}1 à {MINUS}5, tirée au sort",
        f"oven capacity {MINUS}1 to {MINUS}5, drawn at random",
    ),
    "heat_x": Text(
        "valeur tirée au sort quand la carte est jouée", "value drawn at random when played"
    ),
    "cool_x": Text(
        "valeur tirée au sort quand la carte est jouée", "value drawn at random when played"
    ),
    "recover": Text("reprendre une carte de la défausse", "take a card back from the discard"),
    "swap": Text("échanger votre main avec celle du joueur visé", "swap hands with the target"),
}
EVENTS = {
    "ingredient_swap": Text("Échange d'Ingrédients", "Ingredient Swap"),
    "oven_broken": Text("Four en panne", "Broken Oven"),
    "surprise_inventory": Text("Inventaire surprise", "Surprise Inventory"),
    "open_kitchen": Text("Cuisine ouverte", "Open Kitchen"),
    "oven_haywire": Text("Four déréglé", "Haywire Oven"),
    "splashes": Text("Éclaboussures", "Splashes"),
    "double_intensity": Text("Double intensité", "Double Intensity"),
    "clumsiness": Text("Maladresse (événement)", "Clumsiness (event)"),
    "power_cut": Text("Panne d'électricité", "Power Cut"),
    "express_service": Text("Service express", "Express Service"),
    "kitchen_mess": Text("Cuisine en désordre", "Kitchen Mess"),
    "progressive_rise": Text("Gonflement progressif", "Steady Rise"),
    "emergency_vent": Text("Ventilation d'urgence", "Emergency Vent"),
    "auto_reheat": Text("Réchauffage automatique", "Auto Reheat"),
    "final_timer": Text("Minuteur final", "Final Timer"),
}
EVENT_HELP = {
    "ingredient_swap": Text("chacun a passé sa main à gauche", "everyone passed their hand left"),
    "oven_broken": Text("personne ne pioche ce tour", "nobody draws this round"),
    "surprise_inventory": Text(
        "chacun a montré une carte au hasard", "everyone showed a random card"
    ),
    "open_kitchen": Text("les cartes piochées sont montrées", "cards drawn are shown"),
    "oven_haywire": Text("chaleur et refroidissement inversés", "heat and cooling are reversed"),
    "splashes": Text(
        "un refroidissement retourne la carte du dessus de la pioche et l'applique",
        "a cooling card turns over the top deck card and applies it",
    ),
    "double_intensity": Text(
        "chaleur et refroidissement comptent double, pas de Coup de boost",
        "heat and cooling count double, no Boost",
    ),
    "clumsiness": Text(
        "après votre carte, une autre carte de votre main est défaussée au hasard",
        "after your card, another random card of your hand is discarded",
    ),
    "power_cut": Text(
        "cartes Action et réactives interdites", "action and reactive cards forbidden"
    ),
    "express_service": Text(
        "chacun pioche une carte et la joue aussitôt", "everyone draws a card and plays it at once"
    ),
    "kitchen_mess": Text("on joue dans l'autre sens", "play goes the other way"),
    "progressive_rise": Text("+1 à la fin de chaque tour de joueur", "+1 after each player's turn"),
    "emergency_vent": Text(
        f"fin du tour : au-dessus de 15, {MINUS}3", f"end of round: above 15, {MINUS}3"
    ),
    "auto_reheat": Text("fin du tour : sous 10, +2", "end of round: below 10, +2"),
    "final_timer": Text("dernier tour de table !", "last round!"),
}
ROLES = {
    "patissier": Text("Pâtissier", "Baker"),
    "farceur": Text("Farceur", "Prankster"),
    "glouton": Text("Glouton", "Glutton"),
}
VICTORIES = {
    "patissiers": Text("Les Pâtissiers gagnent.", "The Bakers win."),
    "farceurs": Text("Les Farceurs gagnent.", "The Pranksters win."),
    "glouton": Text("Le Glouton gagne.", "The Glutton wins."),
}
LEVELS = {
    "cupcake": Text("Cupcake", "Cupcake"),
    "genoise": Text("Génoise", "Sponge Cake"),
    "eclair": Text("Éclair", "Eclair"),
    "tarte_tatin": Text("Tarte Tatin", "Tarte Tatin"),
    "piece_montee": Text("Pièce montée", "Croquembouche"),
}
ENDS = {
    "explosion": Text("le gâteau explose", "the cake explodes"),
    "glouton": Text("le Glouton vole le gâteau", "the Glutton steals the cake"),
    "timer": Text("Minuteur final", "Final Timer"),
    "empty_deck": Text("pioche vide", "empty deck"),
}
MODES = {
    "cancel": Text("annule", "cancels"),
    "invert": Text("inverse", "reverses"),
    "redirect": Text("renvoie vers {target}", "redirects to {target}"),
    "boost": Text("double", "doubles"),
    "main": Text("joue", "plays"),
}


_MYSTERY = {
    "heat_x": Text("Chaleur mystère (+1 à +5)", "Mystery Heat (+1 to +5)"),
    "cool_x": Text(
        f"Refroidissement mystère ({MINUS}1 à {MINUS}5)", f"Mystery Cooling ({MINUS}1 to {MINUS}5)"
    ),
}


def card_name(key: str, lang: Lang) -> str:
    if key in _MYSTERY:
        return _MYSTERY[key].get(lang)
    if key.startswith("heat"):
        return Text("Chaleur +{v}", "Heat +{v}").format(v=key[4:]).get(lang)
    if key.startswith("cool"):
        return Text("Refroidissement {v}", "Cooling {v}").format(v=MINUS + key[4:]).get(lang)
    if key in _ACTIONS:
        return _ACTIONS[key].get(lang)
    if key in _OBJECTIVES:
        return Text("Objectif {n}", "Objective {n}").format(n=_OBJECTIVES[key].get(lang)).get(lang)
    return key


def card_list(keys: Sequence[str], lang: Lang) -> str:
    return ", ".join(card_name(key, lang) for key in keys)


def event_name(key: str | None, lang: Lang) -> str:
    if key is None:
        return Text("aucun", "none").get(lang)
    return EVENTS[key].get(lang)
