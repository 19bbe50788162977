"""A strategy written in Python, as docs/extending.md shows, against the engine as it runs
(compiled in CI's full suite): every question a ``Seat`` answers reads the game as it is."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from scoring_api.rules import RuleOptions
from scoring_api.rules.constants import HAND_SIZE, MAX_COUNT
from scoring_api.rules.seats import next_seat
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import Tile, tile_mask
from scoring_api.sim.game import play_game
from scoring_api.sim.layaway import DrawnValues, Positions
from scoring_api.sim.seat import Seat
from scoring_api.sim.strategies import RandomStrategy, Strategy


class _Reader(Strategy):
    """Lays away his first tiles and lays his lowest, checking what the seat says."""

    name = "reader"
    description = "Reads every field of the seat; lays the lowest tile."

    def __init__(self) -> None:
        self.turns = 0

    def discard(
        self,
        values: DrawnValues,
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> Positions:
        return tuple(range(len(values) - HAND_SIZE))

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        self.turns += 1
        players = seat.players
        count = sum(seat.count_values)
        assert all(count + tile.value <= MAX_COUNT for tile in seat.playable)
        assert seat.score_now(seat.playable[0]) >= 0
        assert len(seat.passed) == len(seat.played) == len(seat.above) == players
        assert not seat.passed[seat.seat]
        assert not seat.has_passed(seat.seat)
        assert seat.last is None or 0 <= seat.last < players
        for other in range(players):
            laid = bin(seat.played[other]).count("1")
            assert seat.holds(other) == HAND_SIZE - laid
            assert seat.played[other] & ~seat.seen == 0  # only tiles he saw laid
        assert seat.opponent_tiles == seat.holds(next_seat(seat.seat, players))
        assert tile_mask(seat.remaining()) == seat.hand
        assert seat.hand & ~seat.own == 0
        assert seat.unseen() & seat.seen == 0
        copy = seat.snapshot()
        assert (copy.count_values, copy.passed, copy.last, copy.played, copy.playable) == (
            seat.count_values,
            seat.passed,
            seat.last,
            seat.played,
            seat.playable,
        )
        return seat.playable[0]


@pytest.mark.parametrize(
    "rules",
    [RuleOptions(), RuleOptions(players=3), RuleOptions(players=4, partners=True)],
    ids=["two", "three", "partners"],
)
def test_a_python_strategy_reads_the_seat_and_plays_whole_games(rules: RuleOptions) -> None:
    reader = _Reader()
    others = [RandomStrategy()] * (rules.players - 1)
    for game in range(6):
        result = play_game([reader, *others], rules, seeded(game), 0)
        assert max(result.scores) >= rules.target
    assert reader.turns > 50
