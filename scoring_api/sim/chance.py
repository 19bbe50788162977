"""Uniform choices from ``rng.random()`` alone, whose sequence Python guarantees across
versions (``Random.choice``, ``shuffle`` and ``sample`` may change): every random choice of a
game, a strategy and a draw of hidden tiles goes through here.

At the foot of the simulator: it imports nothing of it, so the strategies, the game and the
play-outs' draws (``playouts.holdings``) all stand on it.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Final, TypeVar

T = TypeVar("T")


def pick(rng: Random, n: int) -> int:
    """A uniform index below ``n`` from ``rng.random()`` alone."""
    return pick_with(random_of(rng), n)


def pick_with(random: Callable[[], float], n: int) -> int:
    """``pick`` from ``rng.random`` bound (``random_of``): the game's deal draws so."""
    # float(n): the same product (n is exact as a float), which the compiled engine works out
    # in machine floats; float times int would go through Python's generic multiply.
    return int(random() * float(n))


class _LastBound:
    """The generator ``random_of`` was last asked for, with its ``random`` bound: one pair,
    replaced whole, so a thread never reads one generator's method for another's."""

    __slots__ = ("pair",)

    def __init__(self) -> None:
        self.pair: tuple[Random | None, Callable[[], float]] = (None, _no_random)


def _no_random() -> float:
    raise AssertionError("no generator bound yet")


_LAST_BOUND: Final = _LastBound()


def random_of(rng: Random) -> Callable[[], float]:
    """``rng.random``, bound once per generator in a row: a game's draws call it directly
    (a third of the cost of looking the method up on every draw, in the compiled engine)."""
    last = _LAST_BOUND
    pair = last.pair
    if pair[0] is not rng:
        pair = last.pair = (rng, rng.random)
    return pair[1]


def draw_some(rng: Random, eligible: list[T], k: int) -> list[T]:
    """``k`` of the ``eligible`` items, uniformly: a partial Fisher-Yates shuffle of the list
    given (its order changes)."""
    random, n = random_of(rng), len(eligible)
    for i in range(k):
        j = i + pick_with(random, n - i)
        eligible[i], eligible[j] = eligible[j], eligible[i]
    return eligible[:k]
