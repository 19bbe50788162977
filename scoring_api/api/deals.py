"""A deal of a game refereed: every scoring event, the scores, the winner; whole, in play
(no hands or crib yet: the board as the play goes on), or through the hands (no crib yet).
Each show comes with its count said aloud; under muggins, the calls on short claims."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from scoring_api.rules import ShowItem
from scoring_api.rules.deal import Claims, Deal, DealEvent, score_deal
from scoring_api.rules.muggins import Calls

from . import render
from .aloud import aloud
from .body import load_body
from .schemas import DealSchema, dealer_of

bp = Blueprint("deals", __name__, url_prefix="/v1/deals")

_schema = DealSchema()


def _event(event: DealEvent) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "seat": event.seat,
        "side": event.side,
        "kind": event.kind,
        "points": event.points,
        "items": render.items(event.items),
        "scores": list(event.scores),
    }
    if event.entry is not None:
        answer["entry"] = event.entry
    if event.claim is not None:
        answer["claim"] = render.claim(event.claim)
    if event.kind in ("hand", "crib"):
        answer["aloud"] = aloud([item for item in event.items if isinstance(item, ShowItem)])
    if event.mugged is not None:
        answer["mugged"] = {"seat": event.mugged.seat, "show": event.mugged.show}
    return answer


def deal_of(body: dict[str, Any]) -> Deal:
    """The deal a body loaded by ``DealSchema`` (or a schema built on it) describes."""
    claims = body.get("claims", {})
    calls = claims.get("muggins", {})
    return Deal(
        body["rules"],
        dealer_of(body),
        body["scores"],
        body["starter"],
        body.get("hands"),
        body.get("crib"),
        body["plays"],
        Claims(
            tuple(claims.get("hands", ())),
            claims.get("crib"),
            Calls(tuple(map(tuple, calls.get("hands", ()))), tuple(calls.get("crib", ()))),
        ),
    )


@bp.post("/score")
def score() -> dict[str, Any]:
    given = deal_of(load_body(_schema))
    rules, dealer = given.rules, given.dealer
    deal = score_deal(given)
    winner = deal.winner
    return {
        "rules": rules.as_dict(),
        "dealer": dealer,
        "events": [_event(event) for event in deal.events],
        "scores": list(deal.scores),
        "winner": None if winner is None else {"side": winner.side, "event": winner.event},
        "lurched": list(deal.lurched),
    }
