"""Prometheus metrics by route template, summed over every gunicorn worker.

With ``PROMETHEUS_MULTIPROC_DIR`` set (gunicorn.conf.py sets it), each worker writes its
samples to files there and a scrape reads them all; without it (tests, flask run) the
in-process registry answers. Every label has a fixed set of values (methods outside the
known ones are ``other``, unknown paths ``<unmatched>``), so no client can grow a scrape.

The process metrics (CPU, memory, open files) are read from /proc at scrape time for each
live process of the server, the master, every worker and the embedded cluster, labelled by
``pid`` and ``role``:
multiprocess mode exports none of its own, and a dead worker's files would lie.
"""

from __future__ import annotations

import contextlib
import os
import platform
import time
from collections.abc import Iterator
from functools import cache
from importlib import metadata
from pathlib import Path

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    PROCESS_COLLECTOR,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from scoring_api.engine import ENGINE
from scoring_api.sim_cluster import embedded

CONTENT_TYPE = CONTENT_TYPE_LATEST
_MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

# Module level: a metric can be registered once per process, however many apps are created.
REQUESTS = Counter("http_requests", "HTTP requests answered.", ["method", "route", "status"])
# Up to the longest request allowed: a simulation may run SCORING_API_JSON_SECONDS or
# SCORING_API_STREAM_SECONDS (600 s by default); a stream is observed when it ends.
# By route alone (each route serves one method; its HEAD, OPTIONS and 405s are quick): 20
# buckets per label set, the bulk of a scrape.
LATENCY = Histogram(
    "http_request_duration_seconds",
    "Time to answer an HTTP request (a stream: until its last byte or its cut).",
    ["route"],
    buckets=(
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
        1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0,
    ),
)  # fmt: skip
IN_FLIGHT = Gauge(
    "http_requests_in_flight",
    "Requests being answered now (streams until they end), all workers together.",
    multiprocess_mode="livesum",
)
HANDS_SCORED = Counter("hands_scored", "Hands (or cribs) scored, one per hand of a batch.")
GAMES_SIMULATED = Counter("games_simulated", "Whole games played by simulations.")


def observe(method: str, route: str, status: int, seconds: float) -> None:
    _request_counter(method, route, status).inc()
    _latency_of(route).observe(seconds)


# A labelled child is the same object for the process's life: each is found once, not on
# every request (labels() checks, locks and builds its key each time). Labels are bounded
# (routes, methods and "other", statuses), so these hold at most that many.
@cache
def _request_counter(method: str, route: str, status: int) -> Counter:
    return REQUESTS.labels(method, route, str(status))


@cache
def _latency_of(route: str) -> Histogram:
    return LATENCY.labels(route)


_TICKS = os.sysconf("SC_CLK_TCK")
_PAGE = os.sysconf("SC_PAGE_SIZE")


@cache
def _boot_time() -> float:
    for line in Path("/proc/stat").read_text().splitlines():
        if line.startswith("btime "):
            return float(line.split()[1])
    return time.time() - time.monotonic()


def _children(pid: int) -> list[int]:
    with contextlib.suppress(OSError):  # every thread's children (the embedded cluster's
        return [  # process is restarted from a thread of the master)
            int(child)
            for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()
        ]
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def server_processes() -> list[tuple[int, str]]:
    """(pid, role) of the gunicorn master and its workers, or of this lone process."""
    if not os.environ.get(_MULTIPROC_ENV):
        return [(os.getpid(), "single")]
    master = os.getppid()
    cluster = embedded.cluster_pid()  # also the master's child: the embedded Dask cluster
    return [(master, "master")] + [
        (pid, "cluster" if pid == cluster else "worker") for pid in sorted(_children(master))
    ]


class ServerCollector(Collector):
    """process_* of every process of the server, read from /proc, and build_info."""

    def collect(self) -> Iterator[Metric]:
        labels = ["pid", "role"]
        cpu = CounterMetricFamily(
            "process_cpu_seconds", "CPU time (user and system).", labels=labels
        )
        memory = GaugeMetricFamily(
            "process_resident_memory_bytes", "Resident memory.", labels=labels
        )
        virtual = GaugeMetricFamily(
            "process_virtual_memory_bytes", "Virtual memory.", labels=labels
        )
        fds = GaugeMetricFamily("process_open_fds", "Open file descriptors.", labels=labels)
        limit = GaugeMetricFamily(
            "process_max_fds", "Open file descriptors allowed.", labels=labels
        )
        threads = GaugeMetricFamily("process_threads", "Threads.", labels=labels)
        started = GaugeMetricFamily(
            "process_start_time_seconds", "Start time, seconds since the epoch.", labels=labels
        )
        for pid, role in server_processes():
            with contextlib.suppress(OSError, IndexError, ValueError):  # it may exit meanwhile
                stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                open_fds = len(os.listdir(f"/proc/{pid}/fd"))
                max_fds = _max_fds(pid)
                values = [str(pid), role]
                cpu.add_metric(values, (int(stat[11]) + int(stat[12])) / _TICKS)
                threads.add_metric(values, int(stat[17]))
                started.add_metric(values, _boot_time() + int(stat[19]) / _TICKS)
                virtual.add_metric(values, int(stat[20]))
                memory.add_metric(values, int(stat[21]) * _PAGE)
                fds.add_metric(values, open_fds)
                if max_fds is not None:
                    limit.add_metric(values, max_fds)
        yield from (cpu, memory, virtual, fds, limit, threads, started)
        yield from _cluster_metrics()
        info = GaugeMetricFamily(
            "scoring_api_build_info",
            "Always 1: the versions serving, as labels.",
            labels=["version", "python", "gunicorn", "engine"],
        )
        info.add_metric(list(_versions()), 1)
        yield info


def _cluster_metrics() -> Iterator[Metric]:
    """Whether the embedded cluster is up, and how often the master started it again."""
    cluster = embedded.status()
    if cluster.state == "none":
        return
    up = GaugeMetricFamily(
        "simulation_cluster_up",
        "1 while the embedded simulation cluster is up, 0 while it starts or restarts.",
    )
    up.add_metric([], 1 if cluster.state == "up" else 0)
    restarts = CounterMetricFamily(
        "simulation_cluster_restarts",
        "Times the master started the embedded cluster again after its process exited.",
    )
    restarts.add_metric([], cluster.restarts)
    yield from (up, restarts)


def _max_fds(pid: int) -> int | None:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            soft = line.split()[3]
            return int(soft) if soft.isdigit() else None
    return None


@cache
def _versions() -> tuple[str, str, str, str]:
    def version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "unknown"

    return version("scoring-api"), platform.python_version(), version("gunicorn"), ENGINE.build


SERVER = ServerCollector()
# The default process collector knows only this process: ours replaces it.
with contextlib.suppress(KeyError):
    REGISTRY.unregister(PROCESS_COLLECTOR)
REGISTRY.register(SERVER)


def exposition() -> bytes:
    """The text format of every worker's samples (or this process's, outside gunicorn)."""
    if os.environ.get(_MULTIPROC_ENV):
        from scoring_api import scratch

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        registry.register(SERVER)
        with scratch.shared_read(os.environ[_MULTIPROC_ENV]):  # no dead worker folded meanwhile
            return generate_latest(registry)
    return generate_latest(REGISTRY)
