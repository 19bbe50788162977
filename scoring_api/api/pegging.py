"""The play: score a whole record of the pegging, goes listed or left out, for 2-4 players."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from scoring_api.rules import score_pegging

from . import render
from .body import load_body
from .schemas import PeggingSchema, dealer_of

bp = Blueprint("pegging", __name__, url_prefix="/v1/pegging")

_schema = PeggingSchema()


@bp.post("/score")
def score() -> dict[str, Any]:
    body = load_body(_schema)
    rules = body["rules"]
    result = score_pegging(
        body["plays"],
        dealer=dealer_of(body),
        players=rules.players,
        hands=body.get("hands"),
        starter=body.get("starter"),
    )
    return {
        "plays": [render.scored_play(play) for play in result.plays],
        "scores": list(result.scores),
        **render.side_scores(rules, result.scores),
        "count": result.count,
        "next_player": result.next_player,
        "complete": result.complete,
        "said_go": list(result.said_go),
    }
