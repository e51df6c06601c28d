"""Where a benchmark's figures go: a report for people, JSON for machines, or both."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any


def emit(
    figures: dict[str, Any], json_to: str | None, report: Callable[[dict[str, Any]], None]
) -> None:
    """``--json -`` prints the figures as JSON alone; otherwise ``report`` prints them for
    people, and ``--json FILE`` writes them there too (said on standard error)."""
    if json_to == "-":
        print(json.dumps(figures, indent=1))
        return
    report(figures)
    if json_to:
        Path(json_to).write_text(json.dumps(figures, indent=1) + "\n")
        print(f"written: {json_to}", file=sys.stderr, flush=True)
