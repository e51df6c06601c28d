"""Commands that a layer above the command line brings to ``popote``: ``serve``, from the
server. The command line lies below the server in the layers and never imports it; the
entry point (``popote.__main__``), above both, hands the server's command in."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from popote.core.i18n import Lang, Text


@dataclass(frozen=True)
class Plugged:
    """One sub-command: its name, its one-line summary, its options and what runs it."""

    name: str
    summary: Text
    add_arguments: Callable[[argparse.ArgumentParser, Lang], None]
    run: Callable[[argparse.Namespace], int]
