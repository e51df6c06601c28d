"""The table page in a browser: the bytes it loads, and how long until a person can play.

Starts ``popote serve`` (the plain build, this interpreter's) on 127.0.0.1 and opens a table
in Debian's Chromium through Playwright, as the browser tests do, each time in a fresh
profile (nothing cached: what a newcomer's first visit costs). For each game it seats a
guest and random bots at a deal where the guest decides first, then measures:

- the bytes the table page loads until it can be played, by kind (HTML, JS, CSS, fonts,
  images, the API's JSON, and the socket's messages: the game's state), as sent
  (``transfer``) and once decoded (``body``);
- the time from the start of the navigation to the first playable state: the first card of
  the drawn hand (the group named like ``your_hand_drawn``) that is an enabled button,
  stamped by the page's own clock (``performance.now()``) when it appears.

Run: ``python -m benchmarks.table_page`` (``--repeats 9``, ``--games a,b``, ``--json -``).
Figures: ``benchmarks/README.md``, "The table page".
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, Request, WebSocket, sync_playwright

import popote
from benchmarks.figures import emit
from benchmarks.server_load.processes import ServerProcess
from popote.server.web.texts import words

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]
"""Those of the browser tests (``tests/web/browser.py``)."""
GAMES = {"pieds-dans-le-plat": 3, "stir-fry-eighteen": 4, "bouillabaisse": 6}
"""The games measured by default, with their players (one guest, the rest random bots)."""
VIEWPORT = {"width": 1366, "height": 768}
WAIT_MS = 60_000
KINDS = {
    "document": "html",
    "script": "js",
    "stylesheet": "css",
    "font": "fonts",
    "image": "images",
    "fetch": "api",
    "xhr": "api",
}
"""Playwright's resource types, by the names the report uses (the rest: ``other``)."""

PLAYABLE = """
(label) => {
  window.__playable = null;
  const enabled = 'button:not([disabled]), [role="button"]:not([aria-disabled="true"])';
  const look = () => {
    if (window.__playable !== null) return;
    for (const group of document.querySelectorAll('[role="group"]')) {
      if (group.getAttribute("aria-label") === label && group.querySelector(enabled)) {
        window.__playable = performance.now();
        return;
      }
    }
  };
  new MutationObserver(look).observe(document, {
    childList: true, subtree: true, attributes: true,
    attributeFilter: ["disabled", "aria-disabled", "aria-label"],
  });
}
"""
"""Stamps, by the page's clock (0: the navigation's start), the moment a card of the drawn
hand is first an enabled button; run in the page before its own scripts."""


def server_options() -> list[str]:
    """Every client comes from 127.0.0.1: no limit per address, guests made at will."""
    options = ["--max-connections-per-ip", "0", "--max-new-identities-per-ip", "0"]
    return [*options, "--anonymous-burst", "0", "--bot-workers", "1"]


def first_seed(game: str, players: int) -> int:
    """The first deal where seat 0 (the guest) is asked first, so that no bot moves before;
    in a game where seat 0 never starts (Bouillabaisse: the seat after the dealer), deal 0,
    whose random bots move first (a few milliseconds)."""
    found = (seed for seed in range(100) if 0 in popote.new_match(game, players, seed).to_act)
    return next(found, 0)


def seated_table(url: str, game: str, players: int, lang: str) -> tuple[dict[str, Any], str]:
    """A new guest (its identity as the API gives it) and a started table where it sits
    with random bots, dealt so that it decides first."""
    with httpx.Client(base_url=url, timeout=30) as http:
        identity: dict[str, Any] = (
            http.post("/api/v1/guests", json={"name": "Mesure", "lang": lang})
            .raise_for_status()
            .json()
        )
        http.headers["Authorization"] = f"Bearer {identity['token']}"
        setup = {
            "game": game,
            "players": players,
            "bots": ["random"] * (players - 1),
            "clock": "none",
            "seed": first_seed(game, players),
        }
        table: str = http.post("/api/v1/tables", json=setup).raise_for_status().json()["id"]
        http.post(f"/api/v1/tables/{table}/start").raise_for_status()
    return identity, table


def one_visit(browser: Browser, url: str, game: str, players: int, lang: str) -> dict[str, Any]:
    """Open a table page in a fresh profile: its bytes by kind and its times (ms)."""
    identity, table = seated_table(url, game, players, lang)
    context = browser.new_context(
        base_url=url,
        viewport={"width": VIEWPORT["width"], "height": VIEWPORT["height"]},
        locale="fr-FR" if lang == "fr" else "en-GB",
    )
    remembered = {
        "popote.token": identity["token"],
        "popote.name": identity["name"],
        "popote.id": str(identity["id"]),
    }
    context.add_init_script(
        f"Object.entries({json.dumps(remembered)}).forEach(([k, v]) => localStorage.setItem(k, v));"
    )
    label = words(lang)["your_hand_drawn"]  # type: ignore[arg-type]
    context.add_init_script(f"({PLAYABLE})({json.dumps(label)})")
    loaded: list[Request] = []
    page = context.new_page()

    def finished(request: Request) -> None:
        loaded.append(request)

    page.on("requestfinished", finished)
    frames: list[int] = []  # the bytes of each socket message received (the game's state)

    def socket(opened: WebSocket) -> None:
        opened.on("framereceived", lambda data: frames.append(len(as_bytes(data))))

    page.on("websocket", socket)
    try:
        page.goto(f"/tables/{table}")
        playable_ms = stamped(page)
        timing = page.evaluate(
            "(() => { const n = performance.getEntriesByType('navigation')[0];"
            " return {dom: n.domContentLoadedEventEnd, load: n.loadEventEnd}; })()"
        )
        # What loaded until the page could be played (the API's answers too), read while
        # the page is open.
        kinds = sizes_by_kind(list(loaded))
        kinds["socket"] = {"requests": len(frames), "transfer": sum(frames), "body": sum(frames)}
    finally:
        context.close()
    return {
        "playable_ms": playable_ms,
        "dom_content_loaded_ms": timing["dom"],
        "load_ms": timing["load"],
        "kinds": kinds,
    }


def as_bytes(data: str | bytes) -> bytes:
    return data.encode() if isinstance(data, str) else data


def stamped(page: Page) -> float:
    """The page's stamp of its first playable state, once it has one (asked now and then:
    the page's CSP allows no script of Playwright's own to wait inside it)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        playable: float | None = page.evaluate("window.__playable")
        if playable is not None:
            return playable
        page.wait_for_timeout(25)
    raise TimeoutError(f"no playable card in {WAIT_MS / 1000:g} s at {page.url}")


def sizes_by_kind(requests: list[Request]) -> dict[str, dict[str, int]]:
    """Requests, bytes sent (headers and body as on the wire) and bodies decoded, by kind."""
    kinds: dict[str, dict[str, int]] = {}
    for request in requests:
        sizes = request.sizes()
        kind = KINDS.get(request.resource_type, "other")
        entry = kinds.setdefault(kind, {"requests": 0, "transfer": 0, "body": 0})
        entry["requests"] += 1
        entry["transfer"] += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        response = request.response()
        entry["body"] += len(response.body()) if response is not None else 0
    return kinds


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile, by the nearest rank (p90 of 9 runs: the 9th)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def summary(visits: list[dict[str, Any]]) -> dict[str, Any]:
    """The medians and p90 of the times, and the bytes of the last visit (the same page
    each time: they differ only by the API's answers)."""
    times = {}
    for key in ("playable_ms", "dom_content_loaded_ms", "load_ms"):
        values = [visit[key] for visit in visits]
        times[key] = {"median": statistics.median(values), "p90": percentile(values, 0.9)}
    kinds = visits[-1]["kinds"]
    total = {part: sum(entry[part] for entry in kinds.values()) for part in ("transfer", "body")}
    total["requests"] = sum(entry["requests"] for kind, entry in kinds.items() if kind != "socket")
    return {
        "times": times,
        "kinds": kinds,
        "total": total,
        "all_playable_ms": [round(visit["playable_ms"], 1) for visit in visits],
    }


def git(*words: str) -> str:
    """What ``git`` prints in this checkout (empty when it says nothing)."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(["git", *words], check=False, cwd=root, capture_output=True, text=True)
    return done.stdout.strip()


def commit() -> str:
    """The commit measured (and ``+`` if the tree differs from it)."""
    try:
        head = git("rev-parse", "--short", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no")
    except OSError:
        return "unknown"
    return f"{head}{'+' if dirty else ''}" if head else "unknown"


def run(games: dict[str, int], repeats: int, lang: str = "fr") -> dict[str, Any]:
    """Every game's visits, on one server and one browser."""
    figures: dict[str, Any] = {
        "commit": commit(),
        "machine": f"{platform.processor() or platform.machine()}, Python "
        f"{platform.python_version()}, plain build",
        "viewport": f"{VIEWPORT['width']}x{VIEWPORT['height']}",
        "lang": lang,
        "repeats": repeats,
        "games": {},
    }
    with tempfile.TemporaryDirectory(prefix="popote-table-page-") as data:
        server = ServerProcess(Path(data), server_options())
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=ARGS
                )
                try:
                    for game, players in games.items():
                        one_visit(browser, server.url, game, players, lang)  # warms the server
                        visits = [
                            one_visit(browser, server.url, game, players, lang)
                            for _ in range(repeats)
                        ]
                        figures["games"][game] = {"players": players, **summary(visits)}
                finally:
                    browser.close()
        finally:
            server.stop()
    return figures


def report(figures: dict[str, Any]) -> None:
    print(
        f"The table page, {figures['viewport']}, {figures['lang']}, {figures['repeats']} fresh "
        f"visits a game; commit {figures['commit']}; {figures['machine']}"
    )
    kinds = ("html", "js", "css", "fonts", "images", "api", "socket", "other")
    print(
        "game | players | to playable ms median / p90 | DOMContentLoaded ms median | "
        + " | ".join(f"{kind} KB" for kind in kinds)
        + " | total KB (requests)"
    )
    for game, row in figures["games"].items():
        times = row["times"]
        sizes = [row["kinds"].get(kind, {}).get("body", 0) / 1024 for kind in kinds]
        print(
            f"{game} | {row['players']} | {times['playable_ms']['median']:.0f} / "
            f"{times['playable_ms']['p90']:.0f} | {times['dom_content_loaded_ms']['median']:.0f} | "
            + " | ".join(f"{size:.1f}" for size in sizes)
            + f" | {row['total']['body'] / 1024:.1f} ({row['total']['requests']})"
        )
    print(
        "KB: decoded bodies (socket: the messages received until then, the requests column"
        " counts them); the bytes sent, headers included, are in --json (transfer)."
    )


def parse_games(spec: str) -> dict[str, int]:
    """``slug`` or ``slug:players``, comma separated."""
    games = {}
    for part in spec.split(","):
        name, _, players = part.strip().partition(":")
        games[name] = int(players) if players else GAMES.get(name, 3)
    return games


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=9, help="fresh visits a game (9)")
    parser.add_argument(
        "--games",
        default=",".join(f"{name}:{players}" for name, players in GAMES.items()),
        help="slug[:players], comma separated",
    )
    parser.add_argument("--lang", choices=("fr", "en"), default="fr")
    parser.add_argument("--json", metavar="FILE", help="also write the figures there (- : only)")
    arguments = parser.parse_args(argv)
    figures = run(parse_games(arguments.games), max(1, arguments.repeats), arguments.lang)
    emit(figures, arguments.json, report)


if __name__ == "__main__":
    main()
