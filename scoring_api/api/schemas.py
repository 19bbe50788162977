"""Request schemas: the edge validation that mirrors openapi.yaml's request bodies.

Unknown fields are rejected (the spec says ``additionalProperties: false``), so a typo such as
``"starer"`` is a 422 instead of a silently ignored option.
"""

from __future__ import annotations

from typing import Any

from marshmallow import (
    RAISE,
    Schema,
    ValidationError,
    fields,
    post_load,
    pre_load,
    validates_schema,
)
from marshmallow.validate import Equal, Length, OneOf, Range

from scoring_api.rules import DEFAULT_RULES, HAND_SIZE, RULE_OPTIONS, Play, RuleOptions, Tile

from .fields import BoundedList, JsonArray, JsonBoolean, JsonInteger, TileField
from .problems import MAX_ERRORS, note_omitted_errors

PLAYERS = 2
MAX_BATCH = 10_000
MAX_PLAYS = 2 * HAND_SIZE * 4  # generous: explicit goes may sit between the eight tiles


class StrictSchema(Schema):
    """A schema that refuses unknown fields, naming at most MAX_ERRORS of them per object.

    marshmallow builds one error per unknown key: 200,000 keys in a 2 MiB body made a
    19.7 MB answer and hundreds of MB in a worker. Past the limit, the keys beyond it are
    dropped before marshmallow sees them, and only counted (exact and cheap: a set lookup).
    """

    class Meta:
        unknown = RAISE

    @pre_load
    def _bound_unknown(self, data: Any, **_: Any) -> Any:
        if not isinstance(data, dict) or len(data) <= len(self.load_fields) + MAX_ERRORS:
            return data
        known = {field.data_key or name for name, field in self.load_fields.items()}
        kept: dict[str, Any] = {}
        unknown = 0
        for key, value in data.items():
            if key in known:
                kept[key] = value
            else:
                unknown += 1
                if unknown <= MAX_ERRORS:
                    kept[key] = value
        note_omitted_errors(unknown - MAX_ERRORS)
        return kept


def _rule_field(default: int | bool, allowed: tuple[int | bool, ...]) -> fields.Field[Any]:
    field_type = JsonBoolean if isinstance(default, bool) else JsonInteger
    return field_type(validate=OneOf(allowed))


class _RulesSchema(StrictSchema):
    """Rule options, built from the core's RULE_OPTIONS so the two never drift."""

    @post_load
    def _options(self, data: dict[str, Any], **_: Any) -> RuleOptions:
        return RuleOptions(**data)


RulesSchema: type[Schema] = type(
    "RulesSchema",
    (_RulesSchema,),
    {option.name: _rule_field(option.default, option.allowed) for option in RULE_OPTIONS},
)


def _rules() -> fields.Nested:
    return fields.Nested(RulesSchema, load_default=DEFAULT_RULES)


def _hand() -> fields.List[Tile]:
    return BoundedList(TileField(), required=True, validate=Length(equal=HAND_SIZE))


class ShowSchema(StrictSchema):
    """A hand (or crib) and its starter: one item of a batch."""

    hand = _hand()
    starter = TileField(required=True)


class HandScoreSchema(ShowSchema):
    crib = JsonBoolean(load_default=False)
    claimed = JsonInteger(validate=Range(0, 100))
    rules = _rules()


class BatchSchema(StrictSchema):
    """The envelope only: the hands themselves go through the view's fast path."""

    hands = JsonArray(required=True, validate=Length(max=MAX_BATCH))
    rules = _rules()


class PlaySchema(StrictSchema):
    """One entry of a play record: a tile laid, or a go."""

    player = JsonInteger(required=True, validate=Range(0, PLAYERS - 1))
    tile = TileField()
    go = JsonBoolean(validate=Equal(True, error="A go is written as true."))

    @validates_schema
    def _tile_or_go(self, data: dict[str, Any], **_: Any) -> None:
        if ("tile" in data) == ("go" in data):
            raise ValidationError('An entry has either a "tile" or "go": true, not both.')

    @post_load
    def _play(self, data: dict[str, Any], **_: Any) -> Play:
        return Play(data["player"], data.get("tile"))


def _plays() -> fields.List[Play]:
    return BoundedList(fields.Nested(PlaySchema), required=True, validate=Length(max=MAX_PLAYS))


def _dealer() -> JsonInteger:
    return JsonInteger(load_default=1, validate=Range(0, PLAYERS - 1))


class PeggingSchema(StrictSchema):
    plays = _plays()
    dealer = _dealer()
    hands = BoundedList(
        BoundedList(TileField(), validate=Length(equal=HAND_SIZE)), validate=Length(equal=PLAYERS)
    )
    starter = TileField()
    rules = _rules()


class ValidatePlaySchema(StrictSchema):
    plays = _plays()
    play = fields.Nested(PlaySchema, required=True)
    dealer = _dealer()
    hand = BoundedList(TileField(), validate=Length(max=HAND_SIZE))
    starter = TileField()
