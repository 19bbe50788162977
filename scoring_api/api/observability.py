"""Per-request bookkeeping: request ID, one JSON log line, Prometheus samples."""

from __future__ import annotations

import contextlib
import logging
import re
import secrets
import time
from typing import Any

import orjson
from flask import Flask, Request, Response, current_app, has_request_context, request
from pythonjsonlogger.json import JsonFormatter
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from . import metrics
from .streams import Watched, ending_of, when_written

REQUEST_ID_HEADER = "X-Request-ID"
_SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")
_ID_KEY = "scoring_api.request_id"
_STARTED_KEY = "scoring_api.started"
UNMATCHED_ROUTE = "<unmatched>"  # one label for every 404, so scanners cannot bloat metrics
# A method the route does not serve (a 405, a 404, any of gunicorn's 3 to 20 capitals) is
# "other": each route has its own methods (with HEAD and OPTIONS) and "other", so a scrape
# stays under a bound however the routes are tried (about 90 KB, docs/operations.md).
OTHER_METHOD = "other"

request_log = logging.getLogger("scoring_api.request")


class _RequestIdFilter(logging.Filter):
    """Stamps every record logged during a request (errors too) with its request ID."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id") and has_request_context():
            record.request_id = request_id_of(request.environ)
        return True


def _serialize(record: dict[str, Any], **_: Any) -> str:
    """One log line with orjson: the stdlib encoder is most of a log line's cost."""
    return orjson.dumps(record, default=str).decode()


def configure_logging() -> None:
    """JSON lines on stderr for the whole ``scoring_api`` logger tree (once per process)."""
    root = logging.getLogger("scoring_api")
    if root.handlers:
        return
    # No line of this process names where it was logged from (file, line, function, thread,
    # process: the formats are time, level, logger, message and the line's own fields), so
    # the logging module's documented optimisations skip working them out for every record.
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False
    logging._srcfile = None
    handler = logging.StreamHandler()
    handler.setFormatter(
        JsonFormatter(
            "{asctime}{levelname}{name}{message}",
            style="{",
            rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
            json_serializer=_serialize,
        )
    )
    handler.addFilter(_RequestIdFilter())
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    root.propagate = False


def request_id_of(environ: dict[str, Any]) -> str:
    """The client's ID when it is sane (no header injection, bounded), else a fresh one.

    Kept in the WSGI environ: one plain dict that every layer of the request can reach.
    """
    request_id: str | None = environ.get(_ID_KEY)
    if request_id is None:
        offered = environ.get("HTTP_X_REQUEST_ID", "")
        request_id = offered if _SANE_ID.fullmatch(offered) else secrets.token_hex(16)
        environ[_ID_KEY] = request_id
    return request_id


def route_of(req: Request) -> str:
    """The route template that matched, also on a 405 (the path exists, not the method)."""
    if req.url_rule is not None:
        return req.url_rule.rule
    if isinstance(req.routing_exception, MethodNotAllowed):
        allowed = req.routing_exception.valid_methods or ()
        adapter = current_app.url_map.bind_to_environ(req.environ)
        for method in allowed:
            with contextlib.suppress(HTTPException):
                rule, _ = adapter.match(method=method, return_rule=True)
                return rule.rule
    return UNMATCHED_ROUTE


def metric_method(req: Request) -> str:
    """The method's label: its name where the matched route serves it, else ``other``."""
    rule = req.url_rule
    if rule is not None and rule.methods is not None and req.method in rule.methods:
        return req.method
    return OTHER_METHOD


_FIELDS_KEY = "scoring_api.log_fields"


def log_field(environ: dict[str, Any], name: str, value: Any) -> None:
    """``name: value`` goes into this request's log line, as it is when the line is written
    (a dict may still be filled in meanwhile)."""
    environ.setdefault(_FIELDS_KEY, {})[name] = value


def _start() -> None:
    request.environ[_STARTED_KEY] = time.perf_counter()
    metrics.IN_FLIGHT.inc()


def _finish(response: Response) -> Response:
    """Stamp the request ID; log and count the request when its answer is done.

    A streamed answer is done when its last chunk is sent or it is closed early (the client
    went away, the server stopped): it is logged then, with its real duration, its size,
    ``completed`` (false: cut off) and what its endpoint reported (``streams.report_ending``).
    So is an admitted answer (``admission``), once written: ``written`` (false: its client
    stopped reading and was cut off) and its size.
    """
    req = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
    environ = req.environ
    started = environ.get(_STARTED_KEY)
    request_id = request_id_of(environ)
    response.headers[REQUEST_ID_HEADER] = request_id
    route = route_of(req)
    method = metric_method(req)
    line = {
        "request_id": request_id,
        "method": req.method,
        "path": req.path,
        "route": route,
        "status": response.status_code,
        "remote_addr": req.remote_addr,
    }
    ended = [started is None]  # no _start: nothing to count (a failure before it)

    def end(stream: dict[str, Any] | None = None) -> None:
        if ended[0]:
            return
        ended[0] = True
        seconds = time.perf_counter() - started
        metrics.IN_FLIGHT.dec()
        metrics.observe(method, route, line["status"], seconds)
        extra = {**line, "duration_ms": round(seconds * 1000, 3), **(stream or {})}
        request_log.info("request", extra={**extra, **environ.get(_FIELDS_KEY, {})})

    body = response.response
    if isinstance(body, Watched) and body.whole:  # admitted: logged once written
        body.also(lambda completed, sent: end({"written": completed, "bytes": sent}))
        return response
    if not response.is_streamed or response.direct_passthrough:  # a file: sent as it is
        end()
        return response
    when_written(
        response,
        environ,
        lambda completed, sent: end(
            {"stream": True, "completed": completed, "bytes": sent, **ending_of(environ)}
        ),
    )
    return response


def init_observability(app: Flask) -> None:
    configure_logging()
    app.before_request(_start)
    app.after_request(_finish)
