"""Confidence intervals for sampled figures (simulations, samples of deck orders).

Exact results are fractions; these are for the figures that can only be
estimated, each reported with its 95% interval.
"""

from __future__ import annotations

import math
from fractions import Fraction

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a binomial proportion; sound near 0 and 1.

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[Fraction], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): a sample mean of values in [0, 1] with its normal-approximation interval.

    >>> [round(x, 4) for x in mean_interval([Fraction(0), Fraction(1)] * 50)]
    [0.5, 0.4015, 0.5985]
    """
    n = len(values)
    mean = float(sum(values, Fraction(0)) / n)
    var = sum((float(v) - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.25
    half = z * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)
