"""Confidence intervals for sampled figures (simulations, samples of deck orders).

Exact results are fractions; these are for the figures that can only be
estimated, each reported with its 95% interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
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


def paired_difference(base: Sequence[Fraction | int], other: Sequence[Fraction | int],
                      z: float = Z95) -> tuple[float, float, float]:
    """(mean of ``other - base``, low, high): two measures of the SAME games (same seeds), compared game by
    game, with the normal-approximation 95% interval of the mean difference.

    Pairing removes the deal-to-deal variation both share, so the interval is far narrower than the one of
    two independent rates. When no game differs the interval is [0, 0]: see :func:`zero_bound` for how
    rare a difference may still be.

    >>> [round(x, 4) for x in paired_difference([0, 1, 1, 0] * 25, [0, 1, 0, 0] * 25)]
    [-0.25, -0.3353, -0.1647]
    >>> paired_difference([1, 0], [1, 0])
    (0.0, 0.0, 0.0)
    """
    if len(base) != len(other):
        raise ValueError(f"paired samples differ in size: {len(base)} and {len(other)}")
    n = len(base)
    if n < 2:
        raise ValueError(f"a paired interval needs at least 2 games, got {n}")
    diffs = [float(o) - float(b) for b, o in zip(base, other, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def zero_bound(n: int) -> float:
    """The 95% upper bound on the rate of an event seen in none of ``n`` trials (exact: 1 - 0.05^(1/n)).

    >>> round(zero_bound(100), 4)
    0.0295
    """
    if n < 1:
        raise ValueError(f"at least one trial, got {n}")
    return 1 - 0.05 ** (1 / n)
