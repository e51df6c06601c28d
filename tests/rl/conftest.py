"""The environment needs the ``rl`` extra: without it these tests skip (CI: they fail)."""

from __future__ import annotations

from tests.services import missing_service

try:
    import pettingzoo  # noqa: F401 - only checks that the extra is installed
except ImportError:
    missing_service("PettingZoo is not installed (pip install -e '.[rl]')")
