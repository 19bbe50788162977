"""Whole games: the chance to win from a position between deals (docs/winprob.md), a game's
record refereed event by event (docs/game-record.md), and a game reviewed (docs/review.md)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from flask import Blueprint, Response
from marshmallow import fields
from marshmallow.validate import Length, OneOf, Range

from scoring_api.rules.constants import MAX_PLAYERS
from scoring_api.rules.deal import check_scores
from scoring_api.rules.errors import MalformedInputError
from scoring_api.rules.game import GameScore, in_deal, score_game
from scoring_api.rules.options import RuleOptions
from scoring_api.sim.advisor import MODELS, default_model
from scoring_api.sim.coverage import uncovered
from scoring_api.sim.review.inputs import (
    DEFAULT_PLAYOUTS,
    MAX_PLAYOUTS,
    ReviewRequest,
    checked_deal,
)
from scoring_api.sim.winprob.chances import chances

from . import admission
from .body import load_body
from .deals import deal_answer
from .fields import BoundedList, JsonInteger, RulesField
from .game_review import chances_method, review_answer
from .game_schemas import GameRecordSchema, check_result, check_seats
from .schemas import StrictSchema

bp = Blueprint("games", __name__, url_prefix="/v1/games")


class ChancesSchema(StrictSchema):
    """A position between deals: the scores, who deals next, the rules."""

    rules = RulesField()
    scores = BoundedList(
        JsonInteger(validate=Range(0, 200)), required=True, validate=Length(2, MAX_PLAYERS)
    )
    dealer = JsonInteger(required=True, validate=Range(0, MAX_PLAYERS - 1))


class GameReviewSchema(GameRecordSchema):
    """A game record, and how to review it."""

    model = fields.String(load_default=None, validate=OneOf(MODELS))
    playouts = JsonInteger(load_default=DEFAULT_PLAYOUTS, validate=Range(1, MAX_PLAYOUTS))


_chances_schema = ChancesSchema()
_record_schema = GameRecordSchema()
_review_schema = GameReviewSchema()


def require_tables(rules: RuleOptions) -> None:
    """The chance to win has tables for the rule book's show rules only."""
    field = uncovered(rules)
    if field is not None:
        raise MalformedInputError(
            "the chance to win is worked out for the rule book's show rules only (a double "
            "starter scores 1, 0-0 counts again in fifteens)",
            f"/rules/{field}",
        )


def _position(rules: RuleOptions, scores: Sequence[int], dealer: int) -> None:
    check_scores(rules, scores)
    if dealer >= rules.players:
        raise MalformedInputError(f"dealer must be a seat from 0 to {rules.players - 1}",
                                  "/dealer")  # fmt: skip


@bp.post("/win-probability")
def win_probability() -> dict[str, Any]:
    body = load_body(_chances_schema)
    rules, scores, dealer = body["rules"], body["scores"], body["dealer"]
    _position(rules, scores, dealer)
    require_tables(rules)
    return {
        "rules": rules.as_dict(),
        "scores": scores,
        "dealer": dealer,
        "win_probability": list(chances(rules, scores, dealer)),
        **chances_method(rules),
    }


def refereed_record(body: dict[str, Any]) -> GameScore:
    """A loaded record refereed, every field it adds checked: the seats, the result it says,
    and each deal's drawn tiles against its hands and crib (as ``/v1/deals/review`` checks)."""
    rules: RuleOptions = body["rules"]
    check_seats(rules, body["seats"])
    game = score_game(rules, [deal["recorded"] for deal in body["deals"]])
    for index, (given, refereed) in enumerate(zip(body["deals"], game.deals, strict=False)):
        drawn = given.get("drawn")
        if drawn is None:
            continue
        if refereed.deal is None or refereed.deal.hands is None:
            raise MalformedInputError(
                "the tiles drawn come with the hands", f"/deals/{index}/drawn"
            )
        request = ReviewRequest(refereed.deal, drawn, default_model(rules.players))
        in_deal(index, partial(checked_deal, request))
    check_result(body.get("result"), game)
    return game


@bp.post("/score")
def score() -> dict[str, Any]:
    body = load_body(_record_schema)
    rules: RuleOptions = body["rules"]
    game = refereed_record(body)
    admission.admit(admission.ANSWERS)  # plays games out (the chances of more sides): a slot
    deals = []
    for index, refereed in enumerate(game.deals):
        answer: dict[str, Any] = {"deal": index, "before": list(refereed.before)}
        if refereed.deal is None or refereed.score is None:
            now = (
                list(chances(rules, refereed.before, refereed.dealer))
                if uncovered(rules) is None
                else None
            )
            answer |= {"dealer": refereed.dealer, "events": [], "scores": list(refereed.before),
                       "winner": None, "lurched": [], "win_probability": now}  # fmt: skip
        else:
            answer |= deal_answer(refereed.deal, refereed.score)
        deals.append(answer)
    winner = game.winner
    return {
        "rules": rules.as_dict(),
        "seats": body["seats"],
        "deals": deals,
        "scores": list(game.scores),
        "winner": None
        if winner is None
        else {"side": winner.side, "deal": winner.deal, "event": winner.event},
        "lurched": list(game.lurched),
        "next_dealer": game.next_dealer,
        "win_probability": deals[-1]["win_probability"],
    }


@bp.post("/review")
def review() -> dict[str, Any] | Response:
    body = load_body(_review_schema)
    rules: RuleOptions = body["rules"]
    require_tables(rules)
    game = refereed_record(body)
    admission.admit(admission.ANSWERS)  # plays games out: a slot, or a 503
    model = body["model"] or default_model(rules.players)
    return review_answer(body, game, model)
