"""Helpers shared by the simulator's tests (tests import helpers, never each other)."""

from __future__ import annotations

import dataclasses
from random import Random

from scoring_api.rules.tiles import Tile
from scoring_api.sim.search import SearchStrategy
from scoring_api.sim.strategies import Seat

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
            frozen = dataclasses.replace(
                seat,
                passed=list(seat.passed),
                above=list(seat.above),
                played=list(seat.played),
                playable=tuple(seat.playable),
            )
            self.choices.append((frozen, state, tile))
        return tile
