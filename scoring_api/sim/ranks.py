"""The set by rank, a tile's position in ``BY_VALUE`` (lowest value first; ``tiles.RANK_OF``
by tile): the game deals ranks, and keeps each hand as a mask of ranks, so reading a mask
lowest bit first reads the hand lowest value first, with no sort.

The compiled engine makes a tuple of a known length at once, where a list made into a tuple
costs three times as much: the readers below write each length out.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from scoring_api.rules.constants import DEALS, MAX_PLAYERS, PLAYERS, TILE_COUNT
from scoring_api.rules.show import VALUE_WEIGHTS
from scoring_api.rules.tiles import BY_VALUE, Tile

RANKS: Final = tuple(range(TILE_COUNT))
"""The deck before it is shuffled."""
RANK_VALUES: Final = bytes(tile.value for tile in BY_VALUE)
"""By rank, the tile's value."""
RANK_BITS: Final = tuple(tile.bit for tile in BY_VALUE)
"""By rank, the tile's bit in a ``TileMask``."""
RANK_WEIGHTS: Final = tuple(VALUE_WEIGHTS[tile.value] for tile in BY_VALUE)
"""By rank, the tile's part of a show key (``show.value_keys``)."""
DRAWN_BY_TWO: Final = DEALS[PLAYERS].drawn
DRAWN_BY_THREE_OR_FOUR: Final = DEALS[MAX_PLAYERS].drawn
"""Tiles each player draws: six with two players, five with three or four."""

_DE_BRUIJN: Final = 0x077CB531
_BIT_AT: Final = bytes(
    next(bit for bit in range(32) if (1 << bit) * _DE_BRUIJN >> 27 & 31 == slot)
    for slot in range(32)
)
"""The lowest set bit of a mask below 2**32, from its de Bruijn product's top five bits."""


def lowest(mask: i64) -> i64:
    """The position of the lowest set bit of ``mask`` (below 2**32, not 0): a multiply and
    a look-up, where a loop over the bits would take a turn a bit."""
    return _BIT_AT[(mask & -mask) * _DE_BRUIJN >> 27 & 31]


def rank_values(ranks: i64, count: int) -> tuple[int, ...]:
    """The values of the ``count`` tiles (five or six: ``DealShape.drawn``) of a mask of
    ranks, lowest first."""
    first = lowest(ranks)
    ranks ^= 1 << first
    second = lowest(ranks)
    ranks ^= 1 << second
    third = lowest(ranks)
    ranks ^= 1 << third
    fourth = lowest(ranks)
    ranks ^= 1 << fourth
    fifth = lowest(ranks)
    values = RANK_VALUES
    if count == DRAWN_BY_THREE_OR_FOUR:
        return (values[first], values[second], values[third], values[fourth], values[fifth])
    assert count == DRAWN_BY_TWO, count
    sixth = lowest(ranks ^ 1 << fifth)
    return (
        values[first],
        values[second],
        values[third],
        values[fourth],
        values[fifth],
        values[sixth],
    )


def fitting_tiles(ranks: i64, room: int) -> tuple[Tile, ...]:
    """The tiles of a hand of at most four (a mask of ranks) whose value is at most
    ``room``, lowest first: being in value order, they are its first ones."""
    if not ranks:
        return ()
    first = lowest(ranks)
    if RANK_VALUES[first] > room:
        return ()
    ranks ^= 1 << first
    if not ranks:
        return (BY_VALUE[first],)
    second = lowest(ranks)
    if RANK_VALUES[second] > room:
        return (BY_VALUE[first],)
    ranks ^= 1 << second
    if not ranks:
        return (BY_VALUE[first], BY_VALUE[second])
    third = lowest(ranks)
    if RANK_VALUES[third] > room:
        return (BY_VALUE[first], BY_VALUE[second])
    ranks ^= 1 << third
    if not ranks or RANK_VALUES[lowest(ranks)] > room:
        return (BY_VALUE[first], BY_VALUE[second], BY_VALUE[third])
    fourth = lowest(ranks)
    assert not ranks ^ 1 << fourth, "a hand holds four tiles at most"
    return (BY_VALUE[first], BY_VALUE[second], BY_VALUE[third], BY_VALUE[fourth])
