"""The drawn tables of Stir-Fry Eighteen, Boom Badaboom and Ar Seizh Bigoudenn (issue 22),
in both languages: at several points of a game the drawing shows what the server sent (the
cake and oven tokens, the hand counts, the dish, the face-down discards, the work surfaces,
the centre), a card clicked sends the action the server drew on it, the page fits a phone
and axe finds nothing."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect

from tests.server.harness import Server
from tests.web.browser import (
    DESKTOP,
    PHONE,
    check_axe,
    create_table,
    enter,
    open_page,
    over,
    screenshot,
    started,
    violations,
)

SEED = 1
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "boom-badaboom": (3, {"difficulty": "cupcake"}),
    "stir-fry-eighteen": (2, {"round_limit": 10}),
    "ar-seizh-bigoudenn": (3, {"rounds": 1}),
    "pieds-dans-le-plat": (3, {}),
}
NAMES = {"fr": "Katell", "en": "Kate"}
POINTS = 6
"""How many of the player's decisions each test looks at (and answers)."""

SNAPSHOT = """() => {
  const panel = document.getElementById("picture-panel");
  const pileOf = (node) => ({
    label: node.getAttribute("aria-label") || "",
    cards: node.querySelectorAll(":scope > .pile-cards > .pc:not(.mini)").length,
    down: node.querySelectorAll(":scope > .pile-cards > .pc.down:not(.mini)").length,
  });
  const seats = {};
  for (const box of panel.querySelectorAll(".seat-box")) {
    seats[box.dataset.seat] = [...box.querySelectorAll(".pile")].map(pileOf);
  }
  const table = [...panel.querySelectorAll(".tabletop .pile")].filter((n) => !n.closest(".seat-box"));
  return {
    state: window.popoteTable.state,
    tokens: [...panel.querySelectorAll(".track-token")].map((n) => n.textContent),
    seats,
    table: table.map(pileOf),
    hand: [...panel.querySelectorAll(".own-hand .pile")].map(pileOf),
  };
}"""
"""What the page drew and the state it drew it from, read in one go (no state between)."""


def labelled(piles: list[dict[str, Any]], pattern: str) -> list[dict[str, Any]]:
    return [pile for pile in piles if re.search(pattern, pile["label"])]


def check_boom(seen: dict[str, Any]) -> None:
    view = seen["state"]["view"]
    assert {str(view["size"]), str(view["capacity"])} <= set(seen["tokens"]), seen["tokens"]
    for seat, size in enumerate(view["hand_sizes"]):
        if seat != view["seat"]:
            assert labelled(seen["seats"][str(seat)], "^(Main|Hand)$")[0]["cards"] == size
    assert sum(pile["cards"] for pile in seen["hand"]) == len(view.get("hand", []))


def check_stir_fry(seen: dict[str, Any]) -> None:
    view = seen["state"]["view"]
    pending = view.get("pending")
    for seat, size in enumerate(view["hand_sizes"]):
        piles = seen["seats"][str(seat)]
        if seat != view["seat"]:
            assert labelled(piles, "^(Main|Hand)$")[0]["down"] == size
        waiting = pending["count"] if pending and pending["seat"] == seat else 0
        hidden = labelled(piles, "^(Défausse face cachée|Face-down discard)$")
        count = view["face_down_counts"][seat] - waiting
        assert (hidden[0]["cards"] if hidden else 0) == count, (seat, piles, view)
        if seat != view["seat"] and hidden:
            assert hidden[0]["down"] == count
    dish = view.get("dish")
    drawn = labelled(seen["table"], "^Plat de |'s dish:")
    if dish is None:
        assert drawn == []
    else:
        assert len(drawn) == 1 and f" {dish['points']}" in drawn[0]["label"], drawn
        assert drawn[0]["cards"] == len(dish["cards"])


def check_ar_seizh(seen: dict[str, Any]) -> None:
    view = seen["state"]["view"]
    for seat, surface in enumerate(view["surfaces"]):
        if seat == view["seat"]:
            mine = labelled(seen["hand"], r"^(Vos ingrédients|Your ingredients) \(")
            assert sum(pile["cards"] for pile in mine) == len(surface)  # none drawn when empty
            continue
        drawn = labelled(seen["seats"][str(seat)], r"^(Plan de travail|Work surface) \(")
        assert drawn[0]["label"].split("(")[1].startswith(f"{len(surface)} ")
        assert drawn[0]["cards"] == len(surface)
    centre = labelled(seen["table"], "^(Ingrédients au centre|Ingredients in the centre)$")
    assert centre[0]["cards"] == len(view["centre"])


def check_pieds(seen: dict[str, Any]) -> None:
    view = seen["state"]["view"]
    assert seen["tokens"][0] == str(view["total"])
    for seat, penalties in enumerate(view["penalties"]):
        drawn = labelled(seen["seats"][str(seat)], "^(Cartes pénalité|Penalty cards)$")
        assert (drawn[0]["cards"] if drawn else 0) == penalties, seen["seats"][str(seat)]


CHECKS = {
    "boom-badaboom": check_boom,
    "stir-fry-eighteen": check_stir_fry,
    "ar-seizh-bigoudenn": check_ar_seizh,
    "pieds-dans-le-plat": check_pieds,
}
CASES = [(game, lang) for game in GAMES if game != "pieds-dans-le-plat" for lang in ("fr", "en")]
CASES.append(("pieds-dans-le-plat", "en"))


def faces(picture: dict[str, Any]) -> list[dict[str, Any]]:
    parts = [part for seat in picture["seats"] for part in seat["parts"]]
    parts += picture["centre"] + picture["hand"]
    return [card for part in parts for card in part.get("cards", [])]


class Sent:
    """The actions the page sent through its socket, in order."""

    def __init__(self, page: Page) -> None:
        self.actions: list[dict[str, Any]] = []
        page.on("websocket", self.watch)

    def watch(self, socket: WebSocket) -> None:
        socket.on("framesent", self.note)

    def note(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "act":
            self.actions.append(message["action"])


def asked(page: Page, deadline: float) -> bool:
    """Waits until the seat is asked something (True) or the game is over (False)."""
    choice = page.locator("#choices button").first
    while not over(page):
        assert time.monotonic() < deadline, "no decision came in time"
        try:
            choice.wait_for(state="visible", timeout=1000)
            return True
        except Exception:  # the others are playing
            continue
    return False


def choose_first(page: Page) -> None:
    """The menu's first choice, through its steps."""
    first = page.locator("#choices button.choice").first
    while "step" in (first.get_attribute("class") or ""):
        first.click()
    first.click()


def menu_labels(menu: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The decision's final labels, through its steps, with their actions."""
    found: dict[str, dict[str, Any]] = {}
    for entry in menu["entries"]:
        if entry.get("menu"):
            found.update(menu_labels(entry["menu"]))
        else:
            found[entry["label"]] = entry["action"]
    return found


def try_ways(page: Page, sent: Sent, shot: str = "") -> bool:
    """Clicks the first card played in several ways, if any: a labelled list of those ways
    opens, named as in the menu, the focus on the first; Escape closes it and gives the
    focus back to the card; a way chosen is the action sent. ``shot``: the screenshot's
    name, with the list open."""
    seen = page.evaluate(SNAPSHOT)
    card = page.locator("#picture-panel .pc.playable[aria-haspopup]").first
    if not card.count():
        return False
    name = card.get_attribute("aria-label") or "?"
    ways = page.locator("#picture-ways")
    card.click()
    expect(ways).to_be_visible()
    expect(ways).to_have_attribute("aria-label", re.compile(re.escape(name)))
    expect(card).to_have_attribute("aria-expanded", "true")
    buttons = ways.locator("button.way")
    expect(buttons.first).to_be_focused()
    drawn = [face["choices"] for face in faces(seen["state"]["picture"]) if face["name"] == name]
    labels = menu_labels(seen["state"]["decision"]["menu"])
    shown = buttons.all_inner_texts()
    assert len(shown) == len(drawn[0]) >= 2, (shown, drawn)
    assert all(labels[label.split(" › ")[-1]] in drawn[0] for label in shown), (shown, labels)
    check_axe(page)
    if shot:
        screenshot(page, shot)
        buttons.first.focus()
    page.keyboard.press("Escape")
    expect(ways).to_be_hidden()
    expect(card).to_be_focused()
    card.click()
    before = len(sent.actions)
    buttons.first.click()
    moved(page, seen["state"]["index"])
    assert sent.actions[before] == labels[shown[0].split(" › ")[-1]]
    return True


def moved(page: Page, index: int) -> None:
    """The game went on from the state numbered ``index``."""
    page.wait_for_function("(index) => window.popoteTable.state.index > index", arg=index)


def click_a_card(page: Page, sent: Sent) -> bool:
    """Clicks the first card that plays, if any: the action sent is the one drawn on it."""
    seen = page.evaluate(SNAPSHOT)
    card = page.locator("#picture-panel .pc.playable").first
    if not card.count():
        return False
    name = card.get_attribute("aria-label")
    drawn = [face["plays"] for face in faces(seen["state"]["picture"]) if face["name"] == name]
    before = len(sent.actions)
    card.click()
    moved(page, seen["state"]["index"])
    assert sent.actions[before:] and sent.actions[before] in drawn, (name, drawn, sent.actions)
    return True


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_drawn_table_follows_the_game_and_cards_play(
    browser: Browser, server: Server, game: str, lang: str
) -> None:
    page = open_page(browser, server, lang)
    sent = Sent(page)
    enter(page, NAMES[lang])
    players, options = GAMES[game]
    create_table(page, game, players, players - 1, options, seed=SEED)
    started(page)
    deadline = time.monotonic() + 90
    clicked = offered = 0
    for point in range(POINTS):
        if not asked(page, deadline):
            break
        CHECKS[game](page.evaluate(SNAPSHOT))
        if point == 0:
            check_axe(page)
            page.set_viewport_size(PHONE)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], width
            page.set_viewport_size(DESKTOP)
            screenshot(page, f"picture-{game}-{lang}")
        if try_ways(page, sent, "" if offered else f"picture-{game}-{lang}-ways"):
            offered += 1
            continue
        if click_a_card(page, sent):
            clicked += 1
            continue
        before = page.evaluate("window.popoteTable.state.index")
        choose_first(page)
        moved(page, before)
    assert clicked + offered, "no card was clicked"
    assert offered or game != "stir-fry-eighteen", "no card offered its ways"
    expect(page.locator("#picture-panel")).to_be_visible()
    assert violations(page) == []
