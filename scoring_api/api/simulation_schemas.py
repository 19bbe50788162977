"""Request schemas of the simulation and discard-advice endpoints, mirroring openapi.yaml.

Limits that depend on the server's configuration (the per-request cap on games, the
transcript limit) are checked by the view, so the JSON Schema states only fixed bounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import fields
from marshmallow.validate import Length, OneOf, Range

from scoring_api.rules import DEFAULT_RULES
from scoring_api.rules.discards import DEALT
from scoring_api.rules.simulation import MAX_SEED
from scoring_api.rules.strategies import STRATEGIES

from .fields import BoundedList, JsonBoolean, JsonInteger, TileField, json_integer
from .schemas import PLAYERS, RulesSchema, StrictSchema

FIRST_DEALER_WORDS = ("alternate", "draw")


class FirstDealerField(fields.Field[str | int]):
    """``"alternate"``, ``"draw"`` or a seat (0 or 1, as a JSON Schema integer)."""

    default_error_messages = {  # noqa: RUF012
        "invalid": 'Must be "alternate", "draw", 0 or 1.'
    }

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str | int:
        if type(value) is str and value in FIRST_DEALER_WORDS:
            return value
        seat = json_integer(value)
        if seat is None or not 0 <= seat < PLAYERS:
            raise self.make_error("invalid")
        return seat


class PlayerSchema(StrictSchema):
    strategy = fields.String(required=True, validate=OneOf(tuple(STRATEGIES)))


def _rules() -> fields.Nested:
    return fields.Nested(RulesSchema, load_default=DEFAULT_RULES)


class SimulationSchema(StrictSchema):
    games = JsonInteger(required=True, validate=Range(min=1))
    players = BoundedList(
        fields.Nested(PlayerSchema), required=True, validate=Length(equal=PLAYERS)
    )
    seed = JsonInteger(validate=Range(0, MAX_SEED))
    first_game = JsonInteger(load_default=0, validate=Range(0, MAX_SEED))
    first_dealer = FirstDealerField(load_default="alternate")
    rules = _rules()
    transcripts = JsonBoolean(load_default=False)


class AdviceSchema(StrictSchema):
    tiles = BoundedList(TileField(), required=True, validate=Length(equal=DEALT))
    dealer = JsonBoolean(required=True)
    rules = _rules()
