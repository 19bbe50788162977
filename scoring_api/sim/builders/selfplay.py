"""The information states of the play that games meet: what the builder works out."""

from __future__ import annotations

from collections.abc import Sequence

from scoring_api.rules.options import DEFAULT_RULES
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import Tile

from ..expert.strategy import ExpertStrategy, play_key
from ..expert.tables import ExpertTables
from ..playouts.two_player import PlayKey
from ..runs import SimulationRequest, run
from ..seat import Seat
from ..strategies import ExpectedStrategy, Strategy


class _Recorder(ExpertStrategy):
    """The expert's player that notes each information state it meets (a class at module
    level: the compiled engine has no classes inside functions)."""

    name = "expert-build"

    def __init__(self, tables: ExpertTables, met: set[PlayKey], by_table: bool) -> None:
        super().__init__(tables)
        self.met = met
        self.by_table = by_table

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        key = play_key(seat)
        if key is not None:
            self.met.add(key)
        if self.by_table:
            return super().lay(seat, rng)
        return ExpectedStrategy.lay(self, seat, rng)


BATCH_GAMES = 500
"""Games per batch of self-play: the builder's processes take batches in turn."""

Batch = tuple[bool, int, int]
"""Games of self-play: against ``expected`` (rather than itself), the first game, how many."""


def batches(games: int, by_table: bool) -> list[Batch]:
    """``games`` games of self-play as batches: all self-play laying as ``expected``, or
    (``by_table``) half self-play laying by the tables and half against ``expected``."""
    halves = (False, True) if by_table else (False,)
    share = games // len(halves)
    return [
        (against, k * share + first, min(BATCH_GAMES, share - first))
        for k, against in enumerate(halves)
        for first in range(0, share, BATCH_GAMES)
    ]


def states_met(
    games: Sequence[Batch],
    tables: ExpertTables,
    seed: int,
    by_table: bool,
    against: ExpertTables | None = None,
) -> list[list[PlayKey]]:
    """The information states with a choice of values met in each batch of games with the
    tables' lay-away (the games are those of ``seed``, whichever process plays them); with
    ``against``, every game is against the expert of those tables, and only the player's
    own states are met."""
    found: list[list[PlayKey]] = []
    for against_expected, first, n in games:
        met: set[PlayKey] = set()
        recorder = _Recorder(tables, met, by_table)
        other: Strategy = recorder
        if against is not None:
            other = ExpertStrategy(against)
        elif against_expected:
            other = ExpectedStrategy()
        run(SimulationRequest((recorder, other), DEFAULT_RULES, seed, n, first))
        found.append(sorted(met))
    return found
