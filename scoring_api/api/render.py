"""Core results as JSON-ready values: tiles always in the canonical "3-5" notation."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from scoring_api.rules import ALL_TILES, Tile

# The canonical text of each tile by its pips, formatted once: an itemized hand names dozens
# of tiles, and a table lookup is several times cheaper than formatting each.
_TEXT: list[list[str]] = [[""] * 7 for _ in range(7)]
for _tile in ALL_TILES:
    _TEXT[_tile.low][_tile.high] = str(_tile)


class _Item(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def points(self) -> int: ...
    @property
    def tiles(self) -> tuple[Tile, ...]: ...


def tile(t: Tile) -> str:
    return _TEXT[t.low][t.high]


def tiles(seq: Iterable[Tile]) -> list[str]:
    return [_TEXT[t.low][t.high] for t in seq]


def items(seq: Iterable[_Item]) -> list[dict[str, Any]]:
    """Show items and pegging items share one shape: kind, tiles, points."""
    return [{"kind": i.kind, "tiles": tiles(i.tiles), "points": i.points} for i in seq]
