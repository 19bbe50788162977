"""Referee one proposed play: an illegal play is an answer (200), not an error."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from scoring_api.rules import validate_play

from . import render
from .body import load_body
from .schemas import ValidatePlaySchema, dealer_of

bp = Blueprint("plays", __name__, url_prefix="/v1/plays")

_schema = ValidatePlaySchema()


@bp.post("/validate")
def validate() -> dict[str, Any]:
    body = load_body(_schema)
    verdict = validate_play(
        body["plays"],
        body["play"],
        dealer=dealer_of(body),
        players=body["rules"].players,
        hand=body.get("hand"),
        starter=body.get("starter"),
    )
    # A tile that leads a new count after goes names its leader, legal or not.
    leader = {} if verdict.leader is None else {"leader": verdict.leader}
    if verdict.reason is not None:
        return {"legal": False, "reason": render.reason(verdict.reason), **leader}
    return {
        "legal": True,
        "points": verdict.points,
        "items": render.items(verdict.items),
        "count": verdict.count,
        "scores": list(verdict.scores),
        **render.side_scores(body["rules"], verdict.scores),
        "next_player": verdict.next_player,
        **leader,
    }
