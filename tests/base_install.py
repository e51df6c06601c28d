"""Running Popote as the base install has it: without the ``rl``, ``gpu`` and ``ray`` extras."""

from __future__ import annotations

import subprocess
import sys

EXTRAS = ("torch", "pettingzoo", "gymnasium", "ray")


def run_without_extras(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where importing any extra's package fails."""
    blocked = ", ".join(f"{name}=None" for name in EXTRAS)
    script = f"import sys\nsys.modules.update({blocked})\n{code}"
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=120
    )
