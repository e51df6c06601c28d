"""The game review on the replay page and the hint at a table (issue 47), in French and
English, by keyboard, against the real server: a finished game of Les Pieds dans le Plat
reviewed for the player's seat, the summary and each decision's verdict as the server's
review says them, the costliest moments moving the replay; a hint at an unrated table said
as the server's answer words it, and none at a rated table."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import Error as PlaywrightError

from popote.core.i18n import Lang
from popote.server.web.texts import SCRIPT
from tests.server.harness import Client, Server, start_table
from tests.web.browser import SCREENSHOTS, check_axe, create_table, enter, open_page, said
from tests.web.hearing import Frames

GAME = "pieds-dans-le-plat"
"""The reviewed game: a dozen real choices for a seat of three, some of them costly when
played at random."""
HINTED = "boom-badaboom"
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
REVIEW_WAIT_MS = 180_000
"""A review runs on the bot workers behind every bot, on a machine shared by other tests."""
NAMES = {"fr": "Rozenn", "en": "<img src=x onerror=alert(1)>"}
"""The players; one name is an attack, which the review shows as the text it is."""
Review = dict[str, Any]


def words(key: str, lang: Lang, **fields: Any) -> str:
    return SCRIPT[key].render(lang, **fields)


def points(value: float, lang: Lang, digits: int) -> str:
    """A number of points as the page writes it: ``digits`` decimals (a tie rounded away
    from zero, as JavaScript's toFixed), the language's decimal sign, the true minus sign."""
    unit = Decimal(1).scaleb(-digits)
    shown = Decimal(0 if abs(value) < unit / 2 else value).quantize(unit, ROUND_HALF_UP)
    text = str(shown).replace(".", "," if lang == "fr" else ".")
    return text.replace("-", "−")


def counted(value: float, lang: Lang, digits: int, noun: str) -> str:
    """Points with their noun: singular below 2 in French (CLDR: "0,81 point perdu"),
    plural in English whenever decimals show ("1.0 points")."""
    one = lang == "fr" and abs(float(points(value, "en", digits).replace("−", "-"))) < 2
    return words(f"{noun}_{'one' if one else 'many'}", lang, n=points(value, lang, digits))


def decimals(review: Review) -> int:
    """What the terminal's report shows too: two decimals where a threshold is below one."""
    return 2 if min(review["thresholds"]) < 1 else 1


def mark(decision: Review, lang: Lang, digits: int) -> str:
    low, high = decision["interval"]
    return words(
        "review_mark",
        lang,
        label=decision["label_text"][lang],
        lost=counted(decision["lost"], lang, digits, "points_lost"),
        low=points(low, lang, digits),
        high=points(high, lang, digits),
    )


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[str, tuple[str, str]]:
    """For each language, a finished public table of Les Pieds dans le Plat (a guest of that language
    and two random bots, seeded, played at random) and the guest's token."""
    games = {}
    for number, lang in enumerate(("fr", "en")):
        token = server.guest(NAMES[lang], lang)
        table = start_table(server, [token], game=GAME, players=3, bots=["random"] * 2, seed=5)
        player = Client(server, token, table, NAMES[lang])

        async def play(player: Client = player, seed: int = number) -> None:
            await player.play(random.Random(seed))
            await player.close()

        # Playwright's own event loop runs on this thread: the game is played on another.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, play()).result()
        games[lang] = (table, token)
    return games


def as_player(browser: Browser, server: Server, lang: Lang, token: str) -> Page:
    """A browser holding ``token``'s identity, as after coming back to the site."""
    page = open_page(browser, server, lang, LAPTOP)
    with server.http(token) as http:
        me = http.get("/api/v1/me").json()
    page.evaluate(
        "([token, name, id]) => { localStorage.setItem('popote.token', token);"
        " localStorage.setItem('popote.name', name); localStorage.setItem('popote.id', id); }",
        [token, me["name"], str(me["id"])],
    )
    return page


def tab_to(page: Page, selector: str, most: int = 60) -> None:
    """Tab until the focus is on ``selector`` (a player's way through the page)."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("(wanted) => document.activeElement.matches(wanted)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def at(index: int) -> re.Pattern[str]:
    """The replay's position line at ``index`` ("Position 3 sur 94", "Position 3 of 94")."""
    return re.compile(f"^Position {index} ")


@pytest.fixture(params=["fr", "en"])
def lang(request: pytest.FixtureRequest) -> Lang:
    chosen: Lang = request.param
    return chosen


def test_a_finished_game_is_reviewed_and_every_verdict_said(
    browser: Browser, server: Server, finished: dict[str, tuple[str, str]], lang: Lang
) -> None:
    table, token = finished[lang]
    page = as_player(browser, server, lang, token)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: dialogs.append(dialog.message))
    page.goto(f"/replay/{table}?at=0")
    section = page.locator("#review")
    expect(section.get_by_role("heading", level=2)).to_have_text(
        "Revue de la partie" if lang == "fr" else "Game review"
    )
    # Asked by keyboard: Tab to the button, Enter; the status is said politely while it
    # waits, and once ready.
    ask = section.get_by_role("button", name=words("review_ask", lang))
    expect(ask).to_be_visible()
    tab_to(page, "#review-ask-button")
    page.keyboard.press("Enter")
    ready = words("review_ready", lang, name=NAMES[lang])
    expect(page.locator("#review-status")).to_have_text(ready, timeout=REVIEW_WAIT_MS)
    polite = said(page, "polite")
    assert words("review_queued", lang, name=NAMES[lang]) in polite
    assert ready in polite
    expect(ask).to_be_hidden()
    # Names are text wherever the review writes them: no element made of one, no dialog.
    expect(page.locator("#review-seat option").first).to_have_text(NAMES[lang])
    expect(page.locator("#review img")).to_have_count(0)
    assert not dialogs, dialogs

    with server.http(token) as http:
        answer = http.get(f"/api/v1/tables/{table}/review", params={"seat": 0})
    assert answer.status_code == 200, answer.text
    review: Review = answer.json()["review"]
    assert review["seat"] == 0 and review["decisions"], review
    summary_is_the_servers(page, review, lang)
    digits = decimals(review)

    # The costliest moment's link moves the replay to that move, its verdict shown and in
    # the lines read on arrival.
    costliest = summary_costliest(review)
    tab_to(page, "#review-costliest a")
    decision = costliest[0]
    step(page, "Enter", decision["index"] + 1)
    verdict_is_shown(page, decision, lang, digits)

    # Back and forth with the replay's keys: the decision's verdict is said again with the
    # move's lines, in the region that tells each step.
    step(page, "p", decision["index"])
    step(page, "n", decision["index"] + 1)
    verdict_is_shown(page, decision, lang, digits)

    keys_read_the_review(page, decision, lang, digits)
    check_axe(page)
    for label, size in (("desktop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], (label, width)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / f"review-{lang}-{label}.png", full_page=True)
    page.context.close()


def keys_read_the_review(page: Page, decision: Review, lang: Lang, digits: int) -> None:
    """``r`` reads the decision whole: the verdict, the move played, each move's points;
    ``v`` the table as its text says it, ``l`` the last events (this move's among them)."""
    page.keyboard.press("r")
    played = next(
        choice["text"][lang]
        for choice in decision["alternatives"]
        if choice["action"] == decision["chosen"]
    )
    expect_said(page, mark(decision, lang, digits))
    whole = next(
        text for text in reversed(said(page)) if text.startswith(mark(decision, lang, digits))
    )
    assert words("review_played", lang, action=played) in whole
    for choice in decision["alternatives"]:
        alternative = words(
            "review_alternative",
            lang,
            action=choice["text"][lang],
            points=counted(choice["points"], lang, digits, "points"),
        )
        assert alternative in whole
    if decision["reason"]:
        assert words("review_why", lang, reason=decision["reason"][lang]) in whole
    page.keyboard.press("v")
    table_text = " ".join(page.locator("#table-panel .felt p").all_text_contents()).strip()
    expect_said(page, table_text)
    page.keyboard.press("l")
    move_lines = page.locator("#replay-lines p:not(.review-said)").all_text_contents()
    expect_said(page, move_lines[-1], ends=True)


def summary_costliest(review: Review) -> list[Review]:
    by_index = {decision["index"]: decision for decision in review["decisions"]}
    costliest = [by_index[index] for index in review["summary"]["costliest"]]
    assert costliest, "a random player loses points somewhere"
    return costliest


def summary_is_the_servers(page: Page, review: Review, lang: Lang) -> None:
    summary = review["summary"]
    low, high = summary["interval"]
    digits = decimals(review)
    lost = words(
        "review_lost",
        lang,
        lost=points(summary["lost"], lang, digits),
        low=points(low, lang, digits),
        high=points(high, lang, digits),
        per=points(summary["lost_per_decision"], lang, digits + 1),
        count=summary["decisions"],
    )
    expect(page.locator("#review-lost")).to_have_text(lost)
    labels = [
        words("review_label_count", lang, label=words(f"review_{label}", lang), count=count)
        for label, count in summary["labels"].items()
    ]
    expect(page.locator("#review-labels li")).to_have_text(labels)
    moments = [
        words(
            "review_moment",
            lang,
            move=decision["index"] + 1,
            label=decision["label_text"][lang],
            lost=counted(decision["lost"], lang, digits, "points_lost"),
        )
        for decision in summary_costliest(review)
    ]
    expect(page.locator("#review-costliest a")).to_have_text(moments)


def step(page: Page, key: str, position: int) -> None:
    """``key`` moves the replay to ``position``, a page of its own: its keys answer once it
    has loaded (a key pressed while its script is still on the way is lost)."""
    page.keyboard.press(key)
    expect(page.locator("#position")).to_have_text(at(position))
    page.wait_for_load_state("load")


def verdict_is_shown(page: Page, decision: Review, lang: Lang, digits: int) -> None:
    """The move's verdict: a mark written out beside the position, the move's review in the
    section, and its sentence among the lines the page reads on arrival (focused)."""
    label = decision["label_text"][lang]
    expect(page.locator("#review-mark")).to_contain_text(label)
    lines = page.locator("#replay-lines")
    expect(lines).to_be_focused()
    expect(lines.locator(".review-said")).to_have_text(mark(decision, lang, digits))
    rows = page.locator("#review-move table tbody tr th")
    expect(rows).to_have_count(len(decision["alternatives"]))
    first = decision["alternatives"][0]["text"][lang]
    expect(rows.first).to_contain_text(first)


def expect_said(page: Page, text: str, ends: bool = False) -> None:
    """``text`` is said (or ends a thing said) within the wait."""
    check = "(t) => window.__said.some((s) => s.text.includes(t))"
    if ends:
        check = "(t) => window.__said.some((s) => s.text.endsWith(t))"
    try:
        page.wait_for_function(check, arg=text)
    except PlaywrightError:
        raise AssertionError(f"never said: {text!r}; said last: {said(page)[-3:]!r}") from None


@pytest.fixture
def player(browser: Browser, server: Server, lang: Lang) -> Iterator[tuple[Page, Frames]]:
    page = open_page(browser, server, lang)
    frames = Frames(page)
    enter(page, NAMES[lang])
    yield page, frames
    page.context.close()


def test_a_hint_at_an_unrated_table_is_said_as_the_server_words_it(
    player: tuple[Page, Frames], lang: Lang
) -> None:
    page, frames = player
    create_table(page, HINTED, 3, 2, seed=11)
    button = page.get_by_role("button", name=f"{words('hint', lang)} (h)")
    expect(button).to_be_visible()
    page.locator("#choices button").first.wait_for(state="visible")
    page.keyboard.press("h")
    expect(page.locator("#hint-panel")).not_to_have_text(words("hint_asked", lang))
    hint = received_hint(page, frames)
    expected = words("hint_said", lang, level=words("hint_level", lang), action=hint["text"][lang])
    if hint["reason"]:
        expected += " " + words("hint_why", lang, reason=hint["reason"][lang])
    expect(page.locator("#hint-panel")).to_have_text(expected)
    expect_said(page, expected)
    assert hint["text"][lang] in said(page, "polite")[-1]
    asked = [message for way, message in frames.all if way == "out" and message["type"] == "hint"]
    assert asked == [{"type": "hint"}]


def received_hint(page: Page, frames: Frames) -> Review:
    """The one hint the server sent the page (its frame may reach the test a moment after
    the page drew it)."""
    for _ in range(50):
        hints = frames.received("hint")
        if hints:
            assert len(hints) == 1, hints
            found: Review = hints[0]["hint"]
            return found
        page.wait_for_timeout(100)
    raise AssertionError(f"no hint received: {frames.all[-5:]}")


def test_no_hint_at_a_rated_table(player: tuple[Page, Frames], lang: Lang) -> None:
    page, frames = player
    create_table(page, HINTED, 3, 2, rated=True)  # a rated table takes no seed
    page.locator("#choices button").first.wait_for(state="visible")
    expect(page.locator("#seat-actions").get_by_role("button")).not_to_have_count(0)
    expect(page.get_by_role("button", name=re.compile(f"^{words('hint', lang)}"))).to_have_count(0)
    page.keyboard.press("h")
    expect_said(page, words("hint_rated", lang))
    assert not [
        message for way, message in frames.all if way == "out" and message["type"] == "hint"
    ]
