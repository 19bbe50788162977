"""What a tile laid in the play scores (docs/rules.md section 3): the points table.

A tile scores from the values of the current count in the order laid: a fifteen, 31, a pair
(royal, double royal) or a run, all that apply. The go point and the last-tile point belong
to the tile that closed its count; they depend on what happens next, so the referee adds them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

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


@dataclass(frozen=True, slots=True)
class PegItem:
    """One thing a tile scores in the play."""

    kind: PegKind
    """Which row of the points table."""
    points: int
    """What it scores."""
    tiles: tuple[Tile, ...]
    """The tiles of the count it is made of, in the order laid (a go: the closing tile)."""


Span = tuple[PegKind, int, int]
"""(kind, points, how many of the last tiles of the count the item is made of)."""


GO_POINTS: Final = 1
"""What the go, and the last tile of the play, score: to the last layer."""


def _same_at_end(values: tuple[int, ...]) -> int:
    """How many of the last values equal the last one: 2 and more make a pair (royal...)."""
    last, size = values[-1], len(values)
    same = 1
    while same < size and values[-1 - same] == last:
        same += 1
    return same


def _run_at_end(values: tuple[int, ...]) -> int:
    """The length of the longest tail of distinct values spanning exactly its length, if it
    is 3 or more (a run), else 0; a repeat ends the search."""
    last = values[-1]
    seen = 1 << last  # a bit per value
    low = high = last
    run = 0
    for size in range(2, len(values) + 1):
        value = values[-size]
        if seen >> value & 1:
            break
        seen |= 1 << value
        if value < low:
            low = value
        elif value > high:
            high = value
        if high - low == size - 1 and size >= 3:
            run = size
    return run


def _count_kind(values: tuple[int, ...], count: int) -> PegKind | None:
    """A fifteen or 31 made by the last tile. It must change the count to 15: 0-0 laid on
    15 scores no second fifteen."""
    if count == FIFTEEN and values[-1] != 0:
        return "fifteen"
    if count == MAX_COUNT:
        return "thirty_one"
    return None


_COUNT_POINTS: Final = 2
"""A fifteen or 31 in the play."""


def points_of_last(values: tuple[int, ...], count: int) -> int:
    """What the last of ``values`` (the count so far, in order; ``count`` their sum) scores,
    go points aside, worked out in place: the referee asks it of every tile laid."""
    points = _COUNT_POINTS if _count_kind(values, count) is not None else 0
    same = _same_at_end(values)
    if same >= 2:  # and no run: a run's tiles are distinct
        return points + _PAIR_KINDS[same][1]
    return points + _run_at_end(values)


def spans_of_last(values: tuple[int, ...]) -> tuple[Span, ...]:
    """What the last of ``values`` (the count so far, in order) scores, without go points:
    the items of ``points_of_last``."""
    spans: list[Span] = []
    kind = _count_kind(values, sum(values))
    if kind is not None:
        spans.append((kind, _COUNT_POINTS, len(values)))
    same = _same_at_end(values)
    if same >= 2:
        pair, points = _PAIR_KINDS[same]
        spans.append((pair, points, same))
        return tuple(spans)
    run = _run_at_end(values)
    if run:
        spans.append(("run", run, run))
    return tuple(spans)


def _points_of_last(values: tuple[int, ...]) -> int:
    return points_of_last(values, sum(values))


# Remembered for the strategies' look-ahead, which asks the same short counts again and again.
points_for_last: Final = Memo(_points_of_last, 1 << 16)
"""``points_for_last[values]``: the points of the last of ``values`` (the count so far), go
points aside. The strategies' look-ahead asks it of every tile they may lay and every reply."""


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
