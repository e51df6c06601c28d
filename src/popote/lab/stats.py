"""Small statistics for simulation reports.

>>> low, high = wilson_interval(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
>>> wilson_interval(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

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


def paired_difference(differences: Sequence[float], z: float = Z95) -> dict[str, float]:
    """Mean of paired differences, its 95 % interval and two-sided p-value (normal approximation).

    >>> summary = paired_difference([1, 0, -1, 1, 0, 1, 0, 0])
    >>> [round(summary[key], 3) for key in ("mean", "ci95_low", "ci95_high", "p_value")]
    [0.25, -0.24, 0.74, 0.317]
    """
    count = len(differences)
    mean = sum(differences) / count if count else 0.0
    variance = sum((d - mean) ** 2 for d in differences) / (count - 1) if count > 1 else 0.0
    error = math.sqrt(variance / count) if count else 0.0
    if error == 0.0:
        p_value = 1.0 if mean == 0.0 else 0.0
    else:
        p_value = math.erfc(abs(mean) / error / math.sqrt(2))
    return {
        "mean": mean,
        "ci95_low": mean - z * error,
        "ci95_high": mean + z * error,
        "standard_error": error,
        "p_value": p_value,
    }
