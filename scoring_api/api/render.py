"""Core results as JSON-ready values: tiles always in the canonical "3-5" notation."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from scoring_api.rules import Tile


class _Item(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def points(self) -> int: ...
    @property
    def tiles(self) -> tuple[Tile, ...]: ...


def tiles(seq: Iterable[Tile]) -> list[str]:
    return [str(tile) for tile in seq]


def items(seq: Iterable[_Item]) -> list[dict[str, Any]]:
    """Show items and pegging items share one shape: kind, tiles, points."""
    return [{"kind": i.kind, "tiles": tiles(i.tiles), "points": i.points} for i in seq]
