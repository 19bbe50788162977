"""The referee's state as native ints: each seat's part of the play (what the table has seen of
it, and what only the referee sees), and the tiles of a count.

The compiled referee updates these in place on every tile: in a list, each new int would be
a new object, and a list of tiles a new list each count.
"""

from __future__ import annotations

from typing import Final

from .tiles import ALL_TILES, Tile, TileMask

UNKNOWN: Final = -1
"""``SeatPlay.held`` of a hand the referee does not know."""

NO_GO: Final = -1
"""``PublicPlay.above`` of a seat that has said no go this play: any value may still be his."""


class PublicPlay:
    """One seat's play as the whole table has seen it, every count: the tiles he has laid and
    his go bound (a seat's view of the others holds these; never a ``SeatPlay``)."""

    __slots__ = ("above", "tiles")

    def __init__(self, tiles: TileMask = 0, above: int = NO_GO) -> None:
        self.tiles = tiles
        """Every tile he has laid."""
        self.above = above
        """His go bound: the most room any of his goes this play left on the count (31 minus
        the lowest count he said go at, said or implied; ``NO_GO`` before his first). A hand
        only shrinks in the play, so every tile he holds is of a value above it
        (docs/rules.md section 3, a go the deal proves wrong)."""


class SeatPlay:
    """One seat's part of the play as the referee keeps it for itself: his hand, which only
    the referee sees, beside how many tiles he has laid and his points, which everyone may
    count (the game tells a ``Seat`` of those; it never hands one this)."""

    __slots__ = ("held", "laid", "score")

    def __init__(self, held: TileMask) -> None:
        self.held = held
        """His tiles not yet laid (``UNKNOWN`` where not known)."""
        self.laid = 0
        """How many tiles he has laid."""
        self.score = 0
        """The points he has pegged."""


TilesCode = int
"""Tiles in order as one int: five bits a tile, its index plus one (so that 0-0 counts), the
last laid lowest."""

_TILE_BITS: Final = 5
_TILE_MASK: Final = (1 << _TILE_BITS) - 1


def with_tile(code: TilesCode, tile: Tile) -> TilesCode:
    """The code of some tiles with ``tile`` laid after them."""
    return code << _TILE_BITS | (tile.index + 1)


def last_tile_of(code: TilesCode) -> Tile:
    """The last tile of a code (not empty)."""
    return ALL_TILES[(code & _TILE_MASK) - 1]


def tiles_of_code(code: TilesCode) -> list[Tile]:
    """The tiles of a code, in the order laid."""
    tiles: list[Tile] = []
    while code:
        tiles.append(ALL_TILES[(code & _TILE_MASK) - 1])
        code >>= _TILE_BITS
    tiles.reverse()
    return tiles
