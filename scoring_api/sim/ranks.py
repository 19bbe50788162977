"""The set by rank, a tile's position in ``BY_VALUE`` (lowest value first; ``tiles.RANK_OF``
by tile): the game deals ranks, and keeps each hand as a mask of ranks, so reading a mask
lowest bit first reads the hand lowest value first, with no sort.

The compiled engine makes a tuple of a known length at once, where a list made into a tuple
costs three times as much: the readers below write each length out.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from scoring_api.rules.constants import DEALS, MAX_COUNT, MAX_PLAYERS, PLAYERS, TILE_COUNT
from scoring_api.rules.show import VALUE_WEIGHTS
from scoring_api.rules.tiles import BY_VALUE, RANK_OF, Tile, TileMask, tiles_in

RANKS: Final = tuple(range(TILE_COUNT))
"""The deck before it is shuffled."""
RANK_VALUES: Final = bytes(tile.value for tile in BY_VALUE)
"""By rank, the tile's value."""
RANK_BITS: Final = tuple(tile.bit for tile in BY_VALUE)
"""By rank, the tile's bit in a ``TileMask``."""
RANK_WEIGHTS: Final = tuple(VALUE_WEIGHTS[tile.value] for tile in BY_VALUE)
"""By rank, the tile's part of a show key (``show.value_keys``)."""
RANKS_UP_TO: Final = tuple(
    sum(1 << rank for rank, tile in enumerate(BY_VALUE) if tile.value <= room)
    for room in range(MAX_COUNT + 1)
)
"""``RANKS_UP_TO[room]``: the mask of every rank of value at most ``room`` (0..31)."""
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


def fitting(ranks: i64, room: int) -> i64:
    """The tiles of a mask of ranks whose value is at most ``room`` (0..31): being in value
    order, they are its lowest ranks."""
    return ranks & RANKS_UP_TO[room]


def nth_rank(ranks: i64, n: i64) -> i64:
    """The ``n``-th rank of a mask (0: its lowest), so the ``n``-th tile by value."""
    while n:
        ranks &= ranks - 1
        n -= 1
    return lowest(ranks)


def highest(ranks: i64) -> i64:
    """The highest rank of a mask of at most four (not 0)."""
    while ranks & ranks - 1:
        ranks &= ranks - 1
    return lowest(ranks)


def ranks_of(mask: TileMask) -> i64:
    """A ``TileMask`` as a mask of ranks."""
    ranks: i64 = 0
    for tile in tiles_in[mask]:
        ranks |= 1 << RANK_OF[tile.index]
    return ranks


def mask_of_ranks(ranks: i64) -> TileMask:
    """A mask of ranks as a ``TileMask``."""
    mask = 0
    while ranks:
        rank = lowest(ranks)
        ranks ^= 1 << rank
        mask |= RANK_BITS[rank]
    return mask


def tiles_of_ranks(ranks: i64) -> tuple[Tile, ...]:
    """The tiles of a mask of at most four ranks, lowest value first."""
    if not ranks:
        return ()
    first = lowest(ranks)
    ranks ^= 1 << first
    if not ranks:
        return (BY_VALUE[first],)
    second = lowest(ranks)
    ranks ^= 1 << second
    if not ranks:
        return (BY_VALUE[first], BY_VALUE[second])
    third = lowest(ranks)
    ranks ^= 1 << third
    if not ranks:
        return (BY_VALUE[first], BY_VALUE[second], BY_VALUE[third])
    fourth = lowest(ranks)
    assert not ranks ^ 1 << fourth, "a hand holds four tiles at most"
    return (BY_VALUE[first], BY_VALUE[second], BY_VALUE[third], BY_VALUE[fourth])
