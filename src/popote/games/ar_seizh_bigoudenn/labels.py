"""Lines that need more than a template: secret answers, dishes, menu labels, the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from popote.core.actions import Action, Event
from popote.core.game import View
from popote.core.i18n import Lang, Text
from popote.core.wording import Plural
from popote.games.ar_seizh_bigoudenn import words as w
from popote.games.ar_seizh_bigoudenn.cards import INGREDIENTS, Dish, dish_points

T = Text


def _fmt(text: Text, lang: Lang, **fields: Any) -> str:
    return text.format(**fields).get(lang)


def dish_line(dish: str, recipe: str | None, special: bool, lang: Lang) -> str:
    name = w.face(dish, lang)
    if recipe is None:
        return _fmt(T("une {dish} hors menu", "an off-menu {dish}"), lang, dish=name)
    extra = T(", sa spécialité", ", her specialty").get(lang) if special else ""
    return f"{w.recipe(recipe, lang)}{extra}"


def special_event(event: Event, lang: Lang, names: Sequence[str]) -> str | None:
    kind = event["type"]
    seat = event.get("seat")
    name = names[seat] if isinstance(seat, int) else ""
    secret = "visible_to" in event
    utensil = w.utensil(event["utensil"], lang) if event.get("utensil") else ""
    if kind == "took":
        how = (
            _fmt(T("avec {u}", "with {u}"), lang, u=utensil)
            if utensil
            else T("à main nue", "bare-handed").get(lang)
        )
        back = ""
        if event["give_back"]:
            back = _fmt(
                T(" et rend {c}", " and puts back {c}"), lang, c=w.card(event["give_back"], lang)
            )
        # A second one of the same: said, so that the two lines do not read as one told twice.
        count = event.get("count", 1)
        held = _fmt(T(" ({k} en tout)", " ({k} in all)"), lang, k=count) if count > 1 else ""
        return _fmt(
            T("{n} prend {c} {how}{held}{back}.", "{n} takes {c} {how}{held}{back}."),
            lang,
            n=name,
            c=w.card(event["card"], lang),
            how=how,
            held=held,
            back=back,
        )
    if kind == "stole":
        back = ""
        if event["give_back"]:
            back = _fmt(
                T(" et rend {c}", " and puts back {c}"), lang, c=w.card(event["give_back"], lang)
            )
        return _fmt(
            T(
                "{n} vole {c} à {t} avec l'araignée{back}.",
                "{n} steals {c} from {t} with the skimmer{back}.",
            ),
            lang,
            n=name,
            c=w.card(event["card"], lang),
            t=names[event["target"]],
            back=back,
        )
    if kind == "cooked":
        return _fmt(
            T(
                "{n} cuisine {d} ({c}) : {p} points, total {s}.",
                "{n} cooks {d} ({c}): {p} points, total {s}.",
            ),
            lang,
            n=name,
            d=dish_line(event["dish"], event["recipe"], event["specialty"], lang),
            c=w.cards(event["cards"], lang),
            p=event["points"],
            s=event["score"],
        )
    if kind in ("grab_answer", "challenge_answer"):
        if "hidden_from" in event:
            return None
        if kind == "grab_answer" and not secret:  # real time: everyone sees the hands move
            if event["grab"]:  # the first hand: the grabbed or challenge line follows
                return _fmt(
                    T("{n} tend la main la première vers {u} !", "{n} reaches for {u} first!"),
                    lang,
                    n=name,
                    u=utensil,
                )
            return _fmt(T("{n} laisse passer.", "{n} lets it go."), lang, n=name)
        if not secret:
            return None
        yes = event.get("grab", event.get("teut"))
        text = (
            T("Vous tendez la main vers {u}.", "You reach for {u}.")
            if yes
            else T("Vous laissez {u}.", "You leave {u}.")
        )
        return _fmt(text, lang, u=utensil)
    if kind in ("bid_placed", "follow_placed", "raised"):
        if not secret:
            if kind == "raised":
                return None  # the raise_taken line says it
            return _fmt(
                T("{n} a posé sa carte face cachée.", "{n} has placed her card face down."),
                lang,
                n=name,
            )
        if event["card"] is None:
            text = (
                T("Vous vous retirez.", "You withdraw.")
                if kind == "bid_placed"
                else T("Vous ne suivez pas.", "You do not follow.")
            )
            return text.get(lang)
        verb = {
            "bid_placed": T("misez", "bid"),
            "follow_placed": T("suivez avec", "follow with"),
            "raised": T("relancez avec", "raise with"),
        }[kind]
        return _fmt(
            T("Vous {v} {c}, face cachée.", "You {v} {c}, face down."),
            lang,
            v=verb.get(lang),
            c=w.card(event["card"], lang),
        )
    if kind == "teut_won":
        if seat is None:
            return _fmt(
                T(
                    "Personne ne remporte {u}, qui reste au centre.",
                    "Nobody wins {u}: it stays in the centre.",
                ),
                lang,
                u=utensil,
            )
        return _fmt(T("{n} remporte le TEUT !", "{n} wins the TEUT!"), lang, n=name)
    if kind == "game_over":
        return _game_over(event, lang, names)
    return None


POINTS = Plural(("{n} point", "{n} points"), ("{n} point", "{n} points"))
_WINNERS = Plural(
    ("Victoire : {v} ({p}).", "Victoire partagée : {v} ({p} chacune)."),
    ("Winner: {v} ({p}).", "Winners: {v} ({p} each)."),
)


def _game_over(event: Event, lang: Lang, names: Sequence[str]) -> str:
    """The winners on one line, then every score with its Bigouden."""
    scores = event["scores"]
    winners = event["winners"]
    verdict = _WINNERS.render(
        len(winners),
        lang,
        v=w.seats(winners, names, lang),
        p=POINTS.render(scores[winners[0]], lang),
    )
    listed = [
        _fmt(T("{n}, {b} : {p}", "{n}, {b}: {p}"), lang, n=names[seat], b=w.bigouden(b), p=points)
        for seat, (b, points) in enumerate(zip(event["bigoudens"], scores, strict=True))
    ]
    head = T("Scores :", "Scores:").get(lang)
    return (
        _fmt(T("Fin de la partie. {v}", "Game over. {v}"), lang, v=verdict)
        + "\n"
        + w.listing(head, listed, lang)
    )


def _drop(action: Action, lang: Lang, key: str = "drop") -> str:
    if action.get(key) is None:
        return ""
    return _fmt(T(" en lâchant {u}", ", dropping {u}"), lang, u=w.utensil(action[key], lang))


def _give(action: Action, lang: Lang) -> str:
    if action.get("give_back") is None:
        return ""
    return _fmt(T(" et rendre {c}", " and put back {c}"), lang, c=w.card(action["give_back"], lang))


_NOTHING_TO_BID = {
    "grab": T(
        " (rien à miser : à vous seulement si personne d'autre ne {it} veut)",
        " (nothing to bid: yours only if nobody else wants it)",
    ),
    "grab_real_time": T(
        " (rien à miser : {lost} si une autre crie TEUT !)",
        " (nothing to bid: lost if anyone cries TEUT!)",
    ),
    "teut": T(
        " (rien à miser : vous devrez vous retirer du TEUT)",
        " (nothing to bid: you will have to withdraw from the TEUT)",
    ),
}


def _empty_handed(kind: str, view: View, lang: Lang) -> str:
    """A claim with no ingredient to bid can only withdraw if it comes to a TEUT: say so."""
    seat = view["seat"]
    if kind not in ("grab", "teut") or seat is None or view["surfaces"][seat]:
        return ""
    key = "grab_real_time" if kind == "grab" and view["real_time"] else kind
    utensil = view["window"]["utensil"]
    lost = w.agreed(utensil, "perdu", "perdue")
    return _fmt(_NOTHING_TO_BID[key], lang, it=w.it(utensil, lang), lost=lost)


def action_label(action: Action, view: View, lang: Lang, names: Sequence[str]) -> str:
    kind = action["type"]
    window = view.get("window") or {}
    target = window.get("utensil")
    u = w.utensil(target, lang) if target else ""
    card = w.card(action["card"], lang) if action.get("card") else ""
    if kind == "take":
        need = INGREDIENTS[action["card"]].utensil
        how = (
            _fmt(T(" avec {u} (qui tombe)", " with {u} (it falls)"), lang, u=w.utensil(need, lang))
            if need
            else T(" à main nue", " bare-handed").get(lang) + _drop(action, lang)
        )
        return _fmt(
            T("Prendre {c}{h}{g}", "Take {c}{h}{g}"), lang, c=card, h=how, g=_give(action, lang)
        )
    if kind == "steal":
        victim = names[action["target"]]
        if action["card"] is None:
            return _fmt(
                T(
                    "Voler {t} : son couvercle la protège (araignée et couvercle tombent)",
                    "Steal from {t}: her lid protects her (skimmer and lid fall)",
                ),
                lang,
                t=victim,
            )
        return _fmt(
            T("Voler {c} à {t} avec l'araignée{g}", "Steal {c} from {t} with the skimmer{g}"),
            lang,
            c=card,
            t=victim,
            g=_give(action, lang),
        )
    if kind == "utensil":
        return _fmt(
            T("Prendre {u} au centre{d}", "Take {u} from the centre{d}"),
            lang,
            u=w.utensil(action["utensil"], lang),
            d=_drop(action, lang),
        )
    if kind == "cook":
        seat = view["seat"]
        dish = Dish(view["faces"][seat])
        points, recipe, special = dish_points(dish, tuple(action["cards"]), view["bigoudens"][seat])
        return _fmt(
            T("Cuisiner {d} ({c}) : {p} points", "Cook {d} ({c}): {p} points"),
            lang,
            d=dish_line(dish.value, recipe, special, lang),
            c=w.cards(action["cards"], lang),
            p=points,
        )
    simple = {
        "toss": T(
            "Lancer la carte Galette/Crêpe (« Amen, bigoudenn ! »)",
            'Toss the Galette/Crêpe card ("Amen, bigoudenn!")',
        ),
        "stop": T("Finir mes actions", "End my actions"),
        "withdraw": T("Me retirer du TEUT (ne rien miser)", "Withdraw from the TEUT (bid nothing)"),
        "grab": T("Prendre {u}{d}", "Grab {u}{d}"),
        "teut": T("Crier TEUT ! pour {u}{d}", "Cry TEUT! for {u}{d}"),
        "bid": T("Miser {c}", "Bid {c}"),
        "raise": T("Relancer avec {c}", "Raise with {c}"),
        "follow": T("Suivre avec {c}", "Follow with {c}"),
        "recover": T("Récupérer {c} avec la passoire{g}", "Recover {c} with the colander{g}"),
    }
    if kind in simple:
        label = _fmt(simple[kind], lang, u=u, d=_drop(action, lang), c=card, g=_give(action, lang))
        return label + _empty_handed(kind, view, lang)
    passes = {
        "cook": T("Ne rien cuisiner", "Cook nothing"),
        "grab": T("Laisser {u}", "Leave {u}"),
        "challenge": T("Laisser faire", "Let it go"),
        "raise": T("Ne pas relancer", "Do not raise"),
        "follow": T("Ne pas suivre", "Do not follow"),
        "passoire": T("Ne pas utiliser la passoire", "Do not use the colander"),
    }
    return _fmt(passes.get(view["stage"], T("Passer", "Pass")), lang, u=u)


def _me(view: View, lang: Lang) -> list[str]:
    seat = view["seat"]
    if seat is None:
        return []
    return [
        _fmt(
            T("Vos ingrédients : {c}.", "Your ingredients: {c}."),
            lang,
            c=w.cards(view["surfaces"][seat], lang),
        ),
        _fmt(
            T("Vos ustensiles : {u}.", "Your utensils: {u}."),
            lang,
            u=w.utensils(view["hands"][seat], lang),
        ),
    ]


ACTIONS_LEFT = Plural(
    ("{n} action restante", "{n} actions restantes"), ("{n} action left", "{n} actions left")
)
_PROMPTS = {
    "action": T("À vous : une {f} à cuisiner, {n}.", "Your move: a {f} to cook, {n}."),
    "cook": T("Cuisiner une {f} ?", "Cook a {f}?"),
    "grab": T("{U} tombe au centre : {it} prendre ?", "{U} falls to the centre: grab {it}?"),
    "challenge": T(
        "{taker} a saisi {u}. Crier TEUT ! pour {it} lui disputer ?",
        "{taker} grabbed {u}. Cry TEUT! to contest it?",
    ),
    "bid": T(
        "TEUT ! pour {u} : misez en secret un ingrédient.",
        "TEUT! for {u}: bid one ingredient in secret.",
    ),
    "raise": T(
        "Égalité pour {u} : relancer avec une deuxième carte face cachée ?",
        "Tie for {u}: raise with a second face-down card?",
    ),
    "follow": T(
        "{raiser} relance pour {u} : suivre avec une carte face cachée ?",
        "{raiser} raises for {u}: follow with a face-down card?",
    ),
    "passoire": T(
        "Passoire : récupérer une des mises ({cards}) ?",
        "Colander: recover one of the bids ({cards})?",
    ),
}


def prompt(view: View, lang: Lang, names: Sequence[str]) -> str:
    """The question first, then short lines: the centre (on one's turn), one's own things."""
    stage = view["stage"]
    window = view.get("window") or {}
    seat = view["seat"]
    u = window.get("utensil")
    fields: dict[str, Any] = {
        "f": w.face(view["faces"][seat], lang) if seat is not None else "",
        "n": ACTIONS_LEFT.render(view["actions_left"], lang),
        "U": w.utensil_cap(u, lang) if u else "",
        "u": w.utensil(u, lang) if u else "",
        "it": w.it(u, lang) if u else "",
        "taker": names[window["taker"]] if "taker" in window else "",
        "raiser": names[window["raiser"]] if window.get("raiser") is not None else "",
        "cards": w.cards(window.get("cards", []), lang),
    }
    lines = [_fmt(_PROMPTS.get(stage, T("À vous.", "Your move.")), lang, **fields)]
    if stage == "action":
        lines += w.centre_lines(view["centre"], lang)
        lines.append(w.centre_utensils(view["centre_utensils"], lang))
        lines += _other_hand(view, lang)
    return "\n".join(lines + _me(view, lang))


def _other_hand(view: View, lang: Lang) -> list[str]:
    """One action per hand: after the first, say what the hand left to act holds."""
    other = view["other_hand"]
    if other is None:
        return []
    if not other:
        return [T("Votre autre main est libre.", "Your other hand is free.").get(lang)]
    return [
        _fmt(
            T("Votre autre main tient {u}.", "Your other hand holds {u}."),
            lang,
            u=w.utensil(other[0], lang),
        )
    ]


CARDS = Plural(("{n} carte", "{n} cartes"), ("{n} card", "{n} cards"))


def _seat_lines(view: View, seat: int, lang: Lang, names: Sequence[str]) -> list[str]:
    fields = {
        "n": names[seat],
        "b": w.bigouden(view["bigoudens"][seat]),
        "p": POINTS.render(view["scores"][seat], lang),
        "f": w.face(view["faces"][seat], lang),
        "u": w.utensils(view["hands"][seat], lang),
        "c": w.cards(view["surfaces"][seat], lang),
    }
    return [
        _fmt(
            T(
                "{n}, {b} : {p}, côté {f}, ustensiles : {u}.",
                "{n}, {b}: {p}, {f} side up, utensils: {u}.",
            ),
            lang,
            **fields,
        ),
        _fmt(T("{n}, ingrédients : {c}.", "{n}, ingredients: {c}."), lang, **fields),
    ]


def table(view: View, lang: Lang, names: Sequence[str]) -> str:
    """Two short lines per seat, then the centre one line per utensil, then the piles."""
    lines = [
        line for seat in range(view["players"]) for line in _seat_lines(view, seat, lang, names)
    ]
    lines += w.centre_lines(view["centre"], lang)
    lines.append(w.centre_utensils(view["centre_utensils"], lang))
    lines.append(
        _fmt(
            T("Pioche : {d} ; marmite : {m} ; tour {r}.", "Draw pile: {d}; pot: {m}; round {r}."),
            lang,
            d=CARDS.render(view["draw_size"], lang),
            m=CARDS.render(len(view["marmite"]), lang),
            r=view["round"],
        )
    )
    if view["seat"] is not None:
        b = view["bigoudens"][view["seat"]]
        lines.append(
            _fmt(
                T("Vos spécialités : {s}.", "Your specialties: {s}."),
                lang,
                s=w.specialties(b, lang),
            )
        )
    return "\n".join(lines)


_STEPS = {
    "take": T("Prendre un ingrédient au centre", "Take an ingredient from the centre"),
    "steal": T("Voler avec l'araignée", "Steal with the skimmer"),
    "utensil": T("Prendre un ustensile au centre", "Take a utensil from the centre"),
    "cook": T("Cuisiner", "Cook"),
}
_SUBSTEPS = {
    "take": T("Prendre {c}", "Take {c}"),
    "steal": T("Voler à {t}", "Steal from {t}"),
    "utensil": T("Prendre {u}", "Take {u}"),
    "recover": T("Récupérer {c}", "Recover {c}"),
}


def steps(action: Action, view: View, lang: Lang, names: Sequence[str]) -> tuple[str, ...]:
    """Long menus go by kind of action, then by card, victim or utensil."""
    kind = action["type"]
    fields = {
        "c": w.card(action["card"], lang) if action.get("card") else "",
        "t": names[action["target"]] if "target" in action else "",
        "u": w.utensil(action["utensil"], lang) if "utensil" in action else "",
    }
    path = [_STEPS[kind].get(lang)] if kind in _STEPS else []
    if kind in _SUBSTEPS:
        path.append(_fmt(_SUBSTEPS[kind], lang, **fields))
    return tuple(path)


_KIND_ORDER = ("cook", "take", "steal", "recover", "utensil", "grab", "teut", "toss", "stop")


def _rank(action: Action, view: View) -> tuple[int, int]:
    """Best first: dishes by points, then the most valuable cards, the safe choices last."""
    kind = action["type"]
    order = _KIND_ORDER.index(kind) if kind in _KIND_ORDER else len(_KIND_ORDER)
    if kind == "cook":
        seat = view["seat"]
        dish = Dish(view["faces"][seat])
        points, _, _ = dish_points(dish, tuple(action["cards"]), view["bigoudens"][seat])
        return order, -points
    if kind in ("take", "steal", "recover") and action.get("card"):
        return order, -INGREDIENTS[action["card"]].value
    return order, 0


def ranked(actions: Sequence[Action], view: View) -> list[Action]:
    return sorted(actions, key=lambda action: _rank(action, view))
