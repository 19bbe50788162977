"""A draw of some items from a stream (``rules.stream``).

At the foot of the simulator: it imports nothing of it, so the strategies, the game and the
play-outs' draws (``playouts.holdings``) all stand on it. Which stream each draw comes from is
``streams``' key scheme.
"""

from __future__ import annotations

from typing import TypeVar

from scoring_api.rules.stream import Stream

T = TypeVar("T")


def draw_some(rng: Stream, eligible: list[T], k: int) -> list[T]:
    """``k`` of the ``eligible`` items, uniformly, in the order drawn: a Fisher-Yates shuffle
    of the list given from the front for ``k`` places (its order changes), ``min(k, n - 1)``
    draws (``Stream.shuffle``)."""
    rng.shuffle(eligible, k)
    return eligible[:k]
