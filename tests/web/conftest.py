"""One server per test module, one headless Chromium per test process (see
``tests/services.py``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.server.harness import Server
from tests.services import chromium
from tests.web.browser import ARGS


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """The module's server, started with its ``SERVE_OPTIONS`` (more ``popote serve``
    options) where it has some."""
    options = getattr(request.module, "SERVE_OPTIONS", ())
    started = Server(tmp_path_factory.mktemp("web"), None, 1.0, *options)
    started.start()
    yield started
    started.stop()


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Browser]:
    """Started once: Playwright and Chromium take seconds to start, which each module of
    each xdist worker paid again."""
    path = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, headless=True, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def browser(chromium_browser: Browser) -> Iterator[Browser]:
    """The process's Chromium; the module's profiles (contexts) are closed at its end, as
    its own browser's were: a page left open would go on calling its stopped server."""
    yield chromium_browser
    for context in chromium_browser.contexts:
        context.close()
