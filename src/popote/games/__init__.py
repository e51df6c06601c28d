"""One package per game; each exposes ``GAME``, found by :mod:`popote.core.registry`."""
