"""``popote serve --api-docs``: the HTTP API browsable at ``/docs`` (Swagger UI).

Off by default: the page is a tool for people writing clients, and FastAPI's own loads its
script from a CDN, on the very origin that keeps players' tokens. Turned on, Swagger UI's
files come from the ``fastapi-offline`` package and its starting script from ours, so the
page runs under the same Content-Security-Policy as every other (``popote.server.headers``).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = "/api-docs"

PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Popote · API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="{ASSETS}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{ASSETS}/swagger-ui-bundle.js"></script>
<script src="/static/api-docs.js"></script>
</body>
</html>
"""


def install(app: FastAPI) -> None:
    """Serve ``/docs`` and Swagger UI's files from ``app``."""
    folder = Path(str(resources.files("fastapi_offline") / "static"))
    app.mount(ASSETS, StaticFiles(directory=folder), name="api-docs")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(PAGE)
