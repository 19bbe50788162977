"""Tiles of a double-six set: value, parsing of every accepted notation, canonical format.

``parse_tile`` and ``str(tile)`` are the parse/format pair (docs/rules.md section 1).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from .constants import MAX_PIPS, MAX_VALUE
from .errors import MalformedInputError
from .json_values import json_integer, json_type
from .memo import Memo

# Digits beyond 6: the right shape, the wrong set (for the error message only).
_OUT_OF_SET = re.compile(r"[0-9][-|][0-9]", re.ASCII)


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One domino; ``low <= high``. Only its value (pip total) matters for scoring.

    ``value``, ``index`` and ``bit`` are stored, not computed: scoring and the play's referee
    read them far more often than tiles are made.
    """

    low: int
    """Pips on the lower end, 0..6."""
    high: int
    """Pips on the higher end, ``low``..6."""
    value: int = field(init=False, compare=False, repr=False)
    """The pip total, 0..12: all that scoring looks at."""
    index: int = field(init=False, compare=False, repr=False)
    """The tile's position in ``ALL_TILES``, 0..27."""
    bit: int = field(init=False, compare=False, repr=False)
    """``1 << index``: the tile in a ``TileMask``."""
    text: str = field(init=False, compare=False, repr=False)
    """The canonical notation, ``"3-5"``: what ``str(tile)`` gives and answers show."""

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high <= MAX_PIPS:
            raise ValueError(f"not a double-six tile: {self.low}-{self.high}")
        object.__setattr__(self, "value", self.low + self.high)
        # Row by row: 7 tiles with low end 0, 6 with low end 1, ...
        row_start = self.low * (2 * MAX_PIPS + 3 - self.low) // 2
        object.__setattr__(self, "index", row_start + self.high - self.low)
        object.__setattr__(self, "bit", 1 << self.index)
        object.__setattr__(self, "text", f"{self.low}-{self.high}")

    @property
    def is_double(self) -> bool:
        """Both ends alike (0-0 ... 6-6): a double starter scores for the dealer."""
        return self.low == self.high

    # Hand-written rather than generated: tiles are compared and hashed in every set, dict and
    # hand of the play, and the generated methods build a tuple each time.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not Tile:
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return self.text


ALL_TILES: tuple[Tile, ...] = tuple(
    Tile(low, high) for low in range(MAX_PIPS + 1) for high in range(low, MAX_PIPS + 1)
)
# The set lowest value first (ties in tile order): the order hands are dealt and shown in.
BY_VALUE: tuple[Tile, ...] = tuple(sorted(ALL_TILES, key=lambda tile: (tile.value, tile)))


TileMask = int
"""A set of tiles as a bitmask, bit ``tile.index`` per tile. The referee keeps hands and tiles
laid so, making "is it in his hand?" and "does any of his tiles fit?" one AND each."""


def tile_mask(tiles: Iterable[Tile]) -> TileMask:
    """The mask of some tiles."""
    mask = 0
    for tile in tiles:
        mask |= tile.bit
    return mask


ALL_MASK: TileMask = tile_mask(ALL_TILES)
VALUE_MASKS: tuple[TileMask, ...] = tuple(
    tile_mask(tile for tile in ALL_TILES if tile.value == value) for value in range(MAX_VALUE + 1)
)
"""``VALUE_MASKS[v]``: every tile of value ``v``."""
VALUE_COUNTS: tuple[int, ...] = tuple(mask.bit_count() for mask in VALUE_MASKS)
"""How many tiles of each value the set holds (value 6 has four; 0, 1, 11 and 12 one)."""


def _tiles_in(mask: TileMask) -> tuple[Tile, ...]:
    return tuple(tile for tile in BY_VALUE if mask >> tile.index & 1)


# tiles_in[mask]: the tiles of a mask, in ``BY_VALUE`` order. The play asks it for subsets of
# four-tile hands: C(28, 4) + ... + 1 = 24,158 masks at most, all remembered.
tiles_in = Memo(_tiles_in, 1 << 15)

# Every string spelling of every tile ("3-5", "5-3", "3|5", "5|3"): one dict lookup parses
# and validates a string tile, which the bulk endpoint's fast path relies on.
TILE_BY_TEXT: dict[str, Tile] = {}
for _tile in ALL_TILES:
    for _a, _b in ((_tile.low, _tile.high), (_tile.high, _tile.low)):
        for _sep in "-|":
            TILE_BY_TEXT[f"{_a}{_sep}{_b}"] = _tile


def _pips(obj: object) -> int | None:
    # A JSON Schema integer (6.0 is 6), never a boolean: JSON true is not a pip count.
    pips = json_integer(obj)
    if pips is not None and 0 <= pips <= MAX_PIPS:
        return pips
    return None


def parse_tile(obj: object, pointer: str = "") -> Tile:
    """A tile from ``"3-5"``, ``"5-3"``, ``"3|5"`` or ``[3, 5]`` (``[3.0, 5]`` too, as JSON
    Schema reads integers).

    Raises ``MalformedInputError`` at ``pointer`` for anything else.
    """
    if isinstance(obj, str):
        tile = TILE_BY_TEXT.get(obj)
        if tile is not None:
            return tile
        if _OUT_OF_SET.fullmatch(obj):
            raise MalformedInputError(
                f"{obj!r} is not a double-six tile: each end has 0 to 6 pips", pointer
            )
        raise MalformedInputError(
            f'{obj!r} is not a tile: write it as "3-5", "3|5" or [3, 5]', pointer
        )
    if isinstance(obj, list | tuple):
        if len(obj) == 2:
            end1, end2 = _pips(obj[0]), _pips(obj[1])
            if end1 is not None and end2 is not None:
                return Tile(min(end1, end2), max(end1, end2))
        raise MalformedInputError(
            "a tile as an array is two whole numbers of pips from 0 to 6, like [3, 5]", pointer
        )
    raise MalformedInputError(
        f'expected a tile such as "3-5" or [3, 5], got {json_type(obj)}', pointer
    )


def parse_tiles(objs: object, pointer: str = "", size: int | None = None) -> tuple[Tile, ...]:
    """A list of distinct tiles (of exactly ``size`` tiles when given).

    Raises ``MalformedInputError`` naming the first bad tile, or the repeat.
    """
    if not isinstance(objs, list | tuple):
        raise MalformedInputError(f"expected a list of tiles, got {json_type(objs)}", pointer)
    if size is not None and len(objs) != size:
        raise MalformedInputError(f"expected {size} tiles, got {len(objs)}", pointer)
    tiles = tuple(parse_tile(obj, f"{pointer}/{i}") for i, obj in enumerate(objs))
    ensure_distinct([(tile, f"{pointer}/{i}") for i, tile in enumerate(tiles)])
    return tiles


def ensure_distinct(placed: Iterable[tuple[Tile, str]]) -> None:
    """Each tile exists once in a set: a repeat anywhere in one deal is malformed input."""
    seen: dict[Tile, str] = {}
    for tile, pointer in placed:
        if tile in seen:
            raise MalformedInputError(
                f"tile {tile} appears twice (also at {seen[tile] or '/'}); "
                "a double-six set has each tile once",
                pointer,
            )
        seen[tile] = pointer
