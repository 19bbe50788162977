"""The image's health check: ``python -m scoring_api.healthcheck`` asks /healthz at the
address gunicorn actually binds (``BIND``, else ``0.0.0.0:$PORT``, as gunicorn.conf.py
reads them); exit status 0 when it answers 200, else 1."""

from __future__ import annotations

import http.client
import os
import socket
import sys
from collections.abc import Mapping

TIMEOUT_SECONDS = 4


def target(environ: Mapping[str, str]) -> tuple[str, str | int]:
    """("unix", path) or (host, port) to reach the first address gunicorn binds."""
    bind = environ.get("BIND") or f"0.0.0.0:{environ.get('PORT', '8000')}"
    first = bind.replace(",", " ").split()[0]
    if first.startswith("unix:"):
        return "unix", first[len("unix:") :]
    host, _, port = first.rpartition(":")
    if not host:  # only a port, or only a host
        host, port = (first, "8000") if not first.isdigit() else ("", first)
    host = host.strip("[]")
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return host, int(port)


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float) -> None:
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self._path)


def healthy(environ: Mapping[str, str]) -> bool:
    host, where = target(environ)
    if host == "unix":
        conn: http.client.HTTPConnection = _UnixConnection(str(where), TIMEOUT_SECONDS)
    else:
        conn = http.client.HTTPConnection(host, int(where), timeout=TIMEOUT_SECONDS)
    try:
        conn.request("GET", "/healthz")
        return conn.getresponse().status == 200
    except (OSError, http.client.HTTPException):
        return False
    finally:
        conn.close()


if __name__ == "__main__":
    sys.exit(0 if healthy(os.environ) else 1)
