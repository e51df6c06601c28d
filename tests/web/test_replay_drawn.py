"""The replay drawn with the same table as the table page: a finished seeded game of
Bouillabaisse (six manches, hands of cards) stepped, jumped to a round, every hand revealed."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any, cast

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

import popote
from popote.games.bouillabaisse.text import card_name
from popote.server.live import LiveTable
from popote.server.web.replay import WebReplay
from tests.server.harness import Client, Server, start_table
from tests.web.browser import SCREENSHOTS, check_axe, open_page

GAME = "bouillabaisse"
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
CARD = re.compile(" de (cœur|pique|trèfle|carreau)$")
IN_HAND = re.compile("cartes? en main$")


@pytest.fixture(scope="module")
def table(server: Server) -> str:
    """A finished table: Rozenn and three random bots, seeded, played at random."""
    token = server.guest("Rozenn")
    table = start_table(server, [token], game=GAME, players=4, bots=["random"] * 3, seed=7)
    rozenn = Client(server, token, table, "rozenn")

    async def play() -> None:
        await rozenn.play(random.Random(7))
        await rozenn.close()

    # Playwright's own event loop runs on this thread: the game is played on another.
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, play()).result()
    return table


@pytest.fixture
def page(browser: Browser, server: Server) -> Iterator[Page]:
    page = open_page(browser, server, "fr", LAPTOP)
    yield page
    page.context.close()


def drawn(page: Page) -> Locator:
    return page.locator("#picture-panel")


def seat(page: Page, name: str) -> Locator:
    seats = drawn(page).get_by_role("list", name="Les places autour de la table")
    return seats.get_by_role("listitem").filter(has_text=name)


def position(page: Page) -> tuple[int, int]:
    index, last = re.findall(r"\d+", page.locator("#position").inner_text())
    return int(index), int(last)


def in_view(page: Page, where: Locator) -> None:
    """``where`` lies wholly inside the window, as it stands, without scrolling."""
    box = where.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1, (box, size)
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, (box, size)


def trick_text(page: Page) -> str:
    """The text table's lines for the trick on the table and the last one."""
    table = page.locator("#table-panel").inner_text()
    return "\n".join(line for line in table.split("\n") if line.startswith(("Pli", "Dernier")))


def played(page: Page) -> list[str]:
    """The names of the cards drawn in the middle (before the seats and in the centre), the
    manche's rule set apart."""
    cards = drawn(page).locator(".placed, .centre").get_by_role("img", name=CARD)
    names: list[str] = cards.evaluate_all("all => all.map((n) => n.getAttribute('aria-label'))")
    return names


def finished(seed: int) -> WebReplay:
    """The replay of a game of four played to its end at random, as the server keeps it."""
    match = popote.new_match(GAME, players=4, seed=seed)
    chance = random.Random(seed)
    while not match.over:
        seat = match.to_act[0]
        match.act(seat, chance.choice(match.legal_actions(seat)))
    live = cast(LiveTable, SimpleNamespace(id="t", match=match))
    return WebReplay(live, "fr", ["Anne", "Bao", "Chloé", "Dewi"])


def faces(part: dict[str, Any]) -> list[dict[str, Any]]:
    return list(part.get("cards", []))


def test_the_picture_hides_every_hand_and_reveal_shows_exactly_the_hands_of_the_save() -> None:
    replay = finished(3)
    for index in (0, 1, 30, replay.last // 2, replay.last):
        match = replay.spectator.positions[index].match
        hands = [
            sorted(card_name(card, "fr") for card in match.view(seat)["hand"]) for seat in range(4)
        ]
        hidden = replay.step(index, False).picture
        shown = replay.step(index, True).picture
        assert hidden is not None and shown is not None
        assert hidden["hand"] == [] and shown["hand"] == []
        # Without reveal: no card of any hand lies face up anywhere.
        held = {name for hand in hands for name in hand}
        parts = hidden["centre"] + [part for seat in hidden["seats"] for part in seat["parts"]]
        face_up = {face["name"] for part in parts for face in faces(part) if not face["down"]}
        assert not face_up & held, index
        # With reveal: the same centre, and at each seat exactly that seat's hand face up,
        # nothing playable; the rest as a spectator sees it, the hand no longer counted face
        # down beside.
        assert shown["centre"] == hidden["centre"]
        for seat, (before, after) in enumerate(zip(hidden["seats"], shown["seats"], strict=True)):
            cards = [face for part in after["parts"] for face in faces(part)]
            up = sorted(face["name"] for face in cards if not face["down"])
            assert up == hands[seat], (index, seat)
            assert not any(face["plays"] or face["why"] for face in cards)
            rest = [part for part in after["parts"] if all(face["down"] for face in faces(part))]
            assert rest == [part for part in before["parts"] if not IN_HAND.search(part["label"])]


def test_the_replay_draws_the_table_of_each_step(page: Page, table: str) -> None:
    page.goto(f"/replay/{table}?at=3")
    felt = drawn(page)
    expect(felt).to_be_visible()
    for name in ("Rozenn", "Robot hasard"):
        expect(seat(page, name).first).to_be_visible()
    expect(seat(page, "Rozenn")).to_have_count(1)
    assert position(page)[0] == 3
    # Three cards played: the trick in the middle, card by card, as the text table says.
    expect(felt.locator(".placed").get_by_role("img")).to_have_count(3)
    before = played(page)
    assert len(before) == 3 and all(name in trick_text(page) for name in before)
    # The manche's rule is drawn, named as the rule.
    rule = felt.get_by_role("group", name=re.compile("sa règle, pas une carte jouée"))
    expect(rule).to_be_visible()
    # Nobody's hand is shown to a spectator: every card at a seat lies face down.
    expect(felt.locator(".ring").get_by_role("img", name=CARD)).to_have_count(0)
    # The lines stay in view; the text table stays for screen readers, out of sight until
    # the text view is asked for.
    expect(page.locator("#replay-lines")).to_contain_text("Coup 3 sur")
    text = page.locator("#table-panel")
    assert area(text) <= 1
    for size in (LAPTOP, PHONE):
        page.set_viewport_size(size)
        in_view(page, page.locator(".replay-nav"))
        in_view(page, felt.locator(".tabletop"))
    page.set_viewport_size(LAPTOP)
    switch = page.get_by_role("button", name="Vue texte (la table et les mains)")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert area(text) > 1000
    check_axe(page)

    # A step on, by key: the next page draws the next card in the middle.
    page.keyboard.press("n")
    expect(page.locator("#position")).to_have_text(re.compile("^Position 4 sur"))
    expect(page.locator("#replay-lines")).to_be_focused()
    after = played(page)
    assert after != before and all(name in trick_text(page) for name in after)
    page.keyboard.press("p")
    expect(page.locator("#position")).to_have_text(re.compile("^Position 3 sur"))
    expect(drawn(page).locator(".placed").get_by_role("img")).to_have_count(3)
    assert played(page) == before


def area(where: Locator) -> float:
    box = where.bounding_box()
    return 0.0 if box is None else box["width"] * box["height"]


def test_a_round_is_reached_from_the_list_and_its_rule_is_drawn(page: Page, table: str) -> None:
    page.goto(f"/replay/{table}")
    page.get_by_label("Aller à la manche").select_option(label="Manche 2")
    page.get_by_role("button", name="Aller", exact=True).click()
    expect(page.locator("#replay-lines")).to_contain_text("Manche 2")
    rule = drawn(page).get_by_role("group", name=re.compile("sa règle, pas une carte jouée"))
    expect(rule).to_have_accessible_name(re.compile("^Manche 2 sur 6"))
    expect(
        rule.get_by_role("img", name=re.compile("^Règle : 10 points par carte de"))
    ).to_be_visible()
    # The key m goes to the next round's start, its rule drawn.
    expect(page.locator("#replay-lines")).to_be_focused()
    page.keyboard.press("m")
    expect(page.locator("#replay-lines")).to_contain_text("— Manche 3 —")
    expect(rule).to_have_accessible_name(re.compile("^Manche 3 sur 6"))


def test_reveal_draws_every_hand_face_up_as_the_text_says(page: Page, table: str) -> None:
    page.goto(f"/replay/{table}?reveal=true&at=10")
    felt = drawn(page)
    people = page.locator("#people li").all_inner_texts()
    assert len(people) == 4
    hands = page.locator("#hands-panel .felt")
    for at, name in enumerate(people):
        cards = seat(page, name).first.get_by_role("img", name=CARD)
        expect(cards.first).to_be_visible()
        shown = cards.evaluate_all("nodes => nodes.map((node) => node.getAttribute('aria-label'))")
        # Exactly the seat's hand as the text of its view tells it, card for card.
        assert sorted(shown) == sorted(hand_names(hands.nth(at).inner_text())), name
    check_axe(page)
    for label, size in (("desktop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        in_view(page, page.locator(".replay-nav"))
        in_view(page, felt.locator(".tabletop"))
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / f"replay-drawn-{label}.png")


def hand_names(text: str) -> list[str]:
    """Each card's name in a seat's text table ("Votre main : cœur : roi, dame ; ...")."""
    line = next(line for line in text.split("\n") if line.startswith("Votre main : "))
    names = []
    for group in line.removeprefix("Votre main : ").rstrip(".").split(" ; "):
        suit, ranks = group.split(" : ")
        names += [f"{rank} de {suit}" for rank in ranks.split(", ")]
    return names
