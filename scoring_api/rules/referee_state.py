"""The referee's state as native ints: each seat's part of the play (what the table has seen of
it, and what only the referee sees), the play as the whole table sees it, and the tiles of a
count.

The compiled referee updates these in place on every tile: in a list, each new int would be
a new object, and a list of tiles a new list each count.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from .play_scoring import CountCode, values_of_code
from .seats import NO_SEAT
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
        self.tiles: i64 = tiles
        """Every tile he has laid."""
        self.above: i64 = above
        """His go bound: the most room any of his goes this play left on the count (31 minus
        the lowest count he said go at, said or implied; ``NO_GO`` before his first). A hand
        only shrinks in the play, so every tile he holds is of a value above it
        (docs/rules.md section 3, a go the deal proves wrong)."""


class SharedPlay:
    """The play as everyone at the table has seen it: the current count's values, the goes
    said in it, who laid its last tile, and each seat's ``PublicPlay``. Packed for the
    compiled engine, with their readable forms (docs/engine.md, "Packed and readable state")
    written here once for the referee (``PlayReferee``) and for what a seat knows (``Seat``),
    which both hold them."""

    __slots__ = ("count_code", "last_seat", "passed_mask", "public")

    count_code: CountCode
    """The values laid since the count began (``count_values`` as a tuple)."""
    passed_mask: i64
    """Who has said go in the current count: bit ``seat`` (``passed`` by seat)."""
    last_seat: i64
    """Who laid the last tile of the current count; ``NO_SEAT`` before its first (``last``:
    None)."""
    public: list[PublicPlay]
    """By seat, his play this deal as the whole table saw it: ``played`` (the tiles he has
    laid, as masks) and ``above`` (his go bound) read it."""

    @property
    def count_values(self) -> tuple[int, ...]:
        """The values laid since the count began, in order."""
        return values_of_code(self.count_code)

    @property
    def last(self) -> int | None:
        """Who laid the last tile of the current count (None before its first)."""
        return None if self.last_seat == NO_SEAT else self.last_seat

    @property
    def passed(self) -> list[bool]:
        """Who has said go in the current count, by seat."""
        mask = self.passed_mask
        return [bool(mask >> seat & 1) for seat in range(len(self.public))]

    def has_passed(self, seat: int) -> bool:
        """Whether ``seat`` has said go in the current count."""
        return bool(self.passed_mask >> seat & 1)

    @property
    def played(self) -> list[TileMask]:
        """By seat, the tiles he has laid this deal."""
        return [public.tiles for public in self.public]

    @property
    def above(self) -> list[int]:
        """By seat: every tile he holds is of a higher value than this, since he said go in a
        count where it would have fitted (``NO_GO`` where he has said none this deal)."""
        return [public.above for public in self.public]


class SeatPlay:
    """One seat's part of the play as the referee keeps it for itself: his hand, which only
    the referee sees, beside how many tiles he has laid and his points, which everyone may
    count (the game tells a ``Seat`` of those; it never hands one this)."""

    __slots__ = ("held", "laid", "score")

    def __init__(self, held: TileMask) -> None:
        self.held: i64 = held
        """His tiles not yet laid (``UNKNOWN`` where not known)."""
        self.laid: i64 = 0
        """How many tiles he has laid."""
        self.score: i64 = 0
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
