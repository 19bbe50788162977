"""The game record (docs/game-record.md) at the edge: the schema of openapi.yaml's
``GameRecord`` and what its fields add to the rules core's checks (the seats, the strategies,
the result the record says)."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, post_load, validates_schema
from marshmallow.validate import Equal, Length, Range

from scoring_api.rules import HAND_SIZE
from scoring_api.rules.constants import MAX_PLAYERS, PLAYERS
from scoring_api.rules.errors import MalformedInputError
from scoring_api.rules.game import GameScore, RecordedDeal
from scoring_api.rules.options import RuleOptions
from scoring_api.sim.game_records import FORMAT, VERSION
from scoring_api.sim.registry import NAMES, budget_refusal, named

from .deals import claims_of
from .fields import BoundedList, JsonInteger, RulesField, StreamField, TileField
from .schemas import (
    MAX_PLAYS,
    ClaimsSchema,
    PlayEntry,
    ShownWithHandsSchema,
    StrictSchema,
    budget_field,
)

MAX_DEALS = 120
"""Deals in a record, at most: a game to 121 lasts about 10 deals with two players, 13 with
partners; even a game of the lowest scores seen in simulations ends well before."""
MAX_NAME = 40


def _hands() -> BoundedList:
    return BoundedList(
        BoundedList(TileField(), validate=Length(equal=HAND_SIZE)),
        validate=Length(PLAYERS, MAX_PLAYERS),
    )


class SeatSchema(StrictSchema):
    """A seat of the table: the player's name, and the strategy of a computer seat."""

    name = fields.String(required=True, validate=Length(1, MAX_NAME))
    strategy = fields.String(allow_none=True)
    budget = budget_field()

    @validates_schema
    def _known_strategy(self, data: dict[str, Any], **_: Any) -> None:
        strategy = data.get("strategy")
        if strategy is not None and strategy not in NAMES:
            names = ", ".join(NAMES)
            raise ValidationError(f"one of {names} (GET /v1/strategies)", "strategy")
        if "budget" in data:
            why = budget_refusal(strategy, data["budget"])
            if why is not None:
                raise ValidationError(why, "budget")


class RecordedDealSchema(ShownWithHandsSchema):
    """One deal of a game record: as ``/v1/deals/review`` takes it, the rules and scores
    carried by the game (scores, if given, are checked)."""

    dealer = JsonInteger(required=True, validate=Range(0, MAX_PLAYERS - 1))
    scores = BoundedList(JsonInteger(validate=Range(0, 200)), validate=Length(2, MAX_PLAYERS))
    drawn = BoundedList(
        BoundedList(TileField(), validate=Length(5, 6)), validate=Length(PLAYERS, MAX_PLAYERS)
    )
    starter = TileField()
    hands = _hands()
    crib = BoundedList(TileField(), validate=Length(equal=HAND_SIZE))
    plays = BoundedList(PlayEntry(), load_default=list, validate=Length(max=MAX_PLAYS))
    claims = fields.Nested(ClaimsSchema)

    @post_load
    def _recorded(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        data["recorded"] = RecordedDeal(
            data["dealer"],
            data.get("starter"),
            data.get("hands"),
            data.get("crib"),
            data["plays"],
            claims_of(data),
            data.get("scores"),
        )
        return data


class ResultSchema(StrictSchema):
    """How the game ended, as the record says it: checked against the referee."""

    winner = JsonInteger(required=True, allow_none=True, validate=Range(0, MAX_PLAYERS - 1))
    scores = BoundedList(JsonInteger(validate=Range(0, 300)), required=True,
                         validate=Length(2, MAX_PLAYERS))  # fmt: skip
    lurched = BoundedList(JsonInteger(validate=Range(0, MAX_PLAYERS - 1)),
                          validate=Length(max=MAX_PLAYERS))  # fmt: skip


class GameRecordSchema(StrictSchema):
    """A whole game, finished or not (openapi.yaml ``GameRecord``)."""

    format = fields.String(required=True, validate=Equal(FORMAT))
    version = JsonInteger(required=True, validate=Equal(VERSION))
    rules = RulesField()
    seats = BoundedList(fields.Nested(SeatSchema), required=True, validate=Length(2, MAX_PLAYERS))
    deals = BoundedList(
        fields.Nested(RecordedDealSchema), required=True, validate=Length(1, MAX_DEALS)
    )
    result = fields.Nested(ResultSchema)
    stream = StreamField()


def check_seats(rules: RuleOptions, seats: list[dict[str, Any]]) -> None:
    if len(seats) != rules.players:
        raise MalformedInputError(f"expected {rules.players} seats, one per player", "/seats")
    for i, seat in enumerate(seats):
        name = seat.get("strategy")
        why = None if name is None else named(name).refusal(rules.players)
        if why is not None:
            raise MalformedInputError(why, f"/seats/{i}/strategy")


def check_result(result: dict[str, Any] | None, game: GameScore) -> None:
    """The record's result, if it says one, is the referee's."""
    if result is None:
        return
    winner = None if game.winner is None else game.winner.side
    if result["winner"] != winner:
        said = "nobody has won yet" if winner is None else f"side {winner} won"
        raise MalformedInputError(f"the deals say {said}", "/result/winner")
    if list(result["scores"]) != list(game.scores):
        raise MalformedInputError(f"the deals leave the scores at {list(game.scores)}",
                                  "/result/scores")  # fmt: skip
    if "lurched" in result and list(result["lurched"]) != list(game.lurched):
        raise MalformedInputError(f"the sides lurched are {list(game.lurched)}",
                                  "/result/lurched")  # fmt: skip
