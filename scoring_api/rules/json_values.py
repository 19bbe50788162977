"""What JSON values denote, as the spec's JSON Schema reads them: the one dialect of input.

The rules core parses JSON-shaped input (tiles as strings or arrays, rule options), and the
HTTP layer calls these parsers rather than writing its own, so a value is accepted or refused
with one message everywhere, and exactly as the JSON Schema of openapi.yaml decides.
"""

from __future__ import annotations


def json_integer(value: object) -> int | None:
    """The int a JSON Schema ``integer`` denotes (``2.0`` is 2), or None (``true``, ``"1"``)."""
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    return None


def json_type(value: object) -> str:
    """The JSON type of a parsed value, for messages: "a string", "null", ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, str):
        return "a string"
    return type(value).__name__
