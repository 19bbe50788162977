"""Core results as JSON-ready values: tiles always in the canonical "3-5" notation."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from scoring_api.rules import Reason, RuleOptions, ScoredPlay, Tile
from scoring_api.rules.deal import Claim


class _Item(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def points(self) -> int: ...
    @property
    def tiles(self) -> tuple[Tile, ...]: ...


def tile(t: Tile) -> str:
    return t.text


def tiles(seq: Iterable[Tile]) -> list[str]:
    return [t.text for t in seq]


def items(seq: Iterable[_Item]) -> list[dict[str, Any]]:
    """Show items and pegging items share one shape: kind, tiles, points."""
    return [{"kind": i.kind, "tiles": [t.text for t in i.tiles], "points": i.points} for i in seq]


def scored_play(play: ScoredPlay) -> dict[str, Any]:
    """One entry of the play, in a record's answer or a transcript; a go is ``"go": true`` in
    place of a tile, as in a request."""
    laid: dict[str, Any] = {"go": True} if play.tile is None else {"tile": play.tile.text}
    return {
        "player": play.player,
        **laid,
        "count": play.count,
        "points": play.points,
        "items": items(play.items),
        "closes": play.closes,
    }


def side_scores(rules: RuleOptions, seat_scores: Iterable[int]) -> dict[str, list[int]]:
    """With partners, ``{"side_scores": [...]}``: each side's share; else nothing to add."""
    if not rules.partners:
        return {}
    return {"side_scores": rules.side_totals(list(seat_scores))}


def claim(checked: Claim) -> dict[str, Any]:
    """A claim for a show, checked: the same shape for one hand and for a deal's shows."""
    return {
        "claimed": checked.claimed,
        "correct": checked.correct,
        "missed": checked.missed,
        "overclaimed": checked.overclaimed,
    }


def reason(why: Reason) -> dict[str, Any]:
    """Why a play is refused, and what the player may do instead."""
    undo = {} if why.go_index is None else {"go_index": why.go_index, "go_count": why.go_count}
    return {"code": why.code, "message": why.message, "hint": why.hint, **undo}
