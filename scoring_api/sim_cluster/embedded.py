"""The embedded cluster: one Dask cluster for the whole server, on every core, on loopback.

gunicorn's master calls ``start()`` (``on_starting`` in gunicorn.conf.py) before it forks
its workers: it starts this module as a child process (``python -m
scoring_api.sim_cluster.embedded``), which runs a ``LocalCluster`` (a scheduler and one
single-threaded worker process per core, everything on 127.0.0.1) and writes the
scheduler's address to a file whose path the workers inherit (``SCHEDULER_FILE_ENV``):
``write_scheduler_file`` writes it there, ``scheduler_address`` reads it in the workers. The
master never imports ``distributed``: a client or cluster made before the fork hangs the
workers.

The child stops when the master stops it (``stop()`` from ``on_exit``: SIGTERM), on SIGINT
(Ctrl-C reaches the whole process group), and when the master dies: the kernel sends it
SIGTERM (``PR_SET_PDEATHSIG``) and it also watches its parent id, so a SIGKILLed master
leaves nothing behind within seconds. Dask's worker processes exit when their nanny's
process is gone.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoring_api.settings import load_settings

if TYPE_CHECKING:
    from distributed import LocalCluster

log = logging.getLogger(__name__)

# Where the master tells its workers the scheduler file is (an internal hand-over, not a
# setting). This module imports neither ``distributed`` nor ``prometheus_client``: the master
# loads it before forking.
SCHEDULER_FILE_ENV = "SCORING_EMBEDDED_SCHEDULER_FILE"
STOP_SECONDS = 10
# Quiet when idle: the worker profiler samples every 10 ms, the admin ticks every 20 ms.
QUIET_DASK = {
    "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
    "DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL": "500ms",
    "DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__INTERVAL": "5s",
    "DASK_DISTRIBUTED__WORKER__DAEMON": "False",
}

_process: subprocess.Popen[bytes] | None = None
_directory: str | None = None


def worker_count(requested: int) -> int:
    return requested or len(os.sched_getaffinity(0))


def local_cluster(workers: int) -> LocalCluster:
    """A Dask cluster of single-threaded worker processes, everything on loopback (imported
    here, not at module import: gunicorn's master imports this module)."""
    from distributed import LocalCluster

    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address="127.0.0.1:0",
        worker_dashboard_address="127.0.0.1:0",
        silence_logs=logging.WARNING,
        memory_limit=0,
    )


def cluster_pid() -> int | None:
    """The embedded cluster's process (a child of the gunicorn master), if one was started."""
    return None if _process is None else _process.pid


def start() -> None:
    """In gunicorn's master: start the cluster's process unless a setting says otherwise."""
    global _process, _directory
    settings = load_settings({}, os.environ)
    if settings.scheduler != "embedded" or _process is not None:
        return
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None
    _directory = tempfile.mkdtemp(prefix="scoring-api-cluster-", dir=shm)
    scheduler_file = os.path.join(_directory, "scheduler.json")
    os.environ[SCHEDULER_FILE_ENV] = scheduler_file  # the forked workers inherit it
    command = [
        sys.executable,
        "-m",
        "scoring_api.sim_cluster.embedded",
        scheduler_file,
        str(os.getpid()),
        str(worker_count(settings.cluster_workers)),
    ]
    _process = subprocess.Popen(command, env={**os.environ, **QUIET_DASK})


def stop() -> None:
    """In gunicorn's master, on exit: stop the cluster (SIGTERM, SIGKILL after a wait)."""
    global _process, _directory
    process, _process = _process, None
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(5)
    if _directory is not None:
        shutil.rmtree(_directory, ignore_errors=True)
        _directory = None


_unavailable_logged = False


def write_scheduler_file(path: str, address: str) -> None:
    """Tell the workers where the scheduler is (atomically: a reader never sees half)."""
    temporary = path + ".tmp"
    Path(temporary).write_text(json.dumps({"address": address, "pid": os.getpid()}))
    os.replace(temporary, path)


def scheduler_address() -> str | None:
    """In a gunicorn worker: the embedded cluster's scheduler address; None if there is none.

    None when this process was not started by gunicorn with the project's configuration
    (tests of the app in-process, ``flask run``), or while the cluster is still starting (a
    few seconds after the server) or if it did not come up: the run is then played inline,
    with the same answer, rather than waiting for it.
    """
    global _unavailable_logged
    path = os.environ.get(SCHEDULER_FILE_ENV)
    if not path:
        return None
    try:
        address: str = json.loads(Path(path).read_text())["address"]
    except (OSError, ValueError, KeyError):
        if not _unavailable_logged:
            log.warning("embedded simulation cluster not up (yet): playing inline")
            _unavailable_logged = True
        return None
    return address


# --- the cluster's process -------------------------------------------------------------


def _die_with_parent() -> None:
    """Ask the kernel for SIGTERM when the parent dies (Linux; elsewhere the watch loop)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM)


def serve(scheduler_file: str, parent: int, workers: int) -> None:

    stopping = threading.Event()

    def on_signal(signum: int, frame: Any) -> None:
        stopping.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, on_signal)
    _die_with_parent()
    if os.getppid() != parent:
        return
    cluster = local_cluster(workers)
    try:
        write_scheduler_file(scheduler_file, cluster.scheduler_address)
        while not stopping.wait(0.5):
            if os.getppid() != parent:
                break
    finally:
        with contextlib.suppress(Exception):
            cluster.close(timeout=STOP_SECONDS - 2)
        # The directory too: a master killed with SIGKILL cannot remove it itself.
        shutil.rmtree(os.path.dirname(scheduler_file), ignore_errors=True)


def main() -> None:
    scheduler_file, parent, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    started = time.monotonic()
    serve(scheduler_file, parent, workers)
    log.debug("cluster ran %.1f s", time.monotonic() - started)


if __name__ == "__main__":
    main()
