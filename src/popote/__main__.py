"""``popote`` and ``python -m popote``: the terminal's commands and the server's ``serve``.

The command line (``popote.cli``) lies below the server in the layers and never imports it;
this entry point, above both, plugs the server's command in."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from popote.cli.main import main as terminal_main
from popote.server.cli import SERVE


def main(argv: Sequence[str] | None = None) -> int:
    return terminal_main(argv, (SERVE,))


if __name__ == "__main__":
    sys.exit(main())
