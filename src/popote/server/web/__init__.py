"""The browser client served by ``popote serve``: pages, one script, one style sheet.

Installing the Python package is enough: the templates and static files ship inside it and
nothing is built with Node. See ``docs/web.md``.
"""

from __future__ import annotations

import mimetypes

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from popote.server.web import pages, people


def install(app: FastAPI) -> None:
    """Serve the pages and their static files from ``app``."""
    # Python 3.11's own table has no WOFF2: a machine without /etc/mime.types would
    # serve the signs' font as text/plain.
    mimetypes.add_type("font/woff2", ".woff2")
    app.include_router(pages.router)
    app.include_router(people.router)
    app.mount("/static", StaticFiles(packages=[("popote.server.web", "static")]), name="static")
