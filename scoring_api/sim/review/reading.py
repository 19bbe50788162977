"""What a seat knew when he laid each tile, read from a deal's record: all his review may use
(docs/review.md), as the play-outs take it (``playouts.knowledge.SeatView``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from scoring_api.rules.constants import HAND_SIZE, MAX_COUNT
from scoring_api.rules.errors import IllegalPlayError
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.records import Play
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.seat_play import NO_GO
from scoring_api.rules.tiles import ALL_TILES, Tile, by_value, tile_mask, tiles_in

from ..playouts.knowledge import SeatView, record_seed


@dataclass(frozen=True, slots=True)
class TileLaid:
    """A tile of the record, with what its seat knew before he laid it."""

    entry: int
    """Its entry in the record (goes listed or left out, as the request has them)."""
    tile: Tile
    """The tile he laid."""
    view: SeatView
    """What he knew."""


def tiles_laid(
    rules: RuleOptions,
    dealer: int,
    starter: Tile,
    hands: Sequence[Sequence[Tile]],
    drawn: Sequence[Sequence[Tile]],
    plays: Sequence[Play],
) -> Iterator[TileLaid]:
    """Every tile of a legal record of the play, in order, with what its seat knew.

    The goes are worked out from the tiles (play is compulsory), whether the record lists
    them or not, so both kinds of record give the same views. ``drawn``: the tiles each seat
    drew, which he has seen.
    """
    n = rules.players
    referee = PlayReferee(players=n, dealer=dealer, starter=starter, hands=hands)
    sides = tuple(rules.side_of(seat) for seat in range(n))
    above = [NO_GO] * n
    events: list[tuple[int, Tile | None]] = []
    own = [tile_mask(tiles) | starter.bit for tiles in drawn]
    for index, play in enumerate(plays):
        tile = play.tile
        if tile is None:
            continue  # goes follow from the tiles
        player = play.player
        try:
            while referee.turn != player or not referee.fits(tile):
                waiting = referee.turn
                assert waiting is not None, "a legal record has a turn for every tile"
                above[waiting] = max(above[waiting], MAX_COUNT - referee.count)
                events.append((waiting, None))
                referee.go(waiting)
        except IllegalPlayError as illegal:
            raise illegal.at(index) from None
        seen = own[player] | referee.used
        view = SeatView(
            seat=player,
            dealer=dealer,
            sides=sides,
            rules=rules,
            hand=tuple(sorted(t.value for t in tiles_in[referee.held_by(player) or 0])),
            playable=referee.playable(player),
            count_values=referee.values,
            passed=tuple(referee.passed),
            last=referee.last_player,
            held=tuple(HAND_SIZE - laid for laid in referee.laid_by),
            above=tuple(above),
            played=tuple(referee.played),
            unseen=tuple(sorted(t.value for t in ALL_TILES if not seen & t.bit)),
            seed=record_seed(rules, dealer, starter, player, by_value(drawn[player]), events),
        )
        yield TileLaid(index, tile, view)
        events.append((player, tile))
        try:
            referee.lay(player, tile)
        except IllegalPlayError as illegal:
            raise illegal.at(index) from None
