"""A stream far longer than gunicorn's worker timeout completes: gthread workers keep
answering the arbiter's heartbeat while a request plays (a sync worker would be killed)."""

from __future__ import annotations

import json
import time

from .test_determinism import post, start_gunicorn

TIMEOUT = 1  # seconds; the stream below takes several


def test_stream_outlives_the_worker_timeout() -> None:
    server, base = start_gunicorn("0", GUNICORN_TIMEOUT=str(TIMEOUT))
    try:
        body = {"games": 15_000, "seed": 1, "players": [{"strategy": "random"}] * 2}
        started = time.monotonic()
        lines = post(base, body, "application/x-ndjson").decode().splitlines()
        elapsed = time.monotonic() - started
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert elapsed > 2 * TIMEOUT
    assert len(lines) == 15_001
    assert json.loads(lines[-1])["totals"]["games"] == 15_000
