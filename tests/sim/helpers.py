"""Helpers shared by the simulator's tests (tests import helpers, never each other)."""

from __future__ import annotations

from random import Random

from scoring_api.rules.tiles import Tile
from scoring_api.sim.search import SearchStrategy
from scoring_api.sim.seat import Seat


def stored_fields(cls: type) -> set[str]:
    """The fields a plain class of the engine stores: its ``__slots__``, which the compiled
    class lists as ``__mypyc_attrs__`` instead."""
    return set(getattr(cls, "__mypyc_attrs__", None) or cls.__slots__)


SMALL_BUDGET = 3
"""The search's budget where a test checks the bookkeeping of its games, not its strength."""


def small_budgets(lineup: tuple[str, ...]) -> tuple[int | None, ...]:
    return tuple(SMALL_BUDGET if name == "search" else None for name in lineup)


RECORDER_BUDGET = 6
"""The budget of ``Recorder``'s search."""


class Recorder(SearchStrategy):
    """Plays as ``search`` and keeps each choice: what the seat was told, the game's random
    state, and the tile laid."""

    def __init__(self) -> None:
        super().__init__(RECORDER_BUDGET)
        self.choices: list[tuple[Seat, tuple[object, ...], Tile]] = []

    def lay(self, seat: Seat, rng: Random) -> Tile:
        state = rng.getstate()
        tile = super().lay(seat, rng)
        if seat.playable[0].value != seat.playable[-1].value:
            self.choices.append((seat.snapshot(), state, tile))
        return tile
