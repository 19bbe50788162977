"""The show: one hand itemized, or many hands totalled as fast as the core can."""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Blueprint
from marshmallow import ValidationError, missing

from scoring_api.rules import (
    TILE_BY_TEXT,
    MalformedInputError,
    RuleOptions,
    Tile,
    ensure_distinct,
    score_show,
    show_totals,
)
from scoring_api.rules.deal import check_claim

from . import metrics, render
from .aloud import aloud
from .body import json_body, load_body
from .problems import MAX_ERRORS, FieldError, InvalidInput, flatten_messages
from .schemas import BatchSchema, HandScoreSchema, ShowSchema

bp = Blueprint("hands", __name__, url_prefix="/v1/hands")

_score_schema = HandScoreSchema()
_show_schema = ShowSchema()
_batch_schema = BatchSchema()
_SCORE_DEFAULTS = {
    name: field.load_default
    for name, field in _score_schema.fields.items()
    if field.load_default is not missing
}
# One bit per tile (by ALL_TILES index): five distinct tiles set exactly five bits.
_BIT_BY_TEXT = {text: 1 << tile.index for text, tile in TILE_BY_TEXT.items()}


@cache
def _rules_json(rules: RuleOptions) -> dict[str, int | bool]:
    """The rules in effect as JSON; a few option sets recur, so each is built once."""
    return rules.as_dict()


def _score_request() -> dict[str, Any]:
    """The body; a bare hand and starter (the usual request) takes the batch's fast path."""
    raw = json_body()
    five = _fast_show(raw)
    if five is None:
        body: dict[str, Any] = _score_schema.load(raw)
        return body
    return {**_SCORE_DEFAULTS, "hand": five[:4], "starter": five[4]}


@bp.post("/score")
def score() -> dict[str, Any]:
    body = _score_request()
    shown = score_show(body["hand"], body["starter"], body["rules"])
    metrics.HANDS_SCORED.inc()
    answer: dict[str, Any] = {
        "hand": render.tiles(body["hand"]),
        "starter": render.tile(body["starter"]),
        "crib": body["crib"],
        "total": shown.total,
        "items": render.items(shown.items),
        "subtotals": shown.subtotals,
        "aloud": aloud(shown.items),
        "rules": _rules_json(body["rules"]),
    }
    if "claimed" in body:
        answer["claim"] = render.claim(check_claim(body["claimed"], shown.total))
    return answer


def _fast_show(item: Any) -> tuple[Tile, ...] | None:
    """The five tiles of a batch item written with string tiles, or None for the full path.

    Accepts only a subset of what ShowSchema accepts (exactly the two keys, string tiles, no
    tile twice), so the fast path never lets through anything the contract rejects. Any
    other shape raises TypeError or KeyError on the way and goes to the full path.
    """
    try:
        hand, starter = item["hand"], item["starter"]
        if len(item) != 2 or type(hand) is not list or len(hand) != 4:
            return None
        a, b, c, d = hand
        bit = _BIT_BY_TEXT
        if (bit[a] | bit[b] | bit[c] | bit[d] | bit[starter]).bit_count() != 5:
            return None
    except (TypeError, KeyError):
        return None
    tile = TILE_BY_TEXT
    return (tile[a], tile[b], tile[c], tile[d], tile[starter])


def _full_show(item: Any, pointer: str) -> tuple[Tile, ...]:
    """The schema and the core's own checks, for unusual notations and for errors."""
    try:
        shown = _show_schema.load(item)
    except ValidationError as error:
        raise InvalidInput(flatten_messages(error.messages, pointer)) from error
    placed = [(tile, f"{pointer}/hand/{i}") for i, tile in enumerate(shown["hand"])]
    placed.append((shown["starter"], f"{pointer}/starter"))
    try:
        ensure_distinct(placed)
    except MalformedInputError as error:
        raise InvalidInput(error.errors) from error
    return tuple(tile for tile, _ in placed)


def parse_shows(items: list[Any]) -> list[tuple[Tile, ...]]:
    """Every item of a batch as five tiles; bad items are reported, each by pointer.

    Validation stops once MAX_ERRORS errors are found: the rest of the batch is not checked.
    """
    shows: list[tuple[Tile, ...]] = []
    errors: list[FieldError] = []
    for index, item in enumerate(items):
        five = _fast_show(item)
        if five is None:
            try:
                five = _full_show(item, f"/hands/{index}")
            except InvalidInput as error:
                errors.extend(error.errors)
                if len(errors) >= MAX_ERRORS:
                    raise InvalidInput(errors, stopped=index + 1 < len(items)) from None
                continue
        shows.append(five)
    if errors:
        raise InvalidInput(errors)
    return shows


@bp.post("/score-batch")
def score_batch() -> dict[str, Any]:
    body = load_body(_batch_schema)
    totals = show_totals(parse_shows(body["hands"]), body["rules"])
    metrics.HANDS_SCORED.inc(len(totals))
    return {"totals": totals}
