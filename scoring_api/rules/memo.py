"""A bounded memo for the rules core's pure functions of one small key."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """``memo[key]`` is ``function(key)``, computed on first use.

    When full it forgets everything at once. Memory stays bounded, and a hit is one dict
    lookup without the bookkeeping an LRU cache does on every hit (the play looks up the
    points of the count on every tile laid). Results never depend on what is remembered.
    """

    __slots__ = ("function", "maxsize")

    def __init__(self, function: Callable[[K], V], maxsize: int) -> None:
        super().__init__()
        self.function = function
        self.maxsize = maxsize

    def __missing__(self, key: K) -> V:
        if len(self) >= self.maxsize:
            self.clear()
        value = self[key] = self.function(key)
        return value
