"""Every error leaves the service as RFC 9457 ``application/problem+json``.

One place turns each failure (Flask's HTTP errors, marshmallow's validation errors, the rules
core's errors, anything unexpected) into a problem document, so clients parse one shape and no
traceback ever reaches them.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, g, has_app_context
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from scoring_api.rules import IllegalPlayError, MalformedInputError

from . import jsonio

PROBLEM_MIMETYPE = "application/problem+json"
INVALID_INPUT_TYPE = "urn:domino-cribbage:problem:invalid-input"
ILLEGAL_PLAY_TYPE = "urn:domino-cribbage:problem:illegal-play"

log = logging.getLogger(__name__)

FieldError = tuple[str, str]

# A 422 lists at most this many errors and says how many more it found; validation stops
# soon after (a 2 MiB body of unknown fields once made a 19.7 MB answer of 360,612 errors).
MAX_ERRORS = 100
_OMITTED_KEY = "scoring_api_omitted_errors"


class InvalidInput(Exception):  # noqa: N818 - names the 422 it becomes
    """Well-formed JSON whose fields break the contract; each error is (pointer, detail).

    ``stopped``: validation gave up at MAX_ERRORS, so part of the body was not checked.
    """

    def __init__(self, errors: list[FieldError], *, stopped: bool = False) -> None:
        super().__init__(errors)
        self.errors = errors
        self.stopped = stopped


def note_omitted_errors(count: int) -> None:
    """Count errors found but not built, for this request's 422 (see schemas.StrictSchema)."""
    if has_app_context():
        setattr(g, _OMITTED_KEY, g.get(_OMITTED_KEY, 0) + count)


def problem(
    status: int,
    detail: str,
    *,
    type_: str = "about:blank",
    headers: Iterable[tuple[str, str]] = (),
    **extra: Any,
) -> Response:
    """A problem+json response; ``about:blank`` problems take the HTTP phrase as title."""
    body = {
        "type": type_,
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
        **extra,
    }
    response = Response(jsonio.dumps(body), status=status, mimetype=PROBLEM_MIMETYPE)
    response.headers.extend(headers)
    return response


# A field of a game record's deal, and of a seat's hand, drawn tiles or claim in it.
_IN_DEAL = re.compile(r"^/deals/(\d+)(?:/(?:hands|drawn|claims/hands)/(\d+))?(?:/|$)")


def _field_error(pointer: str, detail: str, facts: Mapping[str, object]) -> dict[str, Any]:
    """One bad field, with what a page needs to say it in its own words: the deal of a game
    record it is in and the seat whose tiles it names (from its pointer), and the core's
    facts (``MalformedInputError.facts``: a code, the seats or scores the detail names)."""
    entry: dict[str, Any] = {"pointer": pointer, "detail": detail}
    found = _IN_DEAL.match(pointer)
    if found:
        entry["deal"] = int(found.group(1))
        if found.group(2) is not None:
            entry["seat"] = int(found.group(2))
    entry.update(facts)
    return entry


def invalid_input(
    errors: list[FieldError],
    *,
    stopped: bool = False,
    facts: Sequence[Mapping[str, object]] = (),
) -> Response:
    """The 422 answer naming each bad field by JSON pointer, at most MAX_ERRORS of them
    (``facts``: the core's structured facts of the first ones, in the same order).

    Its ``detail`` names the fields and each error says what is wrong with its own (the bad
    value quoted once: a page that shows both would say it twice). Past the limit it says
    how many more errors it found (``more_errors``) and whether validation stopped before
    the end of the body (``validation_stopped``: then there may be more still).
    """
    omitted: int = g.pop(_OMITTED_KEY, 0) if has_app_context() else 0
    more_errors = max(len(errors) - MAX_ERRORS, 0) + omitted
    total = len(errors) + omitted
    summary = ", ".join(pointer or "/" for pointer, _ in errors[:3])
    more = f" (and {'at least ' if stopped else ''}{total - 3} more)" if total > 3 else ""
    extra: dict[str, Any] = {}
    if more_errors or stopped:
        extra["more_errors"] = more_errors
    if stopped:
        extra["validation_stopped"] = True
    return problem(
        422,
        f"The request body has invalid fields: {summary}{more}",
        type_=INVALID_INPUT_TYPE,
        errors=[
            _field_error(pointer, detail, facts[i] if i < len(facts) else {})
            for i, (pointer, detail) in enumerate(errors[:MAX_ERRORS])
        ],
        **extra,
    )


def escape_pointer_token(token: object) -> str:
    """RFC 6901 escaping, so an unknown key like ``a/b`` still yields a usable pointer."""
    return str(token).replace("~", "~0").replace("/", "~1")


def flatten_messages(messages: Any, pointer: str = "") -> list[FieldError]:
    """marshmallow's nested error dict as (JSON pointer, detail) pairs, in body order."""
    if isinstance(messages, Mapping):
        errors: list[FieldError] = []
        for key, nested in messages.items():
            child = pointer if key == "_schema" else f"{pointer}/{escape_pointer_token(key)}"
            errors.extend(flatten_messages(nested, child))
        return errors
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return [(pointer, message) for message in messages]
    if isinstance(messages, list):
        return [error for nested in messages for error in flatten_messages(nested, pointer)]
    return [(pointer, str(messages))]


def _http_error(error: HTTPException) -> Response:
    status = error.code or 500
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    return problem(status, error.description or HTTPStatus(status).description, headers=headers)


def _validation_error(error: ValidationError) -> Response:
    return invalid_input(flatten_messages(error.messages))


def _invalid_input(error: InvalidInput) -> Response:
    return invalid_input(error.errors, stopped=error.stopped)


def _malformed(error: MalformedInputError) -> Response:
    return invalid_input(list(error.errors), facts=[error.facts])


def _illegal_play(error: IllegalPlayError) -> Response:
    # The go a tile proves wrong: the entry to take the record back to, and its count.
    undo: dict[str, Any] = {}
    if error.go_index is not None:
        undo = {"go_index": error.go_index, "go_count": error.go_count}
    # In a game's record, the deal whose play holds the entry.
    where: dict[str, Any] = {} if error.deal is None else {"deal": error.deal}
    deal = "" if error.deal is None else f"/deals/{error.deal}"
    return problem(
        422,
        error.message,
        type_=ILLEGAL_PLAY_TYPE,
        index=error.index,
        code=error.code,
        **undo,
        **where,
        errors=[_field_error(f"{deal}/plays/{error.index}", error.message, {})],
    )


def _unexpected(error: Exception) -> Response:
    log.exception("unhandled error", exc_info=error)
    return problem(500, "The server failed to answer this request; it has been logged.")


def register_error_handlers(app: Flask) -> None:
    """Route every failure through ``problem``; Flask picks the most specific handler."""
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(ValidationError, _validation_error)
    app.register_error_handler(InvalidInput, _invalid_input)
    app.register_error_handler(MalformedInputError, _malformed)
    app.register_error_handler(IllegalPlayError, _illegal_play)
    app.register_error_handler(Exception, _unexpected)
