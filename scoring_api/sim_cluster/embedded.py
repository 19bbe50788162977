"""The embedded cluster: one Dask cluster for the whole server, on every core, on loopback.

gunicorn's master calls ``start()`` (``on_starting`` in gunicorn.conf.py) before it forks
its workers: it starts this module as a child process (``spawn``: ``python -I -m
scoring_api.sim_cluster.embedded``, isolated from the working directory and the
environment's ``PYTHON*`` variables, as are the processes it starts), which runs a
``LocalCluster`` (a scheduler and one single-threaded worker process per core, everything
on 127.0.0.1, ``tls://`` with this start's fresh credentials: ``credentials.py``) and
writes the scheduler's address to a file whose path the workers inherit
(``SCHEDULER_FILE_ENV``), in a directory only the service's user may enter. ``status()``
reads it in the workers. The master never imports ``distributed``: a client or cluster
made before the fork hangs the workers. ``scoring-api simulate`` starts the same process
for its run.

The master supervises the child (a thread of its own, ``_supervise``): when the child
exits while the server runs (killed, crashed), it writes ``down.json`` beside the scheduler
file, so that big runs are a 503 with ``Retry-After`` and ``/readyz`` says so, and starts a
new child with new credentials (after a back-off if it keeps dying); the new child removes
``down.json`` once its scheduler is up.

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
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoring_api import scratch
from scoring_api.settings import load_settings

from . import credentials, logjson

if TYPE_CHECKING:
    from distributed import LocalCluster, Security

log = logging.getLogger(__name__)

# Where the master tells its workers the scheduler file is (an internal hand-over, not a
# setting). This module imports neither ``distributed`` nor ``prometheus_client``: the master
# loads it before forking.
SCHEDULER_FILE_ENV = "SCORING_EMBEDDED_SCHEDULER_FILE"
DOWN_FILE = "down.json"
# ./scripts/stack's replicas share one cluster: the first starts it and points LINK_ENV's
# symlink at its directory; the others, given JOIN_ENV (the same path), start none and read
# the scheduler file and credentials through the link.
LINK_ENV = "SCORING_EMBEDDED_LINK"
JOIN_ENV = "SCORING_EMBEDDED_JOIN"
STOP_SECONDS = 10
WATCH_SECONDS = 0.5
RETRY_AFTER_SECONDS = 5  # a restart takes a few seconds (its workers import the package)
MAX_BACKOFF_SECONDS = 30
STABLE_SECONDS = 30  # a child that lived this long resets the back-off
# Quiet when idle: the worker profiler samples every 10 ms, the admin ticks every 20 ms.
QUIET_DASK = {
    "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
    "DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL": "500ms",
    "DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__INTERVAL": "5s",
    "DASK_DISTRIBUTED__WORKER__DAEMON": "False",
    **credentials.LOCKED_DASK,
    **logjson.dask_env(),  # Dask's own lines as JSON, in every process of the cluster
}


def worker_count(requested: int) -> int:
    return requested or len(os.sched_getaffinity(0))


def local_cluster(workers: int, security: Security, directory: Path) -> LocalCluster:
    """A Dask cluster of single-threaded worker processes, everything on loopback, over TLS
    with ``security`` (imported here, not at module import: gunicorn's master imports this
    module).

    Its scheduler, nannies and workers keep their workspaces in ``directory`` (one only the
    service's user may enter): each puts its workspace first on ``sys.path``, and Dask's
    default, ``$TMPDIR/dask-scratch-space``, is a fixed name in a world-writable directory
    that anyone may make first, with a package of his own inside.
    """
    from distributed import LocalCluster

    workspace = str(directory / "dask-scratch-space")
    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        protocol="tls://",
        security=security,
        scheduler_port=0,
        dashboard_address="127.0.0.1:0",
        worker_dashboard_address="127.0.0.1:0",
        silence_logs=logging.WARNING,
        memory_limit=0,
        local_directory=workspace,
        # No dashboard (bokeh is not installed): else Dask serves "/" and "/status" anyway.
        scheduler_kwargs={"local_directory": workspace, "dashboard": False},
    )


# --- in gunicorn's master (or the command line): start, supervise, stop ---------------


def spawn(directory: Path, workers: int, restarts: int = 0) -> subprocess.Popen[bytes]:
    """The cluster's process (``serve``), its files in ``directory``, watching this process.

    Isolated (``python -I``): neither the working directory nor ``PYTHON*`` variables put
    code on its import path, nor on that of the processes it starts (multiprocessing
    passes the flag on to Dask's workers and to its resource tracker, each a ``python -c``,
    which would otherwise put the working directory first). The package is found where it
    is installed.
    """
    command = [
        sys.executable,
        "-I",
        "-m",
        "scoring_api.sim_cluster.embedded",
        str(directory / "scheduler.json"),
        str(os.getpid()),
        str(workers),
        str(restarts),
    ]
    return subprocess.Popen(command, env={**os.environ, **QUIET_DASK})


def stop_process(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the cluster's process, SIGKILL if it outlives ``STOP_SECONDS``."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(5)
    except ChildProcessError:  # gunicorn's master reaped it first
        pass


def wait_up(directory: Path, process: subprocess.Popen[bytes], seconds: float) -> str:
    """The scheduler's address once the cluster's process has written it; OSError if the
    process exits first or it takes longer than ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError, ValueError, KeyError):
            address: str = json.loads((directory / "scheduler.json").read_text())["address"]
            return address
        if process.poll() is not None:
            raise OSError(f"the cluster's process exited ({process.returncode}) before it was up")
        time.sleep(0.1)
    raise OSError(f"the cluster was not up within {seconds:g} s")


class _Supervisor:
    """The cluster's process, started again whenever it exits while the server runs."""

    def __init__(self, directory: Path, workers: int) -> None:
        self.directory = directory
        self.workers = workers
        self.restarts = 0
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.process = spawn(self.directory, self.workers, self.restarts)
        self.started = time.monotonic()
        self.thread = threading.Thread(target=self._supervise, name="cluster-supervisor")
        self.thread.daemon = True
        self.thread.start()

    def _supervise(self) -> None:
        backoff = 0.0
        while not self.stopping.wait(WATCH_SECONDS):
            with self.lock:
                if self.stopping.is_set() or self.process.poll() is None:
                    continue
                code = self.process.returncode
                lived = time.monotonic() - self.started
                self.restarts += 1
                backoff = (
                    0.0
                    if lived >= STABLE_SECONDS
                    else min(max(1.0, 2 * backoff), MAX_BACKOFF_SECONDS)
                )
                self._mark_down(code)
            log.warning(
                "the simulation cluster's process exited (code %s) after %.0f s; "
                "starting it again in %.0f s (restart %d)",
                code,
                lived,
                backoff,
                self.restarts,
            )
            if self.stopping.wait(backoff):
                return
            with self.lock:
                if not self.stopping.is_set():
                    self.process = spawn(self.directory, self.workers, self.restarts)
                    self.started = time.monotonic()

    def _mark_down(self, code: int | None) -> None:
        self.directory.mkdir(mode=0o700, exist_ok=True)
        (self.directory / "scheduler.json").unlink(missing_ok=True)
        down = {"since": time.time(), "restarts": self.restarts, "exit_code": code}
        _write_json(self.directory / DOWN_FILE, down)

    def stop(self) -> None:
        with self.lock:
            self.stopping.set()
            process = self.process
        stop_process(process)
        shutil.rmtree(self.directory, ignore_errors=True)


_supervisor: _Supervisor | None = None


def start() -> None:
    """In gunicorn's master: start the cluster's process unless a setting says otherwise."""
    global _supervisor
    settings = load_settings({}, os.environ)
    if settings.scheduler != "embedded" or _supervisor is not None:
        return
    if os.environ.get(JOIN_ENV):
        # Another replica's cluster (./scripts/stack with STACK_REPLICAS > 1): its link.
        os.environ[SCHEDULER_FILE_ENV] = os.path.join(os.environ[JOIN_ENV], "scheduler.json")
        return
    directory = scratch.make_dir("scoring-api-cluster-", scratch.shm())  # mode 0700
    os.environ[SCHEDULER_FILE_ENV] = str(directory / "scheduler.json")  # the workers inherit it
    link = os.environ.get(LINK_ENV)
    if link:  # the other replicas find this start's directory (and credentials) through it
        temporary = f"{link}.{os.getpid()}"
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        os.symlink(directory, temporary)
        os.replace(temporary, link)
    _supervisor = _Supervisor(directory, worker_count(settings.cluster_workers))


def stop() -> None:
    """In gunicorn's master, on exit: stop the cluster (SIGTERM, SIGKILL after a wait)."""
    global _supervisor
    supervisor, _supervisor = _supervisor, None
    if supervisor is not None:
        supervisor.stop()


# --- in a gunicorn worker: where the cluster is, and whether it is up ------------------


@dataclass(frozen=True)
class Status:
    """The embedded cluster as a worker sees it.

    ``state``: ``none`` (no embedded cluster in this process's server), ``starting`` (the
    server's first start: runs are played inline meanwhile), ``up``, or ``restarting`` (its
    process exited and the master is starting it again: big runs are a 503).
    """

    state: str
    address: str = ""
    pid: int = 0
    restarts: int = 0
    directory: Path | None = None

    def security(self) -> Security:
        assert self.directory is not None
        return credentials.for_role(self.directory)


def status() -> Status:
    """The embedded cluster's state, read from its directory (a few small reads): its
    process dead (killed) is ``restarting`` at once, before the master has said so."""
    path = os.environ.get(SCHEDULER_FILE_ENV)
    if not path:
        return Status("none")
    scheduler_file = Path(path)
    directory = scheduler_file.parent
    with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
        down = json.loads((directory / DOWN_FILE).read_text())
        return Status("restarting", restarts=int(down["restarts"]), directory=directory)
    try:
        up = json.loads(scheduler_file.read_text())
        found = Status(
            "up", str(up["address"]), int(up["pid"]), int(up.get("restarts", 0)), directory
        )
    except (OSError, ValueError, KeyError, TypeError):
        return Status("starting", directory=directory)
    if not _alive(found.pid):
        return Status("restarting", restarts=found.restarts + 1, directory=directory)
    return found


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs: not gone, and not a zombie (killed, its master yet to reap it)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    except (OSError, IndexError):  # no /proc here: whether it exists
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except OSError:  # another user's
            return True
        return True
    return state not in ("Z", "X")


def cluster_pid() -> int | None:
    """The embedded cluster's process (a child of the gunicorn master), while it is up."""
    return status().pid or None


# --- the cluster's process -------------------------------------------------------------


def _write_json(path: Path, document: dict[str, Any]) -> None:
    """Write a small JSON file atomically (a reader never sees half)."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(document))
    os.replace(temporary, path)


def _die_with_parent() -> None:
    """Ask the kernel for SIGTERM when the parent dies (Linux; elsewhere the watch loop)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM)


def serve(scheduler_file: Path, parent: int, workers: int, restarts: int) -> None:
    stopping = threading.Event()

    def on_signal(signum: int, frame: Any) -> None:
        stopping.set()

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, on_signal)
    _die_with_parent()
    if os.getppid() != parent:
        return
    directory = scheduler_file.parent
    cluster = local_cluster(workers, credentials.make(directory), directory)
    try:
        document = {"address": cluster.scheduler_address, "pid": os.getpid()}
        _write_json(scheduler_file, {**document, "restarts": restarts})
        (directory / DOWN_FILE).unlink(missing_ok=True)
        while not stopping.wait(WATCH_SECONDS):
            if os.getppid() != parent:
                break
    finally:
        with contextlib.suppress(Exception):
            cluster.close(timeout=STOP_SECONDS - 2)
        if os.getppid() != parent:
            # The directory too: a master killed with SIGKILL cannot remove it itself.
            shutil.rmtree(directory, ignore_errors=True)
        else:  # stopped by the master (which removes it) or failed: it is no longer up
            scheduler_file.unlink(missing_ok=True)


def main() -> None:
    scheduler_file, parent, workers = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    restarts = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    started = time.monotonic()
    serve(scheduler_file, parent, workers, restarts)
    log.debug("cluster ran %.1f s", time.monotonic() - started)


if __name__ == "__main__":
    main()
