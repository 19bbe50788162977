"""Prometheus metrics by route template, summed over every gunicorn worker.

With ``PROMETHEUS_MULTIPROC_DIR`` set (gunicorn.conf.py sets it), each worker writes its
samples to files there and a scrape reads them all; without it (tests, flask run) the
in-process registry answers.
"""

from __future__ import annotations

import os

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

CONTENT_TYPE = CONTENT_TYPE_LATEST

# Module level: a metric can be registered once per process, however many apps are created.
REQUESTS = Counter("http_requests", "HTTP requests answered.", ["method", "route", "status"])
LATENCY = Histogram(
    "http_request_duration_seconds",
    "Time to answer an HTTP request.",
    ["method", "route"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)


def observe(method: str, route: str, status: int, seconds: float) -> None:
    REQUESTS.labels(method, route, str(status)).inc()
    LATENCY.labels(method, route).observe(seconds)


def exposition() -> bytes:
    """The text format of every worker's samples (or this process's, outside gunicorn)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)
