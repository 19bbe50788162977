"""Reading a JSON request body: 415 for another media type, 400 for broken JSON."""

from __future__ import annotations

import json
from typing import Any, NoReturn

from flask import request
from marshmallow import Schema
from werkzeug.exceptions import BadRequest, UnsupportedMediaType


def _reject_constant(name: str) -> NoReturn:
    # Python's json reads NaN and Infinity, which are not JSON (RFC 8259).
    raise ValueError(f"{name} is not valid JSON")


def json_body() -> Any:
    """The parsed body; too large a body raises 413 from ``MAX_CONTENT_LENGTH``."""
    if not request.is_json:
        raise UnsupportedMediaType(
            f"Send the body as application/json, not {request.mimetype or 'no content type'}."
        )
    raw = request.get_data(cache=False)
    try:
        return json.loads(raw, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as error:
        raise BadRequest(f"The body is not valid JSON: {error}") from error


def load_body(schema: Schema) -> Any:
    """The body validated by ``schema``; its ValidationError becomes a 422 problem."""
    return schema.load(json_body())
