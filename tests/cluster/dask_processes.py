"""Real ``dask scheduler`` and ``dask worker`` processes on 127.0.0.1, for tests (no mocks).

``with scheduler(tmp) as sched, workers(sched.address, 2):`` starts them, waits until the
workers have joined and always stops them (SIGKILL: nothing of theirs is kept).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DASK = str(Path(sys.executable).with_name("dask"))
START_SECONDS = 60
CONNECT_TRIES = 3
QUIET = {
    "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
    "DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL": "500ms",
}


@dataclass
class Scheduler:
    process: subprocess.Popen[bytes]
    address: str
    log: Path

    def stop(self) -> None:
        kill(self.process)

    def tasks(self) -> int:
        """How many tasks the scheduler holds now (asked through a client of its own)."""
        # A lambda: pickled whole for the scheduler, which cannot import this test module.
        return self._ask(
            lambda client: client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
        )

    def workers(self) -> int:
        return self._ask(lambda client: len(client.nthreads()))

    def _ask(self, question: Callable[[Any], int]) -> int:
        """``question`` of a client of its own, connected anew for it. The handshake of a
        new client with a busy scheduler can fail (distributed's ``assert len(msg) == 1``,
        seen with both cores held by busy loops): a few tries, the last one's error raised."""
        from distributed import Client

        for attempt in range(CONNECT_TRIES):
            try:
                with Client(self.address, set_as_default=False, timeout=10) as client:
                    return question(client)
            except (AssertionError, OSError, TimeoutError):
                if attempt == CONNECT_TRIES - 1:
                    raise
                time.sleep(0.2)
        raise AssertionError("unreachable")

    def wait_workers(self, count: int, seconds: float = START_SECONDS) -> None:
        deadline = time.monotonic() + seconds
        while self.workers() != count:
            if time.monotonic() > deadline:
                raise AssertionError(f"{count} workers did not join {self.address}")
            time.sleep(0.2)


def kill(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


def _start(command: list[str], log: Path, env: Mapping[str, str] | None) -> subprocess.Popen[bytes]:
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("ab") as out:
        return subprocess.Popen(
            command,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, **QUIET, **(env or {})},
            start_new_session=True,  # its own process group: killed with its children
        )


@contextlib.contextmanager
def scheduler(directory: Path, port: int = 0) -> Iterator[Scheduler]:
    path = directory / "scheduler.json"
    path.unlink(missing_ok=True)
    log = directory / "scheduler.log"
    command = [
        DASK,
        "scheduler",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--no-dashboard",
        "--dashboard-address",
        "127.0.0.1:0",
        "--scheduler-file",
        str(path),
    ]
    process = _start(command, log, None)
    try:
        deadline = time.monotonic() + START_SECONDS
        info: dict[str, Any] = {}
        while not info:
            with contextlib.suppress(OSError, ValueError):
                info = json.loads(path.read_text())
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"dask scheduler did not start:\n{log.read_text()}")
            time.sleep(0.1)
        yield Scheduler(process, info["address"], log)
    finally:
        kill(process)


@contextlib.contextmanager
def workers(
    sched: Scheduler,
    count: int,
    directory: Path,
    env: Mapping[str, str] | None = None,
    nanny: bool = False,
) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``count`` single-threaded ``dask worker`` processes (no nanny: a kill is final)."""
    already = sched.workers()
    processes = []
    try:
        for number in range(count):
            command = [
                DASK,
                "worker",
                sched.address,
                "--nthreads",
                "1",
                "--host",
                "127.0.0.1",
                "--dashboard-address",
                "127.0.0.1:0",
                "--nanny" if nanny else "--no-nanny",
                "--memory-limit",
                "0",
            ]
            log = directory / f"worker-{number}.log"
            processes.append(_start(command, log, env))
        sched.wait_workers(already + count)
        yield processes
    finally:
        for process in processes:
            kill(process)
