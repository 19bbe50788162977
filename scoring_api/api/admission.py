"""Admission control: at most ``SCORING_API_MAX_SIMULATIONS`` simulations run at once on a
server, all gunicorn workers together, and at most ``SCORING_API_CLIENT_SIMULATIONS`` of them
for one client (its address); one more is a 503 problem with ``Retry-After``.

Simulations are long and CPU-bound; without a cap, 16 of them took every worker thread and
``/healthz`` went unanswered for 20 s. With it, the other requests keep threads and CPU; with
the per-client cap, one client's long streams cannot hold every slot while others wait.

How the workers share the count: one small file per slot in a directory the gunicorn master
makes before it forks (beside the Prometheus files), and an exclusive ``flock`` on a slot's
file while a simulation holds it. The kernel counts for us across processes and threads
(each holder opens its own file description), and it releases the lock of a worker that
dies, even by SIGKILL: a shared-memory counter would leak the slots of a killed worker, and
a per-worker semaphore of cap/workers would refuse a simulation while another worker sits
idle (the kernel, not us, picks the worker of each connection). A holder writes its client
and the time by which its run is sure to end (its time budget, plus the send timeout for a
stream) into its slot's file; a look at the slots is made under a lock of the directory, so
no one sees a slot taken but not yet labelled. ``Retry-After`` is then the truth: the
seconds until the first slot that matters (any, or the client's own) is sure to be free. A
try costs a few system calls per slot, next to a simulation's milliseconds to minutes.

With a shared store (``SCORING_API_RATE_STORE`` is Redis), the slots are counted there
instead, for every replica of the API together (``admission_shared.py``, expiring leases);
if the store fails, each machine counts alone meanwhile.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import math
import os
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from flask import Response, after_this_request, request
from werkzeug.exceptions import ServiceUnavailable

from scoring_api.settings import current_settings

from . import admission_shared
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


@dataclass(frozen=True)
class Busy:
    """A refusal: every slot taken (``own`` false), or the client's share of them."""

    own: bool
    retry_after: int


def _record(fd: int) -> tuple[str, float]:
    """A held slot's client and the time (epoch seconds) it is sure to be free, 0: unknown."""
    with contextlib.suppress(OSError, ValueError):
        client, _, until = os.pread(fd, 512, 0).decode().partition("\n")
        return client, float(until or 0)
    return "", 0.0


def _retry_after(untils: list[float]) -> int:
    if not untils or min(untils) <= 0:  # a run without a time budget: no promise to make
        return RETRY_AFTER_SECONDS
    return max(1, math.ceil(min(untils) - time.time()))


def take(cap: int, client: str = "", share: int = 0, seconds: float = 0) -> int | Busy:
    """A file descriptor holding one of ``cap`` slots for ``client`` (for at most ``seconds``,
    0 = no limit), or why not: all taken, or ``share`` of them already the client's."""
    directory = slots_dir()
    guard = os.open(directory / "lock", os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(guard, fcntl.LOCK_EX)
        free: int | None = None
        held: list[tuple[str, float]] = []
        for slot in range(cap):
            fd = os.open(directory / f"slot-{slot}", os.O_CREAT | os.O_RDWR, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                held.append(_record(fd))
                os.close(fd)
                continue
            if free is None:
                free = fd
            else:
                release(fd)
        own = [until for holder, until in held if holder == client]
        if free is not None and share > 0 and len(own) >= share:
            release(free)
            return Busy(True, _retry_after(own))
        if free is None:
            return Busy(False, _retry_after([until for _, until in held]))
        until = time.time() + seconds if seconds > 0 else 0
        os.ftruncate(free, 0)
        os.pwrite(free, f"{client}\n{until:.3f}".encode(), 0)
        return free
    finally:
        os.close(guard)  # and with it the directory's lock


def try_acquire(cap: int) -> int | None:
    """A file descriptor holding one of ``cap`` slots, or None when all are taken."""
    taken = take(cap)
    return None if isinstance(taken, Busy) else taken


def release(fd: int) -> None:
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _take_anywhere(
    store: str, cap: int, client: str, share: int, seconds: float
) -> Callable[[], None] | Busy:
    """A slot in the shared store (all replicas together) when there is one and it answers,
    else on this machine; what frees it, or why not."""
    shared = admission_shared.slots_for(store)
    if shared is not None:
        answer = shared.take(cap, client, share, seconds)
        if isinstance(answer, admission_shared.Refused):
            return Busy(answer.own, _retry_after(answer.untils))
        if answer is not None:
            return functools.partial(shared.release, answer)
    taken = take(cap, client, share, seconds)
    if isinstance(taken, Busy):
        return taken
    return functools.partial(release, taken)


def admit(seconds: float) -> None:
    """Take a slot for this request until its answer is sent (a stream: until it ends), which
    its time budget ends within ``seconds`` (0 = no budget).

    Raises a 503 (``Retry-After``) when every slot is taken, or the client's share of them.
    """
    settings = current_settings()
    cap = settings.max_simulations
    if cap <= 0:
        return
    client = request.remote_addr or "unknown"
    taken = _take_anywhere(settings.rate_store, cap, client, settings.client_simulations, seconds)
    if isinstance(taken, Busy):
        if taken.own:
            raise ServiceUnavailable(
                f"This client ({client}) is running its {settings.client_simulations} "
                "simulations at once, its share of the server's: retry once one ends.",
                retry_after=taken.retry_after,
            )
        raise ServiceUnavailable(
            f"The server is running its {cap} simulations at once; retry shortly, or on "
            "another server.",
            retry_after=taken.retry_after,
        )
    free = taken

    @after_this_request
    def _release_when_done(response: Response) -> Response:
        if not response.is_streamed:  # a JSON answer: the games are played by now
            free()
            return response
        # A stream: until its last game is sent or it is closed (client gone, shutdown).
        response.response = Watched(response.response, lambda *_: free())
        return response
