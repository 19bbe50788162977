"""marshmallow fields that accept exactly what openapi.yaml's JSON Schema accepts.

marshmallow's own Integer takes ``2.5e-42`` or ``"1"`` and its Boolean takes ``"yes"``; JSON
Schema does not. These fields keep the edge and the contract in agreement both ways.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import fields
from marshmallow.validate import Length

from scoring_api.rules import TILE_BY_TEXT, MalformedInputError, Tile, parse_tile


def json_integer(value: object) -> int | None:
    """The int a JSON Schema ``integer`` denotes (``2.0`` is 2), or None (``true``, ``"1"``)."""
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    return None


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
    """

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> list[Any]:
        if isinstance(value, list):
            for validator in self.validators:
                if isinstance(validator, Length):
                    validator(value)
        return super()._deserialize(value, attr, data, **kwargs)


class TileField(fields.Field[Tile]):
    """A tile as ``"3-5"``, ``"5-3"``, ``"3|5"`` or ``[3, 5]``; parsed by the rules core."""

    default_error_messages = {  # noqa: RUF012
        "invalid": 'Must be a tile such as "3-5", "3|5" or [3, 5], each end 0 to 6 pips.'
    }

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Tile:
        if type(value) is str:
            tile = TILE_BY_TEXT.get(value)
            if tile is None:
                raise self.make_error("invalid")
            return tile
        if type(value) is list and len(value) == 2:
            try:
                return parse_tile([json_integer(end) for end in value])
            except MalformedInputError as error:
                raise self.make_error("invalid") from error
        raise self.make_error("invalid")
