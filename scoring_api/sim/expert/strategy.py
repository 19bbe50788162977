"""The ``expert`` player: table lookups, with ``expected``'s rules where a table is silent."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from mypy_extensions import mypyc_attr

from scoring_api.rules.options import RuleOptions
from scoring_api.rules.play_scoring import with_value
from scoring_api.rules.seats import next_seat
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import BY_VALUE, Tile

from ..coverage import uncovered
from ..layaway import DrawnValues, Positions
from ..playouts.holdings import LayAway
from ..playouts.two_player import PackedPlay, PlayKey, packed_key, packed_play
from ..ranks import RANK_VALUES, highest, lowest
from ..seat import Seat
from ..strategies import ExpectedStrategy
from .model import expert_ranking
from .tables import EXPERT_PLAYERS, ExpertTables, shipped_tables


@lru_cache(maxsize=1 << 15)
def _worked_out(values: DrawnValues, own_crib: bool, rules: RuleOptions) -> Positions:
    """The model's lay-away under show rules the shipped tables were not built for."""
    return expert_ranking(shipped_tables(), values, own_crib, rules)[0].laid_away


def expert_discard(values: DrawnValues, own_crib: bool, rules: RuleOptions) -> Positions:
    """The expert's lay-away of six sorted values (two players, the shipped tables where they
    cover the rules, else their model)."""
    if uncovered(rules, starter=False) is None:
        return shipped_tables().discard(values, own_crib)
    return _worked_out(values, own_crib, rules)


class ExpertLayAway(LayAway):
    """The expert's two-player lay-away by ``tables``, as the search draws the other's holding
    against it (``playouts.holdings.AgainstLayAway``)."""

    def __init__(self, tables: ExpertTables) -> None:
        self.tables = tables

    def positions(self, values: DrawnValues, own_crib: bool) -> Positions:
        return self.tables.discard(values, own_crib)


def play_key(seat: Seat) -> PlayKey | None:
    """The information state of a two-player turn, or None without a choice of values."""
    playable = seat.playable
    if playable[0].value == playable[-1].value:
        return None
    other = next_seat(seat.seat, EXPERT_PLAYERS)
    mine = tuple(tile.value for tile in seat.remaining())
    return mine, seat.count_values, seat.opponent_tiles, seat.passed[other]


def packed_play_key(seat: Seat) -> int:
    """``play_key(seat)`` as ``playout.packed_key`` packs it (a turn with a choice of values):
    one int made from the seat's codes, which the expert looks up on every such turn."""
    mine = 0
    ranks = seat.hand_ranks
    while ranks:  # lowest value first
        rank = lowest(ranks)
        ranks ^= 1 << rank
        mine = with_value(mine, RANK_VALUES[rank])
    passed = seat.has_passed(next_seat(seat.seat, EXPERT_PLAYERS))
    return packed_key(mine, seat.count_code, seat.opponent_tiles, passed)


@mypyc_attr(allow_interpreted_subclasses=True)
class ExpertStrategy(ExpectedStrategy):
    """Plays from the shipped tables, or from tables given (the builder's own rounds)."""

    name = "expert"
    description = (
        "Two players: lays away by the expected hand, the crib against the other's real "
        "lay-away pattern and the play the kept tiles lead to; lays the tile that play-outs "
        "over the other's possible tiles found best in that state. Both are looked up in "
        "tables built offline from a seed; states the tables lack, and three or four players, "
        "follow expected."
    )
    seat_seconds = 0.25e-3

    def __init__(self, tables: ExpertTables | None = None) -> None:
        self._tables = tables
        self._packed: PackedPlay | None = None

    @property
    def tables(self) -> ExpertTables:
        return self._tables or shipped_tables()

    @property
    def packed(self) -> PackedPlay:
        """``tables.play`` keyed by ``playout.packed_key``: a turn's look-up is one int."""
        packed = self._packed
        if packed is None:  # two threads may both pack it: the same table either way
            packed = self._packed = packed_play(self.tables.play)
        return packed

    def discard(
        self,
        values: DrawnValues,
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> Positions:
        if rules.players != EXPERT_PLAYERS:
            return super().discard(values, own_crib, rules, rng, scores)
        if self._tables is None:
            return expert_discard(values, own_crib, rules)
        return self._tables.discard(values, own_crib)

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        if seat.players != EXPERT_PLAYERS:
            return super().lay(seat, rng)
        playable = seat.playable_ranks
        first = lowest(playable)
        if RANK_VALUES[first] == RANK_VALUES[highest(playable)]:  # no choice of values
            return BY_VALUE[first]
        value = self.packed.get(packed_play_key(seat))
        if value is None:
            return super().lay(seat, rng)
        while playable:  # the first of that value
            rank = lowest(playable)
            playable ^= 1 << rank
            if RANK_VALUES[rank] == value:
                return BY_VALUE[rank]
        raise AssertionError(f"the play table lays {value}, which {seat.seat} cannot lay")
