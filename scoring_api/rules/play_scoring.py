"""What a tile laid in the play scores (docs/rules.md section 3): the points table.

A tile scores from the values of the current count in the order laid: a fifteen, 31, a pair
(royal, double royal) or a run, all that apply. The go point and the last-tile point belong
to the tile that closed its count; they depend on what happens next, so the referee adds them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .constants import FIFTEEN, MAX_COUNT
from .memo import Memo
from .tiles import ALL_TILES, Tile

PegKind = Literal[
    "fifteen", "thirty_one", "pair", "pair_royal", "double_pair_royal", "run", "go", "last_tile"
]
CloseKind = Literal["thirty_one", "go", "last_tile"]
"""How a count closed after a tile: at 31, by the go, or with the last tile of the play."""

_PAIR_KINDS: dict[int, tuple[PegKind, int]] = {
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


def _spans_of_last(values: tuple[int, ...]) -> tuple[Span, ...]:
    """What the last of ``values`` (the count so far, in order) scores, without go points."""
    count = sum(values)
    last = values[-1]
    spans: list[Span] = []
    # The tile must change the count to 15: 0-0 laid on 15 scores no second fifteen.
    if count == FIFTEEN and last != 0:
        spans.append(("fifteen", 2, len(values)))
    if count == MAX_COUNT:
        spans.append(("thirty_one", 2, len(values)))
    same = 1
    while same < len(values) and values[-1 - same] == last:
        same += 1
    if same >= 2:  # and no run: a run's tiles are distinct
        kind, points = _PAIR_KINDS[same]
        spans.append((kind, points, same))
        return tuple(spans)
    # The longest tail of distinct values spanning exactly its length; a repeat ends the search.
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
    if run:
        spans.append(("run", run, run))
    return tuple(spans)


# scoring_spans[values]: remembered, as plays repeat the same counts. Random games keep
# meeting new ones (50,000 to 70,000 per 10,000 games), so the memo is large: about 26 MB.
scoring_spans = Memo(_spans_of_last, 1 << 17)


def _points_of_last(values: tuple[int, ...]) -> int:
    return sum(points for _, points, _ in scoring_spans[values])


points_for_last = Memo(_points_of_last, 1 << 16)
"""``points_for_last[values]``: the points of the last of ``values`` (the count so far), go
points aside. The strategies' look-ahead asks it of every tile they may lay and every reply."""


def items_of(laid: Sequence[Tile], spans: tuple[Span, ...]) -> list[PegItem]:
    """The items of the last tile of ``laid`` (the tiles of the count), from its spans."""
    return [PegItem(kind, points, tuple(laid[-span:])) for kind, points, span in spans]


# The go point and the last-tile point on each tile, made once: items are frozen, and a play
# closes two or three counts.
_CLOSING_ITEMS: dict[CloseKind, tuple[PegItem, ...]] = {
    kind: tuple(PegItem(kind, 1, (tile,)) for tile in ALL_TILES) for kind in ("go", "last_tile")
}


def closing_item(kind: CloseKind, tile: Tile) -> PegItem:
    """The 1 point for the go (or for the last tile of the play) that ``tile`` earns."""
    return _CLOSING_ITEMS[kind][tile.index]
