"""The review of a deal: what each decision cost its seat, in expected points (docs/review.md).

The body is a deal as ``/v1/deals/score`` takes it (the crib may be left out) plus the tiles
each seat drew; the rules core and the review check that it all adds up.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Blueprint
from marshmallow import fields
from marshmallow.validate import Length, OneOf, Range

from scoring_api.rules.constants import HAND_SIZE, MAX_PLAYERS, PLAYERS
from scoring_api.rules.deal import Claims, Deal, score_deal
from scoring_api.sim.advisor import MODELS, Model, default_model
from scoring_api.sim.review.deal import (
    DealReview,
    Decision,
    LayAwayDecision,
    SeatSummary,
    review_deal,
)
from scoring_api.sim.review.inputs import DEFAULT_PLAYOUTS, MAX_PLAYOUTS, ReviewRequest
from scoring_api.sim.review.labels import THRESHOLDS
from scoring_api.sim.streams import STREAM_VERSION

from . import admission, render
from .advice import option_answer
from .body import load_body
from .deals import deal_of
from .fields import BoundedList, JsonInteger, StreamField, TileField
from .schemas import DealSchema

bp = Blueprint("review", __name__, url_prefix="/v1/deals")


class ReviewSchema(DealSchema):
    """A whole deal (its hands; the crib may be left out), the tiles each seat drew (5 or 6:
    the rules core checks the number against the players), and what to review."""

    hands = BoundedList(
        BoundedList(TileField(), validate=Length(equal=HAND_SIZE)),
        required=True,
        validate=Length(PLAYERS, MAX_PLAYERS),
    )
    drawn = BoundedList(
        BoundedList(TileField(), validate=Length(5, 6)),
        required=True,
        validate=Length(PLAYERS, MAX_PLAYERS),
    )
    seats = BoundedList(
        JsonInteger(validate=Range(0, MAX_PLAYERS - 1)), validate=Length(1, MAX_PLAYERS)
    )
    model = fields.String(load_default=None, validate=OneOf(MODELS))
    playouts = JsonInteger(load_default=DEFAULT_PLAYOUTS, validate=Range(1, MAX_PLAYOUTS))
    stream = StreamField()

    def _shown_together(self, data: dict[str, Any], **_: Any) -> None:
        """Not the deal's rule (its hands and crib come together): a review's hands are
        required and its crib may be left out, implied by the lay-aways."""


_schema = ReviewSchema()


def decision_answer(decision: Decision) -> dict[str, Any]:
    if isinstance(decision, LayAwayDecision):
        advice = decision.advice
        return {
            "kind": "lay_away",
            "seat": decision.seat,
            "options": [option_answer(advice, option) for option in advice.options],
            "chosen": render.tiles(advice.laid_away(decision.chosen)),
            "best": render.tiles(advice.laid_away(decision.best)),
            "loss": decision.loss,
            "label": decision.label,
            "explanation": decision.explanation,
        }
    return {
        "kind": "play",
        "seat": decision.seat,
        "entry": decision.entry,
        "count": decision.count,
        "options": [
            {"tile": option.tile.text, "expected": option.expected} for option in decision.options
        ],
        "chosen": decision.chosen.text,
        "best": decision.best.text,
        "loss": decision.loss,
        "label": decision.label,
        "explanation": decision.explanation,
    }


def seat_answer(summary: SeatSummary, side: int) -> dict[str, Any]:
    return {
        "seat": summary.seat,
        "side": side,
        "lay_away_loss": summary.lay_away_loss,
        "play_loss": summary.play_loss,
        "expected": summary.expected,
        "scored": summary.scored,
        "luck": summary.luck,
    }


@bp.post("/review")
def review() -> dict[str, Any]:
    body = load_body(_schema)
    claimed = deal_of(body)
    # The review judges the tiles and the choices, not the count: claims (and muggins) are
    # left out, so a short claim under muggins does not read as bad luck; but checked as
    # /v1/deals/score checks them first, so a call that cannot be right is a 422 here too.
    if claimed.claims != Claims():
        score_deal(claimed)
    deal = replace(claimed, claims=Claims())
    admission.admit(admission.ANSWERS)  # plays games out: a slot, or a 503
    rules = deal.rules
    model: Model = body["model"] or default_model(rules.players)
    seats = body.get("seats")
    request = ReviewRequest(
        deal, body["drawn"], model, None if seats is None else tuple(seats), body["playouts"]
    )
    return {"rules": rules.as_dict(), **review_answer(deal, review_deal(request))}


def review_answer(deal: Deal, reviewed: DealReview) -> dict[str, Any]:
    """A deal's review as answered (its rules aside)."""
    rules = deal.rules
    return {
        "dealer": deal.dealer,
        "model": reviewed.model,
        "playouts": reviewed.playouts,
        "stream": STREAM_VERSION,
        "thresholds": dict(THRESHOLDS),
        "decisions": [decision_answer(decision) for decision in reviewed.decisions],
        "seats": [seat_answer(summary, rules.side_of(summary.seat)) for summary in reviewed.seats],
    }
