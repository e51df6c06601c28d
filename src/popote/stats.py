"""Small statistics for simulation reports.

>>> low, high = wilson_interval(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
>>> wilson_interval(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion (ties counted as fractional successes)."""
    if trials == 0:
        return 0.0, 1.0
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)
