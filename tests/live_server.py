"""gunicorn as the service runs it (gunicorn.conf.py), on a free port of 127.0.0.1, for tests.

``with serve(workers=2, env={...}) as server:`` starts it, waits until /readyz answers and
always stops it (SIGTERM, then SIGKILL after a bounded wait). Plain ``http.client`` calls keep
full control of what goes on the wire.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# How long a start may take before it is called broken: not a speed (each wait returns as
# soon as the server is there), so generous: on a 2-core machine at load 17 a start and its
# first /readyz took over 30 s.
START_SECONDS = 180
READY_REQUEST_SECONDS = 20
STOP_SECONDS = 40  # gunicorn.conf.py's graceful_timeout is 30 s

UNLIMITED = {
    "SCORING_API_MAX_SIMULATIONS": "0",
    "SCORING_API_MAX_ANSWERS": "0",
    "SCORING_API_CHEAP_THREADS": "0",
    "SCORING_API_SIMULATION_RATE": "off",
    "SCORING_API_ADVICE_RATE": "off",
    "SCORING_API_REVIEW_RATE": "off",
    "SCORING_API_BATCH_RATE": "off",
}

# docs/rules.md section 6: 24 points.
VALID_HAND = {"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}


PORT_TAKEN = "Connection in use"
"""What gunicorn logs when its port is bound already (it then exits)."""
PORT_TRIES = 3


def _ephemeral_ports_start() -> int:
    with contextlib.suppress(OSError, ValueError, IndexError):
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    return 32768


def free_port() -> int:
    """A free port of 127.0.0.1, below the kernel's ephemeral ports where it can: a port
    bound to 0 is one of those, and any outgoing connection on the machine (a client, a
    Dask comm, another test's server) may be given it before the test's server binds it
    (CI saw it: gunicorn exited, "Connection in use")."""
    start = _ephemeral_ports_start()
    chooser = random.SystemRandom()
    for _ in range(100 if start > 11_000 else 0):
        port = chooser.randrange(10_000, start)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        chosen: int = sock.getsockname()[1]
        return chosen


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def mimetype(self) -> str:
        return self.headers.get("content-type", "").split(";")[0].strip()

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Server:
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        timeout: float = 30,
        source: str = "127.0.0.1",
    ) -> Answer:
        """One request on a new connection from ``source`` (127.0.0.2 is another client)."""
        conn = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=timeout, source_address=(source, 0)
        )
        try:
            conn.putrequest(method, path)
            for name, value in (headers or {}).items():
                conn.putheader(name, value)
            if body is not None:
                conn.putheader("Content-Length", str(len(body)))
            conn.endheaders()
            # The server may answer (413) and close before reading a big body: read that.
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                if body:
                    conn.send(body)
            response = conn.getresponse()
            data = response.read()
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, data)
        finally:
            conn.close()

    def post_json(
        self, path: str, document: Any, timeout: float = 30, source: str = "127.0.0.1"
    ) -> Answer:
        return self.request(
            "POST",
            path,
            json.dumps(document).encode(),
            {"Content-Type": "application/json"},
            timeout,
            source,
        )

    def children(self) -> set[int]:
        """PIDs of the master's children: its workers and the embedded cluster's process."""
        tasks = Path(f"/proc/{self.process.pid}/task")  # every thread's: the cluster's process
        with contextlib.suppress(OSError):  # is restarted from a thread of the master
            return {
                int(pid)
                for task in tasks.iterdir()
                for pid in (task / "children").read_text().split()
            }
        found = set()
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, IndexError, ValueError):
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == self.process.pid:
                    found.add(int(stat.parent.name))
        return found

    def _cluster_command(self, pid: int) -> list[bytes] | None:
        with contextlib.suppress(OSError):
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if b"scoring_api.sim_cluster.embedded" in argv:
                return argv
        return None

    def workers(self) -> set[int]:
        """PIDs of the master's worker processes (its children but the cluster's process)."""
        return {pid for pid in self.children() if self._cluster_command(pid) is None}

    def wait_cluster(self, seconds: float = START_SECONDS) -> str:
        """Wait until the embedded simulation cluster is up; its scheduler's address."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for pid in self.children():
                argv = self._cluster_command(pid)
                if argv is not None:
                    scheduler_file = Path(
                        argv[argv.index(b"scoring_api.sim_cluster.embedded") + 1].decode()
                    )
                    with contextlib.suppress(OSError, ValueError, KeyError):
                        address: str = json.loads(scheduler_file.read_text())["address"]
                        return address
            time.sleep(0.1)
        raise AssertionError(f"no embedded cluster within {seconds} s:\n{self.tail()}")

    def wait_workers(self, count: int, seconds: float = START_SECONDS) -> set[int]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            pids = self.workers()
            if len(pids) == count:
                return pids
            time.sleep(0.1)
        raise AssertionError(f"expected {count} workers, have {self.workers()}\n{self.tail()}")

    def wait_ready(self, seconds: float = START_SECONDS) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"gunicorn exited ({self.process.returncode}):\n{self.tail()}")
            with contextlib.suppress(OSError, http.client.HTTPException):
                if self.request("GET", "/readyz", timeout=READY_REQUEST_SECONDS).status == 200:
                    return
            time.sleep(0.1)
        raise AssertionError(f"gunicorn not ready within {seconds} s:\n{self.tail()}")

    def tail(self, chars: int = 4000) -> str:
        with contextlib.suppress(OSError):
            return self.log.read_text(errors="replace")[-chars:]
        return ""

    def stop(self) -> int:
        """SIGTERM (graceful), SIGKILL if it outlives the graceful timeout; the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        return self.process.returncode


def start(
    log: Path, workers: int = 2, env: Mapping[str, str] | None = None, cwd: Path = ROOT
) -> Server:
    """gunicorn -c gunicorn.conf.py on a free port, started (not yet ready) in ``cwd``: stop
    it."""
    port = free_port()
    environment = {
        **os.environ,
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": str(workers),
        "GUNICORN_LOG_LEVEL": "warning",
        # Tests send many requests, simulations among them, at once from one address: no
        # rate limits nor simulation cap unless a test asks for them (tests/reliability/
        # test_admission.py does).
        **UNLIMITED,
        **(env or {}),
    }
    environment.pop("PROMETHEUS_MULTIPROC_DIR", None)  # the config makes its own
    command = [
        str(Path(sys.executable).with_name("gunicorn")),  # as ./scripts/serve starts it
        "-c",
        str(ROOT / "gunicorn.conf.py"),
        "scoring_api.app:create_app()",
    ]
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=cwd, env=environment, stdout=out, stderr=subprocess.STDOUT
        )
    return Server(port, process, log)


def started(
    log: Path, workers: int = 2, env: Mapping[str, str] | None = None, cwd: Path = ROOT
) -> Server:
    """gunicorn -c gunicorn.conf.py on a free port, ready: on another port when its own was
    taken before gunicorn bound it (another process's socket), ``PORT_TRIES`` in all."""
    attempt = 1
    while True:
        server = start(log, workers, env, cwd)
        try:
            server.wait_ready()
            return server
        except BaseException:
            server.stop()
            if attempt == PORT_TRIES or PORT_TAKEN not in server.tail():
                raise
        attempt += 1


@contextlib.contextmanager
def serve(
    log: Path, workers: int = 2, env: Mapping[str, str] | None = None, cwd: Path = ROOT
) -> Iterator[Server]:
    """gunicorn -c gunicorn.conf.py on a free port, ready; always stopped on the way out."""
    server = started(log, workers, env, cwd)
    try:
        yield server
    finally:
        server.stop()
