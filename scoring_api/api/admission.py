"""Admission control: at most ``SCORING_API_MAX_SIMULATIONS`` simulations run at once on a
server, all gunicorn workers together; one more is a 503 problem with ``Retry-After``.

Simulations are long and CPU-bound; without a cap, 16 of them took every worker thread and
``/healthz`` went unanswered for 20 s. With it, the other requests keep threads and CPU.

How the workers share the count: one small file per slot in a directory the gunicorn master
makes before it forks (beside the Prometheus files), and an exclusive ``flock`` on a slot's
file while a simulation holds it. The kernel counts for us across processes and threads
(each holder opens its own file description), and it releases the lock of a worker that
dies, even by SIGKILL: a shared-memory counter would leak the slots of a killed worker, and
a per-worker semaphore of cap/workers would refuse a simulation while another worker sits
idle (the kernel, not us, picks the worker of each connection). A try costs a few system
calls per slot, next to a simulation's milliseconds to minutes.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import threading
from pathlib import Path

from flask import Response, after_this_request
from werkzeug.exceptions import ServiceUnavailable

from scoring_api.settings import current_settings

from .streams import Watched

RETRY_AFTER_SECONDS = 2
_DIR_ENV = "PROMETHEUS_MULTIPROC_DIR"  # made afresh by gunicorn.conf.py for each server run
_lock = threading.Lock()
_local_dir: Path | None = None


def slots_dir() -> Path:
    """The server's slot directory: shared by the workers, or this process's own."""
    global _local_dir
    shared = os.environ.get(_DIR_ENV)
    if shared:
        path = Path(shared) / "admission"
    else:
        with _lock:
            if _local_dir is None:
                _local_dir = Path(tempfile.mkdtemp(prefix="scoring-api-slots-"))
            path = _local_dir
    path.mkdir(parents=True, exist_ok=True)
    return path


def try_acquire(cap: int) -> int | None:
    """A file descriptor holding one of ``cap`` slots, or None when all are taken."""
    directory = slots_dir()
    for slot in range(cap):
        fd = os.open(directory / f"slot-{slot}", os.O_CREAT | os.O_RDWR, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return fd
    return None


def release(fd: int) -> None:
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def admit() -> None:
    """Take a slot for this request until its answer is sent (a stream: until it ends).

    Raises a 503 (``Retry-After``) when every slot is taken.
    """
    cap = current_settings().max_simulations
    if cap <= 0:
        return
    fd = try_acquire(cap)
    if fd is None:
        raise ServiceUnavailable(
            f"The server is running its {cap} simulations at once; retry shortly, or on "
            "another server.",
            retry_after=RETRY_AFTER_SECONDS,
        )

    @after_this_request
    def _release_when_done(response: Response) -> Response:
        if not response.is_streamed:  # a JSON answer: the games are played by now
            release(fd)
            return response
        # A stream: until its last game is sent or it is closed (client gone, shutdown).
        response.response = Watched(response.response, lambda *_: release(fd))
        return response
