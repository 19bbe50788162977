"""The information states of the play that games meet: what the builder works out."""

from __future__ import annotations

from random import Random

from scoring_api.rules.options import DEFAULT_RULES
from scoring_api.rules.tiles import Tile

from ..registry import STRATEGIES
from ..runs import SimulationRequest, run
from ..strategies import ExpectedStrategy, Seat
from .strategy import ExpertStrategy, play_key
from .tables import EXPERT_PLAYERS, ExpertTables, PlayKey


def collect_states(tables: ExpertTables, games: int, seed: int, by_table: bool) -> set[PlayKey]:
    """The information states with a choice of values met in ``games`` games with the
    tables' lay-away: self-play laying as ``expected`` does, or (``by_table``) half
    self-play laying by the tables and half against ``expected``."""
    met: set[PlayKey] = set()

    class Recorder(ExpertStrategy):
        name = "expert-build"

        def lay(self, seat: Seat, rng: Random) -> Tile:
            key = play_key(seat)
            if key is not None:
                met.add(key)
            if by_table:
                return super().lay(seat, rng)
            return ExpectedStrategy.lay(self, seat, rng)

    STRATEGIES[Recorder.name] = Recorder(tables)
    lineups = [(Recorder.name,) * EXPERT_PLAYERS]
    if by_table:
        lineups.append((Recorder.name, "expected"))
    try:
        for k, lineup in enumerate(lineups):
            share = games // len(lineups)
            run(SimulationRequest(lineup, DEFAULT_RULES, seed, share, k * share))
    finally:
        del STRATEGIES[Recorder.name]
    return met
