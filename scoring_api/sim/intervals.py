"""95% intervals: the one normal quantile every figure of the simulator is given with, and the
intervals of a win rate."""

from __future__ import annotations

import math
from typing import Final

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval (``NormalDist().inv_cdf(0.975)``)."""


def half_width(variance: float, n: int) -> float:
    """The half-width of the 95% normal interval of a mean of ``n`` draws of ``variance``."""
    return Z95 * math.sqrt(variance / n)


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_interval(wins: int, both: int, neither: int, seeds: int) -> tuple[float, float]:
    """95% interval of a win rate over ``seeds`` deals played with the seats both ways, from
    per-seed scores (won both 1, split 0.5, lost both 0; normal approximation): the deal's
    luck cancels, so it is narrower than the Wilson interval of the games."""
    mean = wins / (2 * seeds)
    split = seeds - both - neither
    variance = (both * (1 - mean) ** 2 + neither * mean**2 + split * (0.5 - mean) ** 2) / seeds
    half = half_width(variance, seeds)
    return mean - half, mean + half
