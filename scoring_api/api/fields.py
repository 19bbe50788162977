"""marshmallow fields that accept exactly what openapi.yaml's JSON Schema accepts.

marshmallow's own Integer takes ``2.5e-42`` or ``"1"`` and its Boolean takes ``"yes"``; JSON
Schema does not. These fields keep the edge and the contract in agreement both ways. Tiles
and rule options are parsed by the rules core's own parsers, so there is one dialect and one
message for each mistake.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields
from marshmallow.validate import Length

from scoring_api.rules import (
    DEFAULT_RULES,
    TILE_BY_TEXT,
    MalformedInputError,
    RuleOptions,
    Tile,
    parse_rules,
    parse_tile,
)
from scoring_api.rules.json_values import json_integer
from scoring_api.sim.streams import STREAM_VERSION


class JsonInteger(fields.Field[int]):
    """A JSON Schema integer: whole numbers, written with or without a fraction of zero."""

    default_error_messages = {"invalid": "Must be a whole number."}  # noqa: RUF012

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        number = json_integer(value)
        if number is None:
            raise self.make_error("invalid")
        return number


class StreamField(JsonInteger):
    """The version of the engine's random streams a request asks for (``sim.streams``): only
    ``STREAM_VERSION`` is served; a seed or a review of another version played other games,
    so asking for it is a 422 naming the field, not a silent other answer."""

    default_error_messages = {  # noqa: RUF012
        "invalid": "Must be a whole number.",
        "other": (
            f"only stream {STREAM_VERSION} is served (Philox4x32-10, since issue 52): stream "
            "{version} made other games and draws from the same seeds; leave stream out or "
            f"send {STREAM_VERSION}"
        ),
    }

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        version = super()._deserialize(value, attr, data, **kwargs)
        if version != STREAM_VERSION:
            raise self.make_error("other", version=version)
        return version


class JsonBoolean(fields.Field[bool]):
    """A JSON boolean: only ``true`` or ``false``, never 1, "yes" or "true"."""

    default_error_messages = {"invalid": "Must be true or false."}  # noqa: RUF012

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> bool:
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value


class JsonArray(fields.Field[list[Any]]):
    """An array whose items a view checks itself (the bulk endpoint's fast path)."""

    default_error_messages = {"invalid": "Must be an array."}  # noqa: RUF012

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> list[Any]:
        if type(value) is not list:
            raise self.make_error("invalid")
        return value


class BoundedList(fields.List[Any]):
    """A list whose Length validators run before its items are read: an oversized list (a
    2 MiB body holds some 100,000 items) is refused without deserializing every item first.

    Where its items' field can read a well-formed item at once (``quick``: tiles as text,
    play entries), a list of only such items is read that way, and any other list by
    marshmallow in full: the same values, and the same errors, at a fraction of the cost
    (bench/requests.py).
    """

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> list[Any]:
        if isinstance(value, list):
            for validator in self.validators:
                if isinstance(validator, Length):
                    validator(value)
            quick = getattr(self.inner, "quick", None)
            if quick is not None and type(value) is list:
                read = [quick(item) for item in value]
                # By identity: ``None in read`` would ask each item's dataclass ``__eq__``.
                if all(item is not None for item in read):
                    return read
        return super()._deserialize(value, attr, data, **kwargs)


def _core_error(error: MalformedInputError) -> ValidationError:
    """A core parser's error as marshmallow's, at the same place below the field."""
    if not error.pointer:
        return ValidationError(error.detail)
    messages: Any = [error.detail]
    for token in reversed(error.pointer.split("/")[1:]):
        messages = {token: messages}
    return ValidationError(messages)


class TileField(fields.Field[Tile]):
    """A tile as ``"3-5"``, ``"5-3"``, ``"3|5"`` or ``[3, 5]``: the rules core's parser."""

    @staticmethod
    def quick(value: Any) -> Tile | None:
        """The tile a well-formed text names, or None (then the parser reads it)."""
        return TILE_BY_TEXT.get(value) if type(value) is str else None

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Tile:
        if type(value) is str:  # the usual case, one lookup
            tile = TILE_BY_TEXT.get(value)
            if tile is not None:
                return tile
        try:
            return parse_tile(value)
        except MalformedInputError as error:
            raise _core_error(error) from None


class RulesField(fields.Field[RuleOptions]):
    """A ``rules`` object of rule options: the rules core's parser."""

    def __init__(self) -> None:
        super().__init__(load_default=DEFAULT_RULES)

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> RuleOptions:
        try:
            return parse_rules(value, pointer="")
        except MalformedInputError as error:
            raise _core_error(error) from None
