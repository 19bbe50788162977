"""What a seat knew when he laid each tile, read off the one refereeing of a deal's record: all
his review may use (docs/review.md), as a game would hand it to him (``seat.seat_at_turn``) and
the play-outs take it (``Seat.view``, a ``playouts.knowledge.SeatView``).

The rules core's reader of the record (``rules.records.RecordReader``) tells this module each
go it hands the referee (said or implied: the goes follow from the tiles, play being
compulsory, so a record with its goes listed and one without give the same views) and each
tile before it is laid; what the seat knew then is the referee's state as every seat saw it
(the count, the goes said, each seat's go bound, the tiles laid and by whom), his own tiles
and the tiles he drew.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring_api.rules.deal import Deal, DealScore, score_deal
from scoring_api.rules.records import ReadingHook
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.tiles import Tile, by_value, tile_mask

from ..playouts.knowledge import SeatView, record_seed
from ..seat import seat_at_turn


@dataclass(frozen=True, slots=True)
class TileLaid:
    """A tile of the record, with what its seat knew before he laid it."""

    entry: int
    """Its entry in the record (goes listed or left out, as the request has them)."""
    tile: Tile
    """The tile he laid."""
    view: SeatView
    """What he knew."""


class _Views(ReadingHook):
    """Each tile laid with what its seat knew, as the record is read."""

    def __init__(self, deal: Deal, drawn: Sequence[Sequence[Tile]]) -> None:
        self.deal = deal
        self.drawn = [by_value(tiles) for tiles in drawn]
        self.own = [tile_mask(tiles) | deal.starter.bit for tiles in drawn]
        self.events: list[tuple[int, Tile | None]] = []
        """Every go and tile so far, in order: what the keys pack."""
        self.laid: list[TileLaid] = []

    def go(self, player: int) -> None:
        self.events.append((player, None))

    def tile(self, index: int, player: int, tile: Tile, referee: PlayReferee) -> None:
        deal = self.deal
        key = record_seed(
            deal.rules, deal.dealer, deal.starter, player, self.drawn[player], self.events
        )
        known = seat_at_turn(referee, player, self.own[player], deal.dealer, deal.rules)
        view = known.view(key)
        self.laid.append(TileLaid(index, tile, view))
        self.events.append((player, tile))


def refereed(deal: Deal, drawn: Sequence[Sequence[Tile]]) -> tuple[DealScore, tuple[TileLaid, ...]]:
    """The deal refereed (``rules.deal.score_deal``, its errors too), and every tile of its
    record in order with what its seat knew; ``drawn``: the tiles each seat drew, which he has
    seen. No tile is read where the starter ends the game."""
    views = _Views(deal, drawn)
    score = score_deal(deal, views)
    return score, tuple(views.laid)
