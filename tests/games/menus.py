"""Helpers shared by the games' reading tests."""

from __future__ import annotations

from popote.core.menu import Menu


def menu_levels(menu: Menu) -> list[list[str]]:
    """The labels of each level of ``menu``, depth first (the top level first)."""
    levels = [[entry.label for entry in menu.entries]]
    for entry in menu.entries:
        if entry.submenu is not None:
            levels += menu_levels(entry.submenu)
    return levels
