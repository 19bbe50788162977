"""JSON in and out with orjson: parsing a 10,000-hand body is most of a batch's cost.

orjson is also strict where the stdlib is lenient: NaN, Infinity and broken UTF-8 are not
JSON, and they are rejected as such (400); so is an object that repeats a name.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Response
from flask.json.provider import JSONProvider


def loads(data: bytes | str) -> Any:
    """Parse JSON; raises ValueError (orjson.JSONDecodeError) for anything that is not JSON."""
    return orjson.loads(data)


def dumps(obj: Any) -> bytes:
    return orjson.dumps(obj)


def _no_repeated_names(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    names = dict(pairs)
    if len(names) != len(pairs):
        raise ValueError("repeated name")
    return names


def repeats_a_name(raw: bytes, parsed: Any) -> bool:
    """Whether an object of the document repeats a name (orjson silently keeps the last).

    Outside strings every member has exactly one colon, and a colon can hide in a string only
    as ``\\u003a``. So without ``\\u`` escapes the document has more colons than its
    re-encoding exactly when members were dropped: a count, cheap even for 10,000 hands.
    Otherwise the standard library parses it again, member by member.
    """
    colons = raw.count(b":")
    if colons == 0:
        return False
    if b"\\u" not in raw:
        try:
            return orjson.dumps(parsed).count(b":") != colons
        except orjson.JSONEncodeError:  # nested deeper than orjson writes (255)
            pass
    try:
        json.loads(raw, object_pairs_hook=_no_repeated_names)
    except ValueError:
        return True
    except RecursionError:  # far deeper than any valid body: its fields are refused anyway
        return False
    return False


class OrjsonProvider(JSONProvider):
    """Flask's JSON for views that return dicts, in orjson's speed and compact form."""

    mimetype = "application/json"

    # Keys that are not strings (an int-keyed tally, say) become strings, as with json.
    _options = orjson.OPT_NON_STR_KEYS

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return orjson.dumps(obj, option=self._options).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        return Response(orjson.dumps(obj, option=self._options), mimetype=self.mimetype)
