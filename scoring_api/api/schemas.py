"""Request schemas: the edge validation that mirrors openapi.yaml's request bodies.

Unknown fields are rejected (the spec says ``additionalProperties: false``), so a typo such as
``"starer"`` is a 422 instead of a silently ignored option.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
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

from scoring_api.rules import HAND_SIZE, TILE_BY_TEXT, Play, Tile, default_dealer
from scoring_api.rules.constants import MAX_PLAYERS, PLAYERS
from scoring_api.sim.advisor import MODELS
from scoring_api.sim.registry import DEFAULT_PLAYER, MAX_BUDGET, NAMES, budget_refusal, named
from scoring_api.sim.review.inputs import DEFAULT_PLAYOUTS, MAX_PLAYOUTS

from .fields import (
    BoundedList,
    JsonArray,
    JsonBoolean,
    JsonInteger,
    RulesField,
    StreamField,
    TileField,
)
from .problems import MAX_ERRORS, note_omitted_errors

MAX_BATCH = 10_000
# Generous: explicit goes may sit between the tiles of four players.
MAX_PLAYS = MAX_PLAYERS * HAND_SIZE * 4


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


def _hand() -> fields.List[Tile]:
    return BoundedList(TileField(), required=True, validate=Length(equal=HAND_SIZE))


class ShowSchema(StrictSchema):
    """A hand (or crib) and its starter: one item of a batch."""

    hand = _hand()
    starter = TileField(required=True)


class HandScoreSchema(ShowSchema):
    crib = JsonBoolean(load_default=False)
    claimed = JsonInteger(validate=Range(0, 100))
    rules = RulesField()


class BatchSchema(StrictSchema):
    """The envelope only: the hands themselves go through the view's fast path."""

    hands = JsonArray(required=True, validate=Length(max=MAX_BATCH))
    rules = RulesField()


class PlaySchema(StrictSchema):
    """One entry of a play record: a tile laid, or a go."""

    # Checked against the number of players by the rules core (a seat of 0..n-1).
    player = JsonInteger(required=True, validate=Range(0, MAX_PLAYERS - 1))
    tile = TileField()
    go = JsonBoolean(validate=Equal(True, error="A go is written as true."))

    @validates_schema
    def _tile_or_go(self, data: dict[str, Any], **_: Any) -> None:
        if ("tile" in data) == ("go" in data):
            raise ValidationError('An entry has either a "tile" or "go": true, not both.')

    @post_load
    def _play(self, data: dict[str, Any], **_: Any) -> Play:
        return Play(data["player"], data.get("tile"))


class PlayEntry(fields.Nested):
    """An entry of a play record, read by ``PlaySchema``; the usual entry (a seat and a
    tile's text, or a seat and go) at once (``BoundedList`` and ``_deserialize`` ask
    ``quick``), with the same ``Play`` the schema makes of it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(PlaySchema, **kwargs)

    @staticmethod
    def quick(entry: Any) -> Play | None:
        """The ``Play`` of a well-formed entry, or None (then the schema reads it)."""
        if type(entry) is not dict or len(entry) != 2:
            return None
        player = entry.get("player")
        if type(player) is not int or not 0 <= player < MAX_PLAYERS:
            return None
        text = entry.get("tile")
        if text is None:
            return Play(player) if entry.get("go") is True else None
        tile = TILE_BY_TEXT.get(text) if type(text) is str else None
        return None if tile is None else Play(player, tile)

    def _deserialize(
        self,
        value: Any,
        attr: str | None,
        data: Mapping[str, Any] | None,
        partial: bool | Sequence[str] | AbstractSet[str] | None = None,
        **kwargs: Any,
    ) -> Any:
        return self.quick(value) or super()._deserialize(value, attr, data, partial, **kwargs)


def plays_field() -> fields.List[Play]:
    return BoundedList(PlayEntry(), required=True, validate=Length(max=MAX_PLAYS))


def dealer_field() -> JsonInteger:
    # Left out: the last seat deals, so seat 0 leads (``dealer_of``).
    return JsonInteger(validate=Range(0, MAX_PLAYERS - 1))


class PeggingSchema(StrictSchema):
    plays = plays_field()
    dealer = dealer_field()
    hands = BoundedList(
        BoundedList(TileField(), validate=Length(equal=HAND_SIZE)),
        validate=Length(PLAYERS, MAX_PLAYERS),
    )
    starter = TileField()
    rules = RulesField()


class ValidatePlaySchema(StrictSchema):
    plays = plays_field()
    play = PlayEntry(required=True)
    dealer = dealer_field()
    hand = BoundedList(TileField(), validate=Length(max=HAND_SIZE))
    starter = TileField()
    rules = RulesField()


def dealer_of(body: dict[str, Any]) -> int:
    """The dealer a request names, else the last seat (so seat 0 leads)."""
    dealer: int = body.get("dealer", default_dealer(body["rules"].players))
    return dealer


def score_field() -> JsonInteger:
    return JsonInteger(validate=Range(0, 200))


def _callers() -> BoundedList:
    # Seats, checked against the table (opponents, each once) by the rules core.
    return BoundedList(
        JsonInteger(validate=Range(0, MAX_PLAYERS - 1)), validate=Length(max=MAX_PLAYERS - 1)
    )


class CallsSchema(StrictSchema):
    """Who called muggins on each show: per seat's hand, and on the crib."""

    hands = BoundedList(_callers(), validate=Length(max=MAX_PLAYERS))
    crib = _callers()


class ClaimsSchema(StrictSchema):
    """What the players claimed at the show (null where nothing was claimed), and who called
    muggins on a short claim."""

    hands = BoundedList(
        JsonInteger(allow_none=True, validate=Range(0, 100)), validate=Length(max=MAX_PLAYERS)
    )
    crib = JsonInteger(allow_none=True, validate=Range(0, 100))
    muggins = fields.Nested(CallsSchema)


class ShownWithHandsSchema(StrictSchema):
    """A deal as a request or a game record gives it: the crib and the claims come with the
    hands."""

    @validates_schema
    def _shown_together(self, data: dict[str, Any], **_: Any) -> None:
        """The spec's ``dependentRequired``."""
        for given, needed in (("crib", "hands"), ("claims", "hands")):
            if given in data and needed not in data:
                raise ValidationError(f"Required with {given}.", needed)


class DealSchema(ShownWithHandsSchema):
    """One deal of a game, refereed end to end, in play without hands and crib, or through
    the hands without the crib (the rules core checks it adds up)."""

    rules = RulesField()
    dealer = dealer_field()
    scores = BoundedList(score_field(), required=True, validate=Length(2, MAX_PLAYERS))
    starter = TileField(required=True)
    hands = BoundedList(
        BoundedList(TileField(), validate=Length(equal=HAND_SIZE)),
        validate=Length(PLAYERS, MAX_PLAYERS),
    )
    crib = BoundedList(TileField(), validate=Length(equal=HAND_SIZE))
    plays = plays_field()
    claims = fields.Nested(ClaimsSchema)


def strategy_name(**kwargs: Any) -> fields.String:
    """A strategy's name, one of ``GET /v1/strategies``."""
    return fields.String(validate=OneOf(NAMES), **kwargs)


def budget_field() -> JsonInteger:
    """A strategy's budget: the strategy named beside it says what it takes
    (``check_budget``)."""
    return JsonInteger(validate=Range(1, MAX_BUDGET))


def check_budget(data: dict[str, Any]) -> None:
    """A ``budget`` beside a strategy that takes one, no more than it takes."""
    if "budget" in data:
        why = budget_refusal(data.get("strategy"), data["budget"])
        if why is not None:
            raise ValidationError({"budget": why})


class StrategyChoiceSchema(StrictSchema):
    """A body that names a player (the simulations' seats, the advice): its ``strategy``
    (declared by each subclass) and its ``budget``, for a strategy that takes one."""

    budget = budget_field()

    @validates_schema
    def _budget_it_takes(self, data: dict[str, Any], **_: Any) -> None:
        check_budget(data)

    @validates_schema
    def _strategy_for_the_players(self, data: dict[str, Any], **_: Any) -> None:
        rules, name = data.get("rules"), data.get("strategy")
        if rules is not None and name is not None:
            why = named(name).refusal(rules.players)
            if why is not None:
                raise ValidationError({"strategy": why})


class AdviceSchema(StrategyChoiceSchema):
    """The tiles a player drew (six, or five with three or four players) and whose crib it
    is: his side's when he deals, or with partners when his partner deals. ``model`` is left
    None when not given: its default depends on the players (``advisor.default_model``), and
    the advisor refuses ``expert`` for three or four (a rule of the core, like the tile count).
    ``strategy``, when given, adds that strategy's own choice to the ranking; ``scores``
    (each side's before the deal, his own side's first), when given, are what it is told.
    """

    tiles = BoundedList(TileField(), required=True, validate=Length(5, 6))
    dealer = JsonBoolean(required=True)
    partner_deals = JsonBoolean(load_default=False)
    model = fields.String(load_default=None, allow_none=False, validate=OneOf(MODELS))
    scores = BoundedList(score_field(), validate=Length(PLAYERS, MAX_PLAYERS))
    rules = RulesField()
    strategy = strategy_name(load_default=None, allow_none=False)
    stream = StreamField()

    @validates_schema
    def _partner_only_with_partners(self, data: dict[str, Any], **_: Any) -> None:
        rules = data.get("rules")
        if data.get("partner_deals") and rules is not None:
            if not rules.partners:
                raise ValidationError({"partner_deals": "a partner deals only with partners"})
            if data.get("dealer"):
                raise ValidationError({"partner_deals": "he and his partner cannot both deal"})


class PlayAdviceSchema(StrategyChoiceSchema):
    """What one seat knows in the play: his tiles left, his lay-away, the starter, the record
    so far, the dealer, the scores before the deal and the rules; the strategy to answer for.
    The rules core checks that the state can be (``rules.validation.check_turn``)."""

    hand = BoundedList(TileField(), required=True, validate=Length(1, HAND_SIZE))
    laid_away = BoundedList(TileField(), required=True, validate=Length(1, 2))
    starter = TileField(required=True)
    plays = plays_field()
    dealer = dealer_field()
    seat = JsonInteger(validate=Range(0, MAX_PLAYERS - 1))
    scores = BoundedList(score_field(), validate=Length(PLAYERS, MAX_PLAYERS))
    rules = RulesField()
    strategy = strategy_name(load_default=DEFAULT_PLAYER)
    playouts = JsonInteger(load_default=DEFAULT_PLAYOUTS, validate=Range(1, MAX_PLAYOUTS))
    stream = StreamField()
