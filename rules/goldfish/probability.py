"""Exact probability: hypergeometric tails in rational arithmetic, no randomness."""

from __future__ import annotations

import math
from fractions import Fraction


def hypergeometric_at_least(population: int, successes: int, draws: int, at_least: int) -> Fraction:
    """P(X >= at_least) for X ~ Hypergeometric(population, successes, draws), exactly."""
    top = min(successes, draws)
    if at_least > top:
        return Fraction(0)
    failures = population - successes
    favourable = sum(math.comb(successes, x) * math.comb(failures, draws - x) for x in range(max(at_least, 0), top + 1))
    return Fraction(favourable, math.comb(population, draws))
