"""``Random.sample``'s draws, written out so that the compiled engine runs them compiled.

The table builder draws millions of holdings with ``rng.sample``; the standard library's
``sample`` is Python code, which the compiled engine can only call interpreted (a fifth of
a play-out's cost). ``sample`` here makes exactly CPython 3.11's draws from the same
``getrandbits`` stream, so the shipped tables rebuild to the same bytes
(``tests/sim/test_expert.py`` compares it with ``Random.sample`` over every small case).
"""

from __future__ import annotations

from math import ceil, log
from random import Random
from typing import Final, TypeVar

T = TypeVar("T")

_SMALL_SET: Final = 21
"""``Random.sample``'s size of a small set minus that of an empty list: up to it (or a larger
figure when more than five are drawn), a sample is drawn from a copied list."""


def _below(rng: Random, n: int) -> int:
    """``Random._randbelow``: uniform in 0..n-1 by rejection from ``n.bit_length()`` bits."""
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r


def sample(rng: Random, population: list[T], k: int) -> list[T]:
    """``rng.sample(population, k)``, the same items in the same order from the same state."""
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    small = _SMALL_SET
    if k > 5:
        small += 4 ** ceil(log(k * 3, 4))
    result: list[T] = []
    if n <= small:
        pool = list(population)
        for i in range(k):
            j = _below(rng, n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
    else:
        selected: set[int] = set()
        for _ in range(k):
            j = _below(rng, n)
            while j in selected:
                j = _below(rng, n)
            selected.add(j)
            result.append(population[j])
    return result
