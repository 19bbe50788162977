"""What a tile laid in the play scores (docs/rules.md section 3): the points table.

A tile scores from the values of the current count in the order laid: a fifteen, 31, a pair
(royal, double royal) or a run, all that apply. The go point and the last-tile point belong
to the tile that closed its count; they depend on what happens next, so the referee adds them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from mypy_extensions import i64

from .constants import FIFTEEN, MAX_COUNT
from .memo import Memo
from .tiles import ALL_TILES, Tile

PegKind = Literal[
    "fifteen", "thirty_one", "pair", "pair_royal", "double_pair_royal", "run", "go", "last_tile"
]
CloseKind = Literal["thirty_one", "go", "last_tile"]
"""How a count closed after a tile: at 31, by the go, or with the last tile of the play."""

_PAIR_KINDS: Final[dict[int, tuple[PegKind, int]]] = {
    2: ("pair", 2),
    3: ("pair_royal", 6),
    4: ("double_pair_royal", 12),
}
_PAIR_POINTS: Final = tuple(_PAIR_KINDS[same][1] if same in _PAIR_KINDS else 0 for same in range(5))
"""``_PAIR_KINDS``' points by how many alike end the count (a tuple: no dict look-up)."""


@dataclass(frozen=True, slots=True)
class PegItem:
    """One thing a tile scores in the play."""

    kind: PegKind
    """Which row of the points table."""
    points: int
    """What it scores."""
    tiles: tuple[Tile, ...]
    """The tiles of the count it is made of, in the order laid (a go: the closing tile)."""

    # Written out, not generated, as ShowItem's (rules/show.py): built many times a request.
    def __init__(self, kind: PegKind, points: int, tiles: tuple[Tile, ...]) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "tiles", tiles)


Span = tuple[PegKind, int, int]
"""(kind, points, how many of the last tiles of the count the item is made of)."""


GO_POINTS: Final = 1
"""What the go, and the last tile of the play, score: to the last layer."""


CountCode = int
"""The values of a count in order as one int: four bits a value, the value plus one (so that
a 0 counts), the last laid lowest. The referee keeps the count so, and the play-outs and the
strategies' tables are keyed by it: a tile laid is a shift and an OR, not a new tuple."""

_VALUE_BITS: Final = 4
_VALUE_MASK: Final = 15


def values_code(values: Iterable[int]) -> CountCode:
    """The code of some values in order (0..12 each)."""
    code = 0
    for value in values:
        code = (code << _VALUE_BITS) | (value + 1)
    return code


def with_value(code: CountCode, value: int) -> CountCode:
    """The code of a count after a tile of ``value`` is laid on it."""
    return (code << _VALUE_BITS) | (value + 1)


def values_of_code(code: CountCode) -> tuple[int, ...]:
    """The values a code holds, in the order laid: the inverse of ``values_code``."""
    values: list[int] = []
    while code:
        values.append((code & _VALUE_MASK) - 1)
        code >>= _VALUE_BITS
    values.reverse()
    return tuple(values)


def sum_of_code(code: CountCode) -> int:
    """The sum of the values a code holds: the count they make."""
    total = 0
    while code:
        total += (code & _VALUE_MASK) - 1
        code >>= _VALUE_BITS
    return total


# The helpers below work on machine ints (``i64``): the compiled engine runs them without a
# Python int in sight, and interpreted an ``i64`` is a plain int.


def _same_at_end(code: i64) -> i64:
    """How many of the last values equal the last one: 2 and more make a pair (royal...)."""
    last = code & _VALUE_MASK
    same: i64 = 1
    code >>= _VALUE_BITS
    while code & _VALUE_MASK == last:
        same += 1
        code >>= _VALUE_BITS
    return same


def _run_at_end(code: i64) -> i64:
    """The length of the longest tail of distinct values spanning exactly its length, if it
    is 3 or more (a run), else 0; a repeat ends the search."""
    last = code & _VALUE_MASK
    seen: i64 = 1 << last  # a bit per value
    low = high = last
    run: i64 = 0
    size: i64 = 1
    code >>= _VALUE_BITS
    while code:
        value = code & _VALUE_MASK
        if seen >> value & 1:
            break
        seen |= 1 << value
        size += 1
        if value < low:
            low = value
        elif value > high:
            high = value
        if high - low == size - 1 and size >= 3:
            run = size
        code >>= _VALUE_BITS
    return run


def _count_kind(code: i64, count: int) -> PegKind | None:
    """A fifteen or 31 made by the last tile. It must change the count to 15: 0-0 laid on
    15 scores no second fifteen."""
    if count == FIFTEEN and code & _VALUE_MASK != 1:  # the last value is not 0
        return "fifteen"
    if count == MAX_COUNT:
        return "thirty_one"
    return None


_COUNT_POINTS: Final = 2
"""A fifteen or 31 in the play."""


def points_of_code(code: CountCode, count: int) -> int:
    """What the last value of the count ``code`` (``count`` the values' sum) scores, go
    points aside, worked out in place: the referee asks it of every tile laid."""
    points = _COUNT_POINTS if _count_kind(code, count) is not None else 0
    same = _same_at_end(code)
    if same >= 2:  # and no run: a run's tiles are distinct
        return points + _PAIR_POINTS[same]
    return points + _run_at_end(code)


def spans_of_code(code: CountCode, count: int) -> tuple[Span, ...]:
    """What the last value of the count ``code`` scores, without go points: the items of
    ``points_of_code``."""
    spans: list[Span] = []
    kind = _count_kind(code, count)
    if kind is not None:
        spans.append((kind, _COUNT_POINTS, len(values_of_code(code))))
    same = _same_at_end(code)
    if same >= 2:
        pair, points = _PAIR_KINDS[same]
        spans.append((pair, points, same))
        return tuple(spans)
    run = _run_at_end(code)
    if run:
        spans.append(("run", run, run))
    return tuple(spans)


def _points_of_code_alone(code: CountCode) -> int:
    return points_of_code(code, sum_of_code(code))


# Remembered for the strategies' look-ahead, which asks the same short counts again and again.
points_for_code: Final = Memo(_points_of_code_alone, 1 << 16)
"""``points_for_code[code]``: the points of the last value of the count ``code``, go points
aside. The strategies' look-ahead asks it of every tile they may lay and every reply."""


def items_of(laid: Sequence[Tile], spans: tuple[Span, ...]) -> list[PegItem]:
    """The items of the last tile of ``laid`` (the tiles of the count), from its spans."""
    return [PegItem(kind, points, tuple(laid[-span:])) for kind, points, span in spans]


CLOSING_ITEMS: Final[dict[CloseKind, tuple[PegItem, ...]]] = {
    kind: tuple(PegItem(kind, GO_POINTS, (tile,)) for tile in ALL_TILES)
    for kind in ("go", "last_tile")
}
"""``CLOSING_ITEMS[kind][tile.index]``: the 1 point for the go (or for the last tile of the
play) that a tile earns, made once per tile: items are frozen, and a play closes several
counts."""
