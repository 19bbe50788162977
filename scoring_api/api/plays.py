"""Referee one proposed play: an illegal play is an answer (200), not an error; and the move
of the seat on turn, as a strategy would lay it, with the worth of every option."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from scoring_api.rules import Tile, validate_play
from scoring_api.sim.move import MoveRequest, advise_move
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.streams import STREAM_VERSION

from . import admission, render
from .body import load_body
from .schemas import PlayAdviceSchema, ValidatePlaySchema, dealer_of

bp = Blueprint("plays", __name__, url_prefix="/v1/plays")

_schema = ValidatePlaySchema()
_advice_schema = PlayAdviceSchema()


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


def _entry(seat: int, tile: Tile | None) -> dict[str, Any]:
    return {"player": seat, "tile": tile.text} if tile is not None else {"player": seat, "go": True}


@bp.post("/advise")
def advise() -> dict[str, Any]:
    body = load_body(_advice_schema)
    admission.admit(admission.ANSWERS)  # plays the options out, and may search: a slot, or a 503
    rules = body["rules"]
    strategy = strategy_for(body["strategy"], body.get("budget"))
    request = MoveRequest(
        rules=rules,
        dealer=dealer_of(body),
        scores=tuple(body.get("scores", [0] * rules.sides)),
        starter=body["starter"],
        plays=tuple(body["plays"]),
        hand=tuple(body["hand"]),
        laid_away=tuple(body["laid_away"]),
        seat=body.get("seat"),
        strategy=strategy,
        playouts=body["playouts"],
    )
    advice = advise_move(request)
    budget = strategy.budget_at(rules.players)
    return {
        "seat": advice.seat,
        "count": advice.count,
        "strategy": strategy.name,
        **({} if budget is None else {"budget": budget}),
        "model": advice.model,
        "playouts": request.playouts,
        "stream": STREAM_VERSION,
        "rules": rules.as_dict(),
        "options": [
            {**({"tile": o.tile.text} if o.tile else {"go": True}), "expected": o.expected}
            for o in advice.options
        ],
        "choice": _entry(advice.seat, advice.choice),
        "best": _entry(advice.seat, advice.best),
        "explanation": advice.explanation,
    }
