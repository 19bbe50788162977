"""gunicorn settings for the scoring API: CPU-bound work, metrics summed over workers.

Serve with ``gunicorn -c gunicorn.conf.py 'scoring_api.app:create_app()'``. Every setting can
be overridden from the environment (PORT, BIND, WEB_CONCURRENCY, GUNICORN_THREADS, ...).
"""

from __future__ import annotations

import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

# gunicorn puts the directory it was started from first on the import path (for an app
# module beside it) before it reads this file: the service is installed, and a directory
# that others may write must not choose what it imports (a planted ``multiprocessing``
# ran in the master, its workers and the Dask cluster). Gone, before the first import of
# the package below; and ``chdir`` (where gunicorn goes, and what it adds to the path
# instead) is this file's own directory.
_started_in = os.path.realpath(os.getcwd())
sys.path[:] = [entry for entry in sys.path if os.path.realpath(entry or ".") != _started_in]
chdir = str(Path(__file__).resolve().parent)

# Scoring is pure CPU work under the GIL: one worker process per core available to us (a
# container's CPU set and CPU quota, not the host's), so extra workers would only contend.
from scoring_api import scratch  # noqa: E402 - after the path is cleaned, above
from scoring_api.cpus import available_cpus, cgroup_quota  # noqa: E402
from scoring_api.sim_cluster.logjson import dask_env  # noqa: E402

_cores = available_cpus(quota=cgroup_quota())

bind = os.environ.get("BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", _cores))
# gthread: a few threads per worker absorb slow clients and keep-alive connections, and a
# long streaming answer is not killed at `timeout` as a sync worker would do.
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# The workers' admission keeps SCORING_API_CHEAP_THREADS of them from expensive work
# (scoring_api/api/admission.py, WORKER_THREADS_ENV: not imported here, it loads the app).
os.environ["SCORING_WORKER_THREADS"] = str(threads)
# Recycle workers now and then (jitter: not all at once) to bound any slow memory growth.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "20000"))
max_requests_jitter = max_requests // 10
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# How long a stopping worker lets its requests run on (a stream past it ends with a line
# saying the server is stopping).
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "30"))
keepalive = 5
# Bounded request lines and headers: the service takes JSON bodies, not big headers.
limit_request_line = 4096
limit_request_fields = 50
# The control socket (gunicorn 25+) fails as a non-root user without a home directory.
control_socket_disable = True
# The app writes one JSON line per request itself; gunicorn's own log goes to stderr.
accesslog = None
errorlog = "-"
# gunicorn builds its access line whenever a logging config is given, even for a logger that
# drops it (about a tenth of a small request's instructions): this class asks the logger.
logger_class = "scoring_api.serving.Logger"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# gunicorn's own lines (start, boot, worker timeouts, signals) as JSON too, in the app's
# fields (time, level, logger, message); its access log stays off (the app logs requests).
_json = {
    "()": "pythonjsonlogger.json.JsonFormatter",
    "fmt": "{asctime}{levelname}{name}{message}",
    "style": "{",
    "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
}
_stderr = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": _json},
    "handlers": {"console": _stderr, "error_console": _stderr},
    "root": {"level": "WARNING", "handlers": ["console"]},
    "loggers": {
        "gunicorn.error": {
            "level": loglevel.upper(),
            "handlers": ["error_console"],
            "propagate": False,
        },
        "gunicorn.access": {"level": "CRITICAL", "handlers": [], "propagate": False},
    },
}
# Dask's own lines (the gunicorn workers' clients of the cluster) as JSON too; the embedded
# cluster's processes get the same setting (scoring_api/sim_cluster/logjson.py).
for _name, _value in dask_env().items():
    os.environ.setdefault(_name, _value)
# RAM-backed scratch space (heartbeat files, metrics) where the system has it: no disk writes.
_shm = scratch.shm()
worker_tmp_dir = _shm

# Prometheus multiprocess mode: each worker writes samples to files in this directory and a
# scrape of any worker sums them. It must be set before any worker imports prometheus_client.
_own_metrics_dir = not os.environ.get("PROMETHEUS_MULTIPROC_DIR")
_metrics_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or tempfile.mkdtemp(
    prefix="scoring-api-metrics-", dir=_shm
)
os.environ["PROMETHEUS_MULTIPROC_DIR"] = _metrics_dir


def on_starting(server: Any) -> None:
    """Start from an empty metrics directory: stale files would add old counts. What killed
    runs left behind (their directories in /dev/shm and the temporary directory, their
    ``sem.mp-*`` semaphores) goes too (``scoring_api/scratch.py``)."""
    scratch.clean_stale()
    shutil.rmtree(_metrics_dir, ignore_errors=True)
    os.makedirs(_metrics_dir, mode=0o700, exist_ok=True)
    scratch.claim(Path(_metrics_dir))
    # The expert's tables (about 48 MiB of objects) and the chance to win's, read here once,
    # before the fork: every worker, recycled ones too, shares their pages copy-on-write
    # instead of reading its own (0.5 s of CPU each). Frozen, so that no worker's cycle
    # collector writes to them.
    from scoring_api.sim.expert.tables import shipped_tables
    from scoring_api.sim.winprob.tables import shipped_tables as chance_tables

    shipped_tables()
    chance_tables()
    gc.freeze()
    # One machine-wide Dask cluster for simulations (SCORING_API_SCHEDULER), before the fork.
    from scoring_api.sim_cluster import embedded

    embedded.start()


def post_worker_init(worker: Any) -> None:
    """Tune the cycle collector for allocation-heavy requests (it is tuning, not correctness).

    A 10,000-hand body makes tens of thousands of dicts and lists; at the default threshold
    (700) the collector would run dozens of times per request, rescanning the app's own
    long-lived objects each time. Freeze those (loaded by now) and collect young objects
    less often: the request data is acyclic and freed by reference counting anyway.
    The expert's tables and the chance to win's came with the fork, read and frozen in the
    master (``on_starting``).
    """
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)


def worker_exit(server: Any, worker: Any) -> None:
    """Close the worker's client of the simulation cluster, if it made one."""
    from scoring_api.sim_cluster.client import CLIENT

    CLIENT.close()


def child_exit(server: Any, worker: Any) -> None:
    """Drop a dead worker's live gauges; add its counters and histograms into the ``dead``
    files and remove its own: the directory stays bounded however often workers recycle."""
    scratch.fold_dead(worker.pid, _metrics_dir)


def on_exit(server: Any) -> None:
    """Stop the simulation cluster; remove the metrics directory if this config made it."""
    from scoring_api.sim_cluster import embedded

    embedded.stop()
    if _own_metrics_dir:
        shutil.rmtree(_metrics_dir, ignore_errors=True)
