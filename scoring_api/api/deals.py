"""A deal of a game refereed, and a game's deal dealt from its seed (``/new``, the practice
table's). Refereed: every scoring event, the scores, the winner; whole, in play
(no hands or crib yet: the board as the play goes on), or through the hands (no crib yet).
Each show comes with its count said aloud; under muggins, the calls on short claims. Each
event says each side's chance to win after it (docs/winprob.md)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from marshmallow.validate import Range

from scoring_api.rules import ShowItem
from scoring_api.rules.deal import Claims, Deal, DealEvent, DealScore, score_deal
from scoring_api.rules.muggins import Calls
from scoring_api.sim.coverage import uncovered
from scoring_api.sim.dealing import MAX_DEAL_INDEX, game_deal
from scoring_api.sim.runs import MAX_SEED
from scoring_api.sim.streams import STREAM_VERSION
from scoring_api.sim.winprob.chances import expected_crib
from scoring_api.sim.winprob.deals import deal_chances

from . import render
from .aloud import aloud
from .body import load_body
from .fields import JsonInteger, RulesField
from .schemas import DealSchema, StrictSchema, dealer_of

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


def claims_of(body: dict[str, Any]) -> Claims:
    """The claims (and muggins calls) of a deal's body, as ``ClaimsSchema`` loaded them."""
    claims = body.get("claims", {})
    calls = claims.get("muggins", {})
    return Claims(
        tuple(claims.get("hands", ())),
        claims.get("crib"),
        Calls(tuple(map(tuple, calls.get("hands", ()))), tuple(calls.get("crib", ()))),
    )


def deal_of(body: dict[str, Any]) -> Deal:
    """The deal a body loaded by ``DealSchema`` (or a schema built on it) describes."""
    return Deal(
        body["rules"],
        dealer_of(body),
        body["scores"],
        body["starter"],
        body.get("hands"),
        body.get("crib"),
        body["plays"],
        claims_of(body),
    )


def deal_answer(deal: Deal, scored: DealScore) -> dict[str, Any]:
    """A refereed deal as answered (its rules aside): each event with each side's chance to
    win after it, and the chance after the record so far (null without tables for the
    rules: ``coverage.uncovered``); the crib's event with the points the chance had
    counted on for it, which is what moves the chance there."""
    events = [_event(event) for event in scored.events]
    now = None
    if uncovered(deal.rules) is None:
        chances = deal_chances(deal, scored)
        for answer, after in zip(events, chances.events, strict=True):
            answer["win_probability"] = list(after)
            if answer["kind"] == "crib" and "mugged" not in answer:
                answer["expected_points"] = expected_crib(deal.rules, deal.starter.value)
        now = list(chances.now)
    else:
        for answer in events:
            answer["win_probability"] = None
    winner = scored.winner
    return {
        "dealer": deal.dealer,
        "events": events,
        "scores": list(scored.scores),
        "winner": None if winner is None else {"side": winner.side, "event": winner.event},
        "lurched": list(scored.lurched),
        "win_probability": now,
    }


@bp.post("/score")
def score() -> dict[str, Any]:
    given = deal_of(load_body(_schema))
    return {"rules": given.rules.as_dict(), **deal_answer(given, score_deal(given))}


class NewDealSchema(StrictSchema):
    """Which deal of which game: the game's seed, the deal's index, the rules (the players)."""

    seed = JsonInteger(required=True, validate=Range(0, MAX_SEED))
    index = JsonInteger(required=True, validate=Range(0, MAX_DEAL_INDEX))
    rules = RulesField()


_new_schema = NewDealSchema()


@bp.post("/new")
def new() -> dict[str, Any]:
    """Deal ``index`` of the game with ``seed``, drawn from the engine's stream
    (``sim.dealing``): the practice table's deals, the same on any worker."""
    body = load_body(_new_schema)
    rules = body["rules"]
    dealt = game_deal(body["seed"], body["index"], rules.players)
    return {
        "rules": rules.as_dict(),
        "seed": body["seed"],
        "index": body["index"],
        "stream": STREAM_VERSION,
        "drawn": [[str(tile) for tile in hand] for hand in dealt.drawn],
        "blind": [str(tile) for tile in dealt.blind],
        "starter": str(dealt.starter),
    }
