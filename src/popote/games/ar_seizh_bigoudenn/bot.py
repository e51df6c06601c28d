"""Placeholder, replaced below."""

from __future__ import annotations

from popote.bots.base import RandomBot


class BigoudenBot(RandomBot):
    kind = "heuristic"
