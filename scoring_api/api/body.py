"""Reading a JSON request body: 415 for another media type, 400 for broken JSON."""

from __future__ import annotations

from typing import Any

from flask import request
from marshmallow import Schema
from werkzeug.exceptions import BadRequest, UnsupportedMediaType

from . import jsonio


def json_body() -> Any:
    """The parsed body; too large a body raises 413 from ``MAX_CONTENT_LENGTH``."""
    if not request.is_json:
        raise UnsupportedMediaType(
            f"Send the body as application/json, not {request.mimetype or 'no content type'}."
        )
    raw = request.get_data(cache=False)
    try:
        return jsonio.loads(raw)
    except ValueError as error:
        raise BadRequest(f"The body is not valid JSON: {error}") from error


def load_body(schema: Schema) -> Any:
    """The body validated by ``schema``; its ValidationError becomes a 422 problem."""
    return schema.load(json_body())
