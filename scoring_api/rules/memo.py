"""A bounded memo for the rules core's pure functions of one small key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(Generic[K, V]):
    """``memo[key]`` is ``function(key)``, computed on first use.

    When full it forgets everything at once. Memory stays bounded, and a hit is one dict
    lookup without the bookkeeping an LRU cache does on every hit (the play looks up the
    tiles a player may lay on every turn). Results never depend on what is remembered.

    It holds a dict rather than being one: the compiled engine calls ``__getitem__`` directly
    and looks up an exact dict on its fast path (a dict subclass goes the slow, generic way).
    """

    __slots__ = ("function", "maxsize", "table")

    def __init__(self, function: Callable[[K], V], maxsize: int) -> None:
        self.function = function
        """What is remembered."""
        self.maxsize = maxsize
        """How many keys at most."""
        self.table: dict[K, V] = {}
        """What has been computed so far."""

    def __getitem__(self, key: K) -> V:
        table = self.table
        value = table.get(key)  # no memo here remembers None; a KeyError would cost more
        if value is not None:
            return value
        if len(table) >= self.maxsize:
            table.clear()
        value = table[key] = self.function(key)
        return value
