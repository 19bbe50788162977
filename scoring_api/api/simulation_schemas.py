"""Request schemas of the simulation endpoints, mirroring openapi.yaml.

Limits that depend on the server's configuration (the per-request cap on games, the
transcript limit) are checked by the view, so the JSON Schema states only fixed bounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields, pre_load, validates_schema
from marshmallow.validate import Length, OneOf, Range

from scoring_api.rules.constants import MAX_PLAYERS, PLAYERS
from scoring_api.rules.json_values import json_integer
from scoring_api.sim.registry import named
from scoring_api.sim.runs import MAX_SEED

from .fields import BoundedList, JsonBoolean, JsonInteger, RulesField, StreamField
from .schemas import StrategyChoiceSchema, StrictSchema, strategy_name

FIRST_DEALER_WORDS = ("alternate", "draw")


class FirstDealerField(fields.Field[str | int]):
    """``"alternate"``, ``"draw"`` or a seat (0 to 3, as a JSON Schema integer; the schema
    checks it against the number of players)."""

    default_error_messages = {  # noqa: RUF012
        "invalid": 'Must be "alternate", "draw" or a seat from 0 to 3.'
    }

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> str | int:
        if type(value) is str and value in FIRST_DEALER_WORDS:
            return value
        seat = json_integer(value)
        if seat is None or not 0 <= seat < MAX_PLAYERS:
            raise self.make_error("invalid")
        return seat


class PlayerSchema(StrategyChoiceSchema):
    strategy = strategy_name(required=True)


class SimulationSchema(StrictSchema):
    """One strategy per seat: their number is the number of players (``rules.players`` may
    say it too, and must agree)."""

    games = JsonInteger(required=True, validate=Range(min=1))
    players = BoundedList(
        fields.Nested(PlayerSchema), required=True, validate=Length(PLAYERS, MAX_PLAYERS)
    )
    seed = JsonInteger(validate=Range(0, MAX_SEED))
    first_game = JsonInteger(load_default=0, validate=Range(0, MAX_SEED))
    first_dealer = FirstDealerField(load_default="alternate")
    rules = RulesField()
    transcripts = JsonBoolean(load_default=False)
    lines = fields.String(load_default="games", validate=OneOf(("games", "shards")))
    stream = StreamField()

    @pre_load
    def _players_from_the_lineup(self, data: Any, **_: Any) -> Any:
        """Rules that leave ``players`` out take it from the lineup, before they are read
        (partners need four players)."""
        lineup = data.get("players") if isinstance(data, dict) else None
        if isinstance(lineup, list) and PLAYERS <= len(lineup) <= MAX_PLAYERS:
            rules = data.get("rules", {})
            if isinstance(rules, dict) and "players" not in rules:
                return {**data, "rules": {**rules, "players": len(data["players"])}}
        return data

    @validates_schema
    def _one_strategy_per_seat(self, data: dict[str, Any], **_: Any) -> None:
        rules, lineup = data.get("rules"), data.get("players")
        if rules is None or lineup is None:
            return
        if rules.players != len(lineup):
            raise ValidationError(
                {
                    "rules": {
                        "players": f"{rules.players} players, but {len(lineup)} strategies: "
                        "give one strategy per seat"
                    }
                }
            )
        for seat, player in enumerate(lineup):
            why = named(player["strategy"]).refusal(rules.players)
            if why is not None:
                raise ValidationError({"players": {seat: {"strategy": why}}})
        dealer = data.get("first_dealer")
        if isinstance(dealer, int) and dealer >= rules.players:
            raise ValidationError(
                {"first_dealer": f"a seat from 0 to {rules.players - 1}, or a word"}
            )
