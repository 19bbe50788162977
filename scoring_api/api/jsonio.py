"""JSON in and out with orjson: parsing a 10,000-hand body is most of a batch's cost.

orjson is also strict where the stdlib is lenient: NaN, Infinity and broken UTF-8 are not
JSON, and they are rejected as such (400).
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response
from flask.json.provider import JSONProvider


def loads(data: bytes | str) -> Any:
    """Parse JSON; raises ValueError (orjson.JSONDecodeError) for anything that is not JSON."""
    return orjson.loads(data)


def dumps(obj: Any) -> bytes:
    return orjson.dumps(obj)


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
