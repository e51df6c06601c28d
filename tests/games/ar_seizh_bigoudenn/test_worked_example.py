"""The rulebook's worked turn (Rozenn, Soazig, Tyfenn, Katell) with the designed cards."""

from __future__ import annotations

from popote.games.ar_seizh_bigoudenn.scenario import scenario_match

from .helpers import PASS, acting, bid, first, grab, kinds, take

ROZENN, SOAZIG, TYFENN, KATELL = range(4)


def test_the_worked_turn_plays_out_with_the_designed_cards() -> None:
    m = scenario_match(
        bigoudens=["rozenn", "soazig", "tyfenn", "katell"],
        hands=[["fourchette", "cuillere"], ["couteau", "araignee"], [], ["spatule", "passoire"]],
        surfaces=[["tomate", "poireau", "fraises", "miel"], ["jambon"], ["fromage"], []],
        draw=["saucisse", "sucre"],
    )
    # Rozenn turned the saucisse and the sucre face up, then takes the saucisse with the fork.
    assert m.view(None)["centre"] == ["saucisse", "sucre"]
    events = m.act(ROZENN, take("saucisse", drop="fourchette"))
    assert first(events, "dropped") == {
        "type": "dropped",
        "seat": ROZENN,
        "utensil": "fourchette",
        "why": "used",
    }
    # Everyone but Rozenn may grab the fork, in secret and all at once.
    assert acting(m) == (SOAZIG, TYFENN, KATELL)
    m.act(SOAZIG, grab(drop="araignee"))
    m.act(TYFENN, PASS)
    events = m.act(KATELL, PASS)
    assert first(events, "grabbed")["seat"] == SOAZIG
    assert m.view(None)["hands"][SOAZIG] == ["couteau", "fourchette"]
    # Soazig let the araignée fall: Tyfenn and Katell may take it (not Soazig, not Rozenn).
    assert acting(m) == (TYFENN, KATELL)
    m.act(TYFENN, PASS)
    events = m.act(KATELL, grab(drop="passoire"))
    assert first(events, "grabbed") == {
        "type": "grabbed",
        "seat": KATELL,
        "utensil": "araignee",
        "drop": "passoire",
    }
    # The passoire falls; Soazig and Tyfenn both want it: TEUT!
    assert acting(m) == (SOAZIG, TYFENN)
    m.act(SOAZIG, grab(drop="couteau"))
    events = m.act(TYFENN, grab())
    assert first(events, "teut")["seats"] == [SOAZIG, TYFENN]
    m.act(SOAZIG, bid("jambon"))
    events = m.act(TYFENN, bid("fromage"))
    assert first(events, "bids_revealed")["bids"] == [[SOAZIG, "jambon"], [TYFENN, "fromage"]]
    assert first(events, "teut_won")["seat"] == TYFENN
    # Tyfenn now holds the passoire and may recover a card spent in the TEUT; she declines.
    assert acting(m) == (TYFENN,)
    assert m.view(TYFENN)["window"]["cards"] == ["jambon", "fromage"]
    m.act(TYFENN, PASS)
    assert m.view(None)["marmite"] == ["jambon", "fromage"]
    # Nobody else wants a utensil: Rozenn plays her second hand, the spoon for the sugar.
    assert acting(m) == (ROZENN,)
    assert len(m.view(None)["surfaces"][ROZENN]) == 5
    events = m.act(ROZENN, take("sucre", drop="cuillere", give_back="miel"))
    assert first(events, "took")["give_back"] == "miel"
    assert m.view(None)["surfaces"][ROZENN] == ["tomate", "poireau", "saucisse", "sucre", "fraises"]
    assert "miel" in m.view(None)["centre"]
    # The spoon fell too; nobody takes it.
    assert acting(m) == (SOAZIG, TYFENN, KATELL)
    for seat in (SOAZIG, TYFENN, KATELL):
        events = m.act(seat, PASS)
    assert "nobody_grabs" in kinds(events)
    # Her two hands used, Rozenn may cook: the Pont-l'Abbé is on the menu (not her specialty).
    assert m.view(None)["stage"] == "cook"
    events = m.act(ROZENN, {"type": "cook", "cards": ["tomate", "poireau", "saucisse"]})
    cooked = first(events, "cooked")
    assert (cooked["recipe"], cooked["points"], cooked["specialty"]) == ("pont_labbe", 12, False)
    assert m.view(None)["faces"][ROZENN] == "crepe"
    assert acting(m) == (SOAZIG,)
