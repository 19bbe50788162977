"""Per-request bookkeeping: request ID, one JSON log line, Prometheus samples."""

from __future__ import annotations

import logging
import re
import time
import uuid

from flask import Flask, Response, g, has_request_context, request
from pythonjsonlogger.orjson import OrjsonFormatter

from . import metrics

REQUEST_ID_HEADER = "X-Request-ID"
_SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")
UNMATCHED_ROUTE = "<unmatched>"  # one label for every 404, so scanners cannot bloat metrics

request_log = logging.getLogger("scoring_api.request")


class _RequestIdFilter(logging.Filter):
    """Stamps every record logged during a request (errors too) with its request ID."""

    def filter(self, record: logging.LogRecord) -> bool:
        if has_request_context() and not hasattr(record, "request_id"):
            record.request_id = current_request_id()
        return True


def configure_logging() -> None:
    """JSON lines on stderr for the whole ``scoring_api`` logger tree (once per process)."""
    root = logging.getLogger("scoring_api")
    if root.handlers:
        return
    handler = logging.StreamHandler()
    handler.setFormatter(
        OrjsonFormatter(
            "{asctime}{levelname}{name}{message}",
            style="{",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
        )
    )
    handler.addFilter(_RequestIdFilter())
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    root.propagate = False


def current_request_id() -> str:
    """The client's ID when it is sane (no header injection, bounded), else a fresh one."""
    if "request_id" not in g:
        offered = request.headers.get(REQUEST_ID_HEADER, "")
        g.request_id = offered if _SANE_ID.fullmatch(offered) else uuid.uuid4().hex
    request_id: str = g.request_id
    return request_id


def _start() -> None:
    g.started = time.perf_counter()
    current_request_id()


def _finish(response: Response) -> Response:
    req = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
    seconds = time.perf_counter() - g.get("started", time.perf_counter())
    request_id = current_request_id()
    response.headers[REQUEST_ID_HEADER] = request_id
    route = req.url_rule.rule if req.url_rule is not None else UNMATCHED_ROUTE
    status = response.status_code
    metrics.observe(req.method, route, status, seconds)
    request_log.info(
        "request",
        extra={
            "request_id": request_id,
            "method": req.method,
            "path": req.path,
            "route": route,
            "status": status,
            "duration_ms": round(seconds * 1000, 3),
            "remote_addr": req.remote_addr,
        },
    )
    return response


def init_observability(app: Flask) -> None:
    configure_logging()
    app.before_request(_start)
    app.after_request(_finish)
