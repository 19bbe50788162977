"""Open CORS for the public API so browser clients on any origin can call it."""

from __future__ import annotations

from flask import Flask, Response, request

API_PREFIX = "/v1/"


def _preflight() -> Response | None:
    """Answer a preflight for any existing /v1 route; Flask's default would be 200 HTML."""
    rule = request.url_rule
    if request.method != "OPTIONS" or rule is None or not request.path.startswith(API_PREFIX):
        return None
    response = Response(status=204)
    del response.headers["Content-Type"]  # no content, so no content type
    response.headers["Access-Control-Allow-Methods"] = ", ".join(sorted(rule.methods or ()))
    response.headers["Access-Control-Allow-Headers"] = "Content-Type, X-Request-ID"
    response.headers["Access-Control-Max-Age"] = "600"
    return response


def _allow_any_origin(response: Response) -> Response:
    if request.path.startswith(API_PREFIX):
        response.headers["Access-Control-Allow-Origin"] = "*"
        response.headers["Access-Control-Expose-Headers"] = "X-Request-ID"
    return response


def init_cors(app: Flask) -> None:
    app.before_request(_preflight)
    app.after_request(_allow_any_origin)
