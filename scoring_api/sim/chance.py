"""A draw of some items from a stream (``rules.stream``), and the old stream's draws kept for
the one user still on it.

At the foot of the simulator: it imports nothing of it, so the strategies, the game and the
play-outs' draws (``playouts.holdings``) all stand on it. Which stream each draw comes from is
``streams``' key scheme.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Final, TypeVar

from scoring_api.rules.stream import Stream

T = TypeVar("T")


def draw_some(rng: Stream, eligible: list[T], k: int) -> list[T]:
    """``k`` of the ``eligible`` items, uniformly, in the order drawn: a Fisher-Yates shuffle
    of the list given from the front for ``k`` places (its order changes), ``min(k, n - 1)``
    draws (``Stream.shuffle``)."""
    rng.shuffle(eligible, k)
    return eligible[:k]


# The Mersenne Twister's draws, for ``winprob.montecarlo`` until it moves onto the streams
# (issue 52, its own branch): nothing else uses them.


def pick_with(random: Callable[[], float], n: int) -> int:
    """A uniform index below ``n`` from ``rng.random`` bound (``random_of``)."""
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
    """``rng.random``, bound once per generator in a row (a third of the cost of looking the
    method up on every draw, in the compiled engine)."""
    last = _LAST_BOUND
    pair = last.pair
    if pair[0] is not rng:
        pair = last.pair = (rng, rng.random)
    return pair[1]
