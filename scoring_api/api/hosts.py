"""The Host header: answered only for the service's own names, and never reflected.

A request for another host (``SCORING_API_ALLOWED_HOSTS``) is a 400 problem, so a forged
Host cannot reach any page (cache poisoning, links built from it). Probes and scrapes reach
the operations endpoints by address, so those answer any host. werkzeug writes the Host
into the absolute ``Location`` of its redirects (``/v1//tiles`` -> ``/v1/tiles``); they go
out relative instead.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from urllib.parse import urlsplit, urlunsplit

from flask import Flask, Response, request

from scoring_api.settings import current_settings

from .problems import problem

ANY_HOST_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})
_LEADING_SLASHES = re.compile(r"^/+")


def allowed_hosts() -> tuple[str, ...] | None:
    """The configured names (lower case), or None for any host (``*``)."""
    return _parse(current_settings().allowed_hosts)


@cache
def _parse(setting: str) -> tuple[str, ...] | None:
    names = tuple(name for name in (part.strip().lower() for part in setting.split(",")) if name)
    return None if "*" in names else names


def host_name(host: str) -> str:
    """A Host header without its port: ``[::1]:8080`` -> ``[::1]``, ``a.b:80`` -> ``a.b``."""
    host = host.strip().lower().rstrip(".")
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


@lru_cache(maxsize=256)  # bounded: the Host header is the client's to choose
def host_allowed(host: str, names: tuple[str, ...]) -> bool:
    name = host_name(host)
    return bool(name) and any(
        name == allowed
        or (allowed.startswith(".") and (name.endswith(allowed) or name == allowed[1:]))
        for allowed in names
    )


def _check_host() -> Response | None:
    if request.path in ANY_HOST_PATHS:
        return None
    names = allowed_hosts()
    host = request.environ.get("HTTP_HOST", "")
    if names is None or host_allowed(host, names):
        return None
    return problem(
        400,
        "This server does not answer for that Host; ask for it by one of its names.",
    )


def _relative_location(response: Response) -> Response:
    location = response.headers.get("Location")
    if location and response.status_code // 100 == 3:
        _, _, path, query, fragment = urlsplit(location)
        # One leading slash: "//evil.example/" would be another host (a protocol-relative URL).
        path = _LEADING_SLASHES.sub("/", path) or "/"
        response.headers["Location"] = urlunsplit(("", "", path, query, fragment))
    return response


def init_hosts(app: Flask) -> None:
    app.before_request(_check_host)
    app.after_request(_relative_location)
