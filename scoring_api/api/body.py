"""Reading a JSON request body: 415 for another media type, 400 for broken JSON (or a
repeated name), 413 past the size limit, chunked or not, 408 if it arrives too slowly."""

from __future__ import annotations

from typing import Any

from flask import request
from marshmallow import Schema
from werkzeug.exceptions import (
    BadRequest,
    HTTPException,
    RequestEntityTooLarge,
    RequestTimeout,
    UnsupportedMediaType,
)

from scoring_api.settings import current_settings

from . import jsonio, largebodies
from .deadline import DEADLINES


def _read() -> bytes:
    """The raw body, read within the body deadline under gunicorn (408 past it)."""
    sock = request.environ.get("gunicorn.socket")
    seconds = current_settings().body_seconds
    if sock is None or seconds <= 0:
        return request.get_data(cache=False)
    with DEADLINES.watch(sock, seconds) as is_late:
        try:
            raw = request.get_data(cache=False)
        except HTTPException:  # the read was cut short: a disconnect, or the deadline
            if is_late():
                raise _too_slow(seconds) from None
            raise
        if is_late():
            raise _too_slow(seconds)
    return raw


def _too_slow(seconds: float) -> RequestTimeout:
    return RequestTimeout(f"The body did not arrive within {seconds:g} s.")


def json_body() -> Any:
    """The parsed body; too large a body raises 413 from ``MAX_CONTENT_LENGTH``."""
    if not request.is_json:
        raise UnsupportedMediaType(
            f"Send the body as application/json, not {request.mimetype or 'no content type'}."
        )
    raw = _read()
    limit = request.max_content_length
    if limit is not None and request.content_length is None and len(raw) >= limit:
        # A chunked body (no Content-Length) is cut at the limit by werkzeug, not refused:
        # without this check its first 2 MiB would be parsed (a 400, or even a 200).
        raise RequestEntityTooLarge(f"The body is larger than the limit of {limit} bytes.")
    largebodies.hold_for(raw)
    try:
        parsed = jsonio.loads(raw)
    except ValueError as error:
        raise BadRequest(f"The body is not valid JSON: {error}") from error
    if jsonio.repeats_a_name(raw, parsed):
        # Parsers disagree on which one counts (a proxy may have checked the other one).
        raise BadRequest("The body is ambiguous JSON: an object repeats a name.")
    return parsed


def load_body(schema: Schema) -> Any:
    """The body validated by ``schema``; its ValidationError becomes a 422 problem."""
    return schema.load(json_body())
