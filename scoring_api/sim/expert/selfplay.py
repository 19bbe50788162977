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


class _Recorder(ExpertStrategy):
    """The expert's player that notes each information state it meets (a class at module
    level: the compiled engine has no classes inside functions)."""

    name = "expert-build"

    def __init__(self, tables: ExpertTables, met: set[PlayKey], by_table: bool) -> None:
        super().__init__(tables)
        self.met = met
        self.by_table = by_table

    def lay(self, seat: Seat, rng: Random) -> Tile:
        key = play_key(seat)
        if key is not None:
            self.met.add(key)
        if self.by_table:
            return super().lay(seat, rng)
        return ExpectedStrategy.lay(self, seat, rng)


def collect_states(tables: ExpertTables, games: int, seed: int, by_table: bool) -> set[PlayKey]:
    """The information states with a choice of values met in ``games`` games with the
    tables' lay-away: self-play laying as ``expected`` does, or (``by_table``) half
    self-play laying by the tables and half against ``expected``."""
    met: set[PlayKey] = set()
    STRATEGIES[_Recorder.name] = _Recorder(tables, met, by_table)
    lineups = [(_Recorder.name,) * EXPERT_PLAYERS]
    if by_table:
        lineups.append((_Recorder.name, "expected"))
    try:
        for k, lineup in enumerate(lineups):
            share = games // len(lineups)
            run(SimulationRequest(lineup, DEFAULT_RULES, seed, share, k * share))
    finally:
        del STRATEGIES[_Recorder.name]
    return met
