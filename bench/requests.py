"""CPU instructions per request through the real gunicorn, with the project's gunicorn.conf.py.

A gunicorn (one gthread worker, one thread, the cluster off) runs under valgrind's callgrind.
For each endpoint it answers a few requests of one body (caches filled), then callgrind's
counters are zeroed, N requests are answered over one keep-alive connection and the counters
are dumped: every instruction of the worker's threads in that window, divided by N, is one
request's, and boot, imports and shutdown are not in it (their cost moves by tens of millions
of instructions from one start to the next). The window is marked from outside: the bench's
config (``gunicorn.conf.py`` as it is, plus a hook) has the worker call ``os.getsid`` on
SIGUSR2 and ``os.getpgid`` on SIGTTIN, which callgrind zeroes before and dumps before
(``--zero-before``, ``--dump-before``); nothing else in the worker calls them. ``echo`` is a
bare Flask JSON echo (bench/echo_app.py) under the same config: the floor of framework and
server. The count does not depend on what else the machine is doing (PITFALLS: a shared
2-core machine).

    .venv/bin/python bench/requests.py                # every endpoint, N = 200
    .venv/bin/python bench/requests.py --n 50 score   # some of them

Nothing here asserts: bench/README.md ("Requests") keeps the figures.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from checkout import ROOT
from rulebook import THREE_CRIB, THREE_HANDS, THREE_LAID, WHOLE_HANDS, WHOLE_PLAY, record

HAND = {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}
ENDPOINTS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "echo": ("bench.echo_app:app", "/echo", HAND),
    "score": ("scoring_api.app:create_app()", "/v1/hands/score", HAND),
    "pegging": (
        "scoring_api.app:create_app()",
        "/v1/pegging/score",
        {"plays": WHOLE_PLAY, "hands": WHOLE_HANDS, "dealer": 1},
    ),
    "validate": (
        "scoring_api.app:create_app()",
        "/v1/plays/validate",
        {"plays": WHOLE_PLAY[:4], "play": {"player": 0, "go": True}, "dealer": 1},
    ),
    "deals": (
        "scoring_api.app:create_app()",
        "/v1/deals/score",
        {
            "rules": {"players": 3},
            "dealer": 2,
            "scores": [0, 0, 0],
            "starter": "5-5",
            "hands": THREE_HANDS,
            "crib": THREE_CRIB,
            "plays": record(THREE_LAID),
        },
    ),
}
"""Each endpoint's app, path and body: the hand of bench/http.sh, the rule book's plays."""

_PORT = re.compile(r"Listening at: http://127\.0\.0\.1:(\d+)")
_WORKER = re.compile(r"Booting worker with pid: (\d+)")
_SUMMARY = re.compile(r"^summary: (\d+)", re.MULTILINE)
_WARM = 5
"""Requests answered before the window: the first fills the caches of the rules and schemas."""
_ZERO, _DUMP = "/bench/zero", "/bench/dump"
"""The marks of a window: requests whose ``pre_request`` hook calls ``os.getsid`` (callgrind
zeroes its counters before it) or ``os.getpgid`` (it dumps them before it)."""
_BENCH_CONFIG = """
import os
_project = {"__file__": %r}
exec(compile(open(%r).read(), %r, "exec"), _project)
globals().update({k: v for k, v in _project.items() if not k.startswith("__")})


def pre_request(worker, req):
    if req.path == %r:
        os.getsid(0)
    elif req.path == %r:
        os.getpgid(0)
"""
"""gunicorn.conf.py as it is, and the marks of a window: in the thread that answers requests,
where callgrind counts its own (all threads are in one count: no ``--separate-threads``)."""


def _serve(app: str, out: Path) -> tuple[subprocess.Popen[bytes], int, int, Path]:
    """gunicorn under callgrind on a free port: the process, its port, its worker's pid, the
    file its stderr goes to."""
    log = out / "gunicorn.log"
    config = out / "bench.gunicorn.conf.py"
    project = str(ROOT / "gunicorn.conf.py")
    config.write_text(_BENCH_CONFIG % (project, project, project, _ZERO, _DUMP))
    env = {
        **os.environ,
        "BIND": "127.0.0.1:0",
        "WEB_CONCURRENCY": "1",
        "GUNICORN_THREADS": "1",
        "SCORING_API_SCHEDULER": "off",
        "PYTHONHASHSEED": "0",
        "PYTHONPATH": str(ROOT),
    }
    command = [
        "valgrind",
        "--tool=callgrind",
        f"--callgrind-out-file={out}/callgrind.%p",
        "--zero-before=getsid",
        "--dump-before=getpgid",
        str(Path(sys.executable).with_name("gunicorn")),
        "-c",
        str(config),
        app,
    ]
    with log.open("wb") as sink:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=sink, stderr=sink)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace")
        port, worker = _PORT.search(text), _WORKER.search(text)
        if port and worker:
            return server, int(port.group(1)), int(worker.group(1)), log
        if server.poll() is not None:
            raise RuntimeError(text[-2000:])
        time.sleep(0.5)
    server.kill()
    raise RuntimeError("gunicorn did not start under callgrind")


def _post_many(
    connection: http.client.HTTPConnection, path: str, body: bytes, n: int, status: int = 200
) -> None:
    headers = {"Content-Type": "application/json"}
    for _ in range(n):
        connection.request("POST", path, body, headers)
        response = connection.getresponse()
        answer = response.read()
        if response.status != status:
            raise RuntimeError(f"{path}: {response.status} {answer[:300]!r}")


class _Windows:
    """The windows of one worker: each is dumped to the next numbered file."""

    def __init__(self, connection: http.client.HTTPConnection, out: Path, worker: int) -> None:
        self.connection, self.out, self.worker, self.dumps = connection, out, worker, 0

    def measure(self, path: str, data: bytes, n: int) -> int:
        """The instructions of a window of ``n`` requests and its two marks."""
        _post_many(self.connection, _ZERO, b"", 1, 404)
        _post_many(self.connection, path, data, n)
        _post_many(self.connection, _DUMP, b"", 1, 404)
        self.dumps += 1
        found = self.out / f"callgrind.{self.worker}.{self.dumps}"
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            summary = _SUMMARY.search(found.read_text()) if found.exists() else None
            if summary is not None:
                return int(summary.group(1))
            time.sleep(0.5)
        raise RuntimeError(f"callgrind wrote no {found.name}")


def _connect(port: int) -> http.client.HTTPConnection:
    """A keep-alive connection once the worker (still importing under valgrind) answers."""
    deadline = time.monotonic() + 600
    while True:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        try:
            connection.request("GET", "/nothing-here")
            connection.getresponse().read()
            return connection
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def per_request(app: str, names: list[str], n: int) -> dict[str, float]:
    """Instructions a request for each endpoint of ``names``, all served by ``app``."""
    figures = {}
    with tempfile.TemporaryDirectory(prefix="bench-requests-") as folder:
        out = Path(folder)
        server, port, worker, _ = _serve(app, out)
        try:
            connection = _connect(port)
            windows = _Windows(connection, out, worker)
            windows.measure("/", b"", 0)  # the first dump also holds the boot: not a window
            for name in names:
                _, path, body = ENDPOINTS[name]
                data = json.dumps(body).encode()
                _post_many(connection, path, data, _WARM)
                marks = windows.measure(path, data, 0)
                figures[name] = (windows.measure(path, data, n) - marks) / n
            connection.close()
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=300)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=200, help="requests in each window")
    # none named: every endpoint (argparse checks an omitted "*" list against the choices,
    # so the empty list is one of them)
    parser.add_argument("endpoints", nargs="*", choices=[[], *ENDPOINTS])
    args = parser.parse_args()
    args.endpoints = args.endpoints or list(ENDPOINTS)
    figures: dict[str, float] = {}
    for app in dict.fromkeys(ENDPOINTS[name][0] for name in args.endpoints):
        served = [name for name in args.endpoints if ENDPOINTS[name][0] == app]
        figures.update(per_request(app, served, args.n))
    echo = figures.get("echo")
    print(f"instructions per request (a window of {args.n} requests, callgrind)")
    print("| endpoint | path | instructions | of echo |")
    print("| --- | --- | ---: | ---: |")
    for name in args.endpoints:
        ratio = f"{figures[name] / echo:.2f}x" if echo else "-"
        print(f"| {name} | {ENDPOINTS[name][1]} | {figures[name]:,.0f} | {ratio} |")


if __name__ == "__main__":
    main()
