"""The ``search`` player: at each choice of the play, play-outs over the others' possible tiles.

It lays away as ``expert`` does (``expected`` with three or four players). At a tile with a
choice of values it deals the others' tiles ``budget`` times from what the seat knows, plays
the rest of the play out from each deal after each value it may lay (the same deals for every
value), and lays the value with the best total of its side's points minus the others'.

- Two players: the other's holding is drawn as his lay-away and goes make likely
  (``holdings``); both lay by the expert's play table in the play-outs (greedily where it
  is silent), as the table builder values a state (``expert.playout.play_values``).
- Three or four players: the others' holdings are drawn uniformly from the unseen tiles over
  the goes said, every seat lays greedily in the play-outs, as the deal review values a tile
  (``review.playouts.tile_values``).

Its random numbers come from a ``Random`` seeded by what the seat knows, written out
(``knowledge``), never from the game's: a choice cannot change with a tile he has not seen,
and the game's own random numbers (the deals) are those of any other lineup.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from scoring_api.rules.seats import next_seat
from scoring_api.rules.tiles import Tile, tiles_in

from ..expert.playout import play_values
from ..expert.strategy import ExpertStrategy, play_key
from ..expert.tables import EXPERT_PLAYERS
from ..review.playouts import tile_values
from ..review.views import PlayView
from ..strategies import Seat
from .holdings import draw_holding, other_view

DEFAULT_BUDGET = 48
"""Deals of the others' tiles per choice when a request names no budget."""
MAX_BUDGET = 1_000
"""The most a request may ask for (a 422 past it)."""


def knowledge(seat: Seat) -> str:
    """Everything the seat knows at a turn that his choice may depend on, as text: his seat,
    the dealer, the tiles he drew, the starter, every tile he has seen, the count, who holds
    how many, the goes said. The seed of his random numbers."""
    return (
        f"{seat.seat}|{seat.dealer}|{seat.drawn}|{seat.starter}|{seat.seen}|"
        f"{','.join(map(str, seat.count_values))}|{seat.opponent_tiles}|"
        f"{','.join(map(str, seat.above))}|{''.join('1' if p else '0' for p in seat.passed)}"
    )


def _view(seat: Seat, seed: str) -> PlayView:
    """The seat's knowledge as the review's play-outs take it (three or four players). How
    many tiles each seat holds is in view of all; only that is read of the others' tiles."""
    return PlayView(
        seat=seat.seat,
        sides=tuple(seat.sides),
        hand=tuple(tile.value for tile in seat.remaining()),
        playable=tuple(seat.playable),
        values=seat.count_values,
        passed=tuple(seat.passed),
        last=None,  # he lays now, and so is the last to have laid before any go point
        held=tuple((mask or 0).bit_count() for mask in seat.held),
        above=tuple(seat.above),
        unseen=tuple(sorted(tile.value for tile in tiles_in[seat.unseen()])),
        seed=seed,
    )


def _best(totals: Mapping[int, float]) -> int:
    """The value with the best total (the higher value on a tie, as the table builder)."""
    return max(totals, key=lambda value: (totals[value], value))


class SearchStrategy(ExpertStrategy):
    """Plays out every choice of the play ``budget`` times over the others' possible tiles."""

    name = "search"
    description = (
        "Lays away as expert. At each tile with a choice of values, deals the others' tiles "
        "`budget` times (default 48) consistent with everything the seat has seen (his "
        "tiles, the tiles laid, the starter, the goes said, and with two players what the "
        "other's lay-away makes likely), plays the rest of the play out after each value "
        "(two players: both by expert's play table; three or four: greedily) and lays the "
        "best for his side. Its random numbers are seeded by what the seat knows."
    )

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        super().__init__()
        self.budget = budget

    def lay(self, seat: Seat, rng: Random) -> Tile:
        playable = seat.playable
        if playable[0].value == playable[-1].value:
            return playable[0]
        seed = knowledge(seat)
        if len(seat.held) == EXPERT_PLAYERS:
            key = play_key(seat)
            assert key is not None  # the values differ
            view = other_view(seat, next_seat(seat.seat, EXPERT_PLAYERS))
            draws, lay_away = Random(seed), self.tables.discard
            holdings = [draw_holding(view, draws, lay_away) for _ in range(self.budget)]
            value = _best(play_values(key, holdings, self.tables.play))
        else:
            value = _best(tile_values(_view(seat, seed), self.budget, None))
        return next(tile for tile in playable if tile.value == value)
